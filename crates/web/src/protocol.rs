//! The typed messages between the page and the compiler's Web Worker, sent as JSON strings.
//!
//! These wire types are the serialization boundary: core types never cross it directly, except
//! the view models of `rivulet_core::view`, which are display data made for the page, and the
//! core's named enums (options, stage groups, severities, solver statuses), which travel as
//! their names and are rejected when unknown.
//! Diagnostics travel with their file name, byte range and 1-based line and column already
//! resolved, so the page never needs the worker's `SourceMap`.

use rivulet_core::diag::{Diagnostic, Severity, SourceMap};
use rivulet_core::driver::StageGroup;
use rivulet_core::milp::SolveStatus;
use rivulet_core::options::{BufferAlgorithm, Hdl, MemoryMode};
use rivulet_core::share::SharedFile;
use rivulet_core::view::{GraphView, SimFrames, SimView, ViewOptions};
use serde::{Deserialize, Serialize};

/// The name of the editor tab whose JSON, when present, replaces the built-in unit timing
/// characterisation (the format of `configs/timing.json`); it travels with the sources, so
/// share links keep it.
pub const TIMING_FILE: &str = "timing.json";

/// One source file sent to the compiler.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireFile {
    /// Tab name, e.g. `fir.c`.
    pub name: String,
    /// Its text.
    pub text: String,
}

impl From<SharedFile> for WireFile {
    fn from(f: SharedFile) -> WireFile {
        WireFile {
            name: f.name,
            text: f.text,
        }
    }
}

/// Compilation options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireOptions {
    /// Buffer placement algorithm.
    pub buffer_algorithm: BufferAlgorithm,
    /// Target clock period in nanoseconds.
    pub clock_period_ns: f64,
    /// Language of the RTL.
    pub hdl: Hdl,
    /// How memory accesses that may conflict are ordered (the CLI's `--memory`).
    #[serde(default)]
    pub memory: MemoryMode,
    /// Every load-store queue's depth (the CLI's `--lsq-depth`; `None`: sized on the run).
    #[serde(default)]
    pub lsq_depth: Option<usize>,
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
    /// Simulate the circuit of the latest compilation cycle by cycle and check it (in slices,
    /// with [`Response::SimProgress`] between them).
    Simulate {
        /// Matches the responses to this request.
        id: u32,
    },
    /// Stop simulation `id` (it answers `Simulated` with `cancelled_at`).
    CancelSimulation {
        /// The simulation.
        id: u32,
    },
    /// Replay `count` cycles of simulation `id` from cycle `from`.
    Frames {
        /// The simulation.
        id: u32,
        /// The first cycle.
        from: u64,
        /// How many cycles.
        count: u32,
    },
    /// The cycle of simulation `id` by which `transfers` more handshakes have happened after
    /// cycle `from` (the last cycle if the run ends first).
    Seek {
        /// The simulation.
        id: u32,
        /// The cycle counted from (excluded).
        from: u64,
        /// How many handshakes.
        transfers: u64,
    },
    /// The run of simulation `id` as VCD.
    Vcd {
        /// The simulation.
        id: u32,
    },
    /// The Verilog sources and Yosys script of the latest compilation's circuit, for the page's
    /// synthesis worker.
    SynthesisJob {
        /// Matches the response.
        id: u32,
    },
    /// The graph view of compilation `id`'s circuit drawn with other options (simplified,
    /// blocks collapsed).
    View {
        /// The compilation.
        id: u32,
        /// How to draw it.
        options: ViewOptions,
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
    /// Simulation `id` is running (sent between its slices).
    SimProgress {
        /// The request.
        id: u32,
        /// Where it stands.
        progress: SimProgress,
    },
    /// Simulation `id` finished or was cancelled.
    Simulated {
        /// The request.
        id: u32,
        /// Its result.
        outcome: Box<WireSimulation>,
    },
    /// Replayed cycles of simulation `id`.
    Frames {
        /// The simulation.
        id: u32,
        /// The cycles.
        frames: Box<SimFrames>,
    },
    /// The answer to a `Seek` of simulation `id`.
    Sought {
        /// The simulation.
        id: u32,
        /// The cycle found.
        cycle: u64,
    },
    /// Simulation `id` as VCD.
    Vcd {
        /// The simulation.
        id: u32,
        /// The file name, `<kernel>.vcd`.
        name: String,
        /// The VCD text.
        text: String,
    },
    /// What synthesis request `id` reads, or why there is none.
    SynthesisJob {
        /// The request.
        id: u32,
        /// The job, or the errors that prevent it.
        job: Result<Box<WireSynthesisJob>, Vec<String>>,
    },
    /// The graph view asked for by [`Request::View`].
    Viewed {
        /// The compilation.
        id: u32,
        /// The options it was drawn with.
        options: ViewOptions,
        /// The view (boxed: it is large).
        graph: Box<GraphView>,
        /// Time to build and lay it out in the worker.
        millis: f64,
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
    /// Each memory's interface, in memory order, once the circuit was built.
    #[serde(default)]
    pub interfaces: Vec<WireInterface>,
}

/// The interface of one memory (see `rivulet_core::lower::MemoryInterface`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireInterface {
    /// The array's name.
    pub memory: String,
    /// The interface and why, with a queue's cost: `load-store queue (1 load, 1 store in 1
    /// group; …)`.
    pub describe: String,
    /// True for a load-store queue.
    pub queue: bool,
}

impl WireInterface {
    /// The report line, as `rivulet sim` prints it: `memory hist: load-store queue (…)`.
    pub fn line(&self) -> String {
        format!("memory {}: {}", self.memory, self.describe)
    }
}

