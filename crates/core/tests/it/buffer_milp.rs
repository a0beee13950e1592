//! The MILP placements through `driver::place` on corpus kernels: every cycle cut in both
//! directions, the spec's buffer types, determinism, warnings and the on-merges fallback.

use crate::support::corpus;
use rivulet_core::buffer::combinational_cycles;
use rivulet_core::diag::Severity;
use rivulet_core::driver::{place, BufferOptions, FPGA20, FPL22, ON_MERGES};
use rivulet_core::handshake::{print_func, BufferType, Func, OpId, OpKind};

fn options(algorithm: &str, clock_period_ns: f64) -> BufferOptions {
    BufferOptions {
        algorithm: algorithm.to_string(),
        clock_period_ns,
    }
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
    for (name, algorithm) in [("matvec", FPGA20), ("matvec", FPL22), ("gcd", FPL22)] {
        let (mut func, profile) = corpus::circuit_and_profile(name);
        let before = buffer_types(&func).len();
        let mut diags = Vec::new();
        let report = place(
            &mut func,
            Some(&profile),
            &options(algorithm, 4.0),
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
        // Neither mapping uses the data/valid FIFO or the shift register, and FPL22 never
        // maps two breaks onto one slot.
        assert!(!types.contains(&BufferType::FifoBreakDV));
        assert!(!types.contains(&BufferType::ShiftRegBreakDV));
        assert!(!types.contains(&BufferType::OneSlotBreakDVR));
    }
}

#[test]
fn placement_is_deterministic() {
    let (func, profile) = corpus::circuit_and_profile("fir");
    let placed = |alg: &str| {
        let mut f = func.clone();
        let report = place(&mut f, Some(&profile), &options(alg, 4.0), &mut Vec::new());
        (print_func(&f), report)
    };
    for alg in [FPGA20, FPL22] {
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
            &options(FPGA20, ns),
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
    let report = place(&mut func, Some(&profile), &options(FPGA20, 1.0), &mut diags);
    assert_eq!(report.algorithm, FPGA20);
    assert!(diags
        .iter()
        .any(|d| d.severity == Severity::Warning && d.message.contains("slower than")));
}

#[test]
fn without_a_profile_on_merges_is_placed_with_a_warning() {
    let (mut func, _) = corpus::circuit_and_profile("fir");
    let mut diags = Vec::new();
    let report = place(&mut func, None, &options(FPGA20, 4.0), &mut diags);
    assert_eq!(
        (report.requested.as_str(), report.algorithm.as_str()),
        (FPGA20, ON_MERGES)
    );
    assert!(report.milp.is_none() && report.buffers > 0);
    assert!(diags[0].message.contains("profile"));
    let mut unknown = Vec::new();
    place(
        &mut func.clone(),
        None,
        &options("magic", 4.0),
        &mut unknown,
    );
    assert!(unknown[0].message.contains("no buffer placement `magic`"));
}
