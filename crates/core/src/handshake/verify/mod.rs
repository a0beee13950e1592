//! The verifier of the Handshake IR.
//!
//! Invariants checked (each violation is one [`Diagnostic`] on the offending op's span, or on
//! the function for signature problems):
//! * **handles**: every operand names an existing value defined by an argument or a live op;
//!   every result's definition points back to its op and index; arguments likewise;
//! * **SSA as a graph region**: each value is defined exactly once (uses may precede their
//!   definition); a function with a body has exactly one `end`; an external one has no ops;
//! * **types**: every type is well formed ([`types`]); every operation obeys its type rules
//!   (see `rules.rs`), which include the spec's (`addi` operands and result of one non-zero-width
//!   integer channel type, `cmpi` yields `channel<i1>`, the mux select covers its inputs, extra
//!   signals forwarded or merged consistently, `compose`/`decompose` keep the width per
//!   direction, `bundle`/`unbundle` layouts);
//! * **names and attributes**: `handshake.name`s are unique; generic attributes do not shadow
//!   typed ones; `argNames`/`resNames` match the signature;
//! * **materialized** (only with [`VerifyOptions::materialized`]): every channel and control
//!   value has exactly one consumer (it has one producer by construction).
//!
//! The verifier never panics: rules that need the types of an op's values are skipped for ops
//! whose handles are broken (those get their own diagnostic).

mod rules;
mod structure;
pub mod types;

use crate::diag::{Diagnostic, Span};
use crate::handshake::func::{Func, Module};
use crate::handshake::names::Namer;
use crate::handshake::ops::Op;

/// What to check beyond the always-on rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VerifyOptions {
    /// Require every channel to have exactly one producer and one consumer (after fork/sink
    /// materialization).
    pub materialized: bool,
}

/// Verifies every function of a module (instances are checked against their callees).
pub fn verify_module(module: &Module, opts: &VerifyOptions) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for (i, f) in module.funcs.iter().enumerate() {
        if let Some(prev) = module.funcs[..i].iter().find(|g| g.name == f.name) {
            let mut d = Diagnostic::error(format!("function @{} is defined twice", f.name));
            if let Some(s) = f.loc.0 {
                d = d.with_span(s);
            }
            if let Some(s) = prev.loc.0 {
                d = d.with_label(s, "first defined here");
            }
            diags.push(d);
        }
        diags.extend(verify_func(f, Some(module), opts));
    }
    diags
}

/// Verifies one function; `module` (if given) resolves instance callees.
pub fn verify_func(func: &Func, module: Option<&Module>, opts: &VerifyOptions) -> Vec<Diagnostic> {
    let mut cx = Ctx {
        f: func,
        module,
        namer: Namer::new(func),
        diags: Vec::new(),
    };
    structure::check(&mut cx, opts);
    rules::check(&mut cx);
    cx.diags
}

/// Shared state of one function's verification.
pub(crate) struct Ctx<'a> {
    pub f: &'a Func,
    pub module: Option<&'a Module>,
    pub namer: Namer,
    pub diags: Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn located(&self, d: Diagnostic, span: Option<Span>) -> Diagnostic {
        match span.or(self.f.loc.0) {
            Some(s) => d.with_span(s),
            None => d,
        }
    }

    /// An error about an operation.
    pub fn op_error(&mut self, op: &Op, msg: impl Into<String>) {
        let d = self.located(Diagnostic::error(msg), op.loc.0);
        self.diags.push(d);
    }

    /// A warning about an operation.
    pub fn op_warning(&mut self, op: &Op, msg: impl Into<String>) {
        let d = self.located(Diagnostic::warning(msg), op.loc.0);
        self.diags.push(d);
    }

    /// An error about the function itself (or at a given span).
    pub fn error_at(&mut self, span: Option<Span>, msg: impl Into<String>) {
        let d = self.located(Diagnostic::error(msg), span);
        self.diags.push(d);
    }
}

/// How an op is named in messages: `'addi' (addi0)` or `'addi'`.
pub(crate) fn describe(op: &Op) -> String {
    match &op.name {
        Some(n) => format!("'{}' ({n})", op.kind.mnemonic()),
        None => format!("'{}'", op.kind.mnemonic()),
    }
}
