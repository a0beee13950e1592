//! Evaluation of integer constant expressions on the syntax tree: array sizes, `case` labels,
//! `#if` conditions and global initializers.
//!
//! Arithmetic follows C on the promoted types: values are exact in an `i128` (see `types.rs`),
//! computed with wrapping `i128` operations and wrapped to the result type (32 or 64 bits,
//! signed or unsigned per the usual arithmetic conversions). Because a value is its
//! mathematical value, division, remainder, comparisons and right shifts need no case per
//! signedness. Anything that is not a
//! constant (a variable, a call, a division by zero) yields `None`.

use super::ast::{BinOp, Expr, ExprKind, UnOp};
use super::types::ScalarTy;

/// The value of an integer constant expression, if it is one.
pub fn const_int(e: &Expr) -> Option<i128> {
    eval(e).map(|(v, _)| v)
}

/// The value and C type of an integer constant expression.
pub fn eval(e: &Expr) -> Option<(i128, ScalarTy)> {
    Some(match &e.kind {
        ExprKind::Int(v, t) => (*v, *t),
        ExprKind::Unary(op, a) => {
            let (v, t) = eval(a)?;
            let t = t.promote();
            let r = match op {
                UnOp::Neg => v.wrapping_neg(),
                UnOp::Plus => v,
                UnOp::BitNot => !v,
                UnOp::Not => return Some(((v == 0) as i128, ScalarTy::I32)),
            };
            (t.wrap(r), t)
        }
        ExprKind::Binary(op, a, b) => binary(*op, eval(a)?, eval(b)?)?,
        ExprKind::Cond(c, a, b) => {
            let (c, _) = eval(c)?;
            let (x, tx) = eval(a)?;
            let (y, ty) = eval(b)?;
            let t = ScalarTy::common(tx, ty);
            (t.wrap(if c != 0 { x } else { y }), t)
        }
        ExprKind::Cast(ty, a) if !ty.is_array() && ty.scalar.is_int() => {
            let (v, _) = eval(a)?;
            (ty.scalar.wrap(v), ty.scalar)
        }
        ExprKind::SizeofType(ty) => (
            (ty.len() * ty.scalar.size_of() as u64) as i128,
            ScalarTy::U64,
        ),
        ExprKind::Comma(_, b) => eval(b)?,
        _ => return None,
    })
}

fn binary(
    op: BinOp,
    (a, ta): (i128, ScalarTy),
    (b, tb): (i128, ScalarTy),
) -> Option<(i128, ScalarTy)> {
    use BinOp::*;
    let int = ScalarTy::I32;
    let t = match op {
        Shl | Shr => ta.promote(),
        _ => ScalarTy::common(ta, tb),
    };
    let (a, b) = (t.wrap(a), t.wrap(b));
    let cmp = |r: bool| Some((r as i128, int));
    let r = match op {
        Add => a.wrapping_add(b),
        Sub => a.wrapping_sub(b),
        Mul => a.wrapping_mul(b),
        Div | Rem => {
            // Division by zero and the overflowing `MIN / -1` are undefined: not constants.
            if b == 0 || t.wrap(a / b) != a / b {
                return None;
            }
            if op == Div {
                a / b
            } else {
                a % b
            }
        }
        Shl | Shr => {
            let s = (tb.wrap(b) & (t.bits() as i128 - 1)) as u32;
            if op == Shl {
                a.wrapping_shl(s)
            } else {
                a >> s
            }
        }
        BitAnd => a & b,
        BitOr => a | b,
        BitXor => a ^ b,
        Lt => return cmp(a < b),
        Gt => return cmp(a > b),
        Le => return cmp(a <= b),
        Ge => return cmp(a >= b),
        Eq => return cmp(a == b),
        Ne => return cmp(a != b),
        LogAnd => return cmp(a != 0 && b != 0),
        LogOr => return cmp(a != 0 || b != 0),
    };
    Some((t.wrap(r), t))
}
