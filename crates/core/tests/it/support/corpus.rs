//! The kernel corpus as tests and benches read it: every `<dir>/<name>/<name>.c` under
//! `tests/front/` and `tests/kernels/` (sorted by directory, then name), loaded into a
//! [`SourceMap`] with `#include "x.h"` resolved next to the kernel.
//!
//! Shared by the corpus tests and the examples (`#[path = "../tests/it/support/corpus.rs"]`),
//! so it depends on nothing but `rivulet_core` and `std`.

use rivulet_core::buffer::cfdfc::ArcProfile;
use rivulet_core::cfg::compile_c;
use rivulet_core::diag::{has_errors, render, FileId, SourceMap};
use rivulet_core::handshake::Func;
use rivulet_core::interp::{run, InterpOptions};
use rivulet_core::pipeline::compile_c_to_handshake;
use rivulet_core::sim::run_c::{simulate_c, Buffering, SimCOptions, SimCOutput};
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

/// The materialized (unbuffered) circuit of `tests/kernels/<name>` and its interpreter's arc
/// profile; panics if the kernel does not compile or run.
pub fn circuit_and_profile(name: &str) -> (Func, ArcProfile) {
    let file = kernel_file("tests/kernels", name);
    let (mut sources, id, mut lookup) = load(&file).unwrap();
    let cfg = compile_c(&mut sources, id, &mut lookup, false);
    let module = cfg.module.expect("the kernel compiles");
    let result = run(&module, &InterpOptions::default()).expect("the kernel runs");
    let profile = ArcProfile::from_profile(&result.profile, &module.functions[0].layout);
    let hs = compile_c_to_handshake(&mut sources, id, &mut lookup, false);
    let func = hs.module.unwrap().funcs.into_iter().next().unwrap();
    (func, profile)
}

/// A kernel simulated and checked against the interpreter.
pub struct Simulated {
    /// Cycles to the end of the run.
    pub cycles: u64,
    /// Everything the run produced (buffer report, diagnostics, …).
    pub out: SimCOutput,
    /// The sources the diagnostics point into.
    pub sources: SourceMap,
}

/// Simulates `file` with `buffering` and checks its outputs; `Err` is the rendered reason
/// (compile error, deadlock, mismatch).
pub fn simulate(file: &Path, buffering: Buffering) -> Result<Simulated, String> {
    let (mut sources, id, mut lookup) = load(file)?;
    let options = SimCOptions {
        buffering,
        ..SimCOptions::default()
    };
    let out = simulate_c(&mut sources, id, &mut lookup, &options);
    if has_errors(&out.diagnostics) {
        return Err(render(&sources, &out.diagnostics));
    }
    if let Some(d) = out.failure() {
        return Err(render(&sources, &[d]));
    }
    let cycles = out
        .check
        .as_ref()
        .map(|c| c.cycles)
        .ok_or_else(|| "no simulation result".to_string())?;
    Ok(Simulated {
        cycles,
        out,
        sources,
    })
}
