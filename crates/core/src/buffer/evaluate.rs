//! Fast evaluation of a placement against the MILP's constraints, without a solver: whether
//! its data/valid breaks meet the clock period, and the throughput each CFDFC reaches.
//!
//! * Timing ([`Evaluator::meets_clock`]): the longest combinational data/valid path through
//!   the uncut channels ([`PathTiming`]), with the delays of the buffers the placement's
//!   breaks need and the rules require (its lean slots, [`super::circuit::Channel::lean`]).
//!   A cycle of uncut channels, or an arrival above the clock period, fails. Transparent
//!   slots add delay too: [`Evaluator::transparent_room`] says where they fit. For FPL22
//!   the ready paths must meet the clock period the same way (the ready delays of the
//!   units and of the buffers before each ready break, FPL22's ready rows).
//! * Throughput ([`Evaluator::throughput`]): for a fixed `phi`, the rows of
//!   [`super::formulation::throughput`] are difference constraints on the retiming variables
//!   (`lo(phi) <= ret_v - ret_u <= hi(phi)`), feasible exactly when their constraint graph
//!   has no negative cycle (Bellman-Ford). The feasible `phi` form an interval from 0, so
//!   bisection finds the largest one to within [`PHI_TOLERANCE`].
//!
//! The slots of the evaluated placement are taken as given; with `slots = MAX_SLOTS` on
//! every bufferizable channel with room for them ([`Evaluator::widened`]) the throughput is
//! the largest a slot sizing of those breaks within the clock period reaches on those
//! channels (slots only bound occupancies from above).

use super::channel_id::{ChannelId, ChannelVec};
use super::circuit::{pending_pairs, BufferDelays, CfdfcEdge, Channel, Circuit, ReadyBreaks};
use super::formulation::{DV_COST, MAX_SLOTS, R_COST};
use super::greedy::{ChannelBuffers, Placement, MIN_READY_DELAY};
use super::path_timing::{LatePaths, PathTiming};
use crate::timing::TIME_TOLERANCE_NS;

/// How many times [`Evaluator::transparent_room`] measures the paths again while it grants
/// transparent slots one channel at a time.
pub const ROOM_MEASUREMENTS: usize = 3;

/// Precision of the throughputs [`Evaluator::throughput`] returns.
pub const PHI_TOLERANCE: f64 = 1e-7;

/// The throughput [`Evaluator::throughput`] gives a CFDFC whose rows fail even at `phi = 0`
/// (its tokens do not fit its slots, so the MILP has no solution with the placement): below
/// every feasible one, and [`Evaluator::score`] of a placement with one is minus infinity.
pub const INFEASIBLE: f64 = -1.0;

/// Weights of retiming rows ([`RetimingRow::weight`], in tokens) closer than this count as
/// equal: a Bellman-Ford pass lowers a distance only by more, and a cover's cycle row
/// drops smaller coefficients.
pub const WEIGHT_TOLERANCE: f64 = 1e-9;

/// Objectives of placements ([`Evaluator::score`], the MILP's objective) closer than this
/// count as equal: a placement replaces another only when its objective is higher by more.
pub const OBJECTIVE_TOLERANCE: f64 = 1e-12;

/// The delay one signal takes through a channel's buffers ([`BufferDelays::on`],
/// [`BufferDelays::ready_on`]).
type Delay = fn(&BufferDelays, &Channel, &ChannelBuffers) -> f64;

/// The circuit prepared for repeated evaluations.
#[derive(Clone, Debug)]
pub struct Evaluator {
    clock_period: f64,
    /// The data/valid paths.
    paths: PathTiming,
    /// The ready paths, as FPL22's ready rows see them.
    ready_paths: PathTiming,
    /// Whether placements must meet the clock period on ready paths too (FPL22).
    ready_rows: bool,
    /// The circuit's channels.
    channels: ChannelVec<Channel>,
    /// The delays of buffers on channels.
    buffer_delays: BufferDelays,
    /// Per CFDFC, the graph of its retiming constraints.
    cfdfcs: Vec<RetimingGraph>,
    /// Per CFDFC, its share of the executions (the objective's weight of its throughput).
    pub weights: Vec<f64>,
    /// Per channel, the CFDFCs it belongs to.
    pub cfdfcs_of_channel: ChannelVec<Vec<usize>>,
}

