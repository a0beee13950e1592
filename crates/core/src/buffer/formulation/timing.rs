//! Timing constraints: every combinational path stays within the clock period.
//!
//! Data/valid (both algorithms): each unit `u` has an output arrival `a_u` in
//! `[delay_u, CP]`; each channel `c = u -> v` adds the delay of its buffers after its break,
//! `buf_c = d_R * r_c + d_T * t_c` (its ready-breaking slot, placed or by rule, and whether
//! it has transparent slots, [`super::super::circuit::BufferDelays`]). Into a combinational
//! unit, `a_v >= a_u - CP * dv_c + buf_c + delay_v` (a break restarts the path: the
//! departure from the channel, `max(0, a_u - CP * dv_c)`, is then 0) and
//! `a_v >= buf_c + delay_v` (from the break, or from an argument, at time 0). A sequential
//! unit's outputs leave after its own delay whatever arrives at its inputs, which only have
//! to arrive within the period: `a_u - CP * dv_c + buf_c <= CP`.
//!
//! Ready (FPL22): the same in the other direction (ready flows from consumer to producer),
//! `ra_u >= ra_v - CP * r_c + rbuf_c + rdelay_u` and `ra_u >= rbuf_c + rdelay_u`, with each
//! unit's ready delay (at least [`super::super::greedy::MIN_READY_DELAY`]) and the ready
//! delay of the channel's buffers before its ready break, `rbuf_c = d_DV * dv_c + d_T * t_c`
//! (its data/valid-breaking slot, counted also when it shares one slot with the ready
//! break, and its transparent slots). Units that register ready restart paths; a path into
//! one, or into an argument, ends there: `ra_v - CP * r_c + rbuf_c <= CP`.

use super::super::circuit::Circuit;
use super::super::greedy::MIN_READY_DELAY;
use super::{value_tag, Formulation};
use crate::handshake::OpId;
use crate::milp::{Cmp, LinExpr, Model, VarId};
use std::collections::BTreeMap;

/// Adds the data/valid timing constraints over the breaks, ready breaks and transparent
/// slots of `f`.
pub fn add_data_valid(model: &mut Model, circuit: &Circuit, f: &Formulation) {
    let cp = circuit.clock_period;
    let delays = &circuit.buffer_delays;
    let arrival: BTreeMap<OpId, VarId> = circuit
        .units
        .iter()
        .map(|(&op, u)| (op, model.continuous(&format!("a_op{}", op.0), u.delay, cp)))
        .collect();
    for i in circuit.channel_ids() {
        let c = circuit.channel(i);
        let Some(&head) = arrival.get(&c.to) else {
            continue;
        };
        let head_unit = &circuit.units[&c.to];
        let tail = c.from.and_then(|f| arrival.get(&f).copied());
        let tag = value_tag(c.value.0);
        // The buffers' delay: variable terms and a constant (the rule's ready slot).
        let mut buffers: Vec<(VarId, f64)> = Vec::new();
        let mut fixed_delay = 0.0;
        if let Some(r) = f.r[i] {
            buffers.push((r, delays.ready_slot));
        } else if c.ready_slot {
            fixed_delay += delays.ready_slot;
        }
        if let Some(t) = f.transparent[i] {
            buffers.push((t, delays.transparent));
        }
        let minus_buffers: Vec<(VarId, f64)> = buffers.iter().map(|&(v, d)| (v, -d)).collect();
        let delayed = fixed_delay > 0.0 || !buffers.is_empty();
        if head_unit.sequential {
            // a_u - CP * dv + buf <= CP.
            if let Some(tail) = tail.filter(|_| delayed) {
                let mut path = LinExpr::from_terms(&buffers).term(tail, 1.0);
                if let Some(b) = f.dv[i] {
                    path.add_term(b, -cp);
                }
                model.add_constraint(&format!("seq_{tag}"), &path, Cmp::Le, cp - fixed_delay);
            }
            continue;
        }
        if delayed {
            // a_v - buf >= delay_v: the path from the break (or an argument).
            let start = LinExpr::from_terms(&minus_buffers).term(head, 1.0);
            let rhs = head_unit.delay + fixed_delay;
            model.add_constraint(&format!("start_{tag}"), &start, Cmp::Ge, rhs);
        }
        let Some(tail) = tail else {
            continue;
        };
        let mut path = LinExpr::from_terms(&minus_buffers)
            .term(head, 1.0)
            .term(tail, -1.0);
        if let Some(b) = f.dv[i] {
            path.add_term(b, cp);
        }
        let rhs = head_unit.delay + fixed_delay;
        model.add_constraint(&format!("path_{tag}"), &path, Cmp::Ge, rhs);
    }
}

/// Adds the ready timing constraints over the ready breaks of `f`, with the ready delay of
/// each channel's data/valid-breaking and transparent slots (before its ready break, which
/// the mappings put last).
pub fn add_ready(model: &mut Model, circuit: &Circuit, f: &Formulation) {
    let cp = circuit.clock_period;
    let delays = &circuit.buffer_delays;
    // Ready arrival at each unit's input side (where it leaves towards producers).
    let delay = |op: &OpId| circuit.units[op].ready_delay.max(MIN_READY_DELAY);
    let arrival: BTreeMap<OpId, VarId> = circuit
        .units
        .keys()
        .map(|op| {
            let lb = delay(op);
            (*op, model.continuous(&format!("ra_op{}", op.0), lb, cp))
        })
        .collect();
    let restarts = |op: &OpId| circuit.units[op].breaks_ready;
    for i in circuit.channel_ids() {
        let c = circuit.channel(i);
        let tag = value_tag(c.value.0);
        let mut buffers: Vec<(VarId, f64)> = Vec::new();
        if let Some(dv) = f.dv[i].filter(|_| delays.dv_slot_ready > 0.0) {
            buffers.push((dv, delays.dv_slot_ready));
        }
        if let Some(t) = f.transparent[i].filter(|_| delays.transparent_ready > 0.0) {
            buffers.push((t, delays.transparent_ready));
        }
        let minus_buffers: Vec<(VarId, f64)> = buffers.iter().map(|&(v, d)| (v, -d)).collect();
        // Where ready leaves the consumer: at its ready arrival, or at once when it
        // registers ready.
        let tail = (!restarts(&c.to)).then(|| arrival[&c.to]);
        let Some(from) = c.from.filter(|f| !restarts(f)) else {
            // The path ends at an argument or a producer registering ready:
            // ra_to - CP * r + buf <= CP.
            if let Some(tail) = tail.filter(|_| !buffers.is_empty()) {
                let mut path = LinExpr::from_terms(&buffers).term(tail, 1.0);
                if let Some(r) = f.r[i] {
                    path.add_term(r, -cp);
                }
                model.add_constraint(&format!("rend_{tag}"), &path, Cmp::Le, cp);
            }
            continue;
        };
        let head = arrival[&from];
        if !buffers.is_empty() {
            // ra_from - buf >= rdelay_from: the path from the ready break (or from a
            // consumer registering ready).
            let start = LinExpr::from_terms(&minus_buffers).term(head, 1.0);
            model.add_constraint(&format!("rstart_{tag}"), &start, Cmp::Ge, delay(&from));
        }
        let Some(tail) = tail else { continue };
        let mut path = LinExpr::from_terms(&minus_buffers)
            .term(head, 1.0)
            .term(tail, -1.0);
        if let Some(r) = f.r[i] {
            path.add_term(r, cp);
        }
        model.add_constraint(&format!("rpath_{tag}"), &path, Cmp::Ge, delay(&from));
    }
}
