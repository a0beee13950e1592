//! Branches implied by a dominating branch, for simplify-CFG: inside
//! `for (i = 0; i < n; i++)`, `if (i >= n)` is false whatever `n` is.
//!
//! A block `B` ending in `cond_br c2` learns the value of a condition `c1` from a dominator
//! `D` ending in `cond_br c1, T, E` (`T ≠ E`): when `T`'s only predecessor is `D` and `T`
//! dominates `B`, the last execution of `D` before `B` went to `T`, so `c1` is true at `B`
//! (false through `E`). The operands of `c1` keep their values too: their definitions
//! dominate `D`, and running one again would reach `B` without passing `T`. So `c2` is
//! decided when it is `c1`, or an integer comparison of the same two values (in either
//! order) whose outcome the known outcome of `c1` fixes: `i < n` true makes `i >= n` false,
//! `i == n` true makes `i <= n` true; signed and unsigned orders only meet through `==`.
//!
//! Invariant: only the direction of `B`'s branch changes; no value moves.

use super::super::analysis::Cfg;
use super::super::ir::*;

/// Outcomes of comparing `a` with `b`: bits for less, equal, greater.
const LT: u8 = 1;
const EQ: u8 = 2;
const GT: u8 = 4;
const ALL: u8 = LT | EQ | GT;

/// Which order a predicate compares in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    Signed,
    Unsigned,
    /// `==`, `!=`: the same in both.
    Either,
}

/// The outcomes for which the integer predicate `p` holds, and its order.
fn outcomes(p: CmpPred) -> Option<(Order, u8)> {
    use CmpPred::*;
    use Order::*;
    Some(match p {
        Eq => (Either, EQ),
        Ne => (Either, LT | GT),
        Slt => (Signed, LT),
        Sle => (Signed, LT | EQ),
        Sgt => (Signed, GT),
        Sge => (Signed, GT | EQ),
        Ult => (Unsigned, LT),
        Ule => (Unsigned, LT | EQ),
        Ugt => (Unsigned, GT),
        Uge => (Unsigned, GT | EQ),
        _ => return None,
    })
}

/// `LT` and `GT` exchanged: the outcomes of comparing `b` with `a`.
fn mirror(s: u8) -> u8 {
    (s & EQ) | ((s & LT) << 2) | ((s & GT) >> 2)
}

/// The comparison defining `v`, if any.
fn cmp_of(f: &Function, v: Value) -> Option<(CmpPred, Value, Value)> {
    let ValueDef::Inst(i) = f.values[v.index()].def else {
        return None;
    };
    match f.inst(i).op {
        Op::Cmp(p, a, b) => Some((p, a, b)),
        _ => None,
    }
}

/// The value of `c2` when `c1` is known to be `known`, if that decides it.
fn decide(f: &Function, c1: Value, known: bool, c2: Value) -> Option<bool> {
    if c1 == c2 {
        return Some(known);
    }
    let ((p1, a1, b1), (p2, a2, b2)) = (cmp_of(f, c1)?, cmp_of(f, c2)?);
    let ((o1, s1), (o2, mut s2)) = (outcomes(p1)?, outcomes(p2)?);
    if (a1, b1) == (b2, a2) {
        s2 = mirror(s2);
    } else if (a1, b1) != (a2, b2) {
        return None;
    }
    let k = if known { s1 } else { ALL & !s1 };
    let comparable = o1 == o2 || o1 == Order::Either || o2 == Order::Either || k == EQ;
    if !comparable {
        return None;
    }
    if k & !s2 == 0 {
        Some(true)
    } else if k & s2 == 0 {
        Some(false)
    } else {
        None
    }
}

/// The value the condition of `b`'s `cond_br` is known to have, from its dominators.
pub fn known_condition(f: &Function, cfg: &Cfg, b: Block) -> Option<bool> {
    let Terminator::CondBr(c2, ..) = f.block(b).term else {
        return None;
    };
    let mut x = b;
    loop {
        let d = *cfg.idom.get(&x)?;
        if d == x {
            return None;
        }
        if let Terminator::CondBr(c1, t, e) = &f.block(d).term {
            for (succ, known) in [(t.block, true), (e.block, false)] {
                let only_edge = t.block != e.block && cfg.preds[&succ] == [d];
                if only_edge && cfg.dominates(succ, b) {
                    if let Some(v) = decide(f, *c1, known, c2) {
                        return Some(v);
                    }
                }
            }
        }
        x = d;
    }
}
