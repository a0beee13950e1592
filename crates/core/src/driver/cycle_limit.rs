//! The default cycle limit of a kernel's simulation and of its testbench, scaled to the work the
//! reference interpreter measured: a correct circuit of any size finishes within it, a runaway
//! one still stops (a deadlock is caught long before, by the simulator's deadlock detection and
//! the testbench's own limit being the same number).
//!
//! `limit = FLOOR + work × (SLACK + L)`, where `work` is the number of CFG instructions and block
//! executions (one per terminator) the interpreter executed in the kernel over all its calls, and
//! `L` the longest latency of a unit of the circuit in the compilation's timing model (the
//! simulator's rule, `hw::params::op_latency`; e.g. 36–63 cycles for an f64 division).
//!
//! Why it holds: every executed instruction or terminator becomes at most one token through its
//! unit (a branch, merge or mux for a terminator). Even a circuit that overlapped nothing, each
//! operation waiting for the previous one, would spend per operation at most its unit's latency
//! plus the cycles its token waits in the handshake units around it: forks, constants, branches,
//! merges, memory ports and the buffer slots a placement inserts (on-merges only at merges;
//! FPGA20 and FPL22 also on the channels their MILP picks, each slot one cycle). `SLACK`
//! covers those with a wide margin. Dynamic circuits overlap operations, so real runs stay far
//! below: the corpus runs under every placement take at most a few cycles per unit of work
//! (docs/simulation.md). `FLOOR` keeps small kernels at the previous fixed limit.

use super::Compiled;
use crate::cfg::ir::Function;
use crate::hw::params::op_latency;
use crate::interp::RunResult;

/// Cycles every kernel gets, however little work it does.
pub const FLOOR: u64 = 1_000_000;

/// Cycles allowed per unit of work on top of the slowest unit's latency.
pub const SLACK: u64 = 32;

/// The default cycle limit of `compiled`'s simulation and testbench: [`FLOOR`] when the
/// interpreter's profile or the buffered kernel is missing.
pub fn default_cycle_limit(compiled: &Compiled) -> u64 {
    let (Some(golden), Some(cfg), Some(func)) = (
        &compiled.golden,
        compiled.cfg.as_ref().and_then(|m| m.functions.first()),
        compiled.kernel(),
    ) else {
        return FLOOR;
    };
    let work = interpreter_work(golden, cfg);
    let longest = compiled.timing.as_ref().map_or(0, |t| {
        func.ops()
            .map(|(_, op)| op_latency(t, func, op))
            .max()
            .unwrap_or(0)
    });
    cycle_limit(work, longest)
}

/// The CFG instructions and block executions (one per terminator) the interpreter executed in
/// the kernel `cfg` over all its calls of `golden`.
pub(super) fn interpreter_work(golden: &RunResult, cfg: &Function) -> u64 {
    golden
        .profile
        .block_counts
        .iter()
        .map(|(&b, &n)| n.saturating_mul(cfg.block(b).insts.len() as u64 + 1))
        .fold(0, u64::saturating_add)
}

/// `FLOOR + work × (SLACK + longest_latency)`, saturating.
pub fn cycle_limit(work: u64, longest_latency: u64) -> u64 {
    work.saturating_mul(SLACK + longest_latency)
        .saturating_add(FLOOR)
}
