//! The typed messages between the page and the compiler's Web Worker, sent as JSON strings.
//!
//! These wire types are the serialization boundary: core types never cross it directly, except
//! the view models of `rivulet_core::view`, which are display data made for the page.
//! Diagnostics travel with their file name, byte range and 1-based line and column already
//! resolved, so the page never needs the worker's `SourceMap`.

use rivulet_core::diag::{Diagnostic, Severity, SourceMap};
use rivulet_core::view::{GraphView, SimView};
use serde::{Deserialize, Serialize};

/// One source file sent to the compiler.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireFile {
    /// Tab name, e.g. `fir.c`.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// Compilation options as names (see `rivulet_core::share` for the accepted values).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireOptions {
    /// `on-merges`, `fpga20` or `fpl22`.
    pub buffer_algorithm: String,
    /// Target clock period in nanoseconds.
    pub clock_period_ns: f64,
    /// `vhdl` or `verilog`.
    pub hdl: String,
}

/// A message from the page to the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Request {
    /// Compile these files; the kernel is the first.
    Compile {
        /// Matches the responses to this request.
        id: u32,
        /// Kernel first, then headers.
        files: Vec<WireFile>,
        /// Options of the compilation.
        options: WireOptions,
    },
    /// Simulate the circuit of the latest compilation cycle by cycle and check it.
    Simulate {
        /// Matches the response to this request.
        id: u32,
    },
}

/// A message from the worker to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Response {
    /// The worker is loaded and listening.
    Ready,
    /// Request `id` entered a stage.
    Progress {
        /// The request.
        id: u32,
        /// What the compiler is doing now, e.g. `parse C`.
        stage: String,
    },
    /// Request `id` finished.
    Done {
        /// The request.
        id: u32,
        /// Its result (boxed: it is much larger than the other messages).
        outcome: Box<CompileOutcome>,
    },
    /// Simulation `id` finished.
    Simulated {
        /// The request.
        id: u32,
        /// Its result (boxed: it carries the whole trace).
        outcome: Box<WireSimulation>,
    },
    /// The worker could not read a request (a bug on the page side).
    Rejected {
        /// Why.
        reason: String,
    },
}

/// What one compilation produced.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CompileOutcome {
    /// The compiler that ran, e.g. `Rivulet 0.1.0`.
    pub compiler: String,
    /// The stages that ran, in order. Stages absent from the list did not run.
    pub stages: Vec<StageOutcome>,
    /// Every diagnostic, in the order the compiler reported them.
    pub diagnostics: Vec<WireDiagnostic>,
    /// Wall time of the whole request in the worker, in milliseconds.
    pub millis: f64,
    /// What buffer placement did, once it ran.
    pub buffers: Option<WireBuffers>,
    /// The RTL bundle, once it was built.
    pub rtl: Option<WireRtl>,
    /// The buffered circuit laid out for the graph view, once buffers were placed.
    #[serde(default)]
    pub graph: Option<GraphView>,
    /// Time building and laying out the graph view took in the worker, in milliseconds.
    #[serde(default)]
    pub graph_millis: f64,
}

/// What one simulation produced.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireSimulation {
    /// The run replayed on the graph view's channels, if it ran.
    pub view: Option<SimView>,
    /// Why it did not run (no compilation, unsupported units…).
    pub errors: Vec<String>,
    /// Wall time of the simulation in the worker, in milliseconds.
    pub millis: f64,
}

/// One stage (pass) that ran.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StageOutcome {
    /// The pass's name, e.g. `licm`.
    pub name: String,
    /// Its group, one of the names of [`STAGES`].
    pub group: String,
    /// Time it took in the worker, in milliseconds.
    pub millis: f64,
    /// The text after the stage (IR, source, golden values), if it produced one.
    pub ir: Option<String>,
}

/// The pipeline's stage groups in order, with what each shows.
pub const STAGES: &[(&str, &str)] = &[
    ("c", "C front end: preprocess, parse, type-check"),
    ("cfg", "CFG IR: SSA basic blocks, pass by pass"),
    ("golden", "reference interpreter: the golden kernel call"),
    ("handshake", "Handshake IR: the dataflow circuit"),
    ("buffers", "buffered Handshake IR: buffer placement"),
    ("hw", "HW IR: modules and instances"),
    ("synth", "Synth IR: unbundled data/valid/ready"),
    ("rtl", "RTL: VHDL or Verilog, testbench, bundle"),
];

