//! The compilation pipeline from C to Handshake IR, with the IR after every stage.
//!
//! Stages: the CFG passes (`cfg::passes::PIPELINE`, recorded by the front end), then
//! `cf-to-handshake` (lowering), `canonicalize`, `materialize`. The Handshake verifier runs
//! after each Handshake stage; its findings are internal errors, never panics.

use crate::cfg::passes::Stage;
use crate::diag::{Diagnostic, FileId, SourceMap};
use crate::front::typed::Placeholder;
use crate::handshake::{self as hs, print_module, verify_func, verify_module, VerifyOptions};
use crate::lower::{self, MemoryInfo};
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

/// The Handshake stages, in order.
pub const HANDSHAKE_STAGES: &[&str] = &["cf-to-handshake", "canonicalize", "materialize"];

/// Lowers the kernel of an optimized CFG module to materialized Handshake IR. `placeholders`
/// are the placeholder declarations of the front end; `record` keeps the IR after each stage.
pub fn compile_to_handshake(
    cfg: &crate::cfg::ir::Module,
    placeholders: &[Placeholder],
    record: bool,
) -> HandshakeOutput {
    let mut diagnostics = Vec::new();
    let mut stages = Vec::new();
    let Some(lowered) = lower::lower_kernel(cfg, placeholders, &mut diagnostics) else {
        return HandshakeOutput {
            module: None,
            memories: Vec::new(),
            stages,
            diagnostics,
        };
    };
    let mut module = lowered.module;
    let passes: [(&'static str, Pass); 3] = [
        (HANDSHAKE_STAGES[0], |_| {}),
        (HANDSHAKE_STAGES[1], |m| {
            m.funcs.iter_mut().for_each(canonicalize::run)
        }),
        (HANDSHAKE_STAGES[2], |m| {
            m.funcs.iter_mut().for_each(materialize::run)
        }),
    ];
    for (k, (name, pass)) in passes.into_iter().enumerate() {
        pass(&mut module);
        let errs = verify(&module, k == HANDSHAKE_STAGES.len() - 1);
        if record {
            stages.push(Stage {
                pass: name,
                ir: print_module(&module),
            });
        }
        if !errs.is_empty() {
            let notes: Vec<String> = errs.iter().map(|d| d.message.clone()).collect();
            diagnostics.push(
                Diagnostic::error(format!(
                    "internal error: the Handshake IR is invalid after `{name}`"
                ))
                .with_note(notes.join("\n")),
            );
            return HandshakeOutput {
                module: None,
                memories: lowered.memories,
                stages,
                diagnostics,
            };
        }
    }
    HandshakeOutput {
        module: Some(module),
        memories: lowered.memories,
        stages,
        diagnostics,
    }
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