impl Evaluator {
    /// Prepares `circuit`.
    pub fn new(circuit: &Circuit) -> Evaluator {
        let mut cfdfcs_of_channel = ChannelVec::filled(Vec::new(), circuit.channels.len());
        let cfdfcs = (0..circuit.cfdfcs.len())
            .map(|k| {
                let (units, edges) = circuit.cfdfc_graph(k);
                for e in &edges {
                    cfdfcs_of_channel[e.channel].push(k);
                }
                RetimingGraph::new(units.len(), edges)
            })
            .collect();
        Evaluator {
            clock_period: circuit.clock_period,
            paths: PathTiming::new(circuit),
            ready_paths: PathTiming::ready(circuit, MIN_READY_DELAY),
            ready_rows: circuit.ready_breaks == ReadyBreaks::Anywhere,
            channels: circuit.channels.clone(),
            buffer_delays: circuit.buffer_delays,
            cfdfcs,
            weights: circuit.cfdfc_weights(),
            cfdfcs_of_channel,
        }
    }

    /// Whether the data/valid breaks of `placement` meet the clock period (and cut every
    /// cycle), and for FPL22 its ready breaks too.
    pub fn meets_clock(&self, placement: &Placement) -> bool {
        let fits = |t: f64| t <= self.clock_period + TIME_TOLERANCE_NS;
        self.critical_path(placement).is_some_and(fits)
            && (!self.ready_rows || self.ready_critical_path(placement).is_some_and(fits))
    }

    /// The longest combinational ready path (ns) through the channels `placement` does not
    /// break ready on, with its lean slots; `None` when they close a cycle.
    fn ready_critical_path(&self, placement: &Placement) -> Option<f64> {
        let delay = self.buffer_delays(placement, BufferDelays::ready_on, |_, c, b| c.lean(b));
        self.ready_paths
            .critical_path(&self.ready_cuts(placement), &delay)
    }

    /// The longest combinational data/valid path (ns) through the channels `placement`
    /// does not break, with its lean slots; `None` when they close a cycle.
    pub fn critical_path(&self, placement: &Placement) -> Option<f64> {
        let delay = self.buffer_delays(placement, BufferDelays::on, |_, c, b| c.lean(b));
        self.paths.critical_path(&self.cuts(placement), &delay)
    }

    /// The data/valid paths of `placement` (with its lean slots) that miss the clock
    /// period, or a cycle its breaks leave uncut ([`PathTiming::late_paths`]).
    pub fn late_paths(&self, placement: &Placement) -> LatePaths {
        let delay = self.buffer_delays(placement, BufferDelays::on, |_, c, b| c.lean(b));
        self.paths.late_paths(
            &self.cuts(placement),
            &delay,
            self.clock_period + TIME_TOLERANCE_NS,
        )
    }

    /// The ready paths of `placement` (with its lean slots) that miss the clock period
    /// (FPL22's ready rows: the units' ready delays and the buffers' before each ready
    /// break, restarting at ready breaks), or a cycle its ready breaks leave uncut.
    pub fn late_ready_paths(&self, placement: &Placement) -> LatePaths {
        let delay = self.buffer_delays(placement, BufferDelays::ready_on, |_, c, b| c.lean(b));
        self.ready_paths.late_paths(
            &self.ready_cuts(placement),
            &delay,
            self.clock_period + TIME_TOLERANCE_NS,
        )
    }

    /// Per channel of a CFDFC, whether it gets transparent slots: first every channel where
    /// they fit with them on every such channel at once (a path through a channel without
    /// room then is one of the lean placement's, so the answer holds for a `placement` that
    /// meets the clock period); then, one at a time, each other bufferizable one where they
    /// fit beside those granted (every path still meets the clock period: HiGHS's optima
    /// put slots on such channels, which all at once would not fit): first the channels
    /// where `placement` asks for them (more slots than lean, [`Self::asks_for_room`]), then
    /// the others, each in channel order. All false when its uncut channels close a cycle.
    pub fn transparent_room(&self, placement: &Placement) -> ChannelVec<bool> {
        self.room_granted(placement, true)
    }

    /// Whether `placement` asks for transparent slots on channel `c`: it holds more slots
    /// than its breaks and the rules need.
    pub fn asks_for_room(&self, placement: &Placement, c: ChannelId) -> bool {
        let b = &placement[c];
        b.slots > self.channels[c].lean(b).slots
    }

