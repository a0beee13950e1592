//! The flow shared by the MILP-based placements: circuit view, greedy start, model, solve
//! under deterministic limits, buffers.
//!
//! 1. [`greedy`] gives feasible placements: cuts after merges; lean; lean seeded with the
//!    CFDFCs' retimed breaks ([`retimed_breaks`]: all CFDFCs one after the other, each
//!    adding no break on the channels of those before where it can, and each on its own,
//!    [`fenced`] from the channels entering them); and, for a model within
//!    [`RELAXATION_LIMIT`], lean seeded with the breaks its LP relaxation sets above each of
//!    [`LP_THRESHOLDS`] (LP-guided rounding). Each start cuts late paths both ways
//!    ([`CutAt`]) and keeps the better. Each is improved by a short local search
//!    ([`LocalSearch`], [`SCREENING_WORK`]); the [`COMPLETED_STARTS`] best are searched
//!    further ([`SEARCH_WORK`]) and re-cut exactly ([`fewest_breaks`]), then taken as they
//!    are and with their slots sized by a linear program ([`Formulation::slots_sized_at`],
//!    rounded up, transparent slots where their delay fits,
//!    [`super::evaluate::Evaluator::transparent_room`]). The evaluator ranks these by the
//!    objective they reach ([`Formulation::objective_at`]); a linear program with the
//!    integral variables fixed completes the best that completes (arrival times, retiming,
//!    throughputs) into a solution of the MILP. If none completes, the placement fails (the
//!    caller falls back to on-merges).
//! 2. The MILP is solved warm-started with that solution, under node limits that shrink as
//!    the model grows ([`limits`]), so a solve always ends and always returns a solution at
//!    least as good as the greedy one. With [`Grouping::PerGroup`] it is solved group by
//!    group: the channels of each union of CFDFCs that share a block, most executed first,
//!    then the channels of no CFDFC; each group's variables are free while the others stay
//!    at the placement found so far (so every step keeps a feasible, never worse, solution).
//!    A model above [`SEARCH_LIMIT`] is not searched at all: the greedy placement stands
//!    (status `limit reached`). Fixing the other groups does not make a model smaller than
//!    that limit, since the arrival times and retiming variables stay.
//! 3. The solution's breaks and slots become buffers through the algorithm's mapping.

use super::cfdfc::Cfdfc;
use super::channel_id::{ChannelId, ChannelVec};
use super::circuit::Circuit;
use super::cover::{fewest_breaks, fewest_ready_breaks, Loops, Work};
use super::evaluate::{Evaluator, OBJECTIVE_TOLERANCE};
use super::formulation::{Formulation, Variant, DV_COST};
use super::greedy::{greedy, CutAt, CycleCut, Placement, Start};
use super::local_search::{LocalSearch, SCREENING_WORK, SEARCH_WORK};
use super::retiming::{fenced, retimed_breaks};
use crate::diag::Diagnostic;
use crate::handshake::Func;
use crate::milp::{
    MicrolpSolver, MilpSolver, Model, SolveOptions, SolveResult, SolveStats, SolveStatus, VarId,
};
use crate::timing::TimingModel;
use std::collections::BTreeSet;

/// Whether to solve the whole model at once or per group of channels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grouping {
    /// One model.
    Whole,
    /// One model per group.
    PerGroup,
}

/// One solve of the placement.
#[derive(Clone, Debug)]
pub struct GroupSolve {
    /// What the group covers, e.g. `cfdfc0+cfdfc2` or `rest`.
    pub name: String,
    /// The model solved (the full model with the other groups' variables fixed).
    pub model: Model,
    /// The solver's result.
    pub result: SolveResult,
}

/// What a MILP placement decided, before buffers are inserted.
#[derive(Clone, Debug)]
pub struct MilpPlacement {
    /// The buffers per channel of the circuit.
    pub placement: Placement,
    /// The whole placement MILP.
    pub model: Model,
    /// The solves, in order (one for a whole-model solve).
    pub solves: Vec<GroupSolve>,
    /// The whole model's objective at the final placement.
    pub objective: f64,
    /// The whole model's solution (variables in the model's order).
    pub values: Vec<f64>,
    /// The throughput per CFDFC the solution predicts (same order as the CFDFCs).
    pub throughput: Vec<f64>,
    /// The circuit as the model saw it (with the CFDFCs).
    pub circuit: Circuit,
}

/// A break of the LP relaxation at or below each of these values is left out of one seeded
/// greedy start (one start per value; the rounding that comes closest to the optimum varies
/// between kernels of the corpus).
pub const LP_THRESHOLDS: [f64; 4] = [0.3, 0.4, 0.5, 0.7];

