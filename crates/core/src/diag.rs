//! Diagnostics as data: every error or warning the core reports about user input.
//!
//! A [`Diagnostic`] carries a severity, a message, a primary [`Span`] and optional secondary
//! labels and notes. Spans point into a [`SourceMap`] owned by one compilation (no global state).
//! The CLI renders diagnostics as caret snippets with [`render`]; the web app maps the same spans
//! onto its editor through [`SourceMap::line_col`].
//!
//! Invariant: a span's byte offsets lie within its file's text (constructors of the files clamp
//! nothing; producers are responsible), and rendering never panics even when they do not.

use codespan_reporting::diagnostic as cr;
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term;

/// Identifies one file of a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range in one file of a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// The file the range lies in.
    pub file: FileId,
    /// First byte of the range.
    pub start: u32,
    /// One past the last byte of the range.
    pub end: u32,
}

impl Span {
    /// A span covering `start..end` of `file`.
    pub fn new(file: FileId, start: u32, end: u32) -> Self {
        Span { file, start, end }
    }

    /// The smallest span covering both `self` and `other` (which must be in the same file;
    /// otherwise `self` is returned).
    pub fn join(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; compilation goes on.
    Note,
    /// Suspicious input; compilation goes on.
    Warning,
    /// The input is rejected.
    Error,
}

crate::named_enum!(Severity, "severity" {
    Note => "note",
    Warning => "warning",
    Error => "error",
});

/// A secondary location with its own message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What about it.
    pub message: String,
}

/// One message about user input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How serious.
    pub severity: Severity,
    /// The headline, a full sentence without a trailing period.
    pub message: String,
    /// The location the message is about, if any.
    pub span: Option<Span>,
    /// Further locations.
    pub labels: Vec<Label>,
    /// Explanations and suggestions shown below the snippet.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// A new diagnostic with no location.
    pub fn new(severity: Severity, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            message: message.into(),
            span: None,
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// An error.
    pub fn error(message: impl Into<String>) -> Self {
        Self::new(Severity::Error, message)
    }

    /// A warning.
    pub fn warning(message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, message)
    }

    /// A note.
    pub fn note(message: impl Into<String>) -> Self {
        Self::new(Severity::Note, message)
    }

    /// The internal error for the `ir` IR failing its verifier after the stage `stage`, with
    /// the verifier's findings as notes. A verifier finding is a compiler bug, never the
    /// user's input, so the message says so.
    pub fn invalid_ir(ir: &str, stage: &str, findings: &[Diagnostic]) -> Self {
        let notes: Vec<&str> = findings.iter().map(|d| d.message.as_str()).collect();
        Self::error(format!(
            "internal error: the {ir} IR is invalid after `{stage}`"
        ))
        .with_note(notes.join("\n"))
    }

    /// Sets the primary location.
    pub fn with_span(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }

    /// Adds a secondary location.
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// True when any diagnostic of the list is an error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}

/// A 1-based line and column (column counted in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LineCol {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub col: u32,
}

/// The source files of one compilation: names and texts, indexed by [`FileId`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

#[derive(Clone, Debug)]
struct SourceFile {
    name: String,
    text: String,
    line_starts: Vec<u32>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i as u32 + 1))
            .collect();
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts,
        });
        FileId(self.files.len() as u32 - 1)
    }

    /// The name of a file (empty for an unknown id).
    pub fn name(&self, file: FileId) -> &str {
        self.files
            .get(file.0 as usize)
            .map_or("", |f| f.name.as_str())
    }

    /// The text of a file (empty for an unknown id).
    pub fn text(&self, file: FileId) -> &str {
        self.files
            .get(file.0 as usize)
            .map_or("", |f| f.text.as_str())
    }

    /// The id of the file with this name, if any.
    pub fn find(&self, name: &str) -> Option<FileId> {
        self.files
            .iter()
            .position(|f| f.name == name)
            .map(|i| FileId(i as u32))
    }

    /// The number of files.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// True when there are no files.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The 1-based line and column of a byte offset (clamped to the file).
    pub fn line_col(&self, file: FileId, offset: u32) -> LineCol {
        let Some(f) = self.files.get(file.0 as usize) else {
            return LineCol { line: 1, col: 1 };
        };
        let offset = offset.min(f.text.len() as u32);
        let line = f.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = f.line_starts[line] as usize;
        let mut end = offset as usize;
        while !f.text.is_char_boundary(end) {
            end -= 1;
        }
        let col = f.text[start..end].chars().count() as u32 + 1;
        LineCol {
            line: line as u32 + 1,
            col,
        }
    }
}

