//! Macro definitions and their expansion (object-like and function-like, `#`, `##`,
//! `__VA_ARGS__`), with hide sets so that a macro never expands inside its own expansion.
//!
//! Tokens produced by a macro body take the span of the invocation (so diagnostics point at the
//! use in the kernel), while tokens that come from an argument keep their own span. A global
//! budget on produced tokens turns exponential macro bombs into a diagnostic.

use super::lex::{lex, TokKind, Token};
use crate::diag::{Diagnostic, FileId, Span};
use std::collections::{BTreeMap, VecDeque};

/// How many tokens macro expansion may produce in one compilation.
const EXPANSION_BUDGET: usize = 4_000_000;

/// One `#define`.
#[derive(Clone, Debug)]
pub struct Macro {
    /// The macro's name.
    pub name: String,
    /// Parameter names for a function-like macro, `None` for an object-like one.
    pub params: Option<Vec<String>>,
    /// For a variadic macro (parameter list ending with `...`), the name its extra arguments
    /// go by: `__VA_ARGS__`, or the GNU form's own name (`ARGS` in `#define F(x, ARGS...)`).
    pub variadic: Option<String>,
    /// The replacement list.
    pub body: Vec<Token>,
}

/// Every macro defined so far; redefinitions get a new id so hide sets stay valid.
#[derive(Default)]
pub struct MacroTable {
    defs: Vec<Macro>,
    current: BTreeMap<String, u32>,
    produced: usize,
    exhausted: bool,
    /// Nesting of argument pre-expansion (bounded to keep the stack small).
    depth: usize,
}

/// Deepest nesting of macro calls inside macro arguments.
const MAX_ARG_DEPTH: usize = 64;

impl MacroTable {
    /// Defines (or redefines) a macro.
    pub fn define(&mut self, m: Macro) {
        self.current.insert(m.name.clone(), self.defs.len() as u32);
        self.defs.push(m);
    }

    /// Removes a macro definition.
    pub fn undefine(&mut self, name: &str) {
        self.current.remove(name);
    }

    /// True when `name` is currently defined.
    pub fn is_defined(&self, name: &str) -> bool {
        self.current.contains_key(name)
    }

    /// Fully macro-expands a token list.
    pub fn expand(&mut self, input: Vec<Token>, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
        if self.depth > MAX_ARG_DEPTH {
            if !self.exhausted {
                let span = input.first().map_or(Span::default(), |t| t.span);
                diags.push(Diagnostic::error("macro calls are nested too deeply").with_span(span));
            }
            self.exhausted = true;
            return input;
        }
        self.depth += 1;
        let out = self.expand_queue(input, diags);
        self.depth -= 1;
        out
    }

    fn expand_queue(&mut self, input: Vec<Token>, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
        let mut queue: VecDeque<Token> = input.into();
        let mut out = Vec::new();
        while let Some(t) = queue.pop_front() {
            let id = match (&t.kind, self.current.get(&t.text)) {
                (TokKind::Ident, Some(&id)) if !t.hide.contains(&id) && !self.exhausted => id,
                _ => {
                    out.push(t);
                    continue;
                }
            };
            let m = self.defs[id as usize].clone();
            let mut hide = t.hide.clone();
            hide.push(id);
            let replacement = match &m.params {
                None => self.substitute(&m, &[], &t, t.span, &hide, diags),
                Some(params) => {
                    if !queue.front().is_some_and(|n| n.is_punct("(")) {
                        out.push(t);
                        continue;
                    }
                    let Some((args, close)) = collect_args(&mut queue) else {
                        diags.push(
                            Diagnostic::error(format!("unterminated call of macro `{}`", m.name))
                                .with_span(t.span)
                                .with_note("add the missing `)`"),
                        );
                        continue;
                    };
                    let span = t.span.join(close);
                    let Some(args) = arrange_args(args, params.len(), m.variadic.is_some()) else {
                        diags.push(
                            Diagnostic::error(format!(
                                "macro `{}` expects {} argument{}",
                                m.name,
                                params.len(),
                                if params.len() == 1 { "" } else { "s" }
                            ))
                            .with_span(span),
                        );
                        continue;
                    };
                    self.substitute(&m, &args, &t, span, &hide, diags)
                }
            };
            self.produced += replacement.len();
            if self.produced > EXPANSION_BUDGET {
                if !self.exhausted {
                    diags.push(
                        Diagnostic::error("macro expansion is too large")
                            .with_span(t.span)
                            .with_note("a macro probably expands to itself many times over"),
                    );
                }
                self.exhausted = true;
                continue;
            }
            for r in replacement.into_iter().rev() {
                queue.push_front(r);
            }
        }
        out
    }

