//! Shared helpers of the layout tests and the layout bench: a seeded random graph generator and
//! a checker of the layout's geometric guarantees.
use rivulet_core::layout::{ClusterId, Layout, LayoutEdge, LayoutGraph, LayoutNode, Rect};

/// A small deterministic pseudo-random generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A dataflow-like random graph: `n` nodes in basic blocks of about 8 consecutive nodes, about
/// 1.5 edges per node mostly going forward a short distance, and a few back edges (half of them
/// marked as such).
pub fn random_circuit(n: usize, seed: u64) -> LayoutGraph {
    let mut rng = Rng::new(seed);
    let mut g = LayoutGraph::new();
    let blocks = n.div_ceil(8).max(1);
    for b in 0..blocks {
        g.add_cluster(format!("bb{b}"));
    }
    for i in 0..n {
        let ins = 1 + rng.below(3) as u32;
        let outs = 1 + rng.below(3) as u32;
        let w = 30.0 + 10.0 * rng.below(5) as f64;
        let h = 20.0 + 5.0 * rng.below(3) as f64;
        let cluster = ClusterId((i / 8).min(blocks - 1) as u32);
        g.add_node(
            LayoutNode::new(w, h)
                .with_ports(ins, outs)
                .in_cluster(cluster),
        );
    }
    if n < 2 {
        return g;
    }
    for _ in 0..(n * 3 / 2) {
        let a = rng.below(n as u64 - 1) as usize;
        let span = 1 + rng.below(12) as usize;
        let b = (a + span).min(n - 1);
        let (oa, ib) = (g.nodes[a].out_ports, g.nodes[b].in_ports);
        let from = (a, rng.below(u64::from(oa)) as u32);
        let to = (b, rng.below(u64::from(ib)) as u32);
        g.add_edge(LayoutEdge::new(from, to));
    }
    for k in 0..(n / 20).max(1) {
        let b = rng.below(n as u64) as usize;
        let a = b.saturating_sub(1 + rng.below(20) as usize);
        let edge = LayoutEdge {
            from: (b, 0),
            to: (a, 0),
            back: k % 2 == 0,
        };
        g.add_edge(edge);
    }
    g
}

fn port_x(r: &Rect, port: u32, count: u32) -> f64 {
    let count = count.max(1);
    let port = port.min(count - 1);
    r.x + r.width * (f64::from(port) + 0.5) / f64::from(count)
}

fn close(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6
}

