//! An honest empty view: says what it will show and that the stage behind it does not exist yet.

use leptos::prelude::*;

/// A "not available yet" panel.
#[component]
pub fn Placeholder(
    /// What the view will show once its stage exists.
    what: &'static str,
) -> impl IntoView {
    view! {
        <div class="placeholder" data-testid="not-available">
            <p class="placeholder-title">"Not available yet"</p>
            <p>{what}</p>
            <p class="muted">"The compiler stage behind this view has not been built yet."</p>
        </div>
    }
}
