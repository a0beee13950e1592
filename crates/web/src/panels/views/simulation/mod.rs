//! The simulation view: runs the cycle-accurate simulator in the worker on the compiled
//! circuit — with a progress bar (cycles, transfers, loop iterations against the
//! interpreter's) and a Cancel button while it runs — then replays the run ([`player`]): on
//! the graph, channels patterned and coloured by handshake state and tokens travelling with
//! their values; playback controls and keyboard shortcuts; the state key ([`key`]); the
//! selected unit's channels as waveforms ([`waveform`]); the load-store queues' entries in the
//! shown cycle ([`queues`]); the check against the interpreter, a deadlock's units and
//! channels, and the run as a VCD download.

pub mod key;
mod player;
mod queues;
mod run_until;
mod waveform;

use crate::client::Compiler;
use crate::protocol::SimProgress;
use crate::state::use_session;
use leptos::prelude::*;
use player::player;
use std::sync::Arc;

/// The simulation of the latest compilation.
#[component]
pub fn SimulationView() -> impl IntoView {
    let session = use_session();
    let compiler = session.compiler;
    let graph = Memo::new(move |_| {
        compiler
            .outcome
            .with(|o| o.as_ref().and_then(|o| o.graph.clone()).map(Arc::new))
    });
    let run_button = move || {
        view! {
            <button
                class="button primary small"
                data-testid="sim-run"
                disabled=move || graph.with(Option::is_none) || compiler.simulating.get()
                on:click=move |_| compiler.simulate()
            >
                {move || if compiler.simulating.get() { "Simulating…" } else { "Run simulation" }}
            </button>
            {move || compiler.simulating.get().then(|| progress(compiler))}
        }
    };
    let body = move || {
        let Some(g) = graph.get() else {
            return view! {
                <p class="muted" data-testid="sim-empty">
                    "Compile a kernel (through buffer placement) to simulate its circuit."
                </p>
            }
            .into_any();
        };
        compiler.simulation.with(|s| match s {
            None => view! {
                <p class="muted" data-testid="sim-empty">
                    "Run the simulation: the circuit runs cycle by cycle on the inputs main passes, and its outputs are checked against the interpreter."
                </p>
            }
            .into_any(),
            Some(s) => match (&s.view, s.cancelled_at) {
                (_, Some(cycle)) => view! {
                    <p class="note" data-testid="sim-cancelled" data-cycle=cycle.to_string()>
                        {format!("Cancelled at cycle {cycle}.")}
                    </p>
                }
                .into_any(),
                (Some(v), None) => player(compiler, g, Arc::new(v.clone()), s.millis).into_any(),
                (None, None) => view! {
                    <p class="error" data-testid="sim-error">{s.errors.join("; ")}</p>
                }
                .into_any(),
            },
        })
    };
    view! {
        <div class="simulation" data-testid="simulation">
            <div class="sim-bar">{run_button}</div>
            {body}
        </div>
    }
}

/// The running simulation's progress bar, counts and Cancel button.
fn progress(compiler: Compiler) -> impl IntoView {
    let p = move || compiler.sim_progress.get().unwrap_or_default();
    let text = move || {
        let p: SimProgress = p();
        let work = match p.expected_iterations {
            Some(e) => format!("{} of {e} loop iterations", p.iterations),
            None => format!("{} loop iterations", p.iterations),
        };
        format!(
            "cycle {} (limit {}) · {} transfers · {work}",
            p.cycles, p.max_cycles, p.transfers
        )
    };
    view! {
        <progress
            class="sim-progress"
            data-testid="sim-progress"
            data-cycles=move || p().cycles.to_string()
            max="1"
            prop:value=move || p().fraction()
        ></progress>
        <span class="muted" data-testid="sim-progress-text">{text}</span>
        <button
            class="button small"
            data-testid="sim-cancel"
            on:click=move |_| compiler.cancel_simulation()
        >
            "Cancel"
        </button>
    }
}