/// How many of the searched starts (the best by the evaluator) are searched further, re-cut
/// and sized by a linear program (about a tenth of a second each on the corpus's largest
/// models).
pub const COMPLETED_STARTS: usize = 2;

/// Work budget of a placement's search: branch-and-bound nodes times the model's size
/// (variables times constraints) to the power 1.5, about what one node costs in `microlp`
/// (calibrated to well under a second of search per kernel of the corpus).
pub const WORK_BUDGET: f64 = 1e11;

/// Work of the exact re-cuts of one placement ([`fewest_breaks`], [`Work`]): about half a
/// second.
pub const RECUT_WORK: f64 = 6e7;

/// Above this size (variables times constraints) a model is not searched: on the corpus,
/// `microlp`'s search within its node budget improved on the starts only below 7e5, and
/// above 1e6 it cost up to a second and a half for nothing.
pub const SEARCH_LIMIT: f64 = 1e6;

/// Above this size no greedy start is seeded from the linear relaxation: the relaxation
/// alone takes about a second in `microlp`.
pub const RELAXATION_LIMIT: f64 = 2.5e6;

/// The size of `model`: variables times constraints.
fn size(model: &Model) -> f64 {
    (model.vars().len() * model.constraints().len()) as f64
}

/// True when `model` is above [`SEARCH_LIMIT`].
pub fn too_big(model: &Model) -> bool {
    size(model) > SEARCH_LIMIT
}

/// The solver's limits for `model` given `share` of the work budget: a node budget that
/// shrinks as the model grows (all counts, never time), split between the neighbourhood
/// search and the main search; the LP dive only for models small enough to afford one LP
/// per integral variable.
pub fn limits(model: &Model, share: f64) -> SolveOptions {
    let size = size(model).max(1.0);
    let nodes = (share * WORK_BUDGET / size.powf(1.5)).clamp(4.0, 4_000.0) as u64;
    SolveOptions {
        node_limit: nodes / 2,
        dive_failures: 20,
        dive: size * (model.num_integral() as f64) < 3e9,
        mip_gap: 1e-6,
        presolve: true,
        improve_nodes: nodes / 4,
        improve_rounds: 2,
        incumbent: None,
    }
}

