//! Buffer placement as the driver runs it: the options the user chose, the one function that
//! places buffers, and the report the app's Buffers panel shows.
//!
//! Every placement goes through [`place`]. `on-merges` is the correctness-first placement;
//! `fpga20` (and `fpl22`) extract the CFDFCs from the interpreter's profile and solve their
//! MILP; `none` leaves the circuit as lowered. When a MILP-based placement cannot run (no
//! profile, no feasible placement), a warning says so and on-merges buffers are placed
//! instead (`requested` then differs from `algorithm`). Whatever the algorithm, the
//! load-store queues' groups are then renumbered to follow the placed circuit's
//! combinational paths ([`order_lsq_groups`]).

use super::critical_path::{data_valid_path, ready_path, CriticalPath};
use crate::buffer::cfdfc::{extract_cycles, most_executed, ArcProfile, Cfdfc};
use crate::buffer::channel_id::ChannelVec;
use crate::buffer::circuit::{BufferDelays, Circuit, ReadyBreaks};
use crate::buffer::evaluate::Evaluator;
use crate::buffer::fpga20::place_fpga20;
use crate::buffer::fpl22::place_fpl22;
use crate::buffer::greedy::ChannelBuffers;
use crate::buffer::milp_placement::{overall_status, MilpPlacement};
use crate::buffer::path_timing::PathTiming;
use crate::buffer::unit_timing::PathRule;
use crate::buffer::{order_lsq_groups, place_on_merges};
use crate::diag::Diagnostic;
use crate::handshake::Func;
use crate::milp::{write_lp, write_solution, SolutionSource, SolveStatus};
use crate::options::BufferAlgorithm;
use crate::timing::{TimingModel, CLOCK_PERIOD_RANGE_NS, TIME_TOLERANCE_NS};

/// The MILPs model the most executed CFDFCs until they cover this share of all CFDFC
/// executions…
pub const CFDFC_COVERAGE: f64 = 0.95;
/// …and at most this many.
pub const MAX_MODELLED_CFDFCS: usize = 4;

/// What the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferOptions {
    /// The placement algorithm.
    pub algorithm: BufferAlgorithm,
    /// Target clock period in nanoseconds (used by the timing-driven algorithms).
    pub clock_period_ns: f64,
}

impl BufferOptions {
    /// The timing model at these options' clock period, latencies fixed
    /// ([`TimingModel::with_latencies_fixed`]): `characterisation`, or the built-in one.
    pub fn timing(
        &self,
        characterisation: Option<&TimingModel>,
    ) -> Result<TimingModel, Vec<Diagnostic>> {
        let model = match characterisation {
            Some(t) => t.clone(),
            None => TimingModel::builtin()?,
        };
        let model = model
            .with_clock_period(self.clock_period_ns)
            .map_err(|d| vec![d])?;
        Ok(model.with_latencies_fixed())
    }
}

impl Default for BufferOptions {
    fn default() -> Self {
        BufferOptions {
            algorithm: BufferAlgorithm::OnMerges,
            clock_period_ns: 4.0,
        }
    }
}

/// Size and outcome of a buffer-placement MILP.
#[derive(Clone, Debug, PartialEq)]
pub struct MilpReport {
    /// Number of variables.
    pub variables: usize,
    /// Number of constraints.
    pub constraints: usize,
    /// How the solve ended (the worst status of several solves).
    pub status: SolveStatus,
    /// Objective value, when solved.
    pub objective: Option<f64>,
    /// Number of integer and binary variables.
    pub integer_variables: usize,
    /// The LP relaxation's objective at the root (a bound on the objective).
    pub lp_bound: Option<f64>,
    /// The best proven bound on the objective when the search stopped.
    pub best_bound: Option<f64>,
    /// Branch-and-bound nodes solved.
    pub nodes: u64,
    /// Where the solution came from: `greedy` (the warm start), `dive`, `improvement`,
    /// `search`.
    pub source: String,
    /// How the solves ended, in words (`buffer::milp_outcome::how_it_ended`).
    pub ended: String,
}

/// The throughput an algorithm predicts for one loop (cycle) of the circuit.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopThroughput {
    /// Which loop, as the algorithm names it.
    pub name: String,
    /// Tokens per cycle, in [0, 1]: the MILP's, at most what the loop's memory accesses
    /// allow ([`crate::buffer::memory_ports`]).
    pub throughput: f64,
    /// How often the loop ran (the CFDFC's executions in the profile).
    pub executions: u64,
}

