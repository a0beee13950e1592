//! Forward value ranges: an [`Interval`] for every integer channel of a function, by fixed-point
//! iteration over its (cyclic) graph.
//!
//! * Seeds: arguments and the results of units the analysis does not model (memory data,
//!   instances, float conversions) hold any value; constants hold theirs.
//! * A `cond_br` whose condition is a `cmpi` of its data value (looking through forks,
//!   buffers and branches) refines each output by the comparison's outcome: the true output of
//!   `i < n` only carries values below `n`'s maximum. This bounds loop induction variables.
//! * Ascending phase: each result is joined with its previous interval; once a result has
//!   grown [`WIDEN_AFTER`] times, a growing bound jumps to the next *threshold* (a constant of
//!   the function, one more or one less, or a power of two less one or its negation: the
//!   widths stay the same), so the iteration terminates. Then [`NARROWING_ROUNDS`] descending rounds recompute each result from its
//!   operands and keep the intersection, which recovers loop bounds lost to widening.
//!
//! Invariant (soundness): every value a channel can carry in any execution lies in its
//! interval. Unreached values (`None`) and a run that exceeds its step budget fall back to the
//! full range, which is always sound.

use super::interval::{max_signed, min_signed, Interval};
use super::transfer;
use super::{int_width, root};
use crate::handshake::{CmpIPred, Func, OpId, OpKind, ValueId};
use std::collections::{BTreeSet, VecDeque};

/// Growths of one result before its bounds are widened.
const WIDEN_AFTER: u32 = 3;
/// Descending rounds after the fixed point.
const NARROWING_ROUNDS: usize = 3;
/// Operation visits allowed per operation before the analysis gives up (full ranges).
const STEPS_PER_OP: usize = 1000;

/// The interval of every integer channel, indexed by `ValueId` (full range for values the
/// analysis could not bound; `None` for values that are not integer channels).
pub fn analyze(f: &Func) -> Vec<Option<Interval>> {
    let mut a = Analysis::new(f);
    let full = |f: &Func| {
        (0..f.num_values())
            .map(|v| int_width(f, ValueId(v as u32)).map(Interval::full))
            .collect()
    };
    if !a.ascend() {
        return full(f);
    }
    a.descend();
    a.ranges
        .iter()
        .enumerate()
        .map(|(v, r)| {
            let w = int_width(f, ValueId(v as u32))?;
            Some(r.unwrap_or(Interval::full(w)))
        })
        .collect()
}

struct Analysis<'f> {
    f: &'f Func,
    ranges: Vec<Option<Interval>>,
    growths: Vec<u32>,
    thresholds: Vec<i128>,
    uses: Vec<Vec<(OpId, usize)>>,
}

impl<'f> Analysis<'f> {
    fn new(f: &'f Func) -> Self {
        let mut ranges = vec![None; f.num_values()];
        for &a in &f.args {
            if let Some(w) = int_width(f, a) {
                ranges[a.0 as usize] = Some(Interval::full(w));
            }
        }
        // Powers of two bound widths without losing a bit; constants bound loops exactly.
        let mut thresholds: BTreeSet<i128> = (0..=64)
            .flat_map(|k| [(1i128 << k) - 1, -(1i128 << k)])
            .collect();
        for (_, op) in f.ops() {
            if let (OpKind::Constant { value }, Some(&r)) = (&op.kind, op.results.first()) {
                if let Some(c) = int_width(f, r).and_then(|w| transfer::constant(value, w)) {
                    thresholds.extend([c.lo - 1, c.lo, c.lo + 1]);
                }
            }
        }
        // A `cond_br` also reads the operands of the comparison that refines it.
        let mut uses = f.use_lists();
        for (id, op) in f.ops().filter(|(_, op)| op.kind == OpKind::CondBr) {
            let compare = op.operands.first().map(|&c| root(f, c));
            let compare = compare.and_then(|c| f.op(f.defining_op(c)?));
            for &v in compare.map_or(&[][..], |c| c.operands.as_slice()) {
                if let Some(list) = uses.get_mut(v.0 as usize) {
                    list.push((id, usize::MAX));
                }
            }
        }
        Analysis {
            f,
            ranges,
            growths: vec![0; f.num_values()],
            thresholds: thresholds.into_iter().collect(),
            uses,
        }
    }