/// Places with the MILP of `variant`; `Err` explains why no placement was found.
pub fn solve(
    func: &Func,
    cfdfcs: Vec<Cfdfc>,
    timing: &TimingModel,
    variant: Variant,
    grouping: Grouping,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<MilpPlacement, String> {
    let circuit = Circuit::new(func, timing, cfdfcs, variant.timing_rules(), diagnostics);
    let name = match variant {
        Variant::Fpga20 => format!("fpga20_{}", func.name),
        Variant::Fpl22 => format!("fpl22_{}", func.name),
    };
    let f = Formulation::build(&circuit, variant, &name);
    let Some((mut placement, mut values)) = best_start(&circuit, &f, variant) else {
        return Err("no greedy placement satisfies the model".to_string());
    };
    let groups = if grouping == Grouping::PerGroup {
        channel_groups(&circuit)
    } else {
        vec![(
            "whole".to_string(),
            ChannelVec::filled(true, placement.len()),
        )]
    };
    let share = 1.0 / groups.len() as f64;
    let mut solves = Vec::new();
    for (group, free) in groups {
        let model = if free.iter().all(|&x| x) {
            f.model.clone()
        } else {
            f.fixed_at(&placement, &free)
        };
        let mut options = limits(&model, share);
        options.incumbent = Some(values.clone());
        if too_big(&model) {
            // The search's root relaxation alone would take seconds: keep the solution so
            // far (the status says so).
            let result = SolveResult {
                status: SolveStatus::LimitReached,
                objective: Some(model.objective_value(&values)),
                values: Some(values.clone()),
                best_bound: None,
                root_bound: None,
                stats: SolveStats {
                    vars: model.vars().len(),
                    int_vars: model.num_integral(),
                    constraints: model.constraints().len(),
                    ..SolveStats::default()
                },
            };
            solves.push(GroupSolve {
                name: group,
                model,
                result,
            });
            continue;
        }
        let mut result = MicrolpSolver.solve(&model, &options);
        match &result.values {
            Some(v) if f.model.check(v).is_ok() => {
                values = v.clone();
                placement = f.placement(&values);
            }
            _ => {
                // Keep the solution so far (feasible for this group's model too).
                result.values = Some(values.clone());
                result.objective = Some(model.objective_value(&values));
            }
        }
        solves.push(GroupSolve {
            name: group,
            model,
            result,
        });
    }
    let throughput = f.throughput.iter().map(|p| values[p.index()]).collect();
    Ok(MilpPlacement {
        placement,
        objective: f.model.objective_value(&values),
        values,
        model: f.model,
        solves,
        throughput,
        circuit,
    })
}

/// The greedy starts (after merges, lean, lean from the retimed breaks, and lean from the
/// relaxation's cuts at each of [`LP_THRESHOLDS`]), each improved by a short local search;
/// the [`COMPLETED_STARTS`] best by the evaluator's objective, searched further, each as it
/// is and with its slots sized by a linear program: the best by the evaluator that a linear
/// program completes, with its values, if any is feasible.
fn best_start(
    circuit: &Circuit,
    f: &Formulation,
    variant: Variant,
) -> Option<(Placement, Vec<f64>)> {
    let search = LocalSearch::new(circuit);
    let mut searched: Vec<(f64, Placement)> = Vec::new();
    // Placements already tried (seeds often round to the same one).
    let mut tried: Vec<Placement> = Vec::new();
    for (start, seed) in seeds(circuit, f) {
        // The cuts before fan-outs usually save breaks, but can land on a loop the late
        // input is not on; cycles the seed leaves uncut are cut on the smallest unit's
        // inputs or on the channel slowing the modelled loops least, which can slow a loop
        // too rarely executed to be modelled: it is taken only for a throughput gain (more
        // than a break's cost). Otherwise the best by the evaluator, on a tie the earlier.
        let ready = variant == Variant::Fpl22;
        let variants = [
            (CutAt::LateInput, CycleCut::SmallestUnit),
            (CutAt::BeforeFanOut, CycleCut::SmallestUnit),
            (CutAt::LateInput, CycleCut::LightestChannel),
            (CutAt::BeforeFanOut, CycleCut::LightestChannel),
        ];
        let mut p = Placement::default();
        let mut best = f64::NEG_INFINITY;
        for (cut_at, cycles) in variants {
            let q = greedy(circuit, start, ready, &seed, cut_at, cycles);
            let s = score(&search, &q);
            let margin = match cycles {
                CycleCut::SmallestUnit => 0.0,
                CycleCut::LightestChannel => DV_COST,
            };
            if p.is_empty() || s > best + margin {
                (p, best) = (q, s);
            }
        }
        if tried.contains(&p) {
            continue;
        }
        tried.push(p.clone());
        let p = search.improve(&p, SCREENING_WORK);
        if !searched.iter().any(|(_, q)| *q == p) {
            searched.push((score(&search, &p), p));
        }
    }
    // Best first; the sort is stable, so ties keep the seeds' order. The best are searched
    // further.
    searched.sort_by(|a, b| b.0.total_cmp(&a.0));
    searched.truncate(COMPLETED_STARTS);
    let mut recuts = Vec::new();
    let mut work = Work(RECUT_WORK);
    for (s, p) in &mut searched {
        *p = recut(
            circuit,
            &search,
            &search.improve(p, SEARCH_WORK),
            &mut recuts,
            &mut work,
        );
        if variant == Variant::Fpl22 {
            *p = recut_ready(circuit, &search.eval, f, p, &mut work);
        }
        *s = score(&search, p);
    }
    // Each as it is and with its slots sized, best first by the objective the evaluator
    // predicts (the linear program's, within the evaluator's precision); the first that
    // completes is the best that does.
    let mut candidates: Vec<(f64, Placement)> = Vec::new();
    for (_, p) in searched {
        let room = search.eval.transparent_room(&p);
        let sized = MicrolpSolver
            .solve(&f.slots_sized_at(&p, &room), &SolveOptions::default())
            .values
            .map(|v| f.placement_rounded_up(&v))
            .filter(|s| *s != p);
        for p in std::iter::once(p).chain(sized) {
            let predicted = f.objective_at(&p, &search.eval.throughputs(&p));
            candidates.push((predicted, p));
        }
    }
    candidates.sort_by(|a, b| b.0.total_cmp(&a.0));
    candidates
        .into_iter()
        .find_map(|(_, p)| complete(f, &p).map(|v| (p, v)))
}

/// One exact re-cut of a searched placement ([`fewest_breaks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Recut {
    /// The fewest breaks off the CFDFCs.
    OffLoops,
    /// The fewest breaks off the CFDFCs and among the breaks already on them (no new
    /// latency on a loop).
    NoNewLatency,
    /// The fewest breaks anywhere, every CFDFC kept at its throughput.
    KeepingThroughputs,
    /// The fewest breaks anywhere, then searched briefly: they can slow a loop, which the
    /// search may win back with breaks elsewhere (searching the other re-cuts never raised
    /// their score on the corpus).
    ThenSearch,
    /// The fewest breaks anywhere with this CFDFC one initiation interval faster and every
    /// other kept at its throughput (a loop the local search cannot speed up one break at a
    /// time, e.g. an outer loop whose faster retiming moves many breaks at once).
    Raising(usize),
}

