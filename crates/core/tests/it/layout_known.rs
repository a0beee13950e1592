//! The layered layout on small graphs with known answers: crossings, back edges, self loops,
//! clusters, components, malformed input, determinism and the SVG rendering.

use crate::support::layout_support;
use layout_support::violations;
use rivulet_core::layout::{
    layout, svg, Layout, LayoutEdge, LayoutGraph, LayoutIssue, LayoutNode, LayoutOptions,
};

fn nodes(g: &mut LayoutGraph, n: usize) -> Vec<usize> {
    (0..n)
        .map(|_| g.add_node(LayoutNode::new(40.0, 20.0)))
        .collect()
}

fn edge(g: &mut LayoutGraph, a: usize, b: usize) {
    g.add_edge(LayoutEdge::new((a, 0), (b, 0)));
}

/// Lays `g` out and checks every guarantee.
fn checked(g: &LayoutGraph) -> Layout {
    let l = layout(g, &LayoutOptions::default());
    let bad = violations(g, &l);
    assert!(bad.is_empty(), "{bad:#?}");
    l
}

#[test]
fn empty_graph_gives_an_empty_drawing() {
    let l = checked(&LayoutGraph::new());
    assert_eq!((l.width, l.height), (0.0, 0.0));
    assert!(l.nodes.is_empty() && l.edges.is_empty() && l.issues.is_empty());
}

#[test]
fn single_node_sits_in_the_drawing() {
    let mut g = LayoutGraph::new();
    nodes(&mut g, 1);
    let l = checked(&g);
    assert_eq!(l.nodes[0].width, 40.0);
    assert!(l.width >= 40.0 && l.height >= 20.0);
}

#[test]
fn two_swapped_edges_untangle() {
    let mut g = LayoutGraph::new();
    let v = nodes(&mut g, 4);
    edge(&mut g, v[0], v[3]);
    edge(&mut g, v[1], v[2]);
    assert_eq!(checked(&g).stats.crossings, 0);
}

#[test]
fn complete_bipartite_graphs_keep_their_unavoidable_crossings() {
    for (m, expected) in [(2, 1), (3, 9)] {
        let mut g = LayoutGraph::new();
        let v = nodes(&mut g, 2 * m);
        for a in 0..m {
            for b in m..2 * m {
                edge(&mut g, v[a], v[b]);
            }
        }
        let l = checked(&g);
        assert_eq!(l.stats.crossings, expected, "K_{{{m},{m}}}");
        assert_eq!(l.stats.layers, 2);
    }
}

#[test]
fn ladder_has_no_crossings() {
    // Rails a_i -> a_i+1 and b_i -> b_i+1 with rungs a_i -> b_i+1; nodes interleaved so that
    // the input order alone would cross.
    let mut g = LayoutGraph::new();
    let n = 12;
    let v = nodes(&mut g, 2 * n);
    let (a, b) = (|i: usize| 2 * i + 1, |i: usize| 2 * i);
    for i in 0..n - 1 {
        edge(&mut g, v[a(i)], v[a(i + 1)]);
        edge(&mut g, v[b(i)], v[b(i + 1)]);
        edge(&mut g, v[a(i)], v[b(i + 1)]);
    }
    assert_eq!(checked(&g).stats.crossings, 0);
}

#[test]
fn binary_tree_has_no_crossings() {
    let mut g = LayoutGraph::new();
    let v = nodes(&mut g, 63);
    for i in 1..63 {
        edge(&mut g, v[(i - 1) / 2], v[i]);
    }
    let l = checked(&g);
    assert_eq!(l.stats.crossings, 0);
    assert_eq!(l.stats.layers, 6);
}

#[test]
fn ports_decide_the_order_of_targets() {
    // Output port 0 feeds node 2, port 1 feeds node 1: only 2-left-of-1 avoids a crossing.
    let mut g = LayoutGraph::new();
    let s = g.add_node(LayoutNode::new(60.0, 20.0).with_ports(1, 2));
    let t1 = g.add_node(LayoutNode::new(40.0, 20.0));
    let t2 = g.add_node(LayoutNode::new(40.0, 20.0));
    g.add_edge(LayoutEdge::new((s, 1), (t1, 0)));
    g.add_edge(LayoutEdge::new((s, 0), (t2, 0)));
    let l = checked(&g);
    assert_eq!(l.stats.crossings, 0);
    assert!(l.nodes[t2].x < l.nodes[t1].x);
}

