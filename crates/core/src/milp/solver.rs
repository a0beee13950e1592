//! The solver boundary: [`MilpSolver`], its options and results, and [`MicrolpSolver`].
//!
//! [`MicrolpSolver`] solves a [`Model`] in five steps, all bounded by deterministic limits
//! (node and rounding counts, never wall-clock time), so the same model and options always
//! give the same result, natively and in the browser:
//! 1. presolve ([`super::presolve`]); its conclusions of infeasibility are final;
//! 2. an LP-guided dive ([`super::dive`]) for an early incumbent, which also yields the root
//!    LP bound and proves infeasibility when the relaxation has no solution;
//! 3. a neighbourhood search ([`super::improve`]) that improves that incumbent by solving the
//!    MILP with the integral variables fixed where incumbent and relaxation agree;
//! 4. `microlp`'s branch and bound (plunging depth-first search with best-bound jumps,
//!    branching on the most fractional variable until pseudocosts are learnt),
//!    warm-started with the best incumbent so far, under a node limit;
//! 5. the best solution is mapped back through presolve, integral variables rounded exactly.
//!
//! `microlp` 0.7 has node limits, warm starts and best-bound reporting but no primal
//! heuristics, which is why the dive and the neighbourhood search run first.

use super::bridge::{hint, round_integral, to_microlp, values_of, Relax};
use super::dive::{dive, DiveLimits, RootLp};
use super::improve::{improve, ImproveLimits};
use super::model::{LinExpr, Model, Sense};
use super::presolve::{presolve, PresolveOutcome};

/// Options of one solve. All limits count work, never time.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveOptions {
    /// Branch-and-bound nodes the search may solve (the root LP is not counted).
    pub node_limit: u64,
    /// Roundings of the dive that may turn out infeasible before it gives up.
    pub dive_failures: usize,
    /// Whether to run the dive at all (the root LP is solved either way).
    pub dive: bool,
    /// Stop when `gap()` falls to this relative value (0 proves optimality).
    pub mip_gap: f64,
    /// Whether to presolve.
    pub presolve: bool,
    /// Branch-and-bound nodes per round of the neighbourhood search that improves the first
    /// incumbent before the main search (0 disables it).
    pub improve_nodes: u64,
    /// Rounds of that neighbourhood search at most.
    pub improve_rounds: usize,
    /// A known solution of the model (indexed by `VarId`); used when feasible.
    pub incumbent: Option<Vec<f64>>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            node_limit: 4_000,
            dive_failures: 1000,
            dive: true,
            mip_gap: 0.0,
            presolve: true,
            improve_nodes: 500,
            improve_rounds: 4,
            incumbent: None,
        }
    }
}

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveStatus {
    /// The solution is proven optimal.
    Optimal,
    /// A feasible solution without a proof of optimality (see [`SolveResult::gap`]).
    Feasible,
    /// The model has no solution.
    Infeasible,
    /// The objective improves without limit.
    Unbounded,
    /// A limit was reached before any solution was found.
    LimitReached,
    /// The solver failed numerically; no solution is known.
    Failed,
}

crate::named_enum!(SolveStatus, "solver status" {
    Optimal => "optimal",
    Feasible => "feasible",
    Infeasible => "infeasible",
    Unbounded => "unbounded",
    LimitReached => "limit reached",
    Failed => "failed",
});

/// Where the returned solution came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolutionSource {
    /// The caller's incumbent.
    Given,
    /// The LP-guided dive.
    Dive,
    /// The neighbourhood search around the first incumbent.
    Improvement,
    /// The branch-and-bound search.
    Search,
}

/// Sizes and work of a solve.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Variables of the model as given.
    pub vars: usize,
    /// Integer and binary variables of the model as given.
    pub int_vars: usize,
    /// Constraints of the model as given.
    pub constraints: usize,
    /// Variables after presolve.
    pub presolved_vars: usize,
    /// Constraints after presolve.
    pub presolved_constraints: usize,
    /// Branch-and-bound nodes solved.
    pub nodes: u64,
    /// Simplex pivots of the search (the dive's are not counted).
    pub lp_iterations: u64,
    /// LP solves and re-optimisations of the dive.
    pub dive_lps: usize,
    /// Branch-and-bound nodes of the neighbourhood search.
    pub improve_nodes: u64,
    /// Where the returned solution came from.
    pub source: Option<SolutionSource>,
}

/// The outcome of a solve.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveResult {
    /// How it ended.
    pub status: SolveStatus,
    /// The best solution (indexed by `VarId` of the model as given).
    pub values: Option<Vec<f64>>,
    /// Its objective value, offset included.
    pub objective: Option<f64>,
    /// The best proven bound on the optimum (a lower bound when minimising).
    pub best_bound: Option<f64>,
    /// The LP relaxation's objective at the root.
    pub root_bound: Option<f64>,
    /// Sizes and work.
    pub stats: SolveStats,
}

