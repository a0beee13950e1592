//! Which drawing of the circuit the Graph tab shows: the compilation's full view, or the
//! worker's drawing with the user's [`crate::view_choice::ViewChoice`] (simplified, blocks
//! collapsed), asked for when the choice or the circuit changes. While it is on its way the tab
//! says so (showing the full view meanwhile would make it keep that drawing's viewport). A new
//! choice of drawing forgets the viewport, whose coordinates belonged to the other drawing.

use crate::state::{use_session, Session};
use leptos::prelude::*;
use rivulet_core::view::{GraphView, ViewOptions};
use std::sync::Arc;

/// The compilation's full view and the worker's time for it; `None` inside: no circuit;
/// `None` outside: nothing compiled.
pub type Full = Option<Option<(Arc<GraphView>, f64)>>;

/// What the Graph tab shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Drawing {
    /// Nothing compiled.
    NotCompiled,
    /// The compilation stopped before there was a circuit.
    NoCircuit,
    /// The chosen drawing is on its way from the worker.
    Pending,
    /// A drawing and the worker's time for it.
    Ready(Arc<GraphView>, f64),
}

/// The drawing to show, given the compilation's full view `full`.
pub fn shown(session: Session, full: Memo<Full>) -> Memo<Drawing> {
    let wanted = Memo::new(move |_| {
        let units = full.with(|f| f.as_ref()?.as_ref().map(|(g, _)| g.units.len()))?;
        Some(session.view_choice.with(|c| c.options(units)))
    });
    Effect::new(move |previous: Option<Option<ViewOptions>>| {
        let now = wanted.get();
        if let (Some(Some(before)), Some(after)) = (&previous, &now) {
            if before != after {
                session.viewport.set(None);
            }
        }
        now
    });
    Effect::new(move |_| {
        let Some(options) = wanted.get() else { return };
        let have = session
            .compiler
            .viewed
            .with(|v| v.as_ref().is_some_and(|v| v.options == options));
        if options != ViewOptions::default() && !have {
            session.compiler.request_view(options);
        }
    });
    Memo::new(move |_| {
        let drawing = match full.get() {
            None => return Drawing::NotCompiled,
            Some(None) => return Drawing::NoCircuit,
            Some(Some((g, ms))) => Drawing::Ready(g, ms),
        };
        match wanted.get() {
            Some(options) if options != ViewOptions::default() => {
                session.compiler.viewed.with(|v| match v {
                    Some(v) if v.options == options => Drawing::Ready(v.graph.clone(), v.millis),
                    _ => Drawing::Pending,
                })
            }
            _ => drawing,
        }
    })
}

/// The Simplified switch and, with collapsed blocks, Expand all.
#[component]
pub fn ViewControls() -> impl IntoView {
    let session = use_session();
    let simplified = Memo::new(move |_| {
        let units = session.compiler.outcome.with(|o| {
            o.as_ref()
                .and_then(|o| o.graph.as_ref())
                .map_or(0, |g| g.units.len())
        });
        session.view_choice.with(|c| c.options(units).simplified)
    });
    let any_collapsed = move || session.view_choice.with(|c| !c.collapsed.is_empty());
    view! {
        <div class="graph-choice" data-testid="graph-choice">
            <label title="Hide buffers, forks, sinks and constants: channels are drawn through them and constants written on their consumers">
                <input
                    type="checkbox"
                    data-testid="graph-simplified"
                    prop:checked=simplified
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        session.view_choice.update(|c| c.simplified = Some(on));
                    }
                />
                " Simplified"
            </label>
            <span class="muted">"Click a block's name to collapse it."</span>
            <Show when=any_collapsed>
                <button
                    class="button small"
                    data-testid="graph-expand-all"
                    on:click=move |_| session.view_choice.update(|c| c.collapsed.clear())
                >
                    "Expand all"
                </button>
            </Show>
        </div>
    }
}
