//! The choice of each memory's interface (docs/memory-ordering.md, "Choosing the interface")
//! and its report: a memory controller when no pair of accesses may conflict, else a
//! load-store queue or the ordering token, as the [`QueuePlan`] says (the driver makes it from
//! the memory mode and, for `auto`, from measurements).
//!
//! Invariant: every memory of the kernel gets exactly one [`MemoryInterface`], in memory
//! order; a queue's depths are those of the `lsq` op the lowering built.

use super::depend::{self, MemoryOrdering};
use crate::cfg::analysis::Cfg;
use crate::cfg::ir::{Block, Function, Inst};
use crate::diag::{SourceMap, Span};
use std::collections::{BTreeMap, BTreeSet};

/// Which memories get a load-store queue; the others keep the ordering token where a pair of
/// their accesses may conflict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueuePlan {
    /// Every memory with a pair of accesses that may conflict (`--memory lsq`).
    EveryConflict,
    /// These memories (by index), those among them with a pair that may conflict.
    Only(BTreeSet<u32>),
}

impl QueuePlan {
    /// No queue at all (`--memory token`).
    pub fn none() -> Self {
        QueuePlan::Only(BTreeSet::new())
    }
}

/// The memories of `f` where a queue can pay: those with a pair of accesses that may conflict
/// inside a common loop, whose iterations the token would serialise (`auto` measures these).
pub fn queue_candidates(f: &Function) -> BTreeSet<u32> {
    depend::analyze(f, &Cfg::new(f)).conflict_in_loop
}

/// What `auto` found for a memory it considered for a queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoVerdict {
    /// The circuit was simulated on the kernel's own inputs without the queue (`without`
    /// cycles) and with it (`with`; `None` when it did not finish in fewer cycles).
    Measured { without: u64, with: Option<u64> },
    /// Not measured: the kernel's run is longer than `auto` simulates (`work` operations of
    /// the interpreter); the token stays.
    TooLong { work: u64 },
    /// Not measured: the interpreter could not run `main`; the token stays.
    NoRun,
}

/// How a memory's accesses reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InterfaceKind {
    /// Nothing accesses it.
    Unused,
    /// A memory controller; no pair of accesses may conflict.
    Controller,
    /// A memory controller, with the accesses that may conflict chained by the token.
    Token,
    /// A load-store queue.
    Lsq {
        /// Load-queue entries.
        ldq_depth: usize,
        /// Store-queue entries.
        stq_depth: usize,
        /// Groups (blocks that access the memory).
        groups: usize,
        /// The accesses that need no ordering, served by a memory controller beside the
        /// queue (0: the queue serves every access and owns the memory).
        beside: usize,
    },
}

/// The interface of one memory and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryInterface {
    /// The array's name.
    pub memory: String,
    pub kind: InterfaceKind,
    /// Its loads and stores.
    pub loads: usize,
    pub stores: usize,
    /// A pair of accesses that may conflict (the first found, one inside a loop if any).
    pub conflict: Option<(Option<Span>, Option<Span>)>,
    /// Under the token, the C lines of the loops whose iterations all start from the token
    /// the loop was entered with (docs/memory-ordering.md, "Loops whose iterations need no
    /// ordering"), in order.
    pub shared_token_loops: Vec<u32>,
    /// What `auto` measured, for the memories it considered for a queue.
    pub auto: Option<AutoVerdict>,
    /// How a queue's depths were chosen (`None` until the driver sizes it, and for other
    /// interfaces).
    pub sizing: Option<QueueSizing>,
}

/// How a load-store queue's depths were chosen (docs/memory-ordering.md, "Sizing").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueSizing {
    /// The fewest entries with which the kernel's run allocates every group in the cycle it
    /// did with the faster of the deepest queue and the default one, taking the same `cycles`.
    Measured { cycles: u64 },
    /// Given by the user (`--lsq-depth`).
    Given,
    /// The default depths: the run was not measured (too long, or `main` could not run).
    Default,
}

impl MemoryInterface {
    /// A queue's cost: its entries and its address comparators (each load entry compares its
    /// address with every store entry's).
    pub fn lsq_cost(&self) -> Option<(usize, usize)> {
        match self.kind {
            InterfaceKind::Lsq {
                ldq_depth,
                stq_depth,
                ..
            } => Some((ldq_depth + stq_depth, ldq_depth * stq_depth)),
            _ => None,
        }
    }

    /// One line for reports: the interface, the reason and, for a queue, its cost.
    pub fn describe(&self) -> String {
        let access = format!(
            "{}, {}",
            count(self.loads, "load"),
            count(self.stores, "store")
        );
        match &self.kind {
            InterfaceKind::Unused => "not accessed".into(),
            InterfaceKind::Controller => {
                format!("memory controller ({access}; no pair may conflict)")
            }
            InterfaceKind::Token => format!(
                "memory controller with ordering token ({access}; pairs that may conflict are \
                 ordered{}{})",
                self.shared_note(),
                self.auto_note()
            ),
            InterfaceKind::Lsq {
                ldq_depth,
                stq_depth,
                groups,
                beside,
            } => {
                let (entries, comparators) = self.lsq_cost().unwrap_or_default();
                let sizing = match self.sizing {
                    Some(QueueSizing::Measured { cycles }) => {
                        format!("; depths sized to the kernel's run of {cycles} cycles")
                    }
                    Some(QueueSizing::Given) => "; depths as given".into(),
                    Some(QueueSizing::Default) | None => String::new(),
                };
                let beside = match beside {
                    0 => String::new(),
                    1 => "; 1 access needs no ordering and goes to a memory controller beside \
                          the queue"
                        .into(),
                    n => format!(
                        "; {n} accesses need no ordering and go to a memory controller beside \
                         the queue"
                    ),
                };
                format!(
                    "load-store queue ({access} in {}; {ldq_depth} load + {stq_depth} store \
                     entries = {entries}, {comparators} address comparators{sizing}{beside}{})",
                    count(*groups, "group"),
                    self.auto_note()
                )
            }
        }
    }

