//! Golden tests of the lowering: each `tests/lower/<name>/<name>.c` compiles to the IR in
//! `<name>.handshake` (the materialized module, after every stage's IR was verified, without
//! the bitwidth optimization, whose goldens are `tests/it/bitwidth.rs`'), one test per kernel
//! (`lower_golden::kernels::one_loop`, …).
//! Set `RIVULET_BLESS=1` to rewrite the golden files (then review them by hand).
//! The spec's placeholder example must lower to the spec's IR up to value numbering.

use crate::support::{corpus, golden};
use rivulet_core::diag::{render, FileId, SourceMap};
use rivulet_core::driver::{Compiled, DriverOptions};
use rivulet_core::handshake::{parse_module, print_module};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lower")
}

fn compile(dir: &Path, name: &str) -> (Compiled, SourceMap) {
    let file = dir.join(format!("{name}.c"));
    let options = DriverOptions {
        no_bitwidth_opt: true,
        ..corpus::through_handshake()
    };
    corpus::compile(&file, &options).unwrap()
}

kernel_tests!(kernels, lowers_to_its_golden_file, lower);

fn lowers_to_its_golden_file(file: &Path) {
    let dir = file.parent().unwrap();
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let (out, sources) = compile(dir, &name);
    let Some(module) = out.module else {
        panic!("{name}: {}", render(&sources, &out.diagnostics));
    };
    golden::check(
        &dir.join(format!("{name}.handshake")),
        &print_module(&module),
    );
}

/// Renames every `%value` by order of first appearance (keeping `#k` result indices).
fn renumber(text: &str) -> String {
    let mut names: Vec<String> = Vec::new();
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut name = String::new();
        while let Some(&n) = chars.peek() {
            if n.is_ascii_alphanumeric() || n == '_' {
                name.push(n);
                chars.next();
            } else {
                break;
            }
        }
        let k = names.iter().position(|x| *x == name).unwrap_or_else(|| {
            names.push(name.clone());
            names.len() - 1
        });
        out.push_str(&format!("%v{k}"));
    }
    out
}

#[test]
fn spec_placeholder_example_matches_the_spec() {
    let dir = root().join("hw_inst");
    let (out, sources) = compile(&dir, "hw_inst");
    let stage = out
        .stages
        .iter()
        .find(|s| s.name == "cf-to-handshake")
        .unwrap_or_else(|| panic!("{}", render(&sources, &out.diagnostics)));
    let spec_text = std::fs::read_to_string(dir.join("spec.mlir")).unwrap();
    let (spec, diags) = parse_module(&spec_text, FileId(0));
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    let ir = stage.ir.as_deref().unwrap_or_default();
    assert_eq!(renumber(ir), renumber(&print_module(&spec)));
}
