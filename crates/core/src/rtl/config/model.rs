//! The typed tables a parsed RTL configuration consists of.
//!
//! Invariants established by `parse.rs` (and relied on by matching and concretization):
//! parameter names are non-empty, made of ASCII letters, digits, `-` and `_`, unique within a
//! component and never a backend parameter name; every model constraint names a declared
//! parameter and fits its type; every component has exactly one concretization method; every
//! dependency names a component of the configuration.

use super::constraints::ValueConstraints;
use super::ports::PortNaming;
use super::substitute::Template;
use crate::diag::Span;
use serde::Deserialize;
use std::fmt;

/// The names of the backend parameters, which user parameters may not take.
pub const BACKEND_PARAMETERS: [&str; 3] = ["DYNAMATIC", "OUTPUT_DIR", "MODULE_NAME"];

/// A parsed, validated RTL configuration: the components of all its files, in evaluation order
/// (file order, then entry order within a file).
#[derive(Clone, Debug)]
pub struct RtlConfig {
    pub(crate) components: Vec<RtlComponent>,
}

impl RtlConfig {
    /// The components in evaluation order.
    pub fn components(&self) -> &[RtlComponent] {
        &self.components
    }
}

/// Where a component was declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryOrigin {
    /// The configuration file's name, as given to `RtlConfig::from_files`.
    pub file_name: String,
    /// The 0-based index of the entry in its file's top-level array.
    pub index: usize,
    /// The entry's JSON object.
    pub span: Span,
    /// The entry's `name` value (a one-line location for labels).
    pub name_span: Span,
}

impl fmt::Display for EntryOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: entry {}", self.file_name, self.index)
    }
}

/// One parameterized RTL component (one top-level object of a configuration file).
#[derive(Clone, Debug)]
pub struct RtlComponent {
    /// The component's name, matched against a request's `hw.name`.
    pub name: String,
    /// Where the component was declared.
    pub origin: EntryOrigin,
    /// The declared parameters, in declaration order (the order of generic values).
    pub parameters: Vec<RtlParameter>,
    /// Timing models, the first whose constraints hold applies.
    pub models: Vec<TimingModel>,
    /// How a concrete module is obtained.
    pub method: Method,
    /// Names of the components this one instantiates (concretized along with it).
    pub dependencies: Vec<String>,
    /// The `module-name` option (overrides the default module name).
    pub module_name: Option<Template>,
    /// The `arch-name` option (VHDL architecture; `arch` when absent).
    pub arch_name: Option<Template>,
    /// The `use-json-config` option: where the parameters are serialized as JSON.
    pub use_json_config: Option<Template>,
    /// The language the concretized module is written in.
    pub hdl: Hdl,
    /// The `io-kind`, `io-signals` and `io-map` options.
    pub ports: PortNaming,
}

impl RtlComponent {
    /// The declared parameter named `name`.
    pub fn parameter(&self, name: &str) -> Option<&RtlParameter> {
        self.parameters.iter().find(|p| p.name == name)
    }
}

/// A component's concretization method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// `generic`: the path of an RTL file that implements every parameter combination.
    Generic(Template),
    /// `generator`: a command that creates the module for specific parameter values.
    Generator(Template),
}

/// A declared component parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtlParameter {
    /// The parameter's name.
    pub name: String,
    /// Its type and the constraints its values must satisfy.
    pub constraints: ValueConstraints,
    /// The per-parameter `generic` flag: `Some(true)` always passes the value as a generic at
    /// instantiation, `Some(false)` never, `None` follows the concretization method (generic
    /// components pass all parameters, generated ones none).
    pub generic: Option<bool>,
}

/// A timing model and the parameter values it applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimingModel {
    /// The model's path, as written.
    pub path: String,
    /// Constraints on declared parameters, all of which must hold.
    pub constraints: Vec<(String, ValueConstraints)>,
}

/// The hardware description language of a concretized module (the one [`Hdl`] type).
pub use crate::options::Hdl;

/// How the ports of a logical port array are named in the RTL module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum IoKind {
    /// One array port indexed by the element number (the default): `ins(0)`.
    #[default]
    Hierarchical,
    /// One port per element, named with a suffix: `ins_0`.
    Flat,
}

/// The value of an RTL parameter in a request.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RtlParamValue {
    /// An unsigned integer.
    Unsigned(u64),
    /// A string.
    String(String),
}

impl fmt::Display for RtlParamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RtlParamValue::Unsigned(v) => write!(f, "{v}"),
            RtlParamValue::String(s) => f.write_str(s),
        }
    }
}

/// A request for an RTL module, made for one `hw.module.extern` operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RtlRequest {
    /// The operation's `hw.name`, e.g. `handshake.mux`.
    pub name: String,
    /// The operation's `hw.parameters`, in order.
    pub parameters: Vec<(String, RtlParamValue)>,
    /// Where the request comes from (the extern in the HW IR text), if known.
    pub span: Option<Span>,
}

impl RtlRequest {
    /// A request without a location.
    pub fn new(name: impl Into<String>, parameters: Vec<(String, RtlParamValue)>) -> Self {
        RtlRequest {
            name: name.into(),
            parameters,
            span: None,
        }
    }

    /// The value of parameter `name`, if the request has it.
    pub fn parameter(&self, name: &str) -> Option<&RtlParamValue> {
        self.parameters
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    }
}

impl fmt::Display for RtlRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` {{", self.name)?;
        for (i, (name, value)) in self.parameters.iter().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            match value {
                RtlParamValue::Unsigned(v) => write!(f, "{sep} {name} = {v}")?,
                RtlParamValue::String(s) => write!(f, "{sep} {name} = {s:?}")?,
            }
        }
        f.write_str(if self.parameters.is_empty() {
            "}"
        } else {
            " }"
        })
    }
}
