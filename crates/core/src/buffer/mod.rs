//! Buffer placement on materialized Handshake IR (spec/buffering.md).
//!
//! * [`cfdfc`]: the loops of a kernel (choice-free dataflow circuits) from the interpreter's
//!   profile, mapped onto the circuit's units and channels; [`memory_ports`]: the interval
//!   their memory accesses impose.
//! * [`cycles`]: which channels and operations sit on cycles of the dataflow graph, and which
//!   cycles no buffer cuts (combinational cycles).
//! * [`on_merges`]: the correctness-first placement: after every merge-like operation on a
//!   cycle, a data/valid-breaking slot and a ready-breaking slot.
//! * [`circuit`], [`greedy`], [`formulation`], [`milp_placement`], [`mapping`]: the pieces of
//!   the MILP-based placements [`fpga20`] and [`fpl22`]: the circuit with its timing and
//!   rules, a fast feasible placement (its path cuts in `path_cuts`), the MILP, the solve,
//!   and the buffer types; [`unit_timing`]: each unit's timing under a placement's rules.
//! * [`channel_id`]: the typed indices of the circuit's channels.
//! * [`lsq_groups`]: after any placement, each load-store queue's groups renumbered in the
//!   order its allocation token can pass them within one cycle.

pub mod cfdfc;
pub mod channel_id;
pub mod circuit;
pub mod cover;
pub mod cycles;
pub mod evaluate;
pub mod formulation;
pub mod fpga20;
pub mod fpl22;
pub mod greedy;
pub mod local_search;
pub mod lsq_groups;
pub mod mapping;
pub mod memory_ports;
pub mod milp_outcome;
pub mod milp_placement;
pub mod on_merges;
mod path_cuts;
pub mod path_timing;
pub mod retiming;
pub mod unit_timing;

pub use cycles::{combinational_cycles, cyclic_channels, CycleInfo};
pub use lsq_groups::order_lsq_groups;
pub use on_merges::place_on_merges;
