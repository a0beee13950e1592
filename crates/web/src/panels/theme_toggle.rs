//! The light/dark theme toggle.

use crate::theme::{self, Theme};
use leptos::prelude::*;

/// A button switching between the light and dark themes.
#[component]
pub fn ThemeToggle() -> impl IntoView {
    let current = RwSignal::new(theme::initial());
    theme::apply(current.get_untracked(), false);
    let toggle = move |_| {
        let next = current.get_untracked().toggled();
        theme::apply(next, true);
        current.set(next);
    };
    view! {
        <button
            class="button"
            data-testid="theme-toggle"
            on:click=toggle
            title="Switch between light and dark themes"
        >
            {move || match current.get() {
                Theme::Light => "☾ Dark",
                Theme::Dark => "☀ Light",
            }}
        </button>
    }
}
