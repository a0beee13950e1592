//! A dismissable message above the workspace (e.g. a share link that could not be opened).

use crate::state::use_session;
use leptos::prelude::*;

/// Shows the session's notice, if any.
#[component]
pub fn Notice() -> impl IntoView {
    let session = use_session();
    move || {
        session.notice.get().map(|text| {
            view! {
                <div class="notice" role="alert" data-testid="load-message">
                    <span>{text}</span>
                    <button
                        class="button small"
                        data-testid="dismiss-notice"
                        on:click=move |_| session.notice.set(None)
                    >
                        "Dismiss"
                    </button>
                </div>
            }
        })
    }
}
