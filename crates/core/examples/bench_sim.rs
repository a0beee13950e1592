//! Simulation speed over the corpus (`tests/front/*/`, `tests/kernels/*/`): each kernel is
//! compiled with the on-merges buffers and checked once, then its netlist is simulated again
//! under the clock. Prints kernel, cycles, units, simulation time and simulated cycles per
//! second, and the totals. Run: `cargo run --profile cli -p rivulet-core --example bench_sim`.

use rivulet_core::diag::SourceMap;
use rivulet_core::sim::run_c::{simulate_c, SimCOptions};
use rivulet_core::sim::{simulate, SimOptions};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn kernel_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    for dir in ["tests/front", "tests/kernels"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for d in dirs {
            let name = d.file_name().unwrap().to_string_lossy().into_owned();
            let c = d.join(format!("{name}.c"));
            if c.exists() {
                out.push(c);
            }
        }
    }
    out
}

fn main() {
    println!(
        "{:<24} {:>9} {:>6} {:>10} {:>12}  check",
        "kernel", "cycles", "units", "sim ms", "cycles/s"
    );
    let (mut total_cycles, mut total_secs, mut failed) = (0u64, 0f64, 0usize);
    for file in kernel_files() {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&file).expect("readable kernel");
        let mut sources = SourceMap::new();
        let id = sources.add(file.file_name().unwrap().to_string_lossy(), text);
        let dir = file.parent().unwrap().to_path_buf();
        let mut lookup = |n: &str| std::fs::read_to_string(dir.join(n)).ok();
        let out = simulate_c(&mut sources, id, &mut lookup, &SimCOptions::default());
        let Some(check) = out.check else {
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
