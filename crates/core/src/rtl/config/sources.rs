//! What concretization needs from the outside world, as traits the caller implements: where
//! template files come from ([`TemplateSource`]) and which built-in generators exist
//! ([`GeneratorRegistry`]). The core reads no files and runs no programs itself.

use super::model::{Hdl, RtlParamValue};
use crate::diag::Diagnostic;
use std::collections::BTreeMap;

/// The first word of a generator command that names a built-in generator: `rivulet-gen <unit>
/// <args>…`. Any other command is external.
pub const BUILTIN_GENERATOR: &str = "rivulet-gen";

/// Reads template files by path (a `generic` path after substitution, so `$DYNAMATIC/…` has
/// become `<root>/…` with the root of [`super::ConcretizeOptions`]).
pub trait TemplateSource {
    /// The text of the file at `path`, if it exists.
    fn read(&self, path: &str) -> Option<&str>;
}

/// Templates held in memory, keyed by path.
impl TemplateSource for BTreeMap<String, String> {
    fn read(&self, path: &str) -> Option<&str> {
        self.get(path).map(String::as_str)
    }
}

/// Everything a built-in generator receives.
#[derive(Clone, Copy, Debug)]
pub struct GeneratorCall<'a> {
    /// The unit name (the word after `rivulet-gen`).
    pub unit: &'a str,
    /// The words after the unit name, substituted and unquoted.
    pub args: &'a [String],
    /// The module (entity) the generator must define.
    pub module_name: &'a str,
    /// The language to generate.
    pub hdl: Hdl,
    /// The component's declared parameters and their values, in declaration order.
    pub parameters: &'a [(String, RtlParamValue)],
    /// The JSON serialization of all request parameters, when the component sets
    /// `use-json-config`.
    pub json_config: Option<&'a str>,
}

/// A built-in generator: the HDL text of the module, or a diagnostic.
pub type GeneratorFn = fn(&GeneratorCall<'_>) -> Result<String, Diagnostic>;

/// The built-in generators, by unit name.
pub trait GeneratorRegistry {
    /// The generator of `unit`, if there is one.
    fn lookup(&self, unit: &str) -> Option<GeneratorFn>;
}

/// A registry as a map from unit names to generators.
impl GeneratorRegistry for BTreeMap<&str, GeneratorFn> {
    fn lookup(&self, unit: &str) -> Option<GeneratorFn> {
        self.get(unit).copied()
    }
}
