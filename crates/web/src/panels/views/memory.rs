//! Each array's memory interface in the latest compilation, one line per array as `rivulet
//! sim` prints it (`memory hist: load-store queue (…)`): a memory controller, the ordering
//! token or a load-store queue, why, and a queue's cost in entries and comparators.

use crate::state::use_session;
use leptos::prelude::*;

/// The memory interfaces of the latest compilation (nothing when it has no memory).
#[component]
pub fn MemoryInterfaces() -> impl IntoView {
    let session = use_session();
    let lines = move || {
        session
            .compiler
            .outcome
            .with(|o| o.as_ref().map(|o| o.interfaces.clone()).unwrap_or_default())
    };
    move || {
        let lines = lines();
        (!lines.is_empty()).then(|| {
            view! {
                <ul class="memory-interfaces" data-testid="memory-interfaces">
                    {lines
                        .into_iter()
                        .map(|m| {
                            view! {
                                <li
                                    data-testid="memory-interface"
                                    data-memory=m.memory.clone()
                                    data-queue=m.queue.to_string()
                                >
                                    {m.line()}
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            }
        })
    }
}
