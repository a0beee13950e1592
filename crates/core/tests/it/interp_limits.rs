//! The interpreter and the front end on adversarial C: oversized arrays, `INT_MIN / -1`,
//! loops far beyond the step limit, memory beyond the interpreter's element budget, and
//! indirect recursion. Each must end in a diagnostic at a source location (never a panic, an
//! abort for lack of memory, or a run that ignores its limits). Division by zero, out-of-bounds
//! indices, a runaway loop and direct recursion are covered by `tests/diagnostics/`.

use crate::support::corpus;
use rivulet_core::diag::{has_errors, Diagnostic};
use rivulet_core::interp::{run, InterpOptions, RunResult, MAX_ELEMENTS};

/// Compiles `src` as `<kernel>.c` and, when it compiles, runs it with `max_steps`. Returns the
/// messages of every diagnostic (each with `@line:col` when located) and the run's result.
fn check(kernel: &str, src: &str, max_steps: u64) -> (Vec<String>, Option<RunResult>) {
    let file = format!("{kernel}.c");
    let (out, sources) = corpus::compile_text(&file, src, &mut |_| None, &corpus::through_cfg());
    let mut diags: Vec<Diagnostic> = out.diagnostics;
    let mut result = None;
    if let (false, Some(m)) = (has_errors(&diags), &out.cfg) {
        match run(m, &InterpOptions { max_steps }) {
            Ok(r) => result = Some(r),
            Err(d) => diags.push(d),
        }
    }
    let messages = diags
        .iter()
        .map(|d| match d.span {
            Some(s) => {
                let lc = sources.line_col(s.file, s.start);
                format!("{} @{}:{}", d.message, lc.line, lc.col)
            }
            None => d.message.clone(),
        })
        .collect();
    (messages, result)
}

/// The interpreter's message when `what` needs `n` more elements than its budget has left.
fn over_budget(what: &str, n: u64, at: &str) -> String {
    format!("the program needs more than {MAX_ELEMENTS} array elements of memory ({what}: {n} more) {at}")
}

#[test]
fn oversized_arrays_are_rejected_without_overflow() {
    // Every dimension is within the limit; their product (2^96) overflows 64 bits.
    let src = r#"
#include "dynamatic/Integration.h"
typedef int row[16777216][16777216];
int huge(int a[16777216][16777216][16777216][16777216]) {
  row r[16777216][16777216] = {{{{1}}}};
  return a[1][2][3][4] + r[1][2][3][4];
}
int main(void) {
  int a[1000000000];
  return 0;
}
"#;
    let (messages, _) = check("huge", src, 1000);
    let too_large = "the array is too large (at most 16777216 elements)";
    assert_eq!(
        messages,
        [
            format!("{too_large} @3:13"),
            format!("{too_large} @4:14"),
            format!("{too_large} @5:7"),
            "the array is too large (1000000000 elements, at most 16777216) @9:9".to_string(),
        ]
    );
}

#[test]
fn int_min_divided_by_minus_one_is_reported() {
    let src = r#"
#include "dynamatic/Integration.h"
int ovf(int a, int b) { return a % b; }
int main(void) {
  CALL_KERNEL(ovf, -2147483647 - 1, -1);
  return 0;
}
"#;
    let (messages, _) = check("ovf", src, 1000);
    assert_eq!(
        messages,
        ["integer overflow in division (INT_MIN / -1) @3:32"]
    );
}

#[test]
fn a_trillion_iterations_stop_at_the_step_limit() {
    let src = r#"
#include "dynamatic/Integration.h"
int loops(int a) { return a; }
int main(void) {
  int x = 0;
  for (int i = 0; i < 1000000; i++)
    for (int j = 0; j < 1000000; j++) x += j;
  CALL_KERNEL(loops, x);
  return 0;
}
"#;
    let (messages, result) = check("loops", src, 200_000);
    assert!(result.is_none());
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("the program ran more than 200000 steps"),
        "{messages:?}"
    );
}

#[test]
fn recording_kernel_calls_respects_the_memory_budget() {
    let n = MAX_ELEMENTS * 3 / 8;
    let src = format!(
        r#"
#include "dynamatic/Integration.h"
int big(int a[{n}]) {{ return a[0]; }}
int main(void) {{
  int a[{n}];
  a[0] = 1;
  CALL_KERNEL(big, a);
  return 0;
}}
"#
    );
    let (messages, _) = check("big", &src, 1000);
    assert_eq!(
        messages,
        [over_budget("recording this kernel call", 2 * n, "@7:3")]
    );
}

#[test]
fn local_arrays_are_freed_when_the_kernel_returns() {
    // Five calls, each with a local array of a quarter of the budget: fits only if freed.
    let n = MAX_ELEMENTS / 4;
    let src = format!(
        r#"
#include "dynamatic/Integration.h"
int locals(int x) {{
  int t[{n}];
  t[0] = x;
  return t[0];
}}
int main(void) {{
  for (int k = 0; k < 5; k++) CALL_KERNEL(locals, k);
  return 0;
}}
"#
    );
    let (messages, result) = check("locals", &src, 1000);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(result.map(|r| r.calls.len()), Some(5));
}

#[test]
fn live_local_arrays_beyond_the_budget_are_reported_at_the_call() {
    let n = MAX_ELEMENTS / 4;
    let src = format!(
        r#"
#include "dynamatic/Integration.h"
int locals(int x) {{
  int a[{n}]; int b[{n}]; int c[{n}]; int d[{n}]; int e[2];
  a[0] = x; b[0] = x; c[0] = x; d[0] = x; e[0] = x;
  return a[0] + b[0] + c[0] + d[0] + e[0];
}}
int main(void) {{
  CALL_KERNEL(locals, 1);
  return 0;
}}
"#
    );
    let (messages, _) = check("locals", &src, 1000);
    assert_eq!(
        messages,
        [over_budget(
            "the local arrays of `locals`",
            4 * n + 2,
            "@9:3"
        )]
    );
}

#[test]
fn indirect_recursion_is_rejected() {
    let src = r#"
#include "dynamatic/Integration.h"
int g(int n);
int f(int n) { return n ? g(n - 1) : 0; }
int g(int n) { return n ? f(n - 1) : 1; }
int rec(int a) { return f(a); }
int main(void) {
  CALL_KERNEL(rec, 5);
  return 0;
}
"#;
    let (messages, result) = check("rec", src, 1000);
    assert!(result.is_none());
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("recursion is not supported")),
        "{messages:?}"
    );
}
