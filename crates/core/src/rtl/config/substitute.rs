//! Parameter substitution (`$NAME`, `${NAME}`) in the configuration fields that support it, and
//! the shell-like word splitting of generator commands.
//!
//! A [`Template`] is parsed once, when the configuration is read, so malformed references are
//! configuration errors. Substitution replaces the references whose name the caller knows (the
//! component's parameters and the backend parameters) and leaves every other reference as
//! written, as the specification asks ("replacing known parameter names").
//!
//! Syntax: `$` followed by the longest run of ASCII letters, digits and `_`; or `${NAME}` where
//! NAME may also contain `-` (parameter names may) and which ends exactly at `}`. A `$` followed
//! by anything else is a literal `$`.

use std::fmt;

/// A string with parameter references.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    text: String,
    pieces: Vec<Piece>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    /// A reference: the parameter name and the text it was written as.
    Var {
        name: String,
        written: String,
    },
}

impl Template {
    /// Parses a string; the error describes a malformed `${…}` reference.
    pub fn parse(text: &str) -> Result<Template, String> {
        let mut pieces = Vec::new();
        let mut literal = String::new();
        let mut rest = text;
        while let Some(dollar) = rest.find('$') {
            literal.push_str(&rest[..dollar]);
            let after = &rest[dollar + 1..];
            let (name, used) = if let Some(braced) = after.strip_prefix('{') {
                let close = braced
                    .find('}')
                    .ok_or_else(|| format!("unterminated `${{` in {text:?}"))?;
                let name = &braced[..close];
                if name.is_empty() || !name.chars().all(is_braced_name_char) {
                    return Err(format!(
                        "invalid parameter reference `${{{name}}}` in {text:?}"
                    ));
                }
                (name, close + 2)
            } else {
                let len = after
                    .find(|c: char| !is_bare_name_char(c))
                    .unwrap_or(after.len());
                (&after[..len], len)
            };
            if name.is_empty() {
                literal.push('$');
            } else {
                if !literal.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut literal)));
                }
                pieces.push(Piece::Var {
                    name: name.to_string(),
                    written: rest[dollar..dollar + 1 + used].to_string(),
                });
            }
            rest = &after[used..];
        }
        literal.push_str(rest);
        if !literal.is_empty() {
            pieces.push(Piece::Text(literal));
        }
        Ok(Template {
            text: text.to_string(),
            pieces,
        })
    }

    /// The text as written in the configuration.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The names referenced, in order of appearance (with repetitions).
    pub fn references(&self) -> impl Iterator<Item = &str> {
        self.pieces.iter().filter_map(|p| match p {
            Piece::Var { name, .. } => Some(name.as_str()),
            Piece::Text(_) => None,
        })
    }

    /// Replaces every reference `lookup` knows; unknown references stay as written.
    pub fn substitute(&self, lookup: impl Fn(&str) -> Option<String>) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Var { name, written } => match lookup(name) {
                    Some(value) => out.push_str(&value),
                    None => out.push_str(written),
                },
            }
        }
        out
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn is_bare_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

fn is_braced_name_char(c: char) -> bool {
    is_bare_name_char(c) || c == '-'
}

/// True when a string parameter value can be put into a generator command without changing how
/// the command splits into words or what a shell would do with it.
pub(crate) fn is_shell_safe(value: &str) -> bool {
    value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-.,:=+/@%".contains(c))
}

/// Splits a command into words like a POSIX shell does for quoting: blanks separate words,
/// `'…'` is literal, `"…"` keeps blanks and honours `\"`, `\\`, `\$` and `` \` ``, and a
/// backslash outside quotes escapes the next character. No expansion of any kind happens.
pub(crate) fn split_words(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err(format!("unterminated `'` in {command:?}")),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('"' | '\\' | '$' | '`')) => w.push(e),
                            Some(other) => {
                                w.push('\\');
                                w.push(other);
                            }
                            None => return Err(format!("unterminated `\"` in {command:?}")),
                        },
                        Some(c) => w.push(c),
                        None => return Err(format!("unterminated `\"` in {command:?}")),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(e) => word.get_or_insert_with(String::new).push(e),
                None => return Err(format!("trailing `\\` in {command:?}")),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(text: &str) -> String {
        let t = Template::parse(text).expect("template");
        t.substitute(|n| match n {
            "SIZE" => Some("2".into()),
            "DATA" => Some("d".into()),
            "DATA_WIDTH" => Some("32".into()),
            "X-Y" => Some("xy".into()),
            _ => None,
        })
    }

    #[test]
    fn substitutes_known_names_and_keeps_the_rest() {
        assert_eq!(sub("$SIZE/$DATA_WIDTH.$DATA"), "2/32.d");
        assert_eq!(sub("a${DATA}b ${X-Y}"), "adb xy");
        assert_eq!(sub("$HOME $ 5$ $$SIZE"), "$HOME $ 5$ $2");
        assert_eq!(sub("${UNKNOWN}-x"), "${UNKNOWN}-x");
    }

    #[test]
    fn malformed_braces_are_errors() {
        assert!(Template::parse("${SIZE")
            .unwrap_err()
            .contains("unterminated"));
        assert!(Template::parse("${}").unwrap_err().contains("invalid"));
        assert!(Template::parse("${A B}").unwrap_err().contains("invalid"));
    }

    #[test]
    fn references_lists_names() {
        let t = Template::parse("$A ${B-C} $A").unwrap();
        assert_eq!(t.references().collect::<Vec<_>>(), ["A", "B-C", "A"]);
    }

    #[test]
    fn splits_words_with_quotes() {
        let w = split_words(r#"gen  a "b c" 'd "e' f\ g "h\"i""#).unwrap();
        assert_eq!(w, ["gen", "a", "b c", "d \"e", "f g", "h\"i"]);
        assert_eq!(split_words(r#""""#).unwrap(), [""]);
        assert!(split_words("a 'b").is_err());
        assert!(split_words("a \"b").is_err());
        assert!(split_words("a \\").is_err());
    }
}
