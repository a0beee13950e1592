//! Fuzz target `c_frontend`: any bytes, read as a kernel file `k.c` (with one header `k.h`
//! taken from the same input after a NUL byte), go through the preprocessor, parser, type
//! checker, CFG lowering, the verified pass pipeline and a short interpreter run. Nothing may
//! panic; diagnostics are fine.
//!
//! Run: `cd fuzz-front && cargo +nightly fuzz run c_frontend`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rivulet_core::cfg::compile_c;
use rivulet_core::diag::{render, SourceMap};
use rivulet_core::interp::{run, InterpOptions};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (main, header) = text.split_once('\0').unwrap_or((&text, ""));
    let header = header.to_string();
    let mut sources = SourceMap::new();
    let id = sources.add("k.c", main);
    let mut lookup = |name: &str| (name == "k.h").then(|| header.clone());
    let out = compile_c(&mut sources, id, &mut lookup, true);
    let _ = render(&sources, &out.diagnostics);
    if let Some(m) = out.module {
        if let Err(d) = run(&m, &InterpOptions { max_steps: 100_000 }) {
            let _ = render(&sources, &[d]);
        }
    }
});
