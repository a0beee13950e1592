//! Golden before/after IR of the scalar optimizations, one kernel per case under
//! `tests/cfg-passes/<k>/<k>.c`: the kernel's first line names the pass (`// pass: indvars`),
//! and `<k>.passes` holds the kernel function's IR before and after every run of that pass
//! in the pipeline that changed it, or after its last run when none did (regenerated with `RIVULET_BLESS=1`; review the diff).
//! The oracle (`oracle::cfg_passes`) and the simulator (`sim_corpus::cfg_passes`) check the
//! same kernels' results against gcc and the interpreter.
//!
//! The explicit checks below hold the edge cases to what they must show, whatever the golden
//! file says: the zero-trip, count-down and wrapping loops are gone, the loop with a store is
//! kept, the clamp became selects, the arms with a load or a division were not converted,
//! promoted elements are read and written once per loop and uncertain loops keep theirs.
//! And random kernels ([`kernel_gen`]) must compute the same in the interpreter with and
//! without the scalar passes (`RIVULET_RANDOM_KERNELS=n` runs `n` programs).

use crate::support::{corpus, golden, kernel_gen};
use rivulet_core::cfg::build::build_module;
use rivulet_core::cfg::passes::{run_pass, PassId, PIPELINE};
use rivulet_core::cfg::print::print_module;
use rivulet_core::cfg::verify::verify_module;
use rivulet_core::diag::SourceMap;
use rivulet_core::driver::{Compiled, StageGroup};
use rivulet_core::interp::{json, run, InterpOptions};
use std::fmt::Write;
use std::path::Path;

kernel_tests!(before_after_golden, passes_match_golden_file, cfg_passes);

/// The kernel's final IR and its before/after text for the pass its first line names.
fn compile(c: &Path) -> (String, String) {
    let name = corpus::kernel_name(c);
    let text = std::fs::read_to_string(c).unwrap();
    let pass = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("// pass: "))
        .unwrap_or_else(|| panic!("{name}: the first line must be `// pass: <name>`"));
    assert!(
        PIPELINE.iter().any(|p| p.name() == pass),
        "{name}: no pass `{pass}` in the pipeline"
    );
    let (out, _) = corpus::compile(c, &corpus::through_cfg()).unwrap();
    assert!(out.diagnostics.is_empty(), "{name}: {:?}", out.diagnostics);
    let got = before_after(&out, &name, pass);
    let mut m = out.cfg.unwrap();
    m.functions.truncate(1);
    (print_module(&m), got)
}

fn passes_match_golden_file(c: &Path) {
    let (_, got) = compile(c);
    let name = corpus::kernel_name(c);
    golden::check(&c.with_file_name(format!("{name}.passes")), &got);
}

/// The kernel function `@name` of a printed module.
fn kernel_text<'a>(module: &'a str, name: &str) -> &'a str {
    let start = module
        .find(&format!("func @{name}("))
        .unwrap_or_else(|| panic!("no @{name} in\n{module}"));
    let len = module[start..]
        .find("\n}\n")
        .map_or(module.len() - start, |e| e + 3);
    &module[start..start + len]
}

/// The kernel's IR before and after each run of `pass` that changed it.
fn before_after(out: &Compiled, name: &str, pass: &str) -> String {
    let cfg: Vec<_> = out
        .stages
        .iter()
        .filter(|s| s.group == StageGroup::Cfg)
        .collect();
    let mut text = String::new();
    let runs = cfg.iter().filter(|s| s.name == pass).count();
    let mut run = 0;
    for k in 1..cfg.len() {
        if cfg[k].name != pass {
            continue;
        }
        run += 1;
        let ir = |k: usize| cfg[k].ir.as_deref().expect("every CFG stage has its IR");
        let (before, after) = (kernel_text(ir(k - 1), name), kernel_text(ir(k), name));
        if before != after {
            let _ = write!(
                text,
                "// before {pass} (run {run} of {runs}, after {}):\n{before}\n// after:\n{after}\n",
                cfg[k - 1].name
            );
        }
    }
    if text.is_empty() {
        let last = cfg
            .iter()
            .rev()
            .find(|s| s.name == pass)
            .expect("the pass runs");
        let ir = last.ir.as_deref().expect("every CFG stage has its IR");
        let _ = write!(
            text,
            "// {pass} changed nothing ({runs} runs); after its last run:\n{}\n",
            kernel_text(ir, name)
        );
    }
    text
}

fn kernel(name: &str) -> String {
    compile(&corpus::kernel_file("tests/cfg-passes", name)).0
}

#[test]
fn loops_without_effect_are_deleted() {
    for k in [
        "indvars_count",
        "indvars_zero_trip",
        "indvars_count_down",
        "indvars_unsigned_wrap",
    ] {
        let ir = kernel(k);
        assert!(!ir.contains("cond_br"), "{k}: a loop is left:\n{ir}");
        assert_eq!(ir.matches("^bb").count(), 1, "{k}: one block:\n{ir}");
    }
}

