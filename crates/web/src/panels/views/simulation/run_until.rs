//! "Run until": plays the replay from the shown cycle and stops at a cycle, after a number of
//! handshakes (found by the worker, [`Compiler::seek`]), or at the end of the run (where a
//! deadlock shows).

use crate::client::Compiler;
use leptos::prelude::*;

/// What a run stops at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Until {
    Cycle,
    Transfers,
    End,
}

/// The control: a target, a number and Go.
#[component]
pub fn RunUntil(
    compiler: Compiler,
    cycle: RwSignal<u64>,
    last: u64,
    playing: RwSignal<bool>,
    stop_at: RwSignal<Option<u64>>,
) -> impl IntoView {
    let until = RwSignal::new(Until::Transfers);
    let amount = RwSignal::new(10u64);
    let waiting = RwSignal::new(false);
    let play_to = move |target: u64| {
        let target = target.min(last);
        if target > cycle.get_untracked() {
            stop_at.set(Some(target));
            playing.set(true);
        }
    };
    // The worker's answer to a seek by handshakes.
    Effect::new(move |_| {
        if let Some(target) = compiler.sought.get() {
            if waiting.get_untracked() {
                waiting.set(false);
                play_to(target);
            }
        }
    });
    let go = move |_| match until.get_untracked() {
        Until::Cycle => play_to(amount.get_untracked()),
        Until::End => play_to(last),
        Until::Transfers => {
            waiting.set(true);
            compiler.seek(cycle.get_untracked(), amount.get_untracked().max(1));
        }
    };
    view! {
        <div class="run-until" data-testid="run-until">
            <label>
                "Run until "
                <select
                    data-testid="run-until-kind"
                    on:change=move |ev| {
                        until.set(match event_target_value(&ev).as_str() {
                            "cycle" => Until::Cycle,
                            "end" => Until::End,
                            _ => Until::Transfers,
                        })
                    }
                >
                    <option value="transfers" selected>"this many more handshakes"</option>
                    <option value="cycle">"cycle"</option>
                    <option value="end">"the end (or the deadlock)"</option>
                </select>
            </label>
            <input
                type="number"
                min="0"
                class="sim-jump"
                aria-label="How many handshakes, or which cycle"
                data-testid="run-until-amount"
                disabled=move || until.get() == Until::End
                prop:value=move || amount.get().to_string()
                on:change=move |ev| {
                    if let Ok(n) = event_target_value(&ev).trim().parse::<u64>() {
                        amount.set(n);
                    }
                }
            />
            <button class="button small" data-testid="run-until-go" on:click=go>"Go"</button>
        </div>
    }
}
