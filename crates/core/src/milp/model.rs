//! The MILP model as data: variables, linear expressions, constraints and an objective.
//!
//! A [`Model`] is built once by a placement algorithm, then written as an LP file
//! ([`super::lp_writer`]), reduced ([`super::presolve`]) or solved ([`super::solver`]).
//!
//! Invariants:
//! - variables and constraints are numbered densely in insertion order ([`VarId`], [`ConId`]);
//!   every id a model hands out stays valid;
//! - names are unique within their kind and valid CPLEX LP identifiers: [`Model::add_var`] and
//!   [`Model::add_constraint`] sanitise the requested name and append `_<n>` on a clash, so the
//!   same sequence of calls always yields the same names;
//! - a constraint's terms mention each variable at most once, in first-mention order, with no
//!   zero coefficients; an expression's constant is moved into the right-hand side;
//! - binary variables have bounds `[0, 1]`; bounds may be infinite on their open side only.

use std::collections::BTreeMap;

/// A variable of a [`Model`] (an index in insertion order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

impl VarId {
    /// The index of the variable.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A constraint of a [`Model`] (an index in insertion order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConId(pub u32);

impl ConId {
    /// The index of the constraint.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The domain of a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// Any real value within the bounds.
    Continuous,
    /// Any integer within the bounds.
    Integer,
    /// 0 or 1.
    Binary,
}

impl VarKind {
    /// True for integer and binary variables.
    pub fn is_integral(self) -> bool {
        !matches!(self, VarKind::Continuous)
    }
}

/// One variable: name, domain and bounds.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    /// Unique LP identifier.
    pub name: String,
    /// Domain.
    pub kind: VarKind,
    /// Lower bound (may be `-inf`).
    pub lb: f64,
    /// Upper bound (may be `+inf`).
    pub ub: f64,
}

/// A linear expression `sum(coef * var) + constant`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinExpr {
    /// The terms, possibly with repeated variables (merged when the expression is used).
    pub terms: Vec<(VarId, f64)>,
    /// The constant part.
    pub constant: f64,
}

impl LinExpr {
    /// The empty expression (zero).
    pub fn new() -> Self {
        Self::default()
    }

    /// An expression from terms.
    pub fn from_terms(terms: &[(VarId, f64)]) -> Self {
        LinExpr {
            terms: terms.to_vec(),
            constant: 0.0,
        }
    }

    /// Adds `coef * var` (builder style).
    pub fn term(mut self, var: VarId, coef: f64) -> Self {
        self.terms.push((var, coef));
        self
    }

    /// Adds a constant (builder style).
    pub fn plus(mut self, constant: f64) -> Self {
        self.constant += constant;
        self
    }

    /// Adds `coef * var` in place.
    pub fn add_term(&mut self, var: VarId, coef: f64) {
        self.terms.push((var, coef));
    }

    /// The value of the expression at `values` (indexed by [`VarId`]).
    pub fn eval(&self, values: &[f64]) -> f64 {
        self.constant
            + self
                .terms
                .iter()
                .map(|&(v, c)| c * values[v.index()])
                .sum::<f64>()
    }

    /// The terms with repeated variables summed and zero coefficients dropped, in
    /// first-mention order.
    pub fn merged_terms(&self) -> Vec<(VarId, f64)> {
        let mut position: BTreeMap<VarId, usize> = BTreeMap::new();
        let mut out: Vec<(VarId, f64)> = Vec::with_capacity(self.terms.len());
        for &(v, c) in &self.terms {
            match position.get(&v) {
                Some(&i) => out[i].1 += c,
                None => {
                    position.insert(v, out.len());
                    out.push((v, c));
                }
            }
        }
        out.retain(|&(_, c)| c != 0.0);
        out
    }
}

/// The sense of a constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `lhs <= rhs`.
    Le,
    /// `lhs >= rhs`.
    Ge,
    /// `lhs == rhs`.
    Eq,
}

/// One linear constraint `sum(coef * var) cmp rhs`.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// Unique LP identifier.
    pub name: String,
    /// Merged terms (see the module invariants).
    pub terms: Vec<(VarId, f64)>,
    /// Sense.
    pub cmp: Cmp,
    /// Right-hand side.
    pub rhs: f64,
}

impl Constraint {
    /// The activity `sum(coef * var)` at `values`.
    pub fn activity(&self, values: &[f64]) -> f64 {
        self.terms.iter().map(|&(v, c)| c * values[v.index()]).sum()
    }

    /// How far `values` violate the constraint (0 when satisfied).
    pub fn violation(&self, values: &[f64]) -> f64 {
        let a = self.activity(values);
        match self.cmp {
            Cmp::Le => (a - self.rhs).max(0.0),
            Cmp::Ge => (self.rhs - a).max(0.0),
            Cmp::Eq => (a - self.rhs).abs(),
        }
    }
}

