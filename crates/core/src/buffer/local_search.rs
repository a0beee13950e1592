//! Local search over the data/valid breaks of a feasible placement, evaluated without a
//! solver ([`Evaluator`]): it finds the placements where the MILP search, within its budget,
//! stays at the greedy start (models of a few hundred integer variables and up).
//!
//! Moves, each kept only when the placement still meets the clock period and the objective
//! (weighted throughputs minus the breaks' cost) rises:
//! * *drop* a break: kept when the clock period is still met and the objective rises (a
//!   break only adds latency and takes a slot's room, but the longer paths without it can
//!   leave less room for transparent slots elsewhere);
//! * *shift* a break onto a channel next to it (into its producer or out of its consumer)
//!   where no throughput falls, then drop what is no longer needed;
//! * *kick*: take a break out, cut the paths that then miss the clock period where the
//!   greedy placement would, and drop what is no longer needed;
//! * FPL22 only, *ready slot*: break ready on CFDFC channels where transparent slots find
//!   no room (their ready delay would make a ready path miss the clock period): the ready
//!   break's slot lets the channel hold a token, which a loop may need to run at all.
//!
//! Throughputs are evaluated with [`super::formulation::MAX_SLOTS`] slots on every
//! bufferizable channel where transparent slots fit within the clock period
//! ([`Evaluator::widened`]); the caller sizes the slots of the result by a linear program.
//! Breaks the rules force are never moved. Rounds repeat until none improves or the
//! work budget (evaluations times the circuit's channels, never time) runs out, so results
//! are deterministic.

use super::channel_id::{ChannelId, ChannelVec};
use super::circuit::Circuit;
use super::evaluate::{Evaluator, OBJECTIVE_TOLERANCE};
use super::greedy::{cut_data_valid_paths, ChannelBuffers, Placement};
use crate::handshake::OpId;
use std::collections::BTreeMap;

/// The work one local search may do, in evaluations times the circuit's channels (an
/// evaluation costs about one pass over the channels): 20,000 evaluations of a
/// 200-channel circuit.
pub const SEARCH_WORK: usize = 4_000_000;
/// The work of the first, screening search of each start (the best starts are then
/// searched further with [`SEARCH_WORK`]).
pub const SCREENING_WORK: usize = 800_000;

/// The least gain in objective for which the search keeps a shift or a kick of breaks
/// (each changes several breaks at once); a dropped break needs a gain above
/// [`OBJECTIVE_TOLERANCE`] only.
pub const MOVE_GAIN: f64 = 1e-9;

/// The search's state: the breaks, slots at the maximum, and the throughputs they reach.
struct State {
    placement: Placement,
    phi: Vec<f64>,
}

/// A local search over one circuit (prepared once, run from many starts).
pub struct LocalSearch<'a> {
    circuit: &'a Circuit,
    /// The circuit's evaluator.
    pub eval: Evaluator,
    /// Per channel, the channels next to it: the inputs of its producer and the outputs of
    /// its consumer.
    neighbours: ChannelVec<Vec<ChannelId>>,
}

