//! The critical paths of the placed circuit, unit by unit against the clock period: each
//! unit's delay and the delay so far (units past the clock period marked late), and a
//! "Show on graph" button that marks the path's units and channels in the graph view.

use crate::protocol::WirePath;
use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::share::View;

/// The data/valid and the ready critical path, where each was timed.
#[component]
pub fn CriticalPaths(
    data: Option<WirePath>,
    ready: Option<WirePath>,
    clock_period_ns: f64,
) -> impl IntoView {
    let one = |what: &'static str, testid: &'static str, path: Option<WirePath>| {
        path.map(|p| path_view(what, testid, p, clock_period_ns))
    };
    view! {
        <div class="critical-paths" data-testid="critical-paths">
            {one("Critical data/valid path", "path-data", data)}
            {one("Critical ready path (from consumers up to producers)", "path-ready", ready)}
        </div>
    }
}

fn path_view(what: &'static str, testid: &'static str, p: WirePath, clock: f64) -> impl IntoView {
    let session = use_session();
    let rows = p
        .steps
        .iter()
        .map(|s| {
            let late = s.cumulative_ns > clock + 1e-9;
            view! {
                <tr class:late=late data-testid="path-step">
                    <td class="mono">{s.unit.clone()}</td>
                    <td>{format!("{:.3}", s.delay_ns)}</td>
                    <td>{format!("{:.3}", s.cumulative_ns)}</td>
                </tr>
            }
        })
        .collect_view();
    let summary = format!(
        "{what}: {:.3} ns through {} units, clock period {clock} ns",
        p.total_ns,
        p.steps.len()
    );
    let show = move |_| {
        session.marked_path.set(Some(p.clone()));
        session.change_options(|o| o.view = View::Graph);
    };
    view! {
        <div class="critical-path" data-testid=testid>
            <p>
                {summary}" "
                <button class="button small" data-testid="show-on-graph" on:click=show>
                    "Show on graph"
                </button>
            </p>
            <details>
                <summary>"Unit by unit"</summary>
                <table class="path-steps">
                    <thead><tr><th>"unit"</th><th>"delay (ns)"</th><th>"cumulative (ns)"</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </details>
        </div>
    }
}
