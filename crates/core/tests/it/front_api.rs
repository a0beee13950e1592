//! The public API of the front end, the CFG pipeline and the interpreter on small kernels:
//! recorded stages, the kernel signature, captured inputs and outputs, the block profile, the
//! JSON format, and golden CFG text for the development kernels (`tests/front/<k>/<k>.cfg`,
//! regenerated with `RIVULET_BLESS=1`), one test per kernel (`front_api::cfg_golden::fir`, …).

use crate::support::{corpus, golden};
use rivulet_core::cfg::passes::PIPELINE;
use rivulet_core::cfg::{ir::Module, print::print_module};
use rivulet_core::driver::{Compiled, StageGroup};
use rivulet_core::front::types::ScalarTy;
use rivulet_core::interp::{json, run, InterpOptions, Scalar};
use std::path::Path;

fn compile(name: &str, text: &str) -> Compiled {
    corpus::compile_text(name, text, &mut |_| None, &corpus::through_cfg()).0
}

const SUM: &str = r#"
#include "dynamatic/Integration.h"
#define N 10
int sum(int a[N], int b[N]) {
  int s = 0;
  for (int i = 0; i < N; i++) { s += a[i]; b[i] = s; }
  return s;
}
int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; }
  CALL_KERNEL(sum, a, b);
  return 0;
}
"#;

#[test]
fn stages_follow_the_pipeline() {
    let out = compile("sum.c", SUM);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let cfg: Vec<_> = out
        .stages
        .iter()
        .filter(|s| s.group == StageGroup::Cfg)
        .collect();
    let names: Vec<&str> = cfg.iter().map(|s| s.name.as_str()).collect();
    let mut want = vec!["lower"];
    want.extend(PIPELINE.iter().map(|p| p.name()));
    assert_eq!(names, want);
    let ir = |k: usize| cfg[k].ir.as_deref().unwrap_or_default();
    assert!(ir(0).contains("read_var"), "lowered IR uses variables");
    assert!(!ir(cfg.len() - 1).contains("read_var"));
    let sig = out.signature.unwrap();
    assert_eq!(sig.name, "sum");
    assert_eq!(sig.params.len(), 2);
    assert_eq!(sig.params[0].1.dims, vec![10]);
    assert_eq!(sig.ret, Some(ScalarTy::I32));
}

#[test]
fn interpreter_captures_arguments_and_profiles_the_kernel() {
    let m: Module = compile("sum.c", SUM).cfg.unwrap();
    let r = run(&m, &InterpOptions::default()).unwrap();
    assert_eq!(r.calls.len(), 1);
    let call = &r.calls[0];
    assert_eq!(call.inputs[1].values, vec![Scalar::Int(0); 10]);
    let prefix: Vec<Scalar> = (0..10).map(|i| Scalar::Int(i * (i + 1) / 2)).collect();
    assert_eq!(call.outputs[1].values, prefix);
    assert_eq!(call.ret, Some(Scalar::Int(45)));
    assert_eq!(r.exit_code, Some(0));
    // The loop header runs N + 1 times, the body N times, entry and exit once each.
    let mut counts: Vec<u64> = r.profile.block_counts.values().copied().collect();
    counts.sort();
    assert_eq!(counts, vec![1, 1, 10, 11], "{:?}", r.profile);
    let back_edges: u64 = r.profile.transitions.values().filter(|&&c| c == 10).count() as u64;
    assert_eq!(
        back_edges, 2,
        "header->body and body->header: {:?}",
        r.profile.transitions
    );
    assert_eq!(
        json::call_json(call),
        "{\"args\": {\"a\": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], \"b\": [0, 1, 3, 6, 10, 15, 21, 28, 36, 45]}, \"return\": 45}"
    );
}

#[test]
fn json_prints_64_bit_integers_exactly() {
    // Neither value survives a trip through `f64`.
    let u = Scalar::from_bits(u64::MAX - 1, ScalarTy::U64);
    assert_eq!(json::scalar(u), "18446744073709551614");
    let i = Scalar::from_bits((i64::MIN + 1) as u64, ScalarTy::I64);
    assert_eq!(json::scalar(i), "-9223372036854775807");
    assert_eq!(u.to_bits(ScalarTy::U64), u64::MAX - 1);
}

#[test]
fn json_spells_special_floats_and_omits_void_returns() {
    assert_eq!(json::scalar(Scalar::F32(f32::NAN)), "\"nan\"");
    assert_eq!(json::scalar(Scalar::F64(f64::INFINITY)), "\"inf\"");
    assert_eq!(json::scalar(Scalar::F64(f64::NEG_INFINITY)), "\"-inf\"");
    assert_eq!(json::scalar(Scalar::F32(0.1)), "0.1");
    let src = "void v(float x[2]) { x[0] = x[1] / 0.0f; x[1] = 0.0f / 0.0f; }\n\
               int main(void) { float x[2] = {1.0f, 2.0f}; v(x); return 0; }";
    let m = compile("v.c", src).cfg.unwrap();
    let r = run(&m, &InterpOptions::default()).unwrap();
    let text = json::call_json(r.last_call().unwrap());
    assert!(text.starts_with("{\"args\": {\"x\": [\"inf\", "), "{text}");
    assert!(!text.contains("return"), "{text}");
}

kernel_tests!(cfg_golden, cfg_matches_golden_file, front);

fn cfg_matches_golden_file(c: &Path) {
    let name = corpus::kernel_name(c);
    let text = std::fs::read_to_string(c).unwrap();
    let dir = c.parent().unwrap().to_path_buf();
    let mut lookup = |n: &str| std::fs::read_to_string(dir.join(n)).ok();
    let file = format!("{name}.c");
    let (out, _) = corpus::compile_text(&file, &text, &mut lookup, &corpus::through_cfg());
    let mut m = out.cfg.unwrap();
    m.functions.truncate(1);
    let got = print_module(&m);
    golden::check(&dir.join(format!("{name}.cfg")), &got);
}

/// Older Dynamatic kernels include a utilities header whose `CALL_KERNEL` uses GNU's named
/// variadic parameter (`ARGS...`) rather than `__VA_ARGS__`.
#[test]
fn gnu_named_variadic_macros_expand_their_arguments() {
    let header = "#define CALL_KERNEL(KERNEL, ARGS...) KERNEL(ARGS)\n\
                  #define FIRST_PLUS(x, rest...) (x + add(rest))\n";
    let text = SUM
        .replace(
            "#include \"dynamatic/Integration.h\"",
            "#include \"../utils.h\"",
        )
        .replace("return s;", "return FIRST_PLUS(s, 1, 2);")
        .replace(
            "int sum(",
            "int add(int a, int b) { return a * b; }\nint sum(",
        );
    let mut lookup = |name: &str| (name == "../utils.h").then(|| header.to_string());
    let out = corpus::compile_text("sum.c", &text, &mut lookup, &corpus::through_cfg()).0;
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let r = run(&out.cfg.unwrap(), &InterpOptions::default()).unwrap();
    assert_eq!(r.calls[0].ret, Some(Scalar::Int(45 + 2)));
}
