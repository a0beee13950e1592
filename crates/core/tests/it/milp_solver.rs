//! The solver on instances with known optima, infeasible and unbounded models, limits,
//! warm starts and determinism.

use crate::support::milp_common;
use milp_common::{fpga20_like, knapsack, Lcg};
use rivulet_core::milp::{
    Cmp, LinExpr, MicrolpSolver, MilpSolver, Model, Sense, SolutionSource, SolveOptions,
    SolveStatus,
};

fn solve(m: &Model) -> rivulet_core::milp::SolveResult {
    MicrolpSolver.solve(m, &SolveOptions::default())
}

fn assert_optimal(m: &Model, expected: f64) {
    let r = solve(m);
    assert_eq!(r.status, SolveStatus::Optimal, "{r:?}");
    let x = r.values.as_ref().unwrap();
    m.check(x).unwrap();
    let obj = r.objective.unwrap();
    assert!(
        (obj - expected).abs() < 1e-6,
        "objective {obj}, expected {expected}"
    );
    assert!((r.best_bound.unwrap() - expected).abs() < 1e-6);
}

#[test]
fn knapsack_matches_enumeration() {
    let mut rng = Lcg(7);
    for _ in 0..3 {
        let n = 12;
        let values: Vec<f64> = (0..n).map(|_| 1.0 + rng.below(30) as f64).collect();
        let weights: Vec<f64> = (0..n).map(|_| 1.0 + rng.below(20) as f64).collect();
        let capacity = weights.iter().sum::<f64>() / 2.5;
        let best = (0u32..1 << n)
            .filter(|s| {
                (0..n)
                    .filter(|i| s >> i & 1 == 1)
                    .map(|i| weights[i])
                    .sum::<f64>()
                    <= capacity
            })
            .map(|s| {
                (0..n)
                    .filter(|i| s >> i & 1 == 1)
                    .map(|i| values[i])
                    .sum::<f64>()
            })
            .fold(0.0, f64::max);
        let (m, _) = knapsack(&values, &weights, capacity);
        assert_optimal(&m, best);
    }
}

#[test]
fn assignment_matches_enumeration() {
    let cost = [
        [9.0, 2.0, 7.0, 8.0],
        [6.0, 4.0, 3.0, 7.0],
        [5.0, 8.0, 1.0, 8.0],
        [7.0, 6.0, 9.0, 4.0],
    ];
    let mut m = Model::new("assignment");
    let x: Vec<Vec<_>> = (0..4)
        .map(|i| (0..4).map(|j| m.binary(&format!("x_{i}_{j}"))).collect())
        .collect();
    for (i, xi) in x.iter().enumerate() {
        let row = LinExpr::from_terms(&xi.iter().map(|&v| (v, 1.0)).collect::<Vec<_>>());
        m.add_constraint(&format!("worker{i}"), &row, Cmp::Eq, 1.0);
        let col = LinExpr::from_terms(&x.iter().map(|xj| (xj[i], 1.0)).collect::<Vec<_>>());
        m.add_constraint(&format!("task{i}"), &col, Cmp::Eq, 1.0);
    }
    let mut obj = LinExpr::new();
    for (xs, cs) in x.iter().zip(&cost) {
        for (&v, &c) in xs.iter().zip(cs) {
            obj.add_term(v, c);
        }
    }
    m.set_objective(Sense::Minimize, &obj);
    // Enumerate the 24 permutations.
    let mut best = f64::INFINITY;
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                best = best.min(cost[0][a] + cost[1][b] + cost[2][c] + cost[3][d]);
            }
        }
    }
    assert_eq!(best, 13.0);
    assert_optimal(&m, best);
}

#[test]
fn set_cover_matches_enumeration() {
    // Elements 0..8, eight candidate sets with costs.
    let sets: [(&[usize], f64); 8] = [
        (&[0, 1, 2], 3.0),
        (&[2, 3, 4], 3.0),
        (&[4, 5, 6], 3.0),
        (&[6, 7, 0], 3.0),
        (&[0, 2, 4, 6], 5.0),
        (&[1, 3, 5, 7], 5.0),
        (&[1, 5], 1.5),
        (&[3, 7], 1.5),
    ];
    let mut m = Model::new("set_cover");
    let x: Vec<_> = (0..sets.len())
        .map(|s| m.binary(&format!("pick{s}")))
        .collect();
    for e in 0..8 {
        let terms: Vec<_> = sets
            .iter()
            .enumerate()
            .filter(|(_, s)| s.0.contains(&e))
            .map(|(i, _)| (x[i], 1.0))
            .collect();
        m.add_constraint(
            &format!("cover{e}"),
            &LinExpr::from_terms(&terms),
            Cmp::Ge,
            1.0,
        );
    }
    let obj: Vec<_> = sets.iter().enumerate().map(|(i, s)| (x[i], s.1)).collect();
    m.set_objective(Sense::Minimize, &LinExpr::from_terms(&obj));
    let best = (0u32..1 << sets.len())
        .filter(|p| {
            (0..8).all(|e| (0..sets.len()).any(|i| p >> i & 1 == 1 && sets[i].0.contains(&e)))
        })
        .map(|p| {
            (0..sets.len())
                .filter(|i| p >> i & 1 == 1)
                .map(|i| sets[i].1)
                .sum::<f64>()
        })
        .fold(f64::INFINITY, f64::min);
    assert_optimal(&m, best);
}

