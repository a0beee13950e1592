//! Reading configuration files: JSON text → DTOs → [`RtlConfig`], with diagnostics that name the
//! file, the entry (its 0-based index and its `name`) and the key (a path such as
//! `parameters[1].lb`), and whose span points at the offending text.
//!
//! Every problem of every file is reported (not only the first); a file that is not valid JSON
//! gets one diagnostic at the position serde_json gives. An entry that fails is left out, and the
//! configuration is only returned when no error was found, so a broken specialised entry can never
//! silently let a later fallback entry match instead.

use super::dto::EntryDto;
use super::entry::build_component;
use super::model::{RtlComponent, RtlConfig};
use super::spans::{Children, JsonNode, Step};
use crate::diag::{has_errors, Diagnostic, FileId, SourceMap, Span};
use serde_json::Value;
use std::fmt::Write as _;

impl RtlConfig {
    /// Parses and validates configuration files given as `(name, text)`, evaluated in the order
    /// given. Each file is added to `sources` so that the diagnostics' spans can be rendered.
    /// Returns the configuration when there is no error, and every diagnostic (warnings included).
    pub fn from_files(
        sources: &mut SourceMap,
        files: &[(&str, &str)],
    ) -> (Option<RtlConfig>, Vec<Diagnostic>) {
        let mut components = Vec::new();
        let mut diags = Vec::new();
        let mut dependencies = Vec::new();
        let mut names = Vec::new();
        for (name, text) in files {
            let file = sources.add(*name, *text);
            let mut out = FileOutput {
                components: &mut components,
                dependencies: &mut dependencies,
                names: &mut names,
                diags: &mut diags,
            };
            parse_file(file, name, text, &mut out);
        }
        for dep in dependencies {
            if !names.contains(&dep.name) {
                diags.push(dep.diagnostic);
            }
        }
        // Report in file and position order (dependency checks come last otherwise).
        diags.sort_by_key(|d| d.span.map(|s| (s.file, s.start)));
        if has_errors(&diags) {
            (None, diags)
        } else {
            (Some(RtlConfig { components }), diags)
        }
    }
}

/// A dependency named by some entry, checked once all files are read.
pub(crate) struct PendingDependency {
    /// The component name it refers to.
    pub name: String,
    /// The error to report if no component has that name.
    pub diagnostic: Diagnostic,
}

/// Where the results of parsing one file go.
struct FileOutput<'o> {
    components: &'o mut Vec<RtlComponent>,
    dependencies: &'o mut Vec<PendingDependency>,
    /// The names of all entries, valid or not (a dependency on a broken entry is not reported
    /// as unknown: the entry's own error is).
    names: &'o mut Vec<String>,
    diags: &'o mut Vec<Diagnostic>,
}

fn parse_file(file: FileId, name: &str, text: &str, out: &mut FileOutput<'_>) {
    let diags = &mut *out.diags;
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let span = error_span(file, text, 0, &e);
            let message = format!("{name}: invalid JSON: {}", serde_message(&e));
            diags.push(Diagnostic::error(message).with_span(span));
            return;
        }
    };
    let Value::Array(items) = &value else {
        diags.push(
            Diagnostic::error(format!(
                "{name}: an RTL configuration must be a JSON array of components, found {}",
                describe(&value)
            ))
            .with_span(Span::new(file, 0, text.trim_end().len() as u32)),
        );
        return;
    };
    let Some(root) = JsonNode::scan(text) else {
        // serde_json accepted the text, so the scanner cannot fail; report rather than panic.
        diags.push(Diagnostic::error(format!(
            "{name}: could not locate the entries"
        )));
        return;
    };
    for (index, item) in items.iter().enumerate() {
        let Some(node) = root.child(Step::Index(index)) else {
            continue;
        };
        out.names
            .extend(item.get("name").and_then(Value::as_str).map(str::to_string));
        let entry = EntryCtx {
            file,
            file_name: name,
            index,
            name: item.get("name").and_then(Value::as_str),
            node,
        };
        let slice = text.get(node.start..node.end).unwrap_or_default();
        match serde_json::from_str::<EntryDto>(slice) {
            Ok(dto) => {
                let before = diags.len();
                let built = build_component(&entry, dto, out.dependencies, diags);
                if let Some(component) = built.filter(|_| !has_errors(&diags[before..])) {
                    out.components.push(component);
                }
            }
            Err(e) => {
                let span = error_span(file, slice, node.start, &e);
                let path = path_at(node, span.start as usize);
                diags.push(entry.error_at(span, &path, serde_message(&e)));
            }
        }
    }
}

