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

pub use concretize::{
    ConcreteModule, ConcretizeOptions, Concretizer, ExternalCommand, JsonConfigFile, ModuleBody,
    ResolvedExtern,
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
