//! Fixed-width integers held in a `u64`, as every stage keeps them (IR constants,
//! interpreter, simulator, RTL vectors): the mask of a width's low bits, their signed value,
//! and the width that tells `n` things apart.
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

/// The two's-complement signed value of the low `width` bits of `value` (0 for width 0).
pub fn sign_extend(value: u64, width: u32) -> i64 {
    if width == 0 {
        return 0;
    }
    if width >= 64 {
        return value as i64;
    }
    let shift = 64 - width;
    ((value << shift) as i64) >> shift
}

/// How many bits tell `n` things apart (`ceil(log2(n))`, at least 1, at most 64): the
/// width of a select among `n` inputs or of an address into `n` elements.
pub fn bits_for(n: u64) -> u32 {
    let mut w = 1;
    while w < 64 && (1u64 << w) < n {
        w += 1;
    }
    w
}

#[cfg(test)]
mod tests {
    use super::{bits_for, mask, sign_extend};

    #[test]
    fn masks_keep_the_low_bits() {
        assert_eq!(mask(0), 0);
        assert_eq!(mask(1), 1);
        assert_eq!(mask(32), 0xffff_ffff);
        assert_eq!(mask(63), u64::MAX >> 1);
        assert_eq!(mask(64), u64::MAX);
        assert_eq!(mask(65), u64::MAX);
    }

    #[test]
    fn sign_extension_copies_the_top_bit() {
        assert_eq!(sign_extend(0xff, 8), -1);
        assert_eq!(sign_extend(0x7f, 8), 127);
        assert_eq!(sign_extend(1, 1), -1);
        assert_eq!(sign_extend(u64::MAX, 64), -1);
        assert_eq!(sign_extend(5, 0), 0);
    }

    #[test]
    fn bits_for_tells_n_things_apart() {
        assert_eq!(bits_for(0), 1);
        assert_eq!(bits_for(1), 1);
        assert_eq!(bits_for(2), 1);
        assert_eq!(bits_for(3), 2);
        assert_eq!(bits_for(64), 6);
        assert_eq!(bits_for(65), 7);
        assert_eq!(bits_for(u64::MAX), 64);
    }
}