    /// The replacement of one invocation, before rescanning.
    fn substitute(
        &mut self,
        m: &Macro,
        args: &[Vec<Token>],
        name_tok: &Token,
        span: Span,
        hide: &[u32],
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<Token> {
        let params = m.params.as_deref().unwrap_or(&[]);
        let param_index = |t: &Token| -> Option<usize> {
            if t.kind != TokKind::Ident {
                return None;
            }
            if m.variadic.as_deref() == Some(t.text.as_str()) {
                return Some(params.len());
            }
            params.iter().position(|p| *p == t.text)
        };
        let body = &m.body;
        let mut out: Vec<Token> = Vec::new();
        let mut i = 0;
        while i < body.len() {
            let t = &body[i];
            let pasted_after = body.get(i + 1).is_some_and(|n| n.is_punct("##"));
            let pasted_before = i > 0 && body[i - 1].is_punct("##");
            if t.is_punct("#") && m.params.is_some() {
                if let Some(p) = body.get(i + 1).and_then(param_index) {
                    out.push(stringize(args.get(p).map_or(&[][..], |a| a), span));
                    i += 2;
                    continue;
                }
            }
            if t.is_punct("##") {
                i += 1;
                let Some(next) = body.get(i) else { break };
                let rhs: Vec<Token> = match param_index(next) {
                    Some(p) => args.get(p).cloned().unwrap_or_default(),
                    None => vec![with_span(next.clone(), span)],
                };
                let mut rhs = rhs.into_iter();
                if let Some(first) = rhs.next() {
                    match out.pop() {
                        Some(left) => out.push(paste(left, first, span, diags)),
                        None => out.push(first),
                    }
                }
                out.extend(rhs);
                i += 1;
                continue;
            }
            match param_index(t) {
                Some(p) => {
                    let arg = args.get(p).cloned().unwrap_or_default();
                    if pasted_after || pasted_before {
                        out.extend(arg);
                    } else {
                        out.extend(self.expand(arg, diags));
                    }
                }
                None => out.push(with_span(t.clone(), span)),
            }
            i += 1;
        }
        for (k, t) in out.iter_mut().enumerate() {
            t.line_start = false;
            if k == 0 {
                t.space_before = name_tok.space_before;
            }
            for &h in hide {
                if !t.hide.contains(&h) {
                    t.hide.push(h);
                }
            }
        }
        out
    }
}

fn with_span(mut t: Token, span: Span) -> Token {
    t.span = span;
    t
}

/// Reads `( … )` from the queue; returns the raw arguments split at top-level commas and the
/// span of the closing parenthesis.
fn collect_args(queue: &mut VecDeque<Token>) -> Option<(Vec<Vec<Token>>, Span)> {
    let mut depth = 0usize;
    let mut args = vec![Vec::new()];
    let mut taken = Vec::new();
    while let Some(t) = queue.pop_front() {
        taken.push(t.clone());
        if t.is_punct("(") {
            depth += 1;
            if depth == 1 {
                continue;
            }
        } else if t.is_punct(")") {
            depth -= 1;
            if depth == 0 {
                return Some((args, t.span));
            }
        } else if t.is_punct(",") && depth == 1 {
            args.push(Vec::new());
            continue;
        }
        args.last_mut().expect("never empty").push(t);
    }
    // Unterminated: give the tokens back so nothing is lost.
    for t in taken.into_iter().rev() {
        queue.push_front(t);
    }
    queue.pop_front();
    None
}

/// Matches raw arguments to `n` parameters (plus `__VA_ARGS__` for a variadic macro).
fn arrange_args(mut args: Vec<Vec<Token>>, n: usize, variadic: bool) -> Option<Vec<Vec<Token>>> {
    if n == 0 && !variadic && args.len() == 1 && args[0].is_empty() {
        return Some(Vec::new());
    }
    if variadic {
        if args.len() < n {
            return None;
        }
        let tail: Vec<Vec<Token>> = args.split_off(n);
        let mut va = Vec::new();
        for (k, a) in tail.into_iter().enumerate() {
            if k > 0 {
                va.push(comma_like(&a));
            }
            va.extend(a);
        }
        args.push(va);
        return Some(args);
    }
    (args.len() == n).then_some(args)
}

fn comma_like(next: &[Token]) -> Token {
    let span = next.first().map_or(Span::default(), |t| t.span);
    Token {
        kind: TokKind::Punct,
        text: ",".into(),
        span,
        line_start: false,
        space_before: false,
        hide: Vec::new(),
    }
}

fn stringize(arg: &[Token], span: Span) -> Token {
    let mut s = String::new();
    for (k, t) in arg.iter().enumerate() {
        if k > 0 && t.space_before {
            s.push(' ');
        }
        s.push_str(&t.text);
    }
    let text = format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    Token {
        kind: TokKind::Str(s),
        text,
        span,
        line_start: false,
        space_before: true,
        hide: Vec::new(),
    }
}

fn paste(left: Token, right: Token, span: Span, diags: &mut Vec<Diagnostic>) -> Token {
    let text = format!("{}{}", left.text, right.text);
    let mut scratch = Vec::new();
    let toks = lex(FileId(u32::MAX), &text, &mut scratch);
    if toks.len() == 1 && scratch.is_empty() {
        let mut t = toks.into_iter().next().expect("one token");
        t.span = span;
        t.hide = left.hide;
        return t;
    }
    diags.push(
        Diagnostic::error(format!(
            "pasting `{}` and `{}` does not give a valid token",
            left.text, right.text
        ))
        .with_span(span),
    );
    left
}
