//! A fast feasible placement: the starting point (warm start) of the MILP placements, and
//! their answer when the solver finds nothing better.
//!
//! 1. Every channel gets what the rules require ([`super::circuit`]); with
//!    [`Start::AfterMerges`] also a data/valid cut and one slot after every merge-like unit
//!    on a cycle (as the on-merges placement does: every cycle of a lowered kernel passes
//!    through such a unit, and each token a loop carries then has a slot), while
//!    [`Start::Lean`] leaves the cuts to the next steps (fewer cycles of latency, fewer
//!    slots). Channels marked in a seed (e.g. the breaks a linear relaxation favours) are
//!    cut from the start as well.
//! 2. Units are visited in topological order of the uncut combinational channels; when no
//!    unit is ready, the units left close a cycle, which is cut ([`CycleCut`]): on every
//!    remaining input of the smallest unit left, or on the cycle's channel of least loop
//!    weight (the summed execution share of the CFDFCs it belongs to). Every cycle ends up
//!    cut.
//! 3. Arrival times are propagated in that order, each channel adding the data/valid delay
//!    of its buffers ([`super::circuit::BufferDelays`]); when a unit's inputs arrive so late
//!    that its output would miss the clock period, the late inputs are cut
//!    ([`CutAt::LateInput`]) or, with [`CutAt::BeforeFanOut`], the cut moves up before the
//!    forks the late path fans out of while the path after it still meets the clock period
//!    (one cut then serves every output of the fork). A channel into a sequential unit
//!    whose path arrives late with its buffers' delay is cut too.
//! 4. With `ready`, merge-like outputs on cycles break ready (with a slot of their own),
//!    and the same is done for the ready path (which flows from consumers to producers,
//!    through the ready delay of the channels' data/valid-breaking and transparent slots,
//!    and ends at arguments) with ready-breaking cuts; then data/valid and ready are cut
//!    again in turn until neither adds a break, since each break's slot delays the other
//!    signal.
//!
//! Invariant: the result satisfies every constraint of the MILP formulations for its
//! integral variables (the continuous ones follow from a linear program).

use super::channel_id::ChannelVec;
use super::circuit::Circuit;
use super::path_cuts::{cut_paths, Direction};

/// What a placement puts on one channel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChannelBuffers {
    /// A buffer breaking data/valid.
    pub break_dv: bool,
    /// A buffer breaking ready.
    pub break_r: bool,
    /// Slots in total.
    pub slots: u32,
}

impl ChannelBuffers {
    /// How many of the slots break a path (data/valid, ready): the others are transparent.
    pub fn breaks(&self) -> u32 {
        u32::from(self.break_dv) + u32::from(self.break_r)
    }
}

/// What a placement puts on every channel of the circuit.
pub type Placement = ChannelVec<ChannelBuffers>;

/// Smallest ready delay a unit is modelled with, so that every cycle has a positive ready
/// delay (ns).
pub const MIN_READY_DELAY: f64 = 0.01;

/// Where the greedy placement starts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// A data/valid cut after every merge-like unit on a cycle.
    AfterMerges,
    /// Only the cuts the rules, the cycles and the clock period require.
    Lean,
}

/// Where a data/valid path that misses the clock period is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutAt {
    /// On the input where it becomes too long.
    LateInput,
    /// Further up, before the single-input units it fans out of (forks), where one cut
    /// serves every output, as long as the path after the cut meets the clock period.
    BeforeFanOut,
}

/// Where a cycle the visit finds uncut is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CycleCut {
    /// On every remaining input of the smallest unit left.
    SmallestUnit,
    /// On the cycle's channel of least loop weight ([`Circuit::loop_weights`]): a loop
    /// another channel of the cycle does not slow stays as fast.
    LightestChannel,
}

/// The greedy placement of `circuit` (see the module documentation); `ready` also cuts
/// ready paths; the bufferizable channels marked in `seed` get a data/valid cut from the
/// start; late data/valid paths are cut at `cut_at`, cycles left uncut as `cycles` says.
pub fn greedy(
    circuit: &Circuit,
    start: Start,
    ready: bool,
    seed: &ChannelVec<bool>,
    cut_at: CutAt,
    cycles: CycleCut,
) -> Placement {
    let mut out: Placement = circuit
        .channels
        .iter_enumerated()
        .map(|(i, c)| {
            let merge = c.ready_slot;
            let seeded = c.bufferizable && seed[i];
            let dv = (merge && start == Start::AfterMerges)
                || (c.bufferizable && c.must_break_dv)
                || seeded;
            let r = ready && merge;
            ChannelBuffers {
                break_dv: dv,
                break_r: r,
                slots: c.min_slots.max(u32::from(dv) + u32::from(r)),
            }
        })
        .collect();
    cut_paths(circuit, &mut out, Direction::Forward, cut_at, cycles);
    if ready {
        // The ready breaks' slots delay data/valid and the data/valid breaks' slots delay
        // ready: cut both ways until neither adds a break (each round only adds breaks).
        for _ in 0..SETTLE_ROUNDS {
            let before = out.clone();
            cut_paths(circuit, &mut out, Direction::Backward, cut_at, cycles);
            cut_paths(circuit, &mut out, Direction::Forward, cut_at, cycles);
            if out == before {
                break;
            }
        }
    }
    out
}

/// Most rounds of ready and data/valid cuts [`greedy`] makes (one usually settles them).
const SETTLE_ROUNDS: usize = 8;

/// Cuts the data/valid paths of `placement` that miss the clock period or close a cycle
/// (step 3 of the module documentation) before the forks they fan out of, keeping its
/// breaks.
pub fn cut_data_valid_paths(circuit: &Circuit, placement: &mut Placement) {
    let (cut_at, cycles) = (CutAt::BeforeFanOut, CycleCut::SmallestUnit);
    cut_paths(circuit, placement, Direction::Forward, cut_at, cycles);
}
