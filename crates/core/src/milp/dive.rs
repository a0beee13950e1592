//! LP-guided diving: a primal heuristic that finds a feasible MILP solution early.
//!
//! The dive solves the LP relaxation, then repeatedly fixes one fractional integral variable,
//! rounded in the direction that can violate the fewest rows ("locks"), preferring variables
//! with little distance to move, then few locks. Each fix re-optimises the LP warm (microlp's
//! incremental `fix_var`). Variables the LP already puts on integers stay free. When a rounding
//! makes the LP infeasible, the dive takes the opposite rounding (each fix is tried on a copy of
//! the live LP, so nothing is re-solved from scratch); when both fail, it gives up. Infeasible
//! roundings are bounded by [`DiveLimits::failures`] and fixing rounds by the number of
//! integral variables and by [`DiveLimits::rounds`], so a dive always ends.
//!
//! The first LP solve also gives the relaxation bound and decides LP infeasibility (which
//! proves the MILP infeasible) for the caller.

use super::bridge::{round_integral, to_microlp, values_of, Relax};
use super::model::{Cmp, Model};
use microlp::{Error, Solution, SolveOutcome};

/// Distance to an integer under which a value counts as integral.
const INT_TOL: f64 = 1e-6;

/// Bounds on the work of one dive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiveLimits {
    /// How many variables the dive may fix (0: only solve the root LP).
    pub rounds: usize,
    /// How many roundings may turn out infeasible before the dive gives up.
    pub failures: usize,
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
    /// The root relaxation's solution, when it was solved.
    pub root_values: Option<Vec<f64>>,
    /// A solution feasible for the model (integral variables rounded exactly), if found.
    pub solution: Option<Vec<f64>>,
    /// True when `solution` is the root relaxation's own (no variable fixed): then it is
    /// optimal for the model.
    pub root_integral: bool,
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
                root_values: None,
                solution: None,
                root_integral: false,
                lp_solves,
            };
        }
    };
    let bound = root.objective() + model.objective_offset;
    let mut outcome = DiveOutcome {
        root: RootLp::Bound(bound),
        root_values: Some(values_of(&root, &vars)),
        solution: None,
        root_integral: false,
        lp_solves,
    };
    let locks = Locks::of(model);
    let mut current = root;
    let mut failures = 0;
    for round in 0..=limits.rounds {
        let values = values_of(&current, &vars);
        let Some((pick, up)) = choose(model, &values, &fixed, &locks) else {
            let mut solution = values;
            round_integral(model, &mut solution);
            if model.check(&solution).is_ok() {
                outcome.solution = Some(solution);
                outcome.root_integral = round == 0;
            }
            break;
        };
        if round == limits.rounds {
            break;
        }
        let (first, second) = if up {
            (values[pick].ceil(), values[pick].floor())
        } else {
            (values[pick].floor(), values[pick].ceil())
        };
        // Try the preferred rounding on a copy of the live LP, then the other one.
        let mut next = None;
        for x in [first, second] {
            lp_solves += 1;
            if let Ok(SolveOutcome::Solution(sol)) = current.clone().fix_var(vars[pick], x) {
                fixed[pick] = Some(x);
                next = Some(sol);
                break;
            }
            failures += 1;
        }
        match next {
            Some(sol) if failures <= limits.failures => current = sol,
            _ => break,
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

/// Per variable, how many rows rounding it down (resp. up) could violate.
struct Locks {
    down: Vec<u32>,
    up: Vec<u32>,
}

impl Locks {
    fn of(model: &Model) -> Self {
        let n = model.vars().len();
        let (mut down, mut up) = (vec![0; n], vec![0; n]);
        for c in model.constraints() {
            for &(v, a) in &c.terms {
                let (d, u) = match (c.cmp, a > 0.0) {
                    (Cmp::Le, true) | (Cmp::Ge, false) => (false, true),
                    (Cmp::Le, false) | (Cmp::Ge, true) => (true, false),
                    (Cmp::Eq, _) => (true, true),
                };
                down[v.index()] += u32::from(d);
                up[v.index()] += u32::from(u);
            }
        }
        Locks { down, up }
    }
}

/// The next variable to round and whether to round it up. Each fractional unfixed integral
/// variable is rounded in its safer direction (fewer locks; the nearer integer on a tie); the
/// one with the smallest distance to move is taken, ties broken by fewer locks, then by index.
/// `None` when none is fractional. (Distance first gave clearly better incumbents than locks
/// first on placement-shaped models: locks first rounds every slot count up early.)
fn choose(
    model: &Model,
    values: &[f64],
    fixed: &[Option<f64>],
    locks: &Locks,
) -> Option<(usize, bool)> {
    let mut best: Option<(u32, f64, usize, bool)> = None;
    for (i, v) in model.vars().iter().enumerate() {
        let x = values[i];
        if !v.kind.is_integral() || fixed[i].is_some() || (x - x.round()).abs() <= INT_TOL {
            continue;
        }
        let up = match locks.up[i].cmp(&locks.down[i]) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => x - x.floor() >= 0.5,
        };
        let (count, dist) = if up {
            (locks.up[i], x.ceil() - x)
        } else {
            (locks.down[i], x - x.floor())
        };
        let key = (count, dist, i, up);
        if best.is_none_or(|b| (dist, count) < (b.1, b.0)) {
            best = Some(key);
        }
    }
    best.map(|(_, _, i, up)| (i, up))
}
