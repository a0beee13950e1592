//! Fuzz target `c_frontend`: any bytes, read as a kernel file `k.c` (with one header `k.h`
//! taken from the same input after a NUL byte), go through the preprocessor, parser, type
//! checker, CFG lowering, the verified pass pipeline, a short interpreter run and the lowering to
//! materialized Handshake IR and to Synth. Nothing may panic, the verifier must accept the IR
//! after every pass and no stage may report an internal error; diagnostics are fine.
//!
//! Run from the repository root: `cargo +nightly fuzz run --fuzz-dir fuzz-front c_frontend`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rivulet_core::cfg::compile_c;
use rivulet_core::diag::{render, SourceMap};
use rivulet_core::interp::{run, InterpOptions};
use rivulet_core::pipeline::compile_to_handshake;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (main, header) = text.split_once('\0').unwrap_or((&text, ""));
    let header = header.to_string();
    let mut sources = SourceMap::new();
    let id = sources.add("k.c", main);
    let mut lookup = |name: &str| (name == "k.h").then(|| header.clone());
    let out = compile_c(&mut sources, id, &mut lookup, true);
    let rendered = render(&sources, &out.diagnostics);
    assert!(!rendered.contains("internal error"), "{rendered}");
    let Some(m) = out.module else { return };
    if let Err(d) = run(&m, &InterpOptions { max_steps: 100_000 }) {
        let _ = render(&sources, &[d]);
    }
    let hs = compile_to_handshake(&m, &out.placeholders, false);
    let rendered = render(&sources, &hs.diagnostics);
    assert!(!rendered.contains("internal error"), "{rendered}");
    if let Some(module) = hs.module {
        if let Err(d) = rivulet_core::synth::lower_module(&module) {
            panic!("Synth rejects materialized Handshake IR:\n{}", render(&sources, &d));
        }
    }
});
