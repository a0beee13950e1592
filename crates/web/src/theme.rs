//! Light and dark themes: the first visit follows `prefers-color-scheme`; the toggle's choice
//! is remembered in `localStorage` and applied as `data-theme` on `<html>`.

/// A colour theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// Dark text on light panes.
    Light,
    /// Light text on dark panes.
    Dark,
}

const STORAGE_KEY: &str = "rivulet-theme";

impl Theme {
    /// The attribute value and storage value.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The other theme.
    pub fn toggled(self) -> Theme {
        match self {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        }
    }
}

/// The remembered theme, else the system preference, else light.
pub fn initial() -> Theme {
    let Some(window) = web_sys::window() else {
        return Theme::Light;
    };
    let stored = window
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    match stored.as_deref() {
        Some("dark") => return Theme::Dark,
        Some("light") => return Theme::Light,
        _ => {}
    }
    let prefers_dark = window
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    if prefers_dark {
        Theme::Dark
    } else {
        Theme::Light
    }
}

/// Applies a theme to the document and remembers it.
pub fn apply(theme: Theme, remember: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Some(root) = window.document().and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-theme", theme.name());
    }
    if remember {
        if let Some(storage) = window.local_storage().ok().flatten() {
            let _ = storage.set_item(STORAGE_KEY, theme.name());
        }
    }
}
