//! Sizing the load-store queues (docs/memory-ordering.md, "Sizing"). A queue needs as many
//! entries as the groups of its loop's overlapping iterations hold at once, which the loops'
//! latencies and intervals decide; the buffered circuit is simulated on the kernel's own inputs
//! (the golden call) to measure it. Each queue records its *demand*: the fewest entries with
//! which every allocation of the run would have found room in the cycle it happened
//! ([`crate::sim::units::lsq::Lsq::demand`]). The circuit runs with the default depths and
//! with the deepest queues; then the smallest depths, from fractions of the faster run's
//! demands up, whose run stays within [`TOLERANCE_PERCENT`] of the faster run's cycles win
//! (a queue's comparators grow with the product of its depths, its gains flatten near the
//! demand).
//! `--lsq-depth` replaces all of this with the user's depth.
//!
//! Invariants: sized depths are 2 to [`MAX_LSQ_DEPTH`] and hold every group's loads and
//! stores (the verifier's rule); the circuit's cycles on the kernel's inputs are never more
//! than with the default depths; the buffer placement does not depend on the depths, so the
//! placed circuit stays as it is.

use super::cycle_limit::interpreter_work;
use super::memory_choice::WORK_LIMIT;
use super::{simulate, Compiled};
use crate::diag::Diagnostic;
use crate::handshake::{OpId, OpKind};
use crate::lower::{
    lsq_memref, lsq_ports, set_lsq_depths, InterfaceKind, QueueSizing, MAX_LSQ_DEPTH,
};
use crate::sim::{SimOptions, Status};
use std::collections::BTreeMap;

/// The fewest entries sizing gives a queue: a one-entry queue's indices (`natural range 0 to
/// 0`) crash GHDL 2.0's synthesis (`ghdl --synth`, an internal assertion), though they
/// simulate.
const MIN_SIZED_DEPTH: usize = 2;

/// One queue of the kernel: its op, its memory (index into the interfaces) and the accesses
/// its groups hold together.
struct Queue {
    op: OpId,
    memory: usize,
    loads: usize,
    stores: usize,
}

impl Queue {
    /// The smallest legal depths covering `demand`, at least [`MIN_SIZED_DEPTH`].
    fn depths(&self, (loads, stores): (usize, usize)) -> (usize, usize) {
        let legal =
            |need: usize, floor: usize| need.max(floor).clamp(MIN_SIZED_DEPTH, MAX_LSQ_DEPTH);
        (legal(loads, self.loads), legal(stores, self.stores))
    }
}

/// Sizes the queues of the buffered kernel of `out` (see the module doc) and records how in
/// their interfaces: `given` is the user's depth for every queue. A given depth that cannot
/// hold a queue's groups is an error diagnostic.
pub(super) fn size_queues(out: &mut Compiled, given: Option<usize>, diags: &mut Vec<Diagnostic>) {
    let queues = queues(out);
    if queues.is_empty() {
        return;
    }
    let sizing = match given {
        Some(depth) => give(out, &queues, depth, diags),
        None => measure(out, &queues),
    };
    for q in &queues {
        let set = depths_of(out.kernel(), q.op);
        let Some(interface) = out.interfaces.get_mut(q.memory) else {
            continue;
        };
        interface.sizing = Some(sizing);
        if let (
            Some(set),
            InterfaceKind::Lsq {
                ldq_depth,
                stq_depth,
                ..
            },
        ) = (set, &mut interface.kind)
        {
            (*ldq_depth, *stq_depth) = set;
        }
    }
}

/// Every queue of the kernel with its memory (by the memref argument's name).
fn queues(out: &Compiled) -> Vec<Queue> {
    let Some(func) = out.kernel() else {
        return Vec::new();
    };
    func.ops()
        .filter(|(_, o)| matches!(o.kind, OpKind::Lsq { .. }))
        .filter_map(|(id, _)| {
            let ports = lsq_ports(func, id)?;
            let memref = lsq_memref(func, id)?;
            let arg = func.args.iter().position(|&a| a == memref)?;
            let name = func.arg_names.get(arg)?;
            let memory = out.interfaces.iter().position(|i| &i.memory == name)?;
            Some(Queue {
                op: id,
                memory,
                loads: ports.shape.loads(),
                stores: ports.shape.stores(),
            })
        })
        .collect()
}

/// The depths of the queue `op` as set.
fn depths_of(func: Option<&crate::handshake::Func>, op: OpId) -> Option<(usize, usize)> {
    let shape = lsq_ports(func?, op)?.shape;
    Some((shape.ldq_depth, shape.stq_depth))
}

/// Sets every queue to `depth`, or reports why it cannot.
fn give(
    out: &mut Compiled,
    queues: &[Queue],
    depth: usize,
    diags: &mut Vec<Diagnostic>,
) -> QueueSizing {
    for q in queues {
        let need = q.loads.max(q.stores);
        if depth == 0 || depth > MAX_LSQ_DEPTH || depth < need {
            let memory = out
                .interfaces
                .get(q.memory)
                .map_or("?", |i| i.memory.as_str());
            diags.push(Diagnostic::error(format!(
                "--lsq-depth {depth}: the queue of `{memory}` needs 1 to {MAX_LSQ_DEPTH} \
                 entries and at least {need} (its groups hold {} loads and {} stores)",
                q.loads, q.stores
            )));
            return QueueSizing::Default;
        }
    }
    set_all(out, queues, |_| (depth, depth));
    QueueSizing::Given
}

