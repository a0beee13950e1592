//! C syntax highlighting and diagnostic markers as escaped HTML for the editor's overlay layers.
//!
//! The editor is a transparent `<textarea>` over `<pre>` layers that repeat the same text with
//! colours (this module's [`highlight`]) or with underlined ranges ([`markers`]). Each layer
//! must contain exactly the text's characters, in order, so their glyphs line up.
//!
//! Invariant (security): every character of user text reaches the HTML only through
//! [`escape`]; the only markup emitted is `<span class="…" title="…">` with fixed class names
//! and escaped titles. A source holding `<script>` shows as text.

use rivulet_core::diag::Severity;
use std::fmt::Write as _;

/// The kind of a token, i.e. its CSS class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// `// …` and `/* … */`.
    Comment,
    /// `#include …`, `#define …` up to the end of the line.
    Preprocessor,
    /// `"…"` and `'…'`.
    String,
    /// Integer and floating literals.
    Number,
    /// Statement and qualifier keywords.
    Keyword,
    /// Built-in and `<stdint.h>` type names.
    Type,
    /// An identifier followed by `(`.
    Function,
    /// Anything else (identifiers, operators, spaces).
    Plain,
}

impl Token {
    fn class(self) -> Option<&'static str> {
        Some(match self {
            Token::Comment => "tok-comment",
            Token::Preprocessor => "tok-pre",
            Token::String => "tok-str",
            Token::Number => "tok-num",
            Token::Keyword => "tok-kw",
            Token::Type => "tok-type",
            Token::Function => "tok-fn",
            Token::Plain => return None,
        })
    }
}

const KEYWORDS: &[&str] = &[
    "break", "case", "const", "continue", "default", "do", "else", "for", "goto", "if", "return",
    "sizeof", "static", "switch", "typedef", "while", "extern", "inline", "restrict", "volatile",
    "struct", "union", "enum",
];

const TYPES: &[&str] = &[
    "void",
    "char",
    "short",
    "int",
    "long",
    "float",
    "double",
    "signed",
    "unsigned",
    "bool",
    "_Bool",
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
    "size_t",
    "in_int_t",
    "out_int_t",
    "inout_int_t",
];

/// Splits `src` into `(kind, byte range)` tokens covering every byte, in order.
pub fn tokenize(src: &str) -> Vec<(Token, std::ops::Range<usize>)> {
    let bytes = src.as_bytes();
    let mut tokens: Vec<(Token, std::ops::Range<usize>)> = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let start = i;
        let b = bytes[i];
        let kind = if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            i = line_end(bytes, i);
            Token::Comment
        } else if b == b'/' && bytes.get(i + 1) == Some(&b'*') {
            i = find(bytes, i + 2, b"*/").map_or(bytes.len(), |e| e + 2);
            Token::Comment
        } else if b == b'#' && line_start {
            i = line_end(bytes, i);
            Token::Preprocessor
        } else if b == b'"' || b == b'\'' {
            i = string_end(bytes, i);
            Token::String
        } else if b.is_ascii_digit()
            || (b == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.') {
                i += 1;
            }
            Token::Number
        } else if b.is_ascii_alphabetic() || b == b'_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            classify_word(&src[start..i], bytes, i)
        } else {
            // One character (whole UTF-8 sequence) of anything else.
            i += src[i..].chars().next().map_or(1, char::len_utf8);
            Token::Plain
        };
        if b == b'\n' {
            line_start = true;
        } else if !b.is_ascii_whitespace() {
            line_start = false;
        }
        match tokens.last_mut() {
            Some((Token::Plain, range)) if kind == Token::Plain => range.end = i,
            _ => tokens.push((kind, start..i)),
        }
    }
    tokens
}

fn classify_word(word: &str, bytes: &[u8], after: usize) -> Token {
    if KEYWORDS.contains(&word) {
        Token::Keyword
    } else if TYPES.contains(&word) {
        Token::Type
    } else {
        let next = bytes[after..].iter().find(|b| !matches!(b, b' ' | b'\t'));
        if next == Some(&b'(') {
            Token::Function
        } else {
            Token::Plain
        }
    }
}

fn line_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < bytes.len() && bytes[i] != b'\n' {
        // A backslash-newline continues a preprocessor line or a comment.
        if bytes[i] == b'\\' && bytes.get(i + 1) == Some(&b'\n') {
            i += 1;
        }
        i += 1;
    }
    i
}

fn string_end(bytes: &[u8], from: usize) -> usize {
    let quote = bytes[from];
    let mut i = from + 1;
    while i < bytes.len() && bytes[i] != b'\n' {
        if bytes[i] == b'\\' {
            i += 1;
        } else if bytes[i] == quote {
            return i + 1;
        }
        i += 1;
    }
    i.min(bytes.len())
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// Escapes text for an HTML text node or a double-quoted attribute value.
pub fn escape(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// The highlighted HTML of `src` (plus a final newline so the layer is as tall as the text area).
pub fn highlight(src: &str) -> String {
    let mut out = String::with_capacity(src.len() * 2);
    for (kind, range) in tokenize(src) {
        match kind.class() {
            Some(class) => {
                let _ = write!(out, "<span class=\"{class}\">");
                escape(&src[range], &mut out);
                out.push_str("</span>");
            }
            None => escape(&src[range], &mut out),
        }
    }
    out.push('\n');
    out
}

/// A range of `src` to underline, with its severity class and tooltip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// How serious (its name is the CSS class).
    pub severity: Severity,
    /// Shown on hover.
    pub title: String,
}

/// The marker layer's HTML: `src` with each marker's range wrapped in an underlining span.
/// Ranges are clamped to the text and to character boundaries; overlaps are trimmed; an empty
/// range marks the character after it (or a space at the end of its line).
pub fn markers(src: &str, markers: &[Marker]) -> String {
    let mut sorted: Vec<&Marker> = markers.iter().collect();
    sorted.sort_by_key(|m| (m.start, m.end));
    let mut out = String::with_capacity(src.len() + 64 * markers.len());
    let mut at = 0;
    for m in sorted {
        let start = floor_boundary(src, m.start.max(at));
        let mut end = floor_boundary(src, m.end.min(src.len()).max(start));
        if end == start {
            end = src[start..]
                .chars()
                .next()
                .filter(|&c| c != '\n')
                .map_or(start, |c| start + c.len_utf8());
        }
        escape(&src[at..start], &mut out);
        let _ = write!(out, "<span class=\"mark mark-{}\" title=\"", m.severity);
        escape(&m.title, &mut out);
        out.push_str("\">");
        if end == start {
            out.push(' ');
        } else {
            escape(&src[start..end], &mut out);
        }
        out.push_str("</span>");
        at = end;
    }
    escape(&src[at..], &mut out);
    out.push('\n');
    out
}

fn floor_boundary(src: &str, mut i: usize) -> usize {
    i = i.min(src.len());
    while !src.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The gutter's HTML: line numbers 1..=lines, the lines in `flagged` (line, severity, title)
/// wrapped in a span with the severity class and tooltip.
pub fn gutter(lines: usize, flagged: &[(u32, Severity, String)]) -> String {
    let mut out = String::with_capacity(lines * 5);
    for line in 1..=lines.max(1) {
        match flagged.iter().find(|(l, _, _)| *l as usize == line) {
            Some((_, severity, title)) => {
                let _ = write!(out, "<span class=\"ln ln-{severity}\" title=\"");
                escape(title, &mut out);
                let _ = writeln!(out, "\">{line}</span>");
            }
            None => {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    out
}
