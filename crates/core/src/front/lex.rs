//! The C lexer: turns one file's text into preprocessing tokens with spans.
//!
//! Comments become whitespace, backslash-newline continues a line, and every token records
//! whether it starts a line (the preprocessor needs that to find directives) and whether
//! whitespace precedes it. Invalid characters and unterminated comments or literals produce
//! diagnostics; the lexer never fails and never panics.

use crate::diag::{Diagnostic, FileId, Span};

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub enum TokKind {
    /// An identifier or keyword.
    Ident,
    /// A preprocessing number (classified by the parser).
    Number,
    /// A character literal, with its value.
    Char(i64),
    /// A string literal, with its (unescaped) contents.
    Str(String),
    /// A punctuator; the token text says which.
    Punct,
}

/// One token: its kind, its exact text and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// The kind.
    pub kind: TokKind,
    /// The spelling.
    pub text: String,
    /// Where the token (or the macro invocation that produced it) is.
    pub span: Span,
    /// First token of a logical line.
    pub line_start: bool,
    /// Whitespace precedes the token.
    pub space_before: bool,
    /// Macros that must not expand this token again (the preprocessor's hide set).
    pub hide: Vec<u32>,
}

impl Token {
    /// True when this is the punctuator `p`.
    pub fn is_punct(&self, p: &str) -> bool {
        self.kind == TokKind::Punct && self.text == p
    }

    /// True when this is the identifier or keyword `name`.
    pub fn is_ident(&self, name: &str) -> bool {
        self.kind == TokKind::Ident && self.text == name
    }
}

const PUNCTS: [&str; 48] = [
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", "[", "]", "(", ")", "{", "}", ".", "&", "*",
    "+", "-", "~", "!", "/", "%", "<", ">", "^", "|", "?", ":", ";", "=", ",", "#",
];

/// Lexes one file's text.
pub fn lex(file: FileId, text: &str, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    Lexer {
        file,
        src: text.as_bytes(),
        pos: 0,
        out: Vec::new(),
        diags,
    }
    .run()
}

struct Lexer<'a, 'd> {
    file: FileId,
    src: &'a [u8],
    pos: usize,
    out: Vec<Token>,
    diags: &'d mut Vec<Diagnostic>,
}

