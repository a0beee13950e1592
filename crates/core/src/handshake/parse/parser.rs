//! The parser core: token helpers, modules, functions, value names and use resolution.
//!
//! Function bodies are graph regions: a use may precede its definition. Operands are therefore
//! recorded as named references and resolved once the whole body is read; a type the text
//! gives for an operand is checked against the type of the value it resolves to. After an
//! error inside a body the parser skips to the next line and goes on, so every malformed
//! operation is reported.

use super::lexer::{Lexer, Tok, Token};
use crate::diag::{Diagnostic, FileId, Span};
use crate::handshake::attr::Attr;
use crate::handshake::func::{Func, Module, OpId, SourceLoc, ValueId};
use crate::handshake::types::Type;
use std::collections::BTreeMap;

/// Parser results carry a diagnostic on failure.
pub type PResult<T> = Result<T, Diagnostic>;

/// A reference to a value by name, as written at a use.
#[derive(Clone, Debug)]
pub struct ValueRef {
    /// The name without `%`.
    pub name: String,
    /// The `#i` index, if written.
    pub index: Option<u32>,
    /// Where.
    pub start: u32,
    /// End of the reference.
    pub end: u32,
}

/// A use waiting for resolution.
struct Fixup {
    op: OpId,
    operand: usize,
    r: ValueRef,
    expected: Option<Type>,
}

/// The values a name defines: one value, or a group `%name:k`.
struct NameDef {
    values: Vec<ValueId>,
    group: bool,
}

/// Per-function parsing state.
#[derive(Default)]
pub struct BodyState {
    names: BTreeMap<String, NameDef>,
    /// Names bound by operations that failed to parse: their uses are not reported again.
    pub poisoned: std::collections::BTreeSet<String>,
    fixups: Vec<Fixup>,
}

/// The parser.
pub struct Parser<'a> {
    lex: Lexer<'a>,
    peeked: Option<Token<'a>>,
    file: FileId,
    /// Diagnostics collected while recovering.
    pub diags: Vec<Diagnostic>,
    /// The end offset of the last consumed token.
    pub last_end: u32,
    /// How deeply attribute values are nested at the moment (bounded to keep the stack small).
    pub attr_depth: u32,
}

impl<'a> Parser<'a> {
    /// A parser over `src`, whose first byte is at offset `base` of `file`.
    pub fn new(src: &'a str, base: u32, file: FileId) -> Self {
        Parser {
            lex: Lexer::new(src, base),
            peeked: None,
            file,
            diags: Vec::new(),
            last_end: base,
            attr_depth: 0,
        }
    }

