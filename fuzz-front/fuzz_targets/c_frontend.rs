//! Fuzz target `c_frontend`: any bytes, read as a kernel file `k.c` (with one header `k.h`
//! taken from the same input after a NUL byte), go through the preprocessor, parser, type
//! checker, CFG lowering, the verified pass pipeline, a short interpreter run, the lowering to
//! materialized Handshake IR, buffers, HW and Synth: the driver, with its verifier after every
//! stage. Nothing may panic, no stage may report an internal error, and a circuit that reached
//! HW must lower to Synth; diagnostics are fine.
//!
//! Run from the repository root: `cargo +nightly fuzz run --fuzz-dir fuzz-front c_frontend`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rivulet_core::diag::{render, SourceMap};
use rivulet_core::driver::{self, DriverOptions};
use rivulet_core::interp::InterpOptions;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (main, header) = text.split_once('\0').unwrap_or((&text, ""));
    let header = header.to_string();
    let mut sources = SourceMap::new();
    let id = sources.add("k.c", main);
    let mut lookup = |name: &str| (name == "k.h").then(|| header.clone());
    let options = DriverOptions {
        golden: true,
        interp: InterpOptions { max_steps: 100_000 },
        synth: true,
        ..DriverOptions::default()
    };
    let out = driver::compile(&mut sources, id, &mut lookup, &options, &mut |_| {});
    let rendered = render(&sources, &out.diagnostics);
    assert!(!rendered.contains("internal error"), "{rendered}");
    if out.design.is_some() {
        assert!(out.synth.is_some(), "Synth rejects the buffered circuit:\n{rendered}");
    }
});
