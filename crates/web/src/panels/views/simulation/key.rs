//! The always-visible key of the replay: what each channel pattern and colour means. The
//! states differ by line pattern as well as by colour (a colour-blind-safe palette), so the
//! graph reads in greyscale too.

use leptos::prelude::*;

/// One entry: CSS state class, name, meaning.
const STATES: &[(&str, &str, &str)] = &[
    ("st-idle", "idle", "no token offered"),
    (
        "st-accept",
        "ready",
        "the consumer could take a token; none offered",
    ),
    (
        "st-stall",
        "stall",
        "a token offered, the consumer not ready (back-pressure)",
    ),
    (
        "st-transfer",
        "transfer",
        "a token moves this cycle (the marker carries its value)",
    ),
    (
        "deadlock",
        "deadlock",
        "holds a token no one will ever take",
    ),
];

/// The key, one line.
#[component]
pub fn StateKey() -> impl IntoView {
    view! {
        <ul class="state-key" data-testid="state-key" aria-label="Channel states">
            {STATES
                .iter()
                .map(|&(class, name, meaning)| {
                    view! {
                        <li title=meaning>
                            <svg class="key-line" width="34" height="10" aria-hidden="true">
                                <g class=format!("channel {class}")>
                                    <path class="wire" d="M2 5 H32" />
                                </g>
                            </svg>
                            {name}
                        </li>
                    }
                })
                .collect_view()}
        </ul>
    }
}
