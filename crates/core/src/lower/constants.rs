//! Which constants may be triggered by a `source` instead of their block's control.
//!
//! A source offers a token in every cycle, so a source-triggered constant is an endless
//! stream. That is only correct where each consumer takes one constant exactly when it fires
//! for another reason: a *joining* consumer (arithmetic, comparison, select, the data of a
//! cond_br or a mux, an instance input) that also takes a value which is not such a stream.
//! Constants without users become source-triggered too (canonicalization removes them).
//! Constants are considered in program order, each against the current state of the others.

use super::Names;
use crate::handshake::{Func, OpId, OpKind, Type, ValueId};
use std::collections::BTreeSet;

/// True when `v` is an endless stream (a source or a source-triggered constant).
fn endless(f: &Func, v: ValueId) -> bool {
    let Some(d) = f.defining_op(v) else {
        return false;
    };
    match f.op(d).map(|o| &o.kind) {
        Some(OpKind::Source) => true,
        Some(OpKind::Constant { .. }) => f.operands(d).first().is_some_and(|&t| endless(f, t)),
        _ => false,
    }
}

fn joins(kind: &OpKind, index: usize) -> bool {
    match kind {
        OpKind::Bin(_)
        | OpKind::CmpI(_)
        | OpKind::CmpF(_)
        | OpKind::Select
        | OpKind::Instance { .. } => true,
        OpKind::CondBr | OpKind::Mux => index >= 1,
        _ => false,
    }
}

/// Retriggers the constants in `candidates` (triggered by block controls) by sources where
/// allowed (see the module doc).
pub(super) fn use_sources(f: &mut Func, candidates: &[OpId], names: &mut Names) {
    let candidates: BTreeSet<OpId> = candidates.iter().copied().collect();
    let order: Vec<OpId> = f
        .op_ids()
        .iter()
        .copied()
        .filter(|o| candidates.contains(o))
        .collect();
    for c in order {
        let Some(&r) = f.results(c).first() else {
            continue;
        };
        let ok = f.users(r).iter().all(|&(u, idx)| {
            let Some(op) = f.op(u) else { return false };
            joins(&op.kind, idx)
                && op
                    .operands
                    .iter()
                    .enumerate()
                    .any(|(k, &o)| k != idx && o != r && !endless(f, o))
        });
        if !ok {
            continue;
        }
        let bb = f.op(c).and_then(|o| o.bb);
        let name = names.next("source");
        let src = f.insert_op_before(c, OpKind::Source, vec![], vec![Type::control()]);
        if let Some(op) = f.op_mut(src) {
            op.bb = bb;
            op.name = Some(name);
        }
        let s = f.results(src)[0];
        f.set_operand(c, 0, s);
    }
}
