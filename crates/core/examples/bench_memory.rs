//! Memory interfaces over the kernels of `tests/kernels/` whose arrays have accesses that may
//! conflict: per kernel, the simulated cycles with the ordering token (`--memory token`),
//! with load-store queues on every such array (`lsq`) and with the default choice (`auto`),
//! and the initiation interval the simulator measures at each loop header (`bbN=II`) with
//! token and with auto; then the queues' cost (entries, comparators). Kernels whose circuits
//! are the same in every mode (no array with a pair that may conflict) are skipped.
//! Run: `cargo run --profile cli -p rivulet-core --example bench_memory [-- [--alg
//! on-merges|fpga20|fpl22] [--clock NS] KERNEL...]` (default: FPGA20 at 5 ns, every kernel).

#[path = "../tests/it/support/corpus.rs"]
#[allow(dead_code)] // a module of the integration tests; this bench uses part of it
mod corpus;

use rivulet_core::driver::{BufferOptions, DriverOptions};
use rivulet_core::lower::{InterfaceKind, MemoryInterface};
use rivulet_core::options::{BufferAlgorithm, MemoryMode};
use std::path::Path;

/// One run: cycles, the loops' IIs, the interfaces (or the failure).
fn run(
    file: &Path,
    buffers: &BufferOptions,
    memory: MemoryMode,
) -> Result<(u64, String, Vec<MemoryInterface>), String> {
    let options = DriverOptions {
        buffers: buffers.clone(),
        memory,
        ..DriverOptions::default()
    };
    let sim = corpus::simulate_with(file, options)?;
    let iis = sim
        .out
        .simulation
        .iter()
        .flat_map(|s| &s.loops)
        .map(|l| {
            let bb = l.bb.map_or("?".into(), |b| b.to_string());
            let ii = l.ii.map_or("-".into(), |i| i.to_string());
            format!("bb{bb}={ii}")
        })
        .collect::<Vec<_>>()
        .join(" ");
    Ok((sim.cycles, iis, sim.out.interfaces))
}

fn main() {
    let mut only: Vec<String> = Vec::new();
    let mut buffers = BufferOptions {
        algorithm: BufferAlgorithm::Fpga20,
        clock_period_ns: 5.0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--alg" => match args.next().map(|a| a.parse::<BufferAlgorithm>()) {
                Some(Ok(a)) => buffers.algorithm = a,
                Some(Err(e)) => {
                    eprintln!("{e}");
                    std::process::exit(2);
                }
                None => {}
            },
            "--clock" => {
                let ns = args.next().and_then(|n| n.parse().ok());
                buffers.clock_period_ns = ns.unwrap_or(buffers.clock_period_ns);
            }
            _ => only.push(a),
        }
    }
    println!("{} at {} ns", buffers.algorithm, buffers.clock_period_ns);
    println!(
        "{:<22} {:>8} {:>8} {:>8} {:>7}  II token | II auto",
        "kernel", "token", "lsq", "auto", "speedup"
    );
    let (mut total_token, mut total_auto) = (0u64, 0u64);
    let mut costs = Vec::new();
    for file in corpus::kernel_files_in(&["tests/kernels"]) {
        let name = corpus::kernel_name(&file);
        if !only.is_empty() && !only.contains(&name) {
            continue;
        }
        let token = run(&file, &buffers, MemoryMode::Token);
        let lsq = run(&file, &buffers, MemoryMode::Lsq);
        let auto = run(&file, &buffers, MemoryMode::Auto);
        let (Ok(token), Ok(lsq), Ok(auto)) = (token, lsq, auto) else {
            println!("{name:<22} failed");
            continue;
        };
        let conflicting = token.2.iter().any(|i| i.kind == InterfaceKind::Token);
        if !conflicting {
            continue;
        }
        total_token += token.0;
        total_auto += auto.0;
        println!(
            "{name:<22} {:>8} {:>8} {:>8} {:>6.2}x  {} | {}",
            token.0,
            lsq.0,
            auto.0,
            token.0 as f64 / auto.0 as f64,
            token.1,
            auto.1
        );
        costs.extend(
            lsq.2
                .into_iter()
                .filter(|i| i.lsq_cost().is_some())
                .map(|i| format!("{name}.{}: {}", i.memory, i.describe())),
        );
    }
    println!(
        "total (kernels with conflicts): token {total_token}, auto {total_auto} ({:.2}x)",
        total_token as f64 / total_auto.max(1) as f64
    );
    println!("queues with --memory lsq:");
    for c in costs {
        println!("  {c}");
    }
}