    /// The next token, consumed.
    pub fn next(&mut self) -> Token<'a> {
        let t = self.peeked.take().unwrap_or_else(|| self.lex.next_token());
        self.last_end = t.end;
        t
    }

    /// The next token, not consumed.
    pub fn peek(&mut self) -> &Tok<'a> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lex.next_token());
        }
        &self.peeked.as_ref().expect("just filled").tok
    }

    /// The start offset of the next token.
    pub fn peek_start(&mut self) -> u32 {
        self.peek();
        self.peeked.as_ref().map_or(0, |t| t.start)
    }

    /// Puts a consumed token back (at most one).
    pub fn push_back(&mut self, t: Token<'a>) {
        self.unpeek();
        self.peeked = Some(t);
    }

    /// Forgets the peeked token, rewinding the lexer to its start.
    pub fn unpeek(&mut self) {
        if let Some(t) = self.peeked.take() {
            let back = self.lex.offset().saturating_sub(t.start) as usize;
            self.lex.rewind(back);
        }
    }

    /// The lexer (for raw scans; call [`Parser::unpeek`] first).
    pub fn lexer_mut(&mut self) -> &mut Lexer<'a> {
        &mut self.lex
    }

    /// True when the next token is this punctuation.
    pub fn peek_is_punct(&mut self, c: char) -> bool {
        *self.peek() == Tok::Punct(c)
    }

    /// Consumes the punctuation if it is next.
    pub fn eat_punct(&mut self, c: char) -> bool {
        let yes = self.peek_is_punct(c);
        if yes {
            self.next();
        }
        yes
    }

    /// Consumes the identifier if it is next.
    pub fn eat_ident(&mut self, s: &str) -> bool {
        let yes = *self.peek() == Tok::Ident(s);
        if yes {
            self.next();
        }
        yes
    }

    /// Requires this punctuation.
    pub fn expect_punct(&mut self, c: char) -> PResult<Token<'a>> {
        let t = self.next();
        if t.tok == Tok::Punct(c) {
            Ok(t)
        } else {
            Err(self.err_at(&t, format!("expected '{c}', found {}", t.tok.describe())))
        }
    }

    /// Requires `->`.
    pub fn expect_arrow(&mut self) -> PResult<()> {
        let t = self.next();
        if t.tok == Tok::Arrow {
            Ok(())
        } else {
            Err(self.err_at(&t, format!("expected '->', found {}", t.tok.describe())))
        }
    }

    /// Requires this identifier.
    pub fn expect_ident(&mut self, s: &str) -> PResult<()> {
        let t = self.next();
        if t.tok == Tok::Ident(s) {
            Ok(())
        } else {
            Err(self.err_at(&t, format!("expected '{s}', found {}", t.tok.describe())))
        }
    }

    /// A span of this file.
    pub fn span(&self, start: u32, end: u32) -> Span {
        Span::new(self.file, start, end.max(start))
    }

    /// An error on a token.
    pub fn err_at(&self, t: &Token<'_>, msg: impl Into<String>) -> Diagnostic {
        self.err_span(t.start, t.end, msg)
    }

    /// An error on a byte range.
    pub fn err_span(&self, start: u32, end: u32, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(msg).with_span(self.span(start, end))
    }

    /// Parses `%name` or `%name#i`.
    pub fn value_ref(&mut self) -> PResult<ValueRef> {
        let t = self.next();
        match t.tok {
            Tok::Value(name, index) => Ok(ValueRef {
                name: name.to_string(),
                index,
                start: t.start,
                end: t.end,
            }),
            _ => Err(self.err_at(
                &t,
                format!("expected a value such as '%x', found {}", t.tok.describe()),
            )),
        }
    }

    /// Parses values separated by commas while the next token is a value (possibly none).
    pub fn value_list(&mut self) -> PResult<Vec<ValueRef>> {
        let mut v = Vec::new();
        if !matches!(self.peek(), Tok::Value(..)) {
            return Ok(v);
        }
        loop {
            v.push(self.value_ref()?);
            if !(self.peek_is_punct(',') && self.comma_then_value()) {
                return Ok(v);
            }
            self.next();
        }
    }

    /// True when a `,` is followed by a value (so the comma belongs to a value list).
    fn comma_then_value(&mut self) -> bool {
        let saved_peek = self.peeked.clone();
        let saved_lex = self.lex.clone();
        self.next();
        let yes = matches!(self.peek(), Tok::Value(..));
        self.peeked = saved_peek;
        self.lex = saved_lex;
        yes
    }

    /// Parses `[%a, %b]` (possibly empty).
    pub fn bracket_values(&mut self) -> PResult<Vec<ValueRef>> {
        self.expect_punct('[')?;
        let v = self.value_list()?;
        self.expect_punct(']')?;
        Ok(v)
    }

    /// Parses `(%a, %b)` (possibly empty).
    pub fn paren_values(&mut self) -> PResult<Vec<ValueRef>> {
        self.expect_punct('(')?;
        let v = self.value_list()?;
        self.expect_punct(')')?;
        Ok(v)
    }

    /// Skips the rest of the current line (error recovery).
    pub fn skip_line(&mut self) {
        self.unpeek();
        let back = self.lex.offset().saturating_sub(self.last_end) as usize;
        self.lex.rewind(back);
        let rest = self.lex.rest();
        let n = rest.find('\n').map_or(rest.len(), |i| i + 1);
        self.lex.bump(n);
    }

    /// Parses a whole module: `module { funcs }` or bare functions.
    pub fn module(&mut self) -> Module {
        let mut module = Module::default();
        let wrapped = self.eat_ident("module");
        if wrapped {
            if self.peek_is_punct('{') {
                self.next();
            } else {
                let t = self.next();
                let d = self.err_at(
                    &t,
                    format!("expected '{{' after 'module', found {}", t.tok.describe()),
                );
                self.diags.push(d);
                return module;
            }
        }
        loop {
            match self.peek().clone() {
                Tok::Eof if !wrapped => break,
                Tok::Punct('}') if wrapped => {
                    self.next();
                    break;
                }
                Tok::Ident("handshake.func") => {
                    self.next();
                    match self.func() {
                        Ok(f) => module.funcs.push(f),
                        Err(d) => {
                            self.diags.push(d);
                            return module;
                        }
                    }
                }
                _ => {
                    let t = self.next();
                    let what = if wrapped {
                        "'handshake.func' or '}'"
                    } else {
                        "'handshake.func'"
                    };
                    let d = self.err_at(&t, format!("expected {what}, found {}", t.tok.describe()));
                    self.diags.push(d);
                    return module;
                }
            }
        }
        let t = self.next();
        if t.tok != Tok::Eof {
            let d = self.err_at(
                &t,
                format!("unexpected {} after the module", t.tok.describe()),
            );
            self.diags.push(d);
        }
        module
    }

    fn func(&mut self) -> PResult<Func> {
        let private = self.eat_ident("private");
        let t = self.next();
        let Tok::Symbol(name) = t.tok else {
            return Err(self.err_at(
                &t,
                format!(
                    "expected a function name such as '@kernel', found {}",
                    t.tok.describe()
                ),
            ));
        };
        let mut f = Func::new(name);
        f.private = private;
        f.loc = SourceLoc(Some(self.span(t.start, t.end)));
        let mut st = BodyState::default();
        self.expect_punct('(')?;
        let mut named_args = None;
        if !self.eat_punct(')') {
            loop {
                if *self.peek() == Tok::Ellipsis {
                    self.next();
                    f.variadic = true;
                    self.expect_punct(')')?;
                    break;
                }
                let arg_name = if matches!(self.peek(), Tok::Value(..)) {
                    let r = self.value_ref()?;
                    self.expect_punct(':')?;
                    Some(r)
                } else {
                    None
                };
                if *named_args.get_or_insert(arg_name.is_some()) != arg_name.is_some() {
                    let at = self.peek_start();
                    return Err(self.err_span(
                        at,
                        at + 1,
                        "either every argument is named or none is",
                    ));
                }
                let ty = self.type_()?;
                let index = f.args.len();
                let v = f.add_arg(ty, None);
                if let Some(r) = arg_name {
                    self.define(&mut f, &mut st, &r, vec![v], false)?;
                    if r.name != format!("arg{index}") {
                        f.set_name_hint(v, Some(&r.name));
                    }
                    if let Some(val) = f.value_mut(v) {
                        val.loc = SourceLoc(Some(self.span(r.start, r.end)));
                    }
                }
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        if self.peek() == &Tok::Arrow {
            self.next();
            f.result_types = if self.peek_is_punct('(') {
                self.paren_types()?
            } else {
                vec![self.type_()?]
            };
        }
        if self.eat_ident("attributes") {
            for (k, v, at) in self.attr_dict()? {
                let strings = |a: &Attr| match a {
                    Attr::Array(items) => items
                        .iter()
                        .map(|i| match i {
                            Attr::Str(s) => Some(s.clone()),
                            _ => None,
                        })
                        .collect::<Option<Vec<_>>>(),
                    _ => None,
                };
                let slot = match k.as_str() {
                    "argNames" => Some(&mut f.arg_names),
                    "resNames" => Some(&mut f.res_names),
                    _ => None,
                };
                match (slot, strings(&v)) {
                    (Some(slot), Some(list)) => *slot = list,
                    (Some(_), None) => {
                        return Err(self.err_span(
                            at,
                            at + k.len() as u32,
                            format!("'{k}' must be an array of strings"),
                        ));
                    }
                    (None, _) => {
                        f.attrs.insert(k, v);
                    }
                }
            }
        }
        if !self.peek_is_punct('{') {
            f.has_body = false;
            return Ok(f);
        }
        self.expect_punct('{')?;
        loop {
            match self.peek() {
                Tok::Punct('}') => {
                    self.next();
                    break;
                }
                Tok::Eof => {
                    let at = self.peek_start();
                    return Err(self.err_span(
                        at,
                        at,
                        format!("missing '}}' at the end of function @{}", f.name),
                    ));
                }
                _ => {}
            }
            if let Err(d) = self.op(&mut f, &mut st) {
                self.diags.push(d);
                self.skip_line();
            }
        }
        self.resolve(&mut f, st);
        Ok(f)
    }

    /// Binds a name to values (one, or a group); reports a redefinition.
    pub fn define(
        &mut self,
        f: &mut Func,
        st: &mut BodyState,
        r: &ValueRef,
        values: Vec<ValueId>,
        group: bool,
    ) -> PResult<()> {
        if st.names.contains_key(&r.name) {
            return Err(self.err_span(
                r.start,
                r.end,
                format!("redefinition of value '%{}'", r.name),
            ));
        }
        for &v in &values {
            if let Some(val) = f.value_mut(v) {
                val.loc = SourceLoc(Some(self.span(r.start, r.end)));
            }
        }
        st.names.insert(r.name.clone(), NameDef { values, group });
        Ok(())
    }

    /// Records a use to resolve at the end of the body.
    pub fn add_fixup(
        st: &mut BodyState,
        op: OpId,
        operand: usize,
        r: ValueRef,
        expected: Option<Type>,
    ) {
        st.fixups.push(Fixup {
            op,
            operand,
            r,
            expected,
        });
    }

    fn resolve(&mut self, f: &mut Func, st: BodyState) {
        for fx in st.fixups {
            let Some(def) = st.names.get(&fx.r.name) else {
                if st.poisoned.contains(&fx.r.name) {
                    continue;
                }
                let d = self.err_span(
                    fx.r.start,
                    fx.r.end,
                    format!("use of undefined value '%{}'", fx.r.name),
                );
                self.diags.push(d);
                continue;
            };
            let v = match (fx.r.index, def.group) {
                (Some(i), _) => def.values.get(i as usize).copied(),
                (None, false) => def.values.first().copied(),
                (None, true) => None,
            };
            let Some(v) = v else {
                let msg = match fx.r.index {
                    Some(i) => format!(
                        "'%{}' has {} result(s), so '#{i}' is out of range",
                        fx.r.name,
                        def.values.len()
                    ),
                    None => format!(
                        "'%{}' names a group of results: write '%{}#0'",
                        fx.r.name, fx.r.name
                    ),
                };
                let d = self.err_span(fx.r.start, fx.r.end, msg);
                self.diags.push(d);
                continue;
            };
            if let (Some(exp), Some(actual)) = (&fx.expected, f.ty(v)) {
                if exp != actual {
                    let d = self.err_span(
                        fx.r.start,
                        fx.r.end,
                        format!(
                            "use of value '%{}' expects type {} but it has type {}",
                            fx.r.name,
                            exp.long(),
                            actual.long()
                        ),
                    );
                    self.diags.push(d);
                }
            }
            f.set_operand(fx.op, fx.operand, v);
        }
    }
}
