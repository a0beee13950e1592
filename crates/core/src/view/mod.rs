//! View models of a compiled circuit for the web app: display data computed in the worker
//! and sent to the page as is (plain strings, numbers and rectangles, serializable).
//!
//! [`graph_view`] turns a (buffered) Handshake function into a [`GraphView`]: one unit per
//! function argument and per operation (kind, label, basic block), one channel per use of a
//! value (full type text, control-only flag, back-edge flag), laid out top to bottom by the
//! core's layered layout engine with one cluster per basic block. Given the Synth netlist
//! (after ready inversion), each unit also carries its hardware ports and `hw.module` text.
//! Units lowered from C carry their source range and channels the C variable they hold
//! ([`source`]). A load-store queue carries its groups and depths ([`ViewLsq`]), its channels
//! the group each port belongs to.
//!
//! [`graph_view_with`] draws it as [`ViewOptions`] say: simplified (buffers, forks, sinks and
//! constants hidden, channels drawn through them) and with basic blocks collapsed into one unit.
//!
//! [`buffer_diff`] tells which buffers two placements of one circuit do not share.
//!
//! [`sim_view`] summarises a simulator run ([`crate::sim::run_kernel::KernelCheck`]) for the
//! simulation view, and [`SimReplay`] replays it on the graph view's channels, window by window
//! (with the load-store queues' entries per cycle, [`QueueFrame`]).
//!
//! Invariants: units are the arguments in order, then the live operations in program order;
//! every channel's `from`/`to` index `units`; every geometry is in the layout's coordinate
//! system (origin top-left, size `width` × `height`), rounded to hundredths so that it survives
//! JSON exactly. The model never panics on malformed IR:
//! uses of dangling values are left out (as in [`crate::handshake::graph::FuncGraph`]).

mod buffer_diff;
mod build;
mod class;
mod collapse;
mod explain;
mod hardware;
mod lsq;
mod model;
mod options;
mod queue_frame;
mod sim;
mod simplify;
mod source;
mod unit;

pub use buffer_diff::{buffer_diff, BufferDiff};
pub use build::{graph_view, graph_view_with};
pub use explain::about_class;
pub use model::{
    BlockBox, GraphView, UnitClass, ViewChannel, ViewLsq, ViewLsqGroup, ViewOrigin, ViewPort,
    ViewUnit,
};
pub use options::{ViewOptions, SIMPLIFY_ABOVE_UNITS};
pub use queue_frame::{entry_flags, EntryState, QueueFrame, ADDRESS, ALLOCATED, DATA, DONE};
pub use sim::{
    replay_trace, sim_view, vcd_cycles, SimFrames, SimReplay, SimView, MAX_VCD_STATES,
    REPLAY_BUDGET, REPLAY_INTERVAL,
};
pub use unit::{arg_name, op_name};