#[test]
fn unmarked_cycle_reverses_one_edge() {
    let mut g = LayoutGraph::new();
    let v = nodes(&mut g, 3);
    edge(&mut g, v[0], v[1]);
    edge(&mut g, v[1], v[2]);
    edge(&mut g, v[2], v[0]);
    let l = checked(&g);
    assert_eq!(l.edges.iter().filter(|r| r.reversed).count(), 1);
    assert_eq!(l.stats.reversed, 1);
}

#[test]
fn marked_loop_back_edge_is_drawn_upward() {
    // entry -> header -> body -> exit, body -> header marked as the loop's back edge.
    let mut g = LayoutGraph::new();
    let entry = g.add_node(LayoutNode::new(40.0, 20.0));
    let header = g.add_node(LayoutNode::new(40.0, 20.0).with_ports(2, 1));
    let body = g.add_node(LayoutNode::new(40.0, 20.0).with_ports(1, 2));
    let exit = g.add_node(LayoutNode::new(40.0, 20.0));
    g.add_edge(LayoutEdge::new((entry, 0), (header, 0)));
    g.add_edge(LayoutEdge::new((header, 0), (body, 0)));
    g.add_edge(LayoutEdge::back((body, 1), (header, 1)));
    g.add_edge(LayoutEdge::new((body, 0), (exit, 0)));
    let l = checked(&g);
    let flags: Vec<bool> = l.edges.iter().map(|r| r.reversed).collect();
    assert_eq!(flags, [false, false, true, false]);
    assert!(l.nodes[entry].y < l.nodes[header].y);
    assert!(l.nodes[header].y < l.nodes[body].y && l.nodes[body].y < l.nodes[exit].y);
    // The back edge climbs beside the nodes: it never passes through a node's box.
    let back = &l.edges[2].points;
    for w in back.windows(2) {
        let (lo, hi) = (w[0].1.min(w[1].1), w[0].1.max(w[1].1));
        let x = w[0].0;
        if w[0].0 == w[1].0 && hi - lo > 1e-9 {
            for r in &l.nodes {
                let through = x > r.x + 1e-9 && x < r.right() - 1e-9 && lo < r.bottom() && hi > r.y;
                assert!(!through, "vertical segment at x={x} crosses {r:?}");
            }
        }
    }
}

#[test]
fn self_loops_and_multi_edges_are_drawn() {
    let mut g = LayoutGraph::new();
    let v = nodes(&mut g, 3);
    edge(&mut g, v[0], v[0]);
    edge(&mut g, v[0], v[0]);
    edge(&mut g, v[0], v[1]);
    edge(&mut g, v[0], v[1]);
    edge(&mut g, v[1], v[2]);
    let l = checked(&g);
    assert!(l.edges[0].reversed && l.edges[1].reversed);
    assert_ne!(l.edges[0].points, l.edges[1].points);
    assert!(!l.edges[2].reversed && !l.edges[3].reversed);
    // The loops go around the right side, clear of the node.
    let right = l.nodes[0].right();
    assert!(l.edges[0].points.iter().any(|p| p.0 > right));
}

#[test]
fn malformed_input_is_reported_and_skipped() {
    let mut g = LayoutGraph::new();
    let a = g.add_node(LayoutNode::new(f64::NAN, 20.0));
    let b = g.add_node(LayoutNode::new(40.0, -3.0).with_ports(0, 1));
    let c = g.add_node(LayoutNode::new(40.0, 20.0).in_cluster(rivulet_core::layout::ClusterId(7)));
    g.add_edge(LayoutEdge::new((a, 0), (9, 0)));
    g.add_edge(LayoutEdge::new((a, 5), (b, 0)));
    g.add_edge(LayoutEdge::new((b, 0), (c, 0)));
    let l = checked(&g);
    assert!(l.edges[0].points.is_empty());
    assert!(!l.edges[1].points.is_empty() && !l.edges[2].points.is_empty());
    let expected = vec![
        LayoutIssue::BadNodeSize { node: 0 },
        LayoutIssue::BadNodeSize { node: 1 },
        LayoutIssue::ClusterOutOfRange {
            node: 2,
            cluster: rivulet_core::layout::ClusterId(7),
        },
        LayoutIssue::EdgeNodeOutOfRange { edge: 0, node: 9 },
        LayoutIssue::PortOutOfRange {
            edge: 1,
            node: 0,
            port: 5,
            output: true,
        },
        LayoutIssue::PortOutOfRange {
            edge: 1,
            node: 1,
            port: 0,
            output: false,
        },
    ];
    assert_eq!(l.issues, expected);
    assert!(l.issues[3].to_string().contains("node 9"));
}

