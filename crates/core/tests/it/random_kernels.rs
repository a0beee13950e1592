//! Random kernels ([`kernel_gen`]) through the whole pipeline with each buffer placement and
//! memory mode: every program compiles, and with on-merges, FPGA20 and FPL22 buffers (the
//! MILPs at a clock period drawn per program) simulates to the interpreter's outputs without
//! deadlock; the MILP placements run (no fallback to on-merges) and meet their clock period on
//! the paths they constrain (FPGA20 data paths, FPL22 data/valid and ready paths). At a clock
//! period some units are slower than ([`TIGHT_NS`]: a variable arithmetic shift right takes
//! 3.007 ns) they still run; the paths are then exempt when the placement warns about those
//! units.
//!
//! The corpus has hand-written kernels; these add shapes nobody wrote by hand (breaks out of
//! nested loops, data-dependent `while` loops inside conditionals, stores at computed and
//! loaded indices, read-modify-writes through loaded indices, loops that depend on each other
//! through an array), so that the memories the dependence analysis cannot order statically get
//! load-store queues in many surroundings. Memory modes: the default run checks
//! `MemoryMode::Auto` with every placement and `MemoryMode::Lsq` with one placement (by seed);
//! a longer run checks `Lsq` and `Auto` with every placement and `Token` with on-merges,
//! skipping a mode whose circuit is the same as one already checked (a circuit without queues
//! under `Lsq` has no conflicting pair, so all modes lower it alike; `Auto` without queues is
//! `Token`).
//!
//! `RIVULET_RANDOM_KERNELS=n` runs `n` programs instead of the default few and the
//! [`REGRESSION_SEEDS`] (the seeds are 0..n, so a failure names the seed that reproduces it);
//! `RIVULET_RANDOM_SEEDS=455,927` runs exactly those seeds. Both run every memory mode, and so
//! do the regression seeds in the default run; the test prints how many programs passed a run
//! with a load-store queue.

use crate::support::{corpus, kernel_gen};
use rivulet_core::diag::{has_errors, render};
use rivulet_core::driver::{BufferOptions, DriverOptions, StageGroup};
use rivulet_core::handshake::OpKind;
use rivulet_core::options::BufferAlgorithm::{self, Fpga20, Fpl22, OnMerges};
use rivulet_core::options::MemoryMode::{self, Auto, Lsq, Token};
use rivulet_core::sim::SimOptions;

/// Programs run by default (each is placed and simulated four times: three placements with
/// `Auto`, one with `Lsq`), one per clock period.
const DEFAULT_PROGRAMS: u64 = 4;

/// Seeds run by default besides the first [`DEFAULT_PROGRAMS`]: programs that failed when the
/// load-store shapes were added (38: wrong outputs with FPGA20 at 7 ns under `Auto`; 61: wrong
/// outputs with FPGA20 at 5 ns under `Lsq`). The generator's programs changed then, so the
/// earlier regression seeds no longer name the programs they were kept for. 254: wrong
/// outputs with FPGA20 at 7 ns under `Lsq` (a loop's last group and the next iteration's
/// first allocated in one cycle, in the wrong order). They run every memory mode with every
/// placement.
const REGRESSION_SEEDS: [u64; 3] = [38, 61, 254];

/// Clock periods the MILPs are asked for (ns): the corpus's 4 ns, and a little and much
/// longer; then [`TIGHT_NS`] for every fourth program.
const CLOCKS: [f64; 3] = [4.0, 5.0, 7.0];

/// A clock period shorter than the slowest units' delays (ns).
const TIGHT_NS: f64 = 3.0;

/// The warning of a placement whose clock period some units cannot meet.
const SLOW_UNITS: &str = "slower than the";

