//! The pipeline view: every stage of the pipeline, with its time and IR text when it ran,
//! or "stage not available yet" when the compiler did not produce it.

use crate::protocol::{StageOutcome, STAGES};
use crate::state::use_session;
use leptos::prelude::*;

/// The list of stages and the IR of the selected one.
#[component]
pub fn PipelineView() -> impl IntoView {
    let session = use_session();
    let outcome = session.compiler.outcome;
    let selected = RwSignal::new(None::<String>);
    let ran = move |name: &str| -> Option<StageOutcome> {
        outcome.with(|o| o.as_ref()?.stages.iter().find(|s| s.name == name).cloned())
    };
    let ir = move || selected.get().and_then(|name| ran(&name)).map(|s| s.ir);
    view! {
        <div class="pipeline">
            <ol class="stages" data-testid="stages">
                {STAGES
                    .iter()
                    .map(|&(name, what)| {
                        let info = move || match ran(name) {
                            Some(s) => format!("{:.1} ms", s.millis),
                            None if outcome.with(Option::is_some) => "stage not available yet".to_string(),
                            None => "not compiled".to_string(),
                        };
                        view! {
                            <li>
                                <button
                                    class="stage"
                                    class:ran=move || ran(name).is_some()
                                    data-testid=format!("stage-{name}")
                                    disabled=move || ran(name).is_none()
                                    on:click=move |_| selected.set(Some(name.to_string()))
                                >
                                    <span class="stage-name">{name}</span>
                                    <span class="stage-what">{what}</span>
                                    <span class="stage-info">{info}</span>
                                </button>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
            {move || {
                ir().map(|text| {
                    let copy = text.clone();
                    view! {
                        <div class="ir">
                            <button
                                class="button small"
                                data-testid="copy-ir"
                                on:click=move |_| crate::share_link::copy_to_clipboard(&copy)
                            >
                                "Copy"
                            </button>
                            <pre class="ir-text" data-testid="ir-text">{text}</pre>
                        </div>
                    }
                })
            }}
        </div>
    }
}
