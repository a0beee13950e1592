//! Every corpus kernel (`tests/kernels/*/`) lowers to Handshake IR that the verifier accepts
//! as materialized, through the whole pipeline, and whose synth lowering passes the synth
//! verifier.

use rivulet_core::diag::render;
use rivulet_core::handshake::{verify_func, verify_module, VerifyOptions};
use rivulet_core::pipeline::compile_c_to_handshake;
use rivulet_core::synth;

use crate::support::corpus;

#[test]
fn every_corpus_kernel_lowers_and_verifies() {
    let files = corpus::kernel_files_in(&["tests/kernels"]);
    let mut failures = Vec::new();
    for file in &files {
        let name = corpus::kernel_name(file);
        let (mut sources, id, mut lookup) = corpus::load(file).expect("corpus kernel");
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
            continue;
        }
        // The synth lowering (unbundled, ready-inverted, single-bit) keeps its invariants too.
        match synth::lower_module(&module) {
            Ok(lowered) => {
                let errs: Vec<String> = synth::verify(&lowered)
                    .into_iter()
                    .filter(|d| d.is_error())
                    .map(|d| d.message)
                    .collect();
                if !errs.is_empty() {
                    failures.push(format!("{name} (synth): {}", errs.join("; ")));
                }
            }
            Err(diags) => failures.push(format!("{name} (synth):\n{}", render(&sources, &diags))),
        }
    }
    assert!(files.len() >= 70, "corpus not found");
    assert!(
        failures.is_empty(),
        "{} kernels failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
