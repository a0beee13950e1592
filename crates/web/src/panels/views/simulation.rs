//! The simulation view: runs the cycle-accurate simulator in the worker on the compiled
//! circuit — with a progress bar (cycles, transfers, loop iterations against the
//! interpreter's) and a Cancel button while it runs — then replays the run on the graph: every
//! channel coloured by its handshake state in the shown cycle (idle, accept, stall, transfer),
//! the data of transferring channels next to them, with run/pause, step, jump to a cycle and
//! speed controls, the cycle counter, the check against the interpreter (pass, or fail with the
//! first mismatch), the units and channels of a deadlock, and the run as a VCD download. The
//! shown cycles come from the worker a window at a time ([`crate::client::FRAME_WINDOW`]); while
//! a window is on its way the graph keeps the last cycle it showed.

use super::graph::{GraphCanvas, Overlay};
use crate::client::{Compiler, FRAME_WINDOW};
use crate::protocol::SimProgress;
use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::sim::StatusKind;
use rivulet_core::view::{GraphView, SimView};
use std::sync::Arc;
use std::time::Duration;

/// Playback speeds offered, in cycles per second.
const SPEEDS: &[u32] = &[1, 4, 16, 64, 256, 1024];
/// Playback timer period.
const TICK_MS: u64 = 50;

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

