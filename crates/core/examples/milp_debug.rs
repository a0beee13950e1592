#[path = "../tests/milp_common/mod.rs"]
mod milp_common;
use rivulet_core::milp::*;
fn main() {
    let m = milp_common::fpga20_like(12, 1);
    let p = presolve(&m);
    println!("{:?} {:?}", p.outcome, p.stats);
    for (i, f) in p.fates.iter().enumerate() {
        if let VarFate::Fixed(x) = f {
            println!("fixed {} = {x}", m.vars()[i].name);
        }
    }
    let r = MicrolpSolver.solve(&m, &SolveOptions::default());
    println!("{:?} {:?}", r.status, r.stats);
    println!("{:?}", r.values);
    let d = dive::dive(
        &p.model,
        dive::DiveLimits {
            rounds: 1000,
            failures: 8,
        },
    );
    println!("{:?} {}", d.root, d.solution.is_some());
    let m = milp_common::fpga20_like(60, 5);
    for rb in [0usize, 8, 50, 500] {
        let d = dive::dive(
            &m,
            dive::DiveLimits {
                rounds: 1000,
                failures: rb,
            },
        );
        println!(
            "rb {rb}: {:?} {} {}",
            d.root,
            d.solution.is_some(),
            d.lp_solves
        );
    }
}
