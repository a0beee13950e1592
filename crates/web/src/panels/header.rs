//! The page header: product name, examples menu, file opening, share link, presentation and
//! pane toggles, theme toggle and version.

use super::{
    examples_menu::ExamplesMenu, layout::ViewToggles, open_files::OpenFiles,
    share_button::ShareButton, theme_toggle::ThemeToggle,
};
use leptos::prelude::*;

/// The header bar.
#[component]
pub fn Header() -> impl IntoView {
    view! {
        <header class="topbar">
            <h1>"Rivulet"</h1>
            <span class="tagline">"C to dataflow circuits, in your browser"</span>
            <ExamplesMenu />
            <OpenFiles />
            <ShareButton />
            <ViewToggles />
            <ThemeToggle />
            <span class="version" data-testid="version">{rivulet_core::banner()}</span>
        </header>
    }
}
