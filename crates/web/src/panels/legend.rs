//! "What am I looking at?": every unit class's glyph in the graph with the sentence that
//! explains it (the core's, also the units' hover text) and the handshake states of channels.

use super::views::glyph;
use super::views::simulation_key::{state_line, STATES};
use leptos::prelude::*;
use rivulet_core::view::{about_class, UnitClass};

/// Size of a glyph in the legend.
const GLYPH: (f64, f64) = (48.0, 28.0);

/// The collapsible legend.
#[component]
pub fn Legend() -> impl IntoView {
    view! {
        <details class="legend" data-testid="legend">
            <summary data-testid="legend-toggle">"What am I looking at?"</summary>
            <div class="legend-body">
                <p>
                    "A dataflow circuit: units pass tokens over channels. Each channel has a "
                    <b>"valid"</b>" wire (the producer offers a token) and a "<b>"ready"</b>
                    " wire (the consumer can take it). Data flows down; dashed channels carry "
                    "control only; purple back edges close loops."
                </p>
                <table class="legend-units" data-testid="legend-units">
                    {UnitClass::ALL
                        .into_iter()
                        .map(|class| {
                            let (w, h) = GLYPH;
                            view! {
                                <tr data-testid="legend-unit" data-glyph=class.name()>
                                    <td>
                                        <svg class="unit-shape" viewBox=format!("0 0 {w} {h}") width=w height=h aria-hidden="true">
                                            <g class=format!("unit unit-{} unit-{}", class.family(), class.name())>
                                                {glyph(class, w, h)}
                                            </g>
                                        </svg>
                                    </td>
                                    <th>{class.name().replace('_', " ")}</th>
                                    <td>{about_class(class)}</td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </table>
                <table class="legend-states">
                    {STATES
                        .iter()
                        .map(|&(class, name, what)| {
                            view! {
                                <tr>
                                    <td>{state_line(class)}</td>
                                    <th>{name}</th>
                                    <td>{what}</td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </table>
            </div>
        </details>
    }
}
