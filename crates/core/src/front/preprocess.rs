//! The C preprocessor: includes, conditional compilation, `#pragma`, and macro expansion.
//!
//! Works on tokens, line by line. Text lines are collected until the next directive and then
//! macro-expanded together (so a function-like macro call may span lines). Included files are
//! added to the [`SourceMap`], so tokens and diagnostics keep pointing into the file they came
//! from. Headers are looked up first among the built-in ones, then through the caller's lookup
//! function (the core never reads files). Macro expansion lives in `macros.rs`.

use super::headers::builtin_header;
use super::lex::{lex, TokKind, Token};
use super::macros::{Macro, MacroTable};
use crate::diag::{Diagnostic, FileId, SourceMap, Span};
use std::collections::BTreeSet;

/// How deep `#include` may nest (guards against a header including itself).
const MAX_INCLUDE_DEPTH: usize = 32;

/// Preprocesses `main` (already in `sources`) and returns the token stream the parser reads.
/// `lookup` maps a header name to its text, or `None` when it does not exist.
pub fn preprocess(
    sources: &mut SourceMap,
    main: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Token> {
    let mut pp = Pp {
        sources,
        lookup,
        diags,
        macros: MacroTable::default(),
        out: Vec::new(),
        once: BTreeSet::new(),
        depth: 0,
    };
    pp.file(main);
    pp.out
}

struct Pp<'a> {
    sources: &'a mut SourceMap,
    lookup: &'a mut dyn FnMut(&str) -> Option<String>,
    diags: &'a mut Vec<Diagnostic>,
    macros: MacroTable,
    out: Vec<Token>,
    once: BTreeSet<String>,
    depth: usize,
}

/// One open `#if` group.
struct Cond {
    /// The enclosing region is active.
    parent: bool,
    /// Some branch of this group has been taken.
    taken: bool,
    /// The current branch is active.
    active: bool,
    /// `#else` has been seen.
    seen_else: bool,
    span: Span,
}