#[test]
fn general_integers_and_offsets() {
    // max 5x + 4y + 3 s.t. 6x + 4y <= 24, x + 2y <= 6, x, y integer >= 0: optimum x=4, y=0.
    let mut m = Model::new("ints");
    let x = m.integer("x", 0.0, f64::INFINITY);
    let y = m.integer("y", 0.0, f64::INFINITY);
    m.add_constraint(
        "a",
        &LinExpr::new().term(x, 6.0).term(y, 4.0),
        Cmp::Le,
        24.0,
    );
    m.add_constraint("b", &LinExpr::new().term(x, 1.0).term(y, 2.0), Cmp::Le, 6.0);
    m.set_objective(
        Sense::Maximize,
        &LinExpr::new().term(x, 5.0).term(y, 4.0).plus(3.0),
    );
    let r = solve(&m);
    assert_eq!(r.status, SolveStatus::Optimal);
    assert_eq!(r.objective, Some(23.0));
    assert_eq!(r.values.unwrap(), vec![4.0, 0.0]);
    // The relaxation bound (x = 3, y = 1.5: 21 + 3) lies above the integer optimum.
    assert!(
        (r.root_bound.unwrap() - 24.0).abs() < 1e-6,
        "{:?}",
        r.root_bound
    );
}

#[test]
fn infeasible_models_are_reported() {
    let mut m = Model::new("infeasible_int");
    let a = m.binary("a");
    let b = m.binary("b");
    m.add_constraint(
        "both",
        &LinExpr::new().term(a, 1.0).term(b, 1.0),
        Cmp::Ge,
        3.0,
    );
    assert_eq!(solve(&m).status, SolveStatus::Infeasible);
    // LP-feasible but integer-infeasible: 2x = 1 with x integer.
    let mut m = Model::new("parity");
    let x = m.integer("x", 0.0, 10.0);
    let y = m.continuous("y", 0.0, 10.0);
    m.add_constraint(
        "odd",
        &LinExpr::new().term(x, 2.0).term(y, 0.0),
        Cmp::Eq,
        1.0,
    );
    m.add_constraint(
        "link",
        &LinExpr::new().term(x, 1.0).term(y, -1.0),
        Cmp::Le,
        0.0,
    );
    assert_eq!(solve(&m).status, SolveStatus::Infeasible);
    for presolve in [true, false] {
        let opts = SolveOptions {
            presolve,
            ..SolveOptions::default()
        };
        assert_eq!(
            MicrolpSolver.solve(&m, &opts).status,
            SolveStatus::Infeasible
        );
    }
}

#[test]
fn unbounded_models_are_reported() {
    let mut m = Model::new("unbounded");
    let x = m.integer("x", 0.0, f64::INFINITY);
    let y = m.continuous("y", 0.0, f64::INFINITY);
    m.add_constraint(
        "c",
        &LinExpr::new().term(x, 1.0).term(y, -1.0),
        Cmp::Le,
        2.0,
    );
    m.set_objective(Sense::Maximize, &LinExpr::new().term(x, 1.0));
    for presolve in [true, false] {
        let opts = SolveOptions {
            presolve,
            ..SolveOptions::default()
        };
        assert_eq!(
            MicrolpSolver.solve(&m, &opts).status,
            SolveStatus::Unbounded
        );
    }
}

#[test]
fn placement_shaped_models_solve_to_optimality() {
    for (channels, seed) in [(12, 1), (20, 2), (30, 3)] {
        let m = fpga20_like(channels, seed);
        let r = solve(&m);
        assert_eq!(
            r.status,
            SolveStatus::Optimal,
            "{channels} channels: {:?}",
            r.stats
        );
        m.check(r.values.as_ref().unwrap()).unwrap();
        assert!(r.root_bound.unwrap() >= r.objective.unwrap() - 1e-9);
    }
}

#[test]
fn solving_is_deterministic() {
    let m = fpga20_like(40, 11);
    let opts = SolveOptions {
        node_limit: 200,
        ..SolveOptions::default()
    };
    let a = MicrolpSolver.solve(&m, &opts);
    let b = MicrolpSolver.solve(&m, &opts);
    assert_eq!(a, b);
}

