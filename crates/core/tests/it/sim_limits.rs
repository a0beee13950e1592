//! The simulator's limits on long runs: the default cycle limit scales with the work the
//! interpreter measured (a kernel far longer than the floor finishes without an explicit limit),
//! an explicit limit stops a run with a clear "cycle limit reached", a deadlock is still
//! reported at once whatever the limit, and unwritten output elements read 0 (not an error).
//! The large kernels of `tests/kernels-large` are simulated under every placement by ignored
//! tests that `tests/kernels-large/run.sh` runs (`cargo test … sim_limits -- --ignored`).

use crate::support::corpus;
use rivulet_core::diag::{has_errors, render};
use rivulet_core::driver::{self, cycle_limit, default_cycle_limit, BufferOptions, DriverOptions};
use rivulet_core::interp::Scalar;
use rivulet_core::options::BufferAlgorithm;
use rivulet_core::sim::{simulate, Netlist, SimOptions, Status, UnitKind};
use std::path::Path;

/// A kernel whose loop-carried multiplication makes each of its 700,000 iterations take
/// at least two cycles: well over the 1,000,000-cycle floor.
const LONG: &str = r#"
#include "dynamatic/Integration.h"
unsigned long_loop(unsigned seed) {
  unsigned s = seed;
  for (int i = 0; i < 700000; i++)
    s = s * 3u + (unsigned)i;
  return s;
}
int main(void) {
  unsigned seed = 7u;
  CALL_KERNEL(long_loop, seed);
  return 0;
}
"#;

fn compile_text(src: &str, sim: SimOptions) -> (driver::Compiled, rivulet_core::diag::SourceMap) {
    let options = DriverOptions {
        stop_after: Some(driver::StageGroup::Buffers),
        simulate: Some(sim),
        ..DriverOptions::default()
    };
    let (out, sources) = corpus::compile_text("long_loop.c", src, &mut |_| None, &options);
    assert!(
        !has_errors(&out.diagnostics),
        "{}",
        render(&sources, &out.diagnostics)
    );
    (out, sources)
}

#[test]
fn the_default_limit_scales_with_the_interpreters_work() {
    let (out, sources) = compile_text(LONG, SimOptions::default());
    let check = out.simulation.as_ref().expect("simulated");
    assert_eq!(
        check.status,
        Status::Finished,
        "{}",
        out.simulation_failure()
            .map(|d| render(&sources, &[d]))
            .unwrap_or_default()
    );
    assert!(check.mismatches.is_empty());
    assert!(
        check.cycles > driver::cycle_limit(0, 0),
        "{} cycles: the kernel must run past the floor to test the scaling",
        check.cycles
    );
    let limit = default_cycle_limit(&out);
    assert!(limit > check.cycles, "limit {limit} < {}", check.cycles);
    // About 700,000 iterations of 5 instructions and a terminator or two.
    assert!(limit >= cycle_limit(700_000 * 6, 0), "limit {limit}");
}

#[test]
fn an_explicit_limit_stops_the_run_with_a_clear_message() {
    let sim = SimOptions {
        max_cycles: Some(500),
        ..SimOptions::default()
    };
    let (out, _) = compile_text(LONG, sim);
    let check = out.simulation.as_ref().expect("simulated");
    assert_eq!(check.status, Status::CycleLimit);
    assert_eq!(check.cycles, 500);
    let d = out.simulation_failure().expect("a failure");
    assert!(
        d.message.starts_with("cycle limit reached"),
        "{}",
        d.message
    );
}

#[test]
fn a_deadlock_is_reported_at_once_whatever_the_limit() {
    // A join that waits for a token only its own output could produce.
    let mut n = Netlist::new();
    let e = n.add_unit("arg", UnitKind::Entry { value: 0 });
    let j = n.add_unit("join", UnitKind::Join { size: 2 });
    let f = n.add_unit("fork", UnitKind::Fork { size: 2 });
    let x = n.add_unit("ret", UnitKind::Exit);
    n.connect("arg_join", 0, (e, 0), (j, 0));
    n.connect("fork_join", 0, (f, 1), (j, 1));
    n.connect("join_fork", 0, (j, 0), (f, 0));
    n.connect("fork_ret", 0, (f, 0), (x, 0));
    let options = SimOptions {
        max_cycles: Some(u64::MAX),
        ..SimOptions::default()
    };
    let r = simulate(&n, &options).unwrap();
    assert!(
        matches!(&r.status, Status::Deadlock(d) if d.cycle == 0),
        "{:?}",
        r.status
    );
}

