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
//! Covers that keep or move the CFDFCs' throughputs ([`Loops`]) add loop rows from the
//! negative cycles of their retiming rows, over breaks and, on cycles
//! through capacity rows, over each channel's room for transparent slots, with rows
//! "a break on the path that denies it room" where the cover counts on room it lacks.
//!
//! The local search moves one or two breaks at a time; a cover can exchange many at once
//! (e.g. the breaks of a chain of compares and branches, cut where one break serves several
//! paths). The same cover places FPL22's ready breaks against its ready paths
//! ([`fewest_ready_breaks`]), which no other step revisits after the greedy placement.

use super::channel_id::{ChannelId, ChannelVec};
use super::circuit::CfdfcEdge;
use super::circuit::Circuit;
use super::evaluate::{Evaluator, RetimingRow, WEIGHT_TOLERANCE};
use super::greedy::{ChannelBuffers, Placement};
use super::path_timing::LatePaths;
use crate::milp::{Cmp, LinExpr, MicrolpSolver, MilpSolver, Model, Sense, SolveOptions, VarId};
use std::collections::{BTreeMap, BTreeSet};

/// What counting on a channel's room for transparent slots costs a cover, against 1 per
/// break: enough that it counts on room only where a row needs it.
pub const ROOM_COST: f64 = 1e-3;

/// Most rounds of rows one cover adds before it gives up.
pub const COVER_ROUNDS: usize = 64;

/// Branch-and-bound nodes of a cover's search once its choice meets every row found.
pub const COVER_NODES: u64 = 200;

/// Branch-and-bound nodes of a cover's search while rows are still being found (each such
/// choice is only a step towards the rows: close to the last one is enough).
pub const STEP_NODES: u64 = 25;

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
/// 0.44 → 0.5); `None` at 1 or 0. An interval within a thousandth of a cycle of a whole
/// one counts as that one (`phi` comes from a bisection, [`super::evaluate::PHI_TOLERANCE`]).
pub fn faster(phi: f64) -> Option<f64> {
    let interval = (1.0 / phi - 1e-3).ceil() - 1.0;
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

    fn late_paths(self, eval: &Evaluator, placement: &Placement) -> LatePaths {
        match self {
            Signal::DataValid => eval.late_paths(placement),
            Signal::Ready => eval.late_ready_paths(placement),
        }
    }
}

/// `placement` with the fewest breaks on the `free` channels (bufferizable ones the rules
/// do not force to break) that meet the clock period and what `loops` asks, slots lean
/// (one more where it counts on transparent slots, [`Evaluator::asks_for_room`]);
/// `None` when no break on them can, or the rounds run out.
pub fn fewest_breaks(
    circuit: &Circuit,
    eval: &Evaluator,
    placement: &Placement,
    free: &ChannelVec<bool>,
    loops: Loops,
    work: &mut Work,
) -> Option<Placement> {
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
    placement: &Placement,
    free: &ChannelVec<bool>,
    work: &mut Work,
) -> Option<Placement> {
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
    /// Per channel, whether the cover places its break.
    free: &'a ChannelVec<bool>,
    signal: Signal,
}

