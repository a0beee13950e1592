//! The examples menu: corpus kernels, each with what it teaches, and a blank kernel; picking
//! one loads its files (edited code it replaces can be brought back from the notice).
//! Escape or a click outside the menu closes it.

use crate::examples::{Example, BLANK, EXAMPLES};
use crate::state::use_session;
use leptos::html::Details;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A drop-down listing [`EXAMPLES`].
#[component]
pub fn ExamplesMenu() -> impl IntoView {
    let session = use_session();
    let menu = NodeRef::<Details>::new();
    let close = move || {
        if let Some(details) = menu.get_untracked() {
            details.set_open(false);
        }
    };
    let pick = move |example: &'static Example| {
        session.pick_example(example);
        close();
    };
    let on_key = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            close();
        }
    });
    let on_pointer = window_event_listener(leptos::ev::pointerdown, move |ev| {
        let inside = menu.get_untracked().is_some_and(|details| {
            ev.target()
                .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
                .is_some_and(|node| details.contains(Some(&node)))
        });
        if !inside {
            close();
        }
    });
    on_cleanup(move || {
        on_key.remove();
        on_pointer.remove();
    });
    view! {
        <details class="menu" node_ref=menu>
            <summary class="button" data-testid="examples-button">"Examples ▾"</summary>
            <ul class="menu-list" data-testid="examples-menu">
                {EXAMPLES
                    .iter()
                    .chain([&BLANK])
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
