//! Negative tests of the Handshake parser and verifier, driven by annotated files in
//! `tests/handshake/invalid/`. Each `// -----` case lists the diagnostics it must produce:
//!
//! ```text
//! // expect-error@+1:3 {{message fragment}}
//! ```
//!
//! means "an error on the line after this comment, column 3, whose message contains the
//! fragment" (`expect-warning` for warnings). Every expected diagnostic must appear and no other
//! may. Cases with parse errors are checked on those; the others are verified (with the
//! materialized rule for files whose name contains `materialized`).

use rivulet_core::diag::{render, Severity, SourceMap};
use rivulet_core::handshake::{parse_cases, split_cases, verify_module, VerifyOptions};
use std::path::Path;

#[derive(Debug, PartialEq)]
struct Expected {
    severity: Severity,
    line: u32,
    col: u32,
    fragment: String,
}

/// Reads the annotations of one case (line numbers are absolute in the file).
fn expectations(text: &str, first_line: u32) -> Vec<Expected> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("// expect-") else {
            continue;
        };
        let (severity, rest) = if let Some(r) = rest.strip_prefix("error@+") {
            (Severity::Error, r)
        } else if let Some(r) = rest.strip_prefix("warning@+") {
            (Severity::Warning, r)
        } else {
            panic!("bad annotation: {line}");
        };
        let (pos, frag) = rest
            .split_once(" {{")
            .expect("annotation needs {{fragment}}");
        let (dl, col) = pos.split_once(':').expect("annotation needs +LINE:COL");
        let fragment = frag.strip_suffix("}}").expect("annotation ends with }}");
        out.push(Expected {
            severity,
            line: first_line + i as u32 + dl.parse::<u32>().expect("line offset"),
            col: col.parse().expect("column"),
            fragment: fragment.to_string(),
        });
    }
    out
}

fn check_file(name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/handshake/invalid")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut sources = SourceMap::new();
    let file = sources.add(name, text.clone());
    let opts = VerifyOptions {
        materialized: name.contains("materialized"),
    };
    let cases = split_cases(&text);
    let results = parse_cases(&text, file);
    let mut failures = Vec::new();
    for (case, (module, parse_diags)) in cases.iter().zip(results) {
        let first_line = text[..case.offset as usize].lines().count() as u32 + 1;
        let first_line = if case.offset == 0 { 1 } else { first_line };
        let want = expectations(case.text, first_line);
        if want.is_empty() {
            continue;
        }
        let diags = if parse_diags.is_empty() {
            verify_module(&module, &opts)
        } else {
            parse_diags
        };
        let mut unmatched: Vec<&Expected> = want.iter().collect();
        let mut unexpected = Vec::new();
        for d in &diags {
            let lc = d.span.map(|s| sources.line_col(s.file, s.start));
            let hit = unmatched.iter().position(|e| {
                e.severity == d.severity
                    && lc.is_some_and(|lc| lc.line == e.line && lc.col == e.col)
                    && d.message.contains(&e.fragment)
            });
            match hit {
                Some(i) => {
                    unmatched.remove(i);
                }
                None => unexpected.push(d.clone()),
            }
        }
        if !unmatched.is_empty() || !unexpected.is_empty() {
            failures.push(format!(
                "case at line {first_line}: missing {unmatched:?}\nunexpected:\n{}",
                render(&sources, &unexpected)
            ));
        }
    }
    assert!(failures.is_empty(), "{name}:\n{}", failures.join("\n"));
}

#[test]
fn parse_errors() {
    check_file("parse.mlir");
}

#[test]
fn verifier_errors() {
    check_file("verify.mlir");
}

#[test]
fn materialization_errors() {
    check_file("materialized.mlir");
}

#[test]
fn spec_invalid_examples() {
    check_file("spec.mlir");
}
