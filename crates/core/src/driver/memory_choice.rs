//! `--memory auto`'s cost rule (docs/memory-ordering.md, "Choosing the interface"): which
//! memories get a load-store queue, decided by measuring. The candidates are the memories
//! with a pair of accesses that may conflict inside a common loop
//! ([`crate::lower::queue_candidates`]); for each, in memory order, the circuit is built with
//! the queues chosen so far plus this one and simulated on the kernel's own inputs (the golden
//! call, as for every simulation); the queue stays when it saves at least [`MIN_SAVING`] of
//! the cycles of the best circuit so far. A queue costs area (entries and comparators), so a
//! tie keeps the token.
//!
//! Invariants: the trial circuits are built exactly as the compilation builds its own (same
//! lowering, bitwidths, placement, timing), so the cycles measured for the chosen plan are the
//! cycles the compilation's circuit takes; `auto` is therefore never slower than the token on
//! the kernel's inputs. A trial that does not finish correctly (deadlock, wrong outputs, the
//! limit) never gets a queue. Kernels whose run exceeds [`WORK_LIMIT`] are not measured and
//! keep the token. The chosen plan's trial circuit, already placed, is handed back so the
//! compilation does not place the same circuit again.

use super::cycle_limit::interpreter_work;
use super::handshake::lower_to_handshake;
use super::{buffers, simulate, BufferReport, Compiled, DriverOptions};
use crate::buffer::cfdfc::ArcProfile;
use crate::cfg::ir::Module;
use crate::diag::{has_errors, Diagnostic, SourceMap};
use crate::front::typed::Placeholder;
use crate::front::types::ScalarTy;
use crate::handshake::Func;
use crate::interp::RunResult;
use crate::lower::{AutoVerdict, QueuePlan};
use crate::sim::{SimOptions, Status};
use std::collections::{BTreeMap, BTreeSet};

/// The interpreter's operations (instructions and block executions) beyond which `auto`
/// does not simulate: each trial is a full simulation, and the app runs them in the browser.
pub const WORK_LIMIT: u64 = 200_000;

/// The share of the cycles a queue must save to be kept (1/50 = 2 %).
pub const MIN_SAVING: (u64, u64) = (1, 50);

/// What the kernel's compilation is made of, for the trial circuits.
pub(super) struct Kernel<'a> {
    pub cfg: &'a Module,
    pub placeholders: &'a [Placeholder],
    pub sources: &'a SourceMap,
    /// The interpreter's run (`None`: `main` could not run).
    pub golden: Option<&'a RunResult>,
    pub ret: Option<ScalarTy>,
}

/// `auto`'s decision: the plan, and per candidate memory what was found.
pub(super) struct Choice {
    pub plan: QueuePlan,
    pub verdicts: BTreeMap<u32, AutoVerdict>,
    /// The plan's circuit as its trial placed it (`None` when nothing was measured).
    pub placed: Option<Placed>,
}

/// A trial's kernel after buffer placement, with the placement's report and diagnostics:
/// what the compilation's own placement of the same plan produces (lowering and placement
/// are deterministic).
pub(super) struct Placed {
    pub func: Func,
    pub report: BufferReport,
    pub diagnostics: Vec<Diagnostic>,
}

/// Chooses the memories of `candidates` that get a queue (see the module doc).
pub(super) fn choose(
    kernel: &Kernel,
    candidates: &BTreeSet<u32>,
    options: &DriverOptions,
) -> Choice {
    let mut choice = Choice {
        plan: QueuePlan::none(),
        verdicts: BTreeMap::new(),
        placed: None,
    };
    let (Some(f), Some(golden)) = (kernel.cfg.functions.first(), kernel.golden) else {
        choice.verdicts = candidates
            .iter()
            .map(|&m| (m, AutoVerdict::NoRun))
            .collect();
        return choice;
    };
    let work = interpreter_work(golden, f);
    if work > WORK_LIMIT {
        choice.verdicts = candidates
            .iter()
            .map(|&m| (m, AutoVerdict::TooLong { work }))
            .collect();
        return choice;
    }
    let Some(mut trials) = Trials::new(kernel, golden, options) else {
        return choice;
    };
    let Some((mut best, mut placed)) = trials.run(&BTreeSet::new(), None) else {
        return choice;
    };
    let mut chosen = BTreeSet::new();
    for &m in candidates {
        let mut with_queue = chosen.clone();
        with_queue.insert(m);
        let trial = trials.run(&with_queue, Some(best));
        choice.verdicts.insert(
            m,
            AutoVerdict::Measured {
                without: best,
                with: trial.as_ref().map(|(cycles, _)| *cycles),
            },
        );
        if let Some((cycles, circuit)) = trial.filter(|(c, _)| saves_enough(best, *c)) {
            chosen = with_queue;
            best = cycles;
            placed = circuit;
        }
    }
    choice.plan = QueuePlan::Only(chosen);
    choice.placed = Some(placed);
    choice
}

