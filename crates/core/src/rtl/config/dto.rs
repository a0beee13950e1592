//! Serde data-transfer objects: the JSON shape of an RTL configuration entry, nothing more.
//!
//! Every object rejects unknown keys. Values whose meaning depends on another key (the `eq` and
//! `ne` of a parameter, whose type depends on `type`) stay [`serde_json::Value`] and are checked
//! in `parse.rs`, which turns these DTOs into the typed tables of `model.rs`. No DTO leaves the
//! `config` module.

use super::model::{Hdl, IoKind};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// One top-level object of a configuration file: an RTL component.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "an RTL component (a JSON object)")]
pub(crate) struct EntryDto {
    pub name: String,
    #[serde(default)]
    pub parameters: Vec<ParamDto>,
    #[serde(default)]
    pub models: Vec<ModelDto>,
    pub generic: Option<String>,
    pub generator: Option<String>,
    #[serde(default)]
    pub dependencies: Vec<String>,
    #[serde(rename = "module-name")]
    pub module_name: Option<String>,
    #[serde(rename = "arch-name")]
    pub arch_name: Option<String>,
    #[serde(rename = "use-json-config")]
    pub use_json_config: Option<String>,
    pub hdl: Option<Hdl>,
    #[serde(rename = "io-kind")]
    pub io_kind: Option<IoKind>,
    #[serde(rename = "io-signals")]
    pub io_signals: Option<IoSignalsDto>,
    #[serde(rename = "io-map", default)]
    pub io_map: Vec<BTreeMap<String, String>>,
}

/// The declared type of a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ParamTypeDto {
    Unsigned,
    String,
}

/// One element of `parameters`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a parameter (a JSON object)")]
pub(crate) struct ParamDto {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: ParamTypeDto,
    pub generic: Option<bool>,
    pub lb: Option<u64>,
    pub ub: Option<u64>,
    pub range: Option<[u64; 2]>,
    pub eq: Option<Value>,
    pub ne: Option<Value>,
}

/// The constraint-setting keys shared by parameters and model constraints (serde cannot
/// flatten them into objects that reject unknown keys, so both DTOs list them and hand them
/// over through this struct).
#[derive(Debug, Default)]
pub(crate) struct ConstraintKeysDto {
    pub lb: Option<u64>,
    pub ub: Option<u64>,
    pub range: Option<[u64; 2]>,
    pub eq: Option<Value>,
    pub ne: Option<Value>,
}

impl ParamDto {
    /// The constraint-setting keys of the parameter.
    pub fn keys(&self) -> ConstraintKeysDto {
        ConstraintKeysDto {
            lb: self.lb,
            ub: self.ub,
            range: self.range,
            eq: self.eq.clone(),
            ne: self.ne.clone(),
        }
    }
}

impl ModelConstraintDto {
    /// The constraint-setting keys of the model constraint.
    pub fn keys(&self) -> ConstraintKeysDto {
        ConstraintKeysDto {
            lb: self.lb,
            ub: self.ub,
            range: self.range,
            eq: self.eq.clone(),
            ne: self.ne.clone(),
        }
    }
}

/// One element of `models`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a timing model (a JSON object)")]
pub(crate) struct ModelDto {
    pub path: String,
    #[serde(default)]
    pub constraints: Vec<ModelConstraintDto>,
}

/// One element of a model's `constraints`. The parameter is named by `name` (as the
/// specification's prose says) or by `parameter` (as its first example writes it).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a model constraint (a JSON object)")]
pub(crate) struct ModelConstraintDto {
    pub name: Option<String>,
    pub parameter: Option<String>,
    pub lb: Option<u64>,
    pub ub: Option<u64>,
    pub range: Option<[u64; 2]>,
    pub eq: Option<Value>,
    pub ne: Option<Value>,
}

/// The value of `io-signals`.
#[derive(Debug, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "an object with keys data, valid, ready"
)]
pub(crate) struct IoSignalsDto {
    pub data: Option<String>,
    pub valid: Option<String>,
    pub ready: Option<String>,
}