#[test]
fn unwritten_output_elements_read_zero() {
    let file = corpus::kernel_file("tests/kernels", "partial_output");
    let run = corpus::simulate(&file, BufferOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        run.out.diagnostics.is_empty(),
        "no note or warning expected"
    );
    let golden = run.out.golden.as_ref().and_then(|g| g.last_call()).unwrap();
    let out = golden.outputs.iter().find(|a| a.name == "out").unwrap();
    for (k, v) in out.values.iter().enumerate() {
        if k % 2 == 1 {
            assert_eq!(*v, Scalar::Int(0), "out[{k}] was never written");
        }
    }
    assert!(out.values.iter().step_by(2).any(|v| *v != Scalar::Int(0)));
}

large_kernels!(kernel_tests!(ignored on_merges, on_merges_finishes));
large_kernels!(kernel_tests!(ignored fpga20, fpga20_finishes));
large_kernels!(kernel_tests!(ignored fpl22, fpl22_finishes));

fn on_merges_finishes(file: &Path) {
    finishes(file, BufferAlgorithm::OnMerges);
}

fn fpga20_finishes(file: &Path) {
    finishes(file, BufferAlgorithm::Fpga20);
}

fn fpl22_finishes(file: &Path) {
    finishes(file, BufferAlgorithm::Fpl22);
}

/// The large kernel simulates to the interpreter's outputs within the default limit, and
/// prints its cycles and the simulator's speed.
fn finishes(file: &Path, algorithm: BufferAlgorithm) {
    let options = BufferOptions {
        algorithm,
        ..BufferOptions::default()
    };
    let start = std::time::Instant::now();
    let run = corpus::simulate(file, options).unwrap_or_else(|e| panic!("{algorithm}: {e}"));
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} {algorithm}: {} cycles in {secs:.1} s ({:.0} cycles/s, limit {})",
        corpus::kernel_name(file),
        run.cycles,
        run.cycles as f64 / secs,
        default_cycle_limit(&run.out)
    );
}

/// `--max-cycles N` sets the limit of `rivulet sim` and the testbench's `MAX_CYCLES`; without
/// it the testbench gets the scaled default.
#[cfg(feature = "cli")]
#[test]
fn the_max_cycles_flag_sets_the_limit_of_sim_and_the_testbench() {
    use std::process::Command;
    let fir = corpus::kernel_file("tests/kernels", "fir");
    let rivulet = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_rivulet"))
            .arg(args[0])
            .arg(&fir)
            .args(&args[1..])
            .output()
            .unwrap()
    };
    let out = rivulet(&["sim", "--max-cycles", "50"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("cycle limit reached after 50 cycles"),
        "{stdout}"
    );
    assert!(
        stderr.contains("cycle limit reached: the circuit ran for 50 cycles"),
        "{stderr}"
    );
    assert!(rivulet(&["sim"]).status.success());

    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sim_limits_fir");
    let max_cycles = |extra: &[&str]| {
        let _ = std::fs::remove_dir_all(&dir);
        let d = dir.display().to_string();
        let mut args = vec!["compile", "--hdl", "vhdl", "-o", &d];
        args.extend_from_slice(extra);
        assert!(rivulet(&args).status.success());
        let tb = std::fs::read_to_string(dir.join("tb_fir.vhd")).unwrap();
        let line = tb
            .lines()
            .find(|l| l.contains("constant MAX_CYCLES"))
            .unwrap();
        line.trim_end_matches(';')
            .rsplit(' ')
            .next()
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    assert_eq!(max_cycles(&["--max-cycles", "77"]), 77);
    assert!(
        max_cycles(&[]) > cycle_limit(0, 0),
        "the default is scaled to fir's work"
    );
}
