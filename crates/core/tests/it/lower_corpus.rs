//! Every corpus kernel (`tests/kernels/*/`) lowers to Handshake IR that the verifier accepts
//! as materialized, through the whole pipeline, and whose synth lowering passes the synth
//! verifier. One test per kernel (`lower_corpus::kernels::fir`, …).

use crate::support::corpus;
use rivulet_core::diag::render;
use rivulet_core::handshake::{verify_func, verify_module, VerifyOptions};
use rivulet_core::synth;
use std::path::Path;

kernel_tests!(kernels, lowers_and_verifies, kernels);

fn lowers_and_verifies(file: &Path) {
    let (out, sources) =
        corpus::compile(file, &corpus::through_handshake()).expect("corpus kernel");
    let Some(module) = out.module else {
        panic!("{}", render(&sources, &out.diagnostics));
    };
    let kernel = &module.funcs[0];
    let errs: Vec<String> =
        verify_func(kernel, Some(&module), &VerifyOptions { materialized: true })
            .into_iter()
            .chain(verify_module(&module, &VerifyOptions::default()))
            .filter(|d| d.is_error())
            .map(|d| d.message)
            .collect();
    assert!(errs.is_empty(), "{}", errs.join("; "));
    // The synth lowering (unbundled, ready-inverted, single-bit) keeps its invariants too.
    let lowered = synth::lower_module(&module)
        .unwrap_or_else(|diags| panic!("synth:\n{}", render(&sources, &diags)));
    let errs: Vec<String> = synth::verify(&lowered)
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| d.message)
        .collect();
    assert!(errs.is_empty(), "synth: {}", errs.join("; "));
}
