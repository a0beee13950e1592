//! The compilation pipeline from C to Handshake IR, with the IR after every stage.
//!
//! Stages: the CFG passes (`cfg::passes::PIPELINE`, recorded by the front end), then
//! `cf-to-handshake` (lowering), `canonicalize`, `materialize`. The Handshake verifier runs
//! after each Handshake stage; its findings are internal errors, never panics.

use crate::diag::{Diagnostic, FileId, SourceMap};
use crate::front::typed::Placeholder;
use crate::handshake::{self as hs, print_module, verify_func, verify_module, VerifyOptions};
use crate::lower::{self, Lowered, MemoryInfo};
use crate::stages::{Stage, StageObserver, StageRecorder};
use crate::transform::{canonicalize, materialize};

/// The result of compiling a kernel to Handshake IR.
#[derive(Clone, Debug)]
pub struct HandshakeOutput {
    /// The materialized module (kernel first, then placeholder declarations), when there are
    /// no errors.
    pub module: Option<hs::Module>,
    /// The kernel's memories, in argument order.
    pub memories: Vec<MemoryInfo>,
    /// The IR after each stage (CFG stages first when compiled from C with recording on).
    pub stages: Vec<Stage>,
    /// Every diagnostic.
    pub diagnostics: Vec<Diagnostic>,
}

/// A Handshake stage's transformation.
type Pass = fn(&mut hs::Module);

/// The Handshake stages, in order, with their transformations (lowering itself happens
/// before the first).
const STAGES: [(&str, Pass); 3] = [
    ("cf-to-handshake", |_| {}),
    ("canonicalize", |m| {
        m.funcs.iter_mut().for_each(canonicalize::run)
    }),
    ("materialize", |m| {
        m.funcs.iter_mut().for_each(materialize::run)
    }),
];

/// Lowers the kernel of an optimized CFG module to materialized Handshake IR. `placeholders`
/// are the placeholder declarations of the front end; `record` keeps the IR after each stage.
pub fn compile_to_handshake(
    cfg: &crate::cfg::ir::Module,
    placeholders: &[Placeholder],
    record: bool,
) -> HandshakeOutput {
    let mut diagnostics = Vec::new();
    let mut recorder = StageRecorder::new(record, print_module);
    let lowered = lower_observed(cfg, placeholders, &mut diagnostics, &mut recorder);
    let (module, memories) = match lowered {
        Some(l) => (Some(l.module), l.memories),
        None => (None, Vec::new()),
    };
    HandshakeOutput {
        module,
        memories,
        stages: recorder.stages,
        diagnostics,
    }
}

/// Runs the Handshake stages: lowering (announced as `cf-to-handshake`), canonicalization and
/// materialization, verifying after each and telling `observer` (see [`crate::stages`]).
/// Returns the materialized module with the kernel's memories, or `None` when lowering
/// reported an error or the verifier rejected a stage (an internal error in `diags`).
pub fn lower_observed(
    cfg: &crate::cfg::ir::Module,
    placeholders: &[Placeholder],
    diags: &mut Vec<Diagnostic>,
    observer: &mut dyn StageObserver<hs::Module>,
) -> Option<Lowered> {
    observer.start(STAGES[0].0);
    let errors_before = diags.iter().filter(|d| d.is_error()).count();
    let mut lowered = lower::lower_kernel(cfg, placeholders, diags)?;
    if diags.iter().filter(|d| d.is_error()).count() > errors_before {
        return None;
    }
    for (k, (name, pass)) in STAGES.into_iter().enumerate() {
        if k > 0 {
            observer.start(name);
        }
        pass(&mut lowered.module);
        let errs = verify(&lowered.module, k == STAGES.len() - 1);
        observer.done(&lowered.module);
        if !errs.is_empty() {
            let notes: Vec<String> = errs.iter().map(|d| d.message.clone()).collect();
            diags.push(
                Diagnostic::error(format!(
                    "internal error: the Handshake IR is invalid after `{name}`"
                ))
                .with_note(notes.join("\n")),
            );
            return None;
        }
    }
    Some(lowered)
}

/// Verifies a module; `materialized` applies to functions with a body (an external
/// declaration's arguments have no consumers to count).
pub fn verify(module: &hs::Module, materialized: bool) -> Vec<Diagnostic> {
    let mut errs = verify_module(module, &VerifyOptions::default());
    if materialized {
        for f in module.funcs.iter().filter(|f| f.has_body) {
            errs.extend(verify_func(
                f,
                Some(module),
                &VerifyOptions { materialized: true },
            ));
        }
    }
    errs.retain(Diagnostic::is_error);
    errs.dedup_by(|a, b| a.message == b.message);
    errs
}

/// Compiles the C file `main` of `sources` to Handshake IR: [`crate::cfg::compile_c`] (front
/// end and CFG passes), then [`compile_to_handshake`]. `lookup` resolves `#include "x.h"`.
pub fn compile_c_to_handshake(
    sources: &mut SourceMap,
    main: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    record: bool,
) -> HandshakeOutput {
    let cfg = crate::cfg::compile_c(sources, main, lookup, record);
    let mut diagnostics = cfg.diagnostics;
    let mut stages = cfg.stages;
    let Some(m) = cfg.module else {
        return HandshakeOutput {
            module: None,
            memories: Vec::new(),
            stages,
            diagnostics,
        };
    };
    let out = compile_to_handshake(&m, &cfg.placeholders, record);
    diagnostics.extend(out.diagnostics);
    stages.extend(out.stages);
    HandshakeOutput {
        module: out.module,
        memories: out.memories,
        stages,
        diagnostics,
    }
}
