//! The output pane: what the compiler says about the current source.

use leptos::prelude::*;
use rivulet_core::diag::SourceMap;

/// Shows the caret position (computed by the core) and source statistics.
#[component]
pub fn Output(source: Signal<String>, cursor: Signal<u32>) -> impl IntoView {
    let position = move || {
        let mut map = SourceMap::new();
        let file = map.add("kernel.c", source.get());
        let at = map.line_col(file, cursor.get());
        format!("Ln {}, Col {}", at.line, at.col)
    };
    let lines = move || source.with(|s| s.lines().count());
    view! {
        <section class="pane output-pane">
            <h2>"Output"</h2>
            <p class="status">
                <span data-testid="caret">{position}</span>
                " · "
                <span data-testid="line-count">{lines}</span>
                " lines"
            </p>
        </section>
    }
}
