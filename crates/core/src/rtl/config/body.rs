//! The text of a concretized module, or how the caller obtains it: a template copied from the
//! [`TemplateSource`], the output of a built-in generator (`rivulet-gen <unit> …`), or — only
//! when the caller allowed external generators — a command handed back to the caller to run.
//!
//! Invariant: no string parameter value that could change how a generator command splits into
//! words (or what a shell does with it) is ever substituted into one; such requests are errors.

use super::concretize::ConcretizeOptions;
use super::matching::RtlMatch;
use super::model::RtlParamValue;
use super::sources::{GeneratorCall, GeneratorRegistry, TemplateSource, BUILTIN_GENERATOR};
use super::substitute::{is_shell_safe, split_words};
use crate::diag::Diagnostic;

/// The text of a concretized module, or the command that produces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModuleBody {
    /// A generic template, copied as is.
    Template {
        /// The resolved template path.
        path: String,
        /// The template's text.
        text: String,
    },
    /// The output of a built-in generator.
    Generated {
        /// The generator's unit name.
        unit: String,
        /// The generated text.
        text: String,
    },
    /// An external generator the caller must run (only with `allow_external_generators`).
    External(ExternalCommand),
}

/// An external generator command, to be run by the caller in a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalCommand {
    /// The substituted command line.
    pub command: String,
    /// The directory the generator writes into (`$OUTPUT_DIR`, which must exist).
    pub output_dir: String,
    /// The file the generator is expected to create: `$OUTPUT_DIR/$MODULE_NAME.<ext>`.
    pub output_file: String,
}

/// What producing a module body needs from the caller.
pub(super) struct Bodies<'a> {
    pub templates: &'a dyn TemplateSource,
    pub generators: &'a dyn GeneratorRegistry,
    pub options: &'a ConcretizeOptions,
}

impl Bodies<'_> {
    /// The template at `path` (already substituted).
    pub fn template(&self, m: &RtlMatch<'_>, path: String) -> Result<ModuleBody, Diagnostic> {
        match self.templates.read(&path) {
            Some(text) => Ok(ModuleBody::Template {
                path,
                text: text.to_string(),
            }),
            None => Err(entry_error(
                m,
                format!("the template `{path}` does not exist"),
            )),
        }
    }

    /// The body of a generated module, from its substituted `command`.
    pub fn generator(
        &self,
        m: &RtlMatch<'_>,
        command: String,
        module_name: &str,
    ) -> Result<ModuleBody, Diagnostic> {
        for (name, value) in &m.values {
            if let RtlParamValue::String(s) = value {
                if !is_shell_safe(s) {
                    let msg = format!(
                        "parameter `{name}` = {s:?} cannot be put into a generator command \
                         (only letters, digits and `_-.,:=+/@%` are allowed)"
                    );
                    return Err(entry_error(m, msg));
                }
            }
        }
        let words = split_words(&command).map_err(|msg| entry_error(m, msg))?;
        if words.first().map(String::as_str) == Some(BUILTIN_GENERATOR) {
            return self.run_builtin(m, &words[1..], module_name);
        }
        if !self.options.allow_external_generators {
            let msg = format!("refusing to run the external generator command `{command}`");
            return Err(entry_error(m, msg).with_note(
                "a configuration file may only name built-in generators (`rivulet-gen <unit> …`) \
                 unless external generators are explicitly allowed (`--allow-generators`)",
            ));
        }
        let dir = &self.options.output_dir;
        Ok(ModuleBody::External(ExternalCommand {
            output_file: format!("{dir}/{module_name}.{}", m.component.hdl.extension()),
            output_dir: dir.clone(),
            command,
        }))
    }

    fn run_builtin(
        &self,
        m: &RtlMatch<'_>,
        words: &[String],
        module_name: &str,
    ) -> Result<ModuleBody, Diagnostic> {
        let Some(unit) = words.first() else {
            let msg = format!("`{BUILTIN_GENERATOR}` needs a unit name");
            return Err(entry_error(m, msg));
        };
        let Some(generator) = self.generators.lookup(unit) else {
            let msg = format!("there is no built-in generator `{unit}`");
            return Err(entry_error(m, msg));
        };
        let json = m
            .component
            .use_json_config
            .as_ref()
            .map(|_| json_object(&m.request_parameters));
        let call = GeneratorCall {
            unit,
            args: &words[1..],
            module_name,
            hdl: m.component.hdl,
            parameters: &m.values,
            json_config: json.as_deref(),
        };
        let origin = &m.component.origin;
        let note = format!("while generating `{module_name}` for {origin}");
        let text = generator(&call).map_err(|d| d.with_note(note))?;
        Ok(ModuleBody::Generated {
            unit: unit.clone(),
            text,
        })
    }
}

/// An error about the matched component's entry.
fn entry_error(m: &RtlMatch<'_>, message: String) -> Diagnostic {
    let c = m.component;
    Diagnostic::error(format!("{} (`{}`): {message}", c.origin, c.name))
        .with_span(c.origin.name_span)
}

/// A JSON object of parameters, in the given order (unsigned as numbers, strings as strings).
pub(super) fn json_object(parameters: &[(String, RtlParamValue)]) -> String {
    let members: Vec<String> = parameters
        .iter()
        .map(|(name, value)| {
            let v = match value {
                RtlParamValue::Unsigned(u) => serde_json::Value::from(*u),
                RtlParamValue::String(s) => serde_json::Value::from(s.as_str()),
            };
            format!("  {}: {v}", serde_json::Value::from(name.as_str()))
        })
        .collect();
    if members.is_empty() {
        "{}\n".to_string()
    } else {
        format!("{{\n{}\n}}\n", members.join(",\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_object_keeps_request_order_and_escapes() {
        let p = vec![
            ("B".to_string(), RtlParamValue::Unsigned(3)),
            ("A".to_string(), RtlParamValue::String("x\"y".into())),
        ];
        assert_eq!(json_object(&p), "{\n  \"B\": 3,\n  \"A\": \"x\\\"y\"\n}\n");
        assert_eq!(json_object(&[]), "{}\n");
    }
}
