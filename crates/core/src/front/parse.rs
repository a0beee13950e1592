//! The parser's core and its declarations part: the token cursor, error recovery, type
//! specifiers, declarators (arrays, rejected pointers), typedefs, functions and globals.
//!
//! Statements are parsed in `parse_stmt.rs`, expressions in `parse_expr.rs`. Every loop of the
//! parser consumes at least one token per iteration and nesting is bounded, so no input can
//! make it loop forever or overflow the stack.

use super::ast::*;
use super::consteval::const_int;
use super::lex::{TokKind, Token};
use super::types::{CType, ScalarTy};
use crate::diag::{Diagnostic, Span};
use std::collections::BTreeMap;

/// Deepest nesting of statements and expressions the parser accepts.
const MAX_DEPTH: usize = 128;
/// Most elements a single array may have.
const MAX_ARRAY_ELEMENTS: u64 = 1 << 24;

/// Parses a preprocessed token stream into a program.
pub fn parse_program(toks: &[Token], end: Span, diags: &mut Vec<Diagnostic>) -> Program {
    let mut p = Parser::new(toks, end, diags);
    let mut prog = Program::default();
    while !p.at_end() {
        let before = p.pos;
        p.top_level(&mut prog);
        if p.pos == before {
            p.pos += 1;
        }
    }
    prog
}

/// Evaluates the expression of an `#if` (identifiers already replaced by 0).
pub fn eval_pp_condition(toks: &[Token], span: Span, diags: &mut Vec<Diagnostic>) -> Option<bool> {
    let mut p = Parser::new(toks, span, diags);
    let e = p.expr()?;
    if !p.at_end() {
        let s = p.span();
        p.error(s, "unexpected tokens after the `#if` expression");
        return None;
    }
    match const_int(&e) {
        Some(v) => Some(v != 0),
        None => {
            p.error(e.span, "the `#if` expression is not an integer constant");
            None
        }
    }
}

/// The result of parsing declaration specifiers.
pub(super) struct Specs {
    /// The base type; `None` for `void`.
    pub ty: Option<CType>,
    pub is_const: bool,
    pub is_static: bool,
    pub is_typedef: bool,
    pub span: Span,
}

/// The token cursor and shared parser state.
pub(super) struct Parser<'a> {
    pub toks: &'a [Token],
    pub pos: usize,
    pub diags: &'a mut Vec<Diagnostic>,
    pub typedefs: BTreeMap<String, CType>,
    pub end: Span,
    pub depth: usize,
    /// The last declarator was a (rejected) pointer.
    pub saw_pointer: bool,
}

impl<'a> Parser<'a> {
    pub fn new(toks: &'a [Token], end: Span, diags: &'a mut Vec<Diagnostic>) -> Self {
        Parser {
            toks,
            pos: 0,
            diags,
            typedefs: BTreeMap::new(),
            end,
            depth: 0,
            saw_pointer: false,
        }
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    pub fn peek(&self) -> Option<&'a Token> {
        self.toks.get(self.pos)
    }