    fn get(&self, v: ValueId) -> Option<Interval> {
        self.ranges.get(v.0 as usize).copied().flatten()
    }

    /// The ascending phase; false when it ran out of steps.
    fn ascend(&mut self) -> bool {
        let mut queue: VecDeque<OpId> = self.f.op_ids().iter().copied().collect();
        let mut queued: BTreeSet<OpId> = queue.iter().copied().collect();
        let mut budget = STEPS_PER_OP * (self.f.num_ops() + 1);
        while let Some(id) = queue.pop_front() {
            queued.remove(&id);
            if budget == 0 {
                return false;
            }
            budget -= 1;
            let results = self.f.results(id).to_vec();
            let new = self.transfer(id);
            for (&v, r) in results.iter().zip(new) {
                let Some(r) = r else { continue };
                let old = self.get(v);
                let mut next = old.map_or(r, |o| o.join(r));
                if old == Some(next) {
                    continue;
                }
                let slot = v.0 as usize;
                self.growths[slot] += 1;
                if let (Some(o), true) = (old, self.growths[slot] > WIDEN_AFTER) {
                    next = self.widen(o, next, int_width(self.f, v).unwrap_or(64));
                }
                self.ranges[slot] = Some(next);
                for &(user, _) in &self.uses[slot] {
                    if queued.insert(user) {
                        queue.push_back(user);
                    }
                }
            }
        }
        true
    }

    /// Widens `new` (grown from `old`) to the next thresholds within the `w`-bit range.
    fn widen(&self, old: Interval, new: Interval, w: u32) -> Interval {
        let (min, max) = (min_signed(w), max_signed(w));
        let lo = if new.lo < old.lo {
            let below = self.thresholds.iter().rev().find(|&&t| t <= new.lo);
            below.copied().filter(|&t| t >= min).unwrap_or(min)
        } else {
            new.lo
        };
        let hi = if new.hi > old.hi {
            let above = self.thresholds.iter().find(|&&t| t >= new.hi);
            above.copied().filter(|&t| t <= max).unwrap_or(max)
        } else {
            new.hi
        };
        Interval { lo, hi }
    }

    /// The descending phase: each round recomputes every result from its operands and keeps
    /// the intersection with what it had (sound from a post-fixed point).
    fn descend(&mut self) {
        for _ in 0..NARROWING_ROUNDS {
            for &id in self.f.op_ids() {
                let results = self.f.results(id).to_vec();
                let new = self.transfer(id);
                for (&v, r) in results.iter().zip(new) {
                    let slot = v.0 as usize;
                    if let (Some(old), Some(r)) = (self.ranges[slot], r) {
                        self.ranges[slot] = old.meet(r).or(Some(old));
                    }
                }
            }
        }
    }

    /// The result intervals of `id` from the current operand intervals.
    fn transfer(&self, id: OpId) -> Vec<Option<Interval>> {
        let f = self.f;
        let Some(op) = f.op(id) else {
            return Vec::new();
        };
        let ins: Vec<Option<Interval>> = op.operands.iter().map(|&v| self.get(v)).collect();
        let width = |i: usize| op.results.get(i).and_then(|&r| int_width(f, r));
        let w = width(0).unwrap_or(0);
        let operand_width = |i: usize| op.operands.get(i).and_then(|&v| int_width(f, v));
        let joined = |xs: &[Option<Interval>]| xs.iter().flatten().copied().reduce(Interval::join);
        let one = match &op.kind {
            OpKind::Constant { value } => transfer::constant(value, w),
            OpKind::Fork | OpKind::LazyFork | OpKind::Br | OpKind::Buffer(_) => {
                return vec![ins.first().copied().flatten(); op.results.len()]
            }
            OpKind::Merge => joined(&ins),
            OpKind::Mux => joined(ins.get(1..).unwrap_or(&[])),
            OpKind::Select => joined(ins.get(1..).unwrap_or(&[])),
            OpKind::CondBr => return self.cond_br(id),
            OpKind::Load | OpKind::Store => {
                let mut out = vec![ins.first().copied().flatten()];
                out.extend((1..op.results.len()).map(|i| width(i).map(Interval::full)));
                return out;
            }
            OpKind::Bin(b) => match (ins.first(), ins.get(1)) {
                (Some(Some(a)), Some(Some(c))) if width(0).is_some() => {
                    Some(transfer::binary(*b, *a, *c, w))
                }
                _ => None,
            },
            OpKind::Un(u) => match ins.first() {
                Some(Some(a)) if width(0).is_some() => Some(transfer::unary(*u, *a, w)),
                _ => None,
            },
            OpKind::Cast(c) => match (ins.first(), operand_width(0), width(0)) {
                (Some(Some(a)), Some(from), Some(to)) => Some(transfer::cast(*c, *a, from, to)),
                (_, None, Some(to)) => Some(Interval::full(to)),
                _ => None,
            },
            _ => {
                return (0..op.results.len())
                    .map(|i| width(i).map(Interval::full))
                    .collect()
            }
        };
        let mut out = vec![one.filter(|_| width(0).is_some())];
        out.extend((1..op.results.len()).map(|i| width(i).map(Interval::full)));
        out
    }

