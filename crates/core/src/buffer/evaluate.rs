//! Fast evaluation of a placement against the MILP's constraints, without a solver: whether
//! its data/valid breaks meet the clock period, and the throughput each CFDFC reaches.
//!
//! * Timing ([`Evaluator::meets_clock`]): the longest combinational data/valid path through
//!   the uncut channels, with exactly the rows of [`super::formulation::timing`] (a unit's
//!   arrival is its delay plus the latest arrival over its uncut inputs from units that are
//!   not sequential; a sequential unit's output leaves after its own delay). A cycle of
//!   uncut channels, or an arrival above the clock period, fails.
//! * Throughput ([`Evaluator::throughput`]): for a fixed `phi`, the rows of
//!   [`super::formulation::throughput`] are difference constraints on the retiming variables
//!   (`lo(phi) <= ret_v - ret_u <= hi(phi)`), feasible exactly when their constraint graph
//!   has no negative cycle (Bellman-Ford). The feasible `phi` form an interval from 0, so
//!   bisection finds the largest one to within [`PHI_TOLERANCE`].
//!
//! The slots of the evaluated placement are taken as given; with `slots = MAX_SLOTS` on
//! every bufferizable channel the throughput is the largest any slot sizing reaches for
//! those breaks (slots only bound occupancies from above).

use super::circuit::{CfdfcEdge, Circuit};
use super::formulation::{DV_COST, MAX_SLOTS};
use super::greedy::ChannelBuffers;
use crate::handshake::OpId;
use std::collections::BTreeMap;

/// Precision of the throughputs [`Evaluator::throughput`] returns.
pub const PHI_TOLERANCE: f64 = 1e-7;

/// The data/valid arrival time at every unit's output when the combinational `arcs`
/// (tail, head) are the uncut channels into units that are not `sequential`: a unit's
/// delay plus the latest arrival over those arcs, a sequential unit's output leaving after
/// its own delay (the rows of [`super::formulation::timing`]). `None` when the arcs close a
/// cycle.
pub fn arrival_times(
    delay: &[f64],
    sequential: &[bool],
    arcs: impl Iterator<Item = (usize, usize)>,
) -> Option<Vec<f64>> {
    let n = delay.len();
    let mut arrival = delay.to_vec();
    let mut pending = vec![0u32; n];
    // Arcs from combinational units, grouped by tail (counting sort).
    let mut start = vec![0usize; n + 1];
    let mut chained: Vec<(usize, usize)> = Vec::new();
    for (from, to) in arcs {
        if sequential[from] {
            arrival[to] = arrival[to].max(delay[from] + delay[to]);
        } else {
            pending[to] += 1;
            start[from + 1] += 1;
            chained.push((from, to));
        }
    }
    for u in 0..n {
        start[u + 1] += start[u];
    }
    let mut heads = vec![0usize; chained.len()];
    let mut fill = start.clone();
    for (from, to) in chained {
        heads[fill[from]] = to;
        fill[from] += 1;
    }
    let mut ready: Vec<usize> = (0..n).filter(|&u| pending[u] == 0).collect();
    let mut visited = 0;
    while let Some(u) = ready.pop() {
        visited += 1;
        for &v in &heads[start[u]..start[u + 1]] {
            arrival[v] = arrival[v].max(arrival[u] + delay[v]);
            pending[v] -= 1;
            if pending[v] == 0 {
                ready.push(v);
            }
        }
    }
    (visited == n).then_some(arrival)
}

/// One data/valid timing arc into a combinational unit; a break on its channel cuts it.
#[derive(Clone, Debug)]
struct TimingArc {
    from: usize,
    to: usize,
    channel: usize,
}