    /// [`Self::transparent_room`], granted one at a time only where `placement` asks for
    /// it unless `others`.
    fn room_granted(&self, placement: &Placement, others: bool) -> ChannelVec<bool> {
        let n = placement.len();
        let none = || ChannelVec::filled(false, n);
        let on_loop = |c: ChannelId| !self.cfdfcs_of_channel[c].is_empty();
        let all = ChannelVec::from_fn(n, on_loop);
        let cuts = self.cuts(placement);
        let transparent = self.transparent_delays(placement, BufferDelays::on, &all);
        let Some(through) = self.paths.through(&cuts, &transparent) else {
            return none();
        };
        let fits = |t: f64| t <= self.clock_period + TIME_TOLERANCE_NS;
        // FPL22: transparent slots delay ready too; they go only where they fit on the
        // ready paths with them on every loop channel at once.
        let ready_fits: ChannelVec<bool> = if self.ready_rows {
            let delay = self.transparent_delays(placement, BufferDelays::ready_on, &all);
            match self
                .ready_paths
                .through(&self.ready_cuts(placement), &delay)
            {
                Some(t) => t.iter().map(|&t| fits(t)).collect(),
                None => return none(),
            }
        } else {
            ChannelVec::filled(true, n)
        };
        let on_loop = |c: ChannelId| on_loop(c) && ready_fits[c];
        let mut room = ChannelVec::from_fn(n, |c| on_loop(c) && fits(through[c]));
        // Slots on `c` add their delay to exactly the paths through `c`: they fit when the
        // longest of those, with the slots granted so far, still meets the clock period.
        // The paths are measured again only when a check fails after grants since the last
        // measurement, which lengthened any path by at most their delays (`added`), at most
        // [`ROOM_MEASUREMENTS`] times (the rest get no slots: each measurement costs a pass
        // over the circuit, and evaluations are the local search's inner loop).
        let mut measurements = 0;
        let mut delay = self.transparent_delays(placement, BufferDelays::on, &room);
        let mut through: Option<ChannelVec<f64>> = None;
        let mut added = 0.0;
        let asked = |c: ChannelId| self.asks_for_room(placement, c);
        let order = placement
            .ids()
            .filter(|&c| asked(c))
            .chain(placement.ids().filter(|&c| others && !asked(c)));
        for c in order {
            if room[c] || !on_loop(c) || !self.channels[c].bufferizable {
                continue;
            }
            let extra = transparent[c] - delay[c];
            let mut granted = through.as_ref().is_some_and(|t| fits(t[c] + extra + added));
            if !granted && (through.is_none() || added > 0.0) {
                if measurements == ROOM_MEASUREMENTS {
                    break;
                }
                measurements += 1;
                let Some(t) = self.paths.through(&cuts, &delay) else {
                    return none();
                };
                granted = fits(t[c] + extra);
                (through, added) = (Some(t), 0.0);
            }
            if granted {
                room[c] = true;
                delay[c] = transparent[c];
                added += extra;
            }
        }
        room
    }

    /// The channels of the longest path through `channel` with transparent slots on it and
    /// on the channels that have room for them where `placement` asks for it
    /// ([`Self::transparent_room`]: the path that denies it room when it has none and asks
    /// for it); empty when the uncut channels close a cycle.
    pub fn transparent_path(&self, placement: &Placement, channel: ChannelId) -> Vec<ChannelId> {
        let mut room = self.room_granted(placement, false);
        room[channel] = true;
        let delay = self.transparent_delays(placement, BufferDelays::on, &room);
        self.paths
            .path_through(&self.cuts(placement), &delay, channel)
            .unwrap_or_default()
    }

    /// The delay `on` of every channel's buffers with [`MAX_SLOTS`] slots on the channels
    /// `transparent` marks and lean slots elsewhere.
    fn transparent_delays(
        &self,
        placement: &Placement,
        on: Delay,
        transparent: &ChannelVec<bool>,
    ) -> ChannelVec<f64> {
        self.buffer_delays(placement, on, |i, c, b| {
            let lean = c.lean(b);
            ChannelBuffers {
                slots: if transparent[i] {
                    MAX_SLOTS
                } else {
                    lean.slots
                },
                ..lean
            }
        })
    }

    /// The data/valid break of every channel, in channel order.
    fn cuts(&self, placement: &Placement) -> ChannelVec<bool> {
        placement.iter().map(|b| b.break_dv).collect()
    }

    /// The ready break of every channel, in channel order.
    fn ready_cuts(&self, placement: &Placement) -> ChannelVec<bool> {
        placement.iter().map(|b| b.break_r).collect()
    }

