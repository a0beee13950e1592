//! The CFG IR: SSA functions of basic blocks, built from the typed C program, printed,
//! verified, optimized by a pipeline of passes, and run by the interpreter.

pub mod analysis;
pub mod build;
mod build_expr;
pub mod ir;
pub mod passes;
pub mod print;
pub mod verify;

use crate::diag::{has_errors, Diagnostic, FileId, SourceMap};
use crate::front::typed::Placeholder;
use crate::front::Signature;

/// The result of compiling a C file to optimized CFG IR.
#[derive(Debug)]
pub struct CfgOutput {
    /// The optimized module (kernel and `main`), when there are no errors.
    pub module: Option<ir::Module>,
    /// The kernel's C signature, when the front end accepted the file.
    pub signature: Option<Signature>,
    /// The front end's placeholder declarations (`__name` functions the kernel calls), which
    /// the Handshake lowering turns into instances.
    pub placeholders: Vec<Placeholder>,
    /// The IR before and after each pass (empty unless requested).
    pub stages: Vec<passes::Stage>,
    /// Every diagnostic of the front end and the passes.
    pub diagnostics: Vec<Diagnostic>,
}

/// Compiles the C file `main` of `sources` (kernel named like the file) to optimized CFG IR.
/// `lookup` resolves `#include "x.h"`; `record_stages` keeps the IR after every pass.
pub fn compile_c(
    sources: &mut SourceMap,
    main: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    record_stages: bool,
) -> CfgOutput {
    let kernel = crate::front::kernel_name(sources.name(main)).to_string();
    let front = crate::front::check(sources, main, &kernel, lookup);
    let mut diagnostics = front.diagnostics;
    let Some(prog) = front.program else {
        return CfgOutput {
            module: None,
            signature: None,
            placeholders: Vec::new(),
            stages: Vec::new(),
            diagnostics,
        };
    };
    let signature = Some(prog.signature());
    let built = build::build_module(&prog, &mut diagnostics);
    let placeholders = prog.placeholders;
    let Some(mut module) = built else {
        return CfgOutput {
            module: None,
            signature,
            placeholders,
            stages: Vec::new(),
            diagnostics,
        };
    };
    let stages = passes::optimize(&mut module, record_stages, &mut diagnostics);
    let module = (!has_errors(&diagnostics)).then_some(module);
    CfgOutput {
        module,
        signature,
        placeholders,
        stages,
        diagnostics,
    }
}
