//! The compile driver: the one orchestrator of the compiler. It takes a kernel from C source
//! through every stage and returns everything a front end needs — diagnostics, the IR after
//! every stage, the buffered circuit, the interpreter's golden run, the HW design and, on
//! request, the Synth netlist, the RTL bundle and a simulation checked against the
//! interpreter. The CLI, the tests, the benches and the web app's worker all call [`compile`]
//! (the worker also [`simulate`]s a kept compilation); they only do input and output.
//!
//! Stages, in order (each a [`StageIr`] of its [`StageGroup`]): `front-end` (C), `lower` and
//! the CFG passes of [`crate::cfg::passes::PIPELINE`], `interpret` (golden run, when asked),
//! `cf-to-handshake`, `canonicalize`, `optimize-bitwidths` (unless
//! [`DriverOptions::no_bitwidth_opt`]), `materialize`, `buffers-<algorithm>`, `hw`, the Synth
//! phases `unbundle`, `invert-ready`, `split-bits` (when asked), then `rtl`, `testbench`,
//! `bundle`, `zip` (when asked). A stage that fails ends the run; later stages are absent;
//! [`DriverOptions::stop_after`] ends it early on purpose.
//!
//! Invariants:
//! - `progress` is called exactly once per entry of [`Compiled::stages`], in order, with the
//!   stage's name, just before the stage runs; so a caller that reads a clock in `progress`
//!   knows every stage's duration (from one call to the next).
//! - Every stage that changes IR is followed by its IR's verifier (CFG passes, Handshake
//!   stages, buffer placement, HW, each Synth phase); a finding ends the run with an internal
//!   error naming the stage ([`Diagnostic::invalid_ir`]).
//! - The driver is pure.

mod buffers;
mod critical_path;
mod cycle_limit;
mod handshake;
mod memory_choice;
mod queue_depths;
mod rtl;
mod run;
mod simulate;
mod synthesis;

pub use buffers::{place, BufferOptions, BufferReport, LoopThroughput, MilpReport};
pub use critical_path::{CriticalPath, PathStep};
pub use cycle_limit::{cycle_limit, default_cycle_limit};
pub use memory_choice::{MIN_SAVING, WORK_LIMIT as AUTO_WORK_LIMIT};
pub use rtl::{RtlOptions, RtlOutput};
pub use run::compile;
use simulate::failure;
pub use simulate::{expected_block_entries, simulate, simulation_setup};
pub use synthesis::{synthesis_job, SynthesisJob};

use crate::diag::{Diagnostic, FileId, SourceMap};
use crate::front::types::ScalarTy;
use crate::handshake::{self as hs, Func};
use crate::hw::Design;
use crate::interp::{InterpOptions, RunResult};
use crate::lower::MemoryInfo;
use crate::sim::run_kernel::KernelCheck;
use crate::sim::SimOptions;
use crate::synth::ir::Netlist;
use crate::timing::TimingModel;

/// The pipeline's stage groups, in order (the app's pipeline view shows one heading each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StageGroup {
    /// The C front end.
    C,
    /// The CFG IR and its passes.
    Cfg,
    /// The reference interpreter's run (its "IR" is the golden call as JSON).
    Golden,
    /// Handshake IR: lowering, canonicalization, materialization.
    Handshake,
    /// Buffered Handshake IR.
    Buffers,
    /// HW IR.
    Hw,
    /// Synth IR (unbundled wires).
    Synth,
    /// RTL emission and its bundle.
    Rtl,
}

crate::named_enum!(StageGroup, "stage group" {
    C => "c",
    Cfg => "cfg",
    Golden => "golden",
    Handshake => "handshake",
    Buffers => "buffers",
    Hw => "hw",
    Synth => "synth",
    Rtl => "rtl",
});

/// One stage that ran (or started and failed).
#[derive(Clone, Debug, PartialEq)]
pub struct StageIr {
    /// The stage's name, e.g. `licm`.
    pub name: String,
    /// Its group.
    pub group: StageGroup,
    /// The text after it (IR, or the source for the front end); `None` when it failed or
    /// produces no text.
    pub ir: Option<String>,
}

/// What to compute.
#[derive(Clone, Debug, Default)]
pub struct DriverOptions {
    /// Buffer placement.
    pub buffers: BufferOptions,
    /// The units' timing characterisation (`None`: the built-in `configs/timing.json`); the
    /// clock period of `buffers` replaces its own.
    pub timing: Option<TimingModel>,
    /// Run the reference interpreter (golden values and the profile). Implied by `rtl`,
    /// `simulate` and the MILP placements.
    pub golden: bool,
    /// The interpreter's limits.
    pub interp: InterpOptions,
    /// The last stage group to run (`None`: every group the other options ask for). With
    /// `Some(StageGroup::Golden)` the interpreter runs whatever `golden` says.
    pub stop_after: Option<StageGroup>,
    /// Lower the buffered circuit to Synth IR.
    pub synth: bool,
    /// Emit RTL.
    pub rtl: Option<RtlOptions>,
    /// Simulate the buffered circuit with these options and check it against the
    /// interpreter (the result is [`Compiled::simulation`]).
    pub simulate: Option<SimOptions>,
    /// Skip the `optimize-bitwidths` stage: every unit keeps its C type's width.
    pub no_bitwidth_opt: bool,
    /// How memory accesses that may conflict are ordered.
    pub memory: crate::options::MemoryMode,
    /// The depth of every load-store queue's load and store queues (`None`: sized on the
    /// kernel's run, docs/memory-ordering.md "Sizing").
    pub lsq_depth: Option<usize>,
}