/// The direction of the objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sense {
    /// Minimise.
    Minimize,
    /// Maximise.
    Maximize,
}

/// Relative tolerance of objective comparisons: a value improves on another only by more
/// than this times `1 + |other|`.
pub const RELATIVE_OBJECTIVE_TOL: f64 = 1e-9;

impl Sense {
    /// Whether the objective `value` is strictly better than `than` in this sense, by more
    /// than [`RELATIVE_OBJECTIVE_TOL`] relative to `than`.
    pub fn improves(self, value: f64, than: f64) -> bool {
        let margin = RELATIVE_OBJECTIVE_TOL * (1.0 + than.abs());
        match self {
            Sense::Minimize => value < than - margin,
            Sense::Maximize => value > than + margin,
        }
    }
}

/// A mixed-integer linear program.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// A name, written as a comment into LP files.
    pub name: String,
    vars: Vec<Var>,
    constraints: Vec<Constraint>,
    /// Objective direction.
    pub sense: Sense,
    /// Objective: merged terms.
    objective: Vec<(VarId, f64)>,
    /// Constant added to the objective.
    pub objective_offset: f64,
    var_names: BTreeMap<String, u32>,
    con_names: BTreeMap<String, u32>,
}

/// Absolute tolerance used by [`Model::check`] for bounds, rows and integrality.
pub const FEASIBILITY_TOL: f64 = 1e-6;

impl Model {
    /// An empty model that minimises zero.
    pub fn new(name: impl Into<String>) -> Self {
        Model {
            name: name.into(),
            vars: Vec::new(),
            constraints: Vec::new(),
            sense: Sense::Minimize,
            objective: Vec::new(),
            objective_offset: 0.0,
            var_names: BTreeMap::new(),
            con_names: BTreeMap::new(),
        }
    }

    /// Adds a variable; returns its id. NaN bounds count as infinite on their side.
    pub fn add_var(&mut self, name: &str, kind: VarKind, lb: f64, ub: f64) -> VarId {
        let (lb, ub) = match kind {
            VarKind::Binary => (0.0, 1.0),
            _ => (
                if lb.is_nan() { f64::NEG_INFINITY } else { lb },
                if ub.is_nan() { f64::INFINITY } else { ub },
            ),
        };
        let name = unique_name(&mut self.var_names, name, 'x');
        self.vars.push(Var { name, kind, lb, ub });
        VarId(self.vars.len() as u32 - 1)
    }

    /// Adds a continuous variable.
    pub fn continuous(&mut self, name: &str, lb: f64, ub: f64) -> VarId {
        self.add_var(name, VarKind::Continuous, lb, ub)
    }

    /// Adds an integer variable.
    pub fn integer(&mut self, name: &str, lb: f64, ub: f64) -> VarId {
        self.add_var(name, VarKind::Integer, lb, ub)
    }

    /// Adds a binary variable.
    pub fn binary(&mut self, name: &str) -> VarId {
        self.add_var(name, VarKind::Binary, 0.0, 1.0)
    }

    /// Adds the constraint `expr cmp rhs` (the expression's constant moves to the right).
    pub fn add_constraint(&mut self, name: &str, expr: &LinExpr, cmp: Cmp, rhs: f64) -> ConId {
        let name = unique_name(&mut self.con_names, name, 'c');
        self.constraints.push(Constraint {
            name,
            terms: expr.merged_terms(),
            cmp,
            rhs: rhs - expr.constant,
        });
        ConId(self.constraints.len() as u32 - 1)
    }

    /// Sets the objective (its constant becomes the objective offset).
    pub fn set_objective(&mut self, sense: Sense, expr: &LinExpr) {
        self.sense = sense;
        self.objective = expr.merged_terms();
        self.objective_offset = expr.constant;
    }

    /// Changes a variable's bounds (binary variables keep `[0, 1]` intersected with them).
    pub fn set_bounds(&mut self, var: VarId, lb: f64, ub: f64) {
        let v = &mut self.vars[var.index()];
        if v.kind == VarKind::Binary {
            v.lb = lb.max(0.0);
            v.ub = ub.min(1.0);
        } else {
            v.lb = lb;
            v.ub = ub;
        }
    }

    /// Drops a variable's integrality (its bounds stay).
    pub fn relax(&mut self, var: VarId) {
        self.vars[var.index()].kind = VarKind::Continuous;
    }

    /// All variables, indexed by [`VarId`].
    pub fn vars(&self) -> &[Var] {
        &self.vars
    }