/// The circuit prepared for repeated evaluations.
#[derive(Clone, Debug)]
pub struct Evaluator {
    clock_period: f64,
    /// Delay per unit (in the order of the circuit's units).
    delay: Vec<f64>,
    /// Whether paths restart at the unit's outputs.
    sequential: Vec<bool>,
    /// Arcs into combinational units from units (arguments arrive at 0).
    arcs: Vec<TimingArc>,
    /// Per CFDFC: its unit count and channels.
    cfdfcs: Vec<(usize, Vec<CfdfcEdge>)>,
    /// Per CFDFC, its share of the executions (the objective's weight of its throughput).
    pub weights: Vec<f64>,
    /// Per channel, the CFDFCs it belongs to.
    pub cfdfcs_of_channel: Vec<Vec<usize>>,
    /// Per channel, whether buffers may go on it.
    bufferizable: Vec<bool>,
}

impl Evaluator {
    /// Prepares `circuit`.
    pub fn new(circuit: &Circuit) -> Evaluator {
        let unit_index: BTreeMap<OpId, usize> = circuit
            .units
            .keys()
            .enumerate()
            .map(|(i, &op)| (op, i))
            .collect();
        let arcs = circuit
            .channels
            .iter()
            .enumerate()
            .filter(|(_, c)| !circuit.units[&c.to].sequential)
            .filter_map(|(i, c)| {
                Some(TimingArc {
                    from: unit_index[&c.from?],
                    to: unit_index[&c.to],
                    channel: i,
                })
            })
            .collect();
        let mut cfdfcs_of_channel = vec![Vec::new(); circuit.channels.len()];
        let cfdfcs = (0..circuit.cfdfcs.len())
            .map(|k| {
                let (units, edges) = circuit.cfdfc_graph(k);
                for e in &edges {
                    cfdfcs_of_channel[e.channel].push(k);
                }
                (units.len(), edges)
            })
            .collect();
        Evaluator {
            clock_period: circuit.clock_period,
            delay: circuit.units.values().map(|u| u.delay).collect(),
            sequential: circuit.units.values().map(|u| u.sequential).collect(),
            arcs,
            cfdfcs,
            weights: circuit.cfdfc_weights(),
            cfdfcs_of_channel,
            bufferizable: circuit.channels.iter().map(|c| c.bufferizable).collect(),
        }
    }

    /// Whether the data/valid breaks of `placement` meet the clock period (and cut every
    /// cycle).
    pub fn meets_clock(&self, placement: &[ChannelBuffers]) -> bool {
        self.critical_path(placement)
            .is_some_and(|t| t <= self.clock_period + 1e-9)
    }

    /// The longest combinational data/valid path (ns) through the channels `placement`
    /// does not break; `None` when they close a cycle.
    pub fn critical_path(&self, placement: &[ChannelBuffers]) -> Option<f64> {
        let uncut = self
            .arcs
            .iter()
            .filter(|a| !placement[a.channel].break_dv)
            .map(|a| (a.from, a.to));
        let arrival = arrival_times(&self.delay, &self.sequential, uncut)?;
        Some(arrival.into_iter().fold(0.0, f64::max))
    }

    /// `placement` with [`MAX_SLOTS`] slots on every bufferizable channel: the throughputs
    /// of its breaks are the largest any slot sizing reaches.
    pub fn widened(&self, placement: &[ChannelBuffers]) -> Vec<ChannelBuffers> {
        placement
            .iter()
            .zip(&self.bufferizable)
            .map(|(b, &ok)| ChannelBuffers {
                slots: if ok { MAX_SLOTS } else { b.slots },
                ..*b
            })
            .collect()
    }

    /// The throughput of every CFDFC with `placement`.
    pub fn throughputs(&self, placement: &[ChannelBuffers]) -> Vec<f64> {
        (0..self.cfdfcs.len())
            .map(|k| self.throughput(k, placement))
            .collect()
    }

    /// The MILP's objective without the slots' cost, for `placement` reaching throughputs
    /// `phi`.
    pub fn score(&self, placement: &[ChannelBuffers], phi: &[f64]) -> f64 {
        let throughput: f64 = self.weights.iter().zip(phi).map(|(w, p)| w * p).sum();
        let breaks = placement.iter().filter(|b| b.break_dv).count();
        throughput - DV_COST * breaks as f64
    }

