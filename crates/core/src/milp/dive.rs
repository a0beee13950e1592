//! LP-guided diving: a primal heuristic that finds a feasible MILP solution early.
//!
//! The dive solves the LP relaxation, then repeatedly fixes integral variables: every one the
//! LP already puts on an integer, then the fractional one closest to an integer, rounded to
//! it. Each fix re-optimises the LP warm (microlp's incremental `fix_var`). When a rounding
//! makes the LP infeasible, the dive rebuilds the LP with the opposite rounding; when that
//! fails too, it gives up. The number of LP rebuilds is bounded by [`DiveLimits::rebuilds`] and
//! the number of fixing rounds by the number of integral variables, so a dive always ends.
//!
//! The first LP solve also gives the relaxation bound and decides LP infeasibility (which
//! proves the MILP infeasible) for the caller.

use super::bridge::{round_integral, to_microlp, values_of, Relax};
use super::model::Model;
use microlp::{Error, Solution, SolveOutcome};

/// Distance to an integer under which a value counts as integral.
const INT_TOL: f64 = 1e-6;

/// Bounds on the work of one dive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiveLimits {
    /// How many times the LP may be rebuilt after an infeasible rounding.
    pub rebuilds: usize,
}

/// What the relaxation said at the root.
#[derive(Clone, Debug, PartialEq)]
pub enum RootLp {
    /// Solved; its objective (offset included) bounds the MILP's.
    Bound(f64),
    /// The relaxation has no solution, so neither has the MILP.
    Infeasible,
    /// The relaxation is unbounded (the MILP is unbounded or infeasible).
    Unbounded,
    /// microlp failed (the message).
    Failed(String),
}

/// The result of [`dive`].
#[derive(Clone, Debug, PartialEq)]
pub struct DiveOutcome {
    /// The root relaxation.
    pub root: RootLp,
    /// A solution feasible for the model (integral variables rounded exactly), if found.
    pub solution: Option<Vec<f64>>,
    /// LP solves and re-optimisations performed.
    pub lp_solves: usize,
}

/// Runs one dive on `model` (see the module documentation).
pub fn dive(model: &Model, limits: DiveLimits) -> DiveOutcome {
    let n = model.vars().len();
    let mut fixed: Vec<Option<f64>> = vec![None; n];
    let mut lp_solves = 1;
    let (root, vars) = match solve_fixed(model, &fixed) {
        Ok(found) => found,
        Err(e) => {
            let root = match e {
                Error::Infeasible => RootLp::Infeasible,
                Error::Unbounded => RootLp::Unbounded,
                other => RootLp::Failed(other.to_string()),
            };
            return DiveOutcome {
                root,
                solution: None,
                lp_solves,
            };
        }
    };
    let bound = root.objective() + model.objective_offset;
    let mut outcome = DiveOutcome {
        root: RootLp::Bound(bound),
        solution: None,
        lp_solves,
    };
    let mut current = root;
    let mut rebuilds = 0;
    loop {
        let values = values_of(&current, &vars);
        // Integral variables not fixed yet: those on an integer, and the fractional ones.
        let mut on_integer = Vec::new();
        let mut best_fractional: Option<(usize, f64)> = None;
        for (i, v) in model.vars().iter().enumerate() {
            if !v.kind.is_integral() || fixed[i].is_some() {
                continue;
            }
            let frac = (values[i] - values[i].round()).abs();
            if frac <= INT_TOL {
                on_integer.push(i);
            } else if best_fractional.is_none_or(|(_, f)| frac < f) {
                best_fractional = Some((i, frac));
            }
        }
        let Some((pick, _)) = best_fractional else {
            let mut solution = values;
            round_integral(model, &mut solution);
            if model.check(&solution).is_ok() {
                outcome.solution = Some(solution);
            }
            break;
        };
        let mut fixes: Vec<(usize, f64)> =
            on_integer.iter().map(|&i| (i, values[i].round())).collect();
        let rounded = values[pick].round();
        fixes.push((pick, rounded));
        match apply_fixes(current, &vars, &fixes, &mut lp_solves) {
            Ok(next) => {
                for &(i, x) in &fixes {
                    fixed[i] = Some(x);
                }
                current = next;
            }
            Err(()) => {
                // Keep the fixes of variables already on integers, round the pick the other way.
                for &(i, x) in &fixes[..fixes.len() - 1] {
                    fixed[i] = Some(x);
                }
                let other = if rounded > values[pick] {
                    values[pick].floor()
                } else {
                    values[pick].ceil()
                };
                fixed[pick] = Some(other);
                rebuilds += 1;
                lp_solves += 1;
                if rebuilds > limits.rebuilds {
                    break;
                }
                match solve_fixed(model, &fixed) {
                    Ok((sol, _)) => current = sol,
                    Err(_) => break,
                }
            }
        }
    }
    outcome.lp_solves = lp_solves;
    outcome
}

/// Solves the relaxation with the given fixes from scratch.
fn solve_fixed(
    model: &Model,
    fixed: &[Option<f64>],
) -> Result<(Solution, Vec<microlp::Variable>), Error> {
    let bridged = to_microlp(model, Relax::Yes, fixed);
    match bridged.problem.solve()? {
        SolveOutcome::Solution(sol) => Ok((sol, bridged.vars)),
        SolveOutcome::Interrupted(_) => Err(Error::InternalError(
            "LP interrupted without a limit".to_string(),
        )),
    }
}

/// Fixes variables one by one on the live LP; `Err` when one makes it infeasible or fails.
fn apply_fixes(
    mut current: Solution,
    vars: &[microlp::Variable],
    fixes: &[(usize, f64)],
    lp_solves: &mut usize,
) -> Result<Solution, ()> {
    for &(i, x) in fixes {
        *lp_solves += 1;
        current = match current.fix_var(vars[i], x) {
            Ok(SolveOutcome::Solution(sol)) => sol,
            _ => return Err(()),
        };
    }
    Ok(current)
}
