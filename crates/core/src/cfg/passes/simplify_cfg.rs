//! Simplify-CFG: removes branches whose direction is known and straightens the control flow.
//!
//! 1. **Known branches.** `cond_br` on a constant, or to one block twice, becomes `br` (the
//!    constant folder's rule, [`super::const_fold::fold_branches`]). Inside a counted loop
//!    ([`super::counted`]), a `cond_br` outside the header whose condition has the same value
//!    in every iteration the body runs (`if (i < 0)` or `if (i >= N)` in
//!    `for (i = 0; i < N; i++)` with constant bounds) becomes `br` to the side always taken.
//!    The values are those the loop computes (the recurrence is run exactly), so the side
//!    removed is never taken; loops whose body never runs are left alone. And a `cond_br`
//!    whose condition a dominating branch decides ([`super::implied`]: `if (i >= n)` in
//!    `for (i = 0; i < n; i++)`, whatever `n`) becomes `br`.
//! 2. **Empty forwarding blocks.** Branches to an empty block that only branches on go
//!    straight to its target.
//! 3. **Merging.** A block whose single predecessor ends in `br` to it is appended to that
//!    predecessor.
//!
//! Invariants: the entry stays the entry; a block is only removed once nothing branches to
//! it; every rewrite keeps each use dominated by its definition (see each function's doc).

use super::super::analysis::Cfg;
use super::super::build::remove_unreachable;
use super::super::ir::*;
use super::counted::{Counted, MAX_WORK};
use std::collections::{BTreeMap, BTreeSet};

/// Runs the pass.
pub fn run(f: &mut Function) {
    super::const_fold::fold_branches(f);
    fold_loop_branches(f);
    fold_implied_branches(f);
    forward_empty_blocks(f);
    merge_blocks(f);
}

/// Folds the branches of counted loops whose condition is the same in every iteration. A fold
/// changes the control flow, so the analyses are recomputed after each loop that changed.
fn fold_loop_branches(f: &mut Function) {
    let mut tried = BTreeSet::new();
    loop {
        let cfg = Cfg::new(f);
        let loops = cfg.loops();
        let Some(l) = loops.iter().find(|l| tried.insert(l.header)) else {
            return;
        };
        let Some(c) = Counted::find(f, &cfg, l) else {
            continue;
        };
        let mut changed = false;
        let mut work = 0;
        for &b in c.blocks.iter().filter(|&&b| b != c.header) {
            let Terminator::CondBr(cond, t, e) = f.block(b).term.clone() else {
                continue;
            };
            if let Some(v) = invariant(f, &c, cond, &mut work) {
                f.block_mut(b).term = Terminator::Br(if v != 0 { t } else { e });
                changed = true;
            }
        }
        if changed {
            remove_unreachable(f);
        }
    }
}

/// Folds the branches a dominating branch decides. Folding only removes edges, which shrinks
/// predecessor lists and enlarges dominance, so the facts of one analysis stay true while
/// blocks are folded in turn.
fn fold_implied_branches(f: &mut Function) {
    let cfg = Cfg::new(f);
    let mut changed = false;
    for &b in &cfg.rpo {
        let Terminator::CondBr(_, t, e) = f.block(b).term.clone() else {
            continue;
        };
        if let Some(v) = super::implied::known_condition(f, &cfg, b) {
            f.block_mut(b).term = Terminator::Br(if v { t } else { e });
            changed = true;
        }
    }
    if changed {
        remove_unreachable(f);
    }
}

/// The value `v` has in every iteration of the body of `c`, if it is known and the same.
fn invariant(f: &Function, c: &Counted, v: Value, work: &mut usize) -> Option<u64> {
    let first = c.value_at(f, v, 0, work)?;
    for k in 1..c.trips() {
        if c.value_at(f, v, k, work)? != first || *work > MAX_WORK {
            return None;
        }
    }
    (c.trips() > 0 && *work <= MAX_WORK).then_some(first)
}

/// Redirects branches to an empty block `b(params): br c(args)` straight to `c`, with `b`'s
/// parameters replaced by the values the branch passed. Values in `args` that are not `b`'s
/// parameters strictly dominate `b`, hence every predecessor, so the rewrite keeps SSA valid.
fn forward_empty_blocks(f: &mut Function) {
    let entry = f.entry();
    for _ in 0..8 {
        // How often each value is used anywhere: `b`'s parameters may be used only by its own
        // branch (a use further down would lose its definition).
        let mut uses: BTreeMap<Value, usize> = BTreeMap::new();
        for &b in &f.layout {
            let bd = f.block(b);
            let ops = bd.insts.iter().flat_map(|&i| f.inst(i).op.operands());
            for v in ops.chain(bd.term.operands()) {
                *uses.entry(v).or_insert(0) += 1;
            }
        }
        let mut forward: BTreeMap<Block, (Vec<Value>, Target)> = BTreeMap::new();
        for &b in &f.layout {
            let bd = f.block(b);
            let Terminator::Br(t) = &bd.term else {
                continue;
            };
            let own = |p: &Value| t.args.iter().filter(|a| *a == p).count();
            let local = bd
                .params
                .iter()
                .all(|p| uses.get(p).copied().unwrap_or(0) == own(p));
            if b != entry && bd.insts.is_empty() && t.block != b && local {
                forward.insert(b, (bd.params.clone(), t.clone()));
            }
        }
        let mut changed = false;
        for b in f.layout.clone() {
            let mut term = f.blocks[b.index()].term.clone();
            for t in term.targets_mut() {
                let Some((params, next)) = forward.get(&t.block) else {
                    continue;
                };
                if t.block == b || next.block == b {
                    continue;
                }
                let args = next
                    .args
                    .iter()
                    .map(|a| params.iter().position(|p| p == a).map_or(*a, |k| t.args[k]))
                    .collect();
                *t = Target {
                    block: next.block,
                    args,
                };
                changed = true;
            }
            f.blocks[b.index()].term = term;
        }
        if !changed {
            return;
        }
        remove_unreachable(f);
    }
}

/// Merges `b -> c` when `b` ends in `br c` and `c` has no other predecessor. Merging only
/// renames predecessors (never changes their number), so one analysis serves the whole pass.
pub(super) fn merge_blocks(f: &mut Function) {
    let cfg = Cfg::new(f);
    let entry = f.entry();
    let mut removed = BTreeSet::new();
    let mut subst = BTreeMap::new();
    for &b in &cfg.rpo {
        if removed.contains(&b) {
            continue;
        }
        while let Terminator::Br(t) = f.block(b).term.clone() {
            let c = t.block;
            if c == b || c == entry || cfg.preds[&c].len() != 1 || removed.contains(&c) {
                break;
            }
            for (p, a) in f.block(c).params.clone().into_iter().zip(t.args) {
                subst.insert(p, a);
            }
            let cd = std::mem::replace(
                &mut f.blocks[c.index()],
                BlockData {
                    params: Vec::new(),
                    insts: Vec::new(),
                    term: Terminator::Unreachable,
                    term_span: None,
                },
            );
            let bd = &mut f.blocks[b.index()];
            bd.insts.extend(cd.insts);
            bd.term = cd.term;
            bd.term_span = cd.term_span;
            removed.insert(c);
        }
    }
    f.layout.retain(|x| !removed.contains(x));
    f.replace_uses(&subst);
}
