//! Coordinates: x of every vnode and cluster border, and the vertical metrics of the layers.
//!
//! Horizontal placement works on *items*: the vnodes, plus a left and a right border item per
//! cluster (`Proper::vnodes.len() + 2c` and `+ 2c + 1`) that span every layer of the cluster.
//! Each layer, walked in order with the borders inserted, yields separation constraints
//! `x[b] >= x[a] + width(a) + gap(a, b)`. Because clusters keep one order in all layers and their
//! members are contiguous, these constraints form a DAG, and they make cluster boxes disjoint.
//!
//! Starting from the leftmost packing, each round computes a target for every item (the weighted
//! mean of where its edges want it, damped by its current x and pulled weakly toward its
//! cluster's centre; the free dummies of one edge share the mean of their targets, which
//! straightens long edges; a border hugs its cluster's members)
//! and moves the items to a feasible placement close to the targets ([`Separation::place`]):
//! items only group where their targets collide, so the drawing stays as compact as the
//! leftmost packing while edges shorten. The result is shifted so the smallest x is 0.

use super::dummy::Proper;
use super::graph::LayoutOptions;
use super::separate::Separation;

/// Weight of the pull of a cluster's real nodes toward their common centre, which keeps
/// clusters compact (it dominates for nodes without edges).
const CLUSTER_PULL: f64 = 0.5;

/// Kinds of items, for the spacing rules.
#[derive(Clone, Copy, PartialEq)]
enum Item {
    Real,
    Dummy,
    Left(usize),
    Right(usize),
}

/// Item index of the left border of local cluster `c`.
pub(crate) fn left_item(p: &Proper, c: usize) -> usize {
    p.vnodes.len() + 2 * c
}

/// Item index of the right border of local cluster `c`.
pub(crate) fn right_item(p: &Proper, c: usize) -> usize {
    p.vnodes.len() + 2 * c + 1
}

fn kind(p: &Proper, i: usize) -> Item {
    match p.vnodes.get(i) {
        Some(v) if v.real.is_some() => Item::Real,
        Some(_) => Item::Dummy,
        None if (i - p.vnodes.len()).is_multiple_of(2) => Item::Left((i - p.vnodes.len()) / 2),
        None => Item::Right((i - p.vnodes.len()) / 2),
    }
}

fn occupied_width(p: &Proper, i: usize) -> f64 {
    p.vnodes.get(i).map_or(0.0, |v| v.width + v.right_margin)
}

fn gap(a: Item, b: Item, o: &LayoutOptions) -> f64 {
    let side = |k: Item| {
        if k == Item::Real {
            o.node_gap
        } else {
            o.edge_gap
        }
    };
    match (a, b) {
        (Item::Left(_), Item::Right(_)) => 2.0 * o.cluster_padding,
        (Item::Left(_), _) | (_, Item::Right(_)) => o.cluster_padding,
        (Item::Right(_), Item::Left(_)) => o.cluster_gap,
        (Item::Right(_), k) | (k, Item::Left(_)) => side(k),
        (Item::Real, Item::Real) => o.node_gap,
        _ => o.edge_gap,
    }
}

/// The items of layer `l` from left to right, with cluster borders inserted; clusters spanning
/// the layer without a member in it get an empty slot at their place in the cluster order.
fn layer_sequence(p: &Proper, l: usize) -> Vec<usize> {
    let mut present = vec![false; p.cluster_ids.len()];
    for &v in &p.layers[l] {
        if let Some(c) = p.vnodes[v].cluster {
            present[c] = true;
        }
    }
    let mut crank = vec![0; p.corder.len()];
    for (i, &c) in p.corder.iter().enumerate() {
        crank[c] = i;
    }
    let mut seq = Vec::with_capacity(p.layers[l].len() + 4);
    let mut next = 0;
    let flush = |seq: &mut Vec<usize>, next: &mut usize, until: usize| {
        while *next < until {
            let c = p.corder[*next];
            let (a, b) = p.spans[c];
            if !present[c] && a <= l && l <= b {
                seq.push(left_item(p, c));
                seq.push(right_item(p, c));
            }
            *next += 1;
        }
    };
    let mut current = None;
    for &v in &p.layers[l] {
        let c = p.vnodes[v].cluster;
        if c != current {
            if let Some(cc) = current {
                seq.push(right_item(p, cc));
            }
            if let Some(d) = c {
                flush(&mut seq, &mut next, crank[d]);
                next = next.max(crank[d] + 1);
                seq.push(left_item(p, d));
            }
            current = c;
        }
        seq.push(v);
    }
    if let Some(cc) = current {
        seq.push(right_item(p, cc));
    }
    flush(&mut seq, &mut next, p.corder.len());
    seq
}

/// The separation constraints of every layer's sequence of items.
fn constraints(p: &Proper, o: &LayoutOptions) -> Separation {
    let n = p.vnodes.len() + 2 * p.cluster_ids.len();
    let pairs = (0..p.layers.len()).flat_map(|l| {
        let seq = layer_sequence(p, l);
        (1..seq.len())
            .map(|i| {
                let (a, b) = (seq[i - 1], seq[i]);
                (a, b, occupied_width(p, a) + gap(kind(p, a), kind(p, b), o))
            })
            .collect::<Vec<_>>()
    });
    Separation::new(n, pairs)
}

