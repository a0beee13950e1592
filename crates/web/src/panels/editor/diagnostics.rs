//! The diagnostics list: every diagnostic of the latest compilation with its location;
//! clicking one opens its file and selects its range.

use crate::protocol::WireDiagnostic;
use crate::state::use_session;
use leptos::prelude::*;

/// The list under the code.
#[component]
pub fn DiagnosticsList(
    /// Diagnostics of the latest compilation.
    diagnostics: Signal<Vec<WireDiagnostic>>,
    /// Where to send a clicked diagnostic's range.
    jump: RwSignal<Option<(u32, u32)>>,
) -> impl IntoView {
    let session = use_session();
    let open = move |d: &WireDiagnostic| {
        let Some(at) = &d.at else { return };
        let index = session
            .files
            .with_untracked(|f| f.iter().position(|f| f.name == at.file));
        if let Some(index) = index {
            session.active.set(index);
            jump.set(Some((at.start, at.end)));
        }
    };
    view! {
        <ul class="diagnostics" data-testid="diagnostics">
            {move || {
                diagnostics
                    .get()
                    .into_iter()
                    .map(|d| {
                        let place = d
                            .at
                            .as_ref()
                            .map(|at| format!("{}:{}:{}", at.file, at.line, at.col))
                            .unwrap_or_default();
                        let class = format!("diag diag-{}", d.severity);
                        let notes = d.notes.join(" · ");
                        let item = d.clone();
                        view! {
                            <li class=class>
                                <button class="diag-open" data-testid="diagnostic" on:click=move |_| open(&item)>
                                    <span class="diag-sev">{d.severity.name()}</span>
                                    <span class="diag-place">{place}</span>
                                    <span class="diag-msg">{d.message.clone()}</span>
                                </button>
                                {(!notes.is_empty()).then(|| view! { <div class="diag-notes">{notes}</div> })}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
    }
}
