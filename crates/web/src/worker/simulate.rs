//! The simulation request: runs the cycle-accurate simulator on the circuit of the latest
//! compilation (with the golden run's inputs) in slices of about [`SLICE_MS`], checks it
//! against the interpreter and keeps the run's compact trace for replay ([`SimReplay`]).
//!
//! Between slices it calls the caller's `between` with the run's [`SimProgress`] and awaits
//! the future it returns: the worker posts the progress and yields to its event loop there (so
//! a cancel request is read), and the future's `false` stops the run, which then ends with
//! `cancelled_at`. Never panics: what prevents a run is reported in `errors`.

use crate::protocol::{SimProgress, WireSimulation};
use rivulet_core::driver::{expected_block_entries, simulation_setup, Compiled};
use rivulet_core::sim::run_kernel::{build_circuit, KernelCheck, KernelRun};
use rivulet_core::sim::SimOptions;
use rivulet_core::view::{replay_trace, sim_view, GraphView, SimReplay};
use std::future::Future;

/// Wall time of one slice of the run, in milliseconds.
pub const SLICE_MS: f64 = 40.0;
/// Cycles simulated between two readings of the clock.
const CYCLES_PER_READING: u32 = 256;

/// Simulates `compiled` (whose graph view is `graph`); `now` is a clock in milliseconds.
/// Returns the outcome and, for a run that ended, its replay.
pub async fn simulate<F: Future<Output = bool>>(
    compiled: Option<&(Compiled, Option<GraphView>)>,
    now: &dyn Fn() -> f64,
    mut between: impl FnMut(SimProgress) -> F,
) -> (WireSimulation, Option<SimReplay>) {
    let started = now();
    let failed = |errors: Vec<String>| {
        let outcome = WireSimulation {
            errors,
            millis: now() - started,
            ..WireSimulation::default()
        };
        (outcome, None)
    };
    let messages = |d: Vec<rivulet_core::diag::Diagnostic>| {
        d.into_iter().map(|d| d.message).collect::<Vec<_>>()
    };
    let Some((compiled, Some(graph))) = compiled else {
        return failed(vec![
            "nothing to simulate: compile a kernel through buffer placement first".to_string(),
        ]);
    };
    let (func, timing, setup) = match simulation_setup(compiled, &SimOptions::default()) {
        Ok(s) => s,
        Err(d) => return failed(messages(d)),
    };
    let adapted = match build_circuit(func, &timing, &setup) {
        Ok(a) => a,
        Err(d) => return failed(messages(d)),
    };
    let mut run = match KernelRun::new(func, &adapted, &setup.options) {
        Ok(r) => {
            let (trace, snapshots) = replay_trace(&adapted);
            r.recording(trace, snapshots)
        }
        Err(d) => return failed(messages(d)),
    };
    let expected_iterations = expected_block_entries(compiled, &run.header_tokens().0);
    let mut running = true;
    while running {
        let slice_end = now() + SLICE_MS;
        while running && now() < slice_end {
            for _ in 0..CYCLES_PER_READING {
                running = run.step();
                if !running {
                    break;
                }
            }
        }
        if !running {
            break;
        }
        let progress = SimProgress {
            cycles: run.simulator().cycle(),
            transfers: run.transfers(),
            iterations: run.header_tokens().1,
            expected_iterations,
            // `simulation_setup` always resolves the limit (scaled to the interpreter's work).
            max_cycles: setup.options.max_cycles.unwrap_or(u64::MAX),
        };
        if !between(progress).await {
            let outcome = WireSimulation {
                cancelled_at: Some(run.simulator().cycle()),
                millis: now() - started,
                ..WireSimulation::default()
            };
            return (outcome, None);
        }
    }
    let end = run.finish();
    let check = KernelCheck::new(&setup, adapted, end);
    let view = sim_view(func, graph, &check);
    let replay = SimReplay::new(func, graph, check);
    let outcome = WireSimulation {
        view: Some(view),
        millis: now() - started,
        ..WireSimulation::default()
    };
    (outcome, replay)
}
