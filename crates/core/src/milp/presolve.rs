//! Model reduction before solving, with a map back to the original variables.
//!
//! Reductions, repeated until nothing changes:
//! - integer bounds are rounded inwards;
//! - fixed variables (`lb == ub`) are substituted into rows and the objective;
//! - rows with no terms left are checked and dropped;
//! - rows with a single variable become bounds on it;
//!
//! and once at the end: variables no remaining row mentions are fixed at their best bound for
//! the objective (any bound when the objective ignores them).
//!
//! Invariant: for every solution `y` of the reduced model, [`Presolved::restore`] gives a
//! solution of the original model with the same objective (the offset carries the fixed
//! variables' contribution), and an optimum maps to an optimum. Variable names and kinds are
//! kept, and kept variables stay in their original relative order.

use super::model::{Cmp, LinExpr, Model, VarId, VarKind};

/// Tolerance for deciding crossed bounds and empty rows.
const TOL: f64 = 1e-9;
/// The fixpoint loop stops after this many passes (each pass is linear in the model size).
const MAX_PASSES: usize = 50;

/// What presolve concluded.
#[derive(Clone, Debug, PartialEq)]
pub enum PresolveOutcome {
    /// The reduced model is equivalent to the original.
    Reduced,
    /// The model has no solution (the reason in words).
    Infeasible(String),
    /// A variable no row bounds can improve the objective forever (if any solution exists).
    Unbounded(String),
}

/// Where an original variable went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum VarFate {
    /// Still a variable of the reduced model.
    Kept(VarId),
    /// Fixed at this value and removed.
    Fixed(f64),
}

/// Counts of what presolve did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PresolveStats {
    /// Variables removed (fixed).
    pub removed_vars: usize,
    /// Constraints removed (empty or turned into bounds).
    pub removed_constraints: usize,
}

/// The result of [`presolve`].
#[derive(Clone, Debug)]
pub struct Presolved {
    /// The reduced model (meaningful when the outcome is [`PresolveOutcome::Reduced`]).
    pub model: Model,
    /// What presolve concluded.
    pub outcome: PresolveOutcome,
    /// Fate of each original variable, indexed by the original [`VarId`].
    pub fates: Vec<VarFate>,
    /// What was removed.
    pub stats: PresolveStats,
}

impl Presolved {
    /// A solution of the original model from one of the reduced model.
    pub fn restore(&self, reduced: &[f64]) -> Vec<f64> {
        self.fates
            .iter()
            .map(|f| match *f {
                VarFate::Kept(v) => reduced[v.index()],
                VarFate::Fixed(x) => x,
            })
            .collect()
    }

    /// The reduced model's variables taken from a solution of the original model (for warm
    /// starts).
    pub fn reduce(&self, original: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; self.model.vars().len()];
        for (f, &x) in self.fates.iter().zip(original) {
            if let VarFate::Kept(v) = *f {
                out[v.index()] = x;
            }
        }
        out
    }
}

/// A row under reduction.
struct Row {
    terms: Vec<(usize, f64)>,
    cmp: Cmp,
    rhs: f64,
    alive: bool,
}

