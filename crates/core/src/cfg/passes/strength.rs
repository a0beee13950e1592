//! Strength reduction of integer multiplications by constants, only where the result is
//! cheaper than the multiplier, and of divisions and remainders by powers of two.
//!
//! Cost rule: in the timing model a shift by a constant is wiring (no delay, no unit), an
//! add or subtract is one combinational adder (about 1.9 ns at 32 bits) and a multiplier is a
//! pipelined unit of several cycles. So `x * c` is rewritten exactly when `c` (modulo `2^w`,
//! the IR's wrapping integers) is a sum or difference of at most two powers of two below
//! `2^w`, which needs shifts and **at most one** add or subtract:
//! * `c = 2^a`: `x << a`;
//! * `c = 2^a + 2^b` (`a > b`): `(x << a) + (x << b)`;
//! * `c = 2^a - 2^b`: `(x << a) - (x << b)` (`2^a - 1` gives `(x << a) - x`, and negative
//!   constants `-2^b = 2^b - 2^(b+1)` give `(x << b) - (x << (b+1))`).
//!
//! A shift by 0 is `x` itself. Sums are preferred to differences, so existing rewrites keep
//! their form. Other constants keep their multiplication: two or more adders in a chain are
//! not obviously cheaper than the pipelined multiplier. `c = 0` and `c = 1` are the constant
//! folder's.
//!
//! A divider is a pipelined unit of dozens of cycles and thousands of LUTs; by `2^k`
//! (`1 <= k`, and `k <= w - 2` when signed) it is replaced by shifts and at most two adders
//! (see [`reduce_division`]). A signed division of a value that is never negative is an
//! unsigned one: a counted loop's header parameter whose every state is known and has its
//! sign bit clear (a loop counter from 0 up, `i % 8`) needs no bias and no adder.

use super::super::analysis::Cfg;
use super::super::ir::*;
use super::counted::Counted;
use super::util::{insert_before, int_const};
use crate::diag::Span;
use std::collections::BTreeSet;

/// How `x * c` is rewritten.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `x << a`.
    Shift(u32),
    /// `(x << a) + (x << b)`.
    Add(u32, u32),
    /// `(x << a) - (x << b)`.
    Sub(u32, u32),
}

/// The form of a multiplication by `c` at width `w` (see the module doc).
fn form(c: u64, w: u32) -> Option<Form> {
    let m = crate::bits::mask(w);
    let c = c & m;
    if c <= 1 {
        return None;
    }
    let pow = |a: u32| 1u64 << a;
    if c.is_power_of_two() {
        return Some(Form::Shift(c.trailing_zeros()));
    }
    if c.count_ones() == 2 {
        return Some(Form::Add(63 - c.leading_zeros(), c.trailing_zeros()));
    }
    (0..w)
        .flat_map(|a| (0..w).map(move |b| (a, b)))
        .find(|&(a, b)| a != b && pow(a).wrapping_sub(pow(b)) & m == c)
        .map(|(a, b)| Form::Sub(a, b))
}

/// Creates an instruction of type `t`, records it in `new` and returns its result.
fn mk(f: &mut Function, new: &mut Vec<Inst>, op: Op, t: Type, span: Option<Span>) -> Value {
    let n = f.make_inst(op, Some(t), span);
    new.push(n);
    f.insts[n.index()].result.expect("has a result")
}

/// `v << k` (`v` itself for `k = 0`).
fn shl(f: &mut Function, new: &mut Vec<Inst>, v: Value, k: u32, span: Option<Span>) -> Value {
    if k == 0 {
        return v;
    }
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
    Some(match form(c, t.bits())? {
        Form::Shift(a) => {
            let s = mk(f, new, Op::Const(Const::int(a as i64, t)), t, span);
            Op::Bin(BinOp::ShLI, v, s)
        }
        Form::Add(a, b) => {
            let (x, y) = (shl(f, new, v, a, span), shl(f, new, v, b, span));
            Op::Bin(BinOp::AddI, x, y)
        }
        Form::Sub(a, b) => {
            let (x, y) = (shl(f, new, v, a, span), shl(f, new, v, b, span));
            Op::Bin(BinOp::SubI, x, y)
        }
    })
}

/// The header parameters of counted loops that are never negative: every state of the
/// parameter is known (see [`Counted`]) and has its sign bit clear at the parameter's width.
fn never_negative(f: &Function) -> BTreeSet<Value> {
    let cfg = Cfg::new(f);
    let mut found = BTreeSet::new();
    for l in cfg.loops() {
        let Some(c) = Counted::find(f, &cfg, &l) else {
            continue;
        };
        for (j, &p) in f.block(c.header).params.iter().enumerate() {
            let Type::Int(w) = f.ty(p) else {
                continue;
            };
            let sign = 1u64 << (w as u32 - 1);
            if c.states.iter().all(|s| s[j].is_some_and(|v| v & sign == 0)) {
                found.insert(p);
            }
        }
    }
    found
}

