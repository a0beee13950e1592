//! Integer operation values (`rtl-templates/README.md` §5.1, §5.2): two's complement, results
//! modulo 2^width, defined for every input (division by zero included).

use crate::bits::{mask, sign_extend};
use crate::sim::netlist::{IntOp, IntPredicate};
use crate::sim::value::{from_signed, truncate};

/// The value of `op` on the `in_width`-bit operands `a`, `b` (`b` ignored for unary
/// operations), as an `out_width`-bit result.
pub fn apply(op: IntOp, in_width: u32, out_width: u32, a: u64, b: u64) -> u64 {
    let w = in_width;
    let m = mask(w);
    let (sa, sb) = (sign_extend(a, w), sign_extend(b, w));
    let shift_ok = b < u64::from(w);
    let r = match op {
        IntOp::Add => a.wrapping_add(b),
        IntOp::Sub => a.wrapping_sub(b),
        IntOp::And => a & b,
        IntOp::Or => a | b,
        IntOp::Xor => a ^ b,
        IntOp::Shl => {
            if shift_ok {
                a << b
            } else {
                0
            }
        }
        IntOp::ShrS => from_signed(if shift_ok { sa >> b } else { sa >> 63 }, w),
        IntOp::ShrU => {
            if shift_ok {
                a >> b
            } else {
                0
            }
        }
        IntOp::MaxS => {
            if sa > sb {
                a
            } else {
                b
            }
        }
        IntOp::MaxU => a.max(b),
        IntOp::MinS => {
            if sa < sb {
                a
            } else {
                b
            }
        }
        IntOp::MinU => a.min(b),
        IntOp::Mul => a.wrapping_mul(b),
        IntOp::DivU => a.checked_div(b).unwrap_or(m),
        IntOp::RemU => a.checked_rem(b).unwrap_or(a),
        IntOp::DivS => match sb {
            0 => m,
            -1 => from_signed(sa.wrapping_neg(), w),
            _ => from_signed(sa / sb, w),
        },
        IntOp::RemS => match sb {
            0 => a,
            -1 => 0,
            _ => from_signed(sa % sb, w),
        },
        IntOp::Cmp(p) => u64::from(compare(p, a, b, sa, sb)),
        IntOp::ExtS => from_signed(sa, out_width),
        IntOp::ExtU | IntOp::Trunc => a,
        IntOp::Abs => from_signed(sa.wrapping_abs(), w),
        IntOp::Not => !a,
    };
    truncate(r, out_width)
}

fn compare(p: IntPredicate, a: u64, b: u64, sa: i64, sb: i64) -> bool {
    match p {
        IntPredicate::Eq => a == b,
        IntPredicate::Ne => a != b,
        IntPredicate::Slt => sa < sb,
        IntPredicate::Sle => sa <= sb,
        IntPredicate::Sgt => sa > sb,
        IntPredicate::Sge => sa >= sb,
        IntPredicate::Ult => a < b,
        IntPredicate::Ule => a <= b,
        IntPredicate::Ugt => a > b,
        IntPredicate::Uge => a >= b,
    }
}