/// Where every item would like to be, given the current positions `x`.
fn targets(p: &Proper, x: &[f64], o: &LayoutOptions) -> Vec<f64> {
    let mut t = x.to_vec();
    let mut centre = vec![(0.0, 0.0); p.cluster_ids.len()];
    for (v, node) in p.vnodes.iter().enumerate() {
        if let (Some(c), Some(_)) = (node.cluster, node.real) {
            centre[c].0 += x[v] + node.width / 2.0;
            centre[c].1 += 1.0;
        }
    }
    for (v, node) in p.vnodes.iter().enumerate() {
        let (mut num, mut den) = (x[v], 1.0);
        if let (Some(c), Some(_)) = (node.cluster, node.real) {
            let (sum, count) = centre[c];
            num += CLUSTER_PULL * (sum / count - node.width / 2.0);
            den += CLUSTER_PULL;
        }
        for &e in p.up[v].iter().chain(&p.down[v]) {
            let ve = &p.vedges[e];
            let (other, other_port, own_port) = if ve.lower == v {
                (ve.upper, ve.upper_port, ve.lower_port)
            } else {
                (ve.lower, ve.lower_port, ve.upper_port)
            };
            let want =
                x[other] + p.vnodes[other].width * other_port.frac() - node.width * own_port.frac();
            num += ve.weight * want;
            den += ve.weight;
        }
        if let Some(a) = node.anchor {
            num += 4.0 * (x[a] + occupied_width(p, a) + o.edge_gap);
            den += 4.0;
        }
        t[v] = num / den;
    }
    // The free dummies of one edge share a target, so long edges become straight lines.
    for chain in &p.chains {
        let free: Vec<usize> = chain
            .iter()
            .copied()
            .filter(|&d| p.vnodes[d].anchor.is_none())
            .collect();
        if free.len() > 1 {
            let mean = free.iter().map(|&d| t[d]).sum::<f64>() / free.len() as f64;
            free.iter().for_each(|&d| t[d] = mean);
        }
    }
    let mut bounds = vec![(f64::INFINITY, f64::NEG_INFINITY); p.cluster_ids.len()];
    for (v, node) in p.vnodes.iter().enumerate() {
        if let Some(c) = node.cluster {
            bounds[c].0 = bounds[c].0.min(x[v]);
            bounds[c].1 = bounds[c].1.max(x[v] + occupied_width(p, v));
        }
    }
    for (c, &(lo, hi)) in bounds.iter().enumerate() {
        if lo.is_finite() && hi.is_finite() {
            t[left_item(p, c)] = lo - o.cluster_padding;
            t[right_item(p, c)] = hi + o.cluster_padding;
        }
    }
    t
}

/// The x of every item (vnodes, then cluster borders), smallest 0.
pub(crate) fn assign_x(p: &Proper, o: &LayoutOptions) -> Vec<f64> {
    let c = constraints(p, o);
    let mut x = c.push_right(&vec![0.0; c.len()]);
    for _ in 0..o.coord_rounds {
        x = c.place(&targets(p, &x, o));
    }
    let min = x.iter().copied().fold(f64::INFINITY, f64::min);
    if min.is_finite() {
        x.iter_mut().for_each(|v| *v -= min);
    }
    x
}

/// Vertical needs of one component's layers, merged across components by [`Vertical::merge`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Vertical {
    /// Height of each layer (its tallest node).
    pub heights: Vec<f64>,
    /// Space needed between layer `l` and `l + 1`.
    pub gaps: Vec<f64>,
    /// Space needed above the first layer.
    pub top: f64,
    /// Space needed below the last layer.
    pub bottom: f64,
}

impl Vertical {
    /// The vertical needs of the layers of `p`.
    pub fn of(p: &Proper, o: &LayoutOptions) -> Vertical {
        let n = p.layers.len();
        let mut heights = vec![0.0f64; n];
        for v in &p.vnodes {
            heights[v.layer] = heights[v.layer].max(v.height);
        }
        let (mut ends, mut starts) = (vec![false; n], vec![false; n]);
        for &(a, b) in &p.spans {
            starts[a] = true;
            ends[b] = true;
        }
        let band = o.cluster_padding + o.cluster_label_height;
        let base = o.layer_gap.max(2.0 * o.loop_stub + o.edge_gap);
        let gaps = (0..n.saturating_sub(1))
            .map(|l| {
                let end = if ends[l] { o.cluster_padding } else { 0.0 };
                let start = if starts[l + 1] { band } else { 0.0 };
                base.max(end + start + o.edge_gap)
            })
            .collect();
        let top = o.loop_stub.max(if starts.first() == Some(&true) {
            band
        } else {
            0.0
        });
        let bottom = o.loop_stub.max(if ends.last() == Some(&true) {
            o.cluster_padding
        } else {
            0.0
        });
        Vertical {
            heights,
            gaps,
            top,
            bottom,
        }
    }

    /// The element-wise maximum of two components' needs.
    pub fn merge(&mut self, other: &Vertical) {
        fn max_into(a: &mut Vec<f64>, b: &[f64]) {
            if a.len() < b.len() {
                a.resize(b.len(), 0.0);
            }
            a.iter_mut().zip(b).for_each(|(x, y)| *x = x.max(*y));
        }
        max_into(&mut self.heights, &other.heights);
        max_into(&mut self.gaps, &other.gaps);
        self.top = self.top.max(other.top);
        self.bottom = self.bottom.max(other.bottom);
    }

    /// The top y of every layer.
    pub fn tops(&self) -> Vec<f64> {
        let mut y = self.top;
        let mut tops = Vec::with_capacity(self.heights.len());
        for (l, h) in self.heights.iter().enumerate() {
            tops.push(y);
            y += h + self.gaps.get(l).copied().unwrap_or(0.0);
        }
        tops
    }

    /// Total height, margins included.
    pub fn total(&self) -> f64 {
        self.top + self.heights.iter().sum::<f64>() + self.gaps.iter().sum::<f64>() + self.bottom
    }
}
