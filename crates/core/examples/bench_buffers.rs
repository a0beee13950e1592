//! Buffer placement over the kernels of `tests/kernels/`: for each kernel and MILP algorithm,
//! the model's size, the placement's time (CFDFC extraction, model, solve, insertion; under
//! the clock), the solver's status and where its solution came from, the predicted
//! throughput of each CFDFC, the simulated cycles, critical data/valid path, data path (what
//! FPGA20 constrains), critical ready path and buffers placed against the on-merges
//! placement's cycles and paths, and the initiation interval the simulator
//! measures at each loop header (`bbN=II`). The totals compare the algorithms in cycles and
//! in time (cycles times the clock period the circuit can run at, the longer of its two
//! critical paths).
//! Run: `cargo run --profile cli -p rivulet-core --example bench_buffers [-- [--alg fpga20|fpl22]
//! [--clock NS] KERNEL...]` (default: both algorithms, the default clock period, every
//! kernel).

#[path = "../tests/it/support/corpus.rs"]
#[allow(dead_code)] // a module of the integration tests; this bench uses part of it
mod corpus;

use rivulet_core::buffer::cfdfc::ArcProfile;
use rivulet_core::driver::{place, BufferOptions, DriverOptions, StageGroup};
use rivulet_core::options::BufferAlgorithm;
use std::path::Path;
use std::time::Instant;

fn main() {
    let mut only: Vec<String> = Vec::new();
    let mut algorithms: Vec<BufferAlgorithm> = Vec::new();
    let mut clock_period_ns = BufferOptions::default().clock_period_ns;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--alg" => match args.next().map(|a| a.parse::<BufferAlgorithm>()) {
                Some(Ok(a)) => algorithms.push(a),
                Some(Err(e)) => {
                    eprintln!("{e}");
                    std::process::exit(2);
                }
                None => {}
            },
            "--clock" => {
                let ns = args.next().and_then(|n| n.parse().ok());
                clock_period_ns = ns.unwrap_or(clock_period_ns);
            }
            _ => only.push(a),
        }
    }
    if algorithms.is_empty() {
        algorithms = vec![BufferAlgorithm::Fpga20, BufferAlgorithm::Fpl22];
    }
    println!(
        "{:<22} {:<7} {:>6} {:>5} {:>6} {:>8} {:<14} {:<11} {:>8} {:>6} {:>6} {:>8} {:>6} \
         {:>6} {:>6} {:>5}  throughput per CFDFC | measured II per loop",
        "kernel",
        "alg",
        "vars",
        "int",
        "cons",
        "ms",
        "status",
        "source",
        "cycles",
        "cp ns",
        "data",
        "rdy ns",
        "bufs",
        "on-merg",
        "cp ns",
        "rdy ns"
    );
    let mut worst_ms: f64 = 0.0;
    let mut totals: Vec<Totals> = algorithms.iter().map(|_| Totals::default()).collect();
    for file in corpus::kernel_files() {
        let name = corpus::kernel_name(&file);
        if !file.to_string_lossy().contains("tests/kernels/")
            || (!only.is_empty() && !only.contains(&name))
        {
            continue;
        }
        let (base, _) = simulated(&file, BufferOptions::default());
        let base_paths = unbuffered(&file).map(|(mut func, profile)| {
            let on_merges = BufferOptions::default();
            let timing = on_merges.timing(None).expect("the built-in timing model");
            let r = place(
                &mut func,
                Some(&profile),
                &on_merges,
                &timing,
                &mut Vec::new(),
            );
            (r.critical_path_ns, r.ready_path_ns)
        });
        let (base_cp, base_ready) = base_paths.unwrap_or_default();
        for (algorithm, total) in algorithms.iter().zip(&mut totals) {
            let options = BufferOptions {
                algorithm: *algorithm,
                clock_period_ns,
            };
            let Some((func, profile)) = unbuffered(&file) else {
                println!("{name:<22} (does not compile)");
                break;
            };
            let mut placed = func.clone();
            let mut diagnostics = Vec::new();
            let start = Instant::now();
            let timing = options.timing(None).expect("the built-in timing model");
            let report = place(
                &mut placed,
                Some(&profile),
                &options,
                &timing,
                &mut diagnostics,
            );
            let ms = start.elapsed().as_secs_f64() * 1e3;
            worst_ms = worst_ms.max(ms);
            let (cycles, intervals) = simulated(&file, options);
            let clock = clock_of(report.critical_path_ns, report.ready_path_ns);
            total.add(&cycles, clock, &base, clock_of(base_cp, base_ready));
            let m = report.milp.as_ref();
            let count = |f: fn(&rivulet_core::driver::MilpReport) -> usize| m.map_or(0, f);
            let status = match m {
                Some(m) if report.algorithm == *algorithm => m.status.name(),
                _ => "FALLBACK",
            };
            let loops: Vec<String> = report
                .throughput
                .iter()
                .map(|t| format!("{}={:.3}", t.name, t.throughput))
                .collect();
            println!(
                "{name:<22} {:<7} {:>6} {:>5} {:>6} {ms:>8.1} {status:<14} {:<11} {:>8} \
                 {:>6} {:>6} {:>6} {:>5} {:>8} {:>6} {:>6}  {} | {intervals}",
                algorithm.name(),
                count(|m| m.variables),
                count(|m| m.integer_variables),
                count(|m| m.constraints),
                m.map_or("-", |m| m.source.as_str()),
                cycles,
                ns(report.critical_path_ns),
                ns(report.data_path_ns),
                ns(report.ready_path_ns),
                report.buffers,
                base,
                ns(base_cp),
                ns(base_ready),
                loops.join(" ")
            );
        }
    }
    println!("slowest placement: {worst_ms:.1} ms");
    for (algorithm, t) in algorithms.iter().zip(&totals) {
        println!(
            "{algorithm}: {} kernels; cycles {} (on-merges {}), faster/slower in cycles {}/{}; \
             time {:.0} ns (on-merges {:.0} ns), faster/slower in time {}/{}",
            t.kernels,
            t.cycles,
            t.base_cycles,
            t.faster_cycles,
            t.slower_cycles,
            t.time_ns,
            t.base_time_ns,
            t.faster_time,
            t.slower_time
        );
    }
}