impl Cover<'_> {
    /// Whether the cover places the break of channel `c`.
    fn is_free(&self, c: ChannelId) -> bool {
        self.free[c]
    }

    /// See [`fewest_breaks`].
    fn fewest(&self, placement: &Placement, loops: Loops, work: &mut Work) -> Option<Placement> {
        let Cover {
            circuit,
            eval,
            signal,
            ..
        } = *self;
        let channels = placement.len() as f64;
        // The throughputs to keep or reach, if any.
        let targets = if loops == Loops::Ignored {
            Vec::new()
        } else {
            work.charge(THROUGHPUT_COST * channels)?;
            // A loop infeasible even at throughput 0 is to reach 0.
            let mut targets: Vec<f64> = eval
                .throughputs(&eval.widened(placement))
                .into_iter()
                .map(|p| p.max(0.0))
                .collect();
            match loops {
                Loops::Raised(k) => targets[k] = faster(*targets.get(k)?)?,
                Loops::Ignored | Loops::Kept => {}
            }
            if let Loops::Raised(k) = loops {
                // Breaks only add latency and slots only raise occupancies' bounds: a loop
                // too slow with no free break and the most slots everywhere stays too slow.
                let open = placement.map(|c, b| ChannelBuffers {
                    break_dv: b.break_dv && !self.is_free(c),
                    ..*b
                });
                let room = ChannelVec::filled(true, placement.len());
                if !eval.holds(k, &eval.widened_with(&open, &room), targets[k]) {
                    return None;
                }
            }
            targets
        };
        // The placement with the chosen breaks, lean, asking for transparent slots on the
        // chosen rooms (one slot more, [`Evaluator::asks_for_room`]).
        let with_chosen = |chosen: &Chosen| -> Placement {
            placement.map(|i, b| {
                let mut b = *b;
                if self.is_free(i) {
                    signal.set(&mut b, chosen.breaks.contains(&i));
                }
                let mut b = circuit.channel(i).lean(&b);
                b.slots += u32::from(chosen.rooms.contains(&i));
                b
            })
        };
        let mut rows = Rows::default();
        // The placement's own breaks and rooms meet every row when it keeps its
        // throughputs: a start for the cover's search.
        let room = eval.transparent_room(placement);
        let original = Chosen {
            breaks: placement
                .ids()
                .filter(|&i| self.is_free(i) && signal.breaks(&placement[i]))
                .collect(),
            rooms: room.ids().filter(|&i| room[i]).collect(),
        };
        let mut chosen = Chosen::default();
        let mut current = with_chosen(&chosen);
        // Whether `chosen` is the full search's over the rows as they are.
        let mut searched = false;
        for _ in 0..COVER_ROUNDS {
            let rows_before = rows.added;
            let mut repaired = chosen.breaks.clone();
            if !rows.add_late_paths(self, &current, &mut repaired, work)? {
                work.charge(TIMING_COST * channels)?;
                let room = eval.transparent_room(&current);
                let roomless: Vec<ChannelId> =
                    chosen.rooms.iter().copied().filter(|&c| !room[c]).collect();
                if roomless.is_empty() {
                    let slower = if targets.is_empty() {
                        Vec::new()
                    } else {
                        work.charge(THROUGHPUT_COST * channels)?;
                        slower_loops(eval, &current, &targets)
                    };
                    if slower.is_empty() && searched {
                        return Some(current);
                    }
                    for k in slower {
                        let kept = (k, targets[k]);
                        rows.add_loop_rows(self, &current, kept, work)?;
                    }
                } else {
                    for c in roomless {
                        rows.add_room_row(self, &current, c);
                    }
                }
            }
            let repaired = Chosen {
                breaks: repaired,
                rooms: chosen.rooms.clone(),
            };
            // Every row holds (nothing repaired, no row added): search fully.
            let holds = rows.added == rows_before && repaired.breaks == chosen.breaks;
            // A step starts from the repaired choice, or else from an LP-guided dive (the
            // original placement, far from the rows' optimum, made steps wander).
            let (nodes, starts) = if holds {
                (COVER_NODES, vec![&repaired, &original])
            } else {
                (STEP_NODES, vec![&repaired])
            };
            chosen = solve_cover(&rows, &starts, nodes, work)?;
            searched = holds;
            current = with_chosen(&chosen);
        }
        None
    }
}

/// A variable of a cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Var {
    /// The channel breaks.
    Break(ChannelId),
    /// The channel has room for transparent slots ([`Evaluator::transparent_room`]).
    Room(ChannelId),
}

/// A row `sum of coefficient * variable >= at_least`.
#[derive(Clone, Debug, PartialEq)]
struct WeightedRow {
    terms: Vec<(Var, f64)>,
    at_least: f64,
}

/// What a cover chose: the free channels that break and the channels it counts on having
/// room for transparent slots.
#[derive(Clone, Debug, Default)]
struct Chosen {
    breaks: BTreeSet<ChannelId>,
    rooms: BTreeSet<ChannelId>,
}

/// The rows of a cover, over channels.
#[derive(Default)]
struct Rows {
    /// At least one of these channels breaks.
    any: BTreeSet<Vec<ChannelId>>,
    /// At most so many of these channels break (so a loop keeps its throughput).
    at_most: BTreeSet<(Vec<ChannelId>, usize)>,
    /// A cycle of a loop's retiming rows through capacity rows keeps a weight of at least
    /// 0 (so the loop keeps its throughput).
    weighted: Vec<WeightedRow>,
    /// The channel has room for transparent slots only if one of these channels breaks.
    room: BTreeSet<(ChannelId, Vec<ChannelId>)>,
    /// How many rows have been added (a row already there, or implied, is not).
    added: usize,
}

