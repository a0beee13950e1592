//! The simulation request: runs the cycle-accurate simulator on the circuit of the latest
//! compilation (with the golden run's inputs), checks it against the interpreter and replays
//! the trace on the graph view's channels.

use crate::protocol::WireSimulation;
use rivulet_core::driver::{simulate as check, Compiled};
use rivulet_core::sim::SimOptions;
use rivulet_core::view::{sim_view, GraphView};

/// Simulates `compiled` (whose graph view is `graph`); `now` is a clock in milliseconds.
/// Never panics: what prevents a run is reported in `errors`.
pub fn simulate(
    compiled: Option<&(Compiled, Option<GraphView>)>,
    now: &dyn Fn() -> f64,
) -> WireSimulation {
    let started = now();
    let options = SimOptions {
        trace: true,
        ..SimOptions::default()
    };
    let (view, errors) = match compiled {
        Some((c, Some(graph))) => match (check(c, &options), c.kernel()) {
            (Ok(check), Some(func)) => (Some(sim_view(func, graph, &check)), Vec::new()),
            (Err(diags), _) => (None, diags.into_iter().map(|d| d.message).collect()),
            (Ok(_), None) => (None, vec!["the compilation has no kernel".to_string()]),
        },
        _ => (
            None,
            vec![
                "nothing to simulate: compile a kernel through buffer placement first".to_string(),
            ],
        ),
    };
    WireSimulation {
        view,
        errors,
        millis: now() - started,
    }
}
