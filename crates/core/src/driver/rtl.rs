//! The RTL part of the driver: emits the HW design in VHDL or Verilog, adds the self-checking
//! testbench (golden values from the interpreter's first kernel call), and assembles the bundle
//! every front end delivers: RTL sources, testbench, `run-sim.sh`, the IR of every stage, the
//! DOT graph, the configuration used and a report; optionally zipped.
//!
//! Invariant: the bundle's file list is the same whoever asks (CLI directory, CLI zip, web
//! download), so all three deliver identical contents.

use super::{Recorder, StageGroup};
use crate::diag::{Diagnostic, SourceMap};
use crate::handshake::{dot, Func};
use crate::hw::Design;
use crate::interp::KernelCall;
use crate::lower::MemoryInfo;
use crate::rtl::config::{ExternalCommand, Hdl};
use crate::rtl::emit::testbench::testbench;
use crate::rtl::emit::vectors::vectors_from_call;
use crate::rtl::emit::{bundle::zip_bundle, emit_rtl, EmitOptions};

/// What RTL to produce.
#[derive(Clone, Debug)]
pub struct RtlOptions {
    /// The glue's language.
    pub hdl: Hdl,
    /// RTL configuration files `(name, JSON text)`; empty = the embedded one of `hdl`.
    pub configs: Vec<(String, String)>,
    /// Let configurations name external generator commands (returned, never run here).
    pub allow_external_generators: bool,
    /// How the report names the kernel's source (e.g. the path the user gave).
    pub source_label: String,
    /// Most cycles the testbench waits for the outputs; `None`: the limit scaled to the
    /// interpreter's work, as for the simulator ([`super::default_cycle_limit`]).
    pub max_cycles: Option<u64>,
    /// Also build the zip bundle.
    pub zip: bool,
}

impl RtlOptions {
    /// The default configuration of `hdl`, no generators, the default cycle limit, no zip.
    pub fn new(hdl: Hdl, source_label: impl Into<String>) -> RtlOptions {
        RtlOptions {
            hdl,
            configs: Vec::new(),
            allow_external_generators: false,
            source_label: source_label.into(),
            max_cycles: None,
            zip: false,
        }
    }
}

/// The RTL bundle.
#[derive(Clone, Debug, Default)]
pub struct RtlOutput {
    /// The top module's name (also the zip's root folder).
    pub top: String,
    /// Every file of the bundle `(path, text)`, in order: RTL sources in compilation order,
    /// testbench and `run-sim.sh`, `ir/NN-<stage>.mlir`, `graph.dot`, `config/*`, `report.txt`.
    pub files: Vec<(String, String)>,
    /// The paths of the synthesizable RTL sources among `files` (no testbench), in
    /// compilation order: what a synthesis tool reads.
    pub sources: Vec<String>,
    /// External generator commands to run in the output directory (only when allowed).
    pub external: Vec<ExternalCommand>,
    /// The zip bundle, when asked for and built.
    pub zip: Option<Vec<u8>>,
    /// Diagnostics about the RTL configuration files, located in `config_sources`.
    pub diagnostics: Vec<Diagnostic>,
    /// The configuration files the diagnostics point into.
    pub config_sources: SourceMap,
}

/// Everything the RTL step reads.
pub(super) struct RtlInput<'a> {
    pub func: &'a Func,
    pub design: &'a Design,
    pub memories: &'a [MemoryInfo],
    pub call: Option<&'a KernelCall>,
    /// The testbench's cycle limit when the options give none.
    pub default_max_cycles: u64,
    /// `(stage name, IR)` of the stages saved under `ir/`, in order.
    pub ir: Vec<(String, String)>,
    /// The simulator's cycles on the golden call, when the compilation simulated the circuit
    /// and it finished with the interpreter's outputs (`report.txt` records them).
    pub simulated_cycles: Option<u64>,
}

/// Emits the RTL (stage `rtl`, begun by the caller), then the testbench, the bundle and, if
/// asked, the zip, each as a stage of `rec`. Errors without a location go to `diagnostics`;
/// configuration errors to the result's own diagnostics.
pub(super) fn build(
    input: &RtlInput,
    options: &RtlOptions,
    rec: &mut Recorder,
    diagnostics: &mut Vec<Diagnostic>,
) -> RtlOutput {
    let mut out = RtlOutput::default();
    let emit = EmitOptions {
        hdl: options.hdl,
        configs: options.configs.clone(),
        allow_external_generators: options.allow_external_generators,
    };
    let (rtl, diags, config_sources) = emit_rtl(input.design, &emit);
    out.diagnostics = diags;
    out.config_sources = config_sources;
    let Some(rtl) = rtl else {
        return out;
    };
    out.top = rtl.plan.top.clone();
    out.sources = rtl.files.iter().map(|f| f.path.clone()).collect();
    if let Some(glue) = rtl.files.last() {
        rec.set_ir(glue.text.clone());
    }
    rec.begin(StageGroup::Rtl, "testbench");
    let Some(call) = input.call else {
        diagnostics.push(Diagnostic::error(
            "`main` never calls the kernel, so there are no golden values",
        ));
        return out;
    };
    let tb = match vectors_from_call(input.func, input.memories, call).and_then(|v| {
        let limit = options.max_cycles.unwrap_or(input.default_max_cycles);
        testbench(input.design, &rtl, &v, limit)
    }) {
        Ok(t) => t,
        Err(e) => {
            diagnostics.push(Diagnostic::error(e));
            return out;
        }
    };
    if let Some(first) = tb.first() {
        rec.set_ir(first.text.clone());
    }
    rec.begin(StageGroup::Rtl, "bundle");
    let mut files: Vec<(String, String)> = rtl
        .files
        .iter()
        .chain(&tb)
        .map(|f| (f.path.clone(), f.text.clone()))
        .collect();
    for (k, (name, ir)) in input.ir.iter().enumerate() {
        files.push((format!("ir/{k:02}-{name}.mlir"), ir.clone()));
    }
    files.push(("graph.dot".into(), dot::to_dot(input.func)));
    for (name, text) in emit.config_files() {
        let base = name.rsplit(['/', '\\']).next().unwrap_or(&name).to_string();
        files.push((format!("config/{base}"), text));
    }
    let mut report = report(input.design, &out.top, &rtl.external, options);
    if let Some(cycles) = input.simulated_cycles {
        report.push_str(&format!(
            "simulator: {cycles} cycles (run-sim.sh must print the same count)\n"
        ));
    }
    files.push(("report.txt".into(), report.clone()));
    rec.set_ir(report);
    out.files = files;
    out.external = rtl.external;
    if options.zip {
        rec.begin(StageGroup::Rtl, "zip");
        match zip_bundle(&out.top, &out.files) {
            Ok(bytes) => out.zip = Some(bytes),
            Err(e) => diagnostics.push(Diagnostic::error(format!("cannot build the zip: {e}"))),
        }
    }
    out
}

/// The bundle's `report.txt`.
fn report(
    design: &Design,
    top: &str,
    external: &[ExternalCommand],
    options: &RtlOptions,
) -> String {
    format!(
        "Rivulet {}\nkernel: {}\nsource: {}\nhdl: {}\nunits: {} instances of {} modules\n\
         memories: {}\nexternal generators: {}\nrun: sh run-sim.sh (prints `cycles: N` last; \
         exit 0 when every output matches the interpreter)\n",
        crate::version(),
        top,
        options.source_label,
        options.hdl.name(),
        design.top.instances.len(),
        design.externs.len(),
        design.memories.len(),
        external.len()
    )
}
