//! The Synth lowering of every materialized single-function case of the Handshake test corpus
//! (`tests/handshake/**/*.mlir` and `tests/synth/*.mlir`) verifies: cases that parse, verify
//! as materialized IR and have exactly one non-external function are lowered and checked.

use rivulet_core::diag::{has_errors, FileId};
use rivulet_core::handshake::{parse_cases, verify_module, VerifyOptions};
use rivulet_core::synth::{self, SynthModule};
use std::path::{Path, PathBuf};

fn mlir_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            mlir_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

#[test]
fn every_materialized_single_function_lowers_and_verifies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests");
    let mut files = Vec::new();
    mlir_files(&root.join("handshake"), &mut files);
    mlir_files(&root.join("synth"), &mut files);
    let opts = VerifyOptions { materialized: true };
    let mut lowered = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read corpus file");
        for (i, (module, diags)) in parse_cases(&text, FileId(0)).into_iter().enumerate() {
            let single = module.funcs.iter().filter(|f| f.has_body).count() == 1;
            if has_errors(&diags) || !single || has_errors(&verify_module(&module, &opts)) {
                continue;
            }
            let name = format!("{} case {i}", path.display());
            let result = synth::lower_module(&module)
                .unwrap_or_else(|d| panic!("{name} does not lower: {d:#?}"));
            assert!(matches!(result, SynthModule::Lowered(_)), "{name}");
            let v = synth::verify(&result);
            assert!(v.is_empty(), "{name} does not verify: {v:#?}");
            lowered.push(name);
        }
    }
    // The spec examples (handshake-to-synth, c-level-instances, rtl-backend…) and this
    // directory's inputs at least.
    assert!(
        lowered.len() >= 6,
        "only {} cases lowered: {lowered:#?}",
        lowered.len()
    );
    eprintln!("lowered and verified {} cases", lowered.len());
}