    pub fn peek_at(&self, k: usize) -> Option<&'a Token> {
        self.toks.get(self.pos + k)
    }

    /// The span of the current token (or the end of input).
    pub fn span(&self) -> Span {
        self.peek().map_or(self.end, |t| t.span)
    }

    /// The span of the previous token.
    pub fn prev_span(&self) -> Span {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.toks.get(i))
            .map_or(self.end, |t| t.span)
    }

    pub fn is(&self, p: &str) -> bool {
        self.peek().is_some_and(|t| t.is_punct(p))
    }

    pub fn is_kw(&self, k: &str) -> bool {
        self.peek().is_some_and(|t| t.is_ident(k))
    }

    pub fn eat(&mut self, p: &str) -> bool {
        if self.is(p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn eat_kw(&mut self, k: &str) -> bool {
        if self.is_kw(k) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn error(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(msg).with_span(span));
    }

    pub fn error_note(&mut self, span: Span, msg: impl Into<String>, note: impl Into<String>) {
        self.diags
            .push(Diagnostic::error(msg).with_span(span).with_note(note));
    }

    /// Consumes `p` or reports what was found instead.
    pub fn expect(&mut self, p: &str) -> Option<()> {
        if self.eat(p) {
            return Some(());
        }
        let found = self.peek().map_or("the end of the file".to_string(), |t| {
            format!("`{}`", t.text)
        });
        let span = if self.at_end() || p == ";" {
            let prev = self.prev_span();
            Span::new(prev.file, prev.end, prev.end)
        } else {
            self.span()
        };
        self.error(span, format!("expected `{p}`, found {found}"));
        None
    }

    /// Consumes an identifier and returns it with its span.
    pub fn ident(&mut self, what: &str) -> Option<(String, Span)> {
        match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                Some((t.text.clone(), t.span))
            }
            _ => {
                let found = self.peek().map_or("the end of the file".to_string(), |t| {
                    format!("`{}`", t.text)
                });
                let s = self.span();
                self.error(s, format!("expected {what}, found {found}"));
                None
            }
        }
    }

    /// Skips tokens up to and including the next `;` at this nesting level (or up to a `}`
    /// closing the current block).
    pub fn recover(&mut self) {
        let mut depth = 0i32;
        while let Some(t) = self.peek() {
            if t.is_punct("{") || t.is_punct("(") || t.is_punct("[") {
                depth += 1;
            } else if t.is_punct(")") || t.is_punct("]") {
                depth -= 1;
            } else if t.is_punct("}") {
                if depth <= 0 {
                    return;
                }
                depth -= 1;
                if depth == 0 {
                    self.pos += 1;
                    return;
                }
            } else if t.is_punct(";") && depth <= 0 {
                self.pos += 1;
                return;
            }
            self.pos += 1;
        }
    }

    /// Enters one nesting level; false (with an error) when too deep.
    pub fn enter(&mut self) -> bool {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let s = self.span();
            if self.depth == MAX_DEPTH + 1 {
                self.error(s, "the code is nested too deeply");
            }
            return false;
        }
        true
    }

    /// Leaves the nesting level [`Parser::enter`] entered (whether or not it succeeded).
    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Runs `f` one nesting level deeper; `None` (after one error) when that is too deep.
    pub fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let r = if self.enter() { f(self) } else { None };
        self.leave();
        r
    }

    /// True when the current token starts a type (declaration specifiers).
    pub fn starts_type(&self) -> bool {
        let Some(t) = self.peek() else { return false };
        t.kind == TokKind::Ident
            && (TYPE_WORDS.contains(&t.text.as_str())
                || t.text == "enum"
                || self.typedefs.contains_key(&t.text))
    }

    /// Parses declaration specifiers. Reports unsupported types and returns `None` only when
    /// nothing sensible can be made of them.
    pub fn specs(&mut self) -> Option<Specs> {
        let start = self.span();
        let mut words: Vec<(&'a str, Span)> = Vec::new();
        let mut typedef_ty: Option<CType> = None;
        let (mut is_const, mut is_static, mut is_typedef) = (false, false, false);
        while let Some(t) = self.peek() {
            if t.kind != TokKind::Ident {
                break;
            }
            match t.text.as_str() {
                "const" => is_const = true,
                "static" => is_static = true,
                "typedef" => is_typedef = true,
                "volatile" | "extern" | "register" | "inline" | "__inline" | "__inline__"
                | "restrict" | "__restrict" | "auto" => {}
                "struct" | "union" | "enum" => {
                    let what = t.text.clone();
                    let s = t.span;
                    self.error_note(
                        s,
                        format!("{what}s are not supported"),
                        if what == "enum" {
                            "use `#define` constants or `const int` values instead"
                        } else {
                            "pass each field as its own scalar or array parameter"
                        },
                    );
                    self.skip_tagged_body();
                    return None;
                }
                w if TYPE_WORDS.contains(&w) => words.push((&t.text, t.span)),
                w if typedef_ty.is_none() && words.is_empty() && self.typedefs.contains_key(w) => {
                    typedef_ty = self.typedefs.get(w).cloned();
                }
                _ => break,
            }
            self.pos += 1;
        }
        let span = start.join(self.prev_span());
        let ty = match typedef_ty {
            Some(t) => Some(t),
            None => self.combine(&words, span)?,
        };
        Some(Specs {
            ty,
            is_const,
            is_static,
            is_typedef,
            span,
        })
    }

    /// Turns type keywords into a type (`None` inside the `Some` means `void`).
    fn combine(&mut self, words: &[(&str, Span)], span: Span) -> Option<Option<CType>> {
        let has = |w: &str| words.iter().any(|(x, _)| *x == w);
        let long = words.iter().find(|(w, _)| *w == "long");
        if let (Some((_, s)), true) = (long, has("double")) {
            self.error_note(*s, "`long double` is not supported", "use `double`");
        }
        let unsigned = has("unsigned");
        let scalar = if has("void") {
            return Some(None);
        } else if has("float") {
            ScalarTy::F32
        } else if has("double") {
            ScalarTy::F64
        } else if has("_Bool") {
            ScalarTy::Bool
        } else if has("char") {
            if unsigned {
                ScalarTy::U8
            } else {
                ScalarTy::I8
            }
        } else if has("short") {
            if unsigned {
                ScalarTy::U16
            } else {
                ScalarTy::I16
            }
        } else if long.is_some() {
            // `long` and `long long` are both 64 bits wide on x86-64 Linux.
            if unsigned {
                ScalarTy::U64
            } else {
                ScalarTy::I64
            }
        } else if unsigned {
            ScalarTy::U32
        } else if words.is_empty() {
            let found = self.peek().map_or("the end of the file".to_string(), |t| {
                format!("`{}`", t.text)
            });
            let s = if span.start == span.end {
                self.span()
            } else {
                span
            };
            self.error(s, format!("expected a type, found {found}"));
            return None;
        } else {
            ScalarTy::I32
        };
        Some(Some(CType::scalar(scalar)))
    }

    /// Parses array dimensions `[n][m]…` after a declarator name. An empty first `[]` yields 0
    /// (the caller infers it from an initializer or reports it).
    pub fn dims(&mut self, base: &CType, name_span: Span) -> CType {
        let mut dims = Vec::new();
        while self.is("[") {
            let open = self.span();
            self.pos += 1;
            if self.eat("]") {
                if !dims.is_empty() {
                    self.error(open, "only the first array dimension may be left empty");
                }
                dims.push(0);
                continue;
            }
            let Some(e) = self.expr() else {
                self.recover_to("]");
                continue;
            };
            self.expect("]");
            match const_int(&e) {
                Some(v) if v > 0 && v <= MAX_ARRAY_ELEMENTS as i128 => dims.push(v as u32),
                Some(v) if v > 0 => {
                    self.error(
                        e.span,
                        format!(
                            "the array is too large ({v} elements, at most {MAX_ARRAY_ELEMENTS})"
                        ),
                    );
                    dims.push(1);
                }
                Some(_) => {
                    self.error(e.span, "an array size must be positive");
                    dims.push(1);
                }
                None => {
                    self.error_note(
                        e.span,
                        "variable-length arrays are not supported",
                        "the size must be a constant, e.g. `#define N 100` and `int a[N]`",
                    );
                    dims.push(1);
                }
            }
        }
        dims.extend_from_slice(&base.dims);
        if dims.len() > 4 {
            self.error(name_span, "arrays may have at most 4 dimensions");
        }
        let mut ty = CType {
            scalar: base.scalar,
            dims,
        };
        if ty.len() > MAX_ARRAY_ELEMENTS {
            self.error(
                name_span,
                format!("the array is too large (at most {MAX_ARRAY_ELEMENTS} elements)"),
            );
            // Later stages allocate per element: keep every type within the limit.
            ty.dims.fill(1);
        }
        ty
    }

    /// Skips `struct tag { … }` (the keyword is the current token).
    fn skip_tagged_body(&mut self) {
        self.pos += 1;
        if self.peek().is_some_and(|t| t.kind == TokKind::Ident) {
            self.pos += 1;
        }
        if self.is("{") {
            self.pos += 1;
            self.skip_block();
        }
    }

    fn recover_to(&mut self, p: &str) {
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.is_punct(p) || t.is_punct(";") {
                return;
            }
        }
    }

    /// Parses a declarator name, rejecting pointers and function pointers.
    pub fn declarator_name(&mut self) -> Option<(String, Span)> {
        self.saw_pointer = self.is("*");
        if self.is("*") {
            let s = self.span();
            self.error_note(
                s,
                "pointers are not supported",
                "use a fixed-size array such as `int a[N]` instead",
            );
            while self.eat("*") || self.eat_kw("const") || self.eat_kw("restrict") {}
        }
        if self.is("(") {
            let s = self.span();
            self.error(
                s,
                "function pointers and parenthesized declarators are not supported",
            );
            return None;
        }
        self.ident("a name")
    }

    fn top_level(&mut self, prog: &mut Program) {
        if self.eat(";") {
            return;
        }
        let Some(specs) = self.specs() else {
            self.recover();
            return;
        };
        let base = specs.ty.clone();
        loop {
            let Some((name, name_span)) = self.declarator_name() else {
                self.recover();
                return;
            };
            if self.is("(") {
                if specs.is_typedef {
                    self.error(name_span, "function typedefs are not supported");
                }
                self.function(prog, &specs, name, name_span);
                return;
            }
            let decl = self.var_rest(&specs, name, name_span);
            if let Some(d) = decl {
                if specs.is_typedef {
                    self.typedefs.insert(d.name, d.ty);
                } else if base.is_some() {
                    prog.globals.push(d);
                }
            }
            if !self.eat(",") {
                break;
            }
        }
        if self.expect(";").is_none() {
            self.recover();
        }
    }

    /// After a variable's name: dimensions and initializer.
    pub fn var_rest(&mut self, specs: &Specs, name: String, span: Span) -> Option<VarDecl> {
        let Some(base) = specs.ty.clone() else {
            self.error(span, format!("`{name}` cannot have type `void`"));
            self.dims(&CType::scalar(ScalarTy::I32), span);
            return None;
        };
        let mut ty = self.dims(&base, span);
        let init = if self.eat("=") {
            self.initializer()
        } else {
            None
        };
        if ty.dims.first() == Some(&0) {
            match &init {
                Some(Init::List(items, _)) if !items.is_empty() => ty.dims[0] = items.len() as u32,
                _ => {
                    self.error_note(
                        span,
                        format!("the size of array `{name}` is missing"),
                        "give the size in brackets, e.g. `int a[N]`",
                    );
                    ty.dims[0] = 1;
                }
            }
        }
        Some(VarDecl {
            name,
            span,
            ty,
            is_const: specs.is_const,
            is_static: specs.is_static,
            init,
        })
    }

    /// `expr` or `{ init, … }`.
    pub fn initializer(&mut self) -> Option<Init> {
        if self.is("{") {
            let open = self.span();
            self.pos += 1;
            if !self.enter() {
                self.leave();
                return None;
            }
            let mut items = Vec::new();
            while !self.is("}") && !self.at_end() {
                let before = self.pos;
                if let Some(i) = self.initializer() {
                    items.push(i);
                }
                if !self.eat(",") {
                    break;
                }
                if self.pos == before {
                    self.pos += 1;
                }
            }
            self.leave();
            self.expect("}")?;
            return Some(Init::List(items, open.join(self.prev_span())));
        }
        self.assign_expr().map(Init::Expr)
    }

    fn function(&mut self, prog: &mut Program, specs: &Specs, name: String, name_span: Span) {
        self.pos += 1; // (
        let mut params = Vec::new();
        let void_only = self.is_kw("void") && self.peek_at(1).is_some_and(|t| t.is_punct(")"));
        if void_only {
            self.pos += 1;
        }
        while !self.is(")") && !self.at_end() {
            let start = self.span();
            let Some(ps) = self.specs() else {
                self.recover_to(")");
                self.pos -= 1;
                break;
            };
            let (pname, pspan) = if self.is(",") || self.is(")") || self.is("[") {
                (String::new(), ps.span)
            } else {
                match self.declarator_name() {
                    Some(x) => x,
                    None => (String::new(), start),
                }
            };
            let pointer = self.saw_pointer;
            let base = ps.ty.clone().unwrap_or_else(|| {
                self.error(pspan, "a parameter cannot have type `void`");
                CType::scalar(ScalarTy::I32)
            });
            let mut ty = self.dims(&base, pspan);
            if pointer && ty.dims.is_empty() {
                // Already reported; an array keeps uses of the parameter from cascading.
                ty.dims.push(1);
            }
            params.push(Param {
                name: pname,
                ty,
                span: start.join(self.prev_span()),
            });
            if !self.eat(",") {
                break;
            }
        }
        if self.expect(")").is_none() {
            self.recover();
            return;
        }
        if specs.ty.as_ref().is_some_and(|t| t.is_array()) {
            self.error(name_span, "a function cannot return an array");
        }
        let ret = specs.ty.as_ref().map(|t| t.scalar);
        let defines = self.is("{");
        for p in params.iter_mut().filter(|p| p.ty.dims.first() == Some(&0)) {
            if defines {
                self.diags.push(
                    Diagnostic::error("array parameters need a constant size")
                        .with_span(p.span)
                        .with_note(
                            "write the size, e.g. `int a[N]` (an empty `[]` would be a pointer)",
                        ),
                );
            }
            // A prototype may leave it open; its definition gives the size.
            p.ty.dims[0] = 1;
        }
        let body = if self.eat(";") {
            None
        } else if self.is("{") {
            Some(self.block_body())
        } else {
            let s = self.span();
            self.error(s, "expected `{` or `;` after the function's parameters");
            self.recover();
            return;
        };
        prog.functions.push(FuncDecl {
            name,
            name_span,
            ret,
            params,
            body,
        });
    }
}

/// Keywords that start or belong to a type.
const TYPE_WORDS: [&str; 24] = [
    "void",
    "char",
    "short",
    "int",
    "long",
    "float",
    "double",
    "signed",
    "unsigned",
    "_Bool",
    "const",
    "static",
    "typedef",
    "volatile",
    "extern",
    "register",
    "inline",
    "__inline",
    "__inline__",
    "restrict",
    "__restrict",
    "auto",
    "struct",
    "union",
];

/// True for words that cannot be used as names.
pub(super) fn is_keyword(w: &str) -> bool {
    TYPE_WORDS.contains(&w)
        || matches!(
            w,
            "enum"
                | "if"
                | "else"
                | "while"
                | "do"
                | "for"
                | "switch"
                | "case"
                | "default"
                | "break"
                | "continue"
                | "return"
                | "goto"
                | "sizeof"
        )
}
