//! The driver's Handshake stages: lowering from the CFG (announced as `cf-to-handshake`),
//! canonicalization, bitwidth optimization (`optimize-bitwidths`, unless turned off) and
//! materialization, each verified before the next runs.
//!
//! Invariant: the module handed on is verified after every stage, and materialized (every
//! channel with exactly one producer and one consumer) after the last; a verifier finding is
//! an internal error naming the stage, never a panic.

use crate::diag::{has_errors, Diagnostic, SourceMap};
use crate::front::typed::Placeholder;
use crate::handshake::{self as hs, verify_func, verify_module, VerifyOptions};
use crate::lower::{self, Lowered, QueuePlan};
use crate::stages::StageObserver;
use crate::transform::{bitwidth, canonicalize, materialize, origins};

/// A Handshake stage's transformation.
type Pass = fn(&mut hs::Module);

/// The Handshake stages, in order, with their transformations (lowering itself happens
/// before the first). After each, ops the stage created take their origins from their
/// neighbours ([`origins::inherit`]).
const STAGES: [(&str, Pass); 4] = [
    ("cf-to-handshake", |_| {}),
    ("canonicalize", |m| {
        m.funcs.iter_mut().for_each(canonicalize::run)
    }),
    (BITWIDTHS, |m| m.funcs.iter_mut().for_each(bitwidth::run)),
    ("materialize", |m| {
        m.funcs.iter_mut().for_each(materialize::run)
    }),
];

/// The bitwidth optimization's stage, skipped when turned off.
const BITWIDTHS: &str = "optimize-bitwidths";

/// Runs the Handshake stages on the kernel of the optimized CFG module `cfg`, telling
/// `observer` about each (see [`crate::stages`]). `placeholders` are the front end's
/// placeholder declarations; `bitwidths` runs the bitwidth optimization; `queues` says which
/// memories get a load-store queue. Returns the materialized module with the kernel's memories, or
/// `None` when lowering reported an error or a stage's IR failed verification.
pub(super) fn lower_to_handshake(
    cfg: &crate::cfg::ir::Module,
    placeholders: &[Placeholder],
    sources: &SourceMap,
    bitwidths: bool,
    queues: &QueuePlan,
    diags: &mut Vec<Diagnostic>,
    observer: &mut dyn StageObserver<hs::Module>,
) -> Option<Lowered> {
    observer.start(STAGES[0].0);
    let mut stage_diags = Vec::new();
    let lowered = lower::lower_kernel(cfg, placeholders, sources, queues, &mut stage_diags);
    let failed = has_errors(&stage_diags);
    diags.extend(stage_diags);
    let mut lowered = lowered.filter(|_| !failed)?;
    for (k, (name, pass)) in STAGES.into_iter().enumerate() {
        if name == BITWIDTHS && !bitwidths {
            continue;
        }
        if k > 0 {
            observer.start(name);
        }
        pass(&mut lowered.module);
        lowered.module.funcs.iter_mut().for_each(origins::inherit);
        let errs = verify(&lowered.module, k == STAGES.len() - 1);
        observer.done(&lowered.module);
        if !errs.is_empty() {
            diags.push(Diagnostic::invalid_ir("Handshake", name, &errs));
            return None;
        }
    }
    Some(lowered)
}

/// Verifies a module; `materialized` applies to functions with a body (an external
/// declaration's arguments have no consumers to count). Returns the errors only.
pub(super) fn verify(module: &hs::Module, materialized: bool) -> Vec<Diagnostic> {
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
