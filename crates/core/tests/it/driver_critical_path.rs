//! The critical paths the buffer report carries: their delays sum to the reported critical
//! delays, and consecutive units are joined by the channel between them in the graph view.

use crate::support::corpus::placed;
use rivulet_core::driver::CriticalPath;
use rivulet_core::options::BufferAlgorithm;
use rivulet_core::view::{graph_view, GraphView};

/// The graph view of `kernel` placed by `algorithm`, its data/valid and ready paths and
/// their reported delays.
type Placed = (
    GraphView,
    Option<CriticalPath>,
    Option<CriticalPath>,
    Option<f64>,
    Option<f64>,
);

fn compiled(kernel: &str, algorithm: BufferAlgorithm) -> Placed {
    let out = placed(kernel, algorithm);
    let graph = graph_view(out.kernel().expect("a kernel"), None);
    let b = out.buffers.expect("a buffer report");
    (
        graph,
        b.critical_route,
        b.ready_route,
        b.critical_path_ns,
        b.ready_path_ns,
    )
}

/// Checks that `path`'s steps sum to `ns` and follow the graph's channels; `ready`: the path
/// runs from consumers to producers.
fn check(kernel: &str, g: &GraphView, path: &CriticalPath, ns: f64, ready: bool) {
    assert!(path.steps.len() >= 2, "{kernel}: {path:?}");
    assert_eq!(path.channels.len() + 1, path.steps.len(), "{kernel}");
    let sum: f64 = path.steps.iter().map(|s| s.delay_ns).sum();
    assert!((sum - ns).abs() < 1e-6, "{kernel}: {sum} vs {ns}");
    assert!((path.total_ns - ns).abs() < 1e-6, "{kernel}");
    let last = path.steps.last().unwrap();
    assert!((last.cumulative_ns - ns).abs() < 1e-6, "{kernel}");
    assert!(path
        .steps
        .windows(2)
        .all(|w| w[0].cumulative_ns <= w[1].cumulative_ns));
    let unit = |name: &str| {
        g.units
            .iter()
            .position(|u| u.name == name)
            .unwrap_or_else(|| panic!("{kernel}: no unit {name}"))
    };
    for (k, &value) in path.channels.iter().enumerate() {
        let (a, b) = (unit(&path.steps[k].unit), unit(&path.steps[k + 1].unit));
        let (from, to) = if ready { (b, a) } else { (a, b) };
        assert!(
            g.channels
                .iter()
                .any(|c| c.value == value && c.from.0 == from && c.to.0 == to),
            "{kernel}: no channel %{value} from {} to {}",
            g.units[from].name,
            g.units[to].name
        );
    }
}

#[test]
fn critical_paths_sum_to_the_reported_delays_along_connected_units() {
    for (kernel, algorithm) in [
        ("fir", BufferAlgorithm::OnMerges),
        ("gcd", BufferAlgorithm::Fpga20),
        ("matvec", BufferAlgorithm::OnMerges),
    ] {
        let (g, data, ready, data_ns, ready_ns) = compiled(kernel, algorithm);
        let (p, ns) = (data.expect("a data/valid path"), data_ns.expect("a delay"));
        check(kernel, &g, &p, ns, false);
        let (p, ns) = (
            ready.expect("a ready path"),
            ready_ns.expect("a ready delay"),
        );
        check(kernel, &g, &p, ns, true);
    }
}