/// Checks every geometric guarantee of `layout` for `g`; returns the violations.
pub fn violations(g: &LayoutGraph, layout: &Layout) -> Vec<String> {
    let mut bad = Vec::new();
    let n = g.nodes.len();
    if layout.nodes.len() != n || layout.edges.len() != g.edges.len() {
        bad.push("output sizes differ from input".to_string());
        return bad;
    }
    let eps = 1e-6;
    let inside = |x: f64, y: f64| {
        x.is_finite()
            && y.is_finite()
            && x >= -eps
            && y >= -eps
            && x <= layout.width + eps
            && y <= layout.height + eps
    };
    for (i, r) in layout.nodes.iter().enumerate() {
        if !inside(r.x, r.y) || !inside(r.right(), r.bottom()) {
            bad.push(format!("node {i} outside the drawing: {r:?}"));
        }
    }
    let mut by_x: Vec<usize> = (0..n).collect();
    by_x.sort_by(|&a, &b| layout.nodes[a].x.total_cmp(&layout.nodes[b].x));
    for (k, &a) in by_x.iter().enumerate() {
        for &b in &by_x[k + 1..] {
            if layout.nodes[b].x >= layout.nodes[a].right() {
                break;
            }
            if layout.nodes[a].overlaps(&layout.nodes[b]) {
                bad.push(format!("nodes {a} and {b} overlap"));
            }
        }
    }
    for a in 0..n {
        for b in a + 1..n {
            let same_layer = layout.node_layers[a] == layout.node_layers[b];
            if same_layer && layout.nodes[a].y != layout.nodes[b].y {
                bad.push(format!("nodes {a} and {b} share a layer but not y"));
            }
        }
    }
    for (i, e) in g.edges.iter().enumerate() {
        let route = &layout.edges[i];
        if e.from.0 >= n || e.to.0 >= n {
            if !route.points.is_empty() {
                bad.push(format!("edge {i} with a bad node is drawn"));
            }
            continue;
        }
        let (Some(&first), Some(&last)) = (route.points.first(), route.points.last()) else {
            bad.push(format!("edge {i} has no route"));
            continue;
        };
        let (s, t) = (layout.nodes[e.from.0], layout.nodes[e.to.0]);
        let out = (
            port_x(&s, e.from.1, g.nodes[e.from.0].out_ports),
            s.bottom(),
        );
        let inp = (port_x(&t, e.to.1, g.nodes[e.to.0].in_ports), t.y);
        if !close(first, out) || !close(last, inp) {
            bad.push(format!(
                "edge {i} does not touch its ports: {first:?}->{last:?} vs {out:?}->{inp:?}"
            ));
        }
        for p in &route.points {
            if !inside(p.0, p.1) {
                bad.push(format!("edge {i} leaves the drawing at {p:?}"));
            }
        }
        let (lf, lt) = (layout.node_layers[e.from.0], layout.node_layers[e.to.0]);
        if e.from.0 == e.to.0 {
            if !route.reversed {
                bad.push(format!("self loop {i} not marked reversed"));
            }
        } else if route.reversed {
            if lf <= lt {
                bad.push(format!(
                    "reversed edge {i} does not go up: layers {lf} -> {lt}"
                ));
            }
        } else {
            if lf >= lt {
                bad.push(format!(
                    "forward edge {i} does not go down: layers {lf} -> {lt}"
                ));
            }
            if route.points.windows(2).any(|w| w[1].1 < w[0].1) {
                bad.push(format!("forward edge {i} climbs somewhere"));
            }
        }
    }
    for (c, rect) in layout.clusters.iter().enumerate() {
        let members: Vec<usize> = (0..n)
            .filter(|&v| g.nodes[v].cluster.map(|x| x.0 as usize) == Some(c))
            .collect();
        match rect {
            None if !members.is_empty() => bad.push(format!("cluster {c} has nodes but no box")),
            None => {}
            Some(r) => {
                for &v in &members {
                    if !r.contains(&layout.nodes[v]) {
                        bad.push(format!("cluster {c} does not contain node {v}"));
                    }
                }
                for (d, other) in layout.clusters.iter().enumerate().skip(c + 1) {
                    if other.is_some_and(|o| o.overlaps(r)) {
                        bad.push(format!("clusters {c} and {d} overlap"));
                    }
                }
                for v in 0..n {
                    let outside = g.nodes[v].cluster.map(|x| x.0 as usize) != Some(c);
                    if outside && r.overlaps(&layout.nodes[v]) {
                        bad.push(format!("cluster {c} overlaps foreign node {v}"));
                    }
                }
            }
        }
    }
    bad
}

/// A block-structured random graph closer to a dataflow circuit: blocks of 8 consecutive nodes
/// chained like a CFG; most edges stay inside their block, the last node of a block feeds the
/// first nodes of the next one or two blocks, and some blocks loop back to an earlier block
/// (marked as back edges).
pub fn block_circuit(n: usize, seed: u64) -> LayoutGraph {
    let mut rng = Rng::new(seed);
    let mut g = random_circuit(n, seed);
    g.edges.clear();
    if n < 2 {
        return g;
    }
    let block = |v: usize| v / 8;
    let last_of = |b: usize| ((b + 1) * 8).min(n) - 1;
    for a in 0..n - 1 {
        let end = last_of(block(a));
        if a < end {
            for _ in 0..1 + rng.below(2) {
                let b = (a + 1 + rng.below(3) as usize).min(end);
                let p = rng.below(u64::from(g.nodes[a].out_ports)) as u32;
                let q = rng.below(u64::from(g.nodes[b].in_ports)) as u32;
                g.add_edge(LayoutEdge::new((a, p), (b, q)));
            }
        } else {
            for hop in 1..=1 + rng.below(2) as usize {
                let b = ((block(a) + hop) * 8).min(n - 1);
                if b > a {
                    g.add_edge(LayoutEdge::new((a, 0), (b, 0)));
                }
            }
            if block(a) > 0 && rng.below(3) == 0 {
                let target = (block(a) - 1 - rng.below(block(a) as u64).min(1) as usize) * 8;
                g.add_edge(LayoutEdge::back((a, 0), (target, 0)));
            }
        }
    }
    g
}
