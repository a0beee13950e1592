//! Throughput constraints, per CFDFC: its circuit is a marked graph whose back edges hold
//! one token each at the start.
//!
//! Variables: the CFDFC's throughput `phi` in [0, 1] (tokens per cycle) and a retiming
//! variable `ret_u` per unit. The tokens on a channel `c = u -> v` of the CFDFC in steady
//! state are `occ_c = tokens_c + ret_v - ret_u - latency_u * phi` (a unit of latency `L`
//! holds `L * phi` tokens inside); around any cycle they add up to the cycle's tokens minus
//! latency times throughput, which bounds `phi` by tokens over latency. Per channel:
//! * `occ_c >= wait_c * phi`: a token waits `wait_c` cycles on the channel for its consumer
//!   (a load waiting for its controller's read port; 0 elsewhere);
//! * `occ_c >= wait_c * phi + phi + dv_c - 1`: a data/valid break adds a cycle of latency
//!   (the linearised `occ_c >= (wait_c + dv_c) * phi`, exact since both are in [0, 1]);
//! * `occ_c <= slots_c + min(1 - dv_c, 1 - phi)`: the tokens fit in its slots, plus, on a
//!   channel whose producer is not separated from it by a data/valid break, the token the
//!   producer holds while its consumer stalls (present `1 - phi` of the time). This models
//!   back pressure: when paths fork and join again, the shorter one holds the waiting
//!   tokens, and without slots its producer stalls (`phi <= 1 / (latency difference + 1)`).
//!   Only a producer that can hold a token does so (a fork's pending output, a pipelined
//!   unit's register: [`super::super::circuit::Unit::holds`]); behind a combinational unit
//!   the waiting token stays upstream, so there `occ_c <= slots_c` (otherwise a chain of
//!   `m` combinational units would seem to hold `m` waiting tokens).
//! * Per pair of a fork's input `i` and output `j`
//!   ([`super::super::circuit::pending_pairs`]): `occ_i + occ_j <= slots_i + slots_j`, plus
//!   the token `i`'s producer holds as above. A fork has no register: a token pending on
//!   one output stays on its input, so the output's lag and the input's occupancy share
//!   that room (rows `occ_*_pending_*`).
//!
//! The objective gains `weight * phi`, the weight being the CFDFC's share of all CFDFC
//! executions.

use super::super::channel_id::ChannelVec;
use super::super::circuit::{pending_pairs, Circuit};
use super::value_tag;
use crate::milp::{Cmp, LinExpr, Model, VarId};

/// Adds every CFDFC's constraints and objective term; returns the throughput variables.
pub fn add(
    model: &mut Model,
    circuit: &Circuit,
    dv: &ChannelVec<Option<VarId>>,
    slots: &ChannelVec<Option<VarId>>,
    objective: &mut LinExpr,
) -> Vec<VarId> {
    let weights = circuit.cfdfc_weights();
    let mut phis = Vec::new();
    for (k, weight) in weights.into_iter().enumerate() {
        let phi = model.continuous(&format!("phi_cfdfc{k}"), 0.0, 1.0);
        objective.add_term(phi, weight);
        let (units, edges) = circuit.cfdfc_graph(k);
        let ret: Vec<VarId> = units
            .iter()
            .map(|u| {
                model.continuous(
                    &format!("ret{k}_op{}", u.0),
                    f64::NEG_INFINITY,
                    f64::INFINITY,
                )
            })
            .collect();
        // Per edge, its occupancy less its slots (the capacity rows' left side).
        let mut over_slots = Vec::new();
        for e in &edges {
            let i = e.channel;
            let (ru, rv) = (ret[e.from], ret[e.to]);
            let tokens = f64::from(e.tokens);
            let latency = f64::from(e.latency);
            let tag = format!("cfdfc{k}_{}", value_tag(circuit.channel(i).value.0));
            // occ = tokens + occ_expr; constraints are stated on occ_expr.
            let occ = LinExpr::new()
                .term(rv, 1.0)
                .term(ru, -1.0)
                .term(phi, -latency);
            let wait = f64::from(e.wait);
            let waited = occ.clone().term(phi, -wait);
            model.add_constraint(&format!("occ_{tag}"), &waited, Cmp::Ge, -tokens);
            if let Some(b) = dv[i] {
                let lat = waited.term(phi, -1.0).term(b, -1.0);
                model.add_constraint(&format!("occ_dv_{tag}"), &lat, Cmp::Ge, -tokens - 1.0);
            }
            let mut cap = occ;
            if let Some(n) = slots[i] {
                cap.add_term(n, -1.0);
            }
            add_capacity(
                model,
                &tag,
                cap.clone(),
                tokens,
                e.held.holds().then_some(dv[i]),
                phi,
            );
            over_slots.push(cap);
        }
        for (i, j) in pending_pairs(&edges) {
            let (input, output) = (&edges[i], &edges[j]);
            let tag = format!(
                "cfdfc{k}_{}_{}",
                value_tag(circuit.channel(input.channel).value.0),
                value_tag(circuit.channel(output.channel).value.0)
            );
            let mut both = over_slots[i].clone();
            for &(v, c) in &over_slots[j].terms {
                both.add_term(v, c);
            }
            let tokens = f64::from(input.tokens + output.tokens);
            let held = input.held.holds().then_some(dv[input.channel]);
            add_capacity(model, &format!("pending_{tag}"), both, tokens, held, phi);
        }
        phis.push(phi);
    }
    phis
}

/// The capacity rows `occ <= slots` (`over_slots` is `occ - slots - tokens`) of a channel
/// whose producer cannot hold a token (`held` is `None`), or, when it can, `occ <= slots +
/// min(1 - dv, 1 - phi)` with the channel's break `dv` (`held` is `Some(dv)`, a constant 0
/// when the channel takes no break).
fn add_capacity(
    model: &mut Model,
    tag: &str,
    over_slots: LinExpr,
    tokens: f64,
    held: Option<Option<VarId>>,
    phi: VarId,
) {
    let Some(dv) = held else {
        model.add_constraint(&format!("occ_slots_{tag}"), &over_slots, Cmp::Le, -tokens);
        return;
    };
    let stalled = over_slots.clone().term(phi, 1.0);
    model.add_constraint(&format!("occ_stall_{tag}"), &stalled, Cmp::Le, 1.0 - tokens);
    if let Some(b) = dv {
        let held = over_slots.term(b, 1.0);
        model.add_constraint(&format!("occ_slots_{tag}"), &held, Cmp::Le, 1.0 - tokens);
    }
}
