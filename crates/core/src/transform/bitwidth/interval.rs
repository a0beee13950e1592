//! Integer intervals: the abstract values of the forward range analysis.
//!
//! An [`Interval`] bounds the *signed* (two's-complement) reading of a `w`-bit signless value;
//! bounds are `i128` so that sums and products of 64-bit bounds never overflow. An operation
//! whose exact result leaves the `w`-bit range wraps, so its interval is the full range
//! ([`Interval::fit`]). Invariant: `lo <= hi`, both within the signed range of the width the
//! interval was built for.

use crate::bits::mask;

/// A closed interval `[lo, hi]` of signed values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    /// The smallest value.
    pub lo: i128,
    /// The largest value.
    pub hi: i128,
}

/// The smallest signed `w`-bit value (0 for width 0).
pub fn min_signed(w: u32) -> i128 {
    match w {
        0 => 0,
        _ => -(1i128 << (w.min(64) - 1)),
    }
}

/// The largest signed `w`-bit value (0 for width 0).
pub fn max_signed(w: u32) -> i128 {
    match w {
        0 => 0,
        _ => (1i128 << (w.min(64) - 1)) - 1,
    }
}

impl Interval {
    /// The single value `c`.
    pub fn exact(c: i128) -> Interval {
        Interval { lo: c, hi: c }
    }

    /// Every signed `w`-bit value.
    pub fn full(w: u32) -> Interval {
        Interval {
            lo: min_signed(w),
            hi: max_signed(w),
        }
    }

    /// `[lo, hi]` when it lies within the signed `w`-bit range (the result did not wrap),
    /// else the full range.
    pub fn fit(lo: i128, hi: i128, w: u32) -> Interval {
        if lo < min_signed(w) || hi > max_signed(w) || lo > hi {
            Interval::full(w)
        } else {
            Interval { lo, hi }
        }
    }

    /// `[lo, hi]`, or `None` when it is empty.
    pub fn new(lo: i128, hi: i128) -> Option<Interval> {
        (lo <= hi).then_some(Interval { lo, hi })
    }

    /// The smallest interval holding both.
    pub fn join(self, o: Interval) -> Interval {
        Interval {
            lo: self.lo.min(o.lo),
            hi: self.hi.max(o.hi),
        }
    }

    /// The intersection, `None` when empty.
    pub fn meet(self, o: Interval) -> Option<Interval> {
        Interval::new(self.lo.max(o.lo), self.hi.min(o.hi))
    }

    /// True when every value is non-negative.
    pub fn non_negative(self) -> bool {
        self.lo >= 0
    }

    /// The single value, if there is one.
    pub fn constant(self) -> Option<i128> {
        (self.lo == self.hi).then_some(self.lo)
    }

    /// The values read as unsigned `w`-bit numbers: negative values are `2^w` larger.
    pub fn unsigned(self, w: u32) -> Interval {
        let m = i128::from(mask(w));
        if self.lo >= 0 {
            self
        } else if self.hi < 0 {
            Interval {
                lo: self.lo + m + 1,
                hi: self.hi + m + 1,
            }
        } else {
            Interval { lo: 0, hi: m }
        }
    }

    /// The fewest bits whose two's-complement range holds every value (at least 1).
    pub fn signed_width(self) -> u32 {
        (1..=128)
            .find(|&w| min_signed(w) <= self.lo && self.hi <= max_signed(w))
            .unwrap_or(128)
    }
}

/// The fewest bits holding the non-negative `v` as an unsigned number (0 for 0).
pub fn unsigned_bits(v: i128) -> u32 {
    if v <= 0 {
        0
    } else {
        128 - v.leading_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_count_the_sign_bit() {
        assert_eq!(Interval { lo: 0, hi: 100 }.signed_width(), 8);
        assert_eq!(Interval { lo: -128, hi: 127 }.signed_width(), 8);
        assert_eq!(Interval { lo: -129, hi: 0 }.signed_width(), 9);
        assert_eq!(Interval::exact(0).signed_width(), 1);
        assert_eq!(Interval::exact(-1).signed_width(), 1);
        assert_eq!(Interval::full(32).signed_width(), 32);
        assert_eq!(Interval::full(64).signed_width(), 64);
        assert_eq!(unsigned_bits(255), 8);
        assert_eq!(unsigned_bits(0), 0);
    }

    #[test]
    fn wrapping_results_are_full() {
        assert_eq!(Interval::fit(0, 1 << 31, 32), Interval::full(32));
        assert_eq!(Interval::fit(-5, 5, 32), Interval { lo: -5, hi: 5 });
        assert_eq!(
            Interval { lo: -1, hi: -1 }.unsigned(8),
            Interval::exact(255)
        );
        assert_eq!(
            Interval { lo: -1, hi: 3 }.unsigned(8),
            Interval { lo: 0, hi: 255 }
        );
    }
}
