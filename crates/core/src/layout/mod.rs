//! Layered (Sugiyama-style) layout of directed graphs with ports and clusters, for drawing
//! dataflow circuits top to bottom.
//!
//! [`layout`] runs, per connected component (nodes of one cluster count as connected):
//! cycle breaking ([`cycle`]), layer assignment ([`rank`]), long-edge splitting ([`dummy`]),
//! crossing reduction ([`order`]), coordinates ([`coords`]), edge routing ([`route`]) and
//! cluster boxes ([`cluster`]). Components are placed side by side and share the layers' y.
//!
//! Guarantees: deterministic (no hashing, no randomness), never panics on any input (malformed
//! edges are dropped and reported in [`Layout::issues`]), no two node boxes overlap, nodes of one
//! layer share their top y, forward edges run downward, cluster boxes contain their nodes and
//! are disjoint. [`svg`] renders a layout for tests and the command line.

mod cluster;
mod coords;
mod cycle;
mod dummy;
mod graph;
mod order;
mod rank;
mod result;
mod route;
mod separate;
pub mod svg;

pub use graph::{
    ClusterId, ClusterInfo, LayoutEdge, LayoutGraph, LayoutIssue, LayoutNode, LayoutOptions,
    NodeIdx,
};
pub use result::{Layout, LayoutStats, Rect, Route};

use coords::Vertical;
use dummy::Proper;
use graph::{Clean, CleanEdge};
use route::Geometry;

/// Lays out `graph`; see the module documentation for the guarantees.
pub fn layout(graph: &LayoutGraph, options: &LayoutOptions) -> Layout {
    let options = clean_options(options);
    let (clean, issues) = graph::sanitize(graph);
    let plans: Vec<Plan> = components(&clean)
        .into_iter()
        .map(|nodes| Plan::new(&clean, nodes, &options))
        .collect();
    let mut vertical = Vertical::default();
    for plan in &plans {
        vertical.merge(&plan.vertical);
    }
    let tops = vertical.tops();
    let mut out = Layout {
        nodes: vec![
            Rect {
                x: 0.0,
                y: 0.0,
                width: 0.0,
                height: 0.0
            };
            clean.nodes.len()
        ],
        node_layers: vec![0; clean.nodes.len()],
        edges: vec![
            Route {
                points: Vec::new(),
                reversed: false
            };
            graph.edges.len()
        ],
        clusters: vec![None; graph.clusters.len()],
        height: vertical.total(),
        issues,
        ..Layout::default()
    };
    out.stats.layers = tops.len();
    out.stats.components = plans.len();
    let mut cursor = 0.0;
    for plan in &plans {
        let width = plan.place(&mut out, &tops, &vertical.heights, cursor, &options);
        cursor += width + options.component_gap;
    }
    out.width = (cursor - options.component_gap).max(0.0);
    out.stats.wire_length = out.edges.iter().map(Route::length).sum::<f64>().round() as u64;
    out
}

/// Replaces negative or non-finite spacings by the defaults.
fn clean_options(o: &LayoutOptions) -> LayoutOptions {
    let d = LayoutOptions::default();
    let f = |v: f64, dv: f64| if v.is_finite() && v >= 0.0 { v } else { dv };
    LayoutOptions {
        layer_gap: f(o.layer_gap, d.layer_gap),
        node_gap: f(o.node_gap, d.node_gap),
        edge_gap: f(o.edge_gap, d.edge_gap),
        cluster_padding: f(o.cluster_padding, d.cluster_padding),
        cluster_label_height: f(o.cluster_label_height, d.cluster_label_height),
        cluster_gap: f(o.cluster_gap, d.cluster_gap),
        component_gap: f(o.component_gap, d.component_gap),
        loop_stub: f(o.loop_stub, d.loop_stub),
        order_rounds: o.order_rounds,
        coord_rounds: o.coord_rounds,
    }
}

/// Connected components (edges and shared clusters connect), each sorted, ordered by their
/// smallest node.
fn components(g: &Clean) -> Vec<Vec<usize>> {
    let n = g.nodes.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut v: usize) -> usize {
        while parent[v] != v {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        v
    }
    let mut union = |a: usize, b: usize| {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra.max(rb)] = ra.min(rb);
    };
    for e in &g.edges {
        union(e.from, e.to);
    }
    let mut first_of_cluster = std::collections::BTreeMap::new();
    for (v, node) in g.nodes.iter().enumerate() {
        if let Some(c) = node.cluster {
            let first = *first_of_cluster.entry(c).or_insert(v);
            union(first, v);
        }
    }
    let mut index_of_root = vec![usize::MAX; n];
    let mut comps: Vec<Vec<usize>> = Vec::new();
    for v in 0..n {
        let r = find(&mut parent, v);
        if index_of_root[r] == usize::MAX {
            index_of_root[r] = comps.len();
            comps.push(Vec::new());
        }
        comps[index_of_root[r]].push(v);
    }
    comps
}

