//! The page header: product name and compiler version.

use leptos::prelude::*;

/// The header bar.
#[component]
pub fn Header() -> impl IntoView {
    view! {
        <header class="topbar">
            <h1>"Rivulet"</h1>
            <span class="tagline">"C to dataflow circuits, in your browser"</span>
            <span class="version" data-testid="version">{rivulet_core::banner()}</span>
        </header>
    }
}