    /// The loops whose iterations share the token, as part of a report line.
    fn shared_note(&self) -> String {
        let lines: Vec<String> = self.shared_token_loops.iter().map(u32::to_string).collect();
        match lines.len() {
            0 => String::new(),
            1 => format!(
                "; the iterations of the loop at line {} share the token",
                lines[0]
            ),
            _ => format!(
                "; the iterations of the loops at lines {} each share the token",
                lines.join(", ")
            ),
        }
    }

    /// `auto`'s measurement, as the end of a report line.
    fn auto_note(&self) -> String {
        match self.auto {
            None => String::new(),
            Some(AutoVerdict::Measured {
                without,
                with: Some(with),
            }) => format!("; auto: {with} cycles with a queue, {without} without"),
            Some(AutoVerdict::Measured {
                without,
                with: None,
            }) => {
                format!("; auto: not faster with a queue than the {without} cycles without")
            }
            Some(AutoVerdict::TooLong { work }) => format!(
                "; auto: not measured, the run is too long ({work} operations); --memory lsq \
                 puts a queue"
            ),
            Some(AutoVerdict::NoRun) => {
                "; auto: not measured, `main` could not run; --memory lsq puts a queue".into()
            }
        }
    }
}

/// `n thing` or `n things`.
fn count(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// Splits the analysis's verdict by interface: the accesses that may conflict (ordered by
/// the token, or queued where the memory has a load-store queue; the others of a queued
/// memory go to a controller beside the queue), and the memories served by a queue. A queue
/// goes only where `plan` asks and a pair may conflict.
pub(super) fn choose_interfaces(
    analysis: &MemoryOrdering,
    plan: &QueuePlan,
) -> (BTreeMap<Inst, u32>, BTreeSet<u32>) {
    let conflicting: BTreeSet<u32> = analysis.ordered.values().copied().collect();
    let lsq: BTreeSet<u32> = match plan {
        QueuePlan::EveryConflict => conflicting,
        QueuePlan::Only(wanted) => wanted.intersection(&conflicting).copied().collect(),
    };
    (analysis.ordered.clone(), lsq)
}

/// The report of every memory of `f`: `queues` gives each queue's (load, store) depths and
/// group count as built; `sources` gives the loops' lines.
pub(super) fn report(
    f: &Function,
    analysis: &MemoryOrdering,
    queues: &BTreeMap<u32, (usize, usize, usize)>,
    sources: &SourceMap,
) -> Vec<MemoryInterface> {
    (0..f.mems.len() as u32)
        .map(|m| {
            let accesses = analysis.accesses.get(&m).map(Vec::as_slice).unwrap_or(&[]);
            let stores = accesses
                .iter()
                .filter(|&&i| matches!(f.inst(i).op, crate::cfg::ir::Op::Store(..)))
                .count();
            let kind = if let Some(&(ldq_depth, stq_depth, groups)) = queues.get(&m) {
                let queued = analysis.ordered.values().filter(|&&x| x == m).count();
                InterfaceKind::Lsq {
                    ldq_depth,
                    stq_depth,
                    groups,
                    beside: accesses.len() - queued,
                }
            } else if accesses.is_empty() {
                InterfaceKind::Unused
            } else if analysis.ordered.values().any(|&x| x == m) {
                InterfaceKind::Token
            } else {
                InterfaceKind::Controller
            };
            let shared_token_loops = match (&kind, analysis.shared_token_loops.get(&m)) {
                (InterfaceKind::Token, Some(headers)) => loop_lines(f, headers, sources),
                _ => Vec::new(),
            };
            MemoryInterface {
                memory: f.mems[m as usize].name.clone(),
                kind,
                shared_token_loops,
                loads: accesses.len() - stores,
                stores,
                conflict: analysis
                    .example
                    .get(&m)
                    .map(|&(a, b)| (f.inst(a).span, f.inst(b).span)),
                auto: None,
                sizing: None,
            }
        })
        .collect()
}

/// The C lines of the loops with these headers (the line of the header's test), in order.
fn loop_lines(f: &Function, headers: &BTreeSet<Block>, sources: &SourceMap) -> Vec<u32> {
    let lines: BTreeSet<u32> = headers
        .iter()
        .filter_map(|&h| {
            let b = f.block(h);
            let span = b
                .term_span
                .or_else(|| b.insts.iter().find_map(|&i| f.inst(i).span))?;
            Some(sources.line_col(span.file, span.start).line)
        })
        .collect();
    lines.into_iter().collect()
}
