//! Presolve: each reduction on a hand-made model, and on random models the reduced model's
//! optimum maps back to a feasible solution of the original with the original's optimum.

use crate::support::milp_common;
use milp_common::{fpga20_like, Lcg};
use rivulet_core::milp::{
    presolve, Cmp, LinExpr, MicrolpSolver, MilpSolver, Model, PresolveOutcome, Sense, SolveOptions,
    SolveStatus, VarFate,
};

#[test]
fn reductions_on_a_small_model() {
    let mut m = Model::new("small");
    let x = m.continuous("x", 0.0, 10.0);
    let y = m.integer("y", 0.0, 10.0);
    let z = m.continuous("z", 2.0, 2.0); // fixed
    let w = m.integer("w", 0.0, 5.0); // unused, objective pushes it up
    let u = m.continuous("u", -1.0, 1.0); // unused, no cost
    m.add_constraint("single", &LinExpr::new().term(y, 2.0), Cmp::Le, 7.0); // y <= 3
    m.add_constraint(
        "pair",
        &LinExpr::new().term(x, 1.0).term(y, 1.0).term(z, 1.0),
        Cmp::Le,
        9.0,
    );
    m.add_constraint("only_fixed", &LinExpr::new().term(z, 3.0), Cmp::Eq, 6.0);
    m.set_objective(
        Sense::Maximize,
        &LinExpr::new()
            .term(x, 1.0)
            .term(y, 2.0)
            .term(z, 1.0)
            .term(w, 1.0),
    );
    let _ = u;
    let p = presolve(&m);
    assert_eq!(p.outcome, PresolveOutcome::Reduced);
    assert_eq!(p.model.vars().len(), 2);
    assert_eq!(p.model.constraints().len(), 1);
    assert_eq!(p.fates[2], VarFate::Fixed(2.0));
    assert_eq!(p.fates[3], VarFate::Fixed(5.0));
    assert_eq!(p.fates[4], VarFate::Fixed(0.0));
    let y_new = p.model.vars().iter().position(|v| v.name == "y").unwrap();
    assert_eq!(p.model.vars()[y_new].ub, 3.0);
    // The fixed z moved into the row's right-hand side and the objective offset.
    assert_eq!(p.model.constraints()[0].rhs, 7.0);
    assert_eq!(p.model.objective_offset, 7.0);
    let r = MicrolpSolver.solve(
        &p.model,
        &SolveOptions {
            presolve: false,
            ..SolveOptions::default()
        },
    );
    let back = p.restore(r.values.as_ref().unwrap());
    m.check(&back).unwrap();
    assert_eq!(m.objective_value(&back), r.objective.unwrap());
    assert_eq!(r.objective, Some(17.0)); // y = 3, x = 4, z = 2, w = 5
}

#[test]
fn contradictions_are_infeasible() {
    let mut m = Model::new("bad");
    let x = m.integer("x", 0.0, 10.0);
    m.add_constraint("lo", &LinExpr::new().term(x, 1.0), Cmp::Ge, 2.5);
    m.add_constraint("hi", &LinExpr::new().term(x, 1.0), Cmp::Le, 2.9);
    assert!(matches!(
        presolve(&m).outcome,
        PresolveOutcome::Infeasible(_)
    ));
    let mut m = Model::new("empty_row");
    let x = m.continuous("x", 1.0, 1.0);
    m.add_constraint("never", &LinExpr::new().term(x, 1.0), Cmp::Ge, 2.0);
    assert!(matches!(
        presolve(&m).outcome,
        PresolveOutcome::Infeasible(_)
    ));
}

#[test]
fn free_costly_variables_are_left_to_the_search() {
    let mut m = Model::new("unb");
    let x = m.continuous("x", 0.0, f64::INFINITY);
    m.set_objective(Sense::Maximize, &LinExpr::new().term(x, 1.0));
    assert!(matches!(
        presolve(&m).outcome,
        PresolveOutcome::Unbounded(_)
    ));
    assert_eq!(
        MicrolpSolver.solve(&m, &SolveOptions::default()).status,
        SolveStatus::Unbounded
    );
}

/// A random small MILP with fixed variables, singleton rows and unused variables mixed in.
fn random_model(seed: u64) -> Model {
    let mut rng = Lcg(seed);
    let mut m = Model::new(format!("random_{seed}"));
    let n = 8;
    let vars: Vec<_> = (0..n)
        .map(|i| match rng.below(4) {
            0 => m.binary(&format!("b{i}")),
            1 => m.integer(&format!("i{i}"), 0.0, 1.0 + rng.below(5) as f64),
            2 => {
                let v = rng.below(3) as f64;
                m.continuous(&format!("f{i}"), v, v)
            }
            _ => m.continuous(&format!("c{i}"), 0.0, 2.0 + rng.below(6) as f64),
        })
        .collect();
    for r in 0..6 {
        let k = 1 + rng.below(3) as usize;
        let mut e = LinExpr::new();
        for _ in 0..k {
            e.add_term(
                vars[rng.below(n as u64) as usize],
                rng.below(7) as f64 - 3.0,
            );
        }
        let cmp = [Cmp::Le, Cmp::Ge, Cmp::Le][rng.below(3) as usize];
        let rhs = match cmp {
            Cmp::Ge => -(rng.below(4) as f64),
            _ => rng.below(8) as f64,
        };
        m.add_constraint(&format!("r{r}"), &e, cmp, rhs);
    }
    let obj: Vec<_> = vars
        .iter()
        .map(|&v| (v, rng.below(9) as f64 - 4.0))
        .collect();
    m.set_objective(Sense::Maximize, &LinExpr::from_terms(&obj));
    m
}

#[test]
fn reduced_optima_map_back_to_original_optima() {
    let mut compared = 0;
    for seed in 0..60 {
        let m = random_model(seed);
        let with = MicrolpSolver.solve(&m, &SolveOptions::default());
        let without = MicrolpSolver.solve(
            &m,
            &SolveOptions {
                presolve: false,
                ..SolveOptions::default()
            },
        );
        assert_eq!(with.status, without.status, "seed {seed}");
        if with.status == SolveStatus::Optimal {
            m.check(with.values.as_ref().unwrap()).unwrap();
            let (a, b) = (with.objective.unwrap(), without.objective.unwrap());
            assert!((a - b).abs() < 1e-6, "seed {seed}: {a} vs {b}");
            compared += 1;
        }
    }
    assert!(compared > 20, "only {compared} optimal instances");
}

#[test]
fn placement_models_keep_their_optimum() {
    let m = fpga20_like(20, 2);
    let p = presolve(&m);
    assert!(p.stats.removed_constraints > 0 || p.stats.removed_vars > 0);
    let with = MicrolpSolver.solve(&m, &SolveOptions::default());
    let without = MicrolpSolver.solve(
        &m,
        &SolveOptions {
            presolve: false,
            ..SolveOptions::default()
        },
    );
    assert_eq!(with.status, SolveStatus::Optimal);
    assert!((with.objective.unwrap() - without.objective.unwrap()).abs() < 1e-6);
    // A solution of the original maps into the reduced model and back unchanged.
    let x = with.values.unwrap();
    assert_eq!(p.restore(&p.reduce(&x)), x);
}
