//! Fixed-width integers held in a `u64`: the mask of a width's low bits, which every stage
//! (IR constants, interpreter, simulator, RTL vectors) truncates values with.
//!
//! Invariant: a width of 64 or more keeps all 64 bits.

/// The mask of the low `width` bits (all bits for `width` ≥ 64).
pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::mask;

    #[test]
    fn masks_keep_the_low_bits() {
        assert_eq!(mask(0), 0);
        assert_eq!(mask(1), 1);
        assert_eq!(mask(32), 0xffff_ffff);
        assert_eq!(mask(63), u64::MAX >> 1);
        assert_eq!(mask(64), u64::MAX);
        assert_eq!(mask(65), u64::MAX);
    }
}
