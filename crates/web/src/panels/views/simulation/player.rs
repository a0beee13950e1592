//! Replay of one run: the controls (run/pause, step back and forward, start, end, jump to a
//! cycle, speed, follow the tokens, run until; space and the arrow keys when no text field has
//! focus),
//! the check, the key, the load-store queues' entries, the waveforms and the animated graph.
//!
//! The shown cycle is the compiler's ([`Compiler::shown_cycle`]), so it survives view
//! switches and links restore it. The shown cycles come from the worker a window at a time
//! ([`crate::client::FRAME_WINDOW`]); while a window is on its way the graph keeps the last
//! cycle it showed.

use super::key::StateKey;
use super::queues::QueueCells;
use super::run_until::RunUntil;
use super::waveform::Waveforms;
use crate::client::{Compiler, FRAME_WINDOW};
use crate::panels::views::graph::{GraphCanvas, Overlay};
use leptos::prelude::*;
use rivulet_core::sim::StatusKind;
use rivulet_core::view::{GraphView, SimView};
use std::sync::Arc;
use std::time::Duration;

/// Playback speeds offered, in cycles per second.
const SPEEDS: &[u32] = &[1, 4, 16, 64, 256, 1024];
/// Playback timer period.
const TICK_MS: u64 = 50;
/// How long a token takes to travel its channel when stepping (playback shortens it to one
/// cycle's time).
const TRAVEL_MS: f64 = 450.0;

/// The controls, the check and the animated graph of one run.
pub fn player(
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
    // Where a "run until" stops (the end otherwise).
    let stop_at = RwSignal::new(None::<u64>);
    let carry = StoredValue::new(0.0f64);
    let timer = set_interval_with_handle(
        move || {
            if !playing.get_untracked() {
                return;
            }
            let due = carry.get_value() + f64::from(speed.get_untracked()) * TICK_MS as f64 / 1e3;
            let steps = due.floor();
            carry.set_value(due - steps);
            let stop = stop_at.get_untracked().unwrap_or(last).min(last);
            let next = (cycle.get_untracked() + steps as u64).min(stop);
            cycle.set(next);
            if next == stop {
                playing.set(false);
                stop_at.set(None);
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
    // Every handshake of the cycle moves a token; a data channel's carries its value.
    let tokens = Memo::new(move |prev: Option<&Vec<(usize, String)>>| {
        let c = cycle.get();
        compiler.frames.with(|f| {
            let Some(row) = f.as_ref().and_then(|f| f.states_of(c)) else {
                return prev.cloned().unwrap_or_default();
            };
            let data = f.as_ref().map_or(&[][..], |f| f.transfers_of(c));
            row.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'3')
                .map(|(i, _)| {
                    let value = data.iter().find(|(ch, _)| *ch as usize == i);
                    (i, value.map_or(String::new(), |(_, d)| d.to_string()))
                })
                .collect()
        })
    });
    let travel_ms = Memo::new(move |_| {
        if playing.get() {
            (1e3 / f64::from(speed.get())).min(TRAVEL_MS)
        } else {
            TRAVEL_MS
        }
    });
    let follow = RwSignal::new(false);
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
        tokens: tokens.into(),
        travel_ms: travel_ms.into(),
        follow: follow.into(),
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
    let moving = move || tokens.with(Vec::len);
    let toggle_play = move || {
        if cycle.get_untracked() == last {
            cycle.set(0);
        }
        stop_at.set(None);
        playing.update(|p| *p = !*p);
    };
    let back = move || cycle.update(|c| *c = c.saturating_sub(1));
    let step = move || cycle.update(|c| *c = (*c + 1).min(last));
    shortcuts(
        toggle_play,
        back,
        step,
        move || cycle.set(0),
        move || {
            playing.set(false);
            cycle.set(last)
        },
    );
    let vcd_label = if sim.vcd_cycles < sim.cycles {
        format!("Download VCD (first {} cycles)", sim.vcd_cycles)
    } else {
        "Download VCD".to_string()
    };
    view! {
        <div class="sim-controls">
            <button class="button small" data-testid="sim-start" on:click=move |_| cycle.set(0)>"Start"</button>
            <button class="button small" data-testid="sim-back" title="Step back (←)" on:click=move |_| back()>"◀"</button>
            <button class="button small" data-testid="sim-play" title="Run or pause (space)" on:click=move |_| toggle_play()>
                {move || if playing.get() { "Pause" } else { "Run" }}
            </button>
            <button class="button small" data-testid="sim-step" title="Step (→)" on:click=move |_| step()>"Step ▶"</button>
            <button class="button small" data-testid="sim-end" title="End (End)" on:click=move |_| { playing.set(false); cycle.set(last) }>"End"</button>
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
            <span class="muted" data-testid="sim-transfers">{move || format!("{} transfers", moving())}</span>
            <label title="Pan the graph to keep the moving tokens in view">
                <input type="checkbox" data-testid="sim-follow" prop:checked=move || follow.get() on:change=move |ev| follow.set(event_target_checked(&ev)) />
                " Follow the tokens"
            </label>
        </div>
        <RunUntil compiler=compiler cycle=cycle last=last playing=playing stop_at=stop_at />
        <StateKey />
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
        {(!sim.queues.is_empty()).then(|| view! { <QueueCells compiler=compiler names=sim.queues.clone() cycle=cycle /> })}
        <GraphCanvas graph=graph.clone() overlay=Some(overlay) />
        <Waveforms graph=graph cycle=cycle last=last />
    }
}

/// Space runs or pauses, ← and → step, Home and End jump, unless a text field, a select or
/// a button has the keyboard (space and arrows are theirs then).
fn shortcuts(
    toggle_play: impl Fn() + 'static,
    back: impl Fn() + 'static,
    step: impl Fn() + 'static,
    start: impl Fn() + 'static,
    end: impl Fn() + 'static,
) {
    let listener = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || typing_into(&ev) {
            return;
        }
        match ev.key().as_str() {
            " " => toggle_play(),
            "ArrowLeft" => back(),
            "ArrowRight" => step(),
            "Home" => start(),
            "End" => end(),
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || listener.remove());
}

/// True when the key goes to a control that uses it (text, select, button, the splitter).
fn typing_into(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| {
            matches!(
                e.tag_name().to_ascii_lowercase().as_str(),
                "input" | "textarea" | "select" | "button" | "summary"
            ) || e.get_attribute("role").as_deref() == Some("separator")
        })
}
