//! The meaning of each CFG IR operation on raw bits, shared by the interpreter and constant
//! folding so that both agree exactly.
//!
//! Integers are the low bits of their type, zero-extended into a `u64`; `f32` values are their
//! bits in the low 32 bits, `f64` values their 64 bits. Semantics follow C on x86-64 with SSE:
//! wrap-around integer arithmetic, truncating division, shift counts taken modulo the width,
//! float arithmetic in the operand precision, float-to-int conversions giving the "integer
//! indefinite" value when out of range.

use crate::bits::sign_extend;
use crate::cfg::ir::{BinOp, CastOp, CmpPred, Type, UnOp};

/// Why an operation cannot be evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trap {
    /// Integer division or remainder by zero.
    DivByZero,
    /// `INT_MIN / -1` (traps on x86).
    Overflow,
}

fn f32v(v: u64) -> f32 {
    f32::from_bits(v as u32)
}

fn f64v(v: u64) -> f64 {
    f64::from_bits(v)
}

/// A binary operation on operands of type `ty`.
pub fn bin(op: BinOp, ty: Type, a: u64, b: u64) -> Result<u64, Trap> {
    use BinOp::*;
    let bits = ty.bits();
    let mask = ty.mask();
    if ty.is_float() {
        let r = if ty == Type::F32 {
            let (x, y) = (f32v(a), f32v(b));
            (match op {
                AddF => x + y,
                SubF => x - y,
                MulF => x * y,
                _ => x / y,
            })
            .to_bits() as u64
        } else {
            let (x, y) = (f64v(a), f64v(b));
            (match op {
                AddF => x + y,
                SubF => x - y,
                MulF => x * y,
                _ => x / y,
            })
            .to_bits()
        };
        return Ok(r);
    }
    let (sa, sb) = (sign_extend(a, bits), sign_extend(b, bits));
    let r = match op {
        AddI => a.wrapping_add(b),
        SubI => a.wrapping_sub(b),
        MulI => a.wrapping_mul(b),
        DivSI | RemSI => {
            if sb == 0 {
                return Err(Trap::DivByZero);
            }
            if sb == -1 && sa == sign_extend(1 << (bits - 1), bits) && bits > 1 {
                return Err(Trap::Overflow);
            }
            (if op == DivSI { sa / sb } else { sa % sb }) as u64
        }
        DivUI | RemUI => {
            if b == 0 {
                return Err(Trap::DivByZero);
            }
            if op == DivUI {
                a / b
            } else {
                a % b
            }
        }
        AndI => a & b,
        OrI => a | b,
        XOrI => a ^ b,
        ShLI => a << (b % bits as u64),
        ShRSI => (sa >> (b % bits as u64)) as u64,
        ShRUI => a >> (b % bits as u64),
        AddF | SubF | MulF | DivF => 0,
    };
    Ok(r & mask)
}

/// A unary float operation.
pub fn un(op: UnOp, ty: Type, a: u64) -> u64 {
    if ty == Type::F32 {
        let x = f32v(a);
        (if op == UnOp::NegF { -x } else { x.abs() }).to_bits() as u64
    } else {
        let x = f64v(a);
        (if op == UnOp::NegF { -x } else { x.abs() }).to_bits()
    }
}

/// A comparison of two operands of type `ty`.
pub fn cmp(p: CmpPred, ty: Type, a: u64, b: u64) -> bool {
    use CmpPred::*;
    if ty.is_float() {
        let (x, y) = if ty == Type::F32 {
            (f32v(a) as f64, f32v(b) as f64)
        } else {
            (f64v(a), f64v(b))
        };
        let unordered = x.is_nan() || y.is_nan();
        return match p {
            Oeq => !unordered && x == y,
            One => !unordered && x != y,
            Olt => !unordered && x < y,
            Ole => !unordered && x <= y,
            Ogt => !unordered && x > y,
            Oge => !unordered && x >= y,
            Ueq => unordered || x == y,
            Une => unordered || x != y,
            UltF => unordered || x < y,
            UleF => unordered || x <= y,
            UgtF => unordered || x > y,
            UgeF => unordered || x >= y,
            _ => false,
        };
    }
    let bits = ty.bits();
    let (sa, sb) = (sign_extend(a, bits), sign_extend(b, bits));
    match p {
        Eq => a == b,
        Ne => a != b,
        Slt => sa < sb,
        Sle => sa <= sb,
        Sgt => sa > sb,
        Sge => sa >= sb,
        Ult => a < b,
        Ule => a <= b,
        Ugt => a > b,
        Uge => a >= b,
        _ => false,
    }
}