impl Rows {
    /// Adds the row "at least one of `row`", unless a row of fewer channels implies it;
    /// drops the rows it implies.
    fn add_any(&mut self, mut row: Vec<ChannelId>) {
        row.sort_unstable();
        row.dedup();
        let within =
            |a: &[ChannelId], b: &[ChannelId]| a.iter().all(|i| b.binary_search(i).is_ok());
        if self.any.iter().any(|r| within(r, &row)) {
            return;
        }
        self.any.retain(|r| !within(&row, r));
        self.any.insert(row);
        self.added += 1;
    }

    /// Adds a row per path of `placement` that misses the clock period (or cycle it leaves
    /// uncut); then, up to [`REPAIR_STEPS`] times, breaks each such path on its last free
    /// channel and adds the rows of the paths that still miss it (rows the cover would
    /// otherwise find one round at a time), recording those breaks in `repaired`. False if
    /// `placement` meets the clock period; `None` if a path has no free channel to break.
    fn add_late_paths(
        &mut self,
        cover: &Cover,
        placement: &Placement,
        repaired: &mut BTreeSet<ChannelId>,
        work: &mut Work,
    ) -> Option<bool> {
        let signal = cover.signal;
        let mut placement = placement.clone();
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
                let row: Vec<ChannelId> = path
                    .into_iter()
                    .filter(|&i| cover.is_free(i) && !signal.breaks(&before[i]))
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
    /// ([`loop_row`]; `kept` is `(k, phi)`); then, up to [`REPAIR_STEPS`] times, takes out
    /// the last break the row counts against and adds the row of the cycle still too slow,
    /// if any. `None` when no row can help.
    fn add_loop_rows(
        &mut self,
        cover: &Cover,
        placement: &Placement,
        (k, phi): (usize, f64),
        work: &mut Work,
    ) -> Option<()> {
        let eval = cover.eval;
        let mut placement = placement.clone();
        for step in 0..REPAIR_STEPS {
            work.charge(THROUGHPUT_COST * placement.len() as f64)?;
            let room = eval.transparent_room(&placement);
            let wide = eval.widened_with(&placement, &room);
            let around = Around {
                placement: &placement,
                room: &room,
                wide: &wide,
            };
            let row = eval
                .negative_cycle(k, &wide, phi)
                .and_then(|cycle| loop_row(cover, &cycle, &around, phi));
            let Some(row) = row else {
                return (step > 0).then_some(());
            };
            let against = match row {
                LoopRow::AtMost(row, most) => {
                    let against = row.clone();
                    self.added += usize::from(self.at_most.insert((row, most)));
                    against
                }
                LoopRow::Weighted(row) => {
                    let against = row
                        .terms
                        .iter()
                        .filter_map(|&(v, coefficient)| match v {
                            Var::Break(i) if coefficient < 0.0 => Some(i),
                            _ => None,
                        })
                        .collect();
                    if !self.weighted.contains(&row) {
                        self.weighted.push(row);
                        self.added += 1;
                    }
                    against
                }
            };
            match against.into_iter().rfind(|&i| placement[i].break_dv) {
                Some(i) => {
                    let b = &mut placement[i];
                    b.break_dv = false;
                    *b = cover.circuit.channel(i).lean(b);
                }
                None => break,
            }
        }
        Some(())
    }

    /// Adds the row that gives channel `c` room for transparent slots, which it lacks with
    /// `placement`: a break on one of the free channels of the path through it that misses
    /// the clock period with them.
    fn add_room_row(&mut self, cover: &Cover, placement: &Placement, c: ChannelId) {
        let mut row: Vec<ChannelId> = cover
            .eval
            .transparent_path(placement, c)
            .into_iter()
            .filter(|&i| cover.is_free(i) && !placement[i].break_dv)
            .collect();
        row.sort_unstable();
        row.dedup();
        self.added += usize::from(self.room.insert((c, row)));
    }
}

/// The placement a loop row is taken around: its lean buffers, the channels with room for
/// transparent slots, and its buffers widened with them ([`Evaluator::widened_with`]).
struct Around<'a> {
    placement: &'a Placement,
    room: &'a ChannelVec<bool>,
    wide: &'a Placement,
}

/// A row CFDFC `k` needs to run at some throughput.
enum LoopRow {
    /// At most so many of these channels break.
    AtMost(Vec<ChannelId>, usize),
    /// A weighted row over breaks and rooms.
    Weighted(WeightedRow),
}

