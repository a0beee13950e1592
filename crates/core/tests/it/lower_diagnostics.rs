//! Every placeholder rule of spec/c-level-instances.md is an error on the C line of the
//! offending call (never a crash): one case per rule.

use crate::support::corpus;
use rivulet_core::diag::render;

/// Compiles `src` as `k.c` and returns the rendered diagnostics; checks that there is an
/// error containing `message` reported on line `line`.
fn check(src: &str, message: &str, line: usize) {
    let (out, sources) =
        corpus::compile_text("k.c", src, &mut |_| None, &corpus::through_handshake());
    assert!(out.module.is_none(), "accepted:\n{src}");
    let found = out.diagnostics.iter().any(|d| {
        d.is_error()
            && d.message.contains(message)
            && d.span
                .is_some_and(|s| sources.line_col(s.file, s.start).line as usize == line)
    });
    assert!(
        found,
        "no error '{message}' on line {line}:\n{}",
        render(&sources, &out.diagnostics)
    );
}

#[test]
fn argument_names_must_have_a_role() {
    check(
        "void __p(int input_a, int output_b, int weird);\nint __init1();\nint k(int x) {\n  int y = __init1();\n  __p(x, y, 3);\n  return y;\n}\n",
        "must be named `input_*`, `output_*` or `parameter_*`",
        5,
    );
}

#[test]
fn at_least_one_output() {
    check(
        "void __p(int input_a);\nint k(int x) {\n  __p(x);\n  return x;\n}\n",
        "needs at least one `output_*` argument",
        3,
    );
}

#[test]
fn outputs_must_come_from_init() {
    check(
        "void __p(int input_a, int output_b);\nint k(int x) {\n  int y = 0;\n  __p(x, y);\n  return y;\n}\n",
        "must be a variable initialized with an `__init*()` call",
        4,
    );
}

#[test]
fn inputs_must_not_come_from_init() {
    check(
        "void __p(int input_a, int output_b);\nint __init1();\nint k(int x) {\n  int a = __init1();\n  int y = __init1();\n  __p(a, y);\n  return y;\n}\n",
        "must not be initialized with an `__init*()` call",
        6,
    );
}

#[test]
fn init_only_for_placeholder_outputs() {
    check(
        "int __init1();\nint k(int x) {\n  int y = __init1();\n  return x + y;\n}\n",
        "may only initialize a variable passed as an output argument",
        3,
    );
}

#[test]
fn parameters_must_be_constant() {
    check(
        "void __p(int input_a, int output_b, int parameter_W);\nint __init1();\nint k(int x, int w) {\n  int y = __init1();\n  __p(x, y, w);\n  return y;\n}\n",
        "must be a constant",
        5,
    );
}

#[test]
fn no_cycle_through_the_instance() {
    check(
        "void __p(int input_a, int output_b);\nint __init1();\nint k(int x) {\n  int y = __init1();\n  int z = y + x;\n  __p(z, y);\n  return y;\n}\n",
        "depends on one of its own outputs",
        6,
    );
}

#[test]
fn outputs_used_before_the_call() {
    check(
        "void __p(int input_a, int output_b);\nint __init1();\nint k(int x) {\n  int y = __init1();\n  int z = y * 3;\n  __p(x, y);\n  return y + z;\n}\n",
        "used before the call",
        5,
    );
}
