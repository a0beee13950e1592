//! Floating-point operation values with IEEE-754 binary32/binary64 arithmetic (round to nearest
//! even, as Rust's `f32`/`f64`). Width 32 means `f32`, 64 means `f64`. `fptosi` saturates and
//! maps NaN to 0; `fptoui` computes what C compiled for x86-64 does ([`fp_to_ui`]).

use crate::bits::sign_extend;
use crate::sim::netlist::{FloatOp, FloatPredicate};
use crate::sim::value::{from_f32, from_f64, to_f32, to_f64, truncate};

/// The value of `op` on the operands `a`, `b` of `in_width` bits (`b` ignored for unary
/// operations) as an `out_width`-bit result.
pub fn apply(op: FloatOp, in_width: u32, out_width: u32, a: u64, b: u64) -> u64 {
    let r = match op {
        FloatOp::Cmp(p) => {
            let (x, y) = (as_f64(a, in_width), as_f64(b, in_width));
            u64::from(compare(p, x, y))
        }
        FloatOp::SiToFp => of_f64(
            sign_extend(a, in_width) as f64,
            sign_extend(a, in_width) as f32,
            out_width,
        ),
        FloatOp::UiToFp => of_f64(a as f64, a as f32, out_width),
        FloatOp::FpToSi => {
            let x = as_f64(a, in_width);
            let lo = -(2f64.powi(out_width as i32 - 1));
            let hi = -lo - 1.0;
            if x.is_nan() {
                0
            } else {
                (x.trunc().clamp(lo, hi) as i64) as u64
            }
        }
        FloatOp::FpToUi => fp_to_ui(as_f64(a, in_width), out_width),
        FloatOp::Ext => from_f64(f64::from(to_f32(a))),
        FloatOp::Trunc => from_f32(to_f64(a) as f32),
        _ if in_width == 32 => f32_op(op, to_f32(a), to_f32(b)),
        _ => f64_op(op, to_f64(a), to_f64(b)),
    };
    truncate(r, out_width)
}

/// `fptoui` to `width` bits (before truncation to it): the float rounded toward zero as a signed
/// integer of S = 32 bits (`width` < 32) or 64 bits, which is -2^(S-1) for NaN, ±inf and values
/// outside its range; the caller keeps the low `width` bits. This is what C compiled for x86-64
/// computes (and the interpreter), exact for every value C defines (0 ≤ x < 2^width), and what
/// the `fptoui` RTL units implement (rtl-templates/float.md).
fn fp_to_ui(x: f64, width: u32) -> u64 {
    const TWO_63: f64 = 9.223372036854776e18;
    if width == 64 && x >= TWO_63 {
        // x86-64 converts the upper half through `x - 2^63` and sets the top bit again.
        let t = (x - TWO_63).trunc();
        let low = if t < TWO_63 { t as i64 } else { i64::MIN };
        return low as u64 ^ (1 << 63);
    }
    let s = if width < 32 { 32 } else { 64 };
    let limit = 2f64.powi(s - 1);
    let t = x.trunc();
    let v = if x.is_nan() || t >= limit || t < -limit {
        i64::MIN >> (64 - s)
    } else {
        t as i64
    };
    v as u64
}

/// The operand as an `f64` (exact for `f32` operands).
fn as_f64(bits: u64, width: u32) -> f64 {
    if width == 32 {
        f64::from(to_f32(bits))
    } else {
        to_f64(bits)
    }
}

/// The bit pattern of a conversion result in the output format (each computed directly so
/// that rounding happens once).
fn of_f64(x64: f64, x32: f32, width: u32) -> u64 {
    if width == 32 {
        from_f32(x32)
    } else {
        from_f64(x64)
    }
}

macro_rules! arith {
    ($name:ident, $t:ty, $bits:path) => {
        fn $name(op: FloatOp, x: $t, y: $t) -> u64 {
            let r = match op {
                FloatOp::Add => x + y,
                FloatOp::Sub => x - y,
                FloatOp::Mul => x * y,
                FloatOp::Div => x / y,
                FloatOp::Max if x.is_nan() || y.is_nan() => <$t>::NAN,
                FloatOp::Min if x.is_nan() || y.is_nan() => <$t>::NAN,
                FloatOp::Max => x.max(y),
                FloatOp::Min => x.min(y),
                FloatOp::Neg => -x,
                _ => x.abs(),
            };
            $bits(r)
        }
    };
}
arith!(f32_op, f32, from_f32);
arith!(f64_op, f64, from_f64);

fn compare(p: FloatPredicate, x: f64, y: f64) -> bool {
    let uno = x.is_nan() || y.is_nan();
    match p {
        FloatPredicate::False => false,
        FloatPredicate::Oeq => !uno && x == y,
        FloatPredicate::Ogt => !uno && x > y,
        FloatPredicate::Oge => !uno && x >= y,
        FloatPredicate::Olt => !uno && x < y,
        FloatPredicate::Ole => !uno && x <= y,
        FloatPredicate::One => !uno && x != y,
        FloatPredicate::Ord => !uno,
        FloatPredicate::Ueq => uno || x == y,
        FloatPredicate::Ugt => uno || x > y,
        FloatPredicate::Uge => uno || x >= y,
        FloatPredicate::Ult => uno || x < y,
        FloatPredicate::Ule => uno || x <= y,
        FloatPredicate::Une => uno || x != y,
        FloatPredicate::Uno => uno,
        FloatPredicate::True => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_u(x: f32, width: u32) -> u64 {
        apply(FloatOp::FpToUi, 32, width, from_f32(x), 0)
    }

    #[test]
    fn fptoui_is_exact_in_range_and_follows_x86_outside() {
        assert_eq!(to_u(200.9, 8), 200);
        assert_eq!(to_u(4e9, 32), 4_000_000_000);
        assert_eq!(to_u(-0.5, 8), 0);
        // In the 32-bit signed range: truncated, then the low bits.
        assert_eq!(to_u(300.5, 8), 300 & 0xFF);
        assert_eq!(to_u(-1.0, 8), 0xFF);
        assert_eq!(to_u(-1.0, 32), 0xFFFF_FFFF);
        // Outside it (and NaN, inf): the low bits of the most negative integer.
        assert_eq!(to_u(3e9, 16), 0);
        assert_eq!(to_u(f32::NAN, 32), 0);
        assert_eq!(to_u(f32::INFINITY, 64), 0);
        assert_eq!(
            apply(FloatOp::FpToUi, 64, 64, from_f64(1e19), 0),
            10_000_000_000_000_000_000
        );
        assert_eq!(apply(FloatOp::FpToUi, 64, 64, from_f64(2e19), 0), 0);
    }
}