#[test]
fn parallel_clusters_stay_apart_and_contiguous() {
    // Two basic blocks whose chains share layers, plus cross edges between them and an
    // unclustered node: boxes must not overlap nor contain foreign nodes.
    let mut g = LayoutGraph::new();
    let b0 = g.add_cluster("bb0");
    let b1 = g.add_cluster("bb1");
    let chain = |g: &mut LayoutGraph, c| -> Vec<usize> {
        (0..5)
            .map(|_| g.add_node(LayoutNode::new(30.0, 20.0).in_cluster(c)))
            .collect()
    };
    let x = chain(&mut g, b0);
    let y = chain(&mut g, b1);
    for i in 0..4 {
        edge(&mut g, x[i], x[i + 1]);
        edge(&mut g, y[i], y[i + 1]);
    }
    edge(&mut g, x[0], y[2]);
    edge(&mut g, y[1], x[3]);
    let free = nodes(&mut g, 1)[0];
    edge(&mut g, x[1], free);
    edge(&mut g, free, y[4]);
    let l = checked(&g);
    let (r0, r1) = (l.clusters[0].unwrap(), l.clusters[1].unwrap());
    assert!(!r0.overlaps(&r1));
}

#[test]
fn sequential_clusters_stack_vertically() {
    let mut g = LayoutGraph::new();
    let blocks: Vec<_> = (0..3).map(|i| g.add_cluster(format!("bb{i}"))).collect();
    let mut prev = None;
    for &c in &blocks {
        for _ in 0..3 {
            let v = g.add_node(LayoutNode::new(30.0, 20.0).in_cluster(c));
            if let Some(p) = prev {
                edge(&mut g, p, v);
            }
            prev = Some(v);
        }
    }
    let l = checked(&g);
    let boxes: Vec<_> = l.clusters.iter().map(|c| c.unwrap()).collect();
    assert!(boxes[0].bottom() <= boxes[1].y && boxes[1].bottom() <= boxes[2].y);
}

#[test]
fn components_are_laid_side_by_side() {
    let mut g = LayoutGraph::new();
    let v = nodes(&mut g, 6);
    edge(&mut g, v[0], v[2]);
    edge(&mut g, v[2], v[4]);
    edge(&mut g, v[1], v[3]);
    edge(&mut g, v[3], v[5]);
    let l = checked(&g);
    assert_eq!(l.stats.components, 2);
    let right_of_first = [0, 2, 4]
        .iter()
        .map(|&i| l.nodes[i].right())
        .fold(0.0, f64::max);
    assert!([1, 3, 5].iter().all(|&i| l.nodes[i].x > right_of_first));
    assert_eq!(l.nodes[0].y, l.nodes[1].y);
}

#[test]
fn layout_is_deterministic() {
    let g = layout_support::random_circuit(80, 11);
    let a = layout(&g, &LayoutOptions::default());
    let b = layout(&g, &LayoutOptions::default());
    assert_eq!(a, b);
    assert_eq!(svg::render(&g, &a), svg::render(&g, &b));
}

#[test]
fn svg_draws_every_node_and_edge() {
    let mut g = LayoutGraph::new();
    let c = g.add_cluster("bb<0>");
    let v: Vec<usize> = (0..3)
        .map(|_| g.add_node(LayoutNode::new(40.0, 20.0).in_cluster(c)))
        .collect();
    edge(&mut g, v[0], v[1]);
    edge(&mut g, v[1], v[2]);
    g.add_edge(LayoutEdge::back((v[2], 0), (v[0], 0)));
    let l = checked(&g);
    let s = svg::render(&g, &l);
    assert_eq!(s.matches("marker-end=").count(), 3);
    assert_eq!(s.matches(r#"class="node""#).count(), 3);
    assert_eq!(s.matches("stroke-dasharray").count(), 1);
    assert!(s.contains("bb&lt;0&gt;"));
    assert_eq!(
        svg::path_data(&[(0.0, 0.0), (0.0, 10.0), (20.0, 30.0), (25.5, 30.0)]),
        "M0 0 L0 10 C0 20 20 20 20 30 L25.5 30"
    );
}

#[test]
fn the_checker_notices_broken_layouts() {
    let mut g = LayoutGraph::new();
    let v = nodes(&mut g, 3);
    edge(&mut g, v[0], v[2]);
    edge(&mut g, v[1], v[2]);
    let good = checked(&g);
    let mut moved = good.clone();
    moved.nodes[1] = moved.nodes[0];
    assert!(!violations(&g, &moved).is_empty());
    let mut bent = good.clone();
    bent.edges[0].points[0].1 += 5.0;
    assert!(!violations(&g, &bent).is_empty());
    let mut lifted = good;
    lifted.nodes[2].y -= 1.0;
    assert!(!violations(&g, &lifted).is_empty());
}
