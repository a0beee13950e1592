//! Timing constraints: every combinational path stays within the clock period.
//!
//! Data/valid (both algorithms): each unit `u` has an output arrival `a_u` in
//! `[delay_u, CP]`; for each channel `c = u -> v` into a combinational unit,
//! `a_v >= a_u - CP * dv_c + delay_v` (a break restarts the path: the arrival at the
//! consumer, `max(0, a_u - CP * dv_c)`, is then 0). A sequential unit's outputs leave after
//! its own delay whatever arrives at its inputs, which only have to arrive within the period
//! (`a_u <= CP`). Arguments arrive at time 0.
//!
//! Ready (FPL22): the same in the other direction (ready flows from consumer to producer),
//! `ra_u >= ra_v - CP * r_c + rdelay_u`, with each unit's ready delay (at least
//! [`super::super::greedy::MIN_READY_DELAY`]); units that register ready restart paths.

use super::super::circuit::Circuit;
use super::super::greedy::MIN_READY_DELAY;
use super::value_tag;
use crate::handshake::OpId;
use crate::milp::{Cmp, LinExpr, Model, VarId};
use std::collections::BTreeMap;

/// Adds the data/valid timing constraints; `dv[i]` is channel `i`'s break, if bufferizable.
pub fn add_data_valid(model: &mut Model, circuit: &Circuit, dv: &[Option<VarId>]) {
    let cp = circuit.clock_period;
    let arrival: BTreeMap<OpId, VarId> = circuit
        .units
        .iter()
        .map(|(&op, u)| (op, model.continuous(&format!("a_op{}", op.0), u.delay, cp)))
        .collect();
    for (i, c) in circuit.channels.iter().enumerate() {
        let Some(&head) = arrival.get(&c.to) else {
            continue;
        };
        let head_unit = &circuit.units[&c.to];
        if head_unit.sequential {
            continue;
        }
        let Some(tail) = c.from.and_then(|f| arrival.get(&f).copied()) else {
            // An argument: available at time 0.
            continue;
        };
        let mut path = LinExpr::new().term(head, 1.0).term(tail, -1.0);
        if let Some(b) = dv[i] {
            path.add_term(b, cp);
        }
        let name = format!("path_{}", value_tag(c.value.0));
        model.add_constraint(&name, &path, Cmp::Ge, head_unit.delay);
    }
}

/// Adds the ready timing constraints; `r[i]` is channel `i`'s ready break, if bufferizable.
pub fn add_ready(model: &mut Model, circuit: &Circuit, r: &[Option<VarId>]) {
    let cp = circuit.clock_period;
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
    for (i, c) in circuit.channels.iter().enumerate() {
        let Some(from) = c.from else { continue };
        if circuit.units[&from].breaks_ready || circuit.units[&c.to].breaks_ready {
            continue;
        }
        let mut path = LinExpr::new()
            .term(arrival[&from], 1.0)
            .term(arrival[&c.to], -1.0);
        if let Some(b) = r[i] {
            path.add_term(b, cp);
        }
        let name = format!("rpath_{}", value_tag(c.value.0));
        model.add_constraint(&name, &path, Cmp::Ge, delay(&from));
    }
}
