//! "Copy link": encodes the whole session into the URL fragment and shows the link.

use crate::share_link::{copy_to_clipboard, write_link};
use crate::state::use_session;
use leptos::prelude::*;

/// The share button and, once used, the link in a read-only field.
#[component]
pub fn ShareButton() -> impl IntoView {
    let session = use_session();
    let link = RwSignal::new(None::<String>);
    let share = move |_| {
        let url = write_link(&session);
        copy_to_clipboard(&url);
        link.set(Some(url));
    };
    view! {
        <button class="button" data-testid="share" on:click=share title="Put the sources and options in the address and copy it">
            "Copy link"
        </button>
        {move || {
            link.get()
                .map(|url| {
                    view! {
                        <input
                            class="share-url"
                            data-testid="share-url"
                            readonly
                            prop:value=url
                            on:focus=|ev| {
                                use wasm_bindgen::JsCast;
                                if let Some(input) = ev
                                    .target()
                                    .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                                {
                                    input.select();
                                }
                            }
                        />
                    }
                })
        }}
    }
}
