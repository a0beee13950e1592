//! What a loop's memory accesses impose on its throughput, whatever the buffers.
//!
//! A memory controller serves one load and one store per cycle (one read port, one write
//! port; `rtl-templates/README.md` §5.4, modelled the same way by the simulator). A CFDFC
//! is choice-free, so every load and store among its units runs once per iteration: with
//! `n` loads (or stores) on one controller, an iteration needs at least `n` cycles. A load
//! may also wait for the read port while the loads it competes with are served: those on
//! its controller that neither feed it nor depend on it within an iteration (loads ordered
//! by a path, e.g. through memory-ordering tokens, never ask for the port together). Every
//! competing load is counted, whatever its port: the controller grants the lowest port
//! first, but which load of an iteration arrives first depends on the buffers. The
//! lowering also puts a `ONE_SLOT_BREAK_DVR` on memory-ordering token paths; it passes at
//! most one token every other cycle, so a loop through one needs at least 2 cycles.
//!
//! Uses: the throughput constraints count the wait on the load's address channel, where
//! the token waits, so that the MILP leaves the waiting tokens room; the reported
//! throughput of a CFDFC is at most `1 / n`. Neither the MILP's throughput nor the retiming
//! seeds are bounded by it (docs/buffering.md, step 4, says why).
//!
//! Invariant: the interval is at least 1; accesses through a load-store queue that owns its
//! memory are not counted (its ports are not modelled here); those of a queue beside a
//! controller count on the controller, whose read and write ports they share.

use crate::handshake::{BufferType, Func, OpId, OpKind, ValueId};
use std::collections::{BTreeMap, BTreeSet};

/// The memory accesses of one loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryLimits {
    /// The smallest initiation interval the controllers allow: the most loads, or the most
    /// stores, that one controller serves per iteration, and 2 through a
    /// `ONE_SLOT_BREAK_DVR` (at least 1).
    pub min_interval: u32,
    /// Per load, the cycles it may wait for its controller's read port: how many other
    /// loads of the loop on that controller it is not ordered with (loads that wait for no
    /// other are not listed).
    pub load_waits: BTreeMap<OpId, u32>,
}

impl MemoryLimits {
    /// The accesses of a loop made of `units`, whose channels within one iteration are
    /// `forward` (its channels without the back edges).
    pub fn of(func: &Func, units: &BTreeSet<OpId>, forward: &BTreeSet<ValueId>) -> MemoryLimits {
        let uses = func.use_lists();
        // (controller, is_store) -> the loop's ports on it.
        let mut ports: BTreeMap<(OpId, bool), Vec<OpId>> = BTreeMap::new();
        let mut every_other_cycle = false;
        for &u in units {
            let Some(op) = func.op(u) else { continue };
            let is_store = match &op.kind {
                OpKind::Load => false,
                OpKind::Store => true,
                OpKind::Buffer(p) => {
                    every_other_cycle |= p.effective_type() == BufferType::OneSlotBreakDVR;
                    continue;
                }
                _ => continue,
            };
            // The port's first result (the address) goes to its memory interface; a queue
            // beside a controller reads and writes through the controller's ports.
            let first_user = |v: Option<&ValueId>| {
                v.and_then(|r| uses.get(r.0 as usize))
                    .and_then(|users| users.first())
                    .map(|&(user, _)| user)
            };
            let interface = first_user(op.results.first());
            let controller = match interface.and_then(|i| func.op(i)).map(|o| &o.kind) {
                Some(OpKind::MemController { .. }) => interface,
                Some(OpKind::Lsq {
                    through_mc: true, ..
                }) => interface
                    .and_then(|q| func.op(q))
                    .and_then(|q| first_user(q.results.iter().rev().nth(1))),
                _ => None,
            }
            .filter(|&user| {
                func.op(user)
                    .is_some_and(|o| matches!(o.kind, OpKind::MemController { .. }))
            });
            if let Some(mc) = controller {
                ports.entry((mc, is_store)).or_default().push(u);
            }
        }
        let most = ports
            .values()
            .map(Vec::len)
            .chain(every_other_cycle.then_some(2))
            .max()
            .unwrap_or(1);
        let shared: Vec<&Vec<OpId>> = ports
            .iter()
            .filter(|((_, is_store), loads)| !is_store && loads.len() > 1)
            .map(|(_, loads)| loads)
            .collect();
        let mut load_waits = BTreeMap::new();
        if !shared.is_empty() {
            let successors = successors(func, forward, &uses);
            for loads in shared {
                let reach: Vec<BTreeSet<OpId>> =
                    loads.iter().map(|&l| reachable(&successors, l)).collect();
                for (i, &load) in loads.iter().enumerate() {
                    let competing = (0..loads.len())
                        .filter(|&j| j != i)
                        .filter(|&j| !reach[i].contains(&loads[j]) && !reach[j].contains(&load))
                        .count() as u32;
                    if competing > 0 {
                        load_waits.insert(load, competing);
                    }
                }
            }
        }
        MemoryLimits {
            min_interval: most as u32,
            load_waits,
        }
    }
}

/// The consumers of each unit along the `forward` channels.
fn successors(
    func: &Func,
    forward: &BTreeSet<ValueId>,
    uses: &[Vec<(OpId, usize)>],
) -> BTreeMap<OpId, Vec<OpId>> {
    let mut next: BTreeMap<OpId, Vec<OpId>> = BTreeMap::new();
    for &v in forward {
        let (Some(from), Some(&(to, _))) = (
            func.defining_op(v),
            uses.get(v.0 as usize).and_then(|u| u.first()),
        ) else {
            continue;
        };
        next.entry(from).or_default().push(to);
    }
    next
}

/// The units reachable from `start` (excluded unless on a cycle).
fn reachable(successors: &BTreeMap<OpId, Vec<OpId>>, start: OpId) -> BTreeSet<OpId> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![start];
    while let Some(u) = stack.pop() {
        for &v in successors.get(&u).into_iter().flatten() {
            if seen.insert(v) {
                stack.push(v);
            }
        }
    }
    seen
}