/// What one simulation produced.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireSimulation {
    /// The run's summary, if it ran to its end (its cycles are replayed with `Frames`).
    pub view: Option<SimView>,
    /// Why it did not run (no compilation, unsupported units…).
    pub errors: Vec<String>,
    /// Wall time of the simulation in the worker, in milliseconds.
    pub millis: f64,
    /// The cycle at which the user cancelled the run, if they did.
    #[serde(default)]
    pub cancelled_at: Option<u64>,
}

/// Where a running simulation stands.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SimProgress {
    /// Cycles simulated.
    pub cycles: u64,
    /// Transfers on all channels so far.
    pub transfers: u64,
    /// Tokens that passed the loop headers so far (loop iterations started, entries included).
    pub iterations: u64,
    /// The same count in the interpreter's run, when known: the work the circuit has to do.
    pub expected_iterations: Option<u64>,
    /// The cycle limit.
    pub max_cycles: u64,
}

impl SimProgress {
    /// The fraction done, in `[0, 1]`: by iterations when the interpreter's count is known,
    /// else by cycles against the limit.
    pub fn fraction(&self) -> f64 {
        let (done, total) = match self.expected_iterations {
            Some(e) if e > 0 => (self.iterations, e),
            _ => (self.cycles, self.max_cycles.max(1)),
        };
        (done as f64 / total as f64).min(1.0)
    }
}

/// One stage (pass) that ran.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StageOutcome {
    /// The pass's name, e.g. `licm`.
    pub name: String,
    /// Its group.
    pub group: StageGroup,
    /// Time it took in the worker, in milliseconds.
    pub millis: f64,
    /// The text after the stage (IR, source, golden values), if it produced one.
    pub ir: Option<String>,
}

/// What the stages of a group show, for the pipeline view's headings.
pub fn describe_group(group: StageGroup) -> &'static str {
    match group {
        StageGroup::C => "C front end: preprocess, parse, type-check",
        StageGroup::Cfg => "CFG IR: SSA basic blocks, pass by pass",
        StageGroup::Golden => "reference interpreter: the golden kernel call",
        StageGroup::Handshake => "Handshake IR: the dataflow circuit",
        StageGroup::Buffers => "buffered Handshake IR: buffer placement",
        StageGroup::Hw => "HW IR: modules and instances",
        StageGroup::Synth => "Synth IR: unbundled data/valid/ready",
        StageGroup::Rtl => "RTL: VHDL or Verilog, testbench, bundle",
    }
}

/// What buffer placement did (see `rivulet_core::driver::BufferReport`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireBuffers {
    /// The algorithm asked for.
    pub requested: BufferAlgorithm,
    /// The algorithm that ran.
    pub algorithm: BufferAlgorithm,
    /// The clock period targeted, in nanoseconds.
    pub clock_period_ns: f64,
    /// Buffers placed.
    pub buffers: usize,
    /// The placed circuit's longest combinational data/valid path, in nanoseconds.
    pub critical_path_ns: Option<f64>,
    /// The placed circuit's longest combinational data path (valid delays left out), in
    /// nanoseconds: what FPGA20 constrains.
    #[serde(default)]
    pub data_path_ns: Option<f64>,
    /// The placed circuit's longest combinational ready path, in nanoseconds.
    pub ready_path_ns: Option<f64>,
    /// The critical data/valid path, unit by unit.
    #[serde(default)]
    pub critical_route: Option<WirePath>,
    /// The critical ready path, unit by unit (from consumers up to producers).
    #[serde(default)]
    pub ready_route: Option<WirePath>,
    /// The timing characterisation used: `built-in` or [`TIMING_FILE`].
    #[serde(default)]
    pub timing: String,
    /// Time placement took in the worker (MILP build and solve included), in milliseconds.
    pub millis: f64,
    /// The MILP's size and status, for MILP-based algorithms.
    pub milp: Option<WireMilp>,
    /// Predicted throughput per loop.
    pub throughput: Vec<WireLoop>,
    /// LP files of the MILPs and the placement's solution file.
    pub lp_files: Vec<WireFile>,
}

/// A critical path (see `rivulet_core::driver::CriticalPath`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WirePath {
    /// Its units in the order the signal passes them.
    pub steps: Vec<WireStep>,
    /// The value ids of its channels, in order (as the graph view's channels carry them).
    pub channels: Vec<u32>,
    /// Its length in nanoseconds.
    pub total_ns: f64,
}

/// One unit of a critical path.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireStep {
    /// The unit's name, as in the graph view.
    pub unit: String,
    /// The delay it adds, in nanoseconds.
    pub delay_ns: f64,
    /// The path's delay up to and including it, in nanoseconds.
    pub cumulative_ns: f64,
}

/// A buffer-placement MILP's size and outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireMilp {
    /// Variables.
    pub variables: usize,
    /// Constraints.
    pub constraints: usize,
    /// How the solve ended.
    pub status: SolveStatus,
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
    /// How the solves ended, in words.
    pub ended: String,
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
    /// Its language.
    pub hdl: Hdl,
    /// The top module (the zip's root folder).
    pub top: String,
    /// Every file of the bundle, in order.
    pub files: Vec<WireFile>,
    /// The zip bundle, base64-encoded (standard alphabet, padded); empty if it failed.
    pub zip_base64: String,
}

/// The inputs of one area synthesis (see `rivulet_core::driver::SynthesisJob`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WireSynthesisJob {
    /// The top module.
    pub top: String,
    /// The Verilog sources, in compilation order.
    pub files: Vec<WireFile>,
    /// The Yosys script.
    pub script: String,
    /// The timing model's critical data/valid path, in nanoseconds.
    pub model_path_ns: Option<f64>,
}

/// A diagnostic with its location resolved for display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireDiagnostic {
    /// How serious.
    pub severity: Severity,
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
            severity: d.severity,
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