/// The controls, the check and the animated graph of one run.
fn player(
    compiler: Compiler,
    graph: Arc<GraphView>,
    sim: Arc<SimView>,
    millis: f64,
) -> impl IntoView {
    let last = sim.recorded.saturating_sub(1);
    // The compiler's: the shown cycle survives view switches, and links restore it.
    let cycle = compiler.shown_cycle;
    if cycle.get_untracked() > last {
        cycle.set(last);
    }
    let playing = RwSignal::new(false);
    let speed = RwSignal::new(16u32);
    let carry = StoredValue::new(0.0f64);
    let timer = set_interval_with_handle(
        move || {
            if !playing.get_untracked() {
                return;
            }
            let due = carry.get_value() + f64::from(speed.get_untracked()) * TICK_MS as f64 / 1e3;
            let steps = due.floor();
            carry.set_value(due - steps);
            let next = (cycle.get_untracked() + steps as u64).min(last);
            cycle.set(next);
            if next == last {
                playing.set(false);
            }
        },
        Duration::from_millis(TICK_MS),
    )
    .ok();
    on_cleanup(move || {
        if let Some(t) = timer {
            t.clear();
        }
    });
    // The shown cycle's window comes from the worker; a little history is kept before it.
    Effect::new(move |_| {
        let c = cycle.get();
        let have = compiler
            .frames
            .with(|f| f.as_ref().is_some_and(|f| f.states_of(c).is_some()));
        if !have {
            compiler.request_frames(c.saturating_sub(u64::from(FRAME_WINDOW) / 8));
        }
    });
    let deadlocked = sim.status == StatusKind::Deadlock;
    let s = sim.clone();
    let classes = Memo::new(move |prev: Option<&Vec<&'static str>>| {
        let c = cycle.get();
        let Some(row) = compiler
            .frames
            .with(|f| f.as_ref().and_then(|f| f.states_of(c).map(str::to_string)))
        else {
            return prev.cloned().unwrap_or_default();
        };
        row.bytes()
            .enumerate()
            .map(|(i, b)| {
                if deadlocked && c == last && s.deadlock_channels.contains(&i) {
                    return "deadlock";
                }
                match b {
                    b'0' => "st-idle",
                    b'1' => "st-accept",
                    b'2' => "st-stall",
                    b'3' => "st-transfer",
                    _ => "",
                }
            })
            .collect::<Vec<_>>()
    });
    let n_channels = graph.channels.len();
    let labels = Memo::new(move |_| {
        let mut out = vec![None; n_channels];
        let c = cycle.get();
        compiler.frames.with(|f| {
            for &(ch, d) in f.as_ref().map_or(&[][..], |f| f.transfers_of(c)) {
                if let Some(slot) = out.get_mut(ch as usize) {
                    *slot = Some(d.to_string());
                }
            }
        });
        out
    });
    let s = sim.clone();
    let stuck = Memo::new(move |_| {
        if deadlocked && cycle.get() == last {
            s.deadlock_units.clone()
        } else {
            Vec::new()
        }
    });
    // Memos: every channel reads these, so each is computed once per cycle shown.
    let overlay = Overlay {
        class: classes.into(),
        labels: labels.into(),
        stuck: stuck.into(),
    };
    let check = if sim.passed {
        "PASS: the outputs match the interpreter".to_string()
    } else if sim.status != StatusKind::Finished {
        format!("FAIL: {}", sim.status)
    } else {
        format!(
            "FAIL: {} outputs differ from the interpreter; first: {}",
            sim.mismatches,
            sim.first_mismatch.clone().unwrap_or_default()
        )
    };
    let truncated = (sim.recorded < sim.cycles).then(|| {
        view! {
            <p class="note">{format!("Showing the first {} of {} cycles.", sim.recorded, sim.cycles)}</p>
        }
    });
    let moving = move || {
        let c = cycle.get();
        compiler
            .frames
            .with(|f| f.as_ref().map_or(0, |f| f.transfers_of(c).len()))
    };
    let vcd_label = if sim.vcd_cycles < sim.cycles {
        format!("Download VCD (first {} cycles)", sim.vcd_cycles)
    } else {
        "Download VCD".to_string()
    };
    view! {
        <div class="sim-controls">
            <button class="button small" data-testid="sim-start" on:click=move |_| cycle.set(0)>"Start"</button>
            <button class="button small" data-testid="sim-back" on:click=move |_| cycle.update(|c| *c = c.saturating_sub(1))>"◀"</button>
            <button
                class="button small"
                data-testid="sim-play"
                on:click=move |_| {
                    if cycle.get_untracked() == last {
                        cycle.set(0);
                    }
                    playing.update(|p| *p = !*p);
                }
            >
                {move || if playing.get() { "Pause" } else { "Run" }}
            </button>
            <button class="button small" data-testid="sim-step" on:click=move |_| cycle.update(|c| *c = (*c + 1).min(last))>"Step ▶"</button>
            <button class="button small" data-testid="sim-end" on:click=move |_| { playing.set(false); cycle.set(last) }>"End"</button>
            <label>
                "Cycle "
                <input
                    class="sim-jump"
                    type="number"
                    min=0
                    max=last
                    data-testid="sim-jump"
                    prop:value=move || cycle.get().to_string()
                    on:change=move |ev| {
                        if let Ok(c) = event_target_value(&ev).trim().parse::<u64>() {
                            cycle.set(c.min(last));
                        }
                    }
                />
            </label>
            <label>
                "Speed "
                <select
                    data-testid="sim-speed"
                    prop:value=move || speed.get().to_string()
                    on:change=move |ev| {
                        if let Ok(v) = event_target_value(&ev).parse() {
                            speed.set(v);
                        }
                    }
                >
                    {SPEEDS.iter().map(|s| view! { <option value=s.to_string()>{format!("{s} cycles/s")}</option> }).collect_view()}
                </select>
            </label>
            <span class="sim-counter" data-testid="sim-cycle" data-cycle=move || cycle.get().to_string()>
                {move || format!("cycle {} of 0–{}", cycle.get(), last)}
            </span>
            <span class="muted">{move || format!("{} transfers", moving())}</span>
        </div>
        <div class="sim-facts">
            <span class=if sim.passed { "sim-pass" } else { "sim-fail" } data-testid="sim-check" data-passed=sim.passed.to_string()>
                {check}
            </span>
            <span data-testid="sim-cycles" data-cycles=sim.cycles.to_string()>
                {format!("{} cycles ({})", sim.cycles, sim.status)}
            </span>
            <span class="muted" data-testid="sim-time">
                {format!("simulated in {millis:.0} ms; replay trace {} bytes", sim.trace_bytes)}
            </span>
            <button
                class="button small"
                data-testid="sim-vcd"
                on:click=move |_| compiler.request_vcd()
            >
                {vcd_label}
            </button>
            {move || compiler.vcd_error.get().map(|e| view! { <span class="error">{e}</span> })}
        </div>
        {truncated}
        {(!sim.report.is_empty()).then(|| view! { <pre class="sim-report" data-testid="sim-report">{sim.report.clone()}</pre> })}
        <GraphCanvas graph=graph overlay=Some(overlay) />
    }
}
