//! `rivulet compile K.c --emit hw` and `rivulet compile K.c --hdl vhdl|verilog -o out/
//! [--zip out.zip]`: the kernel's HW IR, or its RTL with a self-checking testbench (golden
//! values from the reference interpreter), `run-sim.sh`, the IR of every stage, the DOT graph,
//! the RTL configuration used and a short report. The compilation is the core's driver
//! (`rivulet_core::driver`); this file only reads configurations and writes files.

use crate::compile::Placement;
use crate::output::out;
use rivulet_core::diag::{has_errors, render, FileId, SourceMap};
use rivulet_core::driver::{self, Compiled, DriverOptions, RtlOptions};
use rivulet_core::hw::print::print_design;
use rivulet_core::rtl::config::Hdl;
use rivulet_core::sim::SimOptions;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The RTL options of `compile`.
pub struct RtlArgs {
    /// The glue's language (`None`: only `--emit hw`).
    pub hdl: Option<Hdl>,
    /// Output directory.
    pub out: Option<PathBuf>,
    /// Zip bundle path.
    pub zip: Option<PathBuf>,
    /// RTL configuration files (default: the embedded one of the HDL).
    pub configs: Vec<PathBuf>,
    /// Allow external generator commands from the configuration.
    pub allow_generators: bool,
    /// The testbench's cycle limit (`None`: scaled to the interpreter's work).
    pub max_cycles: Option<u64>,
    /// Yosys runs on the written Verilog (`--check-synth`, `--report-area`).
    pub synth: crate::synth::SynthArgs,
    /// Also simulate the circuit and record its cycles in `report.txt` (`--simulate`).
    pub simulate: bool,
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(1)
}

/// Runs the driver and prints its diagnostics (the RTL configuration's too).
fn compile(
    sources: &mut SourceMap,
    id: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    options: &DriverOptions,
) -> Compiled {
    let out = driver::compile(sources, id, lookup, options, &mut |_| {});
    eprint!("{}", render(sources, &out.diagnostics));
    if let Some(rtl) = &out.rtl {
        eprint!("{}", render(&rtl.config_sources, &rtl.diagnostics));
    }
    out
}

/// Prints the HW IR.
pub fn emit_hw(
    sources: &mut SourceMap,
    id: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    placement: &Placement,
) -> ExitCode {
    let options = placement.options();
    let out = compile(sources, id, lookup, &options);
    if let Err(e) = placement.finish(out.buffers.as_ref()) {
        return fail(&e);
    }
    match &out.design {
        Some(design) if !has_errors(&out.diagnostics) => {
            out!("{}", print_design(design));
            ExitCode::SUCCESS
        }
        _ => ExitCode::from(1),
    }
}

/// Writes the RTL directory and/or the zip bundle.
pub fn run(
    file: &Path,
    sources: &mut SourceMap,
    id: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    args: &RtlArgs,
    placement: &Placement,
) -> ExitCode {
    let Some(hdl) = args.hdl else {
        return fail("`-o`/`--zip` need `--hdl vhdl|verilog`");
    };
    if args.synth.any() && hdl != Hdl::Verilog {
        return fail("`--check-synth` and `--report-area` need `--hdl verilog`");
    }
    if args.out.is_none() && args.zip.is_none() && !args.synth.any() {
        return fail("`--hdl` needs `-o <dir>` or `--zip <file>`");
    }
    let mut rtl = RtlOptions::new(hdl, file.display().to_string());
    for p in &args.configs {
        match std::fs::read_to_string(p) {
            Ok(t) => rtl.configs.push((p.display().to_string(), t)),
            Err(e) => return fail(&format!("cannot read {}: {e}", p.display())),
        }
    }
    rtl.allow_external_generators = args.allow_generators;
    rtl.zip = args.zip.is_some();
    rtl.max_cycles = args.max_cycles;
    let options = DriverOptions {
        rtl: Some(rtl),
        simulate: args.simulate.then(|| SimOptions {
            max_cycles: args.max_cycles,
            ..SimOptions::default()
        }),
        ..placement.options()
    };
    let out = compile(sources, id, lookup, &options);
    if let Err(e) = placement.finish(out.buffers.as_ref()) {
        return fail(&e);
    }
    if args.simulate {
        if let Some(failure) = out.simulation_failure() {
            eprint!("{}", render(sources, std::slice::from_ref(&failure)));
            return ExitCode::from(1);
        }
    }
    let Some(bundle) = out.rtl.filter(|b| !b.files.is_empty()) else {
        return ExitCode::from(1);
    };
    if has_errors(&out.diagnostics) || has_errors(&bundle.diagnostics) {
        return ExitCode::from(1);
    }
    // Synthesis without `-o` works in a scratch directory removed afterwards.
    let scratch = (args.out.is_none() && args.synth.any())
        .then(|| std::env::temp_dir().join(format!("rivulet-synth-{}", std::process::id())));
    if let Some(dir) = args.out.as_ref().or(scratch.as_ref()) {
        if let Err(e) = write_dir(dir, &bundle.files, &bundle.external) {
            return fail(&e);
        }
    }
    if let Some(zip) = &args.zip {
        let Some(bytes) = &bundle.zip else {
            return ExitCode::from(1);
        };
        if let Err(e) = std::fs::write(zip, bytes) {
            return fail(&format!("cannot write {}: {e}", zip.display()));
        }
    }
    let Some(dir) = args.out.as_ref().or(scratch.as_ref()) else {
        return ExitCode::SUCCESS;
    };
    let model_path_ns = out.buffers.as_ref().and_then(|b| b.critical_path_ns);
    let code = crate::synth::run(dir, &bundle.top, &bundle.sources, args.synth, model_path_ns);
    if let Some(scratch) = &scratch {
        let _ = std::fs::remove_dir_all(scratch);
    }
    code
}

fn write_dir(
    dir: &Path,
    files: &[(String, String)],
    external: &[rivulet_core::rtl::config::ExternalCommand],
) -> Result<(), String> {
    for (path, text) in files {
        let p = dir.join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let script = dir.join("run-sim.sh");
        let _ = std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755));
    }
    // External generators were allowed explicitly (`--allow-generators`): run them in the
    // output directory.
    for cmd in external {
        let status = std::process::Command::new("sh")
            .args(["-c", &cmd.command])
            .current_dir(dir)
            .status()
            .map_err(|e| format!("cannot run `{}`: {e}", cmd.command))?;
        if !status.success() {
            return Err(format!("generator `{}` failed", cmd.command));
        }
    }
    Ok(())
}