#[test]
fn a_loop_with_a_store_stays_and_its_exit_value_is_known() {
    let ir = kernel("indvars_store_kept");
    assert!(ir.contains("store"), "{ir}");
    assert!(ir.contains("cond_br"), "{ir}");
    let ret = ir.lines().find(|l| l.contains("return")).unwrap();
    let v = ret.split_whitespace().nth(1).unwrap();
    assert!(
        ir.contains(&format!("{v} = constant 8 : i32")),
        "returns the constant 8:\n{ir}"
    );
}

#[test]
fn never_taken_branches_go_and_varying_ones_stay() {
    let ir = kernel("simplify_never_taken");
    assert!(
        !ir.contains("cmpi slt, %") || !ir.contains("cmpi sge"),
        "{ir}"
    );
    // The loop test and `i == 0` (as a branch or a select) remain; the two bound checks go.
    assert_eq!(ir.matches("cmpi").count(), 2, "{ir}");
}

#[test]
fn branches_a_dominating_branch_decides_go() {
    let ir = kernel("simplify_implied");
    assert!(!ir.contains("1000"), "i >= n is never true:\n{ir}");
    // The loop test and `i < m` remain; `i >= n` and `n > i` go.
    assert_eq!(ir.matches("cmpi").count(), 2, "{ir}");
}

#[test]
fn clamps_and_cheap_diamonds_become_selects() {
    let ir = kernel("if_convert_clamp");
    assert_eq!(ir.matches("select").count(), 3, "{ir}");
    assert_eq!(
        ir.matches("cond_br").count(),
        1,
        "only the loop test:\n{ir}"
    );
}

#[test]
fn arms_with_loads_or_divisions_and_branches_outside_loops_stay() {
    let ir = kernel("if_convert_kept");
    assert_eq!(ir.matches("cond_br").count(), 4, "{ir}");
    assert!(!ir.contains("select"), "{ir}");
}

#[test]
fn an_accumulated_element_is_read_and_written_once_per_loop() {
    let ir = kernel("promote_accumulate");
    assert!(!ir.contains("load @c"), "{ir}");
    assert_eq!(ir.matches("store").count(), 1, "{ir}");
    assert_eq!(
        ir.matches("load").count(),
        2,
        "a and b stay:
{ir}"
    );
}

#[test]
fn a_conditionally_written_element_is_carried_through_both_arms() {
    let ir = kernel("promote_conditional");
    assert_eq!(ir.matches("load @best").count(), 1, "{ir}");
    assert_eq!(ir.matches("store").count(), 1, "{ir}");
}

#[test]
fn elements_of_uncertain_loops_stay_in_memory() {
    let c = corpus::kernel_file("tests/cfg-passes", "promote_kept");
    let (out, _) = corpus::compile(&c, &corpus::through_cfg()).unwrap();
    let text = before_after(&out, "promote_kept", "promote-elements");
    assert!(
        text.starts_with("// promote-elements changed nothing"),
        "{text}"
    );
}

/// The scalar passes this file is about; the differential test runs the pipeline without them
/// as its reference.
const SCALAR_PASSES: [PassId; 4] = [
    PassId::Promote,
    PassId::IndVars,
    PassId::SimplifyCfg,
    PassId::IfConvert,
];

/// The kernel calls (arguments after the call, return value) of `source` run through the
/// pipeline's passes that `keep` accepts.
fn calls_with(source: &str, keep: impl Fn(PassId) -> bool) -> String {
    let mut sources = SourceMap::new();
    let id = sources.add("k.c", source);
    let front = rivulet_core::front::check(&mut sources, id, "k", &mut |_| None);
    let prog = front.program.expect("the generated kernel type checks");
    let mut diags = Vec::new();
    let mut m = build_module(&prog, &mut diags).expect("the generated kernel lowers");
    for &p in PIPELINE.iter().filter(|&&p| keep(p)) {
        for f in &mut m.functions {
            run_pass(p, f, &mut diags);
        }
        let errs = verify_module(&m);
        assert!(errs.is_empty(), "after {}: {errs:?}\n{source}", p.name());
    }
    let r = run(&m, &InterpOptions::default()).expect("the generated kernel runs");
    r.calls
        .iter()
        .map(json::call_json)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn random_kernels_compute_the_same_with_and_without_the_scalar_passes() {
    let programs = std::env::var("RIVULET_RANDOM_KERNELS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(60);
    for seed in 0..programs {
        let source = kernel_gen::kernel("k", seed);
        let reference = calls_with(&source, |p| !SCALAR_PASSES.contains(&p));
        let optimized = calls_with(&source, |_| true);
        assert_eq!(optimized, reference, "seed {seed}:\n{source}");
    }
}
