//! Simulation speed over the corpus (`tests/front/*/`, `tests/kernels/*/`): each kernel is
//! compiled with the on-merges buffers and checked once, then its netlist is simulated again
//! under the clock. Prints kernel, cycles, units, simulation time and simulated cycles per
//! second, and the totals. Run: `cargo run --profile cli -p rivulet-core --example bench_sim`.

#[path = "../tests/it/support/corpus.rs"]
#[allow(dead_code)] // a module of the integration tests; this bench uses part of it
mod corpus;

use rivulet_core::driver::{DriverOptions, StageGroup};
use rivulet_core::sim::{simulate, SimOptions};
use std::time::Instant;

fn main() {
    println!(
        "{:<24} {:>9} {:>6} {:>10} {:>12}  check",
        "kernel", "cycles", "units", "sim ms", "cycles/s"
    );
    let (mut total_cycles, mut total_secs, mut failed) = (0u64, 0f64, 0usize);
    for file in corpus::kernel_files() {
        let name = corpus::kernel_name(&file);
        let options = DriverOptions {
            stop_after: Some(StageGroup::Buffers),
            simulate: Some(SimOptions::default()),
            ..DriverOptions::default()
        };
        let compiled = corpus::compile(&file, &options);
        let Some(check) = compiled.ok().and_then(|(out, _)| out.simulation) else {
            println!("{name:<24} (does not compile to a simulable circuit)");
            failed += 1;
            continue;
        };
        let netlist = &check.adapted.netlist;
        let start = Instant::now();
        let result = simulate(netlist, &SimOptions::default()).expect("valid netlist");
        let secs = start.elapsed().as_secs_f64();
        total_cycles += result.cycles;
        total_secs += secs;
        let verdict = if check.passed() { "ok" } else { "FAIL" };
        failed += usize::from(!check.passed());
        println!(
            "{name:<24} {:>9} {:>6} {:>10.3} {:>12.0}  {verdict}",
            result.cycles,
            netlist.units.len(),
            secs * 1e3,
            result.cycles as f64 / secs.max(1e-9)
        );
    }
    println!(
        "total: {total_cycles} cycles in {:.3} s ({:.0} cycles/s), {failed} failing",
        total_secs,
        total_cycles as f64 / total_secs.max(1e-9)
    );
}
