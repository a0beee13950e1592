//! Buffer placement on materialized Handshake IR (spec/buffering.md).
//!
//! * [`cfdfc`]: the loops of a kernel (choice-free dataflow circuits) from the interpreter's
//!   profile, mapped onto the circuit's units and channels.
//! * [`cycles`]: which channels and operations sit on cycles of the dataflow graph, and which
//!   cycles no buffer cuts (combinational cycles).
//! * [`on_merges`]: the correctness-first placement: after every merge-like operation on a
//!   cycle, a data/valid-breaking slot and a ready-breaking slot.

pub mod cfdfc;
pub mod cycles;
pub mod on_merges;

pub use cycles::{combinational_cycles, cyclic_channels, CycleInfo};
pub use on_merges::place_on_merges;
