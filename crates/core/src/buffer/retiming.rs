//! Data/valid breaks for one CFDFC by retiming (Leiserson and Saxe's FEAS): the breaks that
//! let it run at initiation interval `II` (throughput `1 / II` per token) while its paths meet
//! the clock period, for the smallest `II` where that works.
//!
//! A CFDFC is a marked graph: around any cycle `C`, latency `sum L_u + breaks(C)` at most
//! `II * tokens(C)` gives throughput `1 / II` (see [`super::formulation::throughput`]). Give
//! every channel `e = u -> v` a budget `w(e) = II * tokens(e) - L_u` (a pipelined unit's
//! latency uses up the budget on its output); a retiming `r` places
//! `w_r(e) = w(e) + r(v) - r(u)` breaks on `e`, and every cycle keeps its budget. A legal
//! retiming (`w_r >= 0` everywhere) comes from longest paths; FEAS then moves a break onto
//! the inputs of every unit whose data/valid arrival misses the clock period, and the
//! retiming is made legal again by pushing the breaks it took forward, `|V|` times.
//! If the result is legal and meets the clock period, its channels with `w_r >= 1` are
//! the breaks (one each: a second break on a channel would only add latency).
//!
//! Only the CFDFC's own channels are seen: paths entering from outside and the channels of
//! other CFDFCs are left to the greedy placement that completes the result.

use super::channel_id::ChannelVec;
use super::circuit::{CfdfcEdge, Circuit};
use super::greedy::ChannelBuffers;
use super::path_timing::{arrival_times, Arc};
use crate::timing::TIME_TOLERANCE_NS;

/// Largest initiation interval considered (loops around a 35-cycle divider need about 40).
pub const MAX_II: u32 = 1024;
/// How many intervals above the smallest the budgets allow are tried.
pub const EXTRA_II: u32 = 8;