    /// The delay `on` (data/valid: [`BufferDelays::on`], ready: [`BufferDelays::ready_on`])
    /// of every channel's buffers when channel `i` holds `held(i, channel, placed)`.
    fn buffer_delays(
        &self,
        placement: &Placement,
        on: Delay,
        held: impl Fn(ChannelId, &Channel, &ChannelBuffers) -> ChannelBuffers,
    ) -> ChannelVec<f64> {
        self.channels
            .iter_enumerated()
            .zip(placement)
            .map(|((i, c), b)| on(&self.buffer_delays, c, &held(i, c, b)))
            .collect()
    }

    /// `placement` with [`MAX_SLOTS`] slots on every bufferizable channel where transparent
    /// slots fit ([`Self::transparent_room`]) and its lean slots elsewhere: the throughputs
    /// of its breaks with slots on those channels (slots only raise throughputs).
    pub fn widened(&self, placement: &Placement) -> Placement {
        self.widened_with(placement, &self.transparent_room(placement))
    }

    /// [`Self::widened`] given the channels that have `room` for transparent slots.
    pub fn widened_with(&self, placement: &Placement, room: &ChannelVec<bool>) -> Placement {
        placement.map(|c, b| self.widened_channel(c, b, room[c]))
    }

    /// Channel `c` holding `buffers`, widened as [`Self::widened`] does when it has `room`
    /// for transparent slots.
    pub fn widened_channel(
        &self,
        c: ChannelId,
        buffers: &ChannelBuffers,
        room: bool,
    ) -> ChannelBuffers {
        let c = &self.channels[c];
        ChannelBuffers {
            slots: match (c.bufferizable, room) {
                (false, _) => buffers.slots,
                (true, true) => MAX_SLOTS,
                (true, false) => c.lean(buffers).slots,
            },
            ..*buffers
        }
    }

    /// The throughput of every CFDFC with `placement`.
    pub fn throughputs(&self, placement: &Placement) -> Vec<f64> {
        (0..self.cfdfcs.len())
            .map(|k| self.throughput(k, placement))
            .collect()
    }

    /// The MILP's objective without the slots' cost, for `placement` reaching throughputs
    /// `phi`.
    pub fn score(&self, placement: &Placement, phi: &[f64]) -> f64 {
        if phi.contains(&INFEASIBLE) {
            return f64::NEG_INFINITY;
        }
        let throughput: f64 = self.weights.iter().zip(phi).map(|(w, p)| w * p).sum();
        let breaks = placement.iter().filter(|b| b.break_dv).count();
        let ready_breaks = placement.iter().filter(|b| b.break_r).count();
        let ready_cost = if self.ready_rows { R_COST } else { 0.0 };
        throughput - DV_COST * breaks as f64 - ready_cost * ready_breaks as f64
    }

    /// Whether placements must meet the clock period on ready paths too (FPL22), where ready
    /// breaks are the placement's to choose.
    pub fn times_ready(&self) -> bool {
        self.ready_rows
    }

    /// [`Self::score`] of `placement` with its slots [`Self::widened`]; `None` if it misses
    /// the clock period.
    pub fn objective(&self, placement: &Placement) -> Option<f64> {
        if !self.meets_clock(placement) {
            return None;
        }
        Some(self.score(placement, &self.throughputs(&self.widened(placement))))
    }

    /// The largest throughput CFDFC `k` reaches with `placement` (within
    /// [`PHI_TOLERANCE`]); [`INFEASIBLE`] when even `phi = 0` is infeasible.
    pub fn throughput(&self, k: usize, placement: &Placement) -> f64 {
        if !self.holds(k, placement, 0.0) {
            return INFEASIBLE;
        }
        self.raise(k, placement, 0.0)
    }

    /// The throughput of CFDFC `k` with `placement`, known to have been `phi` before a
    /// change: a feasibility check or two when it did not fall, a bisection when it did.
    pub fn rethroughput(&self, k: usize, placement: &Placement, phi: f64) -> f64 {
        if phi == INFEASIBLE {
            return self.throughput(k, placement);
        }
        self.throughput_kept(k, placement, phi)
            .unwrap_or_else(|| self.throughput(k, placement))
    }

    /// The throughput of CFDFC `k` with `placement` if it is at least `phi`: a feasibility
    /// check or two.
    pub fn throughput_kept(&self, k: usize, placement: &Placement, phi: f64) -> Option<f64> {
        if phi == INFEASIBLE {
            return Some(self.throughput(k, placement));
        }
        self.throughput_above(k, placement, phi)
            .or_else(|| self.holds(k, placement, phi).then_some(phi))
    }

