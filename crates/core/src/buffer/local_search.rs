//! Local search over the data/valid breaks of a feasible placement, evaluated without a
//! solver ([`Evaluator`]): it finds the placements where the MILP search, within its budget,
//! stays at the greedy start (models of a few hundred integer variables and up).
//!
//! Moves, each kept only when the placement still meets the clock period and the objective
//! (weighted throughputs minus the breaks' cost) rises:
//! * *drop* a break: never lowers a throughput (a break only adds latency and takes a
//!   slot's room), so it is kept whenever the clock period is still met;
//! * *shift* a break onto a channel next to it (into its producer or out of its consumer)
//!   where no throughput falls, then drop what is no longer needed;
//! * *kick*: take a break out, cut the paths that then miss the clock period where the
//!   greedy placement would, and drop what is no longer needed.
//!
//! Throughputs are evaluated with every bufferizable channel at [`MAX_SLOTS`] slots, the
//! most any sizing reaches; the caller sizes the slots of the result by a linear program.
//! Breaks the rules force are never moved. Rounds repeat until none improves or the
//! evaluation budget (a count, never time) runs out, so results are deterministic.

use super::circuit::Circuit;
use super::evaluate::Evaluator;
use super::formulation::{DV_COST, MAX_SLOTS};
use super::greedy::{cut_data_valid_paths, ChannelBuffers};
use crate::handshake::OpId;
use std::collections::BTreeMap;

/// Most placements one local search evaluates.
pub const EVALUATION_BUDGET: usize = 20_000;

/// The search's state: the breaks, slots at the maximum, and the throughputs they reach.
struct State {
    placement: Vec<ChannelBuffers>,
    phi: Vec<f64>,
}

impl State {
    /// The MILP's objective without the slots' cost (the slots are sized afterwards).
    fn objective(&self, eval: &Evaluator) -> f64 {
        let breaks = self.placement.iter().filter(|b| b.break_dv).count();
        eval.weighted(&self.phi) - DV_COST * breaks as f64
    }
}

/// `start` with its data/valid breaks improved by local search (slots as in `start`, plus
/// one for every break added; the caller sizes them).
pub fn improve_breaks(circuit: &Circuit, start: &[ChannelBuffers]) -> Vec<ChannelBuffers> {
    let eval = Evaluator::new(circuit);
    let mut wide: Vec<ChannelBuffers> = start.to_vec();
    for (b, c) in wide.iter_mut().zip(&circuit.channels) {
        if c.bufferizable {
            b.slots = MAX_SLOTS;
        }
    }
    if !eval.meets_clock(&wide) {
        return start.to_vec();
    }
    let phi = (0..eval.weights.len())
        .map(|k| eval.throughput(k, &wide))
        .collect();
    let mut state = State {
        placement: wide,
        phi,
    };
    let neighbours = neighbours(circuit);
    let mut budget = EVALUATION_BUDGET;
    loop {
        let all = 0..circuit.channels.len();
        let dropped = drop_breaks(circuit, &eval, &mut state, all, &mut budget);
        let shifted = shift_breaks(circuit, &eval, &neighbours, &mut state, &mut budget);
        let kicked = !dropped && !shifted && kick_breaks(circuit, &eval, &mut state, &mut budget);
        if (!dropped && !shifted && !kicked) || budget == 0 {
            break;
        }
    }
    start
        .iter()
        .zip(&state.placement)
        .zip(&circuit.channels)
        .map(|((s, w), c)| {
            if !c.bufferizable {
                return *s;
            }
            let breaks = u32::from(w.break_dv) + u32::from(w.break_r);
            ChannelBuffers {
                break_dv: w.break_dv,
                break_r: w.break_r,
                slots: c.min_slots.max(breaks),
            }
        })
        .collect()
}

/// Whether channel `i`'s break may move.
fn movable(circuit: &Circuit, placement: &[ChannelBuffers], i: usize) -> bool {
    let c = &circuit.channels[i];
    c.bufferizable && !c.must_break_dv && placement[i].break_dv
}

/// Drops every break among `channels` whose removal keeps the clock period met; true if any
/// was dropped.
fn drop_breaks(
    circuit: &Circuit,
    eval: &Evaluator,
    state: &mut State,
    channels: impl IntoIterator<Item = usize>,
    budget: &mut usize,
) -> bool {
    let mut any = false;
    for i in channels {
        if *budget == 0 {
            break;
        }
        if !movable(circuit, &state.placement, i) {
            continue;
        }
        *budget -= 1;
        state.placement[i].break_dv = false;
        if eval.meets_clock(&state.placement) {
            // Throughputs can only rise.
            for &k in &eval.cfdfcs_of_channel[i] {
                if let Some(p) = eval.throughput_above(k, &state.placement, state.phi[k]) {
                    state.phi[k] = p;
                }
            }
            any = true;
        } else {
            state.placement[i].break_dv = true;
        }
    }
    any
}

