//! The code area: a transparent text area over a highlighted layer, a marker layer and the
//! source-link band layer ([`super::links`]), with a line-number gutter, all in one scrolling
//! box so they scroll together without syncing.
//!
//! Invariant: the three layers hold the same characters with the same font metrics; the
//! highlight and marker layers are built by `crate::highlight`, which escapes all user text.

use super::in_file;
use super::links::{point_at, BandLayer};
use crate::highlight::{gutter, highlight, markers, Marker};
use crate::protocol::WireDiagnostic;
use crate::state::use_session;
use leptos::html::Textarea;
use leptos::prelude::*;
use rivulet_core::diag::{Severity, SourceMap};
use web_sys::HtmlTextAreaElement;

/// The editable, highlighted source of the active tab.
#[component]
pub fn Code(
    /// Diagnostics of the latest compilation (all files).
    diagnostics: Signal<Vec<WireDiagnostic>>,
    /// A byte range of the active file to select, set from outside.
    jump: RwSignal<Option<(u32, u32)>>,
) -> impl IntoView {
    let session = use_session();
    let area = NodeRef::<Textarea>::new();
    let caret = RwSignal::new(0u32);
    let file = Memo::new(move |_| {
        let active = session.active.get();
        session
            .files
            .with(|f| f.get(active).map(|f| (f.name.clone(), f.text.clone())))
            .unwrap_or_default()
    });
    let text = move || file.with(|(_, t)| t.clone());
    let here = Memo::new(move |_| {
        file.with(|(name, _)| diagnostics.with(|d| in_file(d, name).cloned().collect::<Vec<_>>()))
    });
    // Read `file` before `here` in these closures: both are then tracked (reading the memo
    // `here` first, which itself reads `file`, left the closure untracked on `file`).
    let marker_html = move || {
        let text = file.with(|(_, t)| t.clone());
        let list: Vec<Marker> = here.with(|d| {
            d.iter()
                .filter_map(|d| {
                    d.at.as_ref().map(|at| Marker {
                        start: at.start as usize,
                        end: at.end as usize,
                        severity: d.severity,
                        title: d.message.clone(),
                    })
                })
                .collect()
        });
        markers(&text, &list)
    };
    let gutter_html = move || {
        let lines = file.with(|(_, t)| t.split('\n').count());
        let flagged: Vec<(u32, Severity, String)> = here.with(|d| {
            d.iter()
                .filter_map(|d| {
                    let at = d.at.as_ref()?;
                    Some((at.line, d.severity, d.message.clone()))
                })
                .collect()
        });
        gutter(lines, &flagged)
    };
    let status = move || {
        file.with(|(name, t)| {
            let mut map = SourceMap::new();
            let id = map.add(name.as_str(), t.as_str());
            let at = map.line_col(id, caret.get());
            format!("Ln {}, Col {}", at.line, at.col)
        })
    };
    // The caret moved by the user: its line's units light up in the graph.
    let point = move |caret: RwSignal<u32>, area| {
        track_caret(caret, area);
        point_at(session, &file.get_untracked(), caret.get_untracked());
    };
    let on_input = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        let active = session.active.get_untracked();
        session.files.update(|f| {
            if let Some(file) = f.get_mut(active) {
                file.text = value;
            }
        });
        track_caret(caret, area);
    };
    Effect::new(move |_| {
        let Some((start, end)) = jump.get() else {
            return;
        };
        if let Some(el) = area.get() {
            let t = el.value();
            let _ = el.focus();
            let _ = el.set_selection_range(
                byte_to_utf16_offset(&t, start as usize),
                byte_to_utf16_offset(&t, end as usize),
            );
            track_caret(caret, area);
        }
        jump.set(None);
    });
    view! {
        <div class="code" data-testid="code">
            <pre class="gutter" aria-hidden="true" data-testid="line-numbers" inner_html=gutter_html></pre>
            <div class="code-stack">
                <BandLayer file=file />
                <pre class="layer markers" aria-hidden="true" data-testid="markers" inner_html=marker_html></pre>
                <pre class="layer highlight" aria-hidden="true" data-testid="highlight" inner_html=move || file.with(|(_, t)| highlight(t))></pre>
                <textarea
                    class="layer input"
                    data-testid="editor"
                    node_ref=area
                    spellcheck="false"
                    autocomplete="off"
                    wrap="off"
                    rows="1"
                    cols="1"
                    aria-label="Source code"
                    prop:value=text
                    on:input=on_input
                    on:keyup=move |_| point(caret, area)
                    on:click=move |_| point(caret, area)
                ></textarea>
            </div>
        </div>
        <p class="status">
            <span data-testid="caret">{status}</span>
            " · "
            <span data-testid="line-count">{move || file.with(|(_, t)| t.lines().count())}</span>
            " lines · Ctrl+Enter compiles"
        </p>
    }
}

/// Stores the caret's byte offset into `caret`.
fn track_caret(caret: RwSignal<u32>, area: NodeRef<Textarea>) {
    let Some(el) = area.get_untracked() else {
        return;
    };
    let el: &HtmlTextAreaElement = &el;
    let utf16 = el.selection_start().ok().flatten().unwrap_or(0) as usize;
    caret.set(utf16_to_byte_offset(&el.value(), utf16) as u32);
}

/// Converts an offset in UTF-16 code units (the DOM's) into a byte offset of `text`.
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

/// Converts a byte offset of `text` into UTF-16 code units.
fn byte_to_utf16_offset(text: &str, byte: usize) -> u32 {
    text.char_indices()
        .take_while(|(i, _)| *i < byte)
        .map(|(_, c)| c.len_utf16() as u32)
        .sum()
}
