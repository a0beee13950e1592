//! The correctness-first buffer placement of spec/buffering.md ("on merges"): every result
//! channel of a merge-like operation (`merge`, `mux`, `control_merge`) that lies on a cycle
//! gets a `ONE_SLOT_BREAK_DV` slot (which also keeps a merge from reordering tokens) followed
//! by a `ONE_SLOT_BREAK_R` slot (which breaks the ready path), written as the spec prints
//! them: `hw.parameters = {BUFFER_TYPE = …, NUM_SLOTS = 1 : ui32, TIMING = #handshake<timing
//! {D: 1, V: 1, R: 0}>}`.
//!
//! One more rule keeps loop-carried values from deadlocking: a channel that enters a
//! merge-like operation with several data inputs along a back edge (its producer's basic block is not before the
//! merge's) without lying on a cycle gets one `ONE_SLOT_BREAK_DV` slot. Such a channel carries
//! a value of iteration i to the header's merge of iteration i+1 (`x2 = x1;` in a loop): the
//! merge takes it only once the next iteration's select arrives, which the header's index fork
//! sends only after every merge of iteration i has fired, including the one that produced
//! the value; the slot holds it meanwhile. The result of such a header merge gets one
//! `ONE_SLOT_BREAK_DV` slot too when it lies on no cycle (`v += x; x = 1u;`): the merge of
//! iteration i then fires into its slot, so that the index fork can send iteration i+1's
//! select to the merge of `v`, whose next value waits for it while holding `x`'s consumer.
//!
//! Precondition: a materialized function (each channel has one consumer). Every cycle of a
//! lowered kernel passes through a merge-like operation (each loop enters its header through
//! one), so afterwards no cycle is left combinational ([`super::combinational_cycles`]).

use super::cycles::{cyclic_channels, CycleInfo};
use crate::handshake::{BufferParams, BufferType, Func, OpKind, ValueId};
use std::collections::BTreeSet;

/// The parameters of a one-slot buffer of type `ty`, with the spec's timing.
pub fn one_slot(ty: BufferType) -> BufferParams {
    super::mapping::buffer(ty, 1)
}

/// Inserts the on-merges buffers into `func`; returns how many buffer ops were added.
pub fn place_on_merges(func: &mut Func) -> usize {
    let cycles = cyclic_channels(func);
    let targets: Vec<ValueId> = func
        .ops()
        .filter(|(_, op)| op.kind.is_merge_like())
        .flat_map(|(_, op)| op.results.iter().copied())
        .filter(|v| cycles.channels.contains(v))
        .collect();
    let back_edges = back_edge_inputs(func, &cycles);
    // The loop headers' merges that lie on no cycle (their back edge carries a value that
    // does not depend on their own output).
    let headers: Vec<ValueId> = func
        .ops()
        .filter(|(_, op)| op.operands.iter().any(|v| back_edges.contains(v)))
        .flat_map(|(_, op)| op.results.iter().copied())
        .filter(|v| !cycles.channels.contains(v))
        .collect();
    let mut added = 0;
    for v in targets {
        added += insert_chain(
            func,
            v,
            &[
                one_slot(BufferType::OneSlotBreakDV),
                one_slot(BufferType::OneSlotBreakR),
            ],
        );
    }
    for v in back_edges.into_iter().chain(headers) {
        added += insert_chain(func, v, &[one_slot(BufferType::OneSlotBreakDV)]);
    }
    added
}

/// The channels that enter a merge-like operation with several data inputs along a back edge
/// (producer's block not before the merge's) without lying on a cycle (see the module
/// documentation).
pub fn back_edge_inputs(func: &Func, cycles: &CycleInfo) -> BTreeSet<ValueId> {
    func.ops()
        .filter(|(_, op)| op.kind.is_merge_like())
        .flat_map(|(_, op)| {
            // Data inputs only; one-input merges join no edges.
            let data = &op.operands[usize::from(matches!(op.kind, OpKind::Mux))..];
            let inputs = if data.len() > 1 { data } else { &[] };
            inputs.iter().map(move |&v| (op.bb, v))
        })
        .filter(|&(bb, v)| {
            let from = func
                .defining_op(v)
                .and_then(|p| func.op(p))
                .and_then(|p| p.bb);
            !cycles.channels.contains(&v) && matches!((from, bb), (Some(a), Some(b)) if a >= b)
        })
        .map(|(_, v)| v)
        .collect()
}

/// Inserts buffers with `params` (in order) on channel `v`, in its producer's block; returns
/// how many were inserted.
pub fn insert_chain(func: &mut Func, v: ValueId, params: &[BufferParams]) -> usize {
    let users = func.users(v);
    let Some(&(consumer, port)) = users.first() else {
        return 0;
    };
    let Some(ty) = func.ty(v).cloned() else {
        return 0;
    };
    let bb = func
        .defining_op(v)
        .and_then(|p| func.op(p))
        .and_then(|o| o.bb);
    let mut cur = v;
    let mut added = 0;
    for p in params {
        let name = func.unique_op_name("buffer");
        let b = func.add_named_op(
            OpKind::Buffer(p.clone()),
            vec![cur],
            vec![ty.clone()],
            bb,
            &name,
        );
        added += 1;
        match func.result(b, 0) {
            Some(r) => cur = r,
            None => break,
        }
    }
    func.set_operand(consumer, port, cur);
    added
}