    /// One variable.
    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id.index()]
    }

    /// All constraints, indexed by [`ConId`].
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The objective's merged terms.
    pub fn objective(&self) -> &[(VarId, f64)] {
        &self.objective
    }

    /// The number of integer and binary variables.
    pub fn num_integral(&self) -> usize {
        self.vars.iter().filter(|v| v.kind.is_integral()).count()
    }

    /// The objective value at `values`, offset included.
    pub fn objective_value(&self, values: &[f64]) -> f64 {
        self.objective_offset
            + self
                .objective
                .iter()
                .map(|&(v, c)| c * values[v.index()])
                .sum::<f64>()
    }

    /// Checks `values` against bounds, integrality and constraints within
    /// [`FEASIBILITY_TOL`]; returns the first problem found, described in words.
    pub fn check(&self, values: &[f64]) -> Result<(), String> {
        if values.len() != self.vars.len() {
            return Err(format!(
                "{} values given for {} variables",
                values.len(),
                self.vars.len()
            ));
        }
        for (v, &x) in self.vars.iter().zip(values) {
            if !x.is_finite() {
                return Err(format!("variable {} is not finite", v.name));
            }
            if x < v.lb - FEASIBILITY_TOL || x > v.ub + FEASIBILITY_TOL {
                return Err(format!(
                    "variable {} = {x} outside [{}, {}]",
                    v.name, v.lb, v.ub
                ));
            }
            if v.kind.is_integral() && (x - x.round()).abs() > FEASIBILITY_TOL {
                return Err(format!("integer variable {} = {x} is fractional", v.name));
            }
        }
        for c in &self.constraints {
            let scale = 1.0 + c.rhs.abs();
            if c.violation(values) > FEASIBILITY_TOL * scale {
                return Err(format!(
                    "constraint {} violated by {}",
                    c.name,
                    c.violation(values)
                ));
            }
        }
        Ok(())
    }
}

/// Makes `wanted` a valid LP identifier, unique among `taken`, and records it.
fn unique_name(taken: &mut BTreeMap<String, u32>, wanted: &str, prefix: char) -> String {
    let base = sanitize(wanted, prefix);
    let mut name = base.clone();
    while let Some(count) = taken.get_mut(&name) {
        *count += 1;
        name = format!("{base}_{count}");
    }
    taken.insert(name.clone(), 0);
    name
}

/// Replaces characters LP readers reject by `_` and prefixes names that would read as numbers
/// or keywords. Empty names become the prefix alone.
fn sanitize(wanted: &str, prefix: char) -> String {
    let mut s: String = wanted
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "_.[]{}!#$%&()/,;?@'`|~".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(200)
        .collect();
    let first = s.chars().next();
    let starts_badly = match first {
        None => true,
        Some(c) => c.is_ascii_digit() || c == '.' || ((c == 'e' || c == 'E') && looks_numeric(&s)),
    };
    if starts_badly || is_keyword(&s) {
        s.insert(0, '_');
        s.insert(0, prefix);
    }
    s
}

/// True for names like `e1` that a reader could take for an exponent.
fn looks_numeric(s: &str) -> bool {
    s[1..]
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || c == '+' || c == '-')
}

/// Section keywords of the LP format (case-insensitive) that must not be used as names.
fn is_keyword(s: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "minimize",
        "minimise",
        "minimum",
        "min",
        "maximize",
        "maximise",
        "maximum",
        "max",
        "subject",
        "such",
        "st",
        "s.t.",
        "st.",
        "bounds",
        "bound",
        "binary",
        "binaries",
        "bin",
        "general",
        "generals",
        "gen",
        "end",
        "free",
        "inf",
        "infinity",
        "semi",
        "semis",
        "semi-continuous",
        "sos",
    ];
    KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_sanitised_and_unique() {
        let mut m = Model::new("t");
        let a = m.continuous("a b", 0.0, 1.0);
        let b = m.continuous("a b", 0.0, 1.0);
        let c = m.continuous("3x", 0.0, 1.0);
        let d = m.continuous("e2", 0.0, 1.0);
        let e = m.continuous("end", 0.0, 1.0);
        let f = m.continuous("", 0.0, 1.0);
        let names: Vec<&str> = [a, b, c, d, e, f]
            .iter()
            .map(|&v| m.var(v).name.as_str())
            .collect();
        assert_eq!(names, ["a_b", "a_b_1", "x_3x", "x_e2", "x_end", "x_"]);
    }

    #[test]
    fn expressions_merge_terms_and_move_constants() {
        let mut m = Model::new("t");
        let x = m.continuous("x", 0.0, 10.0);
        let y = m.continuous("y", 0.0, 10.0);
        let e = LinExpr::new()
            .term(x, 1.0)
            .term(y, 2.0)
            .term(x, 3.0)
            .term(y, -2.0)
            .plus(5.0);
        let c = m.add_constraint("c", &e, Cmp::Le, 7.0);
        let c = &m.constraints()[c.index()];
        assert_eq!(c.terms, vec![(x, 4.0)]);
        assert_eq!(c.rhs, 2.0);
    }
}