impl<'a> LocalSearch<'a> {
    /// Prepares the search over `circuit`.
    pub fn new(circuit: &'a Circuit) -> LocalSearch<'a> {
        LocalSearch {
            circuit,
            eval: Evaluator::new(circuit),
            neighbours: neighbours(circuit),
        }
    }

    /// `start` with its data/valid breaks improved within `work` (see [`SEARCH_WORK`];
    /// slots: one per break, or the rules' minimum; the caller sizes them). A start that
    /// misses the clock period is returned as it is.
    pub fn improve(&self, start: &Placement, work: usize) -> Placement {
        let mut budget = work / self.circuit.channels.len().max(1);
        let wide = self.eval.widened(start);
        if !self.eval.meets_clock(&wide) {
            return start.clone();
        }
        let mut state = self.state(wide);
        // Kicks resume after the last one kept (earlier channels were just tried).
        let mut kick_from = 0;
        loop {
            let all = self.circuit.channel_ids();
            let dropped = self.drop_breaks(&mut state, all, &mut budget);
            let shifted = self.shift_breaks(&mut state, &mut budget);
            let kicked =
                !dropped && !shifted && self.kick_breaks(&mut state, &mut budget, &mut kick_from);
            let slotted =
                !dropped && !shifted && !kicked && self.add_ready_slots(&mut state, &mut budget);
            if (!dropped && !shifted && !kicked && !slotted) || budget == 0 {
                break;
            }
        }
        self.lean(&state.placement)
    }

    /// `placement` with the lean slots of its breaks on the bufferizable channels
    /// ([`super::circuit::Channel::lean`]; the others keep the slots the rules give them).
    fn lean(&self, placement: &Placement) -> Placement {
        placement.map(|i, b| {
            let c = self.circuit.channel(i);
            if c.bufferizable {
                c.lean(b)
            } else {
                *b
            }
        })
    }

    /// The state of a widened placement.
    fn state(&self, placement: Placement) -> State {
        let phi = self.eval.throughputs(&placement);
        State { placement, phi }
    }

    /// The objective of `state` (without the slots' cost).
    fn objective(&self, state: &State) -> f64 {
        self.eval.score(&state.placement, &state.phi)
    }

    /// Whether channel `i`'s break may move.
    fn movable(&self, placement: &Placement, i: ChannelId) -> bool {
        let c = self.circuit.channel(i);
        c.bufferizable && !c.must_break_dv && placement[i].break_dv
    }

    /// The state after the breaks of `placement` (the state's, changed on the `changed`
    /// channels) if it meets the clock period: widened again, with the throughputs of the
    /// CFDFCs the change touches recomputed (those of the changed channels and of the
    /// channels whose room for transparent slots changed). `None` if it misses the clock
    /// period or, unless `may_fall`, a throughput falls.
    fn moved(
        &self,
        state: &State,
        placement: &Placement,
        changed: &[ChannelId],
        may_fall: bool,
    ) -> Option<State> {
        let eval = &self.eval;
        if !eval.meets_clock(placement) {
            return None;
        }
        // Lean first: the state's slots would ask for the room they had.
        let wide = eval.widened(&self.lean(placement));
        let resized = wide
            .ids()
            .filter(|&j| wide[j].slots != state.placement[j].slots);
        let mut touched = vec![false; state.phi.len()];
        for j in changed.iter().copied().chain(resized) {
            for &k in &eval.cfdfcs_of_channel[j] {
                touched[k] = true;
            }
        }
        let mut phi = state.phi.clone();
        for k in (0..phi.len()).filter(|&k| touched[k]) {
            phi[k] = if may_fall {
                eval.rethroughput(k, &wide, state.phi[k])
            } else {
                eval.throughput_kept(k, &wide, state.phi[k])?
            };
        }
        Some(State {
            placement: wide,
            phi,
        })
    }

    /// Drops every break among `channels` whose removal keeps the clock period met and
    /// raises the objective (it saves a break's cost unless the longer paths leave less room
    /// for transparent slots and a throughput falls); true if any was dropped.
    fn drop_breaks(
        &self,
        state: &mut State,
        channels: impl IntoIterator<Item = ChannelId>,
        budget: &mut usize,
    ) -> bool {
        let mut any = false;
        for i in channels {
            if *budget == 0 {
                break;
            }
            if !self.movable(&state.placement, i) {
                continue;
            }
            *budget -= 1;
            let mut placement = state.placement.clone();
            placement[i].break_dv = false;
            let Some(candidate) = self.moved(state, &placement, &[i], true) else {
                continue;
            };
            if self.objective(&candidate) > self.objective(state) + OBJECTIVE_TOLERANCE {
                *state = candidate;
                any = true;
            }
        }
        any
    }

    /// Moves breaks onto neighbouring channels, dropping the breaks that then are no longer
    /// needed, where that raises the objective (e.g. one break before a fork instead of one
    /// after each of its outputs); true if any moved.
    fn shift_breaks(&self, state: &mut State, budget: &mut usize) -> bool {
        let mut any = false;
        for i in self.circuit.channel_ids() {
            if !self.movable(&state.placement, i) {
                continue;
            }
            for &j in &self.neighbours[i] {
                if *budget == 0 {
                    return any;
                }
                if !self.circuit.channel(j).bufferizable || state.placement[j].break_dv {
                    continue;
                }
                *budget -= 1;
                let mut placement = state.placement.clone();
                placement[i].break_dv = false;
                placement[j].break_dv = true;
                // No throughput may fall.
                let Some(mut candidate) = self.moved(state, &placement, &[i, j], false) else {
                    continue;
                };
                // The breaks next to either channel (e.g. on the other outputs of a fork).
                let near = self.neighbours[i]
                    .iter()
                    .chain(&self.neighbours[j])
                    .copied();
                self.drop_breaks(&mut candidate, near, budget);
                if self.objective(&candidate) > self.objective(state) + MOVE_GAIN {
                    *state = candidate;
                    any = true;
                    break;
                }
            }
        }
        any
    }

    /// FPL22: breaks ready on CFDFC channels that hold no slot beyond their lean ones
    /// (transparent slots found no room): first one channel at a time, then, for each
    /// CFDFC, on all such channels of it at once (a loop that cannot run at all may need
    /// several slots before its throughput rises), cutting the data/valid paths the ready
    /// slots' delay makes late and dropping the ready breaks then not needed. Each change is
    /// kept only when the objective rises; true if any was.
    fn add_ready_slots(&self, state: &mut State, budget: &mut usize) -> bool {
        if !self.eval.times_ready() {
            return false;
        }
        let slotless = |p: &Placement, i: ChannelId| {
            let (c, b) = (self.circuit.channel(i), &p[i]);
            let on_loop = !self.eval.cfdfcs_of_channel[i].is_empty();
            c.bufferizable && on_loop && !b.break_r && b.slots == c.lean(b).slots
        };
        let mut any = false;
        for i in self.circuit.channel_ids() {
            if !slotless(&state.placement, i) {
                continue;
            }
            if *budget == 0 {
                return any;
            }
            *budget -= 1;
            any |= self.try_ready_slots(state, &[i], budget);
        }
        for k in 0..self.eval.weights.len() {
            let channels: Vec<ChannelId> = self
                .circuit
                .channel_ids()
                .filter(|&i| self.eval.cfdfcs_of_channel[i].contains(&k))
                .filter(|&i| slotless(&state.placement, i))
                .collect();
            if channels.len() < 2 || *budget == 0 {
                continue;
            }
            *budget -= 1;
            any |= self.try_ready_slots(state, &channels, budget);
        }
        any
    }

    /// [`Self::add_ready_slots`] on `channels`: kept if the objective rises.
    fn try_ready_slots(
        &self,
        state: &mut State,
        channels: &[ChannelId],
        budget: &mut usize,
    ) -> bool {
        let mut placement = self.lean(&state.placement);
        for &i in channels {
            placement[i].break_r = true;
            placement[i] = self.circuit.channel(i).lean(&placement[i]);
        }
        if !self.eval.meets_clock(&placement) {
            cut_data_valid_paths(self.circuit, &mut placement);
        }
        // The other channels keep their widened slots.
        let placement = placement.map(|i, b| ChannelBuffers {
            slots: if channels.contains(&i) {
                b.slots
            } else {
                state.placement[i].slots
            },
            ..*b
        });
        let changed: Vec<ChannelId> = placement
            .ids()
            .filter(|&i| placement[i] != state.placement[i])
            .collect();
        let Some(mut candidate) = self.moved(state, &placement, &changed, true) else {
            return false;
        };
        if channels.len() > 1 {
            self.drop_ready_breaks(&mut candidate, channels, budget);
        }
        if self.objective(&candidate) > self.objective(state) + MOVE_GAIN {
            *state = candidate;
            return true;
        }
        false
    }

    /// Drops every ready break among `channels` whose removal keeps the clock period met
    /// and raises the objective (by its cost, unless a throughput falls).
    fn drop_ready_breaks(&self, state: &mut State, channels: &[ChannelId], budget: &mut usize) {
        for &i in channels {
            if *budget == 0 {
                return;
            }
            if !state.placement[i].break_r || self.circuit.channel(i).ready_slot {
                continue;
            }
            *budget -= 1;
            let mut placement = state.placement.clone();
            placement[i].break_r = false;
            placement[i] = self.circuit.channel(i).lean(&placement[i]);
            let Some(candidate) = self.moved(state, &placement, &[i], true) else {
                continue;
            };
            if self.objective(&candidate) > self.objective(state) + OBJECTIVE_TOLERANCE {
                *state = candidate;
            }
        }
    }

    /// Takes out one break at a time (from channel `from` on, round the circuit), cuts the
    /// paths that then miss the clock period where the greedy placement would (at the unit
    /// where they become too long), and drops the breaks no longer needed; keeps the first
    /// result with a higher objective (and moves `from` past it). True if one was kept.
    fn kick_breaks(&self, state: &mut State, budget: &mut usize, from: &mut usize) -> bool {
        let before = self.objective(state);
        let n = self.circuit.channels.len();
        for i in (0..n).map(|k| ChannelId::new((*from + k) % n)) {
            if *budget == 0 {
                return false;
            }
            if !self.movable(&state.placement, i) {
                continue;
            }
            *budget -= 1;
            // Cut with the lean slots' delays (the room for transparent slots follows).
            let mut placement = self.lean(&state.placement);
            placement[i].break_dv = false;
            cut_data_valid_paths(self.circuit, &mut placement);
            // Lean again: the channel's slot would ask for room.
            let placement = self.eval.widened(&self.lean(&placement));
            if placement[i].break_dv || !self.eval.meets_clock(&placement) {
                continue;
            }
            let mut candidate = self.state(placement);
            self.drop_breaks(&mut candidate, self.circuit.channel_ids(), budget);
            if self.objective(&candidate) > before + MOVE_GAIN {
                *state = candidate;
                *from = i.index() + 1;
                return true;
            }
        }
        false
    }
}

/// Per channel, the channels next to it: the inputs of its producer and the outputs of its
/// consumer.
fn neighbours(circuit: &Circuit) -> ChannelVec<Vec<ChannelId>> {
    let mut into: BTreeMap<OpId, Vec<ChannelId>> = BTreeMap::new();
    let mut out_of: BTreeMap<OpId, Vec<ChannelId>> = BTreeMap::new();
    for i in circuit.channel_ids() {
        let c = circuit.channel(i);
        into.entry(c.to).or_default().push(i);
        if let Some(f) = c.from {
            out_of.entry(f).or_default().push(i);
        }
    }
    circuit
        .channels
        .iter()
        .map(|c| {
            let mut n: Vec<ChannelId> = c
                .from
                .and_then(|f| into.get(&f))
                .cloned()
                .unwrap_or_default();
            n.extend(out_of.get(&c.to).into_iter().flatten());
            n
        })
        .collect()
}
