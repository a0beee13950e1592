//! The editor's side of linking source and circuit ([`crate::source_link`]): a layer under the
//! text tinting each line that produced units with its colour band, the selected unit's lines
//! marked (the editor switches to their file and scrolls them into view), and the caret's line
//! told to the session so the graph can light up that line's units.
//!
//! Bands are only drawn while the text is the one compiled: after an edit, lines may have moved.

use crate::source_link::{band_layer, line_at, line_bands};
use crate::state::{use_session, Session};
use leptos::prelude::*;
use rivulet_core::view::ViewOrigin;
use std::collections::BTreeMap;

/// The band layer of the active file (`file`: its name and text).
#[component]
pub fn BandLayer(file: Memo<(String, String)>) -> impl IntoView {
    let session = use_session();
    let bands = Memo::new(move |_| {
        session.compiler.outcome.with(|o| {
            o.as_ref()
                .and_then(|o| o.graph.as_ref())
                .map(line_bands)
                .unwrap_or_default()
        })
    });
    let picked = Memo::new(move |_| selected_origin(session));
    // The selected unit's lines: show their file, then bring them into view.
    Effect::new(move |_| {
        let Some(origin) = picked.get() else { return };
        let open = session
            .files
            .with_untracked(|f| f.iter().position(|f| f.name == origin.file));
        if let Some(index) = open {
            if session.active.get_untracked() != index {
                session.active.set(index);
            }
            request_animation_frame(scroll_to_picked);
        }
    });
    let html = move || {
        let (name, text) = file.get();
        let lines = text.split('\n').count();
        if session.stale() {
            return band_layer(lines, |_| None, None, None);
        }
        let here = |o: &ViewOrigin| o.file == name;
        let span = picked.with(|p| {
            p.as_ref()
                .filter(|o| here(o))
                .map(|o| (o.line, o.end_line.max(o.line)))
        });
        let cursor = session.cursor_line.with(|c| {
            c.as_ref()
                .filter(|(f, _)| *f == name)
                .map(|&(_, line)| line)
        });
        bands.with(|b: &BTreeMap<_, usize>| {
            band_layer(
                lines,
                |line| b.get(&(name.clone(), line)).copied(),
                span,
                cursor,
            )
        })
    };
    view! { <pre class="layer bands" aria-hidden="true" data-testid="bands" inner_html=html></pre> }
}

/// Tells `session` which line of `file` (name, text) the caret at byte `offset` is on.
pub fn point_at(session: Session, file: &(String, String), offset: u32) {
    let line = line_at(&file.1, offset as usize);
    let here = Some((file.0.clone(), line));
    if session.cursor_line.with_untracked(|c| *c != here) {
        session.cursor_line.set(here);
    }
}

/// The selected unit's C range, if it has one (tracked).
fn selected_origin(session: Session) -> Option<ViewOrigin> {
    let name = session.selected_unit.get()?;
    session.compiler.outcome.with(|o| {
        let graph = o.as_ref()?.graph.as_ref()?;
        graph.units.iter().find(|u| u.name == name)?.origin.clone()
    })
}

/// Scrolls the code box so that the first picked line is in its middle.
fn scroll_to_picked() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let (Ok(Some(code)), Ok(Some(line))) = (
        doc.query_selector("[data-testid=code]"),
        doc.query_selector("[data-testid=bands] .picked"),
    ) else {
        return;
    };
    let (box_rect, line_rect) = (
        code.get_bounding_client_rect(),
        line.get_bounding_client_rect(),
    );
    let off_centre = line_rect.top() - box_rect.top() - box_rect.height() / 2.0;
    code.set_scroll_top(code.scroll_top() + off_centre as i32);
}
