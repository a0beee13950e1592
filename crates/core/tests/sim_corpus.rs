//! Every corpus kernel (`tests/front/*/`, `tests/kernels/*/`), compiled to Handshake with the
//! on-merges buffers and simulated cycle by cycle, must produce the interpreter's outputs. The
//! test fails listing every failing kernel with the reason (compile error, deadlock, mismatch).
//! Known lowering gaps are listed in [`KNOWN_GAPS`].

use rivulet_core::diag::{has_errors, render, SourceMap};
use rivulet_core::sim::run_c::{simulate_c, SimCOptions};
use std::path::{Path, PathBuf};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `<dir>/<name>/<name>.c` under the kernel directories.
fn kernel_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["tests/front", "tests/kernels"] {
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

/// `Ok(cycles)` or the reason the kernel fails.
fn check(file: &Path) -> Result<u64, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let mut sources = SourceMap::new();
    let id = sources.add(file.file_name().unwrap().to_string_lossy(), text);
    let dir = file.parent().unwrap().to_path_buf();
    let mut lookup = |n: &str| std::fs::read_to_string(dir.join(n)).ok();
    let out = simulate_c(&mut sources, id, &mut lookup, &SimCOptions::default());
    if has_errors(&out.diagnostics) {
        return Err(render(&sources, &out.diagnostics));
    }
    if let Some(d) = out.failure() {
        return Err(render(&sources, &[d]));
    }
    out.check
        .map(|c| c.cycles)
        .ok_or_else(|| "no simulation result".to_string())
}

/// Kernels the lowering does not support yet, with the reason they must fail for (the test
/// fails when one of them passes, so the list stays current).
const KNOWN_GAPS: &[(&str, &str)] = &[];

#[test]
fn corpus_simulates_to_the_interpreters_outputs() {
    let files = kernel_files();
    assert!(files.len() >= 70, "corpus not found");
    let mut failures = Vec::new();
    for f in &files {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let known = KNOWN_GAPS.iter().find(|(k, _)| *k == name).map(|g| g.1);
        match (check(f), known) {
            (Ok(_), None) => {}
            (Err(why), Some(gap)) if why.contains(gap) => {}
            (Ok(_), Some(gap)) => failures.push(format!("{name}: passes, drop the gap `{gap}`")),
            (Err(why), _) => {
                let first: Vec<&str> = why.lines().take(12).collect();
                failures.push(format!("{name}: {}", first.join("\n    ")));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} kernels fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