/// One component laid out up to horizontal coordinates.
struct Plan {
    /// Global node index of each local node.
    nodes: Vec<usize>,
    /// The component with local node indices (edges keep their input index in `orig`).
    sub: Clean,
    reversed: Vec<bool>,
    proper: Proper,
    x: Vec<f64>,
    vertical: Vertical,
    crossings: usize,
}

impl Plan {
    fn new(g: &Clean, nodes: Vec<usize>, o: &LayoutOptions) -> Plan {
        let mut local = vec![usize::MAX; g.nodes.len()];
        for (i, &v) in nodes.iter().enumerate() {
            local[v] = i;
        }
        let sub = Clean {
            nodes: nodes.iter().map(|&v| g.nodes[v].clone()).collect(),
            edges: g
                .edges
                .iter()
                .filter(|e| local[e.from] != usize::MAX)
                .map(|e| CleanEdge {
                    from: local[e.from],
                    to: local[e.to],
                    ..e.clone()
                })
                .collect(),
        };
        let proper_edges: Vec<usize> = (0..sub.edges.len())
            .filter(|&i| !sub.edges[i].is_self_loop())
            .collect();
        let hinted: Vec<(usize, usize, bool)> = proper_edges
            .iter()
            .map(|&i| (sub.edges[i].from, sub.edges[i].to, sub.edges[i].back))
            .collect();
        let flips = cycle::orient(sub.nodes.len(), &hinted);
        let mut reversed = vec![false; sub.edges.len()];
        for (k, &i) in proper_edges.iter().enumerate() {
            reversed[i] = flips[k];
        }
        let dag: Vec<(usize, usize)> = hinted
            .iter()
            .zip(&flips)
            .map(|(&(a, b, _), &f)| if f { (b, a) } else { (a, b) })
            .collect();
        let mut ranks = rank::assign(sub.nodes.len(), &dag);
        let mut linked = vec![false; sub.nodes.len()];
        for &(a, b) in &dag {
            linked[a] = true;
            linked[b] = true;
        }
        let clusters: Vec<Option<usize>> = sub.nodes.iter().map(|n| n.cluster).collect();
        rank::settle_isolated(&mut ranks, &clusters, &linked);
        let mut proper = dummy::build(&sub, &ranks, &reversed, o.loop_stub);
        let crossings = order::reduce(&mut proper, o.order_rounds);
        let x = coords::assign_x(&proper, o);
        let vertical = Vertical::of(&proper, o);
        Plan {
            nodes,
            sub,
            reversed,
            proper,
            x,
            vertical,
            crossings,
        }
    }

    /// Writes this component into `out`, shifted right to start at `left`; returns its width.
    fn place(
        &self,
        out: &mut Layout,
        tops: &[f64],
        heights: &[f64],
        left: f64,
        o: &LayoutOptions,
    ) -> f64 {
        let geo = Geometry {
            p: &self.proper,
            x: &self.x,
            tops,
            heights,
            stub: o.loop_stub,
        };
        let rects: Vec<Rect> = (0..self.nodes.len()).map(|v| geo.node_rect(v)).collect();
        let routes = route::routes(&self.sub, &geo, &self.reversed);
        let boxes = cluster::boxes(&geo, o.cluster_padding, o.cluster_label_height);
        let xs = rects
            .iter()
            .flat_map(|r| [r.x, r.right()])
            .chain(routes.iter().flat_map(|r| r.points.iter().map(|p| p.0)))
            .chain(boxes.iter().flat_map(|(_, b)| [b.x, b.right()]));
        let (min, max) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        });
        if !min.is_finite() {
            return 0.0;
        }
        let dx = left - min;
        for (v, r) in rects.into_iter().enumerate() {
            let g = self.nodes[v];
            out.nodes[g] = Rect { x: r.x + dx, ..r };
            out.node_layers[g] = self.proper.vnodes[v].layer;
        }
        for (e, mut r) in self.sub.edges.iter().zip(routes) {
            r.points.iter_mut().for_each(|p| p.0 += dx);
            out.edges[e.orig] = r;
        }
        for (id, b) in boxes {
            out.clusters[id] = Some(Rect { x: b.x + dx, ..b });
        }
        out.stats.crossings += self.crossings;
        out.stats.dummies += self.proper.dummy_count();
        out.stats.reversed += self
            .sub
            .edges
            .iter()
            .zip(&self.reversed)
            .filter(|(e, &r)| r && !e.is_self_loop())
            .count();
        max - min
    }
}