impl SolveResult {
    /// The relative gap `|objective - best_bound| / max(|objective|, 1e-9)`, when both exist.
    pub fn gap(&self) -> Option<f64> {
        let (o, b) = (self.objective?, self.best_bound?);
        Some((o - b).abs() / o.abs().max(1e-9))
    }
}

/// Anything that solves a [`Model`].
pub trait MilpSolver {
    /// A short name for reports.
    fn name(&self) -> &'static str;
    /// Solves `model`; never panics on a well-formed model and never runs unbounded.
    fn solve(&self, model: &Model, options: &SolveOptions) -> SolveResult;
}

/// The pure-Rust solver: dive + `microlp` branch and bound (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct MicrolpSolver;

impl MilpSolver for MicrolpSolver {
    fn name(&self) -> &'static str {
        "microlp"
    }

    fn solve(&self, model: &Model, options: &SolveOptions) -> SolveResult {
        let mut stats = SolveStats {
            vars: model.vars().len(),
            int_vars: model.num_integral(),
            constraints: model.constraints().len(),
            ..SolveStats::default()
        };
        let given = options
            .incumbent
            .as_ref()
            .filter(|x| model.check(x).is_ok())
            .cloned();
        let pre = options.presolve.then(|| presolve(model));
        let pre = match pre {
            Some(p) if matches!(p.outcome, PresolveOutcome::Infeasible(_)) => {
                return finish(model, SolveStatus::Infeasible, None, None, None, stats);
            }
            Some(p) if p.outcome == PresolveOutcome::Reduced => Some(p),
            // Unbounded by presolve only if feasible: let the search classify it.
            _ => None,
        };
        let reduced = pre.as_ref().map_or(model, |p| &p.model);
        stats.presolved_vars = reduced.vars().len();
        stats.presolved_constraints = reduced.constraints().len();
        let given_reduced = given.as_ref().map(|x| match &pre {
            Some(p) => p.reduce(x),
            None => x.clone(),
        });
        let restore = |y: Vec<f64>| match &pre {
            Some(p) => p.restore(&y),
            None => y,
        };

        let mut root_bound = None;
        let mut candidate: Option<(Vec<f64>, SolutionSource)> =
            given_reduced.map(|x| (x, SolutionSource::Given));
        let d = dive(
            reduced,
            DiveLimits {
                rounds: if options.dive {
                    reduced.vars().len()
                } else {
                    0
                },
                failures: options.dive_failures,
            },
        );
        stats.dive_lps = d.lp_solves;
        match d.root {
            RootLp::Bound(b) => root_bound = Some(b),
            RootLp::Infeasible if candidate.is_none() => {
                return finish(model, SolveStatus::Infeasible, None, None, None, stats);
            }
            RootLp::Unbounded => {
                // Feasible and LP-unbounded means unbounded (rational data); otherwise infeasible.
                let status = classify_unbounded(reduced);
                return finish(model, status, None, None, None, stats);
            }
            _ => {}
        }
        if let Some(x) = d.solution {
            let given_better = candidate
                .as_ref()
                .is_some_and(|(c, _)| better(reduced, c, Some(&x)));
            if d.root_integral && !given_better {
                // The relaxation's optimum is integral: no search can do better.
                stats.source = Some(SolutionSource::Dive);
                let values = Some(restore(x));
                return finish(model, SolveStatus::Optimal, values, None, root_bound, stats);
            }
            if better(reduced, &x, candidate.as_ref().map(|c| &c.0)) {
                candidate = Some((x, SolutionSource::Dive));
            }
        }
        if let (Some((x, _)), Some(root), true) = (
            candidate.clone(),
            d.root_values.as_ref(),
            options.improve_nodes > 0,
        ) {
            let limits = ImproveLimits {
                nodes: options.improve_nodes,
                rounds: options.improve_rounds,
            };
            let found = improve(reduced, root, x, limits);
            stats.improve_nodes = found.nodes;
            if found.better {
                candidate = Some((found.solution, SolutionSource::Improvement));
            }
        }

        let bridged = to_microlp(reduced, Relax::No, &[]);
        let mut mo = microlp::SolveOptions::default();
        mo.node_limit = Some(options.node_limit);
        mo.mip_gap = options.mip_gap.max(0.0);
        if let Some((x, _)) = &candidate {
            mo.warm_start = Some(hint(reduced, &bridged.vars, x));
        }
        let outcome = bridged.problem.solve_with(mo);
        let offset = reduced.objective_offset;
        let (status, found, bound) = match outcome {
            Ok(microlp::SolveOutcome::Solution(sol)) => {
                let st = sol.stats();
                stats.nodes = st.nodes_solved;
                stats.lp_iterations = st.lp_iterations;
                let status = match sol.status() {
                    microlp::SolutionStatus::Optimal => SolveStatus::Optimal,
                    microlp::SolutionStatus::Feasible => SolveStatus::Feasible,
                };
                let mut x = values_of(&sol, &bridged.vars);
                round_integral(reduced, &mut x);
                (status, Some(x), st.best_bound.map(|b| b + offset))
            }
            Ok(microlp::SolveOutcome::Interrupted(i)) => {
                let st = i.stats();
                stats.nodes = st.nodes_solved;
                stats.lp_iterations = st.lp_iterations;
                (
                    SolveStatus::LimitReached,
                    None,
                    st.best_bound.map(|b| b + offset),
                )
            }
            Err(microlp::Error::Infeasible) => (SolveStatus::Infeasible, None, None),
            Err(microlp::Error::Unbounded) => (SolveStatus::Unbounded, None, None),
            Err(_) => (SolveStatus::Failed, None, None),
        };
        // Prefer the search's solution unless ours is strictly better (or it has none); a
        // search result no better than the warm start is credited to the warm start's source.
        let (status, best) = match (found, candidate) {
            (Some(x), Some((c, src))) if better(reduced, &c, Some(&x)) => {
                (SolveStatus::Feasible, Some((c, src)))
            }
            (Some(x), Some((c, src))) if !better(reduced, &x, Some(&c)) => (status, Some((x, src))),
            (Some(x), _) => (status, Some((x, SolutionSource::Search))),
            (None, Some(c)) if status != SolveStatus::Unbounded => (SolveStatus::Feasible, Some(c)),
            (None, _) => (status, None),
        };
        let bound = bound.or(root_bound);
        let values = best.map(|(x, src)| {
            stats.source = Some(src);
            restore(x)
        });
        finish(model, status, values, bound, root_bound, stats)
    }
}