/// The breaks (a mask over the circuit's channels, including the `fixed` ones) that let
/// CFDFC `k` run at the smallest initiation interval that retiming reaches, with that
/// interval; the breaks in `fixed` stay, and the `protected` channels get no break beyond
/// them (e.g. those of loops retimed before, which another break would slow down).
/// Intervals are tried from the smallest whose budgets admit a legal retiming (found by
/// bisection up to [`MAX_II`]: larger intervals only add budget) to [`EXTRA_II`] above it.
pub fn retimed_breaks(
    circuit: &Circuit,
    k: usize,
    fixed: &ChannelVec<bool>,
    protected: &ChannelVec<bool>,
) -> Option<(u32, ChannelVec<bool>)> {
    let (units, edges) = circuit.cfdfc_graph(k);
    // The delay of the buffers a break and the rules put on each edge's channel.
    let buffer_delay = |e: &CfdfcEdge, cut: bool| {
        let c = circuit.channel(e.channel);
        let placed = ChannelBuffers {
            break_dv: cut,
            ..ChannelBuffers::default()
        };
        circuit.buffer_delays.on(c, &c.lean(&placed))
    };
    let graph = Graph {
        buffer_delay: edges
            .iter()
            .map(|e| [buffer_delay(e, false), buffer_delay(e, true)])
            .collect(),
        fixed: edges.iter().map(|e| fixed[e.channel]).collect(),
        protected: edges.iter().map(|e| protected[e.channel]).collect(),
        edges,
        delay: units.iter().map(|u| circuit.units[u].delay).collect(),
        sequential: units.iter().map(|u| circuit.units[u].sequential).collect(),
        clock_period: circuit.clock_period,
    };
    let (mut lo, mut hi) = (1, MAX_II);
    if !graph.admits(hi) {
        return None;
    }
    while lo < hi {
        let mid = (lo + hi) / 2;
        if graph.admits(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    (lo..=lo + EXTRA_II).find_map(|ii| {
        let w = graph.retimed(i64::from(ii))?;
        let mut mask = fixed.clone();
        for (e, &w) in graph.edges.iter().zip(&w) {
            if w >= 1 && !graph.sequential[e.from] {
                mask[e.channel] = true;
            }
        }
        Some((ii, mask))
    })
}

/// The CFDFC as a retiming graph.
struct Graph {
    edges: Vec<CfdfcEdge>,
    /// Per edge, whether a break is already placed on it (it counts like a cycle of latency).
    fixed: Vec<bool>,
    /// Per edge, whether it may get no break beyond the fixed one.
    protected: Vec<bool>,
    /// Per edge, the delay of its buffers without and with a break.
    buffer_delay: Vec<[f64; 2]>,
    delay: Vec<f64>,
    sequential: Vec<bool>,
    clock_period: f64,
}

impl Graph {
    /// The budget of breaks per edge at interval `ii`.
    fn budget(&self, ii: i64) -> Vec<i64> {
        self.edges
            .iter()
            .zip(&self.fixed)
            .map(|(e, &fixed)| ii * i64::from(e.tokens) - i64::from(e.cycles()) - i64::from(fixed))
            .collect()
    }

    /// Whether some retiming is legal at interval `ii` (every cycle's budget is at least 0).
    fn admits(&self, ii: u32) -> bool {
        let mut r = vec![0i64; self.delay.len()];
        self.legalize(&self.budget(i64::from(ii)), &mut r).is_some()
    }

    /// The breaks per edge of a legal retiming at interval `ii` that meets the clock period.
    fn retimed(&self, ii: i64) -> Option<Vec<i64>> {
        let n = self.delay.len();
        let budget = self.budget(ii);
        let mut r = vec![0i64; n];
        self.legalize(&budget, &mut r)?;
        for _ in 0..=n {
            let w = self.weights(&budget, &r);
            let late = self.late_units(&w)?;
            if late.is_empty() {
                let placeable = self
                    .edges
                    .iter()
                    .zip(&w)
                    .all(|(e, &w)| w == 0 || e.bufferizable || self.sequential[e.from]);
                return placeable.then_some(w);
            }
            for v in late {
                r[v] += 1;
            }
            self.legalize(&budget, &mut r)?;
        }
        None
    }

    /// Raises `r` until no edge has a negative number of breaks (`r(v) >= r(u) - w(e)`,
    /// longest paths) and no protected edge a positive one (`r(u) >= r(v) + w(e)`); fails
    /// when a cycle's budget is negative (or the protected edges allow no retiming).
    fn legalize(&self, budget: &[i64], r: &mut [i64]) -> Option<()> {
        for _ in 0..=self.delay.len() {
            let mut changed = false;
            for ((e, &w), &protected) in self.edges.iter().zip(budget).zip(&self.protected) {
                if w + r[e.to] - r[e.from] < 0 {
                    r[e.to] = r[e.from] - w;
                    changed = true;
                }
                if protected && w + r[e.to] - r[e.from] > 0 {
                    r[e.from] = r[e.to] + w;
                    changed = true;
                }
            }
            if !changed {
                return Some(());
            }
        }
        None
    }

    /// Breaks per edge under retiming `r`.
    fn weights(&self, budget: &[i64], r: &[i64]) -> Vec<i64> {
        self.edges
            .iter()
            .zip(budget)
            .map(|(e, &w)| w + r[e.to] - r[e.from])
            .collect()
    }

    /// The units whose data/valid arrival misses the clock period with breaks `w`; `None`
    /// when the unbroken channels close a cycle.
    fn late_units(&self, w: &[i64]) -> Option<Vec<usize>> {
        let arcs: Vec<Arc> = self
            .edges
            .iter()
            .enumerate()
            .filter(|(_, e)| !self.sequential[e.to])
            .map(|(i, e)| {
                let cut = w[i] >= 1 || self.fixed[i];
                Arc {
                    from: (!cut).then_some(e.from),
                    to: e.to,
                    delay: self.buffer_delay[i][usize::from(cut)],
                }
            })
            .collect();
        let arrival = arrival_times(&self.delay, &self.sequential, &arcs)?;
        Some(
            (0..arrival.len())
                .filter(|&u| arrival[u] > self.clock_period + TIME_TOLERANCE_NS)
                .collect(),
        )
    }
}

/// `mask` with a break on every bufferizable channel that enters a CFDFC's unit from
/// outside the CFDFCs (a channel of no CFDFC): the retiming does not see the arrivals these
/// channels bring, so without a break they can make a retimed loop miss the clock period,
/// and the greedy placement would then cut inside the loop. Breaks that turn out to be
/// unnecessary are dropped by the local search.
pub fn fenced(circuit: &Circuit, mask: &ChannelVec<bool>) -> ChannelVec<bool> {
    let index = circuit.channel_index();
    let mut in_cfdfc = ChannelVec::filled(false, circuit.channels.len());
    for cf in &circuit.cfdfcs {
        for v in &cf.channels {
            if let Some(&i) = index.get(v) {
                in_cfdfc[i] = true;
            }
        }
    }
    let mut fenced = mask.clone();
    for i in circuit.channel_ids() {
        let c = circuit.channel(i);
        let enters = circuit.cfdfcs.iter().any(|cf| cf.units.contains(&c.to));
        if enters && !in_cfdfc[i] && c.bufferizable {
            fenced[i] = true;
        }
    }
    fenced
}
