//! The MILP placements through `driver::place` on corpus kernels: every cycle cut in both
//! directions, the spec's buffer types, determinism, warnings and the on-merges fallback.

use crate::support::corpus;
use rivulet_core::buffer::combinational_cycles;
use rivulet_core::diag::Severity;
use rivulet_core::driver::{place, BufferOptions};
use rivulet_core::handshake::{print_func, BufferType, Func, OpId, OpKind};
use rivulet_core::options::BufferAlgorithm::{self, Fpga20, Fpl22, OnMerges};
use rivulet_core::timing::TimingModel;

fn options(algorithm: BufferAlgorithm, clock_period_ns: f64) -> BufferOptions {
    BufferOptions {
        algorithm,
        clock_period_ns,
    }
}

fn timing(clock_period_ns: f64) -> TimingModel {
    options(OnMerges, clock_period_ns).timing(None).unwrap()
}

fn buffer_types(func: &Func) -> Vec<BufferType> {
    func.ops()
        .filter_map(|(_, op)| match &op.kind {
            OpKind::Buffer(p) => Some(p.effective_type()),
            _ => None,
        })
        .collect()
}

#[test]
fn every_cycle_is_cut_and_types_follow_the_mappings() {
    for (name, algorithm) in [("matvec", Fpga20), ("matvec", Fpl22), ("gcd", Fpl22)] {
        let (mut func, profile) = corpus::circuit_and_profile(name);
        let before = buffer_types(&func).len();
        let mut diags = Vec::new();
        let report = place(
            &mut func,
            Some(&profile),
            &options(algorithm, 4.0),
            &timing(4.0),
            &mut diags,
        );
        assert_eq!(report.algorithm, algorithm, "{name}: {diags:?}");
        // Cycles through a memory controller (load address out, data back) are not channels
        // buffers may go on, and the controller registers its data.
        let (dv, r) = combinational_cycles(&func);
        let through_memory = |c: &Vec<OpId>| {
            c.iter().any(|&op| {
                matches!(
                    func.op(op).map(|o| &o.kind),
                    Some(OpKind::MemController { .. })
                )
            })
        };
        let uncut: Vec<_> = dv.iter().chain(&r).filter(|c| !through_memory(c)).collect();
        assert!(uncut.is_empty(), "{name} {algorithm}: {uncut:?}");
        // The lowering's own buffers come first in program order; the placed ones follow.
        let types = buffer_types(&func).split_off(before);
        assert_eq!(types.len(), report.buffers);
        // Neither mapping uses the data/valid FIFO or the shift register, and Fpl22 never
        // maps two breaks onto one slot.
        assert!(!types.contains(&BufferType::FifoBreakDV));
        assert!(!types.contains(&BufferType::ShiftRegBreakDV));
        assert!(!types.contains(&BufferType::OneSlotBreakDVR));
    }
}

#[test]
fn placement_is_deterministic() {
    let (func, profile) = corpus::circuit_and_profile("fir");
    let placed = |alg: BufferAlgorithm| {
        let mut f = func.clone();
        let report = place(
            &mut f,
            Some(&profile),
            &options(alg, 4.0),
            &timing(4.0),
            &mut Vec::new(),
        );
        (print_func(&f), report)
    };
    for alg in [Fpga20, Fpl22] {
        assert_eq!(placed(alg), placed(alg));
    }
}

#[test]
fn a_shorter_clock_period_needs_more_cuts() {
    let (func, profile) = corpus::circuit_and_profile("fir");
    let breaks = |ns: f64| {
        let mut f = func.clone();
        place(
            &mut f,
            Some(&profile),
            &options(Fpga20, ns),
            &timing(ns),
            &mut Vec::new(),
        );
        buffer_types(&f)
            .iter()
            .filter(|t| **t == BufferType::OneSlotBreakDV)
            .count()
    };
    assert!(breaks(2.5) > breaks(100.0));
}

#[test]
fn units_slower_than_the_clock_are_reported() {
    let (mut func, profile) = corpus::circuit_and_profile("fir");
    let mut diags = Vec::new();
    let report = place(
        &mut func,
        Some(&profile),
        &options(Fpga20, 1.0),
        &timing(1.0),
        &mut diags,
    );
    assert_eq!(report.algorithm, Fpga20);
    assert!(diags
        .iter()
        .any(|d| d.severity == Severity::Warning && d.message.contains("slower than")));
}

#[test]
fn without_a_profile_on_merges_is_placed_with_a_warning() {
    let (mut func, _) = corpus::circuit_and_profile("fir");
    let mut diags = Vec::new();
    let report = place(
        &mut func,
        None,
        &options(Fpga20, 4.0),
        &timing(4.0),
        &mut diags,
    );
    assert_eq!((report.requested, report.algorithm), (Fpga20, OnMerges));
    assert!(report.milp.is_none() && report.buffers > 0);
    assert!(diags[0].message.contains("profile"));
}

#[test]
fn none_places_no_buffers_and_an_unknown_algorithm_is_no_option() {
    let (func, profile) = corpus::circuit_and_profile("fir");
    let mut unbuffered = func.clone();
    let mut diags = Vec::new();
    let report = place(
        &mut unbuffered,
        Some(&profile),
        &options(BufferAlgorithm::None, 4.0),
        &timing(4.0),
        &mut diags,
    );
    assert_eq!(
        (report.algorithm, report.buffers),
        (BufferAlgorithm::None, 0)
    );
    assert_eq!(print_func(&unbuffered), print_func(&func));
    assert!(diags.is_empty(), "{diags:?}");
    let unknown = "magic".parse::<BufferAlgorithm>().unwrap_err();
    assert!(
        unknown
            .to_string()
            .contains("on-merges, fpga20, fpl22, none"),
        "{unknown}"
    );
}