/// A row that CFDFC `k` needs to run at throughput `phi`, from a `cycle` of its retiming
/// rows that the placement `around` violates. On a cycle of latency rows (a loop of
/// the CFDFC): at most as many breaks on its free channels as its tokens leave room for
/// (the cycle's latency in cycles, breaks included, times `phi` cannot exceed its tokens:
/// a row every placement reaching `phi` meets). On a cycle through capacity rows (tokens
/// a path must hold while a parallel one computes): the cycle's weight, linear in each
/// free channel's break and each channel's room for transparent slots around the current
/// placement, at least 0 ([`mixed_row`]). `None` when no row can help.
fn loop_row(
    cover: &Cover,
    cycle: &[(CfdfcEdge, RetimingRow)],
    around: &Around,
    phi: f64,
) -> Option<LoopRow> {
    if cycle.is_empty() {
        return None;
    }
    if cycle.iter().any(|(_, row)| *row != RetimingRow::Latency) {
        return mixed_row(cover, cycle, around, phi).map(LoopRow::Weighted);
    }
    let placement = around.placement;
    let mut room = 0.0;
    let mut channels = Vec::new();
    for (e, _) in cycle {
        room += f64::from(e.tokens) / phi - f64::from(e.cycles());
        match (
            e.bufferizable && cover.is_free(e.channel),
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
    Some(LoopRow::AtMost(channels, most as usize))
}

/// The row "the weight of `cycle` at `phi` is at least 0", linear in each channel's break
/// (if free) and room for transparent slots (if a capacity row counts its slots) around the
/// placement `around`. Per channel, the weight of its rows on the cycle
/// ([`RetimingRow::weight`]) is taken at the current values and with each variable flipped:
/// the row is exact at the current placement (which violates it) and at each placement
/// flipping one variable, and never below the weight when both flip (the excess goes to
/// the room), so it excludes no placement that meets the cycle. `None` when flipping every
/// variable the helpful way still leaves the cycle negative.
fn mixed_row(
    cover: &Cover,
    cycle: &[(CfdfcEdge, RetimingRow)],
    around: &Around,
    phi: f64,
) -> Option<WeightedRow> {
    let (eval, placement) = (cover.eval, around.placement);
    let mut by_channel: BTreeMap<ChannelId, Vec<(CfdfcEdge, RetimingRow)>> = BTreeMap::new();
    for &(e, row) in cycle {
        by_channel.entry(e.channel).or_default().push((e, row));
    }
    let mut weight = 0.0;
    let mut terms: Vec<(Var, f64)> = Vec::new();
    for (c, rows) in by_channel {
        let (now, has_room) = (around.wide[c], around.room[c]);
        // The channel's weight with its break and room flipped or not.
        let at = |flip_break: bool, flip_room: bool| -> f64 {
            let buffers = ChannelBuffers {
                break_dv: now.break_dv != flip_break,
                ..placement[c]
            };
            let b = eval.widened_channel(c, &buffers, has_room != flip_room);
            rows.iter().map(|(e, row)| row.weight(e, &b, phi)).sum()
        };
        let here = at(false, false);
        weight += here;
        let bufferizable = rows.iter().all(|(e, _)| e.bufferizable);
        let breaks = bufferizable && cover.is_free(c);
        let rooms = bufferizable && rows.iter().any(|(_, row)| *row != RetimingRow::Latency);
        let by_break = if breaks { at(true, false) - here } else { 0.0 };
        let mut by_room = if rooms { at(false, true) - here } else { 0.0 };
        if breaks && rooms {
            by_room += (at(true, true) - here - by_break - by_room).max(0.0);
        }
        // In the variables' own terms: w = here + delta * (var - now).
        for (var, on, delta) in [
            (Var::Break(c), now.break_dv, by_break),
            (Var::Room(c), has_room, by_room),
        ] {
            if delta.abs() <= WEIGHT_TOLERANCE {
                continue;
            }
            let coefficient = if on { -delta } else { delta };
            terms.push((var, coefficient));
            if on {
                weight += delta;
            }
        }
    }
    let best: f64 = terms.iter().map(|(_, d)| d.max(0.0)).sum();
    let at_least = -weight - WEIGHT_TOLERANCE;
    (best >= at_least).then_some(WeightedRow { terms, at_least })
}

/// The CFDFCs whose throughput with `placement` (widened) falls below `targets`.
fn slower_loops(eval: &Evaluator, placement: &Placement, targets: &[f64]) -> Vec<usize> {
    let wide = eval.widened(placement);
    (0..targets.len())
        .filter(|&k| !eval.holds(k, &wide, targets[k]))
        .collect()
}

/// The fewest breaks that meet every row, or close to it: the search stops at
/// `nodes` nodes or a gap below [`COVER_GAP`], starting from the first of `starts`
/// that meets the rows (an LP-guided dive finds a first cover when none does). A room
/// costs [`ROOM_COST`], so the cover counts on one only where a row needs it.
fn solve_cover(rows: &Rows, starts: &[&Chosen], nodes: u64, work: &mut Work) -> Option<Chosen> {
    let mut model = Model::new("cover");
    let mut vars: BTreeMap<Var, VarId> = BTreeMap::new();
    let at_most = rows.at_most.iter().map(|(row, _)| row);
    let listed = rows
        .any
        .iter()
        .chain(at_most)
        .flatten()
        .map(|&i| Var::Break(i));
    let weighted = rows
        .weighted
        .iter()
        .flat_map(|r| r.terms.iter().map(|&(v, _)| v));
    let room = rows.room.iter().flat_map(|(c, row)| {
        std::iter::once(Var::Room(*c)).chain(row.iter().map(|&i| Var::Break(i)))
    });
    for v in listed.chain(weighted).chain(room) {
        vars.entry(v).or_insert_with(|| {
            model.binary(&match v {
                Var::Break(i) => format!("cut_{i}"),
                Var::Room(i) => format!("room_{i}"),
            })
        });
    }
    let sum = |row: &[ChannelId]| {
        let terms: Vec<(VarId, f64)> = row.iter().map(|&i| (vars[&Var::Break(i)], 1.0)).collect();
        LinExpr::from_terms(&terms)
    };
    for (r, row) in rows.any.iter().enumerate() {
        model.add_constraint(&format!("path_{r}"), &sum(row), Cmp::Ge, 1.0);
    }
    for (r, (row, most)) in rows.at_most.iter().enumerate() {
        model.add_constraint(&format!("loop_{r}"), &sum(row), Cmp::Le, *most as f64);
    }
    for (r, row) in rows.weighted.iter().enumerate() {
        let terms: Vec<(VarId, f64)> = row.terms.iter().map(|(v, d)| (vars[v], *d)).collect();
        let expr = LinExpr::from_terms(&terms);
        model.add_constraint(&format!("cycle_{r}"), &expr, Cmp::Ge, row.at_least);
    }
    for (r, (c, row)) in rows.room.iter().enumerate() {
        let mut expr = sum(row);
        expr.add_term(vars[&Var::Room(*c)], -1.0);
        model.add_constraint(&format!("room_{r}"), &expr, Cmp::Ge, 0.0);
    }
    let cost: Vec<(VarId, f64)> = vars
        .iter()
        .map(|(v, &id)| match v {
            Var::Break(_) => (id, 1.0),
            Var::Room(_) => (id, ROOM_COST),
        })
        .collect();
    model.set_objective(Sense::Minimize, &LinExpr::from_terms(&cost));
    let node_cost = NODE_COST * (vars.len() * model.constraints().len()).max(1) as f64;
    let nodes_left = (work.0 / node_cost).floor();
    if nodes_left < 1.0 {
        return None;
    }
    let nodes_left = nodes_left as u64;
    let incumbent = starts.iter().find_map(|start| {
        let mut values = vec![0.0; vars.len()];
        for (v, id) in &vars {
            let on = match v {
                Var::Break(i) => start.breaks.contains(i),
                Var::Room(i) => start.rooms.contains(i),
            };
            values[id.index()] = f64::from(u8::from(on));
        }
        model.check(&values).is_ok().then_some(values)
    });
    let options = SolveOptions {
        node_limit: nodes.min(nodes_left),
        improve_nodes: 0,
        // Without a start, an LP-guided dive finds a first cover (the search alone may
        // not within its nodes once weighted rows make the relaxation fractional).
        dive: incumbent.is_none(),
        dive_failures: 20,
        mip_gap: COVER_GAP,
        incumbent,
        ..SolveOptions::default()
    };
    let r = MicrolpSolver.solve(&model, &options);
    work.charge(r.stats.nodes.max(1) as f64 * node_cost)?;
    let values = r.values?;
    let mut chosen = Chosen::default();
    for (v, id) in &vars {
        if values[id.index()] > 0.5 {
            match *v {
                Var::Break(i) => chosen.breaks.insert(i),
                Var::Room(i) => chosen.rooms.insert(i),
            };
        }
    }
    Some(chosen)
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
        // A bisection's throughput just below 1 / 41.
        assert_eq!(faster(1.0 / 41.0 - 2e-8), Some(1.0 / 40.0));
    }
}
