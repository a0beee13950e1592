//! THE boundary between the web app and the compiler: the one function the worker calls.
//!
//! Today the core has no pipeline entry point yet, so this runs what exists: it loads the
//! sources into a `SourceMap` and reports no stage as run (the UI then says "stage not
//! available yet" for each). When `rivulet_core::compile` lands, replace the body between the
//! markers with the real call, report each stage through `progress` as it starts, and map
//! its per-stage results to [`StageOutcome`]s. Nothing else in the web app needs to change.

use crate::protocol::{CompileOutcome, StageOutcome, WireDiagnostic, WireFile, WireOptions};
use rivulet_core::diag::{Diagnostic, SourceMap};

/// Compiles `files` (kernel first) with `options`, calling `progress` with the name of each
/// stage as it starts. Never panics on user input.
pub fn compile(
    files: &[WireFile],
    options: &WireOptions,
    progress: &mut dyn FnMut(&str),
) -> CompileOutcome {
    progress("load sources");
    let mut sources = SourceMap::new();
    for file in files {
        sources.add(file.name.as_str(), file.text.as_str());
    }
    // --- swap in `rivulet_core::compile(&sources, &options)` here -------------------------
    let _ = options;
    let stages: Vec<StageOutcome> = Vec::new();
    let diagnostics: Vec<Diagnostic> = Vec::new();
    // ----------------------------------------------------------------------------------------
    CompileOutcome {
        compiler: rivulet_core::banner(),
        stages,
        diagnostics: diagnostics
            .iter()
            .map(|d| WireDiagnostic::from_core(&sources, d))
            .collect(),
        millis: 0.0,
    }
}
