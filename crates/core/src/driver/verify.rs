//! How the driver reports an IR that fails its verifier after a stage: one internal error
//! naming the IR and the stage, with the verifier's findings as notes. A verifier finding is
//! a compiler bug, never the user's input, so the message says so.

use crate::diag::Diagnostic;

/// The internal error for the `ir` IR failing verification after `stage`.
pub(super) fn internal_error(ir: &str, stage: &str, errors: &[Diagnostic]) -> Diagnostic {
    let notes: Vec<&str> = errors.iter().map(|d| d.message.as_str()).collect();
    Diagnostic::error(format!(
        "internal error: the {ir} IR is invalid after `{stage}`"
    ))
    .with_note(notes.join("\n"))
}