/// The float value of `a` of type `ty` as `f64` (exact).
fn as_f64(ty: Type, a: u64) -> f64 {
    if ty == Type::F32 {
        f32v(a) as f64
    } else {
        f64v(a)
    }
}

/// x86-64 `cvttsd2si` with a 32-bit destination.
fn trunc_i32(x: f64) -> i64 {
    if x.is_nan() || x <= -2147483649.0 || x >= 2147483648.0 {
        i32::MIN as i64
    } else {
        x.trunc() as i64
    }
}

/// x86-64 `cvttsd2si` with a 64-bit destination.
fn trunc_i64(x: f64) -> i64 {
    if x.is_nan() || !(-9.223372036854776e18..9.223372036854776e18).contains(&x) {
        i64::MIN
    } else {
        x.trunc() as i64
    }
}

/// x86-64 code for a `double` to `uint64_t` conversion: `cvttsd2si` below 2^63 (and for NaN,
/// which fails gcc's `x >= 2^63` test), else on `x - 2^63` with the top bit set again.
fn trunc_u64(x: f64) -> u64 {
    const TWO_63: f64 = 9.223372036854776e18;
    if x.is_nan() || x < TWO_63 {
        trunc_i64(x) as u64
    } else {
        trunc_i64(x - TWO_63) as u64 ^ (1 << 63)
    }
}