/// Renders diagnostics as plain-text caret snippets, the way the CLI prints them.
pub fn render(sources: &SourceMap, diagnostics: &[Diagnostic]) -> String {
    let mut files = SimpleFiles::new();
    for f in &sources.files {
        files.add(f.name.as_str(), f.text.as_str());
    }
    let config = term::Config::default();
    let mut out = String::new();
    for d in diagnostics {
        let converted = to_codespan(sources, d);
        let mut text = String::new();
        if term::emit_to_string(&mut text, &config, &files, &converted).is_err() {
            // A span outside its file: fall back to the bare message rather than fail.
            out.push_str(&format!("{}: {}\n", d.severity, d.message));
            continue;
        }
        out.push_str(&text);
    }
    out
}

fn to_codespan(sources: &SourceMap, d: &Diagnostic) -> cr::Diagnostic<usize> {
    let severity = match d.severity {
        Severity::Note => cr::Severity::Note,
        Severity::Warning => cr::Severity::Warning,
        Severity::Error => cr::Severity::Error,
    };
    let clamp = |s: Span| {
        let len = sources.text(s.file).len();
        let start = (s.start as usize).min(len);
        let end = (s.end as usize).clamp(start, len);
        (s.file.0 as usize, start..end)
    };
    let mut labels = Vec::new();
    if let Some(span) = d.span.filter(|s| (s.file.0 as usize) < sources.len()) {
        let (file, range) = clamp(span);
        labels.push(cr::Label::primary(file, range));
    }
    for l in d
        .labels
        .iter()
        .filter(|l| (l.span.file.0 as usize) < sources.len())
    {
        let (file, range) = clamp(l.span);
        labels.push(cr::Label::secondary(file, range).with_message(l.message.clone()));
    }
    cr::Diagnostic::new(severity)
        .with_message(d.message.clone())
        .with_labels(labels)
        .with_notes(d.notes.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_characters() {
        let mut map = SourceMap::new();
        let f = map.add("k.c", "int a;\n  é = 1;\n");
        assert_eq!(map.line_col(f, 0), LineCol { line: 1, col: 1 });
        assert_eq!(map.line_col(f, 9), LineCol { line: 2, col: 3 });
        // The byte after the two-byte 'é' is column 4.
        assert_eq!(map.line_col(f, 11), LineCol { line: 2, col: 4 });
        assert_eq!(map.line_col(f, 999).line, 3);
    }

    #[test]
    fn render_shows_message_location_and_note() {
        let mut map = SourceMap::new();
        let f = map.add("k.c", "int *p;\n");
        let d = Diagnostic::error("pointers are not supported")
            .with_span(Span::new(f, 4, 5))
            .with_note("pass an array instead");
        let text = render(&map, &[d]);
        assert!(text.contains("error: pointers are not supported"), "{text}");
        assert!(text.contains("k.c:1:5"), "{text}");
        assert!(text.contains("pass an array instead"), "{text}");
    }

    #[test]
    fn render_survives_spans_out_of_range() {
        let mut map = SourceMap::new();
        let f = map.add("k.c", "x");
        let d = Diagnostic::error("bad").with_span(Span::new(f, 40, 90));
        assert!(render(&map, &[d]).contains("bad"));
        let d = Diagnostic::error("worse").with_span(Span::new(FileId(7), 0, 1));
        assert!(render(&map, &[d]).contains("worse"));
    }
}
