//! Data-driven diagnostics tests: every `tests/diagnostics/*.c` starts with one or more lines
//! `// expect: <severity> [file:]line:col: <message>` (or `// expect: <severity>: <message>`
//! for a diagnostic without a location). The file is compiled (and, when it compiles and has a
//! `main`, interpreted with a step limit of 1,000,000); the errors and warnings produced must
//! be exactly the expected ones, each at its line and column with a message starting with the
//! expected text.

use crate::support::corpus;
use rivulet_core::diag::{has_errors, Diagnostic, Severity, SourceMap};
use rivulet_core::interp::{run, InterpOptions};
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/diagnostics")
}

/// Formats a diagnostic the way expectations are written.
fn describe(sources: &SourceMap, main: &str, d: &Diagnostic) -> String {
    let sev = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    match d.span {
        None => format!("{sev}: {}", d.message),
        Some(s) => {
            let lc = sources.line_col(s.file, s.start);
            let name = sources.name(s.file);
            let file = if name == main {
                String::new()
            } else {
                format!("{name}:")
            };
            format!("{sev} {file}{}:{}: {}", lc.line, lc.col, d.message)
        }
    }
}

/// All diagnostics of compiling and (if possible) running one file.
fn diagnostics(path: &Path) -> (Vec<String>, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let d = dir();
    let mut lookup = |n: &str| std::fs::read_to_string(d.join(n)).ok();
    let (out, sources) = corpus::compile_text(&name, &text, &mut lookup, &corpus::through_cfg());
    let mut diags = out.diagnostics.clone();
    if let (false, Some(m)) = (has_errors(&diags), &out.cfg) {
        if m.function("main").is_some() {
            if let Err(e) = run(
                m,
                &InterpOptions {
                    max_steps: 1_000_000,
                },
            ) {
                diags.push(e);
            }
        }
    }
    let rendered = rivulet_core::diag::render(&sources, &diags);
    let list = diags
        .iter()
        .filter(|d| d.severity != Severity::Note)
        .map(|d| describe(&sources, &name, d))
        .collect();
    (list, rendered)
}

#[test]
fn every_bad_input_gets_its_expected_diagnostics() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "only {} diagnostics tests", files.len());
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let expected: Vec<String> = text
            .lines()
            .filter_map(|l| l.strip_prefix("// expect: "))
            .map(str::to_string)
            .collect();
        if expected.is_empty() {
            failures.push(format!("{}: no `// expect:` line", f.display()));
            continue;
        }
        let (got, rendered) = diagnostics(f);
        let mut unmatched: Vec<&String> = got.iter().collect();
        let mut missing = Vec::new();
        for e in &expected {
            match unmatched.iter().position(|g| g.starts_with(e.as_str())) {
                Some(k) => {
                    unmatched.remove(k);
                }
                None => missing.push(e.clone()),
            }
        }
        if !missing.is_empty() || !unmatched.is_empty() {
            failures.push(format!(
                "{}:\n  missing: {missing:?}\n  unexpected: {unmatched:?}\n{rendered}",
                f.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} files fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
