//! Compilation options: buffer placement algorithm, clock period, memory ordering mode, the
//! load-store queues' depth and output language. A change recompiles when something was compiled ([`crate::state::Session::change_options`]).

use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::lower::MAX_LSQ_DEPTH;
use rivulet_core::options::{BufferAlgorithm, Hdl, MemoryMode};

/// The options row.
#[component]
pub fn Options() -> impl IntoView {
    let session = use_session();
    let options = session.options;
    view! {
        <div class="options">
            <AlgorithmSelect
                testid="opt-buffers"
                value=Signal::derive(move || options.with(|o| o.buffer_algorithm))
                on_pick=move |a| session.change_options(|o| o.buffer_algorithm = a)
            />
            <ClockInput
                testid="opt-clock"
                value=Signal::derive(move || options.with(|o| o.clock_period_ns))
                on_set=move |p| session.change_options(|o| o.clock_period_ns = p)
            />
            <label title="How loads and stores of an array that may conflict are kept in order: \
                          token (the ordering token), lsq (a load-store queue), auto (per array, \
                          by the cost rule)">
                "Memory "
                <select
                    data-testid="opt-memory"
                    prop:value=move || options.with(|o| o.memory.name())
                    on:change=move |ev| {
                        if let Some(m) = MemoryMode::from_name(&event_target_value(&ev)) {
                            session.change_options(|o| o.memory = m);
                        }
                    }
                >
                    {MemoryMode::ALL
                        .iter()
                        .map(|m| view! { <option value=m.name()>{m.name()}</option> })
                        .collect_view()}
                </select>
            </label>
            <DepthInput
                value=Signal::derive(move || options.with(|o| o.lsq_depth))
                disabled=Signal::derive(move || options.with(|o| o.memory == MemoryMode::Token))
                on_set=move |d| session.change_options(|o| o.lsq_depth = d)
            />
            <label>
                "HDL "
                <select
                    data-testid="opt-hdl"
                    prop:value=move || options.with(|o| o.hdl.name())
                    on:change=move |ev| {
                        if let Some(h) = Hdl::from_name(&event_target_value(&ev)) {
                            session.change_options(|o| o.hdl = h);
                        }
                    }
                >
                    {Hdl::ALL
                        .iter()
                        .map(|h| view! { <option value=h.name()>{h.name()}</option> })
                        .collect_view()}
                </select>
            </label>
        </div>
    }
}

/// "Buffers": a buffer placement algorithm to pick (the options row and the buffers lab).
#[component]
pub fn AlgorithmSelect(
    testid: &'static str,
    value: Signal<BufferAlgorithm>,
    on_pick: impl Fn(BufferAlgorithm) + 'static,
) -> impl IntoView {
    view! {
        <label>
            "Buffers "
            <select
                data-testid=testid
                prop:value=move || value.get().name()
                on:change=move |ev| {
                    if let Some(a) = BufferAlgorithm::from_name(&event_target_value(&ev)) {
                        on_pick(a);
                    }
                }
            >
                {BufferAlgorithm::ALL
                    .iter()
                    .map(|a| view! { <option value=a.name()>{a.name()}</option> })
                    .collect_view()}
            </select>
        </label>
    }
}

/// "Clock (ns)": a clock period, taken when it is a finite positive number.
#[component]
pub fn ClockInput(
    testid: &'static str,
    value: Signal<f64>,
    on_set: impl Fn(f64) + 'static,
) -> impl IntoView {
    view! {
        <label>
            "Clock (ns) "
            <input
                type="number"
                min="0.1"
                max="10000"
                step="0.1"
                class="clock"
                data-testid=testid
                prop:value=move || value.get().to_string()
                on:change=move |ev| {
                    if let Ok(p) = event_target_value(&ev).trim().parse::<f64>() {
                        if p.is_finite() && p > 0.0 {
                            on_set(p);
                        }
                    }
                }
            />
        </label>
    }
}

/// "Queue depth": every load-store queue's entries (the CLI's `--lsq-depth`); empty sizes the
/// queues on the kernel's run. A number outside 1 to [`MAX_LSQ_DEPTH`] is not taken (the field
/// shows the depth in force again).
#[component]
fn DepthInput(
    value: Signal<Option<usize>>,
    disabled: Signal<bool>,
    on_set: impl Fn(Option<usize>) + 'static,
) -> impl IntoView {
    view! {
        <label title="Entries of each load-store queue's load and store queues; empty: sized \
                      on the kernel's run (the smallest depths within 5 % of the fastest)">
            "Queue depth "
            <input
                type="number"
                min="1"
                max=MAX_LSQ_DEPTH.to_string()
                step="1"
                placeholder="auto"
                class="depth"
                data-testid="opt-lsq-depth"
                prop:disabled=move || disabled.get()
                prop:value=move || value.get().map_or(String::new(), |d| d.to_string())
                on:change=move |ev| {
                    let text = event_target_value(&ev);
                    let text = text.trim();
                    match text.parse::<usize>() {
                        _ if text.is_empty() => on_set(None),
                        Ok(d) if (1..=MAX_LSQ_DEPTH).contains(&d) => on_set(Some(d)),
                        // Not taken: show the depth in force again.
                        _ => event_target::<web_sys::HtmlInputElement>(&ev).set_value(
                            &value.get_untracked().map_or(String::new(), |d| d.to_string()),
                        ),
                    }
                }
            />
        </label>
    }
}