/// Decides an LP-unbounded model: `Unbounded` when it has an integral solution, else
/// `Infeasible` (a feasibility search with the objective dropped, under the default node limit).
fn classify_unbounded(model: &Model) -> SolveStatus {
    let mut feasibility = model.clone();
    feasibility.set_objective(Sense::Minimize, &LinExpr::new());
    let bridged = to_microlp(&feasibility, Relax::No, &[]);
    let mut mo = microlp::SolveOptions::default();
    mo.node_limit = Some(SolveOptions::default().node_limit);
    match bridged.problem.solve_with(mo) {
        Ok(microlp::SolveOutcome::Solution(_)) => SolveStatus::Unbounded,
        Ok(microlp::SolveOutcome::Interrupted(_)) => SolveStatus::LimitReached,
        Err(microlp::Error::Infeasible) => SolveStatus::Infeasible,
        Err(_) => SolveStatus::Failed,
    }
}

/// True when `x` is strictly better than `than` for the objective of `model`.
fn better(model: &Model, x: &[f64], than: Option<&Vec<f64>>) -> bool {
    let Some(than) = than else { return true };
    let (a, b) = (model.objective_value(x), model.objective_value(than));
    model.sense.improves(a, b)
}

/// How close (relative, at least 1 absolute) an objective must come to the proven bound to count
/// as optimal: the LP's own feasibility tolerance.
const PROOF_TOLERANCE: f64 = 1e-9;

/// Assembles the result; the objective is recomputed on the model as given. A feasible solution
/// whose objective meets the proven bound is reported optimal.
fn finish(
    model: &Model,
    status: SolveStatus,
    values: Option<Vec<f64>>,
    best_bound: Option<f64>,
    root_bound: Option<f64>,
    stats: SolveStats,
) -> SolveResult {
    let objective = values.as_ref().map(|x| model.objective_value(x));
    // A solution that meets the proven bound is optimal, whoever stopped the search.
    let proven =
        |o: f64| best_bound.is_some_and(|b| (o - b).abs() <= PROOF_TOLERANCE * o.abs().max(1.0));
    let status = match (status, objective) {
        (SolveStatus::Feasible, Some(o)) if proven(o) => SolveStatus::Optimal,
        (status, _) => status,
    };
    let best_bound = match (&status, objective) {
        (SolveStatus::Optimal, Some(o)) => Some(o),
        _ => best_bound,
    };
    SolveResult {
        status,
        values,
        objective,
        best_bound,
        root_bound,
        stats,
    }
}
