//! `rivulet compile K.c --emit hw` and `rivulet compile K.c --hdl vhdl|verilog -o out/
//! [--zip out.zip]`: the kernel's HW IR, or its RTL with a self-checking testbench (golden
//! values from the reference interpreter), `run-sim.sh`, the IR of every stage, the DOT graph,
//! the RTL configuration used and a short report.

use crate::output::out;
use rivulet_core::diag::{has_errors, render, FileId, SourceMap};
use rivulet_core::handshake::{dot, print_func, Func};
use rivulet_core::hw::{lower::lower_func, print::print_design, Design};
use rivulet_core::interp::{self, InterpOptions};
use rivulet_core::pipeline::compile_c_to_handshake;
use rivulet_core::rtl::config::Hdl;
use rivulet_core::rtl::emit::testbench::testbench;
use rivulet_core::rtl::emit::vectors::vectors_from_call;
use rivulet_core::rtl::emit::{bundle::zip_bundle, emit_rtl, hdl_word, EmitOptions};
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
}

/// Most cycles the testbench waits for the outputs.
const MAX_CYCLES: u64 = 1_000_000;

fn fail(msg: &str) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(1)
}

/// Compiles to HW; returns the kernel function, the design, the memories and the stages.
struct Compiled {
    func: Func,
    design: Design,
    memories: Vec<rivulet_core::lower::MemoryInfo>,
    stages: Vec<(String, String)>,
}

fn compile(
    sources: &mut SourceMap,
    id: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
) -> Option<Compiled> {
    let out = compile_c_to_handshake(sources, id, lookup, true);
    eprint!("{}", render(sources, &out.diagnostics));
    let module = out.module.filter(|_| !has_errors(&out.diagnostics))?;
    let mut func = module.funcs.first()?.clone();
    // The same correctness-first placement `rivulet sim` uses by default, so the RTL's cycle
    // count can be compared with the simulator's.
    rivulet_core::buffer::place_on_merges(&mut func);
    let mut stages: Vec<(String, String)> = out
        .stages
        .iter()
        .map(|s| (s.pass.to_string(), s.ir.clone()))
        .collect();
    stages.push(("buffers-on-merges".to_string(), print_func(&func)));
    let (design, diags) = lower_func(&func);
    eprint!("{}", render(sources, &diags));
    Some(Compiled {
        func,
        design: design?,
        memories: out.memories,
        stages,
    })
}

/// Prints the HW IR.
pub fn emit_hw(
    sources: &mut SourceMap,
    id: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
) -> ExitCode {
    match compile(sources, id, lookup) {
        Some(c) => {
            out!("{}", print_design(&c.design));
            ExitCode::SUCCESS
        }
        None => ExitCode::from(1),
    }
}

/// Writes the RTL directory and/or the zip bundle.
pub fn run(
    file: &Path,
    sources: &mut SourceMap,
    id: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    args: &RtlArgs,
) -> ExitCode {
    let Some(hdl) = args.hdl else {
        return fail("`-o`/`--zip` need `--hdl vhdl|verilog`");
    };
    if args.out.is_none() && args.zip.is_none() {
        return fail("`--hdl` needs `-o <dir>` or `--zip <file>`");
    }
    let mut configs = Vec::new();
    for p in &args.configs {
        match std::fs::read_to_string(p) {
            Ok(t) => configs.push((p.display().to_string(), t)),
            Err(e) => return fail(&format!("cannot read {}: {e}", p.display())),
        }
    }
    let Some(c) = compile(sources, id, lookup) else {
        return ExitCode::from(1);
    };
    let options = EmitOptions {
        hdl,
        configs,
        allow_external_generators: args.allow_generators,
    };
    let (rtl, diags, config_sources) = emit_rtl(&c.design, &options);
    eprint!("{}", render(&config_sources, &diags));
    let Some(rtl) = rtl else {
        return ExitCode::from(1);
    };
    // Golden values from the interpreter (first kernel call).
    let cfg = rivulet_core::cfg::compile_c(sources, id, lookup, false);
    let Some(cfg_module) = cfg.module else {
        return fail("the kernel does not compile for the interpreter");
    };
    let run = match interp::run(&cfg_module, &InterpOptions::default()) {
        Ok(r) => r,
        Err(d) => {
            eprint!("{}", render(sources, &[d]));
            return ExitCode::from(1);
        }
    };
    let Some(call) = run.calls.first() else {
        return fail("`main` never calls the kernel, so there are no golden values");
    };
    let vectors = match vectors_from_call(&c.func, &c.memories, call) {
        Ok(v) => v,
        Err(e) => return fail(&e),
    };
    let tb = match testbench(&c.design, &rtl, &vectors, MAX_CYCLES) {
        Ok(t) => t,
        Err(e) => return fail(&e),
    };
    let mut files: Vec<(String, String)> = rtl
        .files
        .iter()
        .chain(&tb)
        .map(|f| (f.path.clone(), f.text.clone()))
        .collect();
    for (k, (pass, ir)) in c.stages.iter().enumerate() {
        files.push((format!("ir/{k:02}-{pass}.mlir"), ir.clone()));
    }
    files.push((
        format!("ir/{:02}-hw.mlir", c.stages.len()),
        print_design(&c.design),
    ));
    files.push(("graph.dot".into(), dot::to_dot(&c.func)));
    for (name, text) in options.config_files() {
        let base = Path::new(&name)
            .file_name()
            .map_or(name.clone(), |n| n.to_string_lossy().into_owned());
        files.push((format!("config/{base}"), text));
    }
    let report = format!(
        "Rivulet {}\nkernel: {}\nsource: {}\nhdl: {}\nunits: {} instances of {} modules\n\
         memories: {}\nexternal generators: {}\nrun: sh run-sim.sh (prints `cycles: N` last; \
         exit 0 when every output matches the interpreter)\n",
        rivulet_core::version(),
        rtl.plan.top,
        file.display(),
        hdl_word(hdl),
        c.design.top.instances.len(),
        c.design.externs.len(),
        c.design.memories.len(),
        rtl.external.len()
    );
    files.push(("report.txt".into(), report));
    if let Some(dir) = &args.out {
        if let Err(e) = write_dir(dir, &files, &rtl.external) {
            return fail(&e);
        }
    }
    if let Some(zip) = &args.zip {
        let bytes = match zip_bundle(&rtl.plan.top, &files) {
            Ok(b) => b,
            Err(e) => return fail(&e),
        };
        if let Err(e) = std::fs::write(zip, bytes) {
            return fail(&format!("cannot write {}: {e}", zip.display()));
        }
    }
    ExitCode::SUCCESS
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
