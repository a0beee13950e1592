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

use super::circuit::Circuit;
use super::formulation::{DV_COST, MAX_SLOTS};
use super::greedy::ChannelBuffers;
use crate::handshake::OpId;
use std::collections::BTreeMap;

/// Precision of the throughputs [`Evaluator::throughput`] returns.
pub const PHI_TOLERANCE: f64 = 1e-7;

/// One throughput row pair of a CFDFC channel: `ret[to] - ret[from]` is bounded by
/// affine functions of `phi`, the break and the slots.
#[derive(Clone, Debug)]
struct OccupancyEdge {
    from: usize,
    to: usize,
    channel: usize,
    tokens: f64,
    latency: f64,
    bufferizable: bool,
}

/// One uncut-able data/valid timing arc into a combinational unit.
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
    /// Delay per unit (index order of `unit_index`).
    delay: Vec<f64>,
    /// Whether paths restart at the unit's outputs.
    sequential: Vec<bool>,
    /// Arcs into combinational units from units (arguments arrive at 0).
    arcs: Vec<TimingArc>,
    /// Arc indices grouped by tail unit: those of unit `u` are
    /// `arcs_from[arcs_start[u]..arcs_start[u + 1]]`.
    arcs_from: Vec<usize>,
    arcs_start: Vec<usize>,
    /// Per CFDFC: its unit count and occupancy edges.
    cfdfcs: Vec<(usize, Vec<OccupancyEdge>)>,
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
        let delay = circuit.units.values().map(|u| u.delay).collect();
        let sequential = circuit.units.values().map(|u| u.sequential).collect();
        let arcs: Vec<TimingArc> = circuit
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
        let mut arcs_from: Vec<usize> = (0..arcs.len()).collect();
        arcs_from.sort_by_key(|&a| arcs[a].from);
        let mut arcs_start = vec![0usize; unit_index.len() + 1];
        for arc in &arcs {
            arcs_start[arc.from + 1] += 1;
        }
        for u in 0..unit_index.len() {
            arcs_start[u + 1] += arcs_start[u];
        }
        let index = circuit.channel_index();
        let total: u64 = circuit.cfdfcs.iter().map(|c| c.cycle.execs).sum();
        let mut cfdfcs_of_channel = vec![Vec::new(); circuit.channels.len()];
        let mut cfdfcs = Vec::new();
        for (k, cf) in circuit.cfdfcs.iter().enumerate() {
            let local: BTreeMap<OpId, usize> =
                cf.units.iter().enumerate().map(|(i, &u)| (u, i)).collect();
            let mut edges = Vec::new();
            for value in &cf.channels {
                let Some(&i) = index.get(value) else { continue };
                let c = &circuit.channels[i];
                let Some(from) = c.from else { continue };
                let (Some(&u), Some(&v)) = (local.get(&from), local.get(&c.to)) else {
                    continue;
                };
                cfdfcs_of_channel[i].push(k);
                edges.push(OccupancyEdge {
                    from: u,
                    to: v,
                    channel: i,
                    tokens: f64::from(u8::from(cf.backedges.contains(value))),
                    latency: f64::from(circuit.units[&from].latency),
                    bufferizable: c.bufferizable,
                });
            }
            cfdfcs.push((local.len(), edges));
        }
        let weights = circuit
            .cfdfcs
            .iter()
            .map(|c| c.cycle.execs as f64 / total.max(1) as f64)
            .collect();
        Evaluator {
            clock_period: circuit.clock_period,
            delay,
            sequential,
            arcs,
            arcs_from,
            arcs_start,
            cfdfcs,
            weights,
            cfdfcs_of_channel,
            bufferizable: circuit.channels.iter().map(|c| c.bufferizable).collect(),
        }
    }

    /// Whether the data/valid breaks of `placement` meet the clock period (and cut every
    /// cycle).
    pub fn meets_clock(&self, placement: &[ChannelBuffers]) -> bool {
        let n = self.delay.len();
        let uncut = |arc: &TimingArc| !placement[arc.channel].break_dv;
        let mut pending = vec![0u32; n];
        let mut arrival: Vec<f64> = self.delay.clone();
        for arc in self.arcs.iter().filter(|a| uncut(a)) {
            if self.sequential[arc.from] {
                // Leaves after the unit's own delay.
                arrival[arc.to] = arrival[arc.to].max(self.delay[arc.from] + self.delay[arc.to]);
            } else {
                pending[arc.to] += 1;
            }
        }
        let mut ready: Vec<usize> = (0..n).filter(|&u| pending[u] == 0).collect();
        let mut visited = 0;
        while let Some(u) = ready.pop() {
            visited += 1;
            if arrival[u] > self.clock_period + 1e-9 {
                return false;
            }
            if self.sequential[u] {
                continue;
            }
            let out = &self.arcs_from[self.arcs_start[u]..self.arcs_start[u + 1]];
            for arc in out.iter().map(|&a| &self.arcs[a]).filter(|a| uncut(a)) {
                let v = arc.to;
                arrival[v] = arrival[v].max(arrival[u] + self.delay[v]);
                pending[v] -= 1;
                if pending[v] == 0 {
                    ready.push(v);
                }
            }
        }
        visited == n
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

    /// The MILP's objective at `placement` without the slots' cost, with the throughputs
    /// its breaks reach at [`MAX_SLOTS`] slots per bufferizable channel; `None` if it misses
    /// the clock period.
    pub fn objective(&self, placement: &[ChannelBuffers]) -> Option<f64> {
        if !self.meets_clock(placement) {
            return None;
        }
        let wide: Vec<ChannelBuffers> = placement
            .iter()
            .zip(&self.bufferizable)
            .map(|(b, &ok)| ChannelBuffers {
                slots: if ok { MAX_SLOTS } else { b.slots },
                ..*b
            })
            .collect();
        let phi: Vec<f64> = (0..self.weights.len())
            .map(|k| self.throughput(k, &wide))
            .collect();
        let breaks = placement.iter().filter(|b| b.break_dv).count();
        Some(self.weighted(&phi) - DV_COST * breaks as f64)
    }

    /// The throughput part of the objective for per-CFDFC throughputs `phi`.
    pub fn weighted(&self, phi: &[f64]) -> f64 {
        self.weights.iter().zip(phi).map(|(w, p)| w * p).sum()
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
            let base = e.latency * phi - e.tokens;
            let mut lo = base;
            let mut hi = 1.0 - e.tokens + slots + e.latency * phi - phi;
            if e.bufferizable {
                lo = lo.max(base + phi + dv - 1.0);
                hi = hi.min(1.0 - e.tokens + slots - dv + e.latency * phi);
            }
            graph.push((e.from, e.to, hi));
            graph.push((e.to, e.from, -lo));
        }
        let mut dist = vec![0.0f64; *n];
        for _ in 0..=*n {
            let mut changed = false;
            for &(a, b, w) in &graph {
                if dist[a] + w < dist[b] - 1e-9 {
                    dist[b] = dist[a] + w;
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
        false
    }
}