/// `placement` improved by the exact re-cuts, in this order, each kept if the evaluator
/// scores it higher. `tried` skips the re-cuts of placements seen before; the re-cuts share
/// the `work` budget.
fn recut(
    circuit: &Circuit,
    search: &LocalSearch,
    placement: &Placement,
    tried: &mut Vec<(Recut, Placement)>,
    work: &mut Work,
) -> Placement {
    let eval = &search.eval;
    let movable = |i: ChannelId| {
        let c = circuit.channel(i);
        c.bufferizable && !c.must_break_dv
    };
    let on_loop = |i: ChannelId| !eval.cfdfcs_of_channel[i].is_empty();
    let mut best = (score(search, placement), placement.clone());
    let recuts = [
        Recut::OffLoops,
        Recut::NoNewLatency,
        Recut::KeepingThroughputs,
        Recut::ThenSearch,
    ]
    .into_iter()
    .chain((0..circuit.cfdfcs.len()).map(Recut::Raising));
    for recut in recuts {
        let p = &best.1;
        // Starts often meet in the same placement.
        if tried.iter().any(|(r, q)| *r == recut && q == p) {
            continue;
        }
        tried.push((recut, p.clone()));
        let free = p.map(|i, b| match recut {
            Recut::OffLoops => movable(i) && !on_loop(i),
            Recut::NoNewLatency => movable(i) && (!on_loop(i) || b.break_dv),
            Recut::KeepingThroughputs | Recut::ThenSearch | Recut::Raising(_) => movable(i),
        });
        let loops = match recut {
            Recut::KeepingThroughputs => Loops::Kept,
            Recut::Raising(k) => Loops::Raised(k),
            _ => Loops::Ignored,
        };
        let Some(q) = fewest_breaks(circuit, eval, p, &free, loops, work) else {
            continue;
        };
        let q = if recut == Recut::ThenSearch {
            search.improve(&q, SCREENING_WORK / 2)
        } else {
            q
        };
        let s = score(search, &q);
        if s > best.0 + OBJECTIVE_TOLERANCE {
            best = (s, q);
        }
    }
    best.1
}

/// `placement` with the fewest ready breaks FPL22's ready rows need off the CFDFCs
/// ([`fewest_ready_breaks`]), if its data/valid paths still meet the clock period (a ready
/// break's slot delays data/valid) and the objective rises. The rule's ready breaks and
/// those on CFDFC channels stay: taking the latter out saved a break's cost on 20 corpus
/// kernels but slowed leaky_relu by 45 % and stencil_3d by 8 % in simulation (their slots
/// buffer the loop in ways the throughput rows do not see).
fn recut_ready(
    circuit: &Circuit,
    eval: &Evaluator,
    f: &Formulation,
    placement: &Placement,
    work: &mut Work,
) -> Placement {
    let free = circuit
        .channels
        .map(|i, c| c.bufferizable && !c.ready_slot && eval.cfdfcs_of_channel[i].is_empty());
    let objective = |p: &Placement| f.objective_at(p, &eval.throughputs(&eval.widened(p)));
    match fewest_ready_breaks(circuit, eval, placement, &free, work) {
        Some(q)
            if eval.meets_clock(&q)
                && objective(&q) > objective(placement) + OBJECTIVE_TOLERANCE =>
        {
            q
        }
        _ => placement.clone(),
    }
}

/// The evaluator's objective of a searched placement; one it rejects still goes to the
/// linear programs, last.
fn score(search: &LocalSearch, placement: &Placement) -> f64 {
    search
        .eval
        .objective(placement)
        .unwrap_or(f64::NEG_INFINITY)
}

