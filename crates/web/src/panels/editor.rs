//! The source editor pane (a plain text area for now).

use leptos::prelude::*;
use web_sys::HtmlTextAreaElement;

/// Edits `source`; keeps `cursor` at the caret's byte offset.
#[component]
pub fn Editor(source: RwSignal<String>, cursor: RwSignal<u32>) -> impl IntoView {
    view! {
        <section class="pane editor-pane">
            <h2>"Kernel"</h2>
            <textarea
                class="editor"
                data-testid="editor"
                spellcheck="false"
                prop:value=move || source.get()
                on:input=move |ev| {
                    source.set(event_target_value(&ev));
                    track_caret(cursor, ev.as_ref());
                }
                on:keyup=move |ev| track_caret(cursor, ev.as_ref())
                on:click=move |ev| track_caret(cursor, ev.as_ref())
            ></textarea>
        </section>
    }
}

/// Stores the caret's byte offset of the text area that raised `ev` into `cursor`.
fn track_caret(cursor: RwSignal<u32>, ev: &web_sys::Event) {
    let area = event_target::<HtmlTextAreaElement>(ev);
    let utf16 = area.selection_start().ok().flatten().unwrap_or(0) as usize;
    // The DOM counts UTF-16 units; the core counts bytes.
    let byte = utf16_to_byte_offset(&area.value(), utf16);
    cursor.set(byte as u32);
}

/// Converts an offset in UTF-16 code units into a byte offset of `text`.
fn utf16_to_byte_offset(text: &str, utf16: usize) -> usize {
    let mut units = 0;
    for (byte, ch) in text.char_indices() {
        if units >= utf16 {
            return byte;
        }
        units += ch.len_utf16();
    }
    text.len()
}