    /// The throughput of CFDFC `k` with `placement` if it is above `phi` (feasible at
    /// `phi`) by more than [`PHI_TOLERANCE`]; one feasibility check when it is not.
    pub fn throughput_above(&self, k: usize, placement: &Placement, phi: f64) -> Option<f64> {
        let step = phi + PHI_TOLERANCE;
        (step <= 1.0 && self.holds(k, placement, step)).then(|| self.raise(k, placement, step))
    }

    /// The largest feasible throughput at or above `lo`, at which `placement` is feasible.
    fn raise(&self, k: usize, placement: &Placement, mut lo: f64) -> f64 {
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

    /// Whether CFDFC `k` can run at throughput `phi` with `placement`.
    pub fn holds(&self, k: usize, placement: &Placement, phi: f64) -> bool {
        self.negative_cycle(k, placement, phi).is_none()
    }

    /// Why CFDFC `k` cannot run at throughput `phi` with `placement`: the rows of a cycle of
    /// its retiming constraints that contradict each other (empty if Bellman-Ford ran out of
    /// passes without closing one); `None` when it can. Bellman-Ford on the difference
    /// constraints, from a virtual source at distance 0 to every unit.
    pub fn negative_cycle(
        &self,
        k: usize,
        placement: &Placement,
        phi: f64,
    ) -> Option<Vec<(CfdfcEdge, RetimingRow)>> {
        let RetimingGraph {
            units: n,
            edges,
            rows,
        } = &self.cfdfcs[k];
        let graph: Vec<(usize, usize, f64)> = rows
            .iter()
            .map(|r| {
                let weight = r
                    .parts
                    .iter()
                    .map(|&(i, row)| row.weight(&edges[i], &placement[edges[i].channel], phi))
                    .sum();
                (r.from, r.to, weight)
            })
            .collect();
        let mut dist = vec![0.0f64; *n];
        // The graph edge that last lowered each unit's distance.
        let mut parent = vec![usize::MAX; *n];
        for _ in 0..=*n {
            let mut changed = false;
            for (g, &(a, b, w)) in graph.iter().enumerate() {
                if dist[a] + w < dist[b] - WEIGHT_TOLERANCE {
                    dist[b] = dist[a] + w;
                    parent[b] = g;
                    changed = true;
                }
            }
            if !changed {
                return None;
            }
            if let Some(cycle) = parent_cycle(&parent, &graph) {
                let parts = |g: usize| rows[g].parts.iter().map(|&(i, row)| (edges[i], row));
                return Some(cycle.into_iter().flat_map(parts).collect());
            }
        }
        Some(Vec::new())
    }
}

/// One difference constraint `ret_to - ret_from <= weight` of a CFDFC, the weight summed
/// over its parts (rows of channels, [`RetimingRow::weight`]).
#[derive(Clone, Debug)]
struct GraphRow {
    from: usize,
    to: usize,
    parts: Vec<(usize, RetimingRow)>,
}

/// The retiming constraints of one CFDFC as a graph for Bellman-Ford.
#[derive(Clone, Debug)]
struct RetimingGraph {
    /// How many units the CFDFC has.
    units: usize,
    /// Its channels.
    edges: Vec<CfdfcEdge>,
    /// The rows in the order Bellman-Ford relaxes them: the latency rows (lowering the
    /// producer's distance from the consumer's) from the last unit of the loop body to the
    /// first, then the capacity rows from the first to the last, so one pass carries a
    /// distance along a whole chain of units; last the rows of tokens pending in forks
    /// ([`pending_pairs`]).
    rows: Vec<GraphRow>,
}

impl RetimingGraph {
    fn new(units: usize, edges: Vec<CfdfcEdge>) -> RetimingGraph {
        let rank = body_order(units, &edges);
        let mut latency: Vec<usize> = (0..edges.len()).collect();
        latency.sort_by_key(|&i| std::cmp::Reverse(rank[edges[i].to]));
        let mut capacity: Vec<usize> = (0..edges.len()).collect();
        capacity.sort_by_key(|&i| rank[edges[i].from]);
        let latency = latency.into_iter().map(|i| GraphRow {
            from: edges[i].to,
            to: edges[i].from,
            parts: vec![(i, RetimingRow::Latency)],
        });
        let capacity = capacity.into_iter().map(|i| GraphRow {
            from: edges[i].from,
            to: edges[i].to,
            parts: vec![(i, RetimingRow::Capacity)],
        });
        let pending = pending_pairs(&edges).into_iter().map(|(i, j)| GraphRow {
            from: edges[i].from,
            to: edges[j].to,
            parts: vec![(i, RetimingRow::Capacity), (j, RetimingRow::Pending)],
        });
        let rows = latency.chain(capacity).chain(pending).collect();
        RetimingGraph { units, edges, rows }
    }
}

/// Per unit of a CFDFC, its position in a topological order of the loop body (the channels
/// without tokens); units on a cycle without tokens come last, in index order.
fn body_order(units: usize, edges: &[CfdfcEdge]) -> Vec<usize> {
    let mut indegree = vec![0usize; units];
    let mut successors = vec![Vec::new(); units];
    for e in edges.iter().filter(|e| e.tokens == 0) {
        indegree[e.to] += 1;
        successors[e.from].push(e.to);
    }
    let mut ready: Vec<usize> = (0..units).filter(|&u| indegree[u] == 0).rev().collect();
    let mut rank = vec![usize::MAX; units];
    let mut next = 0;
    while let Some(u) = ready.pop() {
        rank[u] = next;
        next += 1;
        for &v in &successors[u] {
            indegree[v] -= 1;
            if indegree[v] == 0 {
                ready.push(v);
            }
        }
    }
    for r in rank.iter_mut().filter(|r| **r == usize::MAX) {
        *r = next;
        next += 1;
    }
    rank
}

/// A row of a CFDFC's retiming constraints on one of its channels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetimingRow {
    /// The tokens fit in its slots (an upper bound on the occupancy).
    Capacity,
    /// The occupancy covers its producer's latency and its break's cycle (a lower bound).
    Latency,
    /// An output of a fork, in a row with the fork's input ([`pending_pairs`]): its tokens
    /// fit in its slots, the token the fork holds counted on the input.
    Pending,
}