/// What buffer placement did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BufferReport {
    /// The algorithm the user asked for.
    pub requested: BufferAlgorithm,
    /// The algorithm that ran.
    pub algorithm: BufferAlgorithm,
    /// The clock period the placement targeted, in nanoseconds.
    pub clock_period_ns: f64,
    /// Buffer operations placed.
    pub buffers: usize,
    /// The placed circuit's longest combinational data/valid path in nanoseconds (the
    /// clock period it can run at), from the timing model; `None` when it has a
    /// combinational cycle or the timing model is unusable.
    pub critical_path_ns: Option<f64>,
    /// The placed circuit's longest combinational data path in nanoseconds (valid delays left
    /// out, pipelined units' outputs registered: the paths FPGA20 constrains), the same way.
    pub data_path_ns: Option<f64>,
    /// The placed circuit's longest combinational ready path in nanoseconds, the same way.
    pub ready_path_ns: Option<f64>,
    /// The data/valid path [`Self::critical_path_ns`] measures, unit by unit.
    pub critical_route: Option<CriticalPath>,
    /// The ready path [`Self::ready_path_ns`] measures, unit by unit.
    pub ready_route: Option<CriticalPath>,
    /// The MILP, for MILP-based algorithms.
    pub milp: Option<MilpReport>,
    /// Predicted throughput per loop (MILP-based algorithms).
    pub throughput: Vec<LoopThroughput>,
    /// LP files of the MILPs and the placement MILP's solution (`<algorithm>.sol`, for
    /// the whole model), `(file name, text)`.
    pub lp_files: Vec<(String, String)>,
}

/// Places buffers into `func` as `options` ask; `profile` is the interpreter's (MILP-based
/// algorithms weigh loops by it). Reports through the returned report and `diagnostics`.
pub fn place(
    func: &mut Func,
    profile: Option<&ArcProfile>,
    options: &BufferOptions,
    timing: &TimingModel,
    diagnostics: &mut Vec<Diagnostic>,
) -> BufferReport {
    let mut report = BufferReport {
        requested: options.algorithm,
        algorithm: options.algorithm,
        clock_period_ns: options.clock_period_ns,
        ..BufferReport::default()
    };
    if options.algorithm.is_milp() {
        report.algorithm = BufferAlgorithm::OnMerges;
        if let Err(why) = place_milp(func, profile, options, timing, &mut report, diagnostics) {
            diagnostics.push(
                Diagnostic::warning(format!(
                    "buffer placement `{}` did not run: {why}; placed `{}` buffers instead",
                    options.algorithm,
                    BufferAlgorithm::OnMerges
                ))
                .with_note("the circuit is correct but its throughput is not optimized"),
            );
        }
    }
    if report.algorithm == BufferAlgorithm::OnMerges {
        report.buffers = place_on_merges(func);
    }
    order_lsq_groups(func);
    report.critical_path_ns = forward_path_ns(func, timing, PathRule::DataAndValid);
    report.data_path_ns = forward_path_ns(func, timing, PathRule::DataOnly);
    report.ready_path_ns = ready_path_ns(func, timing);
    report.critical_route = data_valid_path(func, timing);
    report.ready_route = ready_path(func, timing);
    report
}

impl BufferReport {
    /// The paths the algorithm that ran constrains, each `(what, ns)`: data paths for FPGA20,
    /// data/valid and ready paths for FPL22, none for the others.
    pub fn constrained_paths(&self) -> Vec<(&'static str, Option<f64>)> {
        match self.algorithm {
            BufferAlgorithm::Fpga20 => vec![("data path", self.data_path_ns)],
            BufferAlgorithm::Fpl22 => vec![
                ("critical path", self.critical_path_ns),
                ("ready path", self.ready_path_ns),
            ],
            BufferAlgorithm::OnMerges | BufferAlgorithm::None => Vec::new(),
        }
    }

    /// Whether every path the algorithm constrains meets the clock period (a path without
    /// timing, through a combinational cycle, does not).
    pub fn meets_clock_period(&self) -> bool {
        self.constrained_paths()
            .iter()
            .all(|(_, ns)| ns.is_some_and(|ns| ns <= self.clock_period_ns + TIME_TOLERANCE_NS))
    }
}

/// The longest combinational forward path of the buffered `func` in nanoseconds, timed as
/// `rule` says: the timing model's delays (not clamped to any clock period), paths restarting
/// at pipelined units, memory interfaces and data/valid-breaking buffers.
pub fn forward_path_ns(func: &Func, timing: &TimingModel, rule: PathRule) -> Option<f64> {
    let circuit = placed_circuit(func, timing, rule)?;
    let unbroken = ChannelVec::filled(ChannelBuffers::default(), circuit.channels.len());
    Evaluator::new(&circuit).critical_path(&unbroken)
}

