//! Arithmetic constant expressions (C11 6.6): the initializers of file-scope constants, where
//! floating operands are allowed (`0.5f * 3`, `2 * M_PI / 64`, `(float)1 / 3`).
//!
//! Integer sub-expressions are left to [`super::consteval`]; this module adds the floating
//! operators `+ - * /`, comparisons, `&&`/`||`, unary `-`/`+`, casts and `?:`. Floating arithmetic is done in the
//! expression's C type (a `float` operation rounds to `float`), as gcc folds it on x86-64.
//! Anything else (a variable, a call, an assignment) is not a constant: `None`.
//! Names of file-scope constants defined earlier (`const int N = 8; const int M = N * 2;`, which
//! gcc folds too) are first replaced by their values with [`substitute_constants`].

use super::ast::{BinOp, Expr, ExprKind, UnOp};
use super::typed::ConstVal;
use super::types::ScalarTy;

/// The value and C type of an arithmetic constant expression, if `e` is one.
pub fn arithmetic_constant(e: &Expr) -> Option<(ConstVal, ScalarTy)> {
    if let Some((v, t)) = super::consteval::eval(e) {
        return Some((ConstVal::Int(v), t));
    }
    match &e.kind {
        ExprKind::Float(v, t) => Some((ConstVal::Float(*v), *t)),
        ExprKind::Unary(UnOp::Plus, a) => arithmetic_constant(a),
        ExprKind::Unary(UnOp::Neg, a) => match arithmetic_constant(a)? {
            (ConstVal::Float(v), t) => Some((ConstVal::Float(-v), t)),
            (ConstVal::Int(_), _) => None,
        },
        ExprKind::Binary(op, a, b) => {
            let (x, tx) = arithmetic_constant(a)?;
            let (y, ty) = arithmetic_constant(b)?;
            let t = ScalarTy::common(tx, ty);
            if !t.is_float() {
                return None;
            }
            let (x, y) = (as_float(x, t), as_float(y, t));
            let truth = |b: bool| Some((ConstVal::Int(b as i128), ScalarTy::I32));
            let r = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::Div => x / y,
                BinOp::Lt => return truth(x < y),
                BinOp::Gt => return truth(x > y),
                BinOp::Le => return truth(x <= y),
                BinOp::Ge => return truth(x >= y),
                BinOp::Eq => return truth(x == y),
                BinOp::Ne => return truth(x != y),
                BinOp::LogAnd => return truth(x != 0.0 && y != 0.0),
                BinOp::LogOr => return truth(x != 0.0 || y != 0.0),
                _ => return None,
            };
            Some((ConstVal::Float(round_to(r, t)), t))
        }
        ExprKind::Cast(ty, a) if !ty.is_array() => {
            let (v, _) = arithmetic_constant(a)?;
            Some((convert(v, ty.scalar), ty.scalar))
        }
        ExprKind::Cond(c, a, b) => {
            let (c, _) = arithmetic_constant(c)?;
            let (x, tx) = arithmetic_constant(a)?;
            let (y, ty) = arithmetic_constant(b)?;
            let t = ScalarTy::common(tx, ty);
            let taken = match c {
                ConstVal::Int(c) => c != 0,
                ConstVal::Float(c) => c != 0.0,
            };
            Some((convert(if taken { x } else { y }, t), t))
        }
        _ => None,
    }
}

/// `e` with every name that `value_of` knows replaced by its constant value.
pub fn substitute_constants(
    e: &Expr,
    value_of: &dyn Fn(&str) -> Option<(ConstVal, ScalarTy)>,
) -> Expr {
    let sub = |a: &Expr| Box::new(substitute_constants(a, value_of));
    let kind = match &e.kind {
        ExprKind::Name(n) => match value_of(n) {
            Some((ConstVal::Int(v), t)) => ExprKind::Int(v, t),
            Some((ConstVal::Float(v), t)) => ExprKind::Float(v, t),
            None => ExprKind::Name(n.clone()),
        },
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, sub(a)),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(*op, sub(a), sub(b)),
        ExprKind::Cond(c, a, b) => ExprKind::Cond(sub(c), sub(a), sub(b)),
        ExprKind::Cast(ty, a) => ExprKind::Cast(ty.clone(), sub(a)),
        other => other.clone(),
    };
    Expr { kind, span: e.span }
}

/// Converts a constant to a scalar type with C semantics (float to integer truncates toward
/// zero; integers wrap to their width).
pub fn convert(v: ConstVal, t: ScalarTy) -> ConstVal {
    match (v, t.is_float()) {
        (ConstVal::Int(i), false) => ConstVal::Int(t.wrap(i)),
        (ConstVal::Int(i), true) => ConstVal::Float(t.int_to_float(i)),
        (ConstVal::Float(f), true) => ConstVal::Float(round_to(f, t)),
        (ConstVal::Float(f), false) if t == ScalarTy::Bool => ConstVal::Int((f != 0.0) as i128),
        (ConstVal::Float(f), false) => ConstVal::Int(t.wrap(f as i128)),
    }
}

fn as_float(v: ConstVal, t: ScalarTy) -> f64 {
    match convert(v, t) {
        ConstVal::Float(f) => f,
        ConstVal::Int(i) => i as f64,
    }
}

/// Rounds a value computed in `f64` to the precision of `t`.
fn round_to(f: f64, t: ScalarTy) -> f64 {
    if t == ScalarTy::F32 {
        f as f32 as f64
    } else {
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Span;

    fn expr(kind: ExprKind) -> Expr {
        Expr {
            kind,
            span: Span::default(),
        }
    }
    fn float(v: f64, t: ScalarTy) -> Expr {
        expr(ExprKind::Float(v, t))
    }
    fn int(v: i128) -> Expr {
        expr(ExprKind::Int(v, ScalarTy::I32))
    }
    fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        expr(ExprKind::Binary(op, Box::new(a), Box::new(b)))
    }

    #[test]
    fn float_operations_round_to_float() {
        // 1/3 in float differs from 1/3 in double rounded once.
        let e = bin(BinOp::Div, float(1.0, ScalarTy::F32), int(3));
        assert_eq!(
            arithmetic_constant(&e),
            Some((ConstVal::Float((1.0f32 / 3.0f32) as f64), ScalarTy::F32))
        );
        let d = bin(BinOp::Div, float(1.0, ScalarTy::F64), int(3));
        assert_eq!(
            arithmetic_constant(&d),
            Some((ConstVal::Float(1.0 / 3.0), ScalarTy::F64))
        );
    }

    #[test]
    fn earlier_constants_are_substituted() {
        let e = bin(BinOp::Add, expr(ExprKind::Name("N".into())), int(2));
        let known = |n: &str| (n == "N").then_some((ConstVal::Int(3), ScalarTy::I32));
        let folded = substitute_constants(&e, &known);
        assert_eq!(
            arithmetic_constant(&folded),
            Some((ConstVal::Int(5), ScalarTy::I32))
        );
    }

    #[test]
    fn float_comparisons_are_int_constants_and_names_are_not_constants() {
        let e = bin(BinOp::Lt, float(1.0, ScalarTy::F64), int(3));
        assert_eq!(
            arithmetic_constant(&e),
            Some((ConstVal::Int(1), ScalarTy::I32))
        );
        let n = bin(
            BinOp::Mul,
            float(2.0, ScalarTy::F64),
            expr(ExprKind::Name("x".into())),
        );
        assert_eq!(arithmetic_constant(&n), None);
    }
}