#[test]
fn node_limit_returns_the_incumbent_with_a_gap() {
    let m = fpga20_like(60, 5);
    let opts = SolveOptions {
        node_limit: 3,
        ..SolveOptions::default()
    };
    let r = MicrolpSolver.solve(&m, &opts);
    assert!(r.stats.nodes <= 3, "{:?}", r.stats);
    match r.status {
        SolveStatus::Feasible => {
            m.check(r.values.as_ref().unwrap()).unwrap();
            // Only a real gap leaves a solution merely feasible.
            let gap = r.gap().unwrap();
            assert!(gap > 1e-9, "{gap}");
            assert!(r.best_bound.unwrap() >= r.objective.unwrap() - 1e-9);
        }
        SolveStatus::Optimal => m.check(r.values.as_ref().unwrap()).unwrap(),
        other => panic!("unexpected status {other:?}"),
    }
}

#[test]
fn without_dive_or_nodes_the_limit_is_reported() {
    let m = fpga20_like(60, 5);
    let opts = SolveOptions {
        node_limit: 0,
        dive: false,
        ..SolveOptions::default()
    };
    let r = MicrolpSolver.solve(&m, &opts);
    assert_eq!(r.status, SolveStatus::LimitReached, "{r:?}");
    assert!(r.values.is_none());
    assert!(r.best_bound.is_some());
}

#[test]
fn a_given_incumbent_is_kept_and_used() {
    let m = fpga20_like(30, 9);
    let full = solve(&m);
    let x = full.values.clone().unwrap();
    let opts = SolveOptions {
        node_limit: 0,
        dive: false,
        incumbent: Some(x),
        ..SolveOptions::default()
    };
    let r = MicrolpSolver.solve(&m, &opts);
    assert!(
        matches!(r.status, SolveStatus::Optimal | SolveStatus::Feasible),
        "{r:?}"
    );
    assert!((r.objective.unwrap() - full.objective.unwrap()).abs() < 1e-9);
    // Without a search, an incumbent that meets the root LP's bound is proven optimal.
    let meets_root = (r.objective.unwrap() - r.root_bound.unwrap()).abs() < 1e-9;
    assert!(!meets_root || r.status == SolveStatus::Optimal, "{r:?}");
    // An infeasible "incumbent" is ignored rather than returned.
    let opts = SolveOptions {
        node_limit: 0,
        dive: false,
        incumbent: Some(vec![7.5; m.vars().len()]),
        ..SolveOptions::default()
    };
    let r = MicrolpSolver.solve(&m, &opts);
    assert_ne!(r.stats.source, Some(SolutionSource::Given));
}

#[test]
fn neighbourhood_search_improves_a_poor_incumbent() {
    use rivulet_core::milp::dive::{dive, DiveLimits};
    use rivulet_core::milp::improve::{improve, ImproveLimits};
    let values: Vec<f64> = (0..14).map(|i| 3.0 + (i * 7 % 11) as f64).collect();
    let weights: Vec<f64> = (0..14).map(|i| 2.0 + (i * 5 % 9) as f64).collect();
    let (m, _) = knapsack(&values, &weights, 30.0);
    let root = dive(
        &m,
        DiveLimits {
            rounds: 0,
            failures: 0,
        },
    )
    .root_values
    .unwrap();
    let empty = vec![0.0; m.vars().len()];
    let limits = ImproveLimits {
        nodes: 200,
        rounds: 3,
    };
    let found = improve(&m, &root, empty, limits);
    assert!(found.better);
    m.check(&found.solution).unwrap();
    assert!(m.objective_value(&found.solution) > 0.0);
    // Starting from the optimum, nothing better exists and the optimum is kept.
    let best = solve(&m).values.unwrap();
    let again = improve(&m, &root, best.clone(), limits);
    assert!(!again.better);
    assert_eq!(again.solution, best);
}

#[test]
fn degenerate_models_do_not_break_the_solver() {
    // No variables at all.
    let r = solve(&Model::new("empty"));
    assert_eq!(r.status, SolveStatus::Optimal, "{r:?}");
    assert_eq!(r.objective, Some(0.0));
    // A pure LP.
    let mut m = Model::new("lp");
    let x = m.continuous("x", 0.0, 4.0);
    let y = m.continuous("y", 0.0, 4.0);
    m.add_constraint("c", &LinExpr::new().term(x, 1.0).term(y, 2.0), Cmp::Le, 5.0);
    m.set_objective(Sense::Maximize, &LinExpr::new().term(x, 1.0).term(y, 1.0));
    let r = solve(&m);
    assert_eq!(r.status, SolveStatus::Optimal);
    assert!((r.objective.unwrap() - 4.5).abs() < 1e-9);
    // Everything fixed by presolve.
    let mut m = Model::new("fixed");
    let a = m.integer("a", 2.0, 2.0);
    m.add_constraint("c", &LinExpr::new().term(a, 1.0), Cmp::Le, 5.0);
    m.set_objective(Sense::Minimize, &LinExpr::new().term(a, 3.0));
    let r = solve(&m);
    assert_eq!((r.status, r.objective), (SolveStatus::Optimal, Some(6.0)));
}
