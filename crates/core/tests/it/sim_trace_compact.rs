//! The compact trace of long runs against the full trace, on corpus kernels: the same run
//! recorded both ways (the engine's [`Trace`], and a [`CompactTrace`] fed by the stepped
//! [`KernelRun`]) gives the same state and data on every channel in every cycle, whether the
//! cycles are replayed in order or reached by seeking from a checkpoint, for several
//! checkpoint intervals; the compact record is smaller than the full one; a budget stops it.

use crate::support::corpus;
use rivulet_core::driver::{simulation_setup, Compiled, DriverOptions};
use rivulet_core::sim::run_kernel::{build_circuit, KernelCheck, KernelRun};
use rivulet_core::sim::{CompactTrace, Frame, SimOptions, Snapshots, Trace};
use std::path::Path;

/// Calls `$callback!($($args)*; "tests/kernels" [names])` with kernels of varied shapes:
/// a pipelined loop, data-dependent loops, nested loops, memories, floats.
macro_rules! replayed_kernels {
    ($callback:ident!($($args:tt)*)) => {
        $callback! { $($args)*; "tests/kernels" [
            fir, gcd, histogram, insertion_sort, matmul, bfs_distances, saxpy_float, collatz,
        ] }
    };
}

replayed_kernels!(kernel_tests!(
    every_cycle,
    every_cycle_of_the_compact_trace_is_the_full_traces
));

fn compiled(file: &Path) -> Compiled {
    let options = DriverOptions {
        golden: true,
        ..DriverOptions::default()
    };
    corpus::compile(file, &options).unwrap().0
}

/// Runs the kernel of `out` with the full trace on, recording `compact` along.
fn run_both(out: &Compiled, compact: CompactTrace) -> (KernelCheck, Trace) {
    let options = SimOptions {
        trace: true,
        ..SimOptions::default()
    };
    let (func, timing, setup) = simulation_setup(out, &options).unwrap();
    let adapted = build_circuit(func, &timing, &setup).unwrap();
    let mut run = KernelRun::new(func, &adapted, &setup.options)
        .unwrap()
        .recording(compact, Snapshots::new(1024, 4));
    while run.step() {}
    let end = run.finish();
    let mut check = KernelCheck::new(&setup, adapted.clone(), end);
    let trace = check.trace.take().unwrap();
    (check, trace)
}

/// The full trace's bytes: 2 bits per channel and cycle, a token index per cycle and 16 bytes
/// per token (see `sim/trace.rs`).
fn full_bytes(trace: &Trace) -> usize {
    let tokens: usize = (0..trace.cycles()).map(|c| trace.new_tokens(c).len()).sum();
    trace.channels().div_ceil(4) * trace.cycles() as usize
        + 4 * trace.cycles() as usize
        + 16 * tokens
}

fn every_cycle_of_the_compact_trace_is_the_full_traces(file: &Path) {
    let name = corpus::kernel_name(file);
    let out = compiled(file);
    let full_frames = |t: &Trace| t.frames().collect::<Vec<Frame>>();
    let channels = trace_channels(&out);
    for interval in [1, 7, 64, 1024] {
        let (check, trace) = run_both(&out, CompactTrace::new(channels, interval, usize::MAX));
        assert!(check.passed(), "{name}: {:?}", check.status);
        let compact = check.compact.as_ref().unwrap();
        assert_eq!(compact.cycles(), check.cycles, "{name}");
        assert_eq!(compact.cycles(), trace.cycles(), "{name}");
        let expected = full_frames(&trace);
        // In order, from cycle 0.
        let replayed: Vec<Frame> = compact.frames(0).collect();
        assert_eq!(replayed.len(), expected.len(), "{name}");
        for (cycle, (got, want)) in replayed.iter().zip(&expected).enumerate() {
            assert_eq!(
                got.states, want.states,
                "{name}: interval {interval}, cycle {cycle}"
            );
            for c in 0..trace.channels() {
                assert_eq!(
                    got.data(c),
                    trace.data(cycle as u64, c),
                    "{name}: cycle {cycle}"
                );
            }
        }
        // Seeking: a spread of cycles, each checkpoint's neighbours and the last cycle.
        let last = trace.cycles() - 1;
        let mut seeks: Vec<u64> = (0..=last).step_by(97).collect();
        for k in (0..=last).step_by(interval as usize).take(50) {
            seeks.extend([k.saturating_sub(1), k, k + 1]);
        }
        seeks.push(last);
        for cycle in seeks.into_iter().filter(|&c| c <= last) {
            let got = compact.frame(cycle).unwrap();
            let want = &expected[cycle as usize];
            assert_eq!(got.states, want.states, "{name}: seek {cycle}");
            for c in 0..trace.channels() {
                assert_eq!(got.data(c), want.data(c), "{name}: seek {cycle}");
            }
            let window: Vec<Frame> = compact.frames(cycle).take(3).collect();
            assert_eq!(window[0], got, "{name}: window at {cycle}");
        }
        assert_eq!(compact.frame(trace.cycles()), None, "{name}");
        if interval >= 64 {
            assert!(
                compact.bytes() < full_bytes(&trace),
                "{name}: compact {} bytes, full {}",
                compact.bytes(),
                full_bytes(&trace)
            );
        }
    }
}

/// The simulator channels of the kernel of `out`.
fn trace_channels(out: &Compiled) -> usize {
    let (func, timing, setup) = simulation_setup(out, &SimOptions::default()).unwrap();
    build_circuit(func, &timing, &setup)
        .unwrap()
        .netlist
        .channels
        .len()
}

#[test]
fn a_budget_stops_the_recording_and_keeps_what_it_recorded() {
    let out = compiled(&corpus::kernel_file("tests/kernels", "fir"));
    let channels = trace_channels(&out);
    let (_, trace) = run_both(&out, CompactTrace::new(channels, 16, usize::MAX));
    let budget = 2_000;
    let (check, _) = run_both(&out, CompactTrace::new(channels, 16, budget));
    let compact = check.compact.unwrap();
    assert!(compact.is_full());
    assert!(compact.cycles() > 0 && compact.cycles() < trace.cycles());
    // The last cycle may overshoot the budget by one cycle's records.
    assert!(compact.bytes() < budget + 16 * channels);
    let expected: Vec<Frame> = trace.frames().take(compact.cycles() as usize).collect();
    assert_eq!(compact.frames(0).collect::<Vec<_>>().len(), expected.len());
    for (got, want) in compact.frames(0).zip(&expected) {
        assert_eq!(got.states, want.states);
    }
}
