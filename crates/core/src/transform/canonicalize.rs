//! Canonicalization of Handshake IR (before materialization: values may have many uses).
//!
//! * a `merge` with one input is replaced by its input;
//! * a `br` of a `br` takes the first one's input (chains collapse);
//! * constants with the same value, type and trigger (or both triggered by sources in the same
//!   block) are merged into the first;
//! * operations without effects whose results are all unused are removed (repeatedly).
//!
//! Memory ports, controllers, instances, sinks and `end` are never removed.

use crate::handshake::{Func, OpId, OpKind};

/// Canonicalizes every function with a body.
pub fn run(f: &mut Func) {
    if !f.has_body {
        return;
    }
    single_input_merges(f);
    br_chains(f);
    duplicate_constants(f);
    dead_ops(f);
}

fn single_input_merges(f: &mut Func) {
    let ids: Vec<OpId> = f.op_ids().to_vec();
    for id in ids {
        let Some(op) = f.op(id) else { continue };
        if op.kind == OpKind::Merge && op.operands.len() == 1 {
            let (input, out) = (op.operands[0], op.results[0]);
            f.replace_all_uses(out, input);
            f.erase_op(id);
        }
    }
}

fn br_chains(f: &mut Func) {
    let ids: Vec<OpId> = f.op_ids().to_vec();
    for id in ids {
        let Some(op) = f.op(id) else { continue };
        if op.kind != OpKind::Br {
            continue;
        }
        let mut input = op.operands[0];
        while let Some(d) = f.defining_op(input) {
            match f.op(d) {
                Some(o) if o.kind == OpKind::Br => input = o.operands[0],
                _ => break,
            }
        }
        f.set_operand(id, 0, input);
    }
}

fn duplicate_constants(f: &mut Func) {
    let ids: Vec<OpId> = f.op_ids().to_vec();
    let mut seen: Vec<OpId> = Vec::new();
    for id in ids {
        let Some(op) = f.op(id) else { continue };
        if !matches!(op.kind, OpKind::Constant { .. }) {
            continue;
        }
        let same = seen.iter().copied().find(|&s| {
            f.op(s).is_some_and(|o| {
                o.kind == op.kind
                    && f.ty(o.results[0]) == f.ty(op.results[0])
                    && (o.operands == op.operands
                        || (o.bb == op.bb
                            && is_source(f, o.operands[0])
                            && is_source(f, op.operands[0])))
            })
        });
        match same {
            Some(s) => {
                let (old, new) = (op.results[0], f.results(s)[0]);
                f.replace_all_uses(old, new);
                f.erase_op(id);
            }
            None => seen.push(id),
        }
    }
}

fn is_source(f: &Func, v: crate::handshake::ValueId) -> bool {
    f.defining_op(v)
        .and_then(|d| f.op(d))
        .is_some_and(|o| o.kind == OpKind::Source)
}

fn removable(kind: &OpKind) -> bool {
    !matches!(
        kind,
        OpKind::End
            | OpKind::Return
            | OpKind::Instance { .. }
            | OpKind::Sink
            | OpKind::Load
            | OpKind::Store
            | OpKind::MemController { .. }
            | OpKind::Lsq { .. }
            | OpKind::Bundle
            | OpKind::Unbundle
    )
}

fn dead_ops(f: &mut Func) {
    loop {
        let uses = f.use_lists();
        let dead: Vec<OpId> = f
            .ops()
            .filter(|(_, op)| {
                removable(&op.kind)
                    && op
                        .results
                        .iter()
                        .all(|r| uses.get(r.0 as usize).is_none_or(Vec::is_empty))
            })
            .map(|(id, _)| id)
            .collect();
        if dead.is_empty() {
            return;
        }
        for id in dead {
            f.erase_op(id);
        }
    }
}
