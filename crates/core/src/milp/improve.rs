//! Relaxation-induced neighbourhood search: improves an incumbent by solving a smaller MILP.
//!
//! Integral variables on which the incumbent and the root LP relaxation agree are fixed at
//! that value; `microlp`'s branch and bound then searches the rest under a node limit,
//! warm-started with the incumbent (which stays feasible in the sub-problem, so the result is
//! never worse). Rounds repeat while they improve, up to [`ImproveLimits::rounds`].
//! Everything is bounded by node counts, so the result is deterministic.

use super::bridge::{hint, round_integral, to_microlp, values_of, Relax};
use super::model::Model;

/// Distance under which the relaxation and the incumbent agree.
const AGREE_TOL: f64 = 1e-6;

/// Bounds on the work of [`improve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImproveLimits {
    /// Branch-and-bound nodes per round.
    pub nodes: u64,
    /// Rounds at most.
    pub rounds: usize,
}

/// The result of [`improve`].
#[derive(Clone, Debug, PartialEq)]
pub struct Improved {
    /// The best solution found (the incumbent when nothing better was found).
    pub solution: Vec<f64>,
    /// Whether it is strictly better than the incumbent given.
    pub better: bool,
    /// Nodes solved over all rounds.
    pub nodes: u64,
}

/// Improves `incumbent` (feasible for `model`) using the root relaxation `root` (see the module
/// documentation).
pub fn improve(
    model: &Model,
    root: &[f64],
    incumbent: Vec<f64>,
    limits: ImproveLimits,
) -> Improved {
    let mut best = incumbent;
    let mut best_obj = model.objective_value(&best);
    let mut result = Improved {
        solution: Vec::new(),
        better: false,
        nodes: 0,
    };
    for _ in 0..limits.rounds {
        let fixed: Vec<Option<f64>> = model
            .vars()
            .iter()
            .enumerate()
            .map(|(i, v)| {
                (v.kind.is_integral() && (root[i] - best[i]).abs() <= AGREE_TOL).then_some(best[i])
            })
            .collect();
        let bridged = to_microlp(model, Relax::No, &fixed);
        let mut options = microlp::SolveOptions::default();
        options.node_limit = Some(limits.nodes);
        options.warm_start = Some(hint(model, &bridged.vars, &best));
        let Ok(microlp::SolveOutcome::Solution(sol)) = bridged.problem.solve_with(options) else {
            break;
        };
        result.nodes += sol.stats().nodes_solved;
        let mut x = values_of(&sol, &bridged.vars);
        round_integral(model, &mut x);
        let obj = model.objective_value(&x);
        if !model.sense.improves(obj, best_obj) || model.check(&x).is_err() {
            break;
        }
        best = x;
        best_obj = obj;
        result.better = true;
    }
    result.solution = best;
    result
}