/// Moves breaks onto neighbouring channels, dropping the breaks that then are no longer
/// needed, where that raises the objective (e.g. one break before a fork instead of one
/// after each of its outputs); true if any moved.
fn shift_breaks(
    circuit: &Circuit,
    eval: &Evaluator,
    neighbours: &[Vec<usize>],
    state: &mut State,
    budget: &mut usize,
) -> bool {
    let mut any = false;
    for i in 0..circuit.channels.len() {
        if !movable(circuit, &state.placement, i) {
            continue;
        }
        for &j in &neighbours[i] {
            if *budget == 0 {
                return any;
            }
            if !circuit.channels[j].bufferizable || state.placement[j].break_dv {
                continue;
            }
            *budget -= 1;
            let mut placement = state.placement.clone();
            placement[i].break_dv = false;
            placement[j].break_dv = true;
            if !eval.meets_clock(&placement) {
                continue;
            }
            // The CFDFCs of both channels: none may fall.
            let mut phi = state.phi.clone();
            let mut all_hold = true;
            for &k in eval.cfdfcs_of_channel[i]
                .iter()
                .chain(&eval.cfdfcs_of_channel[j])
            {
                match eval.throughput_above(k, &placement, state.phi[k]) {
                    Some(p) => phi[k] = phi[k].max(p),
                    None => all_hold &= eval.holds(k, &placement, state.phi[k]),
                }
            }
            if !all_hold {
                continue;
            }
            let mut candidate = State { placement, phi };
            // The breaks next to either channel (e.g. on the other outputs of a fork).
            let near = neighbours[i].iter().chain(&neighbours[j]).copied();
            drop_breaks(circuit, eval, &mut candidate, near, budget);
            if candidate.objective(eval) > state.objective(eval) + 1e-9 {
                *state = candidate;
                any = true;
                break;
            }
        }
    }
    any
}

/// Takes out one break at a time, cuts the paths that then miss the clock period where the
/// greedy placement would (at the unit where they become too long), and drops the breaks
/// no longer needed; keeps the first result with a higher objective. True if one was kept.
fn kick_breaks(circuit: &Circuit, eval: &Evaluator, state: &mut State, budget: &mut usize) -> bool {
    let before = state.objective(eval);
    for i in 0..circuit.channels.len() {
        if *budget == 0 {
            return false;
        }
        if !movable(circuit, &state.placement, i) {
            continue;
        }
        *budget -= 1;
        let mut placement = state.placement.clone();
        placement[i].break_dv = false;
        cut_data_valid_paths(circuit, &mut placement);
        for (b, c) in placement.iter_mut().zip(&circuit.channels) {
            if c.bufferizable {
                b.slots = MAX_SLOTS;
            }
        }
        if placement[i].break_dv || !eval.meets_clock(&placement) {
            continue;
        }
        let phi = (0..eval.weights.len())
            .map(|k| eval.throughput(k, &placement))
            .collect();
        let mut candidate = State { placement, phi };
        drop_breaks(
            circuit,
            eval,
            &mut candidate,
            0..circuit.channels.len(),
            budget,
        );
        if candidate.objective(eval) > before + 1e-9 {
            *state = candidate;
            return true;
        }
    }
    false
}

/// Per channel, the channels next to it: the inputs of its producer and the outputs of its
/// consumer.
fn neighbours(circuit: &Circuit) -> Vec<Vec<usize>> {
    let mut into: BTreeMap<OpId, Vec<usize>> = BTreeMap::new();
    let mut out_of: BTreeMap<OpId, Vec<usize>> = BTreeMap::new();
    for (i, c) in circuit.channels.iter().enumerate() {
        into.entry(c.to).or_default().push(i);
        if let Some(f) = c.from {
            out_of.entry(f).or_default().push(i);
        }
    }
    circuit
        .channels
        .iter()
        .map(|c| {
            let mut n: Vec<usize> = c
                .from
                .and_then(|f| into.get(&f))
                .cloned()
                .unwrap_or_default();
            n.extend(out_of.get(&c.to).into_iter().flatten());
            n
        })
        .collect()
}
