//! Translation of a [`Model`] into a `microlp::Problem`.
//!
//! Variables keep their order, so `microlp` variable `i` is the model's `VarId(i)`. The objective
//! offset is not passed on: callers add [`Model::objective_offset`] to what `microlp` reports.
//! Integer bounds are rounded inwards and clamped to `i32` (what `microlp` takes); an infinite
//! integer bound becomes `i32::MIN`/`i32::MAX`, which no placement model comes near.

use super::model::{Cmp, Model, Sense, VarKind};
use microlp::{ComparisonOp, OptimizationDirection, Problem, Variable};

/// How integral variables are posed to `microlp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Relax {
    /// Integer and binary variables stay integral (a MILP).
    No,
    /// Every variable is continuous (the LP relaxation).
    Yes,
}

/// The problem and its variables (indexed like the model's).
pub(crate) struct Bridged {
    pub problem: Problem,
    pub vars: Vec<Variable>,
}

/// Builds the `microlp` problem; `fixed[i] = Some(x)` pins variable `i` at `x`.
pub(crate) fn to_microlp(model: &Model, relax: Relax, fixed: &[Option<f64>]) -> Bridged {
    let direction = match model.sense {
        Sense::Minimize => OptimizationDirection::Minimize,
        Sense::Maximize => OptimizationDirection::Maximize,
    };
    let mut problem = Problem::new(direction);
    let mut cost = vec![0.0; model.vars().len()];
    for &(v, c) in model.objective() {
        cost[v.index()] = c;
    }
    let mut vars = Vec::with_capacity(model.vars().len());
    for (i, v) in model.vars().iter().enumerate() {
        let (mut lb, mut ub) = (v.lb, v.ub);
        if let Some(x) = fixed.get(i).copied().flatten() {
            (lb, ub) = (x, x);
        }
        let var = match (relax, v.kind) {
            (Relax::No, VarKind::Integer) => {
                problem.add_integer_var(cost[i], (int_bound(lb.ceil()), int_bound(ub.floor())))
            }
            (Relax::No, VarKind::Binary) if lb == 0.0 && ub == 1.0 => {
                problem.add_binary_var(cost[i])
            }
            (Relax::No, VarKind::Binary) => {
                problem.add_integer_var(cost[i], (int_bound(lb.ceil()), int_bound(ub.floor())))
            }
            _ => problem.add_var(cost[i], (lb, ub)),
        };
        vars.push(var);
    }
    for c in model.constraints() {
        let terms: Vec<(Variable, f64)> =
            c.terms.iter().map(|&(v, a)| (vars[v.index()], a)).collect();
        let op = match c.cmp {
            Cmp::Le => ComparisonOp::Le,
            Cmp::Ge => ComparisonOp::Ge,
            Cmp::Eq => ComparisonOp::Eq,
        };
        problem.add_constraint(terms.as_slice(), op, c.rhs);
    }
    Bridged { problem, vars }
}

/// Reads a `microlp` solution back into a value vector indexed like the model's variables.
pub(crate) fn values_of(solution: &microlp::Solution, vars: &[Variable]) -> Vec<f64> {
    vars.iter().map(|&v| solution.var_value(v)).collect()
}

/// Rounds the integral variables of `values` to exact integers.
pub(crate) fn round_integral(model: &Model, values: &mut [f64]) {
    for (i, v) in model.vars().iter().enumerate() {
        if v.kind.is_integral() {
            values[i] = values[i].round();
        }
    }
}

/// The integral variables' values as a `microlp` warm-start hint.
pub(crate) fn hint(model: &Model, vars: &[Variable], values: &[f64]) -> Vec<(Variable, f64)> {
    model
        .vars()
        .iter()
        .enumerate()
        .filter(|(_, v)| v.kind.is_integral())
        .map(|(i, _)| (vars[i], values[i].round()))
        .collect()
}

fn int_bound(x: f64) -> i32 {
    if x.is_nan() {
        0
    } else {
        x.clamp(i32::MIN as f64, i32::MAX as f64) as i32
    }
}
