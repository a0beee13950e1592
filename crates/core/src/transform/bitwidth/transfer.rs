//! The forward transfer functions of the range analysis: an operation's result intervals
//! from its operands' intervals, exactly as the interpreter computes the values
//! (`interp::eval`: wrapping arithmetic, shift amounts taken modulo the width).
//!
//! Invariant: every result interval contains every value the operation can produce from
//! operands within their intervals; an operation the analysis does not model yields the full
//! range of its result width. `None` operands (not yet reached) give `None` results.

use super::interval::{unsigned_bits, Interval};
use crate::bits::sign_extend;
use crate::handshake::{Attr, BinOp, CastOp, UnOp};

/// The interval of an integer constant of width `w` (`None` for other attributes).
pub fn constant(value: &Attr, w: u32) -> Option<Interval> {
    match value {
        Attr::Int { value, .. } => Some(Interval::exact(sign_extend(*value as u64, w).into())),
        Attr::Bool(b) => Some(Interval::exact(if *b { -1 } else { 0 })),
        _ => None,
    }
}

/// The result interval of binary operation `op` on `w`-bit operands `a`, `b`.
pub fn binary(op: BinOp, a: Interval, b: Interval, w: u32) -> Interval {
    let full = Interval::full(w);
    let both_non_negative = a.non_negative() && b.non_negative();
    match op {
        BinOp::AddI => Interval::fit(a.lo + b.lo, a.hi + b.hi, w),
        BinOp::SubI => Interval::fit(a.lo - b.hi, a.hi - b.lo, w),
        BinOp::MulI => {
            let c = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
            let lo = c.iter().copied().min().unwrap_or(0);
            let hi = c.iter().copied().max().unwrap_or(0);
            Interval::fit(lo, hi, w)
        }
        BinOp::AndI => match (a.non_negative(), b.non_negative()) {
            (true, true) => Interval::fit(0, a.hi.min(b.hi), w),
            (true, false) => Interval::fit(0, a.hi, w),
            (false, true) => Interval::fit(0, b.hi, w),
            (false, false) => full,
        },
        BinOp::OrI | BinOp::XorI if both_non_negative => {
            let bits = unsigned_bits(a.hi.max(b.hi));
            Interval::fit(0, (1i128 << bits) - 1, w)
        }
        BinOp::ShlI => match shift_amount(b, w) {
            Some(c) => Interval::fit(a.lo << c, a.hi << c, w),
            None => full,
        },
        BinOp::ShrSI => match shift_amount(b, w) {
            Some(c) => Interval::fit(a.lo >> c, a.hi >> c, w),
            None => Interval::fit(a.lo.min(0), a.hi.max(0), w),
        },
        BinOp::ShrUI => match shift_amount(b, w) {
            Some(0) => a,
            Some(c) => {
                let u = a.unsigned(w);
                Interval::fit(u.lo >> c, u.hi >> c, w)
            }
            None if a.non_negative() => Interval::fit(0, a.hi, w),
            None => full,
        },
        BinOp::DivSI if both_non_negative => Interval::fit(0, a.hi, w),
        BinOp::DivSI => {
            let m = a.lo.abs().max(a.hi.abs());
            Interval::fit(-m, m, w)
        }
        BinOp::DivUI => Interval::fit(0, a.unsigned(w).hi, w),
        BinOp::RemSI => {
            let m = (b.lo.abs().max(b.hi.abs()) - 1).max(0);
            if a.non_negative() {
                Interval::fit(0, a.hi.min(m), w)
            } else {
                Interval::fit((-m).max(a.lo.min(0)), m.min(a.hi.max(0)), w)
            }
        }
        BinOp::MaxSI => Interval::fit(a.lo.max(b.lo), a.hi.max(b.hi), w),
        BinOp::MinSI => Interval::fit(a.lo.min(b.lo), a.hi.min(b.hi), w),
        BinOp::MaxUI if both_non_negative => Interval::fit(a.lo.max(b.lo), a.hi.max(b.hi), w),
        BinOp::MinUI if both_non_negative => Interval::fit(a.lo.min(b.lo), a.hi.min(b.hi), w),
        _ => full,
    }
}

/// The constant shift amount of `b` (taken modulo `w`, as the hardware and the interpreter
/// do), if `b` is a constant.
fn shift_amount(b: Interval, w: u32) -> Option<u32> {
    let c = b.constant()?;
    let pattern = (c as u128) & u128::from(crate::bits::mask(w));
    u32::try_from(pattern % u128::from(w.max(1))).ok()
}

/// The result interval of unary operation `op` on a `w`-bit operand.
pub fn unary(op: UnOp, a: Interval, w: u32) -> Interval {
    match op {
        UnOp::AbsI if a.non_negative() => a,
        UnOp::AbsI if a.hi <= 0 => Interval::fit(-a.hi, -a.lo, w),
        UnOp::AbsI => Interval::fit(0, (-a.lo).max(a.hi), w),
        UnOp::NotI => Interval::fit(-a.hi - 1, -a.lo - 1, w),
        _ => Interval::full(w),
    }
}

/// The result interval of conversion `op` from a `from`-bit operand to `to` bits.
pub fn cast(op: CastOp, a: Interval, from: u32, to: u32) -> Interval {
    match op {
        CastOp::ExtSI => Interval::fit(a.lo, a.hi, to),
        CastOp::ExtUI => {
            let u = a.unsigned(from);
            Interval::fit(u.lo, u.hi, to)
        }
        CastOp::TruncI => Interval::fit(a.lo, a.hi, to),
        _ => Interval::full(to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(lo: i128, hi: i128) -> Interval {
        Interval { lo, hi }
    }

    #[test]
    fn masks_shifts_and_remainders_bound_the_result() {
        let full = Interval::full(32);
        assert_eq!(
            binary(BinOp::AndI, full, Interval::exact(0xff), 32),
            iv(0, 255)
        );
        assert_eq!(
            binary(BinOp::ShrUI, full, Interval::exact(24), 32),
            iv(0, 255)
        );
        assert_eq!(
            binary(BinOp::ShrSI, full, Interval::exact(24), 32),
            iv(-128, 127)
        );
        assert_eq!(
            binary(BinOp::RemSI, iv(0, 1 << 20), Interval::exact(10), 32),
            iv(0, 9)
        );
        assert_eq!(
            binary(BinOp::RemSI, full, Interval::exact(10), 32),
            iv(-9, 9)
        );
        assert_eq!(cast(CastOp::ExtUI, Interval::full(8), 8, 32), iv(0, 255));
        assert_eq!(cast(CastOp::ExtSI, Interval::full(8), 8, 32), iv(-128, 127));
    }

    #[test]
    fn overflowing_arithmetic_is_full() {
        let full = Interval::full(32);
        assert_eq!(binary(BinOp::AddI, full, Interval::exact(1), 32), full);
        assert_eq!(
            binary(BinOp::MulI, iv(0, 1 << 16), iv(0, 1 << 16), 32),
            full
        );
        assert_eq!(
            binary(BinOp::AddI, iv(0, 99), Interval::exact(1), 32),
            iv(1, 100)
        );
        assert_eq!(unary(UnOp::AbsI, full, 32), full);
        assert_eq!(binary(BinOp::DivSI, full, iv(-1, -1), 32), full);
    }
}
