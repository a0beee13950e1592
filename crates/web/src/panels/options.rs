//! Compilation options: buffer placement algorithm, clock period and output language. A change
//! recompiles when something was compiled ([`crate::state::Session::change_options`]).

use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::options::{BufferAlgorithm, Hdl};

/// The options row.
#[component]
pub fn Options() -> impl IntoView {
    let session = use_session();
    let options = session.options;
    view! {
        <div class="options">
            <label>
                "Buffers "
                <select
                    data-testid="opt-buffers"
                    prop:value=move || options.with(|o| o.buffer_algorithm.name())
                    on:change=move |ev| {
                        if let Some(a) = BufferAlgorithm::from_name(&event_target_value(&ev)) {
                            session.change_options(|o| o.buffer_algorithm = a);
                        }
                    }
                >
                    {BufferAlgorithm::ALL
                        .iter()
                        .map(|a| view! { <option value=a.name()>{a.name()}</option> })
                        .collect_view()}
                </select>
            </label>
            <label>
                "Clock (ns) "
                <input
                    type="number"
                    min="0.1"
                    max="10000"
                    step="0.1"
                    class="clock"
                    data-testid="opt-clock"
                    prop:value=move || options.with(|o| o.clock_period_ns.to_string())
                    on:change=move |ev| {
                        let parsed = event_target_value(&ev).parse::<f64>();
                        if let Ok(p) = parsed.map_err(drop).and_then(|p| {
                            if p.is_finite() && p > 0.0 { Ok(p) } else { Err(()) }
                        }) {
                            session.change_options(|o| o.clock_period_ns = p);
                        }
                    }
                />
            </label>
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
