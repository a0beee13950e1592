//! Concretization: from matched requests to the modules an emitter writes.
//!
//! A [`Concretizer`] resolves each request (an `hw.module.extern`) to a [`ResolvedExtern`] — what
//! an instance needs — and records one [`ConcreteModule`] per module name, as the specification
//! says: a module name already concretized is not concretized again. Dependencies are
//! concretized recursively (as parameter-less requests), each once, before the modules that use
//! them; a cycle is an error. A `generic` component copies its template from the
//! [`TemplateSource`]; a `generator` whose command starts with [`BUILTIN_GENERATOR`](super::BUILTIN_GENERATOR) runs a
//! built-in generator; any other command is refused unless
//! [`ConcretizeOptions::allow_external_generators`] is set, and even then the core only returns
//! the command for the caller to run (see `body.rs`).

use super::body::{json_object, Bodies, ModuleBody};
use super::matching::RtlMatch;
use super::model::{EntryOrigin, Hdl, Method, RtlConfig, RtlParamValue, RtlRequest};
use super::ports::PortNaming;
use super::sources::{GeneratorRegistry, TemplateSource};
use super::substitute::Template;
use crate::diag::Diagnostic;
use std::collections::BTreeMap;

/// The caller's choices for concretization.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConcretizeOptions {
    /// The value of `$DYNAMATIC`: the project's root (CLI reading from disk) or the root the
    /// embedded templates are keyed under. No trailing slash.
    pub root: String,
    /// The value of `$OUTPUT_DIR`: where concretized modules are written. No trailing slash.
    pub output_dir: String,
    /// Whether a generator command other than `rivulet-gen …` may be returned for running.
    /// Off by default: a configuration file must not run programs unasked.
    pub allow_external_generators: bool,
}

/// What an emitter needs to instantiate the module of one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolvedExtern {
    /// The module (entity) to instantiate.
    pub module_name: String,
    /// The VHDL architecture to instantiate (`arch` unless `arch-name` says otherwise).
    pub arch_name: String,
    /// The language of the module.
    pub hdl: Hdl,
    /// The generic values of the instance, in declaration order.
    pub generics: Vec<(String, RtlParamValue)>,
    /// How the instance's ports are named.
    pub ports: PortNaming,
    /// The path of the timing model that applies, if any.
    pub timing_model: Option<String>,
    /// The matched component's entry.
    pub origin: EntryOrigin,
}

/// One module to bring into the output, with where its text comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConcreteModule {
    /// The module (entity) name, unique among the concretized modules.
    pub module_name: String,
    /// The component name it was concretized from.
    pub component: String,
    /// The component's entry.
    pub origin: EntryOrigin,
    /// Its language, which decides the file kind.
    pub hdl: Hdl,
    /// Its text, or how to obtain it.
    pub body: ModuleBody,
    /// The parameter file to write first, when the component sets `use-json-config`.
    pub json_config: Option<JsonConfigFile>,
    /// Module names of its dependencies (concretized before it).
    pub dependencies: Vec<String>,
}

/// A JSON file of all request parameters (`use-json-config`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonConfigFile {
    /// The substituted path.
    pub path: String,
    /// A JSON object of the request's parameters, in request order.
    pub contents: String,
}

/// Resolves requests and collects the modules to emit. See the module documentation.
pub struct Concretizer<'c> {
    config: &'c RtlConfig,
    templates: &'c dyn TemplateSource,
    generators: &'c dyn GeneratorRegistry,
    options: ConcretizeOptions,
    modules: Vec<ConcreteModule>,
    /// Module name → a description of its source, to notice different sources of one name.
    sources: BTreeMap<String, String>,
    in_progress: Vec<String>,
    warnings: Vec<Diagnostic>,
}

