//! The record of a run's load-store queues, cycle by cycle, for replay: the entries of every
//! queue ([`LsqSnapshot`]) as they are during each recorded cycle, kept only for the cycles in
//! which some entry or head changed (queues hold still for many cycles), up to a byte budget.
//!
//! Invariants: `changes` is in strictly increasing cycle order, its first entry is cycle 0
//! and each entry holds one snapshot per queue, in [`LsqTrace::units`] order; the state of a
//! cycle in `0..cycles` is that of the last change at or before it; recording stops for good
//! once the budget is reached.

use super::engine::Simulator;
use super::units::lsq::LsqSnapshot;
use super::UnitId;

/// The queues' entries of the recorded cycles (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct LsqTrace {
    units: Vec<UnitId>,
    changes: Vec<(u64, Vec<LsqSnapshot>)>,
    cycles: u64,
    bytes: usize,
    budget: usize,
    full: bool,
}

impl LsqTrace {
    /// An empty record of the queues `units`, holding at most about `budget` bytes.
    pub fn new(units: Vec<UnitId>, budget: usize) -> Self {
        LsqTrace {
            units,
            budget,
            ..LsqTrace::default()
        }
    }

    /// The recorded queues, by netlist unit.
    pub fn units(&self) -> &[UnitId] {
        &self.units
    }

    /// Cycles recorded: `0..cycles`.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Bytes held (approximately: the entries' flags and heads).
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Whether it still records.
    pub fn has_room(&self) -> bool {
        !self.full
    }

    /// Records the queues of `sim` as they are during the cycle it simulates next, which must
    /// be [`Self::cycles`]; does nothing once full or for another cycle.
    pub fn record(&mut self, sim: &Simulator<'_>) {
        if self.full || sim.cycle() != self.cycles {
            return;
        }
        let now = queues_of(sim, &self.units);
        if self.changes.last().is_none_or(|(_, last)| *last != now) {
            let size: usize = now
                .iter()
                .map(|q| 2 * std::mem::size_of::<usize>() + 4 * (q.loads.len() + q.stores.len()))
                .sum::<usize>()
                + std::mem::size_of::<u64>();
            if self.bytes + size > self.budget {
                self.full = true;
                return;
            }
            self.bytes += size;
            self.changes.push((self.cycles, now));
        }
        self.cycles += 1;
    }

    /// The queues during `cycle`, one per [`Self::units`], if it was recorded.
    pub fn at(&self, cycle: u64) -> Option<&[LsqSnapshot]> {
        if cycle >= self.cycles {
            return None;
        }
        let k = self.changes.partition_point(|(c, _)| *c <= cycle);
        self.changes.get(k.checked_sub(1)?).map(|(_, q)| &q[..])
    }
}

/// The entries of the queues `units` of `sim`, in that order (a unit that is not a queue
/// gets an empty snapshot).
pub fn queues_of(sim: &Simulator<'_>, units: &[UnitId]) -> Vec<LsqSnapshot> {
    let all = sim.lsq_snapshots();
    units
        .iter()
        .map(|u| {
            all.iter()
                .find(|(v, _)| v == u)
                .map(|(_, s)| s.clone())
                .unwrap_or_default()
        })
        .collect()
}
