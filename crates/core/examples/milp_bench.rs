//! Solves generated FPGA20-shaped models with the pure-Rust solver, prints one JSON line per
//! model (sizes, status, objective, bounds, work, milliseconds) and, given a directory, writes
//! each model there as a CPLEX LP file for another solver to check.
//!
//! Usage: `cargo run --profile cli --example milp_bench -- [--lp-dir DIR] [--nodes N]
//! [CHANNELS ...]` (default sizes 20 30 40 60 80 100, three seeds each).

#[path = "../tests/it/support/milp_common.rs"]
#[allow(dead_code)] // a module of the integration tests; this bench uses part of it
mod milp_common;

use rivulet_core::milp::{write_lp, MicrolpSolver, MilpSolver, SolveOptions};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut lp_dir = None;
    let mut options = SolveOptions::default();
    let mut sizes = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--lp-dir" => lp_dir = args.next(),
            "--nodes" => {
                options.node_limit = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(options.node_limit)
            }
            n => sizes.extend(n.parse::<usize>().ok()),
        }
    }
    if sizes.is_empty() {
        sizes = vec![20, 30, 40, 60, 80, 100];
    }
    if let Some(dir) = &lp_dir {
        std::fs::create_dir_all(dir).expect("cannot create the LP directory");
    }
    for &channels in &sizes {
        for seed in 1..=3 {
            let model = milp_common::fpga20_like(channels, seed);
            if let Some(dir) = &lp_dir {
                let path = format!("{dir}/{}.lp", model.name);
                std::fs::write(&path, write_lp(&model)).expect("cannot write the LP file");
            }
            let start = Instant::now();
            let r = MicrolpSolver.solve(&model, &options);
            let ms = start.elapsed().as_secs_f64() * 1e3;
            let json = |x: Option<f64>| x.map_or("null".to_string(), |v| format!("{v}"));
            println!(
                "{{\"name\":\"{}\",\"vars\":{},\"int_vars\":{},\"constraints\":{},\"status\":\"{:?}\",\
                 \"objective\":{},\"best_bound\":{},\"root_bound\":{},\"nodes\":{},\"dive_lps\":{},\
                 \"source\":\"{:?}\",\"ms\":{:.1}}}",
                model.name,
                r.stats.vars,
                r.stats.int_vars,
                r.stats.constraints,
                r.status,
                json(r.objective),
                json(r.best_bound),
                json(r.root_bound),
                r.stats.nodes,
                r.stats.dive_lps,
                r.stats.source,
                ms
            );
        }
    }
}