impl<'c> Concretizer<'c> {
    /// A concretizer over a configuration, template source and generator registry.
    pub fn new(
        config: &'c RtlConfig,
        templates: &'c dyn TemplateSource,
        generators: &'c dyn GeneratorRegistry,
        options: ConcretizeOptions,
    ) -> Self {
        Concretizer {
            config,
            templates,
            generators,
            options,
            modules: Vec::new(),
            sources: BTreeMap::new(),
            in_progress: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// Matches a request, concretizes its module (and dependencies) unless already done, and
    /// returns what an instance of it needs.
    pub fn resolve(&mut self, request: &RtlRequest) -> Result<ResolvedExtern, Vec<Diagnostic>> {
        let m = self.config.find(request).map_err(|d| vec![d])?;
        let module_name = self.module_name(&m).map_err(|d| vec![d])?;
        self.concretize(&m, &module_name)?;
        let c = m.component;
        let arch_name = match &c.arch_name {
            Some(t) => self.substitute(&m, t, Some(&module_name)),
            None => "arch".to_string(),
        };
        Ok(ResolvedExtern {
            module_name,
            arch_name,
            hdl: c.hdl,
            generics: m.generics(),
            ports: c.ports.clone(),
            timing_model: m.timing_model().map(str::to_string),
            origin: c.origin.clone(),
        })
    }

    /// The modules concretized so far, dependencies before their users.
    pub fn modules(&self) -> &[ConcreteModule] {
        &self.modules
    }

    /// Warnings found so far (one module name reached from different sources).
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// The concretized modules and the warnings.
    pub fn finish(self) -> (Vec<ConcreteModule>, Vec<Diagnostic>) {
        (self.modules, self.warnings)
    }

    /// The value of `$NAME` for a match: a declared parameter or a backend parameter.
    fn lookup(&self, m: &RtlMatch<'_>, name: &str, module: Option<&str>) -> Option<String> {
        if let Some(v) = m.value(name) {
            return Some(v.to_string());
        }
        match name {
            "DYNAMATIC" => Some(self.options.root.clone()),
            "OUTPUT_DIR" => Some(self.options.output_dir.clone()),
            "MODULE_NAME" => module.map(str::to_string),
            _ => None,
        }
    }

    fn substitute(&self, m: &RtlMatch<'_>, t: &Template, module: Option<&str>) -> String {
        t.substitute(|name| self.lookup(m, name, module))
    }

    /// The module name of a match: `module-name`, else the generic file's stem, else the
    /// component name followed by its parameter values (`handshake_mux_2_32_1`).
    fn module_name(&self, m: &RtlMatch<'_>) -> Result<String, Diagnostic> {
        let c = m.component;
        let name = match (&c.module_name, &c.method) {
            (Some(t), _) => self.substitute(m, t, None),
            (None, Method::Generic(path)) => file_stem(&self.substitute(m, path, None)).to_string(),
            (None, Method::Generator(_)) => {
                let mut name = identifier(&c.name);
                for (_, v) in &m.values {
                    name.push('_');
                    name.push_str(&identifier(&v.to_string()));
                }
                name
            }
        };
        if name.is_empty() {
            return Err(Diagnostic::error(format!(
                "{}: the module name of `{}` is empty",
                c.origin, c.name
            ))
            .with_span(c.origin.name_span));
        }
        Ok(name)
    }

    /// Records the module of `m` named `module_name`, with its dependencies, unless done.
    fn concretize(&mut self, m: &RtlMatch<'c>, module_name: &str) -> Result<(), Vec<Diagnostic>> {
        let c = m.component;
        let source = self.source_key(m, module_name);
        if let Some(previous) = self.sources.get(module_name) {
            if *previous != source {
                self.warn_two_sources(m, module_name, previous.clone(), source);
            }
            return Ok(());
        }
        if self.in_progress.iter().any(|n| n == module_name) {
            let mut chain = self.in_progress.clone();
            chain.push(module_name.to_string());
            let msg = format!(
                "{}: dependency cycle: {}",
                c.origin,
                chain
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(" → ")
            );
            return Err(vec![Diagnostic::error(msg).with_span(c.origin.name_span)]);
        }
        self.in_progress.push(module_name.to_string());
        let deps = self.concretize_dependencies(m);
        let body = self.body(m, module_name);
        self.in_progress.pop();
        let (dependencies, body) = match (deps, body) {
            (Ok(d), Ok(b)) => (d, b),
            (d, b) => {
                let mut errors = d.err().unwrap_or_default();
                errors.extend(b.err());
                return Err(errors);
            }
        };
        let json_config = c.use_json_config.as_ref().map(|t| JsonConfigFile {
            path: self.substitute(m, t, Some(module_name)),
            contents: json_object(&m.request_parameters),
        });
        self.sources.insert(module_name.to_string(), source);
        self.modules.push(ConcreteModule {
            module_name: module_name.to_string(),
            component: c.name.clone(),
            origin: c.origin.clone(),
            hdl: c.hdl,
            body,
            json_config,
            dependencies,
        });
        Ok(())
    }

    /// Concretizes every dependency of `m` as a parameter-less request; their module names.
    fn concretize_dependencies(
        &mut self,
        m: &RtlMatch<'c>,
    ) -> Result<Vec<String>, Vec<Diagnostic>> {
        let c = m.component;
        let config = self.config;
        let mut names = Vec::new();
        let mut errors = Vec::new();
        for dep in &c.dependencies {
            let required_by = format!("required as a dependency by `{}` ({})", c.name, c.origin);
            let request = RtlRequest::new(dep.clone(), Vec::new());
            let resolved = config.find(&request).map_err(|d| vec![d]).and_then(|dm| {
                let name = self.module_name(&dm).map_err(|d| vec![d])?;
                self.concretize(&dm, &name)?;
                Ok(name)
            });
            match resolved {
                Ok(name) => names.push(name),
                Err(ds) => errors.extend(ds.into_iter().map(|d| d.with_note(required_by.clone()))),
            }
        }
        if errors.is_empty() {
            Ok(names)
        } else {
            Err(errors)
        }
    }

    /// A description of where the module's text comes from (resolved path or command).
    fn source_key(&self, m: &RtlMatch<'_>, module_name: &str) -> String {
        match &m.component.method {
            Method::Generic(t) => format!("template {}", self.substitute(m, t, Some(module_name))),
            Method::Generator(t) => {
                format!("generator {}", self.substitute(m, t, Some(module_name)))
            }
        }
    }

    fn warn_two_sources(&mut self, m: &RtlMatch<'_>, module: &str, first: String, second: String) {
        let c = m.component;
        let d = Diagnostic::warning(format!(
            "{}: module `{module}` was already concretized from another source; the first is kept",
            c.origin
        ))
        .with_span(c.origin.name_span)
        .with_note(format!("kept: {first}"))
        .with_note(format!("ignored: {second}"));
        self.warnings.push(d);
    }

    /// The module's text or command.
    fn body(&self, m: &RtlMatch<'_>, module_name: &str) -> Result<ModuleBody, Diagnostic> {
        let bodies = Bodies {
            templates: self.templates,
            generators: self.generators,
            options: &self.options,
        };
        match &m.component.method {
            Method::Generic(t) => bodies.template(m, self.substitute(m, t, Some(module_name))),
            Method::Generator(t) => {
                bodies.generator(m, self.substitute(m, t, Some(module_name)), module_name)
            }
        }
    }
}

/// The file name of a path without directories and extension: `a/b/mux.vhd` → `mux`.
fn file_stem(path: &str) -> &str {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
    match file.rfind('.') {
        Some(dot) if dot > 0 => &file[..dot],
        _ => file,
    }
}

/// A name with every character other than ASCII letters, digits and `_` replaced by `_`.
fn identifier(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_and_identifiers() {
        assert_eq!(file_stem("$R/data/vhdl/handshake/mux.vhd"), "mux");
        assert_eq!(file_stem("a.b/c"), "c");
        assert_eq!(file_stem(".hidden"), ".hidden");
        assert_eq!(identifier("handshake.mux-2"), "handshake_mux_2");
    }
}