impl Lexer<'_, '_> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start as u32, end as u32)
    }

    fn peek(&self, k: usize) -> u8 {
        self.src.get(self.pos + k).copied().unwrap_or(0)
    }

    fn run(mut self) -> Vec<Token> {
        let mut line_start = true;
        loop {
            let mut space = false;
            // Skip whitespace, comments and line continuations.
            loop {
                match (self.peek(0), self.peek(1)) {
                    (b'\n', _) => {
                        line_start = true;
                        space = true;
                        self.pos += 1;
                    }
                    (b' ' | b'\t' | b'\r' | 0x0b | 0x0c, _) => {
                        space = true;
                        self.pos += 1;
                    }
                    (b'\\', b'\n') => self.pos += 2,
                    (b'\\', b'\r') if self.peek(2) == b'\n' => self.pos += 3,
                    (b'/', b'/') => {
                        while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                            if self.src[self.pos] == b'\\' && self.peek(1) == b'\n' {
                                self.pos += 1;
                            }
                            self.pos += 1;
                        }
                        space = true;
                    }
                    (b'/', b'*') => {
                        let start = self.pos;
                        self.pos += 2;
                        loop {
                            if self.pos >= self.src.len() {
                                self.diags.push(
                                    Diagnostic::error("unterminated comment")
                                        .with_span(self.span(start, start + 2))
                                        .with_note("close the comment with `*/`"),
                                );
                                break;
                            }
                            if self.src[self.pos] == b'*' && self.peek(1) == b'/' {
                                self.pos += 2;
                                break;
                            }
                            self.pos += 1;
                        }
                        space = true;
                    }
                    _ => break,
                }
            }
            if self.pos >= self.src.len() {
                return self.out;
            }
            let start = self.pos;
            let kind = self.token();
            let end = self.pos.max(start + 1).min(self.src.len());
            self.pos = end;
            if let Some(kind) = kind {
                let text = String::from_utf8_lossy(&self.src[start..end]).into_owned();
                self.out.push(Token {
                    kind,
                    text,
                    span: self.span(start, end),
                    line_start,
                    space_before: space,
                    hide: Vec::new(),
                });
                line_start = false;
            }
        }
    }

    /// Lexes one token starting at `self.pos`, advancing past it; `None` for an invalid
    /// character (already reported).
    fn token(&mut self) -> Option<TokKind> {
        let c = self.peek(0);
        if c.is_ascii_alphabetic() || c == b'_' {
            while self.peek(0).is_ascii_alphanumeric() || self.peek(0) == b'_' {
                self.pos += 1;
            }
            return Some(TokKind::Ident);
        }
        if c.is_ascii_digit() || (c == b'.' && self.peek(1).is_ascii_digit()) {
            loop {
                let d = self.peek(0);
                if matches!(d, b'e' | b'E' | b'p' | b'P') && matches!(self.peek(1), b'+' | b'-') {
                    self.pos += 2;
                } else if d.is_ascii_alphanumeric() || d == b'.' || d == b'_' {
                    self.pos += 1;
                } else {
                    break;
                }
            }
            return Some(TokKind::Number);
        }
        if c == b'\'' || c == b'"' {
            return self.quoted(c);
        }
        for p in PUNCTS {
            if self.src[self.pos..].starts_with(p.as_bytes()) {
                self.pos += p.len();
                return Some(TokKind::Punct);
            }
        }
        // Skip a whole UTF-8 character so the span stays on a character boundary.
        let start = self.pos;
        self.pos += 1;
        while self.pos < self.src.len() && (self.src[self.pos] & 0xC0) == 0x80 {
            self.pos += 1;
        }
        let ch = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
        self.diags.push(
            Diagnostic::error(format!("unexpected character `{ch}`"))
                .with_span(self.span(start, self.pos)),
        );
        None
    }

    fn quoted(&mut self, quote: u8) -> Option<TokKind> {
        let start = self.pos;
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            let c = self.peek(0);
            if self.pos >= self.src.len() || c == b'\n' {
                let what = if quote == b'"' { "string" } else { "character" };
                self.diags.push(
                    Diagnostic::error(format!("unterminated {what} literal"))
                        .with_span(self.span(start, self.pos)),
                );
                break;
            }
            self.pos += 1;
            if c == quote {
                break;
            }
            if c == b'\\' {
                bytes.push(self.escape());
            } else {
                bytes.push(c);
            }
        }
        if quote == b'"' {
            return Some(TokKind::Str(String::from_utf8_lossy(&bytes).into_owned()));
        }
        if bytes.len() != 1 {
            self.diags.push(
                Diagnostic::error("a character literal must hold exactly one character")
                    .with_span(self.span(start, self.pos)),
            );
        }
        // Plain `char` is signed on x86-64.
        Some(TokKind::Char(bytes.first().map_or(0, |&b| b as i8 as i64)))
    }

    fn escape(&mut self) -> u8 {
        let c = self.peek(0);
        self.pos += 1;
        match c {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'x' => {
                let mut v: u32 = 0;
                while self.peek(0).is_ascii_hexdigit() {
                    v = (v * 16 + (self.peek(0) as char).to_digit(16).unwrap_or(0)) & 0xff;
                    self.pos += 1;
                }
                v as u8
            }
            b'0'..=b'7' => {
                let mut v: u32 = (c - b'0') as u32;
                for _ in 0..2 {
                    if matches!(self.peek(0), b'0'..=b'7') {
                        v = (v * 8 + (self.peek(0) - b'0') as u32) & 0xff;
                        self.pos += 1;
                    }
                }
                v as u8
            }
            0 => {
                self.pos -= 1;
                0
            }
            other => other,
        }
    }
}
