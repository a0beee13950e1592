//! `<math.h>` calls in a kernel: the functions a circuit computes (`fabs`, `fmin`, `fmax` and
//! their float forms) are accepted, every other one is an error on the line of the call that
//! names the functions a kernel may call; `main` may call them all.

use crate::support::corpus;
use rivulet_core::diag::render;

/// Compiles `src` as `k.c` through Handshake lowering and returns
/// whether a module came out, after checking for an error `message` on `line` (if given)
/// whose notes name every function a kernel may call.
fn compile(src: &str, error: Option<(&str, usize)>) -> bool {
    let (out, sources) =
        corpus::compile_text("k.c", src, &mut |_| None, &corpus::through_handshake());
    let text = render(&sources, &out.diagnostics);
    if let Some((message, line)) = error {
        let found = out.diagnostics.iter().any(|d| {
            d.is_error()
                && d.message.contains(message)
                && d.span
                    .is_some_and(|s| sources.line_col(s.file, s.start).line as usize == line)
                && d.notes.iter().any(|n| {
                    ["fabs", "fabsf", "fmin", "fminf", "fmax", "fmaxf"]
                        .iter()
                        .all(|f| n.contains(&format!("`{f}`")))
                })
        });
        assert!(found, "no error '{message}' on line {line}:\n{text}");
    }
    out.module.is_some()
}

const MAIN: &str = "int main(void) {\n  float a[4];\n  for (int i = 0; i < 4; i++)\n    a[i] = sinf((float)i) * (float)M_PI;\n  CALL_KERNEL(k, a);\n  return 0;\n}\n";

fn kernel(body: &str) -> String {
    format!("#include <math.h>\n#include \"dynamatic/Integration.h\"\n{body}\n{MAIN}")
}

#[test]
fn sin_in_the_kernel_is_an_error_naming_the_allowed_functions() {
    let src = kernel("float k(float a[4]) {\n  float s = 0.0f;\n  for (int i = 0; i < 4; i++)\n    s = s + sin(a[i]);\n  return s;\n}");
    assert!(!compile(
        &src,
        Some(("`sin` cannot be computed in the circuit", 6))
    ));
}

#[test]
fn a_helper_of_the_kernel_is_checked_where_it_calls() {
    let src = kernel("float h(float x) {\n  return sqrtf(x);\n}\nfloat k(float a[4]) {\n  return h(a[0]) + h(a[1]);\n}");
    assert!(!compile(
        &src,
        Some(("`sqrtf` cannot be computed in the circuit", 4))
    ));
}

#[test]
fn fabs_fmin_fmax_are_circuits() {
    let src = kernel("float k(float a[4]) {\n  float s = 0.0f;\n  for (int i = 0; i < 4; i++)\n    s = fmaxf(s, fabsf(fminf(a[i], 0.5f))) + (float)fmax(fabs((double)a[i]), 1.0);\n  return s;\n}");
    assert!(compile(&src, None));
}
