//! One entry's DTO → [`RtlComponent`]: the checks of parameter names, constraints, timing models,
//! the concretization method, the options and the substitution references.
//!
//! Every error found in the entry is reported; the caller discards the component if there was any.

use super::constraints::{from_keys, KeyError, ValueConstraints};
use super::dto::{EntryDto, ModelDto, ParamDto};
use super::model::{
    EntryOrigin, Method, RtlComponent, RtlParameter, TimingModel, BACKEND_PARAMETERS,
};
use super::parse::{EntryCtx, PendingDependency};
use super::ports::{IoMapRule, IoSignals, PortNaming};
use super::spans::Step;
use super::substitute::Template;
use crate::diag::Diagnostic;

/// Builds the component of one entry, pushing its diagnostics and its dependencies (checked
/// later against all files). `None` when a part could not be built at all.
pub(crate) fn build_component(
    entry: &EntryCtx<'_>,
    dto: EntryDto,
    dependencies: &mut Vec<PendingDependency>,
    diags: &mut Vec<Diagnostic>,
) -> Option<RtlComponent> {
    if dto.name.trim().is_empty() {
        diags.push(entry.error(&[Step::Key("name")], "the name is empty"));
    }
    let parameters = build_parameters(entry, &dto.parameters, diags);
    let models = build_models(entry, &dto.models, &parameters, diags);
    let declared: Vec<&str> = parameters.iter().map(|p| p.name.as_str()).collect();
    let has_module_name = dto.module_name.is_some();
    let scope = Scope {
        entry,
        declared: &declared,
    };
    let method = match (&dto.generic, &dto.generator) {
        (Some(path), None) => scope
            .template("generic", path, !has_module_name, true, diags)
            .map(Method::Generic),
        (None, Some(cmd)) => scope
            .template("generator", cmd, false, false, diags)
            .map(Method::Generator),
        (Some(_), Some(_)) => {
            let msg = "a component is either generic or generated: give `generic` or \
                       `generator`, not both";
            diags.push(entry.error(&[Step::Key("generator")], msg));
            None
        }
        (None, None) => {
            let msg = "the component needs a concretization method: `generic` (an RTL file) \
                       or `generator` (a command)";
            diags.push(entry.error(&[], msg));
            None
        }
    };
    let mut optional = |key: &'static str, text: &Option<String>, forbid_module_name: bool| {
        text.as_ref()
            .and_then(|t| scope.template(key, t, forbid_module_name, true, diags))
    };
    let module_name = optional("module-name", &dto.module_name, true);
    let arch_name = optional("arch-name", &dto.arch_name, false);
    let use_json_config = optional("use-json-config", &dto.use_json_config, false);
    for (d, dep) in dto.dependencies.iter().enumerate() {
        let path = [Step::Key("dependencies"), Step::Index(d)];
        if dep.trim().is_empty() {
            diags.push(entry.error(&path, "the dependency name is empty"));
            continue;
        }
        let message = format!("no component of the configuration is named `{dep}`");
        dependencies.push(PendingDependency {
            name: dep.clone(),
            diagnostic: entry.error(&path, message),
        });
    }
    let ports = build_ports(entry, &dto, diags);
    Some(RtlComponent {
        name: dto.name,
        origin: EntryOrigin {
            file_name: entry.file_name.to_string(),
            index: entry.index,
            span: entry.whole(),
            name_span: entry.span(&[Step::Key("name")]),
        },
        parameters,
        models,
        method: method?,
        dependencies: dto.dependencies,
        module_name,
        arch_name,
        use_json_config,
        hdl: dto.hdl.unwrap_or_default(),
        ports,
    })
}

fn build_parameters(
    entry: &EntryCtx<'_>,
    dtos: &[ParamDto],
    diags: &mut Vec<Diagnostic>,
) -> Vec<RtlParameter> {
    let mut parameters: Vec<RtlParameter> = Vec::new();
    for (j, dto) in dtos.iter().enumerate() {
        let at = |key| [Step::Key("parameters"), Step::Index(j), Step::Key(key)];
        let name = &dto.name;
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            let msg = format!(
                "invalid parameter name {name:?}: only letters, digits, `-` and `_` are allowed"
            );
            diags.push(entry.error(&at("name"), msg));
        } else if BACKEND_PARAMETERS.contains(&name.as_str()) {
            let msg = format!("`{name}` is a backend parameter and cannot be redefined");
            diags.push(entry.error(&at("name"), msg));
        } else if parameters.iter().any(|p| &p.name == name) {
            let msg = format!("the parameter `{name}` is declared twice");
            diags.push(entry.error(&at("name"), msg));
        }
        match from_keys(dto.ty, dto.keys()) {
            Ok(constraints) => parameters.push(RtlParameter {
                name: name.clone(),
                constraints,
                generic: dto.generic,
            }),
            Err(errors) => {
                let base = [Step::Key("parameters"), Step::Index(j)];
                push_key_errors(entry, &base, errors, diags);
            }
        }
    }
    parameters
}

