//! The graph's side of linking source and circuit ([`crate::source_link`]): each unit that came
//! from C shows its line's colour band as a stripe; the units of the line under the editor's
//! caret are lit and brought into view.

use super::viewport::ViewBox;
use crate::source_link::{line_bands, unit_bands, units_on_line};
use crate::state::Session;
use leptos::prelude::*;
use rivulet_core::layout::Rect;
use rivulet_core::view::{GraphView, ViewUnit};
use std::sync::Arc;

/// The units (by index) of the line under the editor's caret; empty when the sources changed
/// since compiling (lines may have moved).
pub fn lit_units(session: Session, graph: Arc<GraphView>) -> Memo<Vec<usize>> {
    Memo::new(move |_| {
        if session.stale() {
            return Vec::new();
        }
        session.cursor_line.with(|c| {
            c.as_ref()
                .map(|(file, line)| units_on_line(&graph, file, *line))
                .unwrap_or_default()
        })
    })
}

/// Keeps the lit units in sight: pans to them (same zoom) when they are off the middle of `vb`.
pub fn follow_lit(graph: Arc<GraphView>, lit: Memo<Vec<usize>>, vb: RwSignal<ViewBox>) {
    Effect::new(move |_| {
        let centres: Vec<(f64, f64)> = lit.with(|l| {
            l.iter()
                .filter_map(|&i| graph.units.get(i))
                .map(|u| {
                    (
                        u.rect.x + u.rect.width / 2.0,
                        u.rect.y + u.rect.height / 2.0,
                    )
                })
                .collect()
        });
        if let Some(v) = vb.get_untracked().following(&centres) {
            vb.set(v);
        }
    });
}

/// Each unit's band (by index), if it came from a line. Bands are numbered over the
/// compilation's full view, as the editor numbers them, so that a simplified drawing (where some
/// lines have no units left) keeps the editor's colours.
pub fn bands(session: Session, graph: &GraphView) -> Vec<Option<usize>> {
    let lines = session
        .compiler
        .outcome
        .with_untracked(|o| o.as_ref().and_then(|o| o.graph.as_ref()).map(line_bands))
        .unwrap_or_else(|| line_bands(graph));
    unit_bands(graph, &lines)
}

/// The band stripe along a unit's left edge.
pub fn stripe(band: Option<usize>, r: Rect) -> Option<impl IntoView> {
    let band = band?;
    Some(view! {
        <rect class=format!("band-stripe band-{band}") x=r.x - 5.0 y=r.y + 2.0 width=3.0 height=(r.height - 4.0).max(1.0) />
    })
}

/// ` From fir.c line 10.` (or `lines 9–11`), or nothing for units that did not come from C.
pub fn from_lines(u: &ViewUnit) -> String {
    match &u.origin {
        Some(o) if o.end_line > o.line => {
            format!(" From {} lines {}–{}.", o.file, o.line, o.end_line)
        }
        Some(o) => format!(" From {} line {}.", o.file, o.line),
        None => String::new(),
    }
}
