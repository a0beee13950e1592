//! `rivulet sim K.c [--buffers on-merges|none|fpga20|fpl22] [--clock-period NS] [--vcd out.vcd]
//! [--json]`: compiles the kernel to a circuit (buffers placed by the driver's placement, the
//! same as `compile`), simulates it cycle by cycle on the inputs `main` passes, and checks its
//! outputs against the interpreter. Prints the check, the cycles and each loop's measured initiation
//! interval; with `--json` the last line is the simulated call in the interpreter's JSON format
//! plus `"cycles"`. Exit 1 on a compile error, mismatch, deadlock or other failed run.

use crate::buffers::{summary, Algorithm};
use crate::compile::{load, lookup_next_to};
use crate::output::{out, outln};
use rivulet_core::diag::{has_errors, render};
use rivulet_core::interp::json;
use rivulet_core::sim::run_c::{simulate_c, Buffering, SimCOptions};
use rivulet_core::sim::run_kernel::describe_deadlock;
use rivulet_core::sim::{to_vcd, Status};
use std::path::Path;
use std::process::ExitCode;

/// Buffer placement choices on the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Buffers {
    /// The correctness-first placement: slots after merges on cycles.
    OnMerges,
    /// No buffers beyond those the lowering places.
    None,
    /// The FPGA20 MILP placement.
    Fpga20,
    /// The FPL22 MILP placement.
    Fpl22,
}

/// Runs the subcommand.
pub fn run_cmd(
    file: &Path,
    buffers: Buffers,
    clock_period_ns: f64,
    vcd: Option<&Path>,
    as_json: bool,
) -> ExitCode {
    let (mut sources, id) = match load(file) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let mut lookup = lookup_next_to(file);
    let mut opts = SimCOptions {
        buffering: match buffers {
            Buffers::OnMerges => Buffering::Placed(Algorithm::OnMerges.options(clock_period_ns)),
            Buffers::None => Buffering::None,
            Buffers::Fpga20 => Buffering::Placed(Algorithm::Fpga20.options(clock_period_ns)),
            Buffers::Fpl22 => Buffering::Placed(Algorithm::Fpl22.options(clock_period_ns)),
        },
        ..SimCOptions::default()
    };
    opts.sim.trace = vcd.is_some();
    let out = simulate_c(&mut sources, id, &mut lookup, &opts);
    eprint!("{}", render(&sources, &out.diagnostics));
    let failure = out.failure();
    let (Some(check), Some(func)) = (&out.check, &out.func) else {
        return ExitCode::from(1);
    };
    if has_errors(&out.diagnostics) {
        return ExitCode::from(1);
    }
    if let (Some(path), Some(trace)) = (vcd, &check.trace) {
        let text = to_vcd(&check.adapted.netlist, trace, &func.name);
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::from(1);
        }
    }
    if let Some(report) = &out.buffers {
        out!("{}", summary(report));
    }
    let n = &check.adapted.netlist;
    outln!(
        "circuit: {} units, {} channels, {} memories",
        n.units.len(),
        n.channels.len(),
        n.memories.len()
    );
    match &check.status {
        Status::Finished => outln!("finished in {} cycles", check.cycles),
        Status::Deadlock(d) => outln!("{}", describe_deadlock(d, func, &check.adapted)),
        Status::CombLoop(r) => outln!("{}", r.render(n)),
        Status::CycleLimit => outln!("cycle limit reached after {} cycles", check.cycles),
    }
    for l in &check.loops {
        let bb = l.bb.map_or("?".to_string(), |b| b.to_string());
        let ii = l.ii.map_or("-".to_string(), |i| i.to_string());
        outln!(
            "loop at bb{bb} ({}): {} header tokens, II = {ii}",
            l.name,
            l.tokens
        );
    }
    if check.mismatches.is_empty() {
        outln!("outputs match the interpreter");
    } else {
        outln!(
            "{} outputs differ from the interpreter:",
            check.mismatches.len()
        );
        for m in check.mismatches.iter().take(10) {
            let show = |v: Option<_>| v.map_or("none".to_string(), json::scalar);
            outln!(
                "  {}[{}]: expected {}, got {}",
                m.what,
                m.index,
                show(m.expected),
                show(m.got)
            );
        }
    }
    if as_json {
        let obj = json::call_json(&check.simulated);
        let body = obj.strip_suffix('}').unwrap_or(&obj);
        outln!("{body}, \"cycles\": {}}}", check.cycles);
    }
    match failure {
        None => ExitCode::SUCCESS,
        Some(d) => {
            eprint!("{}", render(&sources, &[d]));
            ExitCode::from(1)
        }
    }
}
