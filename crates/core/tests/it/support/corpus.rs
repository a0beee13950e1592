//! The kernel corpus as tests and benches read it: every `<dir>/<name>/<name>.c` under
//! `tests/front/` and `tests/kernels/` (sorted by directory, then name), loaded into a
//! [`SourceMap`] with `#include "x.h"` resolved next to the kernel.
//!
//! Shared by the corpus tests and the examples (`#[path = "../tests/it/support/corpus.rs"]`),
//! so it depends on nothing but `rivulet_core` and `std`.

use rivulet_core::buffer::cfdfc::ArcProfile;
use rivulet_core::diag::{has_errors, render, FileId, SourceMap};
use rivulet_core::driver::{self, BufferOptions, Compiled, DriverOptions, StageGroup};
use rivulet_core::handshake::Func;
use rivulet_core::sim::SimOptions;
use std::path::{Path, PathBuf};

/// The repository's root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every corpus kernel file: `tests/front/*/` first, then `tests/kernels/*/`.
pub fn kernel_files() -> Vec<PathBuf> {
    kernel_files_in(&["tests/front", "tests/kernels"])
}

/// Every `<name>/<name>.c` under the given directories (relative to the repository's root),
/// directory by directory, each sorted.
pub fn kernel_files_in(dirs: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(repo_root().join(dir)) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        dirs.sort();
        for d in dirs {
            let name = d.file_name().unwrap().to_string_lossy().into_owned();
            let c = d.join(format!("{name}.c"));
            if c.exists() {
                out.push(c);
            }
        }
    }
    out
}

/// The kernel file `<dir>/<name>/<name>.c` (`dir` relative to the repository's root).
pub fn kernel_file(dir: &str, name: &str) -> PathBuf {
    repo_root().join(dir).join(name).join(format!("{name}.c"))
}

/// The kernel's name (its file stem).
pub fn kernel_name(file: &Path) -> String {
    file.file_stem().unwrap().to_string_lossy().into_owned()
}

/// Resolves `#include "name"` for a kernel.
pub type Lookup = Box<dyn FnMut(&str) -> Option<String>>;

/// Reads `file` into a fresh source map; the lookup reads headers next to it.
pub fn load(file: &Path) -> Result<(SourceMap, FileId, Lookup), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut sources = SourceMap::new();
    let id = sources.add(file.file_name().unwrap().to_string_lossy(), text);
    let dir = file.parent().unwrap().to_path_buf();
    let lookup = move |n: &str| std::fs::read_to_string(dir.join(n)).ok();
    Ok((sources, id, Box::new(lookup)))
}

/// Compiles the in-memory kernel file `name` with the driver (`lookup` resolves its
/// `#include "x.h"`); the sources come back for rendering diagnostics.
pub fn compile_text(
    name: &str,
    text: &str,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    options: &DriverOptions,
) -> (Compiled, SourceMap) {
    let mut sources = SourceMap::new();
    let id = sources.add(name, text);
    let out = driver::compile(&mut sources, id, lookup, options, &mut |_| {});
    (out, sources)
}

/// The driver's options for the front end and the CFG passes only.
pub fn through_cfg() -> DriverOptions {
    DriverOptions {
        stop_after: Some(StageGroup::Cfg),
        ..DriverOptions::default()
    }
}

/// The driver's options for the front end through the materialized Handshake IR.
pub fn through_handshake() -> DriverOptions {
    DriverOptions {
        stop_after: Some(StageGroup::Handshake),
        ..DriverOptions::default()
    }
}

/// Compiles `file` with the driver; the sources come back for rendering diagnostics.
pub fn compile(file: &Path, options: &DriverOptions) -> Result<(Compiled, SourceMap), String> {
    let (mut sources, id, mut lookup) = load(file)?;
    let out = driver::compile(&mut sources, id, &mut lookup, options, &mut |_| {});
    Ok((out, sources))
}

/// `tests/kernels/<name>` compiled through buffer placement with `algorithm` at 4 ns.
pub fn placed(name: &str, algorithm: rivulet_core::options::BufferAlgorithm) -> Compiled {
    let options = DriverOptions {
        buffers: BufferOptions {
            algorithm,
            clock_period_ns: 4.0,
        },
        ..DriverOptions::default()
    };
    let (out, _) = compile(&kernel_file("tests/kernels", name), &options).expect("corpus kernel");
    out
}

/// The materialized (unbuffered) circuit of `tests/kernels/<name>` and its interpreter's arc
/// profile; panics if the kernel does not compile or run.
pub fn circuit_and_profile(name: &str) -> (Func, ArcProfile) {
    let file = repo_root().join(format!("tests/kernels/{name}/{name}.c"));
    let options = DriverOptions {
        golden: true,
        stop_after: Some(StageGroup::Handshake),
        ..DriverOptions::default()
    };
    let (out, sources) = compile(&file, &options).unwrap();
    assert!(
        !has_errors(&out.diagnostics),
        "{}",
        render(&sources, &out.diagnostics)
    );
    let golden = out.golden.expect("the kernel runs");
    let layout = &out.cfg.expect("the kernel compiles").functions[0].layout;
    let profile = ArcProfile::from_profile(&golden.profile, layout);
    let func = out.module.unwrap().funcs.into_iter().next().unwrap();
    (func, profile)
}

/// A kernel simulated and checked against the interpreter.
pub struct Simulated {
    /// Cycles to the end of the run.
    pub cycles: u64,
    /// Everything the run produced (buffer report, the simulation, diagnostics, …).
    pub out: Compiled,
    /// The sources the diagnostics point into.
    pub sources: SourceMap,
}

/// Simulates `file` with the buffers `buffers` place and checks its outputs; `Err` is the
/// rendered reason (compile error, deadlock, mismatch).
pub fn simulate(file: &Path, buffers: BufferOptions) -> Result<Simulated, String> {
    simulate_with(
        file,
        DriverOptions {
            buffers,
            ..DriverOptions::default()
        },
    )
}

/// [`simulate`] with the other options of `options` too (its stop and simulation options are
/// replaced).
pub fn simulate_with(file: &Path, options: DriverOptions) -> Result<Simulated, String> {
    let options = DriverOptions {
        stop_after: Some(StageGroup::Buffers),
        simulate: Some(SimOptions::default()),
        ..options
    };
    let (out, sources) = compile(file, &options)?;
    if has_errors(&out.diagnostics) {
        return Err(render(&sources, &out.diagnostics));
    }
    if let Some(d) = out.simulation_failure() {
        return Err(render(&sources, &[d]));
    }
    let cycles = out
        .simulation
        .as_ref()
        .map(|c| c.cycles)
        .ok_or_else(|| "no simulation result".to_string())?;
    Ok(Simulated {
        cycles,
        out,
        sources,
    })
}