/// Simulates `source` with `algorithm` at `clock_period_ns` and `memory`; `Ok` is the number
/// of load-store queues in the circuit, `Err` the reason it fails.
fn check(
    source: &str,
    algorithm: BufferAlgorithm,
    clock_period_ns: f64,
    memory: MemoryMode,
) -> Result<usize, String> {
    let options = DriverOptions {
        buffers: BufferOptions {
            algorithm,
            clock_period_ns,
        },
        memory,
        stop_after: Some(StageGroup::Buffers),
        simulate: Some(SimOptions::default()),
        ..DriverOptions::default()
    };
    let (out, sources) = corpus::compile_text("k.c", source, &mut |_| None, &options);
    let rendered = render(&sources, &out.diagnostics);
    if has_errors(&out.diagnostics) {
        return Err(rendered);
    }
    if let Some(d) = out.simulation_failure() {
        return Err(render(&sources, &[d]));
    }
    if out.simulation.is_none() {
        return Err(format!("no simulation ran\n{rendered}"));
    }
    let queues = out
        .kernel()
        .ok_or("no kernel")?
        .ops()
        .filter(|(_, op)| matches!(op.kind, OpKind::Lsq { .. }))
        .count();
    let report = out.buffers.ok_or("no buffer report")?;
    if report.algorithm != algorithm {
        return Err(format!("placed {} instead\n{rendered}", report.algorithm));
    }
    if rendered.contains(SLOW_UNITS) {
        // The paths through the slow units cannot meet the clock period.
        return Ok(queues);
    }
    if !report.meets_clock_period() {
        return Err(format!("{:?} ns", report.constrained_paths()));
    }
    Ok(queues)
}

#[test]
fn random_kernels_simulate_to_the_interpreters_outputs_with_every_placement() {
    let programs = std::env::var("RIVULET_RANDOM_KERNELS")
        .ok()
        .and_then(|n| n.parse().ok());
    let listed = std::env::var("RIVULET_RANDOM_SEEDS").ok();
    // Every memory mode with every placement, unless this is the default run.
    let every_mode = programs.is_some() || listed.is_some();
    let programs = programs.unwrap_or(DEFAULT_PROGRAMS);
    let seeds: Vec<u64> = match listed {
        Some(list) => list
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect(),
        None => {
            let regressions = REGRESSION_SEEDS.into_iter().filter(|&s| s >= programs);
            (0..programs).chain(regressions).collect()
        }
    };
    let (mut count, mut failures) = (0, Vec::new());
    // Programs that passed a run with a queue under `Auto` and under `Lsq` (a failed run does
    // not say whether it had one).
    let (mut with_auto_queue, mut with_lsq_queue) = (0, 0);
    for &seed in &seeds {
        let source = kernel_gen::kernel("k", seed);
        let clock = match seed % 4 {
            3 => TIGHT_NS,
            k => CLOCKS[k as usize],
        };
        // Checks one placement and memory mode: the number of queues, None if it failed.
        let mut run = |algorithm: BufferAlgorithm, memory: MemoryMode| {
            count += 1;
            check(&source, algorithm, clock, memory)
                .map_err(|why| {
                    failures.push(format!(
                        "seed {seed}, {algorithm} at {clock} ns, memory {memory}: {why}\n{source}"
                    ));
                })
                .ok()
        };
        let (mut auto_queues, mut lsq_queues) = (0, 0);
        let all_modes = every_mode || REGRESSION_SEEDS.contains(&seed);
        for (p, algorithm) in [OnMerges, Fpga20, Fpl22].into_iter().enumerate() {
            if !all_modes {
                auto_queues = auto_queues.max(run(algorithm, Auto).unwrap_or(0));
                if seed % 3 == p as u64 {
                    lsq_queues = lsq_queues.max(run(algorithm, Lsq).unwrap_or(0));
                }
                continue;
            }
            let lsq = run(algorithm, Lsq);
            lsq_queues = lsq_queues.max(lsq.unwrap_or(0));
            if lsq == Some(0) {
                continue;
            }
            let auto = run(algorithm, Auto);
            auto_queues = auto_queues.max(auto.unwrap_or(0));
            if auto != Some(0) && algorithm == OnMerges {
                run(algorithm, Token);
            }
        }
        with_auto_queue += usize::from(auto_queues > 0);
        with_lsq_queue += usize::from(lsq_queues > 0);
    }
    eprintln!(
        "{} programs: {with_auto_queue} passed with a load-store queue under auto, \
         {with_lsq_queue} under lsq; {count} runs",
        seeds.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {count} runs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        every_mode || with_lsq_queue > 0,
        "no default program has a load-store queue: the generator no longer makes conflicts"
    );
}