/// A conversion from `from` to `to`.
pub fn cast(op: CastOp, from: Type, to: Type, a: u64) -> u64 {
    use CastOp::*;
    let mask = to.mask();
    match op {
        ExtSI => sign_extend(a, from.bits()) as u64 & mask,
        ExtUI | TruncI => a & mask,
        SIToFP | UIToFP => {
            let v = if op == SIToFP {
                sign_extend(a, from.bits()) as f64
            } else {
                a as f64
            };
            if to == Type::F32 {
                // Convert from the integer directly so rounding happens once.
                let f = if op == SIToFP {
                    sign_extend(a, from.bits()) as f32
                } else {
                    a as f32
                };
                f.to_bits() as u64
            } else {
                v.to_bits()
            }
        }
        FPToSI if to.bits() > 32 => trunc_i64(as_f64(from, a)) as u64,
        FPToSI => trunc_i32(as_f64(from, a)) as u64 & mask,
        FPToUI => {
            let x = as_f64(from, a);
            let r = match to.bits() {
                64 => trunc_u64(x),
                32 => trunc_i64(x) as u64,
                _ => trunc_i32(x) as u64,
            };
            r & mask
        }
        ExtF => (f32v(a) as f64).to_bits(),
        TruncF => (f64v(a) as f32).to_bits() as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from_f64(op: CastOp, x: f64, to: Type) -> u64 {
        cast(op, Type::F64, to, x.to_bits())
    }

    #[test]
    fn float_to_int_conversions_follow_x86_64() {
        // Values gcc on x86-64 prints for the same conversions of `volatile double`s.
        assert_eq!(
            from_f64(CastOp::FPToSI, 1e12, Type::Int(64)),
            1_000_000_000_000
        );
        assert_eq!(
            from_f64(CastOp::FPToUI, 1e19, Type::Int(64)),
            10_000_000_000_000_000_000
        );
        assert_eq!(from_f64(CastOp::FPToUI, 2e19, Type::Int(64)), 0);
        assert_eq!(from_f64(CastOp::FPToUI, -1.0, Type::Int(64)), u64::MAX);
        assert_eq!(from_f64(CastOp::FPToUI, 3e9, Type::I32), 3_000_000_000);
        assert_eq!(from_f64(CastOp::FPToUI, 3e9, Type::Int(8)), 0);
    }

    const I64: Type = Type::Int(64);

    #[test]
    fn sixty_four_bit_division_and_shifts_follow_c() {
        let big = 0xFFFF_FFFF_0000_0001u64;
        // Unsigned: a divisor above 2^32 and one with the top bit set.
        assert_eq!(bin(BinOp::DivUI, I64, u64::MAX, big), Ok(1));
        assert_eq!(bin(BinOp::RemUI, I64, u64::MAX, big), Ok(u64::MAX - big));
        assert_eq!(bin(BinOp::DivUI, I64, 1 << 63, (1 << 63) + 1), Ok(0));
        // Signed: truncation toward zero with negative operands.
        let neg = |v: i64| v as u64;
        assert_eq!(
            bin(BinOp::DivSI, I64, neg(-7_000_000_000_000), 3),
            Ok(neg(-2_333_333_333_333))
        );
        assert_eq!(
            bin(BinOp::RemSI, I64, neg(-7_000_000_000_000), 3),
            Ok(neg(-1))
        );
        assert_eq!(bin(BinOp::RemSI, I64, 7_000_000_000_001, neg(-2)), Ok(1));
        assert_eq!(
            bin(BinOp::DivSI, I64, 1 << 63, neg(-1)),
            Err(Trap::Overflow)
        );
        // Shifts by 63: arithmetic keeps the sign, logical brings in zeros.
        assert_eq!(bin(BinOp::ShRSI, I64, 1 << 63, 63), Ok(u64::MAX));
        assert_eq!(bin(BinOp::ShRUI, I64, 1 << 63, 63), Ok(1));
        assert_eq!(bin(BinOp::ShLI, I64, 3, 63), Ok(1 << 63));
        assert_eq!(bin(BinOp::MulI, I64, u64::MAX, u64::MAX), Ok(1));
        // Comparisons across the sign bit.
        assert!(cmp(CmpPred::Slt, I64, 1 << 63, 0));
        assert!(cmp(CmpPred::Ugt, I64, 1 << 63, 0));
    }

    #[test]
    fn sixty_four_bit_conversions_round_as_x86_64() {
        // 2^64 - 1 is not a double: rounds to nearest even, 2^64.
        let to_f64 = |op, v: u64| f64::from_bits(cast(op, I64, Type::F64, v));
        assert_eq!(to_f64(CastOp::UIToFP, u64::MAX), 18446744073709551616.0);
        // Doubles near 2^63 are 2048 apart: just above the halfway point rounds up, the
        // halfway point itself to the even neighbour.
        assert_eq!(
            to_f64(CastOp::UIToFP, (1 << 63) + 1025),
            9223372036854777856.0
        );
        assert_eq!(
            to_f64(CastOp::UIToFP, (1 << 63) + 1024),
            9223372036854775808.0
        );
        assert_eq!(to_f64(CastOp::SIToFP, 1 << 63), -9223372036854775808.0);
        // To float directly, so rounding happens once (through double, 2^60 + 2^36 + 1 would
        // first become the halfway point 2^60 + 2^36 and then round down to 2^60).
        let f = cast(CastOp::UIToFP, I64, Type::F32, (1 << 60) + (1 << 36) + 1);
        assert_eq!(f32::from_bits(f as u32), 1152921642045800448.0);
        // Double to 64-bit integers: truncation toward zero, x86-64 outside the range.
        assert_eq!(
            from_f64(CastOp::FPToSI, -2.9e18, I64),
            -2_900_000_000_000_000_000i64 as u64
        );
        assert_eq!(from_f64(CastOp::FPToSI, -0.99, I64), 0);
        assert_eq!(from_f64(CastOp::FPToSI, 1e19, I64), 1 << 63);
        assert_eq!(
            from_f64(CastOp::FPToUI, 1.5e19, I64),
            15_000_000_000_000_000_000
        );
        assert_eq!(from_f64(CastOp::FPToUI, f64::INFINITY, I64), 0);
        assert_eq!(from_f64(CastOp::FPToUI, f64::NAN, I64), 1 << 63);
        assert_eq!(from_f64(CastOp::FPToUI, f64::NEG_INFINITY, I64), 1 << 63);
        // Sign and zero extension from 32 bits.
        assert_eq!(
            cast(CastOp::ExtSI, Type::I32, I64, 0x8000_0000),
            0xFFFF_FFFF_8000_0000
        );
        assert_eq!(
            cast(CastOp::ExtUI, Type::I32, I64, 0x8000_0000),
            0x8000_0000
        );
        assert_eq!(
            cast(CastOp::TruncI, I64, Type::I32, 0x1_2345_6789),
            0x2345_6789
        );
    }
}
