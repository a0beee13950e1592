//! Fewer conversions: an exact value whose consumers all read it at one wider width is
//! produced at that width instead, when that takes fewer conversion units (its producer's
//! operands may then need converting instead; conversions of constants are free, they become
//! constants) and its producer grows by at most [`MAX_GROWTH`] bits (constants by any; exact
//! units such as divisions and multiplications never). `(x & 7) + 1` then computes its mask at
//! the sum's width rather than extending it, and a loop's counter, its increment and its
//! initial constant share one width.
//!
//! Invariant: only exact values are raised, and only when their producer can compute at the
//! raised width from its operands' bits (every operand exact, or at least that wide), so the
//! raised value is still exact; needs only ever grow, so a few rounds settle.

use super::rewrite::{Class, Rewriter};
use super::Need;
use crate::handshake::{Func, OpId, OpKind, ValueId};
use std::collections::BTreeMap;

/// Rounds of raising (each round sees the widths the previous one chose).
const ROUNDS: usize = 4;
/// The most bits a unit grows by to save conversions.
pub(super) const MAX_GROWTH: u32 = 2;

/// Raises the needs of `r` where that saves conversions.
pub(super) fn run(r: &mut Rewriter, f: &Func, classes: &[(OpId, Class)]) {
    let uses = f.use_lists();
    let class_of: BTreeMap<OpId, Class> = classes.iter().copied().collect();
    for _ in 0..ROUNDS {
        let widths: BTreeMap<OpId, Option<u32>> = classes
            .iter()
            .map(|&(id, class)| (id, r.op_width(f, id, class)))
            .collect();
        let mut changed = false;
        for &(id, class) in classes {
            changed |= raise(r, f, id, class, &uses, &class_of, &widths);
        }
        if !changed {
            return;
        }
    }
}

/// Units whose single result may be produced wider.
fn raisable(f: &Func, id: OpId, class: Class) -> bool {
    let single = f.results(id).len() == 1;
    let multiplier = f
        .op(id)
        .is_some_and(|o| o.kind == OpKind::Bin(crate::handshake::BinOp::MulI));
    match class {
        Class::LowBits => single && !multiplier,
        Class::Constant | Class::Pass { .. } => single,
        _ => false,
    }
}

/// Tries to raise the result of `id`; true when it did.
fn raise(
    r: &mut Rewriter,
    f: &Func,
    id: OpId,
    class: Class,
    uses: &[Vec<(OpId, usize)>],
    class_of: &BTreeMap<OpId, Class>,
    widths: &BTreeMap<OpId, Option<u32>>,
) -> bool {
    if !raisable(f, id, class) {
        return false;
    }
    let Some(&v) = f.results(id).first() else {
        return false;
    };
    let Some(need) = r.need(v).filter(|n| n.exact) else {
        return false;
    };
    if r.on_address_path(v) {
        return false;
    }
    // The one width every consumer reads the value at.
    let mut target = None;
    let mut converted = 0;
    for &(user, i) in uses.get(v.0 as usize).map_or(&[][..], Vec::as_slice) {
        let Some(&user_class) = class_of.get(&user) else {
            return false;
        };
        if matches!(user_class, Class::Cast { .. }) {
            return false;
        }
        let w = widths.get(&user).copied().flatten();
        let Some(t) = r.use_width(user, user_class, w, i, v) else {
            continue;
        };
        if target.is_some_and(|x| x != t) {
            return false;
        }
        target = Some(t);
        converted += 1;
    }
    let Some(t) = target.filter(|&t| t > need.width) else {
        return false;
    };
    let old_width = widths.get(&id).copied().flatten();
    r.need[v.0 as usize] = Some(Need {
        width: t,
        exact: true,
    });
    let new_width = r.op_width(f, id, class);
    let before = converted
        + usize::from(old_width != Some(need.width))
        + operand_conversions(r, f, id, class, old_width);
    let after = usize::from(new_width != Some(t)) + operand_conversions(r, f, id, class, new_width);
    let growth = new_width
        .unwrap_or(0)
        .saturating_sub(old_width.unwrap_or(0));
    let small = class == Class::Constant || growth <= MAX_GROWTH;
    let readable = f.operands(id).iter().enumerate().all(|(i, &u)| {
        match (r.use_width(id, class, new_width, i, u), r.need(u)) {
            (Some(w), Some(n)) => n.exact || n.width >= w,
            _ => true,
        }
    });
    if readable && small && after < before {
        return true;
    }
    r.need[v.0 as usize] = Some(need);
    false
}

/// The conversion units unit `id` needs for its operands when it computes at `w` (a
/// conversion of a constant becomes a constant: it costs none).
fn operand_conversions(r: &Rewriter, f: &Func, id: OpId, class: Class, w: Option<u32>) -> usize {
    let is_constant = |u: ValueId| {
        f.defining_op(u)
            .and_then(|d| f.op(d))
            .is_some_and(|o| matches!(o.kind, OpKind::Constant { .. }))
    };
    f.operands(id)
        .iter()
        .enumerate()
        .filter(|&(i, &u)| {
            let target = r.use_width(id, class, w, i, u);
            let actual = r.need(u).map(|n| n.width);
            target.is_some() && target != actual && !is_constant(u)
        })
        .count()
}
