//! The root component: header, notice, workspace (editor pane, splitter, output pane) and global
//! shortcuts.
//!
//! At load the session starts on the default example, then the saved work, if any, replaces
//! it, and the URL fragment (a share link), if any, replaces that; the same happens when the
//! fragment changes while the page is open. A link that recorded a simulation cycle runs the
//! simulation once its compilation is done and shows that cycle.

use crate::client::CompileStatus;
use crate::examples::default_example;
use crate::panels::{
    compile_bar::CompileBar, editor::EditorPane, header::Header, layout::PaneSwitch,
    layout::Splitter, legend::Legend, notice::Notice, options::Options, views::Views,
};
use crate::saved_work;
use crate::share_link::restore_from_location;
use crate::state::{provide_session, Panes, Session};
use leptos::prelude::*;

/// The whole application.
#[component]
pub fn App() -> impl IntoView {
    let session = provide_session(default_example());
    saved_work::restore(&session);
    restore_from_location(&session);
    saved_work::keep(session);
    let on_hash = window_event_listener(leptos::ev::hashchange, move |_| {
        restore_from_location(&session)
    });
    let on_key = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
            ev.prevent_default();
            session.compile();
        }
    });
    on_cleanup(move || {
        on_hash.remove();
        on_key.remove();
    });
    view! { <Workbench /> }
}

/// Everything below the session: usable on its own with a session provided by the caller
/// (the UI tests do this to inject state).
#[component]
pub fn Workbench() -> impl IntoView {
    let session: Session = crate::state::use_session();
    show_awaited_cycle(session);
    present(session);
    // The editor's share of the width on wide screens.
    let split = RwSignal::new(0.5f64);
    let columns = move || {
        let f = split.get();
        (session.panes.get() == Panes::Both).then(|| {
            format!(
                "grid-template-columns: minmax(0, {:.3}fr) 10px minmax(0, {:.3}fr)",
                f,
                1.0 - f
            )
        })
    };
    view! {
        <Header />
        <Notice />
        <PaneSwitch />
        <main class="workspace" data-panes=move || session.panes.get().name() style=columns>
            <EditorPane />
            <Splitter split=split />
            <section class="pane output-pane">
                <CompileBar />
                <Options />
                <Views />
                <Legend />
            </section>
        </main>
    }
}

/// Runs the simulation a link asked for once its compilation is done, then shows its cycle.
fn show_awaited_cycle(session: Session) {
    let compiler = session.compiler;
    compiler.simulate_when_compiled(move || session.awaited_cycle.get().is_some());
    // A compilation without a circuit has nothing to simulate: the link's cycle is dropped.
    Effect::new(move |_| {
        if compiler.status.get() == CompileStatus::Done && !compiler.has_circuit() {
            session.awaited_cycle.set(None);
        }
    });
    Effect::new(move |_| {
        let arrived = compiler
            .simulation
            .with(|s| s.as_ref().map(|s| s.view.is_some()));
        if let (Some(replayable), Some(c)) = (arrived, session.awaited_cycle.get_untracked()) {
            if replayable {
                compiler.shown_cycle.set(c);
            }
            session.awaited_cycle.set(None);
        }
    });
}

/// Presentation mode as `data-presenting` on `<html>` (the stylesheet enlarges the type).
fn present(session: Session) {
    Effect::new(move |_| {
        let on = session.presentation.get();
        let root = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element());
        if let Some(root) = root {
            let _ = if on {
                root.set_attribute("data-presenting", "")
            } else {
                root.remove_attribute("data-presenting")
            };
        }
    });
}
