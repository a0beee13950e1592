//! The compile bar: Compile and Cancel buttons, the progress line naming the current stage, and
//! the mark saying the results are out of date when the code changed since they were compiled.

use crate::client::CompileStatus;
use crate::state::use_session;
use leptos::prelude::*;

/// Compile/Cancel and the progress line.
#[component]
pub fn CompileBar() -> impl IntoView {
    let session = use_session();
    let compiler = session.compiler;
    let busy = move || compiler.status.get().is_busy();
    let line = move || match compiler.status.get() {
        CompileStatus::Idle => "Press Compile or Ctrl+Enter.".to_string(),
        CompileStatus::Starting => "Starting the compiler…".to_string(),
        CompileStatus::Running(stage) if stage == "sent" => "Compiling…".to_string(),
        CompileStatus::Running(stage) => format!("Compiling: {stage}…"),
        CompileStatus::Cancelled => "Cancelled.".to_string(),
        CompileStatus::Failed(why) => format!("Failed: {why}"),
        CompileStatus::Done => compiler.outcome.with(|o| match o {
            Some(o) => format!(
                "Done in {:.0} ms by {} · {} · {}",
                o.millis,
                o.compiler,
                count(o.diagnostics.len(), "diagnostic"),
                count(o.stages.len(), "pass"),
            ),
            None => "Done.".to_string(),
        }),
    };
    let state = move || match compiler.status.get() {
        CompileStatus::Idle => "idle",
        CompileStatus::Starting | CompileStatus::Running(_) => "running",
        CompileStatus::Done => "done",
        CompileStatus::Cancelled => "cancelled",
        CompileStatus::Failed(_) => "failed",
    };
    view! {
        <div class="compile-bar">
            <button
                class="button primary"
                data-testid="compile"
                on:click=move |_| session.compile()
                title="Compile (Ctrl+Enter)"
            >
                "Compile"
            </button>
            <button
                class="button"
                data-testid="cancel"
                disabled=move || !busy()
                on:click=move |_| compiler.cancel()
            >
                "Cancel"
            </button>
            <span class="progress" data-testid="progress" data-state=state aria-live="polite">
                {line}
            </span>
            {move || session.stale().then(|| view! {
                <span class="stale-mark" data-testid="stale" role="status">
                    "changed — Compile (Ctrl+Enter)"
                </span>
            })}
            <span class="progress-log" data-testid="progress-log">
                {move || compiler.progress.get().join(" → ")}
            </span>
        </div>
    }
}

fn count(n: usize, what: &str) -> String {
    match (n, what.ends_with('s')) {
        (1, _) => format!("1 {what}"),
        (_, true) => format!("{n} {what}es"),
        _ => format!("{n} {what}s"),
    }
}
