//! The parser of the Handshake assembly (see the module documentation of
//! [`crate::handshake`] for the accepted syntax).
//!
//! Entry points: [`parse_module`] for one module, [`parse_cases`] for files made of several
//! cases separated by `// -----` lines. Both return the (possibly partial) IR together with every
//! parse error found; they never panic.

mod custom;
mod lexer;
mod lift;
mod ops;
mod parser;
mod types;

use crate::diag::{Diagnostic, FileId};
use crate::handshake::func::Module;

/// Parses one module from `text` (the whole contents of `file`).
pub fn parse_module(text: &str, file: FileId) -> (Module, Vec<Diagnostic>) {
    parse_at(text, 0, file)
}

fn parse_at(text: &str, base: u32, file: FileId) -> (Module, Vec<Diagnostic>) {
    let mut p = parser::Parser::new(text, base, file);
    let module = p.module();
    (module, p.diags)
}

/// One case of a split file: its byte offset in the file and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case<'a> {
    /// Offset of the case's first byte in the file.
    pub offset: u32,
    /// The case's text.
    pub text: &'a str,
}

/// Splits a file at lines consisting of `// -----` (surrounding spaces allowed).
pub fn split_cases(text: &str) -> Vec<Case<'_>> {
    let mut cases = Vec::new();
    let mut start = 0usize;
    let mut pos = 0usize;
    for line in text.split_inclusive('\n') {
        if line.trim() == "// -----" {
            cases.push(Case {
                offset: start as u32,
                text: &text[start..pos],
            });
            start = pos + line.len();
        }
        pos += line.len();
    }
    cases.push(Case {
        offset: start as u32,
        text: &text[start..],
    });
    cases
}

/// Parses each `// -----` separated case of `text` (the contents of `file`) as its own module.
/// Spans point into the whole file.
pub fn parse_cases(text: &str, file: FileId) -> Vec<(Module, Vec<Diagnostic>)> {
    split_cases(text)
        .into_iter()
        .map(|c| parse_at(c.text, c.offset, file))
        .collect()
}
