//! C scalar types of the accepted subset and the C conversion rules between them.
//!
//! Invariant: every integer type is at most 64 bits wide, so the front end holds integer values
//! (constants, constant expressions) as their exact mathematical value in an `i128`: signed types
//! in their signed range, unsigned ones (including `uint64_t` up to 2^64 - 1) non-negative.
//! Types follow x86-64 Linux (LP64): `long` and `long long` are 64 bits wide.

use std::fmt;

/// A C scalar type of the subset (what an expression or an array element holds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScalarTy {
    /// `_Bool` / `bool`: 0 or 1.
    Bool,
    /// `signed char`, `char`, `int8_t`.
    I8,
    /// `unsigned char`, `uint8_t`.
    U8,
    /// `short`, `int16_t`.
    I16,
    /// `unsigned short`, `uint16_t`.
    U16,
    /// `int`, `int32_t`.
    I32,
    /// `unsigned`, `uint32_t`.
    U32,
    /// `long`, `long long`, `int64_t`.
    I64,
    /// `unsigned long`, `unsigned long long`, `uint64_t`.
    U64,
    /// `float`.
    F32,
    /// `double`.
    F64,
}

impl ScalarTy {
    /// True for the integer types (including `bool`).
    pub fn is_int(self) -> bool {
        !self.is_float()
    }

    /// True for `float` and `double`.
    pub fn is_float(self) -> bool {
        matches!(self, ScalarTy::F32 | ScalarTy::F64)
    }

    /// True for the signed integer types.
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            ScalarTy::I8 | ScalarTy::I16 | ScalarTy::I32 | ScalarTy::I64
        )
    }

    /// Width in bits of the value in the CFG IR (`bool` is one bit).
    pub fn bits(self) -> u32 {
        match self {
            ScalarTy::Bool => 1,
            ScalarTy::I8 | ScalarTy::U8 => 8,
            ScalarTy::I16 | ScalarTy::U16 => 16,
            ScalarTy::I32 | ScalarTy::U32 | ScalarTy::F32 => 32,
            ScalarTy::I64 | ScalarTy::U64 | ScalarTy::F64 => 64,
        }
    }

    /// Size in bytes as C's `sizeof` reports it.
    pub fn size_of(self) -> u32 {
        match self {
            ScalarTy::Bool | ScalarTy::I8 | ScalarTy::U8 => 1,
            ScalarTy::I16 | ScalarTy::U16 => 2,
            ScalarTy::I32 | ScalarTy::U32 | ScalarTy::F32 => 4,
            ScalarTy::I64 | ScalarTy::U64 | ScalarTy::F64 => 8,
        }
    }

    /// The type after the integer promotions (narrow integers become `int`).
    pub fn promote(self) -> ScalarTy {
        match self {
            ScalarTy::Bool | ScalarTy::I8 | ScalarTy::U8 | ScalarTy::I16 | ScalarTy::U16 => {
                ScalarTy::I32
            }
            t => t,
        }
    }

    /// The common type of the usual arithmetic conversions (C11 6.3.1.8): after the integer
    /// promotions the operand of higher rank wins; at equal rank the unsigned one. A signed
    /// 64-bit type can represent every 32-bit unsigned value, so `long long` and `unsigned`
    /// give `long long`.
    pub fn common(a: ScalarTy, b: ScalarTy) -> ScalarTy {
        if a == ScalarTy::F64 || b == ScalarTy::F64 {
            return ScalarTy::F64;
        }
        if a == ScalarTy::F32 || b == ScalarTy::F32 {
            return ScalarTy::F32;
        }
        let (a, b) = (a.promote(), b.promote());
        if a.bits() != b.bits() {
            return if a.bits() > b.bits() { a } else { b };
        }
        if a.is_signed() {
            b
        } else {
            a
        }
    }

    /// The C spelling of the type (with `stdint.h` names for the sized integers).
    pub fn c_name(self) -> &'static str {
        match self {
            ScalarTy::Bool => "_Bool",
            ScalarTy::I8 => "signed char",
            ScalarTy::U8 => "unsigned char",
            ScalarTy::I16 => "short",
            ScalarTy::U16 => "unsigned short",
            ScalarTy::I32 => "int",
            ScalarTy::U32 => "unsigned int",
            ScalarTy::I64 => "long long",
            ScalarTy::U64 => "unsigned long long",
            ScalarTy::F32 => "float",
            ScalarTy::F64 => "double",
        }
    }

    /// The integer `v` converted to this float type, rounded once to nearest-even as x86-64
    /// does, and held exactly in an `f64`.
    pub fn int_to_float(self, v: i128) -> f64 {
        if self == ScalarTy::F32 {
            v as f32 as f64
        } else {
            v as f64
        }
    }

    /// Wraps an integer to this type's range (C conversion to an integer type). For `bool`,
    /// any non-zero value becomes 1.
    pub fn wrap(self, v: i128) -> i128 {
        match self {
            ScalarTy::Bool => (v != 0) as i128,
            ScalarTy::I8 => v as i8 as i128,
            ScalarTy::U8 => v as u8 as i128,
            ScalarTy::I16 => v as i16 as i128,
            ScalarTy::U16 => v as u16 as i128,
            ScalarTy::I32 => v as i32 as i128,
            ScalarTy::U32 => v as u32 as i128,
            ScalarTy::I64 => v as i64 as i128,
            ScalarTy::U64 => v as u64 as i128,
            ScalarTy::F32 | ScalarTy::F64 => v,
        }
    }
}