impl DriverOptions {
    /// The timing model of a compilation with these options ([`BufferOptions::timing`]).
    pub fn resolved_timing(&self) -> Result<TimingModel, Vec<Diagnostic>> {
        self.buffers.timing(self.timing.as_ref())
    }

    /// Whether the run goes on past the stages of `group`.
    fn runs_after(&self, group: StageGroup) -> bool {
        self.stop_after.is_none_or(|last| last > group)
    }
}

/// Everything one compilation produced. Fields are `None`/empty from the stage that failed on.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    /// Every diagnostic, located in the caller's `SourceMap` (headers are added to it).
    pub diagnostics: Vec<Diagnostic>,
    /// The stages, in the order they ran.
    pub stages: Vec<StageIr>,
    /// The timing model every stage used: the options' characterisation at their clock
    /// period, latencies fixed ([`TimingModel::with_latencies_fixed`]).
    pub timing: Option<TimingModel>,
    /// The kernel's C signature, once the front end accepted the file.
    pub signature: Option<crate::front::Signature>,
    /// The optimized CFG module (kernel first, then `main` and, when the kernel has
    /// assertions, its checked copy [`crate::cfg::ir::checked_name`]).
    pub cfg: Option<crate::cfg::ir::Module>,
    /// The Handshake module: the kernel first, then placeholder declarations; materialized,
    /// and buffered once buffer placement ran.
    pub module: Option<hs::Module>,
    /// The kernel's memories, in argument order.
    pub memories: Vec<MemoryInfo>,
    /// Each memory's interface and why (`lower::interfaces`), in memory order.
    pub interfaces: Vec<crate::lower::MemoryInterface>,
    /// The kernel's C return type (`None` for void or before the CFG was built).
    pub ret: Option<ScalarTy>,
    /// The interpreter's run of `main` (kernel calls and profile), when asked.
    pub golden: Option<RunResult>,
    /// What buffer placement did.
    pub buffers: Option<BufferReport>,
    /// The HW design.
    pub design: Option<Design>,
    /// The Synth netlist after ready inversion, when asked.
    pub synth: Option<Netlist>,
    /// The RTL bundle, when asked.
    pub rtl: Option<RtlOutput>,
    /// The simulation of the buffered kernel, when asked (see [`simulate`]); a run that
    /// could not start is an error diagnostic instead.
    pub simulation: Option<KernelCheck>,
}

impl Compiled {
    /// The kernel function (buffered once buffer placement ran).
    pub fn kernel(&self) -> Option<&Func> {
        self.module.as_ref()?.funcs.first()
    }

    /// The simulation's failure as a located diagnostic, if it ran and failed.
    pub fn simulation_failure(&self) -> Option<Diagnostic> {
        failure(self, self.simulation.as_ref()?)
    }
}

/// Compiles in-memory files: the first is the kernel, the others are headers the kernel can
/// `#include "name"`. Returns the source map the diagnostics point into.
pub fn compile_files(
    files: &[(String, String)],
    options: &DriverOptions,
    progress: &mut dyn FnMut(&str),
) -> (Compiled, SourceMap) {
    let mut sources = SourceMap::new();
    let Some((name, text)) = files.first() else {
        let none = Diagnostic::error("there is no kernel file to compile");
        let compiled = Compiled {
            diagnostics: vec![none],
            ..Compiled::default()
        };
        return (compiled, sources);
    };
    let kernel: FileId = sources.add(name.as_str(), text.as_str());
    let headers = &files[1..];
    let mut lookup = |wanted: &str| {
        headers
            .iter()
            .find(|(n, _)| n == wanted)
            .map(|(_, t)| t.clone())
    };
    let compiled = compile(&mut sources, kernel, &mut lookup, options, progress);
    (compiled, sources)
}

/// Records stages as they start and calls `progress` (see the module invariant).
pub(crate) struct Recorder<'p> {
    stages: Vec<StageIr>,
    progress: &'p mut dyn FnMut(&str),
}

impl<'p> Recorder<'p> {
    fn new(progress: &'p mut dyn FnMut(&str)) -> Self {
        Recorder {
            stages: Vec::new(),
            progress,
        }
    }

    /// Starts a stage.
    fn begin(&mut self, group: StageGroup, name: &str) {
        (self.progress)(name);
        self.stages.push(StageIr {
            name: name.to_string(),
            group,
            ir: None,
        });
    }

    /// Sets the text after the current stage.
    fn set_ir(&mut self, ir: String) {
        if let Some(s) = self.stages.last_mut() {
            s.ir = Some(ir);
        }
    }

    /// Renames the current stage (when its name depends on what it did).
    fn rename(&mut self, name: String) {
        if let Some(s) = self.stages.last_mut() {
            s.name = name;
        }
    }
}
