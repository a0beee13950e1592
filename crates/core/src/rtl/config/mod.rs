//! The JSON RTL configuration of `spec/rtl-backend.md`: parsing, matching of RTL requests,
//! parameter substitution, port naming and concretization.
//!
//! Flow for an emitter:
//! 1. [`RtlConfig::from_files`] parses and validates the configuration files, in evaluation order;
//! 2. [`RtlConfig::find`] matches one [`RtlRequest`] (an extern's `hw.name` and
//!    `hw.parameters`): first component in file then entry order whose name is the request's and
//!    whose declared parameters are all present and within their constraints;
//! 3. a [`Concretizer`] turns requests into [`ResolvedExtern`]s (module name, generics, arch,
//!    HDL, [`PortNaming`]) and collects the [`ConcreteModule`]s to write, one per module name,
//!    dependencies included and ordered before their users.
//!
//! The core reads no files and runs no programs: templates come from a [`TemplateSource`],
//! built-in generators from a [`GeneratorRegistry`], and an external generator command is handed
//! back to the caller as a [`ModuleBody::External`], and only when the caller allowed it.
//!
//! ```
//! use rivulet_core::diag::SourceMap;
//! use rivulet_core::rtl::config::*;
//! use std::collections::BTreeMap;
//!
//! let json = r#"[{
//!     "name": "handshake.mux",
//!     "parameters": [
//!         { "name": "SIZE", "type": "unsigned", "lb": 2 },
//!         { "name": "DATA_WIDTH", "type": "unsigned", "ub": 64 },
//!         { "name": "SELECT_WIDTH", "type": "unsigned", "range": [1, 6] }
//!     ],
//!     "generic": "$DYNAMATIC/rtl-templates/vhdl/mux.vhd"
//! }]"#;
//! let mut sources = SourceMap::new();
//! let (config, diags) = RtlConfig::from_files(&mut sources, &[("rtl-config.json", json)]);
//! let config = config.expect("no errors");
//! assert!(diags.is_empty());
//!
//! // The caller supplies templates (embedded or read from disk) and built-in generators.
//! let templates = BTreeMap::from([(
//!     "rivulet/rtl-templates/vhdl/mux.vhd".to_string(),
//!     "entity mux is ...".to_string(),
//! )]);
//! let generators: BTreeMap<&str, GeneratorFn> = BTreeMap::new();
//! let options = ConcretizeOptions {
//!     root: "rivulet".into(),
//!     output_dir: "out".into(),
//!     allow_external_generators: false,
//! };
//! let mut concretizer = Concretizer::new(&config, &templates, &generators, options);
//!
//! // One request per hw.module.extern.
//! let request = RtlRequest::new("handshake.mux", vec![
//!     ("SIZE".into(), RtlParamValue::Unsigned(2)),
//!     ("DATA_WIDTH".into(), RtlParamValue::Unsigned(32)),
//!     ("SELECT_WIDTH".into(), RtlParamValue::Unsigned(1)),
//! ]);
//! let ext = concretizer.resolve(&request).expect("matched");
//! assert_eq!(ext.module_name, "mux");
//! assert_eq!(ext.arch_name, "arch");
//! assert_eq!(ext.generics.len(), 3); // generic values, in declaration order
//! // Port map of an instance: element 1 of the IR port array `ins` (IR name `ins_1`).
//! assert_eq!(ext.ports.rtl_port("ins", Some(1), SignalKind::Valid).vhdl(), "ins_valid(1)");
//! assert_eq!(ext.ports.rtl_port("outs", Some(0), SignalKind::Data).vhdl(), "outs(0)");
//!
//! // Then write every module once (dependencies first), each in its own HDL.
//! let (modules, warnings) = concretizer.finish();
//! assert!(warnings.is_empty());
//! let ModuleBody::Template { text, .. } = &modules[0].body else { unreachable!() };
//! assert_eq!((modules[0].hdl, text.as_str()), (Hdl::Vhdl, "entity mux is ..."));
//! ```

mod body;
mod concretize;
mod constraints;
mod dto;
mod entry;
mod matching;
mod model;
mod parse;
mod ports;
mod sources;
mod spans;
mod substitute;

pub use body::{ExternalCommand, ModuleBody};
pub use concretize::{
    ConcreteModule, ConcretizeOptions, Concretizer, JsonConfigFile, ResolvedExtern,
};
pub use constraints::{StringConstraint, UnsignedConstraint, ValueConstraints};
pub use matching::{MatchFailure, RtlMatch};
pub use model::{
    EntryOrigin, Hdl, IoKind, Method, RtlComponent, RtlConfig, RtlParamValue, RtlParameter,
    RtlRequest, TimingModel, BACKEND_PARAMETERS,
};
pub use ports::{IoMapRule, IoSignals, PortNaming, RtlPort, SignalKind};
pub use sources::{
    GeneratorCall, GeneratorFn, GeneratorRegistry, TemplateSource, BUILTIN_GENERATOR,
};
pub use substitute::Template;
