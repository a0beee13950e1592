//! Buffer placement as the driver runs it: the options the user chose, the one function that
//! places buffers, and the report the app's Buffers panel shows.
//!
//! Every placement goes through [`place`], so switching the algorithm implementation is a
//! change to that one function. Today the correctness-first on-merges placement runs for
//! every requested algorithm; a request for another algorithm says so in a warning and in
//! the report (`requested` differs from `algorithm`). The MILP fields stay empty until an
//! MILP-based algorithm fills them.

use crate::buffer::place_on_merges;
use crate::diag::Diagnostic;
use crate::handshake::Func;
use crate::interp::Profile;

/// The name of the correctness-first placement.
pub const ON_MERGES: &str = "on-merges";

/// What the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferOptions {
    /// `on-merges`, `fpga20` or `fpl22`.
    pub algorithm: String,
    /// Target clock period in nanoseconds (used by the timing-driven algorithms).
    pub clock_period_ns: f64,
}

impl Default for BufferOptions {
    fn default() -> Self {
        BufferOptions {
            algorithm: ON_MERGES.to_string(),
            clock_period_ns: 4.0,
        }
    }
}

/// Size and outcome of a buffer-placement MILP.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MilpReport {
    /// Number of variables.
    pub variables: usize,
    /// Number of constraints.
    pub constraints: usize,
    /// Solver status, e.g. `optimal`, `infeasible`.
    pub status: String,
    /// Objective value, when solved.
    pub objective: Option<f64>,
}

/// The throughput an algorithm predicts for one loop (cycle) of the circuit.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopThroughput {
    /// Which loop, as the algorithm names it.
    pub name: String,
    /// Tokens per cycle, in (0, 1].
    pub throughput: f64,
}

/// What buffer placement did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BufferReport {
    /// The algorithm the user asked for.
    pub requested: String,
    /// The algorithm that ran.
    pub algorithm: String,
    /// The clock period the placement targeted, in nanoseconds.
    pub clock_period_ns: f64,
    /// Buffer operations placed.
    pub buffers: usize,
    /// The MILP, for MILP-based algorithms.
    pub milp: Option<MilpReport>,
    /// Predicted throughput per loop (MILP-based algorithms).
    pub throughput: Vec<LoopThroughput>,
    /// LP files of the MILPs, `(file name, text)`.
    pub lp_files: Vec<(String, String)>,
}

/// Places buffers into `func` as `options` ask; `profile` is the interpreter's (MILP-based
/// algorithms weigh loops by it). Reports through the returned report and `diagnostics`.
pub fn place(
    func: &mut Func,
    profile: Option<&Profile>,
    options: &BufferOptions,
    diagnostics: &mut Vec<Diagnostic>,
) -> BufferReport {
    let _ = profile;
    if options.algorithm != ON_MERGES {
        diagnostics.push(
            Diagnostic::warning(format!(
                "buffer placement `{}` is not available in this build; placed `{ON_MERGES}` \
                 buffers instead",
                options.algorithm
            ))
            .with_note("the circuit is correct but its throughput is not optimized"),
        );
    }
    let buffers = place_on_merges(func);
    BufferReport {
        requested: options.algorithm.clone(),
        algorithm: ON_MERGES.to_string(),
        clock_period_ns: options.clock_period_ns,
        buffers,
        ..BufferReport::default()
    }
}
