//! The proper layered graph: long edges split into chains of dummy nodes, one per layer crossed.
//!
//! Real node `i` is vnode `i`; dummies follow. A forward edge from rank `a` to rank `b` gets
//! dummies on ranks `a+1 .. b`. A reversed edge (drawn upward from the source's bottom port to
//! the target's top port) gets dummies on every rank from the target's to the source's,
//! inclusive: the two end dummies sit in the same layer as the node they leave or enter and are
//! *anchored* to it, so ordering keeps them right beside it and the edge turns around the node
//! instead of through its neighbours.
//!
//! Invariants: every vedge joins a vnode of layer `l` (upper) to one of layer `l + 1` (lower);
//! a dummy belongs to a cluster only when both ends of its edge (or, for an anchored dummy, its
//! anchor) do; cluster indices are local (`cluster_ids` maps them back).

use super::graph::Clean;
use std::collections::BTreeMap;

/// A port position on one side of a vnode: `index` of `count` evenly spread ports.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Port {
    pub index: u32,
    pub count: u32,
}

impl Port {
    /// The single, centred port of a dummy.
    pub const CENTER: Port = Port { index: 0, count: 1 };

    /// Position of the port along its side, as a fraction of the width.
    pub fn frac(self) -> f64 {
        (f64::from(self.index) + 0.5) / f64::from(self.count.max(1))
    }
}

/// A node of the proper graph.
#[derive(Clone, Debug)]
pub(crate) struct VNode {
    /// The real node, or `None` for a dummy.
    pub real: Option<usize>,
    pub layer: usize,
    /// Local cluster index.
    pub cluster: Option<usize>,
    pub width: f64,
    pub height: f64,
    /// For an end dummy of a reversed edge: the node it hugs.
    pub anchor: Option<usize>,
    /// Extra space to the right (room for self loops).
    pub right_margin: f64,
}

/// An edge between consecutive layers.
#[derive(Clone, Debug)]
pub(crate) struct VEdge {
    pub upper: usize,
    pub lower: usize,
    pub upper_port: Port,
    pub lower_port: Port,
    pub weight: f64,
}

/// The proper layered graph of one component.
#[derive(Clone, Debug, Default)]
pub(crate) struct Proper {
    pub vnodes: Vec<VNode>,
    pub vedges: Vec<VEdge>,
    /// Vnodes of each layer, in their current order.
    pub layers: Vec<Vec<usize>>,
    /// Vedges whose lower (resp. upper) end is each vnode.
    pub up: Vec<Vec<usize>>,
    pub down: Vec<Vec<usize>>,
    /// Per clean edge: its dummies from top to bottom (empty for short edges and self loops).
    pub chains: Vec<Vec<usize>>,
    /// Per vnode: the dummies anchored to it, in creation order.
    pub anchored: Vec<Vec<usize>>,
    /// Global cluster id of each local cluster.
    pub cluster_ids: Vec<usize>,
    /// First and last layer of each local cluster.
    pub spans: Vec<(usize, usize)>,
    /// Left-to-right order of the local clusters, the same in every layer (set by ordering).
    pub corder: Vec<usize>,
}

impl Proper {
    fn add_vnode(&mut self, v: VNode) -> usize {
        self.vnodes.push(v);
        self.up.push(Vec::new());
        self.down.push(Vec::new());
        self.anchored.push(Vec::new());
        self.vnodes.len() - 1
    }

    fn add_dummy(&mut self, layer: usize, cluster: Option<usize>, anchor: Option<usize>) -> usize {
        let d = self.add_vnode(VNode {
            real: None,
            layer,
            cluster,
            width: 0.0,
            height: 0.0,
            anchor,
            right_margin: 0.0,
        });
        if let Some(a) = anchor {
            self.anchored[a].push(d);
        }
        d
    }

    fn add_vedge(&mut self, upper: usize, lower: usize, upper_port: Port, lower_port: Port) {
        let dummies = [upper, lower]
            .iter()
            .filter(|&&v| self.vnodes[v].real.is_none())
            .count();
        let weight = [1.0, 2.0, 8.0][dummies];
        self.up[lower].push(self.vedges.len());
        self.down[upper].push(self.vedges.len());
        self.vedges.push(VEdge {
            upper,
            lower,
            upper_port,
            lower_port,
            weight,
        });
    }

    /// Number of dummy vnodes.
    pub fn dummy_count(&self) -> usize {
        self.vnodes.iter().filter(|v| v.real.is_none()).count()
    }
}

/// Builds the proper graph of `g` from node ranks and the per-edge reversal flags.
pub(crate) fn build(g: &Clean, rank: &[usize], reversed: &[bool], loop_stub: f64) -> Proper {
    let mut p = Proper::default();
    let mut local: BTreeMap<usize, usize> = BTreeMap::new();
    for (i, n) in g.nodes.iter().enumerate() {
        let cluster = n.cluster.map(|c| {
            let next = local.len();
            *local.entry(c).or_insert_with(|| {
                p.cluster_ids.push(c);
                next
            })
        });
        p.add_vnode(VNode {
            real: Some(i),
            layer: rank[i],
            cluster,
            width: n.width,
            height: n.height,
            anchor: None,
            right_margin: 0.0,
        });
    }
    for (i, e) in g.edges.iter().enumerate() {
        if e.is_self_loop() {
            p.vnodes[e.from].right_margin += loop_stub;
            p.chains.push(Vec::new());
            continue;
        }
        let (cs, ct) = (p.vnodes[e.from].cluster, p.vnodes[e.to].cluster);
        let shared = if cs == ct { cs } else { None };
        let out = Port {
            index: e.out_port,
            count: g.nodes[e.from].out_ports,
        };
        let inp = Port {
            index: e.in_port,
            count: g.nodes[e.to].in_ports,
        };
        let (rs, rt) = (rank[e.from], rank[e.to]);
        let mut chain = Vec::new();
        if reversed[i] {
            let top = rt.min(rs);
            let bottom = rt.max(rs);
            for layer in top..=bottom {
                let (cluster, anchor) = if layer == top {
                    (ct, Some(e.to))
                } else if layer == bottom {
                    (cs, Some(e.from))
                } else {
                    (shared, None)
                };
                let d = p.add_dummy(layer, cluster, anchor);
                if let Some(&prev) = chain.last() {
                    p.add_vedge(prev, d, Port::CENTER, Port::CENTER);
                }
                chain.push(d);
            }
        } else {
            let mut prev = (e.from, out);
            for layer in rs + 1..rt {
                let d = p.add_dummy(layer, shared, None);
                p.add_vedge(prev.0, d, prev.1, Port::CENTER);
                prev = (d, Port::CENTER);
                chain.push(d);
            }
            p.add_vedge(prev.0, e.to, prev.1, inp);
        }
        p.chains.push(chain);
    }
    let layer_count = p.vnodes.iter().map(|v| v.layer + 1).max().unwrap_or(0);
    p.layers = vec![Vec::new(); layer_count];
    p.spans = vec![(usize::MAX, 0); p.cluster_ids.len()];
    for (v, node) in p.vnodes.iter().enumerate() {
        p.layers[node.layer].push(v);
        if let Some(c) = node.cluster {
            let span = &mut p.spans[c];
            span.0 = span.0.min(node.layer);
            span.1 = span.1.max(node.layer);
        }
    }
    p.corder = (0..p.cluster_ids.len()).collect();
    p
}
