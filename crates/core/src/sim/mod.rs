//! The cycle-accurate elastic simulator. It runs an abstract [`Netlist`] (units and channels,
//! independent of the Handshake IR) with the cycle semantics of the RTL templates
//! (`rtl-templates/README.md`): the same transfers in the same cycles as the generated VHDL and
//! Verilog.
//!
//! ```
//! use rivulet_core::sim::{simulate, Netlist, SimOptions, Status, UnitKind, IntOp};
//! let mut n = Netlist::new();
//! let a = n.add_unit("a", UnitKind::Entry { value: 40 });
//! let b = n.add_unit("b", UnitKind::Entry { value: 2 });
//! let add = n.add_unit("add", UnitKind::Int { op: IntOp::Add, latency: 0 });
//! let out = n.add_unit("out", UnitKind::Exit);
//! n.connect("a_add", 32, (a, 0), (add, 0));
//! n.connect("b_add", 32, (b, 0), (add, 1));
//! n.connect("add_out", 32, (add, 0), (out, 0));
//! let r = simulate(&n, &SimOptions::default()).unwrap();
//! assert_eq!(r.status, Status::Finished);
//! assert_eq!(r.outputs, vec![Some(42)]);
//! assert_eq!(r.cycles, 1);
//! ```
//!
//! Files: `netlist.rs` (the circuit), `netlist_check.rs` (its invariants), `units/` (one model
//! per unit family), `engine.rs` (the cycle loop), `deadlock.rs` (reports), `trace.rs` (per-cycle
//! record), `compact_trace.rs` (the record of long runs: changes and checkpoints), `trace_lsq.rs`
//! (the load-store queues' entries per cycle), `vcd.rs`
//! (VCD export), `value.rs` (bit patterns).

pub mod adapter;
mod compact_trace;
mod deadlock;
mod engine;
mod netlist;
mod netlist_check;
pub mod run_kernel;
mod snapshots;
mod trace;
mod trace_lsq;
mod units;
pub mod value;
mod vcd;

pub use compact_trace::{CompactTrace, Frames};
pub use deadlock::{CombLoopReport, DeadlockReport, Wait, WaitReason};
pub use engine::{SimState, Simulator};
pub use netlist::{
    BufferType, Channel, ChannelId, FloatOp, FloatPredicate, IntOp, IntPredicate, LsqShape, Memory,
    Netlist, Unit, UnitId, UnitKind,
};
pub use snapshots::Snapshots;
pub use trace::{ChannelState, Frame, Trace};
pub use trace_lsq::{queues_of, LsqTrace};
pub use units::lsq::{EntryView, LsqSnapshot};
pub use units::Signals;
pub use vcd::to_vcd;

use crate::diag::Diagnostic;

/// The cycle limit of a netlist simulated without an explicit one.
pub const DEFAULT_MAX_CYCLES: u64 = 1_000_000;

/// How to run a simulation (the default: no explicit limit, the default deadlock window, no
/// trace).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimOptions {
    /// Stop with [`Status::CycleLimit`] after this many cycles. `None`: the driver derives the
    /// limit of a kernel from the interpreter's work (`driver::default_cycle_limit`); a bare
    /// netlist gets [`DEFAULT_MAX_CYCLES`].
    pub max_cycles: Option<u64>,
    /// Report a deadlock after this many cycles without any transfer (a state that can no
    /// longer change is reported at once). `None`: 1000, or 4 × the longest unit latency + 64
    /// if larger.
    pub deadlock_cycles: Option<u64>,
    /// Record a [`Trace`].
    pub trace: bool,
}

/// Why a run stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Every exit took its token (with no exits: the circuit drained and went quiet).
    Finished,
    /// Tokens are stuck.
    Deadlock(DeadlockReport),
    /// [`SimOptions::max_cycles`] reached.
    CycleLimit,
    /// The combinational signals did not settle.
    CombLoop(CombLoopReport),
}

/// The kind of a [`Status`], without its report: what the simulation view and the app show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum StatusKind {
    /// [`Status::Finished`].
    #[default]
    Finished,
    /// [`Status::Deadlock`].
    Deadlock,
    /// [`Status::CombLoop`].
    CombLoop,
    /// [`Status::CycleLimit`].
    CycleLimit,
}

crate::named_enum!(StatusKind, "simulation status" {
    Finished => "finished",
    Deadlock => "deadlock",
    CombLoop => "combinational loop",
    CycleLimit => "cycle limit",
});

impl Status {
    /// The status's kind.
    pub fn kind(&self) -> StatusKind {
        match self {
            Status::Finished => StatusKind::Finished,
            Status::Deadlock(_) => StatusKind::Deadlock,
            Status::CombLoop(_) => StatusKind::CombLoop,
            Status::CycleLimit => StatusKind::CycleLimit,
        }
    }
}

/// The outcome of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct SimResult {
    /// Cycles simulated; for a finished run, the number of the cycle in which the last exit
    /// token transferred, plus 1 (see the engine's documentation of cycle numbering).
    pub cycles: u64,
    /// The token each exit unit took (exits in unit order), `None` if it got none.
    pub outputs: Vec<Option<u64>>,
    /// Final contents of each memory (including the stores of the last edge).
    pub memories: Vec<Vec<u64>>,
    /// The per-cycle record, if requested.
    pub trace: Option<Trace>,
    /// Why the run stopped.
    pub status: Status,
    /// Unit evaluations performed (a measure of work).
    pub evaluations: u64,
}

/// Simulates `netlist` from reset until it finishes, deadlocks or hits a limit. Returns the
/// netlist's violations if it is malformed.
pub fn simulate(netlist: &Netlist, options: &SimOptions) -> Result<SimResult, Vec<Diagnostic>> {
    Ok(Simulator::new(netlist, options)?.run())
}
