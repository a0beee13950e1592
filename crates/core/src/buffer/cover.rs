//! The fewest data/valid breaks on chosen channels that make a placement meet the clock
//! period: a set cover whose rows are the paths that miss it (each needs a break on one of
//! its free channels), generated lazily and solved exactly by the MILP solver.
//!
//! Starting with no break on the free channels, each round adds a row per path that misses
//! the clock period (or per cycle left uncut, [`Evaluator::late_paths`]) and solves the
//! cover again, until its breaks meet the clock period. A row holds in every placement
//! that leaves the path's free channels unbroken (their delays do not depend on the other
//! channels), so when the solver proves each cover optimal the result is the fewest breaks
//! the free channels can do with. Breaks the rules force and the other channels' breaks
//! stay as they are.
//!
//! The local search moves one or two breaks at a time; a cover can exchange many at once
//! (e.g. the breaks of a chain of compares and branches, cut where one break serves several
//! paths). The same cover places FPL22's ready breaks against its ready paths
//! ([`fewest_ready_breaks`]), which no other step revisits after the greedy placement.

use super::circuit::CfdfcEdge;
use super::circuit::Circuit;
use super::evaluate::{Evaluator, RetimingRow};
use super::greedy::ChannelBuffers;
use super::path_timing::LatePaths;
use crate::milp::{Cmp, LinExpr, MicrolpSolver, MilpSolver, Model, Sense, SolveOptions, VarId};
use std::collections::{BTreeMap, BTreeSet};

/// Most rounds of rows one cover adds before it gives up.
pub const COVER_ROUNDS: usize = 64;

/// Branch-and-bound nodes of one cover's search.
pub const COVER_NODES: u64 = 200;

/// What a branch-and-bound node of a cover costs, per variable times row, and what a
/// timing evaluation ([`Evaluator::late_paths`]) and a throughput check (slots widened,
/// Bellman-Ford) cost per channel of the circuit, in units of [`Work`] (about a few
/// nanoseconds each).
const NODE_COST: f64 = 4.0;
const TIMING_COST: f64 = 4.0;
const THROUGHPUT_COST: f64 = 40.0;

/// A deterministic work budget, shared by the covers of one placement.
#[derive(Clone, Copy, Debug)]
pub struct Work(pub f64);

impl Work {
    /// Spends `amount`; `None` once the budget is spent.
    fn charge(&mut self, amount: f64) -> Option<()> {
        self.0 -= amount;
        (self.0 > 0.0).then_some(())
    }
}

/// Relative gap at which a cover's search stops (about one break in a hundred).
pub const COVER_GAP: f64 = 0.01;

/// Most times one round breaks the late paths of a cover to find the paths behind them.
pub const REPAIR_STEPS: usize = 64;

/// What a cover must do for the CFDFCs' throughputs (with slots widened,
/// [`Evaluator::widened`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loops {
    /// Nothing: only the clock period counts.
    Ignored,
    /// Every CFDFC keeps the throughput it has with the placement.
    Kept,
    /// Every CFDFC keeps its throughput and this one reaches the next initiation interval
    /// down ([`faster`]).
    Raised(usize),
}

/// The throughput of the next whole initiation interval below `1 / phi` (0.2 → 0.25,
/// 0.44 → 0.5); `None` at 1 or 0.
pub fn faster(phi: f64) -> Option<f64> {
    let interval = (1.0 / phi - 1e-6).ceil() - 1.0;
    (phi > 0.0 && interval >= 1.0).then(|| 1.0 / interval)
}

/// Which breaks a cover places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Signal {
    /// Data/valid breaks, against the data/valid paths.
    DataValid,
    /// Ready breaks, against FPL22's ready paths.
    Ready,
}

impl Signal {
    fn breaks(self, b: &ChannelBuffers) -> bool {
        match self {
            Signal::DataValid => b.break_dv,
            Signal::Ready => b.break_r,
        }
    }

    fn set(self, b: &mut ChannelBuffers, on: bool) {
        match self {
            Signal::DataValid => b.break_dv = on,
            Signal::Ready => b.break_r = on,
        }
    }

    fn late_paths(self, eval: &Evaluator, placement: &[ChannelBuffers]) -> LatePaths {
        match self {
            Signal::DataValid => eval.late_paths(placement),
            Signal::Ready => eval.late_ready_paths(placement),
        }
    }
}