impl fmt::Display for ScalarTy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.c_name())
    }
}

/// A C object type: a scalar or a fixed-size array of up to four dimensions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CType {
    /// The element (or scalar) type.
    pub scalar: ScalarTy,
    /// Array dimensions, outermost first; empty for a scalar.
    pub dims: Vec<u32>,
}

impl CType {
    /// A scalar type.
    pub fn scalar(scalar: ScalarTy) -> Self {
        CType {
            scalar,
            dims: Vec::new(),
        }
    }

    /// True for arrays.
    pub fn is_array(&self) -> bool {
        !self.dims.is_empty()
    }

    /// Number of scalar elements (1 for a scalar), saturating at `u64::MAX` (the parser
    /// rejects arrays above its element limit, so only its size check sees a saturated count).
    pub fn len(&self) -> u64 {
        self.dims
            .iter()
            .fold(1u64, |n, &d| n.saturating_mul(u64::from(d)))
    }

    /// True when the array has no elements (never for a scalar).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl fmt::Display for CType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.scalar)?;
        for d in &self.dims {
            write!(f, "[{d}]")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::ScalarTy::{self, *};

    #[test]
    fn usual_arithmetic_conversions_rank_64_bit_types_above_32_bit_ones() {
        let common = ScalarTy::common;
        assert_eq!(common(I64, U32), I64);
        assert_eq!(common(U32, I64), I64);
        assert_eq!(common(I64, U64), U64);
        assert_eq!(common(U64, I32), U64);
        assert_eq!(common(I8, I64), I64);
        assert_eq!(common(U16, U32), U32);
        assert_eq!(common(I32, U32), U32);
        assert_eq!(common(U8, I16), I32);
        assert_eq!(common(U64, F32), F32);
    }

    #[test]
    fn wrapping_keeps_exact_64_bit_values() {
        assert_eq!(U64.wrap(-1), u64::MAX as i128);
        assert_eq!(I64.wrap(u64::MAX as i128), -1);
        assert_eq!(I64.wrap(1 << 63), i64::MIN as i128);
        assert_eq!(U32.wrap(1 << 40), 0);
        assert_eq!(U64.int_to_float(u64::MAX as i128), 18446744073709551616.0);
    }
}