/// The longest combinational ready path of the buffered `func` in nanoseconds, the same
/// way, paths restarting at ready-breaking buffers and memory interfaces.
pub fn ready_path_ns(func: &Func, timing: &TimingModel) -> Option<f64> {
    let circuit = placed_circuit(func, timing, PathRule::DataAndValid)?;
    let n = circuit.channels.len();
    PathTiming::ready(&circuit, 0.0)
        .critical_path(&ChannelVec::filled(false, n), &ChannelVec::filled(0.0, n))
}

/// The buffered `func` as the timing paths see it (its buffers are units already), with
/// `timing`'s delays and latencies (its latencies fixed: the clock period changes so that no
/// delay is clamped), forward paths timed as `rule` says.
pub(super) fn placed_circuit(func: &Func, timing: &TimingModel, rule: PathRule) -> Option<Circuit> {
    let timing = timing
        .clone()
        .with_clock_period(*CLOCK_PERIOD_RANGE_NS.end())
        .ok()?;
    let mut circuit = Circuit::new(
        func,
        &timing,
        Vec::new(),
        (ReadyBreaks::ByRule, rule),
        &mut Vec::new(),
    );
    circuit.buffer_delays = BufferDelays::default();
    Some(circuit)
}

/// Runs a MILP-based placement and fills the report; `Err` leaves `func` unchanged.
fn place_milp(
    func: &mut Func,
    profile: Option<&ArcProfile>,
    options: &BufferOptions,
    timing: &TimingModel,
    report: &mut BufferReport,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<(), String> {
    let profile = profile.ok_or("the kernel's profile (from the interpreter) is missing")?;
    let (cycles, cfdfc_model) = extract_cycles(profile);
    let cycles = most_executed(&cycles, CFDFC_COVERAGE, MAX_MODELLED_CFDFCS);
    let cfdfcs: Vec<Cfdfc> = cycles.iter().map(|c| Cfdfc::in_func(func, c)).collect();
    let mut placed = func.clone();
    let (p, added) = if options.algorithm == BufferAlgorithm::Fpl22 {
        place_fpl22(&mut placed, cfdfcs, timing, diagnostics)?
    } else {
        place_fpga20(&mut placed, cfdfcs, timing, diagnostics)?
    };
    *func = placed;
    report.algorithm = options.algorithm;
    report.buffers = added;
    fill_report(report, &p);
    if let Some(m) = cfdfc_model {
        report.lp_files.push(("cfdfc.lp".to_string(), write_lp(&m)));
    }
    if p.solves.len() == 1 {
        let file = format!("{}.lp", options.algorithm);
        report.lp_files.push((file, write_lp(&p.model)));
    } else {
        for s in &p.solves {
            let file = format!("{}_{}.lp", options.algorithm, s.name);
            report.lp_files.push((file, write_lp(&s.model)));
        }
    }
    let solution = format!("{}.sol", options.algorithm);
    let text = write_solution(&p.model, &p.values);
    report.lp_files.push((solution, text));
    Ok(())
}

/// The MILP's size, outcome and predicted throughputs. Several solves (per group) report
/// the whole model's size, the worst status and the nodes of all, and no bounds.
fn fill_report(report: &mut BufferReport, p: &MilpPlacement) {
    let source = p
        .solves
        .iter()
        .rev()
        .find_map(|s| match s.result.stats.source {
            Some(SolutionSource::Dive) => Some("dive"),
            Some(SolutionSource::Improvement) => Some("improvement"),
            Some(SolutionSource::Search) => Some("search"),
            Some(SolutionSource::Given) | None => None,
        })
        .unwrap_or("greedy");
    let whole = p.solves.len() == 1;
    report.milp = Some(MilpReport {
        variables: p.model.vars().len(),
        constraints: p.model.constraints().len(),
        status: overall_status(&p.solves),
        objective: Some(p.objective),
        integer_variables: p.model.num_integral(),
        lp_bound: p
            .solves
            .first()
            .filter(|_| whole)
            .and_then(|s| s.result.root_bound),
        best_bound: p
            .solves
            .first()
            .filter(|_| whole)
            .and_then(|s| s.result.best_bound),
        nodes: p.solves.iter().map(|s| s.result.stats.nodes).sum(),
        source: source.to_string(),
        ended: crate::buffer::milp_outcome::how_it_ended(&p.solves),
    });
    report.throughput = p
        .circuit
        .cfdfcs
        .iter()
        .zip(&p.throughput)
        .enumerate()
        .map(|(k, (c, &t))| LoopThroughput {
            name: c.cycle.name(),
            throughput: t.min(p.circuit.max_throughput(k)),
            executions: c.cycle.execs,
        })
        .collect();
}