/// `placement` with the fewest breaks on the `free` channels (bufferizable ones the rules
/// do not force to break) that meet the clock period and what `loops` asks, slots lean;
/// `None` when no break on them can, or the rounds run out.
pub fn fewest_breaks(
    circuit: &Circuit,
    eval: &Evaluator,
    placement: &[ChannelBuffers],
    free: &[bool],
    loops: Loops,
    work: &mut Work,
) -> Option<Vec<ChannelBuffers>> {
    let cover = Cover {
        circuit,
        eval,
        free,
        signal: Signal::DataValid,
    };
    cover.fewest(placement, loops, work)
}

/// `placement` with the fewest ready breaks on the `free` channels that meet FPL22's ready
/// rows ([`Evaluator::late_ready_paths`]), its data/valid breaks as they are, slots lean;
/// `None` as for [`fewest_breaks`]. The ready breaks' slots delay data/valid: the caller
/// checks the data/valid paths.
pub fn fewest_ready_breaks(
    circuit: &Circuit,
    eval: &Evaluator,
    placement: &[ChannelBuffers],
    free: &[bool],
    work: &mut Work,
) -> Option<Vec<ChannelBuffers>> {
    let cover = Cover {
        circuit,
        eval,
        free,
        signal: Signal::Ready,
    };
    cover.fewest(placement, Loops::Ignored, work)
}

/// One cover's setting: which breaks it places, on which channels.
struct Cover<'a> {
    circuit: &'a Circuit,
    eval: &'a Evaluator,
    free: &'a [bool],
    signal: Signal,
}

impl Cover<'_> {
    /// See [`fewest_breaks`].
    fn fewest(
        &self,
        placement: &[ChannelBuffers],
        loops: Loops,
        work: &mut Work,
    ) -> Option<Vec<ChannelBuffers>> {
        let Cover {
            circuit,
            eval,
            free,
            signal,
        } = *self;
        let channels = placement.len() as f64;
        // The throughputs to keep or reach, if any.
        let targets = if loops == Loops::Ignored {
            Vec::new()
        } else {
            work.charge(THROUGHPUT_COST * channels)?;
            let mut targets = eval.throughputs(&eval.widened(placement));
            if let Loops::Raised(k) = loops {
                targets[k] = faster(*targets.get(k)?)?;
            }
            targets
        };
        let with_breaks = |on: &BTreeSet<usize>| -> Vec<ChannelBuffers> {
            placement
                .iter()
                .zip(&circuit.channels)
                .enumerate()
                .map(|(i, (b, c))| {
                    let mut b = *b;
                    if free[i] {
                        signal.set(&mut b, on.contains(&i));
                    }
                    c.lean(&b)
                })
                .collect()
        };
        let mut rows = Rows::default();
        let mut breaks = BTreeSet::new();
        let mut current = with_breaks(&breaks);
        for _ in 0..COVER_ROUNDS {
            let mut repaired = breaks.clone();
            if !rows.add_late_paths(self, &current, &mut repaired, work)? {
                let slower = if targets.is_empty() {
                    Vec::new()
                } else {
                    work.charge(THROUGHPUT_COST * channels)?;
                    slower_loops(eval, &current, &targets)
                };
                if slower.is_empty() {
                    return Some(current);
                }
                for k in slower {
                    let kept = (k, targets[k]);
                    rows.add_loop_rows(eval, &current, free, kept, work)?;
                }
            }
            breaks = solve_cover(&rows, &repaired, work)?;
            current = with_breaks(&breaks);
        }
        None
    }
}

/// The rows of a cover, over channel indices.
#[derive(Default)]
struct Rows {
    /// At least one of these channels breaks.
    any: BTreeSet<Vec<usize>>,
    /// At most so many of these channels break (so a loop keeps its throughput).
    at_most: BTreeSet<(Vec<usize>, usize)>,
}

impl Rows {
    /// Adds the row "at least one of `row`", unless a row of fewer channels implies it;
    /// drops the rows it implies.
    fn add_any(&mut self, mut row: Vec<usize>) {
        row.sort_unstable();
        row.dedup();
        let within = |a: &[usize], b: &[usize]| a.iter().all(|i| b.binary_search(i).is_ok());
        if self.any.iter().any(|r| within(r, &row)) {
            return;
        }
        self.any.retain(|r| !within(&row, r));
        self.any.insert(row);
    }

