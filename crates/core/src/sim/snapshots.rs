//! Snapshots of a run, so that the cycles a [`super::CompactTrace`] had no room for can still be
//! replayed: from the moment the trace is full, the run keeps a copy of the simulator's state
//! ([`SimState`]) every `stride` cycles; a later cycle is reached by resuming the simulator
//! from the nearest snapshot before it and simulating forward (the simulation is
//! deterministic, so the resumed run is the original run).
//!
//! Invariants: snapshots are in increasing cycle order; the first one is taken where the trace
//! stopped and always kept; the others sit at multiples of `stride`; at most `max` are kept —
//! past that, every other one is dropped and `stride` doubles, so memory stays bounded however
//! long the run, and reaching any cycle costs at most `stride` simulated cycles.

use super::engine::{SimState, Simulator};
use std::fmt;

/// The snapshots of one run (see the module documentation).
#[derive(Clone)]
pub struct Snapshots {
    stride: u64,
    max: usize,
    /// `(cycle, state)`: the state before `cycle` is simulated.
    taken: Vec<(u64, SimState)>,
}

impl Snapshots {
    /// No snapshots yet; one every `stride` cycles (at least 1), at most `max` (at least 2).
    pub fn new(stride: u64, max: usize) -> Self {
        Snapshots {
            stride: stride.max(1),
            max: max.max(2),
            taken: Vec::new(),
        }
    }

    /// Number of snapshots held.
    pub fn len(&self) -> usize {
        self.taken.len()
    }

    /// True when none is held.
    pub fn is_empty(&self) -> bool {
        self.taken.is_empty()
    }

    /// The cycle from which on snapshots cover the run, if any was taken.
    pub fn first_cycle(&self) -> Option<u64> {
        self.taken.first().map(|t| t.0)
    }

    /// Takes a snapshot of `sim` if none is held yet or its cycle is on the stride.
    pub fn offer(&mut self, sim: &Simulator<'_>) {
        let cycle = sim.cycle();
        if !self.taken.is_empty() && !cycle.is_multiple_of(self.stride) {
            return;
        }
        self.taken.push((cycle, sim.snapshot()));
        if self.taken.len() > self.max {
            self.stride *= 2;
            let stride = self.stride;
            let mut k = 0;
            self.taken.retain(|(c, _)| {
                k += 1;
                k == 1 || c.is_multiple_of(stride)
            });
        }
    }

    /// The latest snapshot taken at or before `cycle`.
    pub fn at_or_before(&self, cycle: u64) -> Option<&(u64, SimState)> {
        let k = self.taken.partition_point(|t| t.0 <= cycle);
        k.checked_sub(1).map(|k| &self.taken[k])
    }
}

impl fmt::Debug for Snapshots {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Snapshots")
            .field("stride", &self.stride)
            .field(
                "cycles",
                &self.taken.iter().map(|t| t.0).collect::<Vec<_>>(),
            )
            .finish()
    }
}
