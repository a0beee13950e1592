//! Token values of the simulator: every channel carries a `u64` bit pattern of the channel's
//! width (at most 64 bits; control-only channels have width 0 and carry 0). Bits above the width
//! are always 0 in values the simulator produces. Floats travel as their IEEE-754 bit patterns
//! (`f32` in the low 32 bits of a 32-bit channel, `f64` in a 64-bit channel).

use crate::bits::mask;

/// `value` truncated to `width` bits.
pub fn truncate(value: u64, width: u32) -> u64 {
    value & mask(width)
}

/// The `width`-bit two's-complement pattern of `value`.
pub fn from_signed(value: i64, width: u32) -> u64 {
    truncate(value as u64, width)
}

/// The bit pattern of an `f32`.
pub fn from_f32(value: f32) -> u64 {
    u64::from(value.to_bits())
}

/// The `f32` whose bit pattern is the low 32 bits of `bits`.
pub fn to_f32(bits: u64) -> f32 {
    f32::from_bits(bits as u32)
}

/// The bit pattern of an `f64`.
pub fn from_f64(value: f64) -> u64 {
    value.to_bits()
}

/// The `f64` whose bit pattern is `bits`.
pub fn to_f64(bits: u64) -> f64 {
    f64::from_bits(bits)
}

/// Number of hexadecimal digits needed for a `width`-bit value (at least 1).
pub fn hex_digits(width: u32) -> usize {
    (width.max(1) as usize).div_ceil(4)
}