    /// The outputs of a `cond_br`: its data interval refined by the condition, when the
    /// condition compares the data value.
    fn cond_br(&self, id: OpId) -> Vec<Option<Interval>> {
        let f = self.f;
        let (cond, data) = match f.operands(id) {
            &[c, d] => (c, d),
            _ => return vec![None, None],
        };
        let Some(x) = self.get(data) else {
            return vec![None, None];
        };
        let compare = f.defining_op(root(f, cond)).and_then(|c| f.op(c));
        let refined = compare.and_then(|cmp| {
            let OpKind::CmpI(pred) = cmp.kind else {
                return None;
            };
            let (l, r) = (*cmp.operands.first()?, *cmp.operands.get(1)?);
            let data = root(f, data);
            if root(f, l) == data {
                Some((pred, self.get(r)?))
            } else if root(f, r) == data {
                Some((swap(pred), self.get(l)?))
            } else {
                None
            }
        });
        match refined {
            Some((pred, y)) => vec![refine(x, pred, y), refine(x, negate(pred), y)],
            None => vec![Some(x), Some(x)],
        }
    }
}

/// The values of `x` for which `x pred y` can hold with `y` in its interval (`None`: none).
pub fn refine(x: Interval, pred: CmpIPred, y: Interval) -> Option<Interval> {
    use CmpIPred as P;
    let below = |hi: i128| Interval::new(x.lo, x.hi.min(hi));
    let above = |lo: i128| Interval::new(x.lo.max(lo), x.hi);
    match pred {
        P::Slt => below(y.hi - 1),
        P::Sle => below(y.hi),
        P::Sgt => above(y.lo + 1),
        P::Sge => above(y.lo),
        P::Eq => x.meet(y),
        P::Ne => match y.constant() {
            Some(c) if x.lo == c => Interval::new(x.lo + 1, x.hi),
            Some(c) if x.hi == c => Interval::new(x.lo, x.hi - 1),
            _ => Some(x),
        },
        // An unsigned bound below a non-negative y bounds x from both sides (a negative x is
        // a huge unsigned number).
        P::Ult if y.non_negative() => x.meet(Interval {
            lo: 0,
            hi: y.hi - 1,
        }),
        P::Ule if y.non_negative() => x.meet(Interval { lo: 0, hi: y.hi }),
        P::Ugt if x.non_negative() && y.non_negative() => above(y.lo + 1),
        P::Uge if x.non_negative() && y.non_negative() => above(y.lo),
        _ => Some(x),
    }
}

/// The predicate with its operands swapped (`a < b` is `b > a`).
fn swap(p: CmpIPred) -> CmpIPred {
    use CmpIPred as P;
    match p {
        P::Slt => P::Sgt,
        P::Sle => P::Sge,
        P::Sgt => P::Slt,
        P::Sge => P::Sle,
        P::Ult => P::Ugt,
        P::Ule => P::Uge,
        P::Ugt => P::Ult,
        P::Uge => P::Ule,
        P::Eq | P::Ne => p,
    }
}

/// The predicate that holds exactly when `p` does not.
fn negate(p: CmpIPred) -> CmpIPred {
    use CmpIPred as P;
    match p {
        P::Slt => P::Sge,
        P::Sle => P::Sgt,
        P::Sgt => P::Sle,
        P::Sge => P::Slt,
        P::Ult => P::Uge,
        P::Ule => P::Ugt,
        P::Ugt => P::Ule,
        P::Uge => P::Ult,
        P::Eq => P::Ne,
        P::Ne => P::Eq,
    }
}