/// Where an entry lies, for locating and wording its diagnostics.
pub(crate) struct EntryCtx<'a> {
    pub file: FileId,
    pub file_name: &'a str,
    pub index: usize,
    /// The entry's `name`, when it has a string one.
    pub name: Option<&'a str>,
    pub node: &'a JsonNode,
}

impl EntryCtx<'_> {
    /// The span of the value at `path` (or of its nearest existing ancestor).
    pub fn span(&self, path: &[Step<'_>]) -> Span {
        let n = self.node.nearest(path);
        Span::new(self.file, n.start as u32, n.end as u32)
    }

    /// The span of the entry object.
    pub fn whole(&self) -> Span {
        self.span(&[])
    }

    /// An error about the value at `path`.
    pub fn error(&self, path: &[Step<'_>], message: impl AsRef<str>) -> Diagnostic {
        self.error_at(self.span(path), &format_path(path), message)
    }

    /// A warning about the value at `path`.
    pub fn warning(&self, path: &[Step<'_>], message: impl AsRef<str>) -> Diagnostic {
        let mut d = self.error(path, message);
        d.severity = crate::diag::Severity::Warning;
        d
    }

    /// An error at `span`, about the key at the already formatted `path`.
    fn error_at(&self, span: Span, path: &str, message: impl AsRef<str>) -> Diagnostic {
        let mut text = format!("{}: entry {}", self.file_name, self.index);
        if let Some(name) = self.name {
            let _ = write!(text, " (`{name}`)");
        }
        if !path.is_empty() {
            let _ = write!(text, ", key `{path}`");
        }
        let _ = write!(text, ": {}", message.as_ref());
        Diagnostic::error(text).with_span(span)
    }
}

/// Formats a path as `key[1].other`.
fn format_path(path: &[Step<'_>]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Index(i) => {
                let _ = write!(out, "[{i}]");
            }
            Step::Key(k) if out.is_empty() => out.push_str(k),
            Step::Key(k) => {
                let _ = write!(out, ".{k}");
            }
        }
    }
    out
}

/// The path of the deepest value (or key) of `node` containing byte `offset`.
fn path_at(node: &JsonNode, offset: usize) -> String {
    let mut steps = Vec::new();
    let mut node = node;
    loop {
        let next = match &node.children {
            Children::Array(items) => items
                .iter()
                .enumerate()
                .find(|(_, n)| n.start <= offset && offset < n.end)
                .map(|(i, n)| (Step::Index(i), Some(n))),
            // A member spans from its key to the end of its value; an offset between the two
            // (serde_json reports some value errors just before the value) names the key.
            Children::Object(members) => members.iter().find_map(|(k, (ks, _), n)| {
                if n.start <= offset && offset < n.end {
                    Some((Step::Key(k.as_str()), Some(n)))
                } else if *ks <= offset && offset < n.end {
                    Some((Step::Key(k.as_str()), None))
                } else {
                    None
                }
            }),
            Children::None => None,
        };
        match next {
            Some((step, child)) => {
                steps.push(step);
                match child {
                    Some(child) => node = child,
                    None => break,
                }
            }
            None => break,
        }
    }
    format_path(&steps)
}

/// A short description of a JSON value's kind.
fn describe(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// serde_json's message without its trailing " at line L column C".
fn serde_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let position = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&position).unwrap_or(&text).to_string()
}

/// The one-character span serde_json's error position designates in `text`, which starts at
/// byte `base` of `file`. serde_json counts lines from 1 and columns in bytes, the column being
/// the number of bytes of the line consumed when the error was found.
fn error_span(file: FileId, text: &str, base: usize, e: &serde_json::Error) -> Span {
    let line_start = if e.line() <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(e.line() - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    let mut at = (line_start + e.column().saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    // serde_json reports some value errors at the blank before the value: point at the value.
    let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n');
    if text.as_bytes().get(at).is_some_and(blank) {
        let skip = text.as_bytes()[at..]
            .iter()
            .take_while(|b| blank(b))
            .count();
        if at + skip < text.len() {
            at += skip;
        }
    }
    let end = at + text[at..].chars().next().map_or(0, char::len_utf8);
    Span::new(file, (base + at) as u32, (base + end) as u32)
}
