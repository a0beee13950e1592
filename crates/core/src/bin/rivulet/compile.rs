//! `rivulet compile K.c --emit <kind> [--buffers ALG --clock-period NS --timing FILE --dump-milp DIR]`:
//! compiles a kernel and prints one of its forms (Handshake, DOT, HW, Synth and RTL with the
//! buffers of `--buffers`; default: the materialized circuit, or on-merges for HW and RTL).

use crate::output::out;
use rivulet_core::cfg::print;
use rivulet_core::diag::{has_errors, render, SourceMap};
use rivulet_core::driver::{self, BufferOptions, BufferReport, DriverOptions, StageGroup};
use rivulet_core::options::MemoryMode;
use rivulet_core::timing::{parse_timing_model, TimingModel};
use std::path::Path;
use std::process::ExitCode;

/// What `compile` prints.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Emit {
    /// The optimized CFG IR of the kernel.
    Cfg,
    /// The materialized Handshake IR (kernel and placeholder declarations).
    Handshake,
    /// The same with each op's C origin, `loc("k.c":7:5 to 7:21)` (named `loc("i"(…))` when
    /// it carries the C variable `i`), as MLIR prints debug locations.
    HandshakeLoc,
    /// The Handshake graph in Graphviz DOT (one cluster per basic block).
    Dot,
    /// The HW IR (top module, instances and extern modules).
    Hw,
    /// The Synth lowering: unbundled data/valid/ready wires, ready inverted, 1-bit ports.
    Synth,
}

/// Reads the kernel and returns the source map, its file id and a header lookup next to it.
pub fn load(file: &Path) -> Result<(SourceMap, rivulet_core::diag::FileId), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let mut sources = SourceMap::new();
    let name = file
        .file_name()
        .map_or("kernel.c".into(), |n| n.to_string_lossy().into_owned());
    let id = sources.add(name, text);
    Ok((sources, id))
}

/// A header lookup reading files next to the kernel.
pub fn lookup_next_to(file: &Path) -> impl FnMut(&str) -> Option<String> {
    let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
    move |name: &str| std::fs::read_to_string(dir.join(name)).ok()
}

/// Reads a timing characterisation (`--timing`), printing its diagnostics; `Err` is the exit
/// code when it cannot be read or is invalid.
fn load_timing(path: &Path) -> Result<TimingModel, ExitCode> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        ExitCode::from(1)
    })?;
    let mut sources = SourceMap::new();
    let file = sources.add(path.display().to_string(), text.as_str());
    parse_timing_model(&text, file).map_err(|ds| {
        eprint!("{}", render(&sources, &ds));
        ExitCode::from(1)
    })
}

/// Buffer placement, timing and memory interfaces on the command line.
pub struct Placement {
    /// The algorithm and clock period, when `--buffers` was given.
    pub buffers: Option<BufferOptions>,
    /// The timing characterisation of `--timing` (`None`: the built-in one).
    pub timing: Option<TimingModel>,
    /// Where to write the MILPs as LP files.
    pub dump_milp: Option<std::path::PathBuf>,
    /// Skip the bitwidth optimization (`--no-bitwidth-opt`).
    pub no_bitwidth_opt: bool,
    /// How accesses that may conflict are ordered (`--memory`).
    pub memory: MemoryMode,
    /// Every load-store queue's depth (`--lsq-depth`; `None`: sized on the kernel's run).
    pub lsq_depth: Option<usize>,
}

impl Placement {
    /// The options of the command line, reading the `--timing` file if given; `Err` is the
    /// exit code when that file cannot be read or is invalid (its diagnostics are printed).
    pub fn new(
        buffers: Option<BufferOptions>,
        timing: Option<&Path>,
        dump_milp: Option<std::path::PathBuf>,
        no_bitwidth_opt: bool,
        memory: MemoryMode,
        lsq_depth: Option<usize>,
    ) -> Result<Placement, ExitCode> {
        Ok(Placement {
            buffers,
            timing: timing.map(load_timing).transpose()?,
            dump_milp,
            no_bitwidth_opt,
            memory,
            lsq_depth,
        })
    }

    /// The driver's options for placement and timing (on-merges unless `--buffers` was
    /// given); the caller fills in the rest.
    pub fn options(&self) -> DriverOptions {
        DriverOptions {
            buffers: self.buffers.clone().unwrap_or_default(),
            timing: self.timing.clone(),
            no_bitwidth_opt: self.no_bitwidth_opt,
            memory: self.memory,
            lsq_depth: self.lsq_depth,
            ..DriverOptions::default()
        }
    }

    /// Prints the placement summary on stderr and writes the LP files when asked.
    pub fn finish(&self, report: Option<&BufferReport>) -> Result<(), String> {
        let Some(report) = report else { return Ok(()) };
        if self.buffers.is_some() {
            eprint!("{}", crate::buffers::summary(report));
        }
        match &self.dump_milp {
            Some(dir) => crate::buffers::dump_lp(dir, report),
            None => Ok(()),
        }
    }
}

/// Runs the subcommand.
pub fn run(file: &Path, emit: Emit, rtl: &crate::rtl::RtlArgs, placement: &Placement) -> ExitCode {
    let (mut sources, id) = match load(file) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let mut lookup = lookup_next_to(file);
    if rtl.hdl.is_some() || rtl.out.is_some() || rtl.zip.is_some() {
        return crate::rtl::run(file, &mut sources, id, &mut lookup, rtl, placement);
    }
    if matches!(emit, Emit::Hw) {
        return crate::rtl::emit_hw(&mut sources, id, &mut lookup, placement);
    }
    if !matches!(emit, Emit::Cfg) {
        return crate::compile_hs::run(&mut sources, id, &mut lookup, emit, placement);
    }
    let options = DriverOptions {
        stop_after: Some(StageGroup::Cfg),
        ..DriverOptions::default()
    };
    let out = driver::compile(&mut sources, id, &mut lookup, &options, &mut |_| {});
    eprint!("{}", render(&sources, &out.diagnostics));
    let Some(mut kernel_only) = out.cfg.filter(|_| !has_errors(&out.diagnostics)) else {
        return ExitCode::from(1);
    };
    kernel_only.functions.truncate(1);
    out!("{}", print::print_module(&kernel_only));
    ExitCode::SUCCESS
}
