//! The C front end: preprocess → lex → parse → resolve and type check.
//!
//! Entry point: [`check`]. The caller supplies the kernel file (already in a [`SourceMap`]) and
//! a lookup function for the headers it includes; the result is the typed program (when there
//! are no errors) and every diagnostic. Nothing here touches the file system.

pub mod ast;
mod const_arith;
pub mod consteval;
pub mod headers;
pub mod lex;
mod macros;
pub mod parse;
mod parse_expr;
mod parse_stmt;
pub mod preprocess;
pub mod sema;
mod sema_expr;
pub mod sema_labels;
pub mod typed;
pub mod types;

use crate::diag::{has_errors, Diagnostic, FileId, SourceMap, Span};
use types::{CType, ScalarTy};

/// What the front end produces.
#[derive(Debug)]
pub struct FrontOutput {
    /// The checked program, present only when there are no errors.
    pub program: Option<typed::TProgram>,
    /// Every error, warning and note, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks the C file `main` of `sources`, whose kernel function is named `kernel`. Headers are
/// resolved by `lookup` (name as written in `#include` → text), after the built-in ones.
pub fn check(
    sources: &mut SourceMap,
    main: FileId,
    kernel: &str,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
) -> FrontOutput {
    let mut diags = Vec::new();
    let tokens = preprocess::preprocess(sources, main, lookup, &mut diags);
    let len = sources.text(main).len() as u32;
    let end = Span::new(main, len, len);
    let ast = parse::parse_program(&tokens, end, &mut diags);
    let program = sema::check_program(&ast, kernel, &mut diags);
    let program = if has_errors(&diags) { None } else { program };
    FrontOutput {
        program,
        diagnostics: diags,
    }
}

/// The kernel name for a file name: its stem (`dir/fir.c` → `fir`).
pub fn kernel_name(file_name: &str) -> &str {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    base.strip_suffix(".c").unwrap_or(base)
}

/// A kernel's interface as C sees it: what test harnesses and the interpreter report.
#[derive(Clone, Debug, PartialEq)]
pub struct Signature {
    /// The kernel's name.
    pub name: String,
    /// Parameter names and types (arrays with their dimensions).
    pub params: Vec<(String, CType)>,
    /// The return type (`None` for `void`).
    pub ret: Option<ScalarTy>,
}

impl typed::TProgram {
    /// The kernel's signature.
    pub fn signature(&self) -> Signature {
        let f = &self.funcs[self.kernel as usize];
        Signature {
            name: f.name.clone(),
            params: f
                .params
                .iter()
                .map(|&p| {
                    let l = &f.locals[p as usize];
                    (l.name.clone(), l.ty.clone())
                })
                .collect(),
            ret: f.ret,
        }
    }
}
