//! The examples menu: corpus kernels, each with what it teaches; picking one loads its files.

use crate::examples::{Example, EXAMPLES};
use crate::state::use_session;
use leptos::html::Details;
use leptos::prelude::*;

/// A drop-down listing [`EXAMPLES`].
#[component]
pub fn ExamplesMenu() -> impl IntoView {
    let session = use_session();
    let menu = NodeRef::<Details>::new();
    let pick = move |example: &'static Example| {
        session.load_example(example);
        session.notice.set(None);
        if let Some(details) = menu.get_untracked() {
            details.set_open(false);
        }
    };
    view! {
        <details class="menu" node_ref=menu>
            <summary class="button" data-testid="examples-button">"Examples ▾"</summary>
            <ul class="menu-list" data-testid="examples-menu">
                {EXAMPLES
                    .iter()
                    .map(|example| {
                        view! {
                            <li>
                                <button
                                    class="menu-item"
                                    data-testid=format!("example-{}", example.name)
                                    on:click=move |_| pick(example)
                                >
                                    <span class="menu-name">{example.name}</span>
                                    <span class="menu-teaches">{example.teaches}</span>
                                </button>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </details>
    }
}