impl Choice {
    /// The stage's text: one line per candidate memory of `f`, what was measured and chosen.
    pub fn summary(&self, f: &crate::cfg::ir::Function) -> String {
        let queued = |m: &u32| matches!(&self.plan, QueuePlan::Only(s) if s.contains(m));
        self.verdicts
            .iter()
            .map(|(m, v)| {
                let name = f.mems.get(*m as usize).map_or("?", |d| d.name.as_str());
                let found = match v {
                    AutoVerdict::Measured {
                        without,
                        with: Some(with),
                    } => {
                        format!("{with} cycles with a queue, {without} without")
                    }
                    AutoVerdict::Measured {
                        without,
                        with: None,
                    } => {
                        format!("not faster with a queue than {without} cycles")
                    }
                    AutoVerdict::TooLong { work } => format!("not measured ({work} operations)"),
                    AutoVerdict::NoRun => "not measured (`main` could not run)".to_string(),
                };
                let verdict = if queued(m) {
                    "load-store queue"
                } else {
                    "ordering token"
                };
                format!("{name}: {found}: {verdict}\n")
            })
            .collect()
    }
}

/// Whether `with` cycles save at least [`MIN_SAVING`] of `without`.
fn saves_enough(without: u64, with: u64) -> bool {
    let (num, den) = MIN_SAVING;
    with.saturating_mul(den) <= without.saturating_mul(den - num)
}

/// Builds and simulates trial circuits; holds one compilation whose kernel each trial
/// replaces.
struct Trials<'a> {
    kernel: &'a Kernel<'a>,
    options: &'a DriverOptions,
    profile: ArcProfile,
    scratch: Compiled,
}

impl<'a> Trials<'a> {
    /// `None` when the timing model does not resolve (the compilation reports it).
    fn new(kernel: &'a Kernel<'a>, golden: &RunResult, options: &'a DriverOptions) -> Option<Self> {
        let f = kernel.cfg.functions.first()?;
        let timing = options.resolved_timing().ok()?;
        Some(Trials {
            kernel,
            options,
            profile: ArcProfile::from_profile(&golden.profile, &f.layout),
            scratch: Compiled {
                cfg: Some(kernel.cfg.clone()),
                golden: Some(golden.clone()),
                timing: Some(timing),
                ret: kernel.ret,
                ..Compiled::default()
            },
        })
    }

    /// The cycles of the circuit with queues on `queues`, and the circuit, when it finishes
    /// with the golden outputs (within `limit` cycles, when given).
    fn run(&mut self, queues: &BTreeSet<u32>, limit: Option<u64>) -> Option<(u64, Placed)> {
        let mut diags = Vec::new();
        let lowered = lower_to_handshake(
            self.kernel.cfg,
            self.kernel.placeholders,
            self.kernel.sources,
            !self.options.no_bitwidth_opt,
            &QueuePlan::Only(queues.clone()),
            &mut diags,
            &mut (),
        )?;
        let mut module = lowered.module;
        let timing = self.scratch.timing.as_ref()?;
        let mut diagnostics = Vec::new();
        let report = buffers::place(
            module.funcs.first_mut()?,
            Some(&self.profile),
            &self.options.buffers,
            timing,
            &mut diagnostics,
        );
        if has_errors(&diags) || has_errors(&diagnostics) {
            return None;
        }
        self.scratch.module = Some(module);
        self.scratch.memories = lowered.memories;
        self.scratch.buffers = Some(report);
        let sim = SimOptions {
            max_cycles: limit,
            ..SimOptions::default()
        };
        let check = simulate(&self.scratch, &sim).ok()?;
        if check.status != Status::Finished || !check.mismatches.is_empty() {
            return None;
        }
        let placed = Placed {
            func: self.scratch.module.take()?.funcs.into_iter().next()?,
            report: self.scratch.buffers.take()?,
            diagnostics,
        };
        Some((check.cycles, placed))
    }
}

#[cfg(test)]
mod tests {
    use super::saves_enough;

    #[test]
    fn a_queue_must_save_two_percent() {
        assert!(saves_enough(100, 98));
        assert!(!saves_enough(100, 99));
        assert!(!saves_enough(140, 142));
        assert!(saves_enough(8002, 1384));
    }
}