impl Pp<'_> {
    fn file(&mut self, file: FileId) {
        let text = self.sources.text(file).to_string();
        let tokens = lex(file, &text, self.diags);
        let mut conds: Vec<Cond> = Vec::new();
        let mut pending: Vec<Token> = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            let mut end = i + 1;
            while end < tokens.len() && !tokens[end].line_start {
                end += 1;
            }
            let line = &tokens[i..end];
            i = end;
            let active = conds.last().is_none_or(|c| c.active);
            if line[0].is_punct("#") && line[0].line_start {
                self.flush(&mut pending);
                self.directive(file, line, &mut conds, active);
            } else if active {
                pending.extend_from_slice(line);
            }
        }
        self.flush(&mut pending);
        for c in conds {
            self.diags.push(
                Diagnostic::error("`#if` without a matching `#endif`")
                    .with_span(c.span)
                    .with_note("add `#endif` at the end of the conditional block"),
            );
        }
    }

    fn flush(&mut self, pending: &mut Vec<Token>) {
        if !pending.is_empty() {
            let toks = std::mem::take(pending);
            let expanded = self.macros.expand(toks, self.diags);
            self.out.extend(expanded);
        }
    }

    fn directive(&mut self, file: FileId, line: &[Token], conds: &mut Vec<Cond>, active: bool) {
        let Some(name) = line.get(1) else { return };
        let rest = &line[2..];
        let span = name.span;
        match name.text.as_str() {
            "if" | "ifdef" | "ifndef" => {
                let value = active && self.condition(name.text.as_str(), rest, span);
                conds.push(Cond {
                    parent: active,
                    taken: value,
                    active: value,
                    seen_else: false,
                    span,
                });
            }
            "elif" | "else" => {
                let Some(c) = conds.last_mut() else {
                    self.error(span, format!("`#{}` without `#if`", name.text));
                    return;
                };
                if c.seen_else {
                    let span = c.span;
                    self.error(span, format!("`#{}` after `#else`", name.text));
                    return;
                }
                let (parent, taken) = (c.parent, c.taken);
                let value = if name.text == "else" {
                    parent && !taken
                } else {
                    parent && !taken && self.condition("if", rest, span)
                };
                let c = conds.last_mut().expect("checked above");
                c.seen_else = name.text == "else";
                c.active = value;
                c.taken |= value;
            }
            "endif" => {
                if conds.pop().is_none() {
                    self.error(span, "`#endif` without `#if`".to_string());
                }
            }
            _ if !active => {}
            "define" => self.define(rest, span),
            "undef" => {
                if let Some(t) = rest.first().filter(|t| t.kind == TokKind::Ident) {
                    self.macros.undefine(&t.text);
                } else {
                    self.error(span, "`#undef` needs a macro name".to_string());
                }
            }
            "include" => self.include(file, rest, span),
            "pragma" => self.pragma(file, rest, span),
            "error" => {
                let msg: Vec<&str> = rest.iter().map(|t| t.text.as_str()).collect();
                self.error(span, format!("#error {}", msg.join(" ")));
            }
            "warning" => {
                let msg: Vec<&str> = rest.iter().map(|t| t.text.as_str()).collect();
                self.diags.push(
                    Diagnostic::warning(format!("#warning {}", msg.join(" "))).with_span(span),
                );
            }
            "line" => {}
            other => self.error(span, format!("unknown preprocessor directive `#{other}`")),
        }
    }

    fn error(&mut self, span: Span, msg: String) {
        self.diags.push(Diagnostic::error(msg).with_span(span));
    }

    fn condition(&mut self, kind: &str, rest: &[Token], span: Span) -> bool {
        if kind != "if" {
            let Some(t) = rest.first().filter(|t| t.kind == TokKind::Ident) else {
                self.error(span, format!("`#{kind}` needs a macro name"));
                return false;
            };
            return self.macros.is_defined(&t.text) == (kind == "ifdef");
        }
        // Replace `defined X` / `defined(X)` before expansion, then identifiers left by 0.
        let mut toks = Vec::new();
        let mut i = 0;
        while i < rest.len() {
            let t = &rest[i];
            if t.is_ident("defined") {
                let (name, next) = if rest.get(i + 1).is_some_and(|t| t.is_punct("(")) {
                    let ok = rest.get(i + 3).is_some_and(|t| t.is_punct(")"));
                    (rest.get(i + 2).filter(|_| ok), i + 4)
                } else {
                    (rest.get(i + 1), i + 2)
                };
                let Some(name) = name.filter(|n| n.kind == TokKind::Ident) else {
                    self.error(t.span, "`defined` needs a macro name".to_string());
                    return false;
                };
                let v = self.macros.is_defined(&name.text);
                toks.push(number_token(if v { "1" } else { "0" }, t.span));
                i = next;
            } else {
                toks.push(t.clone());
                i += 1;
            }
        }
        let toks = self.macros.expand(toks, self.diags);
        let toks: Vec<Token> = toks
            .into_iter()
            .map(|t| {
                if t.kind == TokKind::Ident {
                    number_token("0", t.span)
                } else {
                    t
                }
            })
            .collect();
        if toks.is_empty() {
            self.error(span, "`#if` needs an expression".to_string());
            return false;
        }
        super::parse::eval_pp_condition(&toks, span, self.diags).unwrap_or(false)
    }

    fn define(&mut self, rest: &[Token], span: Span) {
        let Some(name) = rest.first().filter(|t| t.kind == TokKind::Ident) else {
            self.error(span, "`#define` needs a macro name".to_string());
            return;
        };
        if name.text == "defined" {
            self.error(
                name.span,
                "`defined` cannot be defined as a macro".to_string(),
            );
            return;
        }
        let mut params = None;
        let mut variadic: Option<String> = None;
        let mut body_start = 1;
        if rest
            .get(1)
            .is_some_and(|t| t.is_punct("(") && !t.space_before)
        {
            let mut ps = Vec::new();
            let mut i = 2;
            loop {
                let Some(t) = rest.get(i) else {
                    self.error(name.span, "unterminated macro parameter list".to_string());
                    return;
                };
                if t.is_punct(")") && (ps.is_empty() || variadic.is_some()) {
                    i += 1;
                    break;
                }
                if t.is_punct("...") {
                    variadic = Some("__VA_ARGS__".to_string());
                } else if t.kind == TokKind::Ident && variadic.is_none() {
                    if rest.get(i + 1).is_some_and(|n| n.is_punct("...")) {
                        // GNU's named form: `ARGS...`.
                        variadic = Some(t.text.clone());
                        i += 1;
                    } else {
                        ps.push(t.text.clone());
                    }
                } else {
                    self.error(t.span, "expected a macro parameter name".to_string());
                    return;
                }
                i += 1;
                match rest.get(i) {
                    Some(t) if t.is_punct(",") && variadic.is_none() => i += 1,
                    Some(t) if t.is_punct(")") => {
                        i += 1;
                        break;
                    }
                    _ => {
                        let s = rest.get(i).map_or(name.span, |t| t.span);
                        self.error(s, "expected `,` or `)` in macro parameters".to_string());
                        return;
                    }
                }
            }
            params = Some(ps);
            body_start = i;
        }
        self.macros.define(Macro {
            name: name.text.clone(),
            params,
            variadic,
            body: rest[body_start..].to_vec(),
        });
    }

    fn include(&mut self, _file: FileId, rest: &[Token], span: Span) {
        let (name, name_span) = match rest.first() {
            Some(Token {
                kind: TokKind::Str(s),
                span,
                ..
            }) => (s.clone(), *span),
            Some(t) if t.is_punct("<") => {
                let Some(close) = rest.iter().position(|t| t.is_punct(">")) else {
                    self.error(t.span, "expected `>` after the header name".to_string());
                    return;
                };
                let name: String = rest[1..close].iter().map(|t| t.text.as_str()).collect();
                (name, t.span.join(rest[close].span))
            }
            _ => {
                self.error(span, "expected a header name after `#include`".to_string());
                return;
            }
        };
        if self.depth >= MAX_INCLUDE_DEPTH {
            self.error(
                name_span,
                format!("`#include` nested too deeply at `{name}`"),
            );
            return;
        }
        let display = if builtin_header(&name).is_some() {
            format!("<{name}>")
        } else {
            name.clone()
        };
        if self.once.contains(&display) {
            return;
        }
        let text = match builtin_header(&name) {
            Some(t) => t.to_string(),
            None => match (self.lookup)(&name) {
                Some(t) => t,
                None => {
                    self.diags.push(
                        Diagnostic::error(format!("cannot find header `{name}`"))
                            .with_span(name_span)
                            .with_note(format!(
                                "put `{name}` next to the kernel (or open it in the editor); \
                                 built-in headers are dynamatic/Integration.h, stdlib.h, \
                                 stdint.h, stdbool.h, math.h, stdio.h and limits.h"
                            )),
                    );
                    return;
                }
            },
        };
        let id = match self.sources.find(&display) {
            Some(id) if self.sources.text(id) == text => id,
            _ => self.sources.add(display, text),
        };
        self.depth += 1;
        self.file(id);
        self.depth -= 1;
    }

    fn pragma(&mut self, file: FileId, rest: &[Token], span: Span) {
        match rest.first().map(|t| t.text.as_str()) {
            Some("once") => {
                self.once.insert(self.sources.name(file).to_string());
            }
            _ => {
                let s = rest.first().map_or(span, |t| t.span);
                self.diags.push(
                    Diagnostic::warning("unknown pragma ignored")
                        .with_span(s)
                        .with_note("Rivulet understands only `#pragma once`"),
                );
            }
        }
    }
}

/// A number token with the given spelling (used for `defined` and for identifiers in `#if`).
fn number_token(text: &str, span: Span) -> Token {
    Token {
        kind: TokKind::Number,
        text: text.to_string(),
        span,
        line_start: false,
        space_before: true,
        hide: Vec::new(),
    }
}
