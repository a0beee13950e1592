//! `rivulet sim K.c [--buffers on-merges|fpga20|fpl22|none] [--clock-period NS] [--timing FILE]
//! [--vcd out.vcd] [--json] [--no-bitwidth-opt] [--max-cycles N]`: compiles the kernel to a circuit (buffers placed by the driver's placement, the
//! same as `compile`), simulates it cycle by cycle on the inputs `main` passes, and checks its
//! outputs against the interpreter. Prints the check, the cycles and each loop's measured initiation
//! interval; the cycle limit scales with the interpreter's work unless `--max-cycles`
//! gives one; with `--json` the last line is the simulated call in the interpreter's JSON format
//! plus `"cycles"`. Exit 1 on a compile error, mismatch, deadlock or other failed run.

use crate::buffers::summary;
use crate::compile::{load, lookup_next_to, Placement};
use crate::output::{out, outln};
use rivulet_core::diag::{has_errors, render};
use rivulet_core::driver::{self, DriverOptions};
use rivulet_core::interp::json;
use rivulet_core::options::BufferAlgorithm;
use rivulet_core::sim::run_kernel::describe_deadlock;
use rivulet_core::sim::{to_vcd, SimOptions, Status};
use std::path::Path;
use std::process::ExitCode;

/// Runs the subcommand.
pub fn run_cmd(
    file: &Path,
    placement: &Placement,
    vcd: Option<&Path>,
    as_json: bool,
    max_cycles: Option<u64>,
) -> ExitCode {
    let (mut sources, id) = match load(file) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let mut lookup = lookup_next_to(file);
    let options = DriverOptions {
        stop_after: Some(driver::StageGroup::Buffers),
        simulate: Some(SimOptions {
            trace: vcd.is_some(),
            max_cycles,
            ..SimOptions::default()
        }),
        ..placement.options()
    };
    let algorithm = options.buffers.algorithm;
    let out = driver::compile(&mut sources, id, &mut lookup, &options, &mut |_| {});
    eprint!("{}", render(&sources, &out.diagnostics));
    let failure = out.simulation_failure();
    let (Some(check), Some(func)) = (&out.simulation, out.kernel()) else {
        return ExitCode::from(1);
    };
    if has_errors(&out.diagnostics) {
        return ExitCode::from(1);
    }
    if let (Some(path), Some(trace)) = (vcd, &check.trace) {
        let text = to_vcd(&check.adapted.netlist, trace.frames(), &func.name);
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::from(1);
        }
    }
    if let Some(report) = out
        .buffers
        .as_ref()
        .filter(|_| algorithm != BufferAlgorithm::None)
    {
        out!("{}", summary(report));
    }
    let n = &check.adapted.netlist;
    outln!(
        "circuit: {} units, {} channels, {} memories",
        n.units.len(),
        n.channels.len(),
        n.memories.len()
    );
    for m in &out.interfaces {
        outln!("memory {}: {}", m.memory, m.describe());
    }
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
