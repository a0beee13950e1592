//! The throughput the FPGA20 placement predicts for an innermost loop is the initiation
//! interval the simulator then measures at the loop's header, on loops chosen for what
//! the throughput model must capture (docs/buffering.md lists every loop of the corpus).
//! The header's interval is the loop's only where the loop's control cannot run ahead of
//! its body (stencil_3d's header measures 2 while its seven loads take 7 cycles). And the
//! intervals the reference compiler expects with FPGA20 at 5 ns hold, and FPL22 at 4 ns keeps
//! loops running where only ready-breaking slots fit.

use crate::support::corpus;
use rivulet_core::driver::{BufferOptions, Compiled, DriverOptions};
use rivulet_core::options::{BufferAlgorithm, MemoryMode};

/// `(kernel, header block of the loop, what the model must capture there)`.
const LOOPS: &[(&str, u32, &str)] = &[
    (
        "fir",
        1,
        "an accumulation whose cycle the clock period cuts twice",
    ),
    ("rgb_to_gray", 1, "three loads that share one read port"),
    (
        "jacobi_1d",
        2,
        "three loads of one array ordered by memory tokens",
    ),
    (
        "jacobi_1d",
        4,
        "a memory-ordering token through a ONE_SLOT_BREAK_DVR",
    ),
    (
        "bit_reverse",
        1,
        "a deep pipeline joined by forks of constants: tokens wait behind combinational units",
    ),
    (
        "saxpy_float",
        1,
        "a loop condition's fork whose output to a branch waits for the multiply, \
         keeping the condition on the fork's input",
    ),
    (
        "image_threshold",
        3,
        "an accumulation whose branch condition waits in a fork behind a load",
    ),
    (
        "forward_substitution",
        3,
        "a fork whose outputs run ahead of the slowest one by the token it holds",
    ),
];

/// The initiation interval the simulation of `out` measured at the loop header `header`.
fn measured_interval(out: &Compiled, header: u32) -> Option<u64> {
    out.simulation
        .iter()
        .flat_map(|c| &c.loops)
        .find(|l| l.bb == Some(header))
        .and_then(|l| l.ii)
}

#[test]
fn predicted_intervals_are_the_measured_ones() {
    let mut failures = Vec::new();
    for &(kernel, header, what) in LOOPS {
        let file = corpus::repo_root().join(format!("tests/kernels/{kernel}/{kernel}.c"));
        // The model sees dependences carried by channels: the memory token's, not a queue's.
        let options = DriverOptions {
            buffers: BufferOptions {
                algorithm: BufferAlgorithm::Fpga20,
                ..BufferOptions::default()
            },
            memory: MemoryMode::Token,
            ..DriverOptions::default()
        };
        let run = corpus::simulate_with(&file, options).unwrap();
        let report = run.out.buffers.as_ref().expect("a buffer report");
        // The innermost loop at `header` is the two-block CFDFC that starts there.
        let name = |l: &str| {
            let blocks: Vec<&str> = l.split('-').collect();
            blocks.len() == 2 && blocks[0] == format!("bb{header}")
        };
        let predicted = report
            .throughput
            .iter()
            .find(|l| name(&l.name))
            .map(|l| l.throughput)
            .unwrap_or_else(|| panic!("{kernel}: no loop at bb{header}: {report:?}"));
        let measured = measured_interval(&run.out, header)
            .unwrap_or_else(|| panic!("{kernel}: no interval measured at bb{header}"));
        let interval = (1.0 / predicted).round() as u64;
        if interval != measured {
            failures.push(format!(
                "{kernel} bb{header} ({what}): predicted throughput {predicted:.3} (II {interval}), \
                 measured II {measured}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `(kernel, header block of the innermost loop, the II the reference compiler expects with
/// FPGA20 at 5 ns, why)`: its own test suite's expectations (fir, a matrix-vector product, an
/// integer nested loop at II 1) and float reductions at their adder's latency in the timing
/// model (docs/timing-model.md: f32 addf 6 cycles, f64 12 at 5 ns).
const REFERENCE_INTERVALS: &[(&str, u32, u64, &str)] = &[
    ("fir", 1, 1, "an integer accumulation"),
    ("matvec", 3, 1, "a matrix-vector inner product"),
    ("conv2d", 6, 1, "the innermost loop of an integer loop nest"),
    (
        "tensor_contract",
        5,
        6,
        "an f32 reduction: one addf per iteration",
    ),
    (
        "dot_double",
        1,
        12,
        "an f64 reduction: one addf per iteration",
    ),
];

/// The failures among `loops` (`(kernel, header, II, why)`) simulated with `algorithm` at
/// `clock_period_ns`: those whose measured II `holds` rejects given the table's II.
fn interval_failures(
    loops: &[(&str, u32, u64, &str)],
    algorithm: BufferAlgorithm,
    clock_period_ns: f64,
    holds: fn(Option<u64>, u64) -> bool,
) -> Vec<String> {
    let mut failures = Vec::new();
    for &(kernel, header, expected, what) in loops {
        let file = corpus::repo_root().join(format!("tests/kernels/{kernel}/{kernel}.c"));
        let options = BufferOptions {
            algorithm,
            clock_period_ns,
        };
        let run = corpus::simulate(&file, options).unwrap();
        let measured = measured_interval(&run.out, header);
        if !holds(measured, expected) {
            failures.push(format!(
                "{kernel} bb{header} ({what}): expected II {expected}, measured {measured:?}"
            ));
        }
    }
    failures
}

#[test]
fn the_reference_compilers_intervals_hold_with_fpga20_at_5_ns() {
    let exact = |measured: Option<u64>, expected| measured == Some(expected);
    let failures = interval_failures(REFERENCE_INTERVALS, BufferAlgorithm::Fpga20, 5.0, exact);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `(kernel, header block, the most cycles per iteration, why)` with FPL22 at 4 ns: loops
/// whose ready paths leave no room for a transparent slot's delay on a channel that must hold
/// a token; the placement gives it a ready-breaking slot instead (rgb_to_gray ran at II 10
/// and sine_lut at 40 without one: the loop's throughput was 0 in the model).
const TIGHT_READY_INTERVALS: &[(&str, u32, u64, &str)] = &[
    (
        "rgb_to_gray",
        1,
        3,
        "a constant's fork, whose input must hold the token it keeps for a pending output",
    ),
    (
        "sine_lut",
        1,
        6,
        "a table lookup loop with two constants' forks",
    ),
];

#[test]
fn fpl22_gives_ready_breaking_slots_where_transparent_ones_do_not_fit() {
    let at_most = |measured: Option<u64>, most| measured.is_some_and(|ii| ii <= most);
    let failures = interval_failures(TIGHT_READY_INTERVALS, BufferAlgorithm::Fpl22, 4.0, at_most);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