    /// Adds a row per path of `placement` that misses the clock period (or cycle it leaves
    /// uncut); then, up to [`REPAIR_STEPS`] times, breaks each such path on its last free
    /// channel and adds the rows of the paths that still miss it (rows the cover would
    /// otherwise find one round at a time), recording those breaks in `repaired`. False if
    /// `placement` meets the clock period; `None` if a path has no free channel to break.
    fn add_late_paths(
        &mut self,
        cover: &Cover,
        placement: &[ChannelBuffers],
        repaired: &mut BTreeSet<usize>,
        work: &mut Work,
    ) -> Option<bool> {
        let (free, signal) = (cover.free, cover.signal);
        let mut placement = placement.to_vec();
        for step in 0..REPAIR_STEPS {
            work.charge(TIMING_COST * placement.len() as f64)?;
            let paths = match signal.late_paths(cover.eval, &placement) {
                LatePaths::Cycle(cycle) => vec![cycle],
                LatePaths::Late(paths) if paths.is_empty() => return Some(step > 0),
                LatePaths::Late(paths) => paths,
            };
            // Breaks of this step serve the paths after them, too.
            let before = placement.clone();
            for path in paths {
                // From the path's start to where it is late.
                let row: Vec<usize> = path
                    .into_iter()
                    .filter(|&i| free[i] && !signal.breaks(&before[i]))
                    .collect();
                let &last = row.last()?;
                if !row.iter().any(|&i| signal.breaks(&placement[i])) {
                    signal.set(&mut placement[last], true);
                    repaired.insert(last);
                }
                self.add_any(row);
            }
        }
        Some(true)
    }

    /// Adds rows that keep CFDFC `k`, too slow with `placement`, at throughput `phi`
    /// ([`loop_row`]; `kept` is `(k, phi)`); then, up to [`REPAIR_STEPS`] times, takes a
    /// break of the last row out and adds the row of the cycle still too slow, if any.
    /// `None` when no row can help.
    fn add_loop_rows(
        &mut self,
        eval: &Evaluator,
        placement: &[ChannelBuffers],
        free: &[bool],
        (k, phi): (usize, f64),
        work: &mut Work,
    ) -> Option<()> {
        let mut placement = placement.to_vec();
        for step in 0..REPAIR_STEPS {
            work.charge(THROUGHPUT_COST * placement.len() as f64)?;
            let row = eval
                .negative_cycle(k, &eval.widened(&placement), phi)
                .and_then(|cycle| loop_row(eval, &cycle, &placement, free, k, phi));
            let Some((row, most)) = row else {
                return (step > 0).then_some(());
            };
            let broken = row.iter().copied().rfind(|&i| placement[i].break_dv);
            self.at_most.insert((row, most));
            match broken {
                Some(i) => placement[i].break_dv = false,
                None => break,
            }
        }
        Some(())
    }
}

/// A row (channels, most breaks among them) that CFDFC `k` needs to run at throughput
/// `phi`, from a `cycle` of its retiming rows that `placement` violates: on a cycle of
/// latency rows (a loop of the CFDFC), at most as many breaks on its free channels as its
/// tokens leave room for (the cycle's latency in cycles, breaks included, times `phi`
/// cannot exceed its tokens: a row every placement reaching `phi` meets); otherwise not all
/// the breaks of the free channels on the cycle (or on the CFDFC) at once (a guess: it
/// may exclude every cover, and then the cover gives up). `None` when no row can help.
fn loop_row(
    eval: &Evaluator,
    cycle: &[(CfdfcEdge, RetimingRow)],
    placement: &[ChannelBuffers],
    free: &[bool],
    k: usize,
    phi: f64,
) -> Option<(Vec<usize>, usize)> {
    let latency_rows =
        !cycle.is_empty() && cycle.iter().all(|(_, row)| *row == RetimingRow::Latency);
    if latency_rows {
        let mut room = 0.0;
        let mut channels = Vec::new();
        for (e, _) in cycle {
            room += f64::from(e.tokens) / phi - f64::from(e.cycles());
            match (
                e.bufferizable && free[e.channel],
                placement[e.channel].break_dv,
            ) {
                (true, _) => channels.push(e.channel),
                (false, true) if e.bufferizable => room -= 1.0,
                _ => {}
            }
        }
        let most = (room + 1e-6).floor();
        if most < 0.0 || channels.is_empty() {
            return None;
        }
        channels.sort_unstable();
        channels.dedup();
        return Some((channels, most as usize));
    }
    let on_cycle: BTreeSet<usize> = cycle.iter().map(|(e, _)| e.channel).collect();
    let breaks = |i: &usize| free[*i] && placement[*i].break_dv;
    let mut row: Vec<usize> = on_cycle.iter().copied().filter(breaks).collect();
    if row.is_empty() {
        row = (0..placement.len())
            .filter(breaks)
            .filter(|&i| eval.cfdfcs_of_channel[i].contains(&k))
            .collect();
    }
    let most = row.len().checked_sub(1)?;
    Some((row, most))
}

