//! Every corpus kernel (`tests/kernels/*/`) lowers to Handshake IR that the verifier accepts
//! as materialized, through the whole pipeline.

use rivulet_core::diag::{render, SourceMap};
use rivulet_core::handshake::{verify_func, verify_module, VerifyOptions};
use rivulet_core::pipeline::compile_c_to_handshake;
use std::path::Path;

#[test]
fn every_corpus_kernel_lowers_and_verifies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/kernels");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("corpus")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    let mut failures = Vec::new();
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let file = dir.join(format!("{name}.c"));
        let mut sources = SourceMap::new();
        let id = sources.add(format!("{name}.c"), std::fs::read_to_string(&file).unwrap());
        let mut lookup = |h: &str| std::fs::read_to_string(dir.join(h)).ok();
        let out = compile_c_to_handshake(&mut sources, id, &mut lookup, false);
        let Some(module) = out.module else {
            failures.push(format!("{name}:\n{}", render(&sources, &out.diagnostics)));
            continue;
        };
        let kernel = &module.funcs[0];
        let errs: Vec<String> =
            verify_func(kernel, Some(&module), &VerifyOptions { materialized: true })
                .into_iter()
                .chain(verify_module(&module, &VerifyOptions::default()))
                .filter(|d| d.is_error())
                .map(|d| d.message)
                .collect();
        if !errs.is_empty() {
            failures.push(format!("{name}: {}", errs.join("; ")));
        }
    }
    assert!(dirs.len() >= 70, "corpus not found");
    assert!(
        failures.is_empty(),
        "{} kernels failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