fn build_models(
    entry: &EntryCtx<'_>,
    dtos: &[ModelDto],
    parameters: &[RtlParameter],
    diags: &mut Vec<Diagnostic>,
) -> Vec<TimingModel> {
    let mut models = Vec::new();
    for (m, dto) in dtos.iter().enumerate() {
        let mut constraints = Vec::new();
        for (c, cdto) in dto.constraints.iter().enumerate() {
            let base = [
                Step::Key("models"),
                Step::Index(m),
                Step::Key("constraints"),
                Step::Index(c),
            ];
            let name = match (&cdto.name, &cdto.parameter) {
                (Some(n), None) | (None, Some(n)) => n,
                (Some(_), Some(_)) => {
                    let msg = "name the parameter with `name` or `parameter`, not both";
                    diags.push(entry.error(&base, msg));
                    continue;
                }
                (None, None) => {
                    let msg = "missing key `name` (the constrained parameter)";
                    diags.push(entry.error(&base, msg));
                    continue;
                }
            };
            let Some(param) = parameters.iter().find(|p| &p.name == name) else {
                let msg = format!("the constraint names `{name}`, which is not a parameter");
                diags.push(entry.error(&base, msg));
                continue;
            };
            let ty = match param.constraints {
                ValueConstraints::Unsigned(_) => super::dto::ParamTypeDto::Unsigned,
                ValueConstraints::String(_) => super::dto::ParamTypeDto::String,
            };
            match from_keys(ty, cdto.keys()) {
                Ok(cs) => constraints.push((name.clone(), cs)),
                Err(errors) => push_key_errors(entry, &base, errors, diags),
            }
        }
        models.push(TimingModel {
            path: dto.path.clone(),
            constraints,
        });
    }
    models
}

/// Reports constraint-key errors of the object at `base`.
fn push_key_errors(
    entry: &EntryCtx<'_>,
    base: &[Step<'_>],
    errors: Vec<KeyError>,
    diags: &mut Vec<Diagnostic>,
) {
    for e in errors {
        let mut path = base.to_vec();
        path.push(Step::Key(e.key));
        diags.push(entry.error(&path, e.message));
    }
}

fn build_ports(entry: &EntryCtx<'_>, dto: &EntryDto, diags: &mut Vec<Diagnostic>) -> PortNaming {
    let mut signals = IoSignals::default();
    if let Some(s) = &dto.io_signals {
        let fields = [
            (&s.data, &mut signals.data),
            (&s.valid, &mut signals.valid),
            (&s.ready, &mut signals.ready),
        ];
        for (given, slot) in fields {
            if let Some(v) = given {
                slot.clone_from(v);
            }
        }
    }
    let mut map = Vec::new();
    for (k, rule) in dto.io_map.iter().enumerate() {
        let path = [Step::Key("io-map"), Step::Index(k)];
        let mut pairs = rule.iter();
        match (pairs.next(), pairs.next()) {
            (Some((from, to)), None) => match IoMapRule::new(from, to) {
                Ok(r) => map.push(r),
                Err(msg) => diags.push(entry.error(&path, msg)),
            },
            _ => {
                let msg = format!(
                    "each remapping is an object with exactly one key, this one has {}",
                    rule.len()
                );
                diags.push(entry.error(&path, msg));
            }
        }
    }
    PortNaming {
        kind: dto.io_kind.unwrap_or_default(),
        signals,
        map,
    }
}

/// The names a substitution field of one entry may refer to.
struct Scope<'a> {
    entry: &'a EntryCtx<'a>,
    declared: &'a [&'a str],
}

impl Scope<'_> {
    /// Parses the substitution field `key`, checking its references: `$MODULE_NAME` is an error
    /// when `forbid_module_name` (the field defines or derives the module name), and unknown
    /// names draw a warning when `warn_unknown` (they are left as written).
    fn template(
        &self,
        key: &'static str,
        text: &str,
        forbid_module_name: bool,
        warn_unknown: bool,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Template> {
        let path = [Step::Key(key)];
        let template = match Template::parse(text) {
            Ok(t) => t,
            Err(msg) => {
                diags.push(self.entry.error(&path, msg));
                return None;
            }
        };
        let mut seen: Vec<&str> = Vec::new();
        for name in template.references() {
            if seen.contains(&name) {
                continue;
            }
            seen.push(name);
            if forbid_module_name && name == "MODULE_NAME" {
                let msg = if key == "module-name" {
                    "`module-name` cannot refer to `$MODULE_NAME`, which it defines".to_string()
                } else {
                    format!(
                        "`{key}` refers to `$MODULE_NAME`, which is derived from it; \
                         set `module-name` to use it"
                    )
                };
                diags.push(self.entry.error(&path, msg));
            } else if warn_unknown
                && !self.declared.contains(&name)
                && !BACKEND_PARAMETERS.contains(&name)
            {
                let msg = format!("`${name}` is neither a parameter nor a backend parameter and is left as written");
                diags.push(self.entry.warning(&path, msg));
            }
        }
        Some(template)
    }
}
