//! Which drawing of the circuit the Graph tab shows: the compilation's full view, or the
//! worker's drawing with the user's [`crate::view_choice::ViewChoice`] (simplified, blocks
//! collapsed), asked for when the choice or the circuit changes. While it is on its way the
//! full view stays.

use crate::state::{use_session, Session};
use leptos::prelude::*;
use rivulet_core::view::{GraphView, ViewOptions};
use std::sync::Arc;

/// A graph and the worker's time for it; `None` inside: no circuit; `None` outside: nothing
/// compiled.
type Shown = Option<Option<(Arc<GraphView>, f64)>>;

/// The graph to show, given the compilation's full view `full`.
pub fn shown(session: Session, full: Memo<Shown>) -> Memo<Shown> {
    let wanted = Memo::new(move |_| {
        let units = full.with(|f| f.as_ref()?.as_ref().map(|(g, _)| g.units.len()))?;
        Some(session.view_choice.with(|c| c.options(units)))
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
        let options = wanted.get();
        if options.is_none() || options == Some(ViewOptions::default()) {
            return full.get();
        }
        session.compiler.viewed.with(|v| match v {
            Some(v) if Some(&v.options) == options.as_ref() => {
                Some(Some((v.graph.clone(), v.millis)))
            }
            _ => full.get(),
        })
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
