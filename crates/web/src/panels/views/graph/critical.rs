//! The critical path marked on the graph: which units and channels a [`WirePath`] passes
//! (units by name, channels by value id), and the bar saying a path is shown with a button
//! to clear it.

use crate::protocol::WirePath;
use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::view::GraphView;

/// Per unit and per channel of `graph`, whether `path` passes it (a channel: when its value
/// is one of the path's and both its ends are units of the path).
pub fn marks(graph: &GraphView, path: &WirePath) -> (Vec<bool>, Vec<bool>) {
    let units: Vec<bool> = graph
        .units
        .iter()
        .map(|u| path.steps.iter().any(|s| s.unit == u.name))
        .collect();
    let channels = graph
        .channels
        .iter()
        .map(|c| {
            path.channels.contains(&c.value)
                && units.get(c.from.0).copied().unwrap_or(false)
                && units.get(c.to.0).copied().unwrap_or(false)
        })
        .collect();
    (units, channels)
}

/// The session's marked path on `graph`, as [`marks`].
pub fn marked(graph: &GraphView) -> Memo<(Vec<bool>, Vec<bool>)> {
    let session = use_session();
    let graph = graph.clone();
    Memo::new(move |_| {
        session.marked_path.with(|p| match p {
            Some(p) => marks(&graph, p),
            None => (Vec::new(), Vec::new()),
        })
    })
}

/// "Critical path shown (7.4 ns) · Clear", while a path is marked.
#[component]
pub fn MarkedBar() -> impl IntoView {
    let session = use_session();
    move || {
        session.marked_path.get().map(|p| {
            view! {
                <span class="graph-critical" data-testid="graph-critical">
                    {format!("Critical path shown ({:.3} ns, {} units)", p.total_ns, p.steps.len())}
                    " "
                    <button
                        class="button small"
                        data-testid="graph-critical-clear"
                        on:click=move |_| session.marked_path.set(None)
                    >
                        "Clear"
                    </button>
                </span>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panels::views::fixture::{channel, graph};
    use crate::protocol::WireStep;

    #[test]
    fn marks_the_units_and_channels_of_the_path_only() {
        let graph = graph(
            &["a", "b", "c"],
            vec![
                channel(7, (0, 0), (1, 0)),
                channel(8, (1, 0), (2, 0)),
                channel(7, (0, 0), (2, 1)),
            ],
        );
        let step = |u: &str| WireStep {
            unit: u.to_string(),
            ..WireStep::default()
        };
        let path = WirePath {
            steps: vec![step("a"), step("b")],
            channels: vec![7],
            total_ns: 1.0,
        };
        let (units, channels) = marks(&graph, &path);
        assert_eq!(units, [true, true, false]);
        assert_eq!(channels, [true, false, false]);
    }
}
