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

use super::circuit::{Channel, Circuit};
use crate::handshake::OpId;
use crate::timing::TIME_TOLERANCE_NS;
use std::collections::{BTreeMap, BTreeSet};

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
/// ready paths; the bufferizable channels marked in `seed` (same order as the channels, may
/// be shorter) get a data/valid cut from the start; late data/valid paths are cut at
/// `cut_at`, cycles left uncut as `cycles` says.
pub fn greedy(
    circuit: &Circuit,
    start: Start,
    ready: bool,
    seed: &[bool],
    cut_at: CutAt,
    cycles: CycleCut,
) -> Vec<ChannelBuffers> {
    let mut out: Vec<ChannelBuffers> = circuit
        .channels
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let merge = c.ready_slot;
            let seeded = c.bufferizable && seed.get(i).copied().unwrap_or(false);
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
pub fn cut_data_valid_paths(circuit: &Circuit, placement: &mut [ChannelBuffers]) {
    let (cut_at, cycles) = (CutAt::BeforeFanOut, CycleCut::SmallestUnit);
    cut_paths(circuit, placement, Direction::Forward, cut_at, cycles);
}

/// Which signal's paths are cut.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    /// Data/valid: producer to consumer.
    Forward,
    /// Ready: consumer to producer.
    Backward,
}

