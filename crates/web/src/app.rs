//! The root component: header, notice, editor pane and output pane; global shortcuts.
//!
//! At load the session starts on the default example, then the URL fragment (a share link),
//! if any, replaces it; the same happens when the fragment changes while the page is open.

use crate::examples::default_example;
use crate::panels::{
    compile_bar::CompileBar, editor::EditorPane, header::Header, legend::Legend, notice::Notice,
    options::Options, views::Views,
};
use crate::share_link::restore_from_location;
use crate::state::{provide_session, Session};
use leptos::prelude::*;

/// The whole application.
#[component]
pub fn App() -> impl IntoView {
    let session = provide_session(default_example());
    restore_from_location(&session);
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
    let _: Session = crate::state::use_session();
    view! {
        <Header />
        <Notice />
        <main class="workspace">
            <EditorPane />
            <section class="pane output-pane">
                <CompileBar />
                <Options />
                <Views />
                <Legend />
            </section>
        </main>
    }
}
