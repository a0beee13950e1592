//! The root component: header, editor pane and output pane.

use crate::panels::{editor::Editor, header::Header, output::Output};
use leptos::prelude::*;

/// The kernel shown when the page opens.
const DEFAULT_SOURCE: &str = include_str!("../../../assets/examples/fir.c");

/// The whole application.
#[component]
pub fn App() -> impl IntoView {
    let source = RwSignal::new(DEFAULT_SOURCE.to_string());
    let cursor = RwSignal::new(0u32);
    view! {
        <Header />
        <main class="workspace">
            <Editor source=source cursor=cursor />
            <Output source=source.into() cursor=cursor.into() />
        </main>
    }
}