/// Reduces `model` (see the module documentation).
pub fn presolve(model: &Model) -> Presolved {
    let n = model.vars().len();
    let mut lb: Vec<f64> = model.vars().iter().map(|v| v.lb).collect();
    let mut ub: Vec<f64> = model.vars().iter().map(|v| v.ub).collect();
    let integral: Vec<bool> = model.vars().iter().map(|v| v.kind.is_integral()).collect();
    let mut rows: Vec<Row> = model
        .constraints()
        .iter()
        .map(|c| Row {
            terms: c.terms.iter().map(|&(v, a)| (v.index(), a)).collect(),
            cmp: c.cmp,
            rhs: c.rhs,
            alive: true,
        })
        .collect();
    let mut stats = PresolveStats::default();
    let infeasible = |why: String| Presolved {
        model: model.clone(),
        outcome: PresolveOutcome::Infeasible(why),
        fates: (0..n).map(|i| VarFate::Kept(VarId(i as u32))).collect(),
        stats: PresolveStats::default(),
    };

    for _ in 0..MAX_PASSES {
        let mut changed = false;
        for i in 0..n {
            if let Err(why) = normalise_bounds(&mut lb[i], &mut ub[i], integral[i]) {
                return infeasible(format!("variable {}: {why}", model.vars()[i].name));
            }
        }
        for (r, row) in rows.iter_mut().enumerate().filter(|(_, r)| r.alive) {
            let before = row.terms.len();
            let mut rhs = row.rhs;
            row.terms.retain(|&(v, a)| {
                if lb[v] == ub[v] {
                    rhs -= a * lb[v];
                    false
                } else {
                    true
                }
            });
            row.rhs = rhs;
            changed |= row.terms.len() != before;
            let name = &model.constraints()[r].name;
            match row.terms.as_slice() {
                [] => {
                    let ok = match row.cmp {
                        Cmp::Le => 0.0 <= row.rhs + TOL * (1.0 + row.rhs.abs()),
                        Cmp::Ge => 0.0 >= row.rhs - TOL * (1.0 + row.rhs.abs()),
                        Cmp::Eq => row.rhs.abs() <= TOL * (1.0 + row.rhs.abs()),
                    };
                    if !ok {
                        return infeasible(format!("constraint {name} cannot hold"));
                    }
                }
                &[(v, a)] => {
                    let bound = row.rhs / a;
                    // a*x <= rhs is x <= rhs/a for a > 0 and x >= rhs/a for a < 0.
                    let (upper, lower) = match (row.cmp, a > 0.0) {
                        (Cmp::Le, true) | (Cmp::Ge, false) => (true, false),
                        (Cmp::Le, false) | (Cmp::Ge, true) => (false, true),
                        (Cmp::Eq, _) => (true, true),
                    };
                    if upper && bound < ub[v] {
                        ub[v] = bound;
                    }
                    if lower && bound > lb[v] {
                        lb[v] = bound;
                    }
                }
                _ => continue,
            }
            row.alive = false;
            stats.removed_constraints += 1;
            changed = true;
        }
        if !changed {
            break;
        }
    }
    for i in 0..n {
        if let Err(why) = normalise_bounds(&mut lb[i], &mut ub[i], integral[i]) {
            return infeasible(format!("variable {}: {why}", model.vars()[i].name));
        }
    }

    // Variables no live row mentions: fix them where the objective likes them best.
    let mut used = vec![false; n];
    for row in rows.iter().filter(|r| r.alive) {
        for &(v, _) in &row.terms {
            used[v] = true;
        }
    }
    let mut cost = vec![0.0; n];
    for &(v, c) in model.objective() {
        cost[v.index()] = c;
    }
    let minimise_sign = match model.sense {
        super::model::Sense::Minimize => 1.0,
        super::model::Sense::Maximize => -1.0,
    };
    let mut outcome = PresolveOutcome::Reduced;
    for i in 0..n {
        if used[i] || lb[i] == ub[i] {
            continue;
        }
        let c = cost[i] * minimise_sign;
        let value = if c > 0.0 {
            lb[i]
        } else if c < 0.0 {
            ub[i]
        } else {
            0.0_f64.clamp(lb[i], ub[i])
        };
        if !value.is_finite() {
            outcome = PresolveOutcome::Unbounded(format!(
                "variable {} improves the objective without limit",
                model.vars()[i].name
            ));
            continue;
        }
        lb[i] = value;
        ub[i] = value;
    }

    // Build the reduced model.
    let mut reduced = Model::new(model.name.clone());
    let mut fates = Vec::with_capacity(n);
    for (i, v) in model.vars().iter().enumerate() {
        if lb[i] == ub[i] {
            fates.push(VarFate::Fixed(lb[i]));
            stats.removed_vars += 1;
        } else {
            let kind = if v.kind == VarKind::Binary && (lb[i] != 0.0 || ub[i] != 1.0) {
                VarKind::Integer
            } else {
                v.kind
            };
            fates.push(VarFate::Kept(reduced.add_var(&v.name, kind, lb[i], ub[i])));
        }
    }
    let kept = |v: usize| match fates[v] {
        VarFate::Kept(id) => Some(id),
        VarFate::Fixed(_) => None,
    };
    for (r, row) in rows.iter().enumerate().filter(|(_, r)| r.alive) {
        let mut expr = LinExpr::new();
        for &(v, a) in &row.terms {
            match fates[v] {
                VarFate::Kept(id) => expr.add_term(id, a),
                VarFate::Fixed(x) => expr.constant += a * x,
            }
        }
        reduced.add_constraint(&model.constraints()[r].name, &expr, row.cmp, row.rhs);
    }
    let mut objective = LinExpr::new().plus(model.objective_offset);
    for &(v, c) in model.objective() {
        match kept(v.index()) {
            Some(id) => objective.add_term(id, c),
            None => objective.constant += c * lb[v.index()],
        }
    }
    reduced.set_objective(model.sense, &objective);
    Presolved {
        model: reduced,
        outcome,
        fates,
        stats,
    }
}

/// Rounds integer bounds inwards, snaps nearly equal bounds together and rejects crossed ones.
fn normalise_bounds(lb: &mut f64, ub: &mut f64, integral: bool) -> Result<(), String> {
    if integral {
        *lb = (*lb - 1e-6).ceil();
        *ub = (*ub + 1e-6).floor();
    }
    if *lb > *ub + TOL * (1.0 + lb.abs()) {
        return Err(format!("bounds cross ({} > {})", lb, ub));
    }
    if lb.is_finite() && (*lb > *ub || (*ub - *lb) <= TOL * (1.0 + lb.abs())) {
        *ub = *lb;
    }
    Ok(())
}
