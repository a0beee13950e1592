//! Byte spans of the values of a JSON document, for diagnostics that point at an entry or a key.
//!
//! serde_json's [`serde_json::Value`] forgets where things are; this module scans the same text
//! once more and records, for every array element and object member, the byte range of the value
//! (and of the key). It is only run on text serde_json already accepted, but it never panics on
//! any input: on malformed text it stops early and the missing parts simply have no span.

use serde_json::Value;

/// The location of one JSON value and of its children.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct JsonNode {
    /// Byte range of the whole value.
    pub start: usize,
    /// One past the last byte of the value.
    pub end: usize,
    /// The children, if the value is an array or an object.
    pub children: Children,
}

/// The children of a [`JsonNode`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Children {
    /// A string, number, boolean or null.
    None,
    /// The elements of an array, in order.
    Array(Vec<JsonNode>),
    /// The members of an object, in order: decoded key, key's byte range, value.
    Object(Vec<(String, (usize, usize), JsonNode)>),
}

/// One step of a path into a JSON document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step<'a> {
    /// An array element.
    Index(usize),
    /// An object member's value.
    Key(&'a str),
}

impl JsonNode {
    /// Scans `text` (one JSON value, optionally surrounded by whitespace).
    pub fn scan(text: &str) -> Option<JsonNode> {
        let mut scanner = Scanner {
            bytes: text.as_bytes(),
            text,
            pos: 0,
        };
        scanner.skip_ws();
        scanner.value(0)
    }

    /// The node at `path`, or the deepest node on the way there that exists.
    pub fn nearest(&self, path: &[Step<'_>]) -> &JsonNode {
        let mut node = self;
        for step in path {
            match node.child(*step) {
                Some(child) => node = child,
                None => break,
            }
        }
        node
    }

    /// The direct child selected by `step`.
    pub fn child(&self, step: Step<'_>) -> Option<&JsonNode> {
        match (&self.children, step) {
            (Children::Array(items), Step::Index(i)) => items.get(i),
            (Children::Object(members), Step::Key(k)) => {
                members.iter().find(|m| m.0 == k).map(|m| &m.2)
            }
            _ => None,
        }
    }
}

/// Nesting deeper than serde_json's own limit is not scanned.
const MAX_DEPTH: usize = 256;

struct Scanner<'t> {
    bytes: &'t [u8],
    text: &'t str,
    pos: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Option<JsonNode> {
        if depth > MAX_DEPTH {
            return None;
        }
        let start = self.pos;
        let children = match self.peek()? {
            b'[' => self.array(depth)?,
            b'{' => self.object(depth)?,
            b'"' => {
                self.string()?;
                Children::None
            }
            _ => {
                self.scalar();
                Children::None
            }
        };
        Some(JsonNode {
            start,
            end: self.pos,
            children,
        })
    }

    fn array(&mut self, depth: usize) -> Option<Children> {
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Some(Children::Array(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek()? {
                b',' => self.pos += 1,
                b']' => {
                    self.pos += 1;
                    return Some(Children::Array(items));
                }
                _ => return None,
            }
        }
    }

    fn object(&mut self, depth: usize) -> Option<Children> {
        self.pos += 1;
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Some(Children::Object(members));
        }
        loop {
            self.skip_ws();
            let key_start = self.pos;
            self.string()?;
            let key_end = self.pos;
            let key = decode_string(self.text.get(key_start..key_end)?)?;
            self.skip_ws();
            if self.peek()? != b':' {
                return None;
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value(depth + 1)?;
            members.push((key, (key_start, key_end), value));
            self.skip_ws();
            match self.peek()? {
                b',' => self.pos += 1,
                b'}' => {
                    self.pos += 1;
                    return Some(Children::Object(members));
                }
                _ => return None,
            }
        }
    }

    /// Skips a string literal, escapes included.
    fn string(&mut self) -> Option<()> {
        if self.peek()? != b'"' {
            return None;
        }
        self.pos += 1;
        loop {
            match self.peek()? {
                b'"' => {
                    self.pos += 1;
                    return Some(());
                }
                b'\\' => self.pos += 2,
                _ => self.pos += 1,
            }
        }
    }

    /// Skips a number, `true`, `false` or `null`.
    fn scalar(&mut self) {
        while let Some(b) = self.peek() {
            if matches!(b, b',' | b']' | b'}' | b' ' | b'\t' | b'\n' | b'\r') {
                break;
            }
            self.pos += 1;
        }
    }
}

/// Decodes a JSON string literal (quotes included) the way serde_json does.
fn decode_string(literal: &str) -> Option<String> {
    match serde_json::from_str::<Value>(literal) {
        Ok(Value::String(s)) => Some(s),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_elements_keys_and_nested_values() {
        let text = r#" [ {"name": "a", "p": [1, {"x\"y": true}]}, 7 ] "#;
        let root = JsonNode::scan(text).expect("valid JSON");
        let at = |path: &[Step<'_>]| {
            let n = root.nearest(path);
            &text[n.start..n.end]
        };
        assert_eq!(at(&[Step::Index(1)]), "7");
        assert_eq!(at(&[Step::Index(0), Step::Key("name")]), "\"a\"");
        let deep = [
            Step::Index(0),
            Step::Key("p"),
            Step::Index(1),
            Step::Key("x\"y"),
        ];
        assert_eq!(at(&deep), "true");
        // A missing step stops at the nearest existing ancestor.
        assert_eq!(
            at(&[Step::Index(0), Step::Key("p"), Step::Index(9)]),
            "[1, {\"x\\\"y\": true}]"
        );
    }

    #[test]
    fn malformed_text_gives_no_tree_and_no_panic() {
        for text in ["[", "{\"a\" 1}", "[1,", "\"abc", "{\"a\":", "[\"\\"] {
            assert_eq!(JsonNode::scan(text), None, "{text}");
        }
    }
}
