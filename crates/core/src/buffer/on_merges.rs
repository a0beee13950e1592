//! The correctness-first buffer placement of spec/buffering.md ("on merges"): every result
//! channel of a merge-like operation (`merge`, `mux`, `control_merge`) that lies on a cycle
//! gets a `ONE_SLOT_BREAK_DV` slot (which also keeps a merge from reordering tokens) followed
//! by a `ONE_SLOT_BREAK_R` slot (which breaks the ready path), written as the spec prints
//! them: `hw.parameters = {BUFFER_TYPE = …, NUM_SLOTS = 1 : ui32, TIMING = #handshake<timing
//! {D: 1, V: 1, R: 0}>}`.
//!
//! Precondition: a materialized function (each channel has one consumer). Every cycle of a
//! lowered kernel passes through a merge-like operation (each loop enters its header through
//! one), so afterwards no cycle is left combinational ([`super::combinational_cycles`]).

use super::cycles::cyclic_channels;
use crate::handshake::{BufferParams, BufferType, Func, OpKind, Timing, ValueId};

/// The parameters of a one-slot buffer of type `ty`, with the spec's timing.
pub fn one_slot(ty: BufferType) -> BufferParams {
    let (d, r) = match ty {
        BufferType::OneSlotBreakDV => (1, 0),
        BufferType::OneSlotBreakR => (0, 1),
        _ => (1, 1),
    };
    BufferParams {
        buffer_type: Some(ty),
        num_slots: 1,
        timing: Some(Timing {
            d: Some(d),
            v: Some(d),
            r: Some(r),
        }),
    }
}

/// Inserts the on-merges buffers into `func`; returns how many buffer ops were added.
pub fn place_on_merges(func: &mut Func) -> usize {
    let cycles = cyclic_channels(func);
    let targets: Vec<ValueId> = func
        .ops()
        .filter(|(_, op)| matches!(op.kind, OpKind::Merge | OpKind::Mux | OpKind::ControlMerge))
        .flat_map(|(_, op)| op.results.iter().copied())
        .filter(|v| cycles.channels.contains(v))
        .collect();
    let mut added = 0;
    for v in targets {
        let users = func.users(v);
        let Some(&(consumer, port)) = users.first() else {
            continue;
        };
        let Some(ty) = func.ty(v).cloned() else {
            continue;
        };
        let Some(producer) = func.defining_op(v) else {
            continue;
        };
        let bb = func.op(producer).and_then(|o| o.bb);
        let mut cur = v;
        for bt in [BufferType::OneSlotBreakDV, BufferType::OneSlotBreakR] {
            let name = func.unique_op_name("buffer");
            let b = func.add_named_op(
                OpKind::Buffer(one_slot(bt)),
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
    }
    added
}
