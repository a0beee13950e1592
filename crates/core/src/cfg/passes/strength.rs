//! Strength reduction of integer multiplications by constants: `x * 2^k` becomes `x << k`,
//! `x * (2^a + 2^b)` becomes `(x << a) + (x << b)` and `x * (2^a - 1)` becomes `(x << a) - x`
//! (a shifter and an adder are far cheaper than a multiplier in a circuit). Other constants
//! keep their multiplication.

use super::super::ir::*;
use super::util::{insert_before, int_const};
use crate::diag::Span;

/// Creates an instruction of type `t`, records it in `new` and returns its result.
fn mk(f: &mut Function, new: &mut Vec<Inst>, op: Op, t: Type, span: Option<Span>) -> Value {
    let n = f.make_inst(op, Some(t), span);
    new.push(n);
    f.insts[n.index()].result.expect("has a result")
}

/// `v << k`.
fn shl(f: &mut Function, new: &mut Vec<Inst>, v: Value, k: u32, span: Option<Span>) -> Value {
    let t = f.ty(v);
    let s = mk(f, new, Op::Const(Const::int(k as i64, t)), t, span);
    mk(f, new, Op::Bin(BinOp::ShLI, v, s), t, span)
}

/// The replacement of `v * c`, with the instructions it needs in `new`.
fn reduce(
    f: &mut Function,
    new: &mut Vec<Inst>,
    v: Value,
    c: u64,
    span: Option<Span>,
) -> Option<Op> {
    let t = f.ty(v);
    Some(if c.is_power_of_two() {
        let s = mk(
            f,
            new,
            Op::Const(Const::int(c.trailing_zeros() as i64, t)),
            t,
            span,
        );
        Op::Bin(BinOp::ShLI, v, s)
    } else if c.count_ones() == 2 {
        let (lo, hi) = (c.trailing_zeros(), 63 - c.leading_zeros());
        let a = shl(f, new, v, hi, span);
        let b = if lo == 0 { v } else { shl(f, new, v, lo, span) };
        Op::Bin(BinOp::AddI, a, b)
    } else if (c + 1).is_power_of_two() {
        let a = shl(f, new, v, (c + 1).trailing_zeros(), span);
        Op::Bin(BinOp::SubI, a, v)
    } else {
        return None;
    })
}

/// Runs the pass.
pub fn run(f: &mut Function) {
    for b in f.layout.clone() {
        let mut pos = 0;
        while pos < f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[pos];
            pos += 1;
            let Op::Bin(BinOp::MulI, x, y) = f.insts[i.index()].op else {
                continue;
            };
            let (v, c) = match (int_const(f, x), int_const(f, y)) {
                (_, Some(c)) => (x, c),
                (Some(c), _) => (y, c),
                _ => continue,
            };
            if c <= 1 || c as u64 >= f.ty(v).mask() {
                continue;
            }
            let span = f.insts[i.index()].span;
            let mut new = Vec::new();
            let Some(op) = reduce(f, &mut new, v, c as u64, span) else {
                continue;
            };
            let n = new.len();
            insert_before(f, b, pos - 1, new);
            pos += n;
            f.insts[i.index()].op = op;
        }
    }
}
