//! Edge routing: a polyline per edge, from the source's output port to the target's input port.
//!
//! Ports sit on the bottom (outputs) and top (inputs) sides, spread evenly over the width. A
//! forward edge runs down through its dummies, vertically inside each layer it crosses. A
//! reversed edge leaves its source's bottom port, turns just below the source's layer to the
//! anchored dummy beside the source, climbs through its dummies, turns just above the target's
//! layer and drops into the target's top port. A self loop goes around the node's right side,
//! in the margin reserved for it. Consecutive duplicate points are removed.

use super::dummy::Proper;
use super::graph::{Clean, CleanEdge};
use super::result::{Rect, Route};

/// Where things are, in one component's coordinates.
pub(crate) struct Geometry<'a> {
    pub p: &'a Proper,
    /// x of every item (see `coords`).
    pub x: &'a [f64],
    pub tops: &'a [f64],
    pub heights: &'a [f64],
    pub stub: f64,
}

impl Geometry<'_> {
    /// Box of real node `v`.
    pub fn node_rect(&self, v: usize) -> Rect {
        let n = &self.p.vnodes[v];
        Rect {
            x: self.x[v],
            y: self.tops[n.layer],
            width: n.width,
            height: n.height,
        }
    }

    fn layer_bottom(&self, l: usize) -> f64 {
        self.tops[l] + self.heights[l]
    }
}

fn port_x(r: &Rect, index: u32, count: u32) -> f64 {
    r.x + r.width * (f64::from(index) + 0.5) / f64::from(count.max(1))
}

/// Routes of every edge of `g`; `reversed` as chosen by cycle breaking.
pub(crate) fn routes(g: &Clean, geo: &Geometry, reversed: &[bool]) -> Vec<Route> {
    let mut loops_seen = vec![0usize; g.nodes.len()];
    let mut loops_total = vec![0usize; g.nodes.len()];
    for e in g.edges.iter().filter(|e| e.is_self_loop()) {
        loops_total[e.from] += 1;
    }
    g.edges
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let s = geo.node_rect(e.from);
            let t = geo.node_rect(e.to);
            let start = (
                port_x(&s, e.out_port, g.nodes[e.from].out_ports),
                s.bottom(),
            );
            let end = (port_x(&t, e.in_port, g.nodes[e.to].in_ports), t.y);
            let mut points = if e.is_self_loop() {
                let j = loops_seen[e.from];
                loops_seen[e.from] += 1;
                self_loop(geo, &s, start, end, j, loops_total[e.from])
            } else if reversed[i] {
                upward(geo, e, start, end, &geo.p.chains[i])
            } else {
                let mut pts = vec![start];
                for &d in &geo.p.chains[i] {
                    let l = geo.p.vnodes[d].layer;
                    pts.push((geo.x[d], geo.tops[l]));
                    pts.push((geo.x[d], geo.layer_bottom(l)));
                }
                pts.push(end);
                pts
            };
            points.dedup();
            Route {
                points,
                reversed: reversed[i] || e.is_self_loop(),
            }
        })
        .collect()
}

fn self_loop(
    geo: &Geometry,
    s: &Rect,
    start: (f64, f64),
    end: (f64, f64),
    j: usize,
    total: usize,
) -> Vec<(f64, f64)> {
    let k = (j as f64 + 1.0) / total.max(1) as f64;
    let dy = geo.stub * k;
    let side = s.right() + geo.stub * (j as f64 + 0.5);
    vec![
        start,
        (start.0, s.bottom() + dy),
        (side, s.bottom() + dy),
        (side, s.y - dy),
        (end.0, s.y - dy),
        end,
    ]
}

fn upward(
    geo: &Geometry,
    e: &CleanEdge,
    start: (f64, f64),
    end: (f64, f64),
    chain: &[usize],
) -> Vec<(f64, f64)> {
    let (Some(&first), Some(&last)) = (chain.first(), chain.last()) else {
        return vec![start, end];
    };
    let source_layer = geo.p.vnodes[e.from].layer;
    let target_layer = geo.p.vnodes[e.to].layer;
    let below = geo.layer_bottom(source_layer) + geo.stub;
    let above = geo.tops[target_layer] - geo.stub;
    let mut pts = vec![start, (start.0, below), (geo.x[last], below)];
    for &d in chain.iter().rev() {
        let l = geo.p.vnodes[d].layer;
        pts.push((geo.x[d], geo.layer_bottom(l)));
        pts.push((geo.x[d], geo.tops[l]));
    }
    pts.push((geo.x[first], above));
    pts.push((end.0, above));
    pts.push(end);
    pts
}
