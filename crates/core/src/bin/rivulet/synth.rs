//! `rivulet compile K.c --hdl verilog --check-synth` and `--report-area [units|total]`: run
//! Yosys on the Verilog bundle just written and fail on any warning that means broken hardware
//! (multiple drivers, latches, combinational loops, undriven signals, port width mismatches).
//!
//! `--check-synth` runs the structural check (`rivulet_core::yosys::script::check_script`,
//! well under a second for a corpus kernel); `--report-area` the full `synth_xilinx` and prints
//! the report of `rivulet_core::yosys::report`. The script and Yosys's log are left in the
//! bundle's directory (`synth-check.ys`/`.log`, `synth-area.ys`/`.log` and the netlists).

use crate::output::out;
use rivulet_core::yosys::{self, script, AreaReport, Netlist};
use std::path::Path;
use std::process::ExitCode;

/// How much of the area report to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum AreaDetail {
    /// The whole circuit and, from a second synthesis with the hierarchy kept, each unit
    /// instance and template.
    Units,
    /// The whole circuit only (one synthesis, about half the time).
    Total,
}

/// What to synthesize after writing the bundle.
#[derive(Clone, Copy, Debug, Default)]
pub struct SynthArgs {
    /// Run the structural check.
    pub check: bool,
    /// Run full synthesis and print the area report.
    pub area: Option<AreaDetail>,
}

impl SynthArgs {
    /// Whether anything is asked.
    pub fn any(&self) -> bool {
        self.check || self.area.is_some()
    }
}

/// Writes `script` to `<dir>/<name>.ys`, runs Yosys on it there and returns its log (also
/// saved as `<name>.log`) and whether it succeeded.
fn run_yosys(dir: &Path, name: &str, script: &str) -> Result<(String, bool), String> {
    let ys = format!("{name}.ys");
    std::fs::write(dir.join(&ys), script).map_err(|e| format!("{}: {e}", dir.display()))?;
    let out = std::process::Command::new("yosys")
        .args(["-s", &ys])
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cannot run yosys: {e} (install it: apt-get install yosys)"))?;
    let mut log = String::from_utf8_lossy(&out.stdout).into_owned();
    log += &String::from_utf8_lossy(&out.stderr);
    let _ = std::fs::write(dir.join(format!("{name}.log")), &log);
    Ok((log, out.status.success()))
}

/// Prints the problems of a log; `Err` (exit code 1) if there are any or Yosys failed.
fn judge(log: &str, ok: bool, what: &str, dir: &Path) -> Result<Vec<yosys::Problem>, ExitCode> {
    let problems = yosys::problems(log);
    for p in &problems {
        eprintln!("error: synthesis: {}: {}", p.kind.name(), p.message);
    }
    if !problems.is_empty() || !ok {
        eprintln!("error: {what} failed; Yosys's log is in {}", dir.display());
        return Err(ExitCode::from(1));
    }
    Ok(problems)
}

fn read_netlist(dir: &Path, file: &str) -> Result<Netlist, ExitCode> {
    let text = std::fs::read_to_string(dir.join(file)).map_err(|e| {
        eprintln!("error: cannot read {file} in {}: {e}", dir.display());
        ExitCode::from(1)
    })?;
    Netlist::parse(&text).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(1)
    })
}

/// Runs what `args` asks on the bundle in `dir` (`top`, `sources` as the driver gave them);
/// `model_path_ns` is the timing model's critical path, printed beside Yosys's.
pub fn run(
    dir: &Path,
    top: &str,
    sources: &[String],
    args: SynthArgs,
    model_path_ns: Option<f64>,
) -> ExitCode {
    match run_inner(dir, top, sources, args, model_path_ns) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

fn run_inner(
    dir: &Path,
    top: &str,
    sources: &[String],
    args: SynthArgs,
    model_path_ns: Option<f64>,
) -> Result<(), ExitCode> {
    let yosys = |name: &str, script: &str| {
        run_yosys(dir, name, script).map_err(|e| {
            eprintln!("error: {e}");
            ExitCode::from(1)
        })
    };
    if args.check {
        let (log, ok) = yosys("synth-check", &script::check_script(top, sources))?;
        judge(&log, ok, "the synthesis check", dir)?;
        out!(
            "synthesis check: ok ({} sources, top {top})\n",
            sources.len()
        );
    }
    let Some(detail) = args.area else {
        return Ok(());
    };
    let flat_only = detail == AreaDetail::Total;
    let (log, ok) = yosys("synth-area", &script::area_script(top, sources, flat_only))?;
    let problems = judge(&log, ok, "synthesis", dir)?;
    let flat = read_netlist(dir, script::FLAT_JSON)?;
    let Some(total) = flat.total(top) else {
        eprintln!("error: the netlist has no module `{top}`");
        return Err(ExitCode::from(1));
    };
    let instances = if flat_only {
        Vec::new()
    } else {
        read_netlist(dir, script::HIER_JSON)?.per_instance(top)
    };
    let report = AreaReport {
        total,
        yosys_path_ns: yosys::longest_path_ns(&log),
        model_path_ns,
        instances,
        problems,
    };
    out!("{}", yosys::format_report(&report));
    Ok(())
}