/// The clock period a circuit with these critical data/valid and ready paths can run at.
fn clock_of(data_valid: Option<f64>, ready: Option<f64>) -> Option<f64> {
    Some(data_valid?.max(ready?))
}

/// A critical path for the table.
fn ns(critical_path: Option<f64>) -> String {
    critical_path.map_or("-".into(), |ns| format!("{ns:.2}"))
}

/// Sums over the kernels where both placements simulate, against on-merges.
#[derive(Default)]
struct Totals {
    kernels: usize,
    cycles: u64,
    base_cycles: u64,
    faster_cycles: usize,
    slower_cycles: usize,
    /// Cycles times the clock period the circuit can run at.
    time_ns: f64,
    base_time_ns: f64,
    faster_time: usize,
    slower_time: usize,
}

impl Totals {
    fn add(&mut self, cycles: &str, clock: Option<f64>, base: &str, base_clock: Option<f64>) {
        let (Ok(c), Ok(b), Some(clock), Some(base_clock)) = (
            cycles.parse::<u64>(),
            base.parse::<u64>(),
            clock,
            base_clock,
        ) else {
            return;
        };
        let (time, base_time) = (c as f64 * clock, b as f64 * base_clock);
        self.kernels += 1;
        self.cycles += c;
        self.base_cycles += b;
        self.faster_cycles += usize::from(c < b);
        self.slower_cycles += usize::from(c > b);
        self.time_ns += time;
        self.base_time_ns += base_time;
        self.faster_time += usize::from(time < base_time - 1e-9);
        self.slower_time += usize::from(time > base_time + 1e-9);
    }
}

/// The kernel's materialized circuit and its arc profile.
fn unbuffered(file: &Path) -> Option<(rivulet_core::handshake::Func, ArcProfile)> {
    let options = DriverOptions {
        golden: true,
        stop_after: Some(StageGroup::Handshake),
        ..DriverOptions::default()
    };
    let (out, _) = corpus::compile(file, &options).ok()?;
    let cfg = out.cfg?;
    let profile = ArcProfile::from_profile(&out.golden?.profile, &cfg.functions.first()?.layout);
    let func = out.module?.funcs.into_iter().next()?;
    Some((func, profile))
}

/// The simulated cycles with `buffers` (`FAIL` when the kernel does not simulate correctly)
/// and the measured initiation interval per loop header (`bbN=II`).
fn simulated(file: &Path, buffers: BufferOptions) -> (String, String) {
    let Ok(r) = corpus::simulate(file, buffers) else {
        return ("FAIL".into(), String::new());
    };
    let loops = r.out.simulation.iter().flat_map(|c| &c.loops);
    let intervals: Vec<String> = loops
        .map(|l| {
            let bb = l.bb.map_or("?".to_string(), |b| b.to_string());
            let ii = l.ii.map_or("-".to_string(), |i| i.to_string());
            format!("bb{bb}={ii}")
        })
        .collect();
    (r.cycles.to_string(), intervals.join(" "))
}
