//! Work kept in the browser: the sources and options are saved in `localStorage` as they
//! change and restored on the next visit (a share link, when the page opens with one, wins).
//!
//! The stored text is a share-link fragment (`rivulet_core::share`), so it is versioned and
//! validated like a link: a corrupted or outdated entry is ignored, never trusted.

use crate::state::Session;
use leptos::prelude::*;
use rivulet_core::share;

const STORAGE_KEY: &str = "rivulet-work";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Restores the saved work, if there is valid work saved; true if it did.
pub fn restore(session: &Session) -> bool {
    let Some(text) = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()) else {
        return false;
    };
    match share::decode(&text) {
        Ok(mut state) => {
            // Only the sources and options: a reload starts on a fresh scene.
            state.scene = share::Scene::default();
            session.restore(state);
            true
        }
        Err(_) => false,
    }
}

/// Saves the sources and options whenever they change (for the page's lifetime).
pub fn keep(session: Session) {
    Effect::new(move |_| {
        session.files.track();
        session.options.track();
        let mut state = session.snapshot();
        state.scene = share::Scene::default();
        if let Some(s) = storage() {
            // A full storage quota only loses the autosave; the page keeps working.
            let _ = s.set_item(STORAGE_KEY, &share::encode(&state));
        }
    });
}