/// The replacement of `x / 2^k` or `x % 2^k` (`op` one of the four divisions), with the
/// instructions it needs in `new`:
/// * unsigned, or signed with `x` never negative: `x >>u k` and `x & (2^k - 1)`;
/// * signed, rounding toward zero: with `bias = (x >>s (w-1)) >>u (w-k)` (`2^k - 1` when `x`
///   is negative, else 0), `(x + bias) >>s k` and `x - ((x + bias) & -2^k)`.
fn reduce_division(
    f: &mut Function,
    new: &mut Vec<Inst>,
    op: BinOp,
    (x, non_negative): (Value, bool),
    c: u64,
    span: Option<Span>,
) -> Option<Op> {
    let t = f.ty(x);
    let w = t.bits();
    let c = c & crate::bits::mask(w);
    let signed = matches!(op, BinOp::DivSI | BinOp::RemSI);
    if !c.is_power_of_two() || c == 1 || (signed && c.trailing_zeros() >= w - 1) {
        return None;
    }
    let k = c.trailing_zeros();
    let konst = |f: &mut Function, new: &mut Vec<Inst>, n: i64| {
        mk(f, new, Op::Const(Const::int(n, t)), t, span)
    };
    let op = match op {
        BinOp::DivSI if non_negative => BinOp::DivUI,
        BinOp::RemSI if non_negative => BinOp::RemUI,
        op => op,
    };
    Some(match op {
        BinOp::DivUI => Op::Bin(BinOp::ShRUI, x, konst(f, new, k as i64)),
        BinOp::RemUI => Op::Bin(BinOp::AndI, x, konst(f, new, (c - 1) as i64)),
        _ => {
            let sign_shift = konst(f, new, (w - 1) as i64);
            let sign = mk(f, new, Op::Bin(BinOp::ShRSI, x, sign_shift), t, span);
            let bias_shift = konst(f, new, (w - k) as i64);
            let bias = mk(f, new, Op::Bin(BinOp::ShRUI, sign, bias_shift), t, span);
            let biased = mk(f, new, Op::Bin(BinOp::AddI, x, bias), t, span);
            if op == BinOp::DivSI {
                Op::Bin(BinOp::ShRSI, biased, konst(f, new, k as i64))
            } else {
                let low_mask = konst(f, new, -(c as i64));
                let rounded = mk(f, new, Op::Bin(BinOp::AndI, biased, low_mask), t, span);
                Op::Bin(BinOp::SubI, x, rounded)
            }
        }
    })
}

/// Runs the pass.
pub fn run(f: &mut Function) {
    let never_negative = never_negative(f);
    for b in f.layout.clone() {
        let mut pos = 0;
        while pos < f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[pos];
            pos += 1;
            let Op::Bin(op, x, y) = f.insts[i.index()].op else {
                continue;
            };
            let span = f.insts[i.index()].span;
            let mut new = Vec::new();
            let replacement = match (op, int_const(f, x), int_const(f, y)) {
                (BinOp::MulI, _, Some(c)) => reduce(f, &mut new, x, c as u64, span),
                (BinOp::MulI, Some(c), _) => reduce(f, &mut new, y, c as u64, span),
                (BinOp::DivSI | BinOp::DivUI | BinOp::RemSI | BinOp::RemUI, _, Some(c)) => {
                    let dividend = (x, never_negative.contains(&x));
                    reduce_division(f, &mut new, op, dividend, c as u64, span)
                }
                _ => None,
            };
            let Some(replacement) = replacement else {
                continue;
            };
            let n = new.len();
            insert_before(f, b, pos - 1, new);
            pos += n;
            f.insts[i.index()].op = replacement;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{form, Form};

    #[test]
    fn forms_need_at_most_one_adder() {
        assert_eq!(form(8, 32), Some(Form::Shift(3)));
        assert_eq!(form(10, 32), Some(Form::Add(3, 1)));
        assert_eq!(form(3, 32), Some(Form::Add(1, 0)));
        assert_eq!(form(7, 32), Some(Form::Sub(3, 0)));
        assert_eq!(form(14, 32), Some(Form::Sub(4, 1)));
        assert_eq!(form(-4i64 as u64, 32), Some(Form::Sub(2, 3)));
        assert_eq!(form(-1i64 as u64, 16), Some(Form::Sub(0, 1)));
        assert_eq!(form(-6i64 as u64, 32), Some(Form::Sub(1, 3)));
        assert_eq!(form(1 << 31, 32), Some(Form::Shift(31)));
        // At 64 bits: the top bit, a constant above 2^32 and -1 (2^0 - 2^1).
        assert_eq!(form(1 << 63, 64), Some(Form::Shift(63)));
        assert_eq!(form((1 << 40) + 1, 64), Some(Form::Add(40, 0)));
        assert_eq!(form(u64::MAX, 64), Some(Form::Sub(0, 1)));
        assert_eq!(form(0x1_0000_0001 * 3, 64), None);
        // Three or more powers of two would need a chain of adders.
        assert_eq!(form(11, 32), None);
        assert_eq!(form(77, 32), None);
        assert_eq!(form(0, 32), None);
        assert_eq!(form(1, 32), None);
    }
}