/// Cuts cycles and paths longer than the clock period in one direction.
fn cut_paths(
    circuit: &Circuit,
    out: &mut [ChannelBuffers],
    dir: Direction,
    cut_at: CutAt,
    cycles: CycleCut,
) {
    let cp = circuit.clock_period;
    // Channels as (tail, head) in the signal's direction, kept when the signal crosses the
    // channel combinationally.
    let ends = |c: &Channel| -> Option<(OpId, OpId)> {
        let from = c.from?;
        match dir {
            Direction::Forward => Some((from, c.to)),
            Direction::Backward => Some((c.to, from)),
        }
    };
    let restarts = |op: OpId| -> bool {
        circuit.units.get(&op).is_none_or(|u| match dir {
            Direction::Forward => u.sequential,
            Direction::Backward => u.breaks_ready,
        })
    };
    let delay = |op: OpId| -> f64 {
        circuit.units.get(&op).map_or(0.0, |u| match dir {
            Direction::Forward => u.delay,
            Direction::Backward => u.ready_delay.max(MIN_READY_DELAY),
        })
    };
    let cut = |b: &ChannelBuffers| match dir {
        Direction::Forward => b.break_dv,
        Direction::Backward => b.break_r,
    };
    let set_cut = |b: &mut ChannelBuffers| {
        match dir {
            Direction::Forward => b.break_dv = true,
            Direction::Backward => b.break_r = true,
        }
        b.slots = b.slots.max(b.breaks()).max(1);
    };
    // The data/valid delay of the buffers `b` on channel `i` (after its break, if any), and
    // of channel `i`'s buffers once cut.
    let buffer_delay = |i: usize, b: &ChannelBuffers| match dir {
        Direction::Forward => circuit.buffer_delays.on(&circuit.channels[i], b),
        Direction::Backward => circuit.buffer_delays.ready_on(&circuit.channels[i], b),
    };
    let cut_delay = |i: usize, out: &[ChannelBuffers]| {
        let mut b = out[i];
        set_cut(&mut b);
        buffer_delay(i, &b)
    };
    // Where paths restart, the signal leaves after the unit's own delay (data/valid) or at
    // once (ready).
    let start = |op: OpId| match dir {
        Direction::Forward => delay(op),
        Direction::Backward => 0.0,
    };
    // Edges by head (all, for arrivals) and, from units that do not restart paths, by tail
    // (for the order).
    let mut arriving: BTreeMap<OpId, Vec<usize>> = BTreeMap::new();
    let mut inputs: BTreeMap<OpId, Vec<usize>> = BTreeMap::new();
    let mut outputs: BTreeMap<OpId, Vec<usize>> = BTreeMap::new();
    for (i, c) in circuit.channels.iter().enumerate() {
        if let Some((tail, head)) = ends(c) {
            arriving.entry(head).or_default().push(i);
            if !restarts(tail) {
                inputs.entry(head).or_default().push(i);
                outputs.entry(tail).or_default().push(i);
            }
        }
    }
    let live = |i: usize, out: &[ChannelBuffers]| !cut(&out[i]);
    let mut pending: BTreeMap<OpId, usize> = circuit
        .units
        .keys()
        .map(|&u| {
            let n = inputs
                .get(&u)
                .map_or(0, |l| l.iter().filter(|&&i| live(i, out)).count());
            (u, n)
        })
        .collect();
    let mut ready_units: BTreeSet<OpId> = pending
        .iter()
        .filter(|(_, &n)| n == 0)
        .map(|(&u, _)| u)
        .collect();
    // With `CutAt::BeforeFanOut` (data/valid only): the unit that channel `ch` leaves and
    // its single input, if that unit fans out and the cut can move before it (`after`: the
    // delay after the cut so far).
    let hoists = dir == Direction::Forward && cut_at == CutAt::BeforeFanOut;
    let fan_out_input = |ch: usize, after: f64, out: &[ChannelBuffers]| -> Option<(OpId, usize)> {
        if !hoists {
            return None;
        }
        let (t, _) = ends(&circuit.channels[ch])?;
        let fans_out = outputs.get(&t).is_some_and(|l| l.len() > 1);
        let &[c] = arriving.get(&t)?.as_slice() else {
            return None;
        };
        (fans_out
            && !restarts(t)
            && circuit.channels[c].bufferizable
            && live(c, out)
            && after + delay(t) + cut_delay(c, out) <= cp + TIME_TOLERANCE_NS)
            .then_some((t, c))
    };
    // Only the cut on the lightest channel weighs the loops.
    let loop_weight = match cycles {
        CycleCut::LightestChannel => circuit.loop_weights(),
        CycleCut::SmallestUnit => Vec::new(),
    };
    let mut arrival: BTreeMap<OpId, f64> = BTreeMap::new();
    let mut done: BTreeSet<OpId> = BTreeSet::new();
    while done.len() < pending.len() {
        let u = match ready_units.pop_first() {
            Some(u) => u,
            None => {
                // Every unit left waits on another: a cycle. With `LightestChannel`, cut the
                // channel of least loop weight on one (found walking back from the smallest
                // unit left); else, or if none of its channels takes a buffer, the remaining
                // inputs of that unit.
                let Some(&first) = pending.keys().find(|u| !done.contains(u)) else {
                    break;
                };
                let waiting = |u: OpId, out: &[ChannelBuffers]| -> Vec<usize> {
                    let all = inputs.get(&u).map_or(&[][..], |l| l.as_slice());
                    all.iter()
                        .copied()
                        .filter(|&i| {
                            let tail = ends(&circuit.channels[i]).map(|e| e.0);
                            live(i, out) && tail.is_some_and(|t| !done.contains(&t))
                        })
                        .collect()
                };
                let lightest = (cycles == CycleCut::LightestChannel)
                    .then(|| {
                        waiting_cycle(
                            first,
                            |u| waiting(u, out),
                            |i| ends(&circuit.channels[i]).map(|e| e.0),
                        )
                    })
                    .into_iter()
                    .flatten()
                    .filter(|&i| circuit.channels[i].bufferizable)
                    .min_by(|&a, &b| loop_weight[a].total_cmp(&loop_weight[b]));
                if let Some(i) = lightest {
                    set_cut(&mut out[i]);
                    if let Some((_, head)) = ends(&circuit.channels[i]) {
                        if let Some(n) = pending.get_mut(&head) {
                            *n = n.saturating_sub(1);
                            if *n == 0 {
                                ready_units.insert(head);
                            }
                        }
                    }
                    continue;
                }
                for i in waiting(first, out) {
                    if circuit.channels[i].bufferizable {
                        set_cut(&mut out[i]);
                    }
                }
                first
            }
        };
        // Arrival at u's outputs, cutting inputs that come too late.
        let d = delay(u);
        let mut latest: f64 = 0.0;
        let late_inputs = if restarts(u) {
            &[][..]
        } else {
            arriving.get(&u).map_or(&[][..], |l| l.as_slice())
        };
        for &i in late_inputs {
            let Some((tail, _)) = ends(&circuit.channels[i]) else {
                continue;
            };
            let departure = if !live(i, out) {
                0.0
            } else if restarts(tail) {
                start(tail)
            } else if done.contains(&tail) {
                arrival.get(&tail).copied().unwrap_or(0.0)
            } else {
                continue;
            };
            let a = departure + buffer_delay(i, &out[i]);
            if a + d <= cp + TIME_TOLERANCE_NS || !live(i, out) || !circuit.channels[i].bufferizable
            {
                latest = latest.max(a);
                continue;
            }
            // Up the single-input units with several outputs (each with its input channel)
            // while u's arrival still meets the clock period.
            let mut cut_channel = i;
            let mut chain: Vec<(OpId, usize)> = Vec::new();
            let mut after = d + buffer_delay(i, &out[i]);
            while let Some((t, c)) = fan_out_input(cut_channel, after, out) {
                after += delay(t) + buffer_delay(c, &out[c]);
                chain.push((t, c));
                cut_channel = c;
            }
            set_cut(&mut out[cut_channel]);
            // Paths restart at the cut.
            let mut at = 0.0;
            for &(t, c) in chain.iter().rev() {
                at += buffer_delay(c, &out[c]) + delay(t);
                arrival.insert(t, at);
            }
            latest = latest.max(at + buffer_delay(i, &out[i]));
        }
        let at = if restarts(u) { start(u) } else { latest + d };
        arrival.insert(u, at);
        done.insert(u);
        for &i in outputs.get(&u).map_or(&[][..], |l| l.as_slice()) {
            if !live(i, out) {
                continue;
            }
            if let Some((_, head)) = ends(&circuit.channels[i]) {
                if let Some(n) = pending.get_mut(&head) {
                    *n = n.saturating_sub(1);
                    if *n == 0 && !done.contains(&head) {
                        ready_units.insert(head);
                    }
                }
            }
        }
    }
    // Paths ending at a unit that restarts them (or, for ready, at an argument) arrive
    // there with the channel's buffer delay: cut those arriving too late.
    for (i, c) in circuit.channels.iter().enumerate() {
        let (tail, ends_here) = match ends(c) {
            Some((tail, head)) => (tail, restarts(head)),
            None if dir == Direction::Backward => (c.to, true),
            None => continue,
        };
        if !ends_here || !live(i, out) || !c.bufferizable {
            continue;
        }
        let departure = if restarts(tail) {
            start(tail)
        } else {
            arrival.get(&tail).copied().unwrap_or(0.0)
        };
        if departure + buffer_delay(i, &out[i]) > cp + TIME_TOLERANCE_NS {
            set_cut(&mut out[i]);
        }
    }
}

/// A cycle of channels among units that each wait on another: from `start`, follows the
/// first channel `waiting(u)` returns back to its producer (`tail`) until a unit repeats;
/// returns the channels of the cycle closed there.
fn waiting_cycle(
    start: OpId,
    waiting: impl Fn(OpId) -> Vec<usize>,
    tail: impl Fn(usize) -> Option<OpId>,
) -> Vec<usize> {
    let mut position: BTreeMap<OpId, usize> = BTreeMap::new();
    let mut path: Vec<usize> = Vec::new();
    let mut u = start;
    while !position.contains_key(&u) {
        position.insert(u, path.len());
        let Some(t) = waiting(u).first().and_then(|&i| {
            path.push(i);
            tail(i)
        }) else {
            return Vec::new();
        };
        u = t;
    }
    path.split_off(position[&u])
}
