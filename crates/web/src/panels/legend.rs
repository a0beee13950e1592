//! "What am I looking at?": the unit shapes of the graph and the handshake states of channels.

use super::views::simulation_key::{state_line, STATES};
use leptos::prelude::*;

/// The unit kinds and how the graph draws them, data flowing down (the outlines of
/// `views/graph/shape.rs`): (name, SVG shape, what it does).
const UNITS: &[(&str, &str, &str)] = &[
    ("fork", "<polygon points='6,2 18,2 22,18 2,18'/>", "copies one token to every output"),
    ("merge", "<polygon points='2,2 22,2 18,18 6,18'/>", "passes on a token from whichever input has one"),
    ("mux", "<polygon points='2,2 22,2 20.4,18 3.6,18'/>", "passes on the input chosen by a select token"),
    ("control_merge", "<polygon points='2,2 22,2 20.4,18 3.6,18'/><circle cx='6' cy='10' r='1.5'/>", "a merge that also says which input won"),
    ("branch", "<polygon points='3.6,2 20.4,2 22,18 2,18'/>", "sends a token to the true or false output"),
    ("arithmetic", "<ellipse cx='12' cy='10' rx='10' ry='8'/>", "computes on operands once all have arrived"),
    ("memory", "<rect x='2' y='2' width='20' height='16'/><line x1='2' y1='6' x2='22' y2='6'/>", "loads and stores through a memory controller"),
    ("buffer", "<rect x='2' y='5' width='20' height='10'/><line x1='5' y1='5' x2='5' y2='15'/><line x1='19' y1='5' x2='19' y2='15'/>", "holds tokens: its type and number of slots"),
];

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
                <table class="legend-units">
                    {UNITS
                        .iter()
                        .map(|&(name, shape, what)| {
                            view! {
                                <tr>
                                    <td>
                                        <svg class="unit-shape" viewBox="0 0 24 20" width="24" height="20" inner_html=shape></svg>
                                    </td>
                                    <th>{name}</th>
                                    <td>{what}</td>
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
