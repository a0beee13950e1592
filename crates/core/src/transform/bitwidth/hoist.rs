//! Clean-up after the rewriting: a conversion moves above the `br` or `buffer` it reads when
//! it is that unit's only consumer (the unit then carries the converted width), a conversion
//! of an integer constant becomes a constant of the new width, and an `extsi` of a `trunci`
//! it alone reads extends the truncation's operand instead. Loop-entry values
//! (`constant 0 → br → mux`) thereby reach the loop's mux at its width without a conversion.
//!
//! Invariant: branches and buffers pass values unchanged, so converting before or after them
//! is the same value; a moved conversion keeps its consumers. Extending `x` rather than its
//! truncation gives the same bits where the truncation held the whole value, and bits no one
//! reads (above the truncation's) otherwise.

use super::rewrite::cast;
use crate::handshake::{Attr, CastOp, Func, OpId, OpKind};

/// Moves every conversion of `f` above single-consumer branches and buffers, then folds
/// conversions of constants.
pub fn run(f: &mut Func) {
    let casts: Vec<OpId> = f
        .ops()
        .filter(|(_, op)| matches!(op.kind, OpKind::Cast(_)))
        .map(|(id, _)| id)
        .collect();
    for c in casts {
        hoist(f, c);
    }
}

fn hoist(f: &mut Func, c: OpId) {
    let (Some(OpKind::Cast(kind)), Some(&out)) = (f.op(c).map(|o| &o.kind), f.results(c).first())
    else {
        return;
    };
    let kind = *kind;
    for _ in 0..f.num_ops() {
        let Some(&v) = f.operands(c).first() else {
            return;
        };
        let Some(p) = f.defining_op(v) else { return };
        let Some(op) = f.op(p) else { return };
        match op.kind {
            OpKind::Br | OpKind::Buffer(_) if f.users(v).len() == 1 => {
                let (Some(&x), Some(ty)) = (op.operands.first(), f.ty(out).cloned()) else {
                    return;
                };
                // x → c → p → (c's consumers)
                f.set_operand(c, 0, x);
                f.replace_all_uses(out, v);
                f.set_operand(p, 0, out);
                if let Some(value) = f.value_mut(v) {
                    value.ty = ty;
                }
                let bb = f.op(p).and_then(|o| o.bb);
                if let Some(o) = f.op_mut(c) {
                    o.bb = bb.or(o.bb);
                }
            }
            OpKind::Cast(CastOp::TruncI) if kind == CastOp::ExtSI && f.users(v).len() == 1 => {
                let Some(&x) = op.operands.first() else {
                    return;
                };
                let (from, to) = (
                    f.ty(x).map(|t| t.data_width()),
                    f.ty(out).map(|t| t.data_width()),
                );
                match (from, to) {
                    (Some(a), Some(b)) if a < b => {
                        f.set_operand(c, 0, x);
                    }
                    (Some(a), Some(b)) if a == b => {
                        f.replace_all_uses(out, x);
                        f.erase_op(c);
                    }
                    _ => {}
                }
                return;
            }
            OpKind::Constant {
                value: Attr::Int { .. },
            } => {
                let Some(to) = f.ty(out).map(|t| t.data_width()) else {
                    return;
                };
                let folded = cast(f, v, kind, to, c, None);
                f.replace_all_uses(out, folded);
                f.erase_op(c);
                return;
            }
            _ => return,
        }
    }
}
