//! The URL fragment side of share links: write the state into it, read it back at load.
//!
//! The codec itself (versioning, compression, validation) is `rivulet_core::share`; this module
//! only talks to `window.location`, `history` and the clipboard.

use crate::examples::default_example;
use crate::state::Session;
use leptos::prelude::*;
use rivulet_core::share;

/// Writes the session into the fragment (without adding a history entry) and returns the
/// full link.
pub fn write_link(session: &Session) -> String {
    let fragment = share::encode(&session.snapshot());
    let Some(window) = web_sys::window() else {
        return format!("#{fragment}");
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("#{fragment}")),
        );
    }
    window
        .location()
        .href()
        .unwrap_or_else(|_| format!("#{fragment}"))
}

/// Copies `text` to the clipboard (best effort: the link stays shown either way).
pub fn copy_to_clipboard(text: &str) {
    if let Some(window) = web_sys::window() {
        // The promise is dropped: failure (no permission) leaves the link in its field.
        let _ = window.navigator().clipboard().write_text(text);
    }
}

/// Restores the session from the page's fragment, if it holds one, and compiles it: a link opens
/// with its circuit, not just its code. An empty fragment keeps the current state; a malformed
/// one shows a notice and the default example (not compiled).
pub fn restore_from_location(session: &Session) {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    restore_from_fragment(session, &hash);
}

/// Restores the session from a fragment such as `#v1.…` (see [`restore_from_location`]).
pub fn restore_from_fragment(session: &Session, fragment: &str) {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.is_empty() {
        return;
    }
    match share::decode(fragment) {
        Ok(state) => {
            session.restore(state);
            session.notice.set(None);
            // Queued until the worker is ready when the page is still loading.
            session.compile();
        }
        Err(e) => {
            session.load_example(default_example());
            session.notice.set(Some(format!(
                "This link could not be opened: {e}. Showing the default example instead."
            )));
        }
    }
}
