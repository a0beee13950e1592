//! Checking of statement labels, `goto` and `assert`.
//!
//! Labels are per function: each name is defined once, and every `goto` names a label defined
//! somewhere in the same function (before or after it). Whether the resulting control flow is
//! reducible is checked later, on the CFG.
//!
//! `assert(c)` reaches the checker as a call of [`ASSERT_FN`] with the condition and its
//! text (see `<assert.h>` in `headers.rs`); it is only a statement. Outside `main` its condition
//! must be free of side effects, because the circuit does not evaluate assertions while the
//! interpreter and a native build do.

use super::ast::*;
use super::sema::Checker;
use super::typed::*;
use crate::diag::{Diagnostic, Span};

/// The function `<assert.h>`'s `assert(c)` expands to: `ASSERT_FN(c, "c")`.
pub const ASSERT_FN: &str = "__rivulet_assert";

/// True when `e` is an expanded `assert(…)`.
pub(super) fn is_assert(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call(name, ..) if name == ASSERT_FN)
}

impl Checker<'_> {
    /// The id of label `name` (allocated on first mention, by a definition or a `goto`).
    pub(super) fn label_id(&mut self, name: &str) -> LabelId {
        let fx = self.fx();
        let next = fx.labels.len() as LabelId;
        fx.labels.entry(name.to_string()).or_insert((next, None)).0
    }

    /// Defines label `name` at `span`; a second definition is an error.
    pub(super) fn define_label(&mut self, name: &str, span: Span) -> LabelId {
        let id = self.label_id(name);
        let slot = &mut self.fx().labels.get_mut(name).expect("just allocated").1;
        match *slot {
            Some(first) => {
                self.diags.push(
                    Diagnostic::error(format!("duplicate label `{name}`"))
                        .with_span(span)
                        .with_label(first, "first defined here"),
                );
            }
            None => *slot = Some(span),
        }
        id
    }

    /// Reports every `goto` of the function being checked whose label is not defined.
    pub(super) fn check_gotos(&mut self) {
        let fx = self.fx();
        let undefined: Vec<(String, Span)> = fx
            .gotos
            .iter()
            .filter(|(n, _)| fx.labels.get(n).is_none_or(|l| l.1.is_none()))
            .cloned()
            .collect();
        for (name, span) in undefined {
            self.error(
                span,
                format!("label `{name}` is used but not defined in this function"),
            );
        }
    }

    /// Checks an expanded `assert(c)` statement.
    pub(super) fn assert(&mut self, e: &Expr, out: &mut Vec<TStmt>) {
        let ExprKind::Call(_, _, args) = &e.kind else {
            return;
        };
        let [cond, text] = &args[..] else {
            self.error(e.span, "`assert` takes one argument");
            return;
        };
        let text = match &text.kind {
            ExprKind::Str(t) => t.clone(),
            _ => String::new(),
        };
        let Some(c) = self.cond(cond) else { return };
        if !self.fx().is_main {
            if let Some(span) = side_effect(&c) {
                self.error_note(
                    span,
                    "an assertion outside `main` must not have side effects",
                    "the circuit does not evaluate assertions (as with NDEBUG); assign the \
                     value to a variable before the `assert`",
                );
                return;
            }
        }
        out.push(TStmt::Assert(c, text));
    }
}

/// Where `e` has a side effect (helper calls count as one), if it has any.
fn side_effect(e: &TExpr) -> Option<Span> {
    let kids: Vec<&TExpr> = match &e.kind {
        TExprKind::Const(_) | TExprKind::Local(_) => Vec::new(),
        TExprKind::Assign(..)
        | TExprKind::CompoundAssign { .. }
        | TExprKind::IncDec { .. }
        | TExprKind::Call(..)
        | TExprKind::Placeholder(..)
        | TExprKind::Builtin(Builtin::Rand | Builtin::Srand, _) => return Some(e.span),
        TExprKind::Builtin(_, args) => args.iter().collect(),
        TExprKind::Load(_, idx) => idx.iter().collect(),
        TExprKind::Neg(a) | TExprKind::BitNot(a) | TExprKind::Not(a) | TExprKind::Convert(a) => {
            vec![a]
        }
        TExprKind::Arith(_, a, b)
        | TExprKind::Compare(_, a, b)
        | TExprKind::Logical(_, a, b)
        | TExprKind::Comma(a, b) => vec![a, b],
        TExprKind::Cond(c, a, b) => vec![c, a, b],
    };
    kids.into_iter().find_map(side_effect)
}
