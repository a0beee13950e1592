//! Bitwidth optimization (`optimize-bitwidths`, Dynamatic's `handshake-optimize-bitwidths`):
//! narrows every integer unit and channel to the bits its values need.
//!
//! Two analyses, then a rewriting:
//! * [`ranges`]: forward value ranges (constants, masks, shifts, remainders, extensions,
//!   loop induction variables bounded by their exit comparison), a fixed point with widening;
//! * [`demand`]: backward demanded bits (truncations, masks, memory addresses);
//! * [`rewrite`]: every value produced by an arithmetic, logic, constant, merge, mux, branch,
//!   fork or buffer unit gets the width of its [`Need`]; each unit computes at a width that
//!   preserves its wrapping semantics, and explicit `extsi`/`trunci` conversions join values
//!   of different widths;
//! * [`coalesce`]: an exact value all of whose consumers read it wider is produced wider
//!   when that saves conversion units;
//! * [`hoist`]: conversions move above single-consumer branches and buffers and fold into
//!   constants.
//!
//! A narrowed value of width `w` always holds the **low `w` bits** of the value the unit
//! computed before narrowing. It is *exact* when those bits, sign-extended, give the whole
//! value back (its range fits `w` signed bits); otherwise only the low `w` bits are ever read
//! (its demand is `w`). Width-preserving rules:
//! * `addi`, `subi`, `muli`, `andi`, `ori`, `xori`, `not`, `shli` compute at their result's
//!   width from their operands' low bits (`shli` also needs room for its shift amount);
//! * comparisons, divisions, remainders, right shifts, min/max and `absi` compute exactly, at
//!   a width holding every operand's and the result's range, then truncate;
//! * merges, muxes, branches, forks, buffers and selects take their result's width.
//!
//! Invariants: function arguments and results, memory data, memory-controller control ports,
//! instances and every floating-point unit keep their types (the kernel's interface never
//! changes); the addresses of each memory become exactly `bits_for(size)` bits; the result
//! verifies; every value holds the same low bits as before, so outputs are unchanged. The
//! driver runs it before materialization (a new constant shares its trigger).
//! Unreachable and unknown values are treated as holding any value.

mod coalesce;
pub mod demand;
mod hoist;
pub mod interval;
pub mod memory;
pub mod ranges;
mod rewrite;
pub mod transfer;

use crate::handshake::{Func, OpKind, RawType, ValueId};
use interval::Interval;

/// The width a value is narrowed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need {
    /// Its width in bits.
    pub width: u32,
    /// Whether the width holds the whole value (sign-extending it gives the value back);
    /// otherwise only the low `width` bits are ever read.
    pub exact: bool,
}

impl Need {
    /// The need of a value with interval `range` of which `demand` bits are read, at most
    /// `cap` bits wide.
    pub fn of(range: Interval, demand: u32, cap: u32) -> Need {
        let s = range.signed_width();
        let width = s.min(demand).min(cap).max(1);
        Need {
            width,
            exact: width >= s,
        }
    }

    /// A value that keeps its `width`.
    pub fn fixed(width: u32) -> Need {
        Need { width, exact: true }
    }
}

/// The analyses of one function.
pub struct Analysis {
    /// The interval of each integer channel, by `ValueId`.
    pub ranges: Vec<Option<Interval>>,
    /// The demanded bits of each value, by `ValueId`.
    pub demand: Vec<u32>,
    /// The address widths of memory accesses.
    pub addresses: memory::AddressWidths,
}

impl Analysis {
    /// Runs both analyses on `f`.
    pub fn of(f: &Func) -> Analysis {
        let addresses = memory::address_widths(f);
        Analysis {
            ranges: ranges::analyze(f),
            demand: demand::analyze(f, &addresses),
            addresses,
        }
    }

    /// The interval of `v` (the full range of `w` bits if unknown).
    pub fn range(&self, v: ValueId, w: u32) -> Interval {
        self.ranges
            .get(v.0 as usize)
            .copied()
            .flatten()
            .unwrap_or(Interval::full(w))
    }

    /// The demanded bits of `v`.
    pub fn demand(&self, v: ValueId) -> u32 {
        self.demand.get(v.0 as usize).copied().unwrap_or(u32::MAX)
    }
}

/// Narrows every function with a body.
pub fn run(f: &mut Func) {
    if !f.has_body {
        return;
    }
    let analysis = Analysis::of(f);
    rewrite::rewrite(f, &analysis);
    hoist::run(f);
    super::canonicalize::run(f);
}

/// The width of an integer channel (`None` for other values).
pub fn int_width(f: &Func, v: ValueId) -> Option<u32> {
    match f.ty(v)?.data() {
        Some(RawType::Int(w)) => Some(w),
        _ => None,
    }
}

/// The value `v` copies, looking through forks, buffers and branches.
pub fn root(f: &Func, mut v: ValueId) -> ValueId {
    for _ in 0..f.num_ops() + 1 {
        let Some(op) = f.defining_op(v).and_then(|d| f.op(d)) else {
            return v;
        };
        match op.kind {
            OpKind::Fork | OpKind::LazyFork | OpKind::Br | OpKind::Buffer(_) => {
                match op.operands.first() {
                    Some(&x) => v = x,
                    None => return v,
                }
            }
            _ => return v,
        }
    }
    v
}