    /// [`Self::score`] of `placement` with its slots [`Self::widened`]; `None` if it misses
    /// the clock period.
    pub fn objective(&self, placement: &[ChannelBuffers]) -> Option<f64> {
        if !self.meets_clock(placement) {
            return None;
        }
        Some(self.score(placement, &self.throughputs(&self.widened(placement))))
    }

    /// The largest throughput CFDFC `k` reaches with `placement` (within
    /// [`PHI_TOLERANCE`]); 0 when even `phi = 0` is infeasible.
    pub fn throughput(&self, k: usize, placement: &[ChannelBuffers]) -> f64 {
        if !self.holds(k, placement, 0.0) {
            return 0.0;
        }
        self.raise(k, placement, 0.0)
    }

    /// The throughput of CFDFC `k` with `placement` if it is above `phi` (feasible at
    /// `phi`) by more than [`PHI_TOLERANCE`]; one feasibility check when it is not.
    pub fn throughput_above(
        &self,
        k: usize,
        placement: &[ChannelBuffers],
        phi: f64,
    ) -> Option<f64> {
        let step = phi + PHI_TOLERANCE;
        (step <= 1.0 && self.holds(k, placement, step)).then(|| self.raise(k, placement, step))
    }

    /// The largest feasible throughput at or above `lo`, at which `placement` is feasible.
    fn raise(&self, k: usize, placement: &[ChannelBuffers], mut lo: f64) -> f64 {
        if self.holds(k, placement, 1.0) {
            return 1.0;
        }
        let mut hi = 1.0;
        while hi - lo > PHI_TOLERANCE {
            let mid = 0.5 * (lo + hi);
            if self.holds(k, placement, mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Whether CFDFC `k` can run at throughput `phi` with `placement`: Bellman-Ford on the
    /// retiming difference constraints, from a virtual source at distance 0 to every unit.
    pub fn holds(&self, k: usize, placement: &[ChannelBuffers], phi: f64) -> bool {
        let (n, edges) = &self.cfdfcs[k];
        // ret_to - ret_from <= hi  →  edge from → to of weight hi;
        // ret_to - ret_from >= lo  →  edge to → from of weight -lo.
        let mut graph: Vec<(usize, usize, f64)> = Vec::with_capacity(2 * edges.len());
        for e in edges {
            let b = &placement[e.channel];
            let (dv, slots) = if e.bufferizable {
                (f64::from(u8::from(b.break_dv)), f64::from(b.slots))
            } else {
                (0.0, 0.0)
            };
            let (tokens, latency) = (f64::from(e.tokens), f64::from(e.latency));
            let base = latency * phi - tokens;
            let mut lo = base;
            let mut hi = 1.0 - tokens + slots + latency * phi - phi;
            if e.bufferizable {
                lo = lo.max(base + phi + dv - 1.0);
                hi = hi.min(1.0 - tokens + slots - dv + latency * phi);
            }
            graph.push((e.from, e.to, hi));
            graph.push((e.to, e.from, -lo));
        }
        let mut dist = vec![0.0f64; *n];
        let mut parent = vec![usize::MAX; *n];
        for _ in 0..=*n {
            let mut changed = false;
            for &(a, b, w) in &graph {
                if dist[a] + w < dist[b] - 1e-9 {
                    dist[b] = dist[a] + w;
                    parent[b] = a;
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
            if has_cycle(&parent) {
                return false;
            }
        }
        false
    }
}

/// Whether the predecessor links of a Bellman-Ford run close a cycle. Every link was set by
/// a strict improvement, so such a cycle is negative (its weight is below the improvement
/// tolerance): the constraints are infeasible, usually many passes before Bellman-Ford's
/// own bound says so.
fn has_cycle(parent: &[usize]) -> bool {
    // 0: not seen; i + 1: seen on the walk from unit i.
    let mut seen = vec![0usize; parent.len()];
    for start in 0..parent.len() {
        let mut u = start;
        while u != usize::MAX && seen[u] == 0 {
            seen[u] = start + 1;
            u = parent[u];
        }
        if u != usize::MAX && seen[u] == start + 1 {
            return true;
        }
    }
    false
}