/// The CFDFCs whose throughput with `placement` (widened) falls below `targets`.
fn slower_loops(eval: &Evaluator, placement: &[ChannelBuffers], targets: &[f64]) -> Vec<usize> {
    let wide = eval.widened(placement);
    (0..targets.len())
        .filter(|&k| !eval.holds(k, &wide, targets[k]))
        .collect()
}

/// The fewest channels that meet every row, or close to it: the search stops at
/// [`COVER_NODES`] nodes or a gap below [`COVER_GAP`], starting from `incumbent` (channels
/// that break) when it meets the rows.
fn solve_cover(
    rows: &Rows,
    incumbent: &BTreeSet<usize>,
    work: &mut Work,
) -> Option<BTreeSet<usize>> {
    let mut model = Model::new("cover");
    let mut vars: BTreeMap<usize, VarId> = BTreeMap::new();
    let at_most = rows.at_most.iter().map(|(row, _)| row);
    for &i in rows.any.iter().chain(at_most).flatten() {
        vars.entry(i)
            .or_insert_with(|| model.binary(&format!("cut_{i}")));
    }
    let sum = |row: &[usize]| {
        let terms: Vec<(VarId, f64)> = row.iter().map(|i| (vars[i], 1.0)).collect();
        LinExpr::from_terms(&terms)
    };
    for (r, row) in rows.any.iter().enumerate() {
        model.add_constraint(&format!("path_{r}"), &sum(row), Cmp::Ge, 1.0);
    }
    for (r, (row, most)) in rows.at_most.iter().enumerate() {
        model.add_constraint(&format!("loop_{r}"), &sum(row), Cmp::Le, *most as f64);
    }
    let all: Vec<(VarId, f64)> = vars.values().map(|&v| (v, 1.0)).collect();
    model.set_objective(Sense::Minimize, &LinExpr::from_terms(&all));
    let node_cost = NODE_COST * (vars.len() * model.constraints().len()).max(1) as f64;
    let nodes_left = (work.0 / node_cost).floor();
    if nodes_left < 1.0 {
        return None;
    }
    let nodes_left = nodes_left as u64;
    let mut start = vec![0.0; vars.len()];
    for (i, v) in &vars {
        start[v.index()] = f64::from(u8::from(incumbent.contains(i)));
    }
    let options = SolveOptions {
        node_limit: COVER_NODES.min(nodes_left),
        improve_nodes: 0,
        dive: false,
        mip_gap: COVER_GAP,
        incumbent: model.check(&start).is_ok().then_some(start),
        ..SolveOptions::default()
    };
    let r = MicrolpSolver.solve(&model, &options);
    work.charge(r.stats.nodes.max(1) as f64 * node_cost)?;
    let values = r.values?;
    Some(
        vars.iter()
            .filter(|(_, v)| values[v.index()] > 0.5)
            .map(|(&i, _)| i)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::faster;

    #[test]
    fn the_next_interval_is_one_cycle_shorter() {
        assert_eq!(faster(0.2), Some(0.25));
        assert_eq!(faster(1.0 / 9.0), Some(0.125));
        assert_eq!(faster(0.44), Some(0.5));
        assert_eq!(faster(0.5), Some(1.0));
        assert_eq!(faster(1.0), None);
        assert_eq!(faster(0.0), None);
    }
}