/// Where the greedy placements start: after merges; lean; lean seeded with the CFDFCs
/// retimed one after the other (most executed first, each keeping the breaks of those
/// before and, where it can, adding none on their channels) and, with several CFDFCs, each
/// on its own, both [`fenced`]; for a model within [`RELAXATION_LIMIT`], lean seeded with the breaks its LP relaxation sets above each of
/// [`LP_THRESHOLDS`].
fn seeds(circuit: &Circuit, f: &Formulation) -> Vec<(Start, ChannelVec<bool>)> {
    let none = ChannelVec::filled(false, circuit.channels.len());
    let mut seeds = vec![
        (Start::AfterMerges, none.clone()),
        (Start::Lean, none.clone()),
    ];
    // Each loop keeps the breaks of those before and, if it can, adds none on their
    // channels.
    let mut chained = none.clone();
    let mut retimed_channels = none.clone();
    for k in 0..circuit.cfdfcs.len() {
        let protected = retimed_breaks(circuit, k, &chained, &retimed_channels);
        if let Some((_, mask)) = protected.or_else(|| retimed_breaks(circuit, k, &chained, &none)) {
            chained = mask;
        }
        for e in circuit.cfdfc_graph(k).1 {
            retimed_channels[e.channel] = true;
        }
    }
    seeds.push((Start::Lean, fenced(circuit, &chained)));
    if circuit.cfdfcs.len() > 1 {
        for k in 0..circuit.cfdfcs.len() {
            if let Some((_, mask)) = retimed_breaks(circuit, k, &none, &none) {
                seeds.push((Start::Lean, fenced(circuit, &mask)));
            }
        }
    }
    if size(&f.model) <= RELAXATION_LIMIT {
        if let Some(lp) = relaxation(&f.model) {
            for t in LP_THRESHOLDS {
                let seed = f.dv.map(|_, v| v.is_some_and(|v| lp[v.index()] > t));
                seeds.push((Start::Lean, seed));
            }
        }
    }
    seeds
}

/// A solution of `model`'s linear relaxation, if any.
fn relaxation(model: &Model) -> Option<Vec<f64>> {
    let mut m = model.clone();
    for i in 0..m.vars().len() {
        m.relax(VarId(i as u32));
    }
    MicrolpSolver.solve(&m, &SolveOptions::default()).values
}

/// A solution of the MILP that has `placement`'s integral values, if any.
fn complete(f: &Formulation, placement: &Placement) -> Option<Vec<f64>> {
    let none_free = ChannelVec::filled(false, placement.len());
    MicrolpSolver
        .solve(&f.fixed_at(placement, &none_free), &SolveOptions::default())
        .values
}

/// The groups of channels solved one after the other: each union of CFDFCs that share a
/// block (in the order of their first CFDFC), then the bufferizable channels of no CFDFC.
/// Each group is a name and a mask over the circuit's channels.
pub fn channel_groups(circuit: &Circuit) -> Vec<(String, ChannelVec<bool>)> {
    let n = circuit.cfdfcs.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for i in 0..n {
        for j in 0..i {
            let a: BTreeSet<u32> = circuit.cfdfcs[i].cycle.blocks.iter().copied().collect();
            if circuit.cfdfcs[j].cycle.blocks.iter().any(|b| a.contains(b)) {
                let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
                parent[ri.max(rj)] = ri.min(rj);
            }
        }
    }
    let index = circuit.channel_index();
    let mut covered = ChannelVec::filled(false, circuit.channels.len());
    let mut groups = Vec::new();
    for root in 0..n {
        if find(&mut parent, root) != root {
            continue;
        }
        let members: Vec<usize> = (0..n).filter(|&k| find(&mut parent, k) == root).collect();
        let mut mask = ChannelVec::filled(false, circuit.channels.len());
        for &k in &members {
            for v in &circuit.cfdfcs[k].channels {
                if let Some(&i) = index.get(v) {
                    mask[i] = true;
                    covered[i] = true;
                }
            }
        }
        let name: Vec<String> = members.iter().map(|k| format!("cfdfc{k}")).collect();
        groups.push((name.join("+"), mask));
    }
    let rest = covered.map(|_, &c| !c);
    groups.push(("rest".to_string(), rest));
    groups
}

/// The worst status among the solves (infeasible or failed solves keep the previous
/// solution, so the placement is still feasible).
pub fn overall_status(solves: &[GroupSolve]) -> SolveStatus {
    let rank = |s: &SolveStatus| match s {
        SolveStatus::Optimal => 0,
        SolveStatus::Feasible => 1,
        SolveStatus::LimitReached => 2,
        SolveStatus::Unbounded => 3,
        SolveStatus::Infeasible => 4,
        SolveStatus::Failed => 5,
    };
    solves
        .iter()
        .map(|s| s.result.status)
        .max_by_key(rank)
        .unwrap_or(SolveStatus::Optimal)
}
