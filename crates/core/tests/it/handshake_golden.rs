//! Golden tests of the Handshake IR: every valid example of the spec documents (and a file of
//! Dynamatic's spellings) parses without diagnostics, verifies, round-trips exactly
//! (`parse(print(ir)) == ir`, printing is stable) and prints as its reviewed `.expect` file.
//!
//! Set `RIVULET_BLESS=1` to rewrite the `.expect` files from the current printer.

use crate::support::golden;
use rivulet_core::diag::{has_errors, render, SourceMap};
use rivulet_core::handshake::{
    parse_cases, parse_module, print_module, verify_module, VerifyOptions,
};
use std::path::{Path, PathBuf};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/handshake")
}

/// Checks every case of a file and compares the printed cases with `<file>.expect`.
fn check_valid_file(rel: &str, materialized: bool) {
    let path = data_dir().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut sources = SourceMap::new();
    let file = sources.add(rel, text.clone());
    let mut printed = Vec::new();
    for (module, diags) in parse_cases(&text, file) {
        assert!(
            diags.is_empty(),
            "{rel} does not parse:\n{}",
            render(&sources, &diags)
        );
        let opts = VerifyOptions { materialized };
        let v = verify_module(&module, &opts);
        assert!(
            !has_errors(&v),
            "{rel} does not verify:\n{}",
            render(&sources, &v)
        );
        let out = print_module(&module);
        let mut again_sources = SourceMap::new();
        let again_file = again_sources.add("printed", out.clone());
        let (again, d) = parse_module(&out, again_file);
        assert!(
            d.is_empty(),
            "printed {rel} does not parse:\n{}\n{out}",
            render(&again_sources, &d)
        );
        assert_eq!(again, module, "parse(print(ir)) != ir for {rel}:\n{out}");
        assert_eq!(print_module(&again), out, "printing {rel} is not stable");
        printed.push(out);
    }
    let got = printed.join("\n// -----\n\n");
    golden::check(&path.with_extension("expect"), &got);
}

#[test]
fn spec_type_system_examples() {
    check_valid_file("spec/type-system.mlir", false);
}

#[test]
fn spec_buffering_examples() {
    check_valid_file("spec/buffering.mlir", false);
}

#[test]
fn spec_c_level_instances_example() {
    check_valid_file("spec/c-level-instances.mlir", false);
}

#[test]
fn spec_rtl_backend_examples() {
    check_valid_file("spec/rtl-backend.mlir", false);
}

#[test]
fn spec_handshake_to_synth_input_is_materialized() {
    check_valid_file("spec/handshake-to-synth.mlir", true);
}

#[test]
fn dynamatic_spellings() {
    check_valid_file("syntax/dynamatic-forms.mlir", false);
}