/// Measures the queues' demands and sizes them (see the module doc).
fn measure(out: &mut Compiled, queues: &[Queue]) -> QueueSizing {
    let short = match (
        &out.golden,
        out.cfg.as_ref().and_then(|m| m.functions.first()),
    ) {
        (Some(golden), Some(f)) => interpreter_work(golden, f) <= WORK_LIMIT,
        _ => false,
    };
    if !short {
        return QueueSizing::Default;
    }
    let Some(with_defaults) = run(out, queues) else {
        return QueueSizing::Default;
    };
    let default_cycles = with_defaults.cycles;
    set_all(out, queues, |_| (MAX_LSQ_DEPTH, MAX_LSQ_DEPTH));
    let deepest = run(out, queues);
    let best = match deepest {
        Some(d) if d.cycles < with_defaults.cycles => d,
        Some(d) if d.cycles == with_defaults.cycles && d.total() < with_defaults.total() => d,
        _ => with_defaults,
    };
    // Smaller queues first: fractions of the demands, then the demands growing up to the best
    // run's own depths (which take its cycles); the first run within the bound wins.
    let bound = default_cycles.min(within_tolerance(best.cycles));
    let cap = |q: &Queue| best.depths.get(&q.op).copied().unwrap_or_default();
    let demand = |q: &Queue| best.demands.get(&q.op).copied().unwrap_or_default();
    let scaled = FRACTIONS.iter().map(|&(num, den)| {
        let part = |n: usize| (n * num).div_ceil(den);
        candidate(queues, |q| {
            let (l, s) = demand(q);
            q.depths((part(l), part(s)))
        })
    });
    let grown = GROWTH.iter().map(|&extra| {
        candidate(queues, |q| {
            let (l, s) = q.depths(demand(q));
            let (cap_l, cap_s) = cap(q);
            ((l + extra).min(cap_l), (s + extra).min(cap_s))
        })
    });
    let mut tried = Vec::new();
    for candidate in scaled.chain(grown) {
        if tried.contains(&candidate) {
            continue;
        }
        set_all(out, queues, |q| {
            candidate.get(&q.op).copied().unwrap_or_else(|| cap(q))
        });
        if let Some(sized) = run(out, queues).filter(|r| r.cycles <= bound) {
            return QueueSizing::Measured {
                cycles: sized.cycles,
            };
        }
        tried.push(candidate);
    }
    set_all(out, queues, cap);
    QueueSizing::Measured {
        cycles: best.cycles,
    }
}

/// The fractions of the demands tried first, smallest first: a queue's cost grows with the
/// product of its depths (one address comparator per load and store entry pair), its benefit
/// flattens as it nears the demand.
const FRACTIONS: [(usize, usize); 3] = [(1, 4), (1, 2), (3, 4)];

/// The most cycles sized queues may take: the fastest run's within [`TOLERANCE_PERCENT`].
fn within_tolerance(cycles: u64) -> u64 {
    cycles + cycles * TOLERANCE_PERCENT / 100
}

/// How much slower than the fastest run (in percent) sized queues may be, to be smaller.
const TOLERANCE_PERCENT: u64 = 5;

/// The entries added to the demands, one try after the other, until a run fits the bound
/// (a queue's entries change when the circuit's other units see its `ready`,
/// e.g. the allocation token's lazy fork, so the demand alone may not keep every cycle).
const GROWTH: [usize; 5] = [0, 1, 2, 4, 8];

/// A finished, correct run: its cycles, and per queue its depths and its demand.
struct Run {
    cycles: u64,
    depths: BTreeMap<OpId, (usize, usize)>,
    demands: BTreeMap<OpId, (usize, usize)>,
}

impl Run {
    fn total(&self) -> usize {
        self.demands.values().map(|(l, s)| l + s).sum()
    }
}

/// Simulates the kernel of `out` on the golden call; `None` unless it finishes correctly.
fn run(out: &Compiled, queues: &[Queue]) -> Option<Run> {
    let check = simulate(out, &SimOptions::default()).ok()?;
    (check.status == Status::Finished && check.mismatches.is_empty()).then(|| Run {
        cycles: check.cycles,
        depths: queues
            .iter()
            .filter_map(|q| Some((q.op, depths_of(out.kernel(), q.op)?)))
            .collect(),
        demands: check.lsq_demands,
    })
}

/// Each queue's depths by `depths(queue)`.
fn candidate(
    queues: &[Queue],
    depths: impl Fn(&Queue) -> (usize, usize),
) -> BTreeMap<OpId, (usize, usize)> {
    queues.iter().map(|q| (q.op, depths(q))).collect()
}

/// Sets each queue's depths to `depths(queue)`.
fn set_all(out: &mut Compiled, queues: &[Queue], depths: impl Fn(&Queue) -> (usize, usize)) {
    let Some(func) = out.module.as_mut().and_then(|m| m.funcs.first_mut()) else {
        return;
    };
    for q in queues {
        set_lsq_depths(func, q.op, depths(q));
    }
}