/// What buffer placement did (see `rivulet_core::driver::BufferReport`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireBuffers {
    /// The algorithm asked for.
    pub requested: String,
    /// The algorithm that ran.
    pub algorithm: String,
    /// The clock period targeted, in nanoseconds.
    pub clock_period_ns: f64,
    /// Buffers placed.
    pub buffers: usize,
    /// The placed circuit's longest combinational data/valid path, in nanoseconds.
    pub critical_path_ns: Option<f64>,
    /// The placed circuit's longest combinational ready path, in nanoseconds.
    pub ready_path_ns: Option<f64>,
    /// Time placement took in the worker (MILP build and solve included), in milliseconds.
    pub millis: f64,
    /// The MILP's size and status, for MILP-based algorithms.
    pub milp: Option<WireMilp>,
    /// Predicted throughput per loop.
    pub throughput: Vec<WireLoop>,
    /// LP files of the MILPs and the placement's solution file.
    pub lp_files: Vec<WireFile>,
}

/// A buffer-placement MILP's size and outcome.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireMilp {
    /// Variables.
    pub variables: usize,
    /// Constraints.
    pub constraints: usize,
    /// Solver status, e.g. `optimal`.
    pub status: String,
    /// Objective value, when solved.
    pub objective: Option<f64>,
    /// Integer and binary variables.
    pub integer_variables: usize,
    /// The LP relaxation's objective at the root.
    pub lp_bound: Option<f64>,
    /// The best proven bound when the search stopped.
    pub best_bound: Option<f64>,
    /// Branch-and-bound nodes solved.
    pub nodes: u64,
    /// Where the solution came from (`greedy`, `dive`, `improvement`, `search`).
    pub source: String,
}

/// One loop (CFDFC) of the circuit and the throughput the placement predicts for it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireLoop {
    /// The loop's name.
    pub name: String,
    /// Predicted tokens per cycle.
    pub throughput: f64,
    /// How often the loop ran in the interpreter's profile.
    pub executions: u64,
}

/// The RTL bundle: the same files as the CLI's `--hdl … -o`, and the same zip.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireRtl {
    /// `vhdl` or `verilog`.
    pub hdl: String,
    /// The top module (the zip's root folder).
    pub top: String,
    /// Every file of the bundle, in order.
    pub files: Vec<WireFile>,
    /// The zip bundle, base64-encoded (standard alphabet, padded); empty if it failed.
    pub zip_base64: String,
}

/// A diagnostic with its location resolved for display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireDiagnostic {
    /// `error`, `warning` or `note`.
    pub severity: String,
    /// The headline.
    pub message: String,
    /// Where, if anywhere.
    pub at: Option<WireSpan>,
    /// Notes shown below the headline.
    pub notes: Vec<String>,
}

/// A resolved location: file name, byte range (clamped to the file) and start line/column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireSpan {
    /// File name as on its tab.
    pub file: String,
    /// First byte.
    pub start: u32,
    /// One past the last byte (>= start).
    pub end: u32,
    /// 1-based line of `start`.
    pub line: u32,
    /// 1-based column of `start`, in characters.
    pub col: u32,
}

impl WireDiagnostic {
    /// Resolves a core diagnostic against the sources it was reported on.
    pub fn from_core(sources: &SourceMap, d: &Diagnostic) -> Self {
        let at = d
            .span
            .filter(|s| (s.file.0 as usize) < sources.len())
            .map(|s| {
                let len = sources.text(s.file).len() as u32;
                let start = s.start.min(len);
                let at = sources.line_col(s.file, start);
                WireSpan {
                    file: sources.name(s.file).to_string(),
                    start,
                    end: s.end.clamp(start, len),
                    line: at.line,
                    col: at.col,
                }
            });
        WireDiagnostic {
            severity: match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "note",
            }
            .to_string(),
            message: d.message.clone(),
            at,
            notes: d.notes.clone(),
        }
    }
}

impl WireRtl {
    /// The zip bundle's bytes, if it was built.
    pub fn zip_bytes(&self) -> Option<Vec<u8>> {
        use base64::Engine;
        base64::engine::general_purpose::STANDARD
            .decode(&self.zip_base64)
            .ok()
            .filter(|b| !b.is_empty())
    }
}
