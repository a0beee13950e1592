//! The core in a real browser: wasm tests run by wasm-bindgen-test in headless Chromium.
//!
//! They prove that the compiler library works on wasm32-unknown-unknown exactly as natively.
#![cfg(target_arch = "wasm32")]

use rivulet_core::diag::{render, Diagnostic, SourceMap, Span};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn version_is_the_crate_version() {
    assert_eq!(
        rivulet_core::banner(),
        format!("Rivulet {}", env!("CARGO_PKG_VERSION"))
    );
}

#[wasm_bindgen_test]
fn diagnostics_render_in_the_browser() {
    let mut map = SourceMap::new();
    let f = map.add("k.c", "int x = 1;\nint *p;\n");
    let d = Diagnostic::error("pointers are not supported").with_span(Span::new(f, 15, 16));
    let text = render(&map, &[d]);
    assert!(text.contains("k.c:2:5"), "{text}");
}
