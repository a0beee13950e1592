//! Fork/sink materialization: afterwards every dataflow value has exactly one consumer.
//!
//! A value with several uses gets an eager `fork` with one output per use (lazy forks are
//! only created where the lowering asks for them); an unused result or argument gets a `sink`.
//! Memrefs are not channels and are left alone. New ops take the producer's basic block (the
//! consumer's for function arguments without one) and fresh names (`fork0`, `sink0`…).

use crate::handshake::{Func, OpKind, ValueDef, ValueId};

/// Materializes forks and sinks in every function with a body.
pub fn run(f: &mut Func) {
    if !f.has_body {
        return;
    }
    let uses = f.use_lists();
    let values: Vec<ValueId> = f
        .values()
        .filter(|(v, x)| x.ty.is_dataflow() && f.is_live_value(*v))
        .map(|(v, _)| v)
        .collect();
    for v in values {
        let list = uses.get(v.0 as usize).cloned().unwrap_or_default();
        if list.len() == 1 {
            continue;
        }
        let ty = f
            .ty(v)
            .cloned()
            .unwrap_or_else(crate::handshake::Type::control);
        let producer = f.defining_op(v);
        let bb = producer
            .and_then(|p| f.op(p).and_then(|o| o.bb))
            .or_else(|| list.first().and_then(|&(u, _)| f.op(u).and_then(|o| o.bb)))
            .or(Some(0));
        let anchor = match f.value(v).map(|x| x.def) {
            Some(ValueDef::Result { op, .. }) => f
                .op_ids()
                .iter()
                .position(|&o| o == op)
                .and_then(|p| f.op_ids().get(p + 1).copied()),
            _ => f.op_ids().first().copied(),
        };
        let anchor = anchor.unwrap_or(crate::handshake::OpId(u32::MAX));
        if list.is_empty() {
            let name = f.unique_op_name("sink");
            let id = f.insert_op_before(anchor, OpKind::Sink, vec![v], vec![]);
            set(f, id, bb, name);
            continue;
        }
        let name = f.unique_op_name("fork");
        let id = f.insert_op_before(anchor, OpKind::Fork, vec![v], vec![ty; list.len()]);
        set(f, id, bb, name);
        let outs = f.results(id).to_vec();
        for (k, (user, idx)) in list.into_iter().enumerate() {
            f.set_operand(user, idx, outs[k]);
        }
    }
}

fn set(f: &mut Func, id: crate::handshake::OpId, bb: Option<u32>, name: String) {
    if let Some(op) = f.op_mut(id) {
        op.bb = bb;
        op.name = Some(name);
    }
}
