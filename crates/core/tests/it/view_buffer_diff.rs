//! The buffers lab's comparison of two placements: buffers are matched by where they sit, so a
//! placement compared with itself differs nowhere, one compared with no buffers differs by all
//! of its buffers, and between two placements the difference accounts for the counts.

use crate::support::corpus::placed;
use rivulet_core::options::BufferAlgorithm;
use rivulet_core::view::{buffer_diff, graph_view, GraphView};

fn graph(kernel: &str, algorithm: BufferAlgorithm) -> GraphView {
    graph_view(placed(kernel, algorithm).kernel().expect("a kernel"), None)
}

fn buffers(g: &GraphView) -> Vec<usize> {
    (0..g.units.len())
        .filter(|&u| g.units[u].class.is_buffer())
        .collect()
}

#[test]
fn a_placement_matches_itself_and_differs_from_none_by_all_its_buffers() {
    let fpga20 = graph("fir", BufferAlgorithm::Fpga20);
    let same = buffer_diff(&fpga20, &fpga20);
    assert!(same.only_in_first.is_empty() && same.only_in_second.is_empty());
    let none = graph("fir", BufferAlgorithm::None);
    assert!(buffers(&none).is_empty());
    let diff = buffer_diff(&none, &fpga20);
    assert!(diff.only_in_first.is_empty());
    assert_eq!(diff.only_in_second, buffers(&fpga20));
}

#[test]
fn two_placements_differ_by_exactly_their_unshared_buffers() {
    for kernel in ["fir", "gcd", "matvec"] {
        let a = graph(kernel, BufferAlgorithm::OnMerges);
        let b = graph(kernel, BufferAlgorithm::Fpga20);
        let diff = buffer_diff(&a, &b);
        let shared_a = buffers(&a).len() - diff.only_in_first.len();
        let shared_b = buffers(&b).len() - diff.only_in_second.len();
        assert_eq!(shared_a, shared_b, "{kernel}");
        assert!(
            diff.only_in_first
                .iter()
                .all(|&u| a.units[u].class.is_buffer())
                && diff
                    .only_in_second
                    .iter()
                    .all(|&u| b.units[u].class.is_buffer()),
            "{kernel}"
        );
        assert!(
            !diff.only_in_first.is_empty() || !diff.only_in_second.is_empty(),
            "{kernel}: on-merges and FPGA20 place the same buffers?"
        );
    }
}