impl RetimingRow {
    /// The weight this row of CFDFC channel `e` holding `buffers` adds at throughput `phi`
    /// to its difference constraint: `ret_to - ret_from <= hi` adds `hi` (capacity rows, on
    /// the edge from → to), `ret_to - ret_from >= lo` adds `-lo` (latency rows, on the edge
    /// to → from). Buffers on a channel that takes none count as none.
    pub fn weight(self, e: &CfdfcEdge, buffers: &ChannelBuffers, phi: f64) -> f64 {
        let (dv, slots) = if e.bufferizable {
            (
                f64::from(u8::from(buffers.break_dv)),
                f64::from(buffers.slots),
            )
        } else {
            (0.0, 0.0)
        };
        let (tokens, latency) = (f64::from(e.tokens), f64::from(e.latency));
        match self {
            RetimingRow::Capacity if e.held.holds() => {
                let stalled = 1.0 - tokens + slots + latency * phi - phi;
                if e.bufferizable {
                    stalled.min(1.0 - tokens + slots - dv + latency * phi)
                } else {
                    stalled
                }
            }
            RetimingRow::Capacity | RetimingRow::Pending => slots - tokens + latency * phi,
            RetimingRow::Latency => {
                let base = (latency + f64::from(e.wait)) * phi - tokens;
                let lo = if e.bufferizable {
                    base.max(base + phi + dv - 1.0)
                } else {
                    base
                };
                -lo
            }
        }
    }
}

/// The graph edges of a cycle the predecessor links of a Bellman-Ford run close, if any.
/// Every link was set by a strict improvement, so such a cycle is negative (its weight is
/// below the improvement tolerance): the constraints are infeasible, usually many passes
/// before Bellman-Ford's own bound says so.
fn parent_cycle(parent: &[usize], graph: &[(usize, usize, f64)]) -> Option<Vec<usize>> {
    // 0: not seen; i + 1: seen on the walk from unit i.
    let mut seen = vec![0usize; parent.len()];
    for start in 0..parent.len() {
        let mut u = start;
        while u != usize::MAX && seen[u] == 0 {
            seen[u] = start + 1;
            u = parent
                .get(u)
                .and_then(|&g| graph.get(g))
                .map_or(usize::MAX, |e| e.0);
        }
        if u != usize::MAX && seen[u] == start + 1 {
            // u is on the cycle: follow it round once.
            let mut cycle = Vec::new();
            let mut v = u;
            loop {
                let g = parent[v];
                cycle.push(g);
                v = graph[g].0;
                if v == u {
                    return Some(cycle);
                }
            }
        }
    }
    None
}
