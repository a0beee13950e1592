//! Where an operation came from in the C source: a file name and a line/column range, and the
//! C variable its results carry, if any. Printed after the operation's type as MLIR prints
//! locations: `loc("fir.c":7:5 to 7:21)`, or, with a variable, as a named location
//! `loc("tmp"("fir.c":7:5 to 7:21))`.
//!
//! Unlike [`super::SourceLoc`] (a span in this compilation's sources, for diagnostics), an
//! origin is self-contained text, so it survives printing and parsing and needs no source map.
//! Like source locations, origins never make two IRs different (`==` ignores them).
//!
//! Invariant: `start <= end` (line, then column); lines and columns are 1-based; the end column
//! is the last character's column plus one, as MLIR's file-line-column ranges count.

use crate::diag::LineCol;
use std::fmt;
use std::sync::Arc;

/// The C source range an op came from and the C variable its results hold.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Origin {
    /// The C variable the op's results carry (`tmp`, `i`), if any.
    pub var: Option<Arc<str>>,
    /// The file's name as the compilation knows it (`fir.c`).
    pub file: Arc<str>,
    /// The range's first character.
    pub start: LineCol,
    /// One past the range's last character.
    pub end: LineCol,
}

impl Origin {
    /// The same range with the variable `var` (or none).
    pub fn with_var(&self, var: Option<Arc<str>>) -> Origin {
        Origin {
            var,
            ..self.clone()
        }
    }

    /// The lines the range covers, first to last.
    pub fn lines(&self) -> std::ops::RangeInclusive<u32> {
        self.start.line..=self.end.line.max(self.start.line)
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let range = format!(
            "{}:{}:{} to {}:{}",
            quoted(&self.file),
            self.start.line,
            self.start.col,
            self.end.line,
            self.end.col
        );
        match &self.var {
            Some(v) => write!(f, "loc({}({range}))", quoted(v)),
            None => write!(f, "loc({range})"),
        }
    }
}

/// A string literal as MLIR writes it (`"` and `\` escaped).
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Reads a location's text, `loc(` and `)` excluded: `"f.c":3:5`, `"f.c":3:5 to 4:2`,
/// `"f.c":3:5 to :9` (same line) or a named location `"tmp"("f.c":3:5 to 3:9)`. Returns `None`
/// for every other location (`unknown`, aliases such as `#loc3`, fused locations), which the
/// parser accepts and drops.
pub fn parse_origin(text: &str) -> Option<Origin> {
    let text = text.trim();
    let (first, rest) = string_literal(text)?;
    let rest = rest.trim_start();
    if let Some(inner) = rest.strip_prefix('(') {
        let inner = inner.trim_end().strip_suffix(')')?;
        let mut origin = parse_origin(inner)?;
        if origin.var.is_some() {
            return None;
        }
        origin.var = Some(first.into());
        return Some(origin);
    }
    let rest = rest.strip_prefix(':')?;
    let (start_text, end_text) = match rest.split_once(" to ") {
        Some((s, e)) => (s.trim(), Some(e.trim())),
        None => (rest.trim(), None),
    };
    let start = line_col(start_text)?;
    let end = match end_text {
        None => start,
        Some(e) => match e.strip_prefix(':') {
            Some(col) => LineCol {
                line: start.line,
                col: col.parse().ok()?,
            },
            None => line_col(e)?,
        },
    };
    ((start.line, start.col) <= (end.line, end.col) && start.line > 0 && start.col > 0).then(|| {
        Origin {
            var: None,
            file: first.into(),
            start,
            end,
        }
    })
}

/// `line:col`.
fn line_col(text: &str) -> Option<LineCol> {
    let (l, c) = text.split_once(':')?;
    Some(LineCol {
        line: l.trim().parse().ok()?,
        col: c.trim().parse().ok()?,
    })
}

/// A leading `"…"` literal (with `\"` and `\\` escapes) and the text after it.
fn string_literal(text: &str) -> Option<(String, &str)> {
    let body = text.strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &body[i + 1..])),
            '\\' => out.push(chars.next()?.1),
            c => out.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lc(line: u32, col: u32) -> LineCol {
        LineCol { line, col }
    }

    #[test]
    fn prints_and_reads_back_ranges_and_named_ranges() {
        let o = Origin {
            var: None,
            file: "dir/fir \"x\".c".into(),
            start: lc(7, 5),
            end: lc(8, 2),
        };
        assert_eq!(o.to_string(), r#"loc("dir/fir \"x\".c":7:5 to 8:2)"#);
        let named = o.with_var(Some("tmp".into()));
        assert_eq!(
            named.to_string(),
            r#"loc("tmp"("dir/fir \"x\".c":7:5 to 8:2))"#
        );
        for x in [o, named] {
            let text = x.to_string();
            let inner = &text["loc(".len()..text.len() - 1];
            assert_eq!(parse_origin(inner), Some(x));
        }
    }

    #[test]
    fn reads_mlir_spellings_and_drops_the_others() {
        let point = parse_origin(r#""k.c":3:9"#).unwrap();
        assert_eq!((point.start, point.end), (lc(3, 9), lc(3, 9)));
        let same_line = parse_origin(r#""k.c":3:9 to :14"#).unwrap();
        assert_eq!(same_line.end, lc(3, 14));
        for other in [
            "unknown",
            "#loc3",
            "fused[#loc1, #loc2]",
            r#""k.c":5:9 to 4:1"#,
            r#""k.c""#,
        ] {
            assert_eq!(parse_origin(other), None, "{other}");
        }
    }
}
