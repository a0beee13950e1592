//! Property tests: on arbitrary graphs, including malformed ones, the layout never panics,
//! keeps every geometric guarantee and is deterministic.

use crate::support::layout_support;
use layout_support::violations;
use proptest::prelude::*;
use rivulet_core::layout::{layout, ClusterId, LayoutEdge, LayoutGraph, LayoutNode, LayoutOptions};

fn size() -> impl Strategy<Value = f64> {
    prop_oneof![
        8 => 0.0..80.0f64,
        1 => Just(f64::NAN),
        1 => Just(-5.0),
        1 => Just(0.0),
    ]
}

fn graph() -> impl Strategy<Value = LayoutGraph> {
    (0usize..30, 0usize..5).prop_flat_map(|(n, clusters)| {
        let node = (
            size(),
            size(),
            proptest::option::of(0u32..6),
            0u32..4,
            0u32..4,
        )
            .prop_map(|(w, h, c, i, o)| LayoutNode {
                width: w,
                height: h,
                cluster: c.map(ClusterId),
                in_ports: i,
                out_ports: o,
            });
        let edge =
            (0..n + 2, 0u32..5, 0..n + 2, 0u32..5, any::<bool>()).prop_map(|(a, p, b, q, back)| {
                LayoutEdge {
                    from: (a, p),
                    to: (b, q),
                    back,
                }
            });
        (
            proptest::collection::vec(node, n),
            proptest::collection::vec(edge, 0..n * 3 + 1),
        )
            .prop_map(move |(nodes, edges)| {
                let mut g = LayoutGraph {
                    nodes,
                    edges,
                    clusters: Vec::new(),
                };
                for c in 0..clusters {
                    g.add_cluster(format!("bb{c}"));
                }
                g
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_graphs_keep_the_guarantees(g in graph()) {
        let l = layout(&g, &LayoutOptions::default());
        let bad = violations(&g, &l);
        prop_assert!(bad.is_empty(), "{:#?}", bad);
        prop_assert_eq!(&l, &layout(&g, &LayoutOptions::default()));
    }

    #[test]
    fn odd_options_never_break_the_layout(
        g in graph(),
        gap in prop_oneof![Just(f64::NAN), Just(-1.0), 0.0..50.0f64],
        rounds in 0u32..4,
    ) {
        let o = LayoutOptions {
            layer_gap: gap,
            node_gap: gap,
            edge_gap: gap,
            cluster_padding: gap,
            cluster_label_height: gap,
            cluster_gap: gap,
            component_gap: gap,
            loop_stub: gap,
            order_rounds: rounds,
            coord_rounds: rounds,
        };
        let l = layout(&g, &o);
        let bad = violations(&g, &l);
        prop_assert!(bad.is_empty(), "{:#?}", bad);
    }
}
