//! The editor pane: file tabs, the kernel-name check, the highlighted code area, a status line
//! and the diagnostics. Files dropped on the pane are opened ([`super::open_files`]).

mod code;
mod diagnostics;
mod kernel_name;
mod links;
mod tabs;

pub use code::Code;
pub use diagnostics::DiagnosticsList;
pub use tabs::Tabs;

use super::open_files::open_list;
use crate::protocol::WireDiagnostic;
use crate::state::use_session;
use kernel_name::KernelNameCheck;
use leptos::prelude::*;

/// The whole editor pane.
#[component]
pub fn EditorPane() -> impl IntoView {
    let session = use_session();
    // A byte range to select in the active file (set by clicking a diagnostic).
    let jump = RwSignal::new(None::<(u32, u32)>);
    let diagnostics = Signal::derive(move || {
        session.compiler.outcome.with(|o| {
            o.as_ref()
                .map(|o| o.diagnostics.clone())
                .unwrap_or_default()
        })
    });
    view! {
        <section
            class="pane editor-pane"
            data-testid="editor-pane"
            on:dragover=|ev: leptos::ev::DragEvent| ev.prevent_default()
            on:drop=move |ev: leptos::ev::DragEvent| {
                if let Some(list) = ev.data_transfer().and_then(|d| d.files()) {
                    if list.length() > 0 {
                        ev.prevent_default();
                        open_list(session, &list);
                    }
                }
            }
        >
            <Tabs />
            <KernelNameCheck />
            <Code diagnostics=diagnostics jump=jump />
            <DiagnosticsList diagnostics=diagnostics jump=jump />
        </section>
    }
}

/// The diagnostics located in the file named `file`.
pub fn in_file<'a>(
    diagnostics: &'a [WireDiagnostic],
    file: &'a str,
) -> impl Iterator<Item = &'a WireDiagnostic> {
    diagnostics
        .iter()
        .filter(move |d| d.at.as_ref().is_some_and(|at| at.file == file))
}
