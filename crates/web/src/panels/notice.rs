//! A dismissable message above the workspace (e.g. a share link that could not be opened, or
//! an example that replaced edited code, with Undo).

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
                    {move || session.replaced.with(Option::is_some).then(|| view! {
                        <button
                            class="button small"
                            data-testid="undo-example"
                            on:click=move |_| session.undo_example()
                        >
                            "Undo"
                        </button>
                    })}
                    <button
                        class="button small"
                        data-testid="dismiss-notice"
                        on:click=move |_| {
                            session.notice.set(None);
                            session.replaced.set(None);
                        }
                    >
                        "Dismiss"
                    </button>
                </div>
            }
        })
    }
}
