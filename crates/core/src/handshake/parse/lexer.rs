//! The lexer of the Handshake assembly: an on-demand tokenizer over the source text.
//!
//! It never fails hard: malformed input becomes a [`Tok::Error`] token that the parser turns into
//! a diagnostic. Positions are byte offsets into the text given to [`Lexer::new`], shifted by a
//! base offset so that spans point into the whole file even when one `// -----` case is lexed.

/// A token.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok<'a> {
    /// `%name` or `%name#3` (the `#` index separately).
    Value(&'a str, Option<u32>),
    /// `@name`.
    Symbol(&'a str),
    /// `!dialect.type` (the text after `!`).
    Bang(&'a str),
    /// `#dialect<…>` or `#dialect.name`, verbatim with the `#`.
    Hash(&'a str),
    /// A bare identifier (`handshake.func`, `i32`, `_`).
    Ident(&'a str),
    /// An integer literal (decimal or `0x` hexadecimal, optionally negative).
    Int(&'a str),
    /// A float literal.
    Float(&'a str),
    /// A string literal, unescaped.
    Str(String),
    /// One of `( ) [ ] { } < > , : = ?`.
    Punct(char),
    /// `->`.
    Arrow,
    /// `...`.
    Ellipsis,
    /// End of input.
    Eof,
    /// Something that is not a token, with a description.
    Error(String),
}

impl Tok<'_> {
    /// A short description for "expected X, found Y" messages.
    pub fn describe(&self) -> String {
        match self {
            Tok::Value(n, Some(i)) => format!("'%{n}#{i}'"),
            Tok::Value(n, None) => format!("'%{n}'"),
            Tok::Symbol(s) => format!("'@{s}'"),
            Tok::Bang(s) => format!("'!{s}'"),
            Tok::Hash(s) | Tok::Ident(s) | Tok::Int(s) | Tok::Float(s) => format!("'{s}'"),
            Tok::Str(_) => "a string".to_string(),
            Tok::Punct(c) => format!("'{c}'"),
            Tok::Arrow => "'->'".to_string(),
            Tok::Ellipsis => "'...'".to_string(),
            Tok::Eof => "the end of the input".to_string(),
            Tok::Error(e) => e.clone(),
        }
    }
}

/// A token with its byte range (file offsets).
#[derive(Clone, Debug)]
pub struct Token<'a> {
    /// The token.
    pub tok: Tok<'a>,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

/// The tokenizer.
#[derive(Clone)]
pub struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    base: u32,
}

fn is_id_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'a> Lexer<'a> {
    /// A lexer over `src`, whose first byte is at file offset `base`.
    pub fn new(src: &'a str, base: u32) -> Self {
        Lexer { src, pos: 0, base }
    }

    /// The current file offset.
    pub fn offset(&self) -> u32 {
        self.base + self.pos as u32
    }

    /// The source text from the current position (for raw scans).
    pub fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    /// Advances over `n` bytes of raw text.
    pub fn bump(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.src.len());
    }

    /// Moves back over `n` bytes (to re-read a token).
    pub fn rewind(&mut self, n: usize) {
        self.pos = self.pos.saturating_sub(n);
    }

    /// Skips whitespace and `//` comments.
    pub fn skip_trivia(&mut self) {
        let b = self.src.as_bytes();
        loop {
            while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if b[self.pos..].starts_with(b"//") {
                while self.pos < b.len() && b[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else {
                return;
            }
        }
    }

    fn take_while(&mut self, f: impl Fn(u8) -> bool) -> &'a str {
        let start = self.pos;
        let b = self.src.as_bytes();
        while self.pos < b.len() && f(b[self.pos]) {
            self.pos += 1;
        }
        &self.src[start..self.pos]
    }

    /// The next token.
    pub fn next_token(&mut self) -> Token<'a> {
        self.skip_trivia();
        let start = self.offset();
        let tok = self.lex();
        Token {
            tok,
            start,
            end: self.offset(),
        }
    }

    fn lex(&mut self) -> Tok<'a> {
        let b = self.src.as_bytes();
        let Some(&c) = b.get(self.pos) else {
            return Tok::Eof;
        };
        let next = b.get(self.pos + 1).copied();
        match c {
            b'%' => {
                self.pos += 1;
                let name = self.take_while(is_suffix_char);
                if name.is_empty() {
                    return Tok::Error("'%' must be followed by a value name".into());
                }
                let index = if b.get(self.pos) == Some(&b'#')
                    && b.get(self.pos + 1).is_some_and(u8::is_ascii_digit)
                {
                    self.pos += 1;
                    let digits = self.take_while(|c| c.is_ascii_digit());
                    match digits.parse() {
                        Ok(i) => Some(i),
                        Err(_) => {
                            return Tok::Error(format!("result index '{digits}' is too large"))
                        }
                    }
                } else {
                    None
                };
                Tok::Value(name, index)
            }
            b'@' => {
                self.pos += 1;
                let name = self.take_while(is_suffix_char);
                if name.is_empty() {
                    return Tok::Error("'@' must be followed by a symbol name".into());
                }
                Tok::Symbol(name)
            }
            b'!' => {
                self.pos += 1;
                let name = self.take_while(is_id_char);
                if name.is_empty() {
                    return Tok::Error("'!' must be followed by a type name".into());
                }
                Tok::Bang(name)
            }
            b'#' => self.lex_hash(),
            b'"' => self.lex_string(),
            b'-' if next == Some(b'>') => {
                self.pos += 2;
                Tok::Arrow
            }
            b'-' if next.is_some_and(|d| d.is_ascii_digit()) => self.lex_number(),
            b'0'..=b'9' => self.lex_number(),
            b'.' if b[self.pos..].starts_with(b"...") => {
                self.pos += 3;
                Tok::Ellipsis
            }
            c if is_id_start(c) => Tok::Ident(self.take_while(is_id_char)),
            b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b',' | b':' | b'=' | b'?' => {
                self.pos += 1;
                Tok::Punct(c as char)
            }
            _ => {
                let ch = self.src[self.pos..].chars().next().unwrap_or('?');
                self.pos += ch.len_utf8();
                Tok::Error(format!("unexpected character '{ch}'"))
            }
        }
    }

    fn lex_number(&mut self) -> Tok<'a> {
        let start = self.pos;
        let b = self.src.as_bytes();
        if b[self.pos] == b'-' {
            self.pos += 1;
        }
        if b[self.pos..].starts_with(b"0x") {
            self.pos += 2;
            self.take_while(|c| c.is_ascii_hexdigit());
            return Tok::Int(&self.src[start..self.pos]);
        }
        self.take_while(|c| c.is_ascii_digit());
        let mut float = false;
        if b.get(self.pos) == Some(&b'.') && b.get(self.pos + 1) != Some(&b'.') {
            float = true;
            self.pos += 1;
            self.take_while(|c| c.is_ascii_digit());
        }
        if matches!(b.get(self.pos), Some(b'e' | b'E')) {
            let mut p = self.pos + 1;
            if matches!(b.get(p), Some(b'+' | b'-')) {
                p += 1;
            }
            if b.get(p).is_some_and(u8::is_ascii_digit) {
                float = true;
                self.pos = p;
                self.take_while(|c| c.is_ascii_digit());
            }
        }
        let text = &self.src[start..self.pos];
        if float {
            Tok::Float(text)
        } else {
            Tok::Int(text)
        }
    }

    fn lex_hash(&mut self) -> Tok<'a> {
        let start = self.pos;
        self.pos += 1;
        if self.take_while(is_id_char).is_empty() {
            return Tok::Error("'#' must be followed by an attribute name".into());
        }
        let b = self.src.as_bytes();
        if b.get(self.pos) == Some(&b'<') {
            let mut depth = 0usize;
            let mut in_str = false;
            while self.pos < b.len() {
                let c = b[self.pos];
                self.pos += 1;
                match c {
                    b'\\' if in_str => self.pos += 1,
                    b'"' => in_str = !in_str,
                    b'<' if !in_str => depth += 1,
                    b'>' if !in_str && self.src[..self.pos - 1].ends_with('-') => {}
                    b'>' if !in_str => {
                        depth -= 1;
                        if depth == 0 {
                            return Tok::Hash(&self.src[start..self.pos]);
                        }
                    }
                    _ => {}
                }
            }
            self.pos = self.pos.min(b.len());
            return Tok::Error("unterminated attribute: missing '>'".into());
        }
        Tok::Hash(&self.src[start..self.pos])
    }

    fn lex_string(&mut self) -> Tok<'a> {
        self.pos += 1;
        let mut out = Vec::new();
        let b = self.src.as_bytes();
        while self.pos < b.len() {
            let c = b[self.pos];
            self.pos += 1;
            match c {
                b'"' => return Tok::Str(String::from_utf8_lossy(&out).into_owned()),
                b'\n' => {
                    self.pos -= 1;
                    return Tok::Error("unterminated string".into());
                }
                b'\\' => {
                    let Some(&e) = b.get(self.pos) else { break };
                    self.pos += 1;
                    match e {
                        b'"' | b'\\' => out.push(e),
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        h if h.is_ascii_hexdigit() => {
                            let lo = b.get(self.pos).copied().filter(u8::is_ascii_hexdigit);
                            let Some(lo) = lo else {
                                return Tok::Error("invalid escape in string".into());
                            };
                            self.pos += 1;
                            let hex = [h, lo];
                            let text = std::str::from_utf8(&hex).unwrap_or("00");
                            out.push(u8::from_str_radix(text, 16).unwrap_or(0));
                        }
                        _ => return Tok::Error("invalid escape in string".into()),
                    }
                }
                _ => out.push(c),
            }
        }
        Tok::Error("unterminated string".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        let mut l = Lexer::new(s, 0);
        let mut v = Vec::new();
        loop {
            let t = l.next_token().tok;
            if t == Tok::Eof {
                return v;
            }
            v.push(t);
        }
    }

    #[test]
    fn lexes_values_types_and_attributes() {
        assert_eq!(
            toks("%4:3 = fork [3] %x#1 : <i32> // c"),
            vec![
                Tok::Value("4", None),
                Tok::Punct(':'),
                Tok::Int("3"),
                Tok::Punct('='),
                Tok::Ident("fork"),
                Tok::Punct('['),
                Tok::Int("3"),
                Tok::Punct(']'),
                Tok::Value("x", Some(1)),
                Tok::Punct(':'),
                Tok::Punct('<'),
                Tok::Ident("i32"),
                Tok::Punct('>'),
            ]
        );
        assert_eq!(
            toks("#handshake<deps[<\"a>\" (0)>]> -0.5e+00 -> ..."),
            vec![
                Tok::Hash("#handshake<deps[<\"a>\" (0)>]>"),
                Tok::Float("-0.5e+00"),
                Tok::Arrow,
                Tok::Ellipsis
            ]
        );
        assert_eq!(toks("\"a\\\"b\\0A\""), vec![Tok::Str("a\"b\n".into())]);
    }
}
