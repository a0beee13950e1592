//! The always-visible key of the replay (and the legend's table of states): what each channel
//! pattern and colour means. The states differ by line pattern as well as by colour (a
//! colour-blind-safe palette), so the graph reads in greyscale too.

use leptos::prelude::*;

/// One entry per state: CSS class, name, meaning.
pub const STATES: &[(&str, &str, &str)] = &[
    (
        "st-idle",
        "idle",
        "no token offered, consumer not ready (valid = 0, ready = 0)",
    ),
    (
        "st-accept",
        "accept",
        "consumer ready, no token yet (valid = 0, ready = 1)",
    ),
    (
        "st-stall",
        "stall",
        "token offered but the consumer is busy: back-pressure (valid = 1, ready = 0)",
    ),
    (
        "st-transfer",
        "transfer",
        "the token moves this cycle, its marker carrying the value (valid = 1, ready = 1)",
    ),
    (
        "deadlock",
        "deadlock",
        "holds a token no unit will ever take (the run's last cycle)",
    ),
];

/// A short channel drawn in `class`'s pattern and colour.
pub fn state_line(class: &'static str) -> impl IntoView {
    view! {
        <svg class="key-line" width="34" height="10" aria-hidden="true">
            <g class=format!("channel {class}")>
                <path class="wire" d="M2 5 H32" />
            </g>
        </svg>
    }
}

/// The key, one line.
#[component]
pub fn StateKey() -> impl IntoView {
    view! {
        <ul class="state-key" data-testid="state-key" aria-label="Channel states">
            {STATES
                .iter()
                .map(|&(class, name, meaning)| {
                    view! { <li title=meaning>{state_line(class)}{name}</li> }
                })
                .collect_view()}
        </ul>
    }
}
