//! Induction-variable simplification: exit values of counted loops, and deletion of loops
//! left without effect.
//!
//! For every counted loop ([`super::counted`]: a known start, a pure recurrence, the exit
//! test in the header, found by running the recurrence exactly as the interpreter would)
//! whose header's exit is its only way out, innermost first:
//! 1. **Exit values.** A value of the header used after the loop (outside it, or as an
//!    argument of the exit edge) is replaced by its value at exit, computed in the preheader:
//!    a constant when the exit state gives it (induction variables, anything computed from
//!    them in the header), or `init + Σ e_k` for an accumulator, a header parameter with an
//!    unknown start whose next value is `p + e` or `p - e` (integers) with `e` known in every
//!    state (`x += c`, `s += i`). Sums wrap like the IR's integers.
//! 2. **Deletion.** A loop that, after that, has no store or call, no inner loop, and no value used outside it, is removed: the preheader branches
//!    straight to the exit. Its trip count is finite by construction (the recurrence ran to
//!    its end), so nothing observable is lost.
//!
//! Invariants: replaced values are exactly the loop's results (the counted-loop invariant);
//! SSA stays valid because the new values live in the preheader, which dominates the loop
//! and everything after it, and only uses the header dominates are rewritten.

use super::super::analysis::Cfg;
use super::super::build::remove_unreachable;
use super::super::ir::*;
use super::counted::Counted;
use std::collections::BTreeSet;

/// Runs the pass.
pub fn run(f: &mut Function) {
    // Each loop is tried once; a rewrite changes the analyses, so they are recomputed.
    let mut tried: BTreeSet<Block> = BTreeSet::new();
    loop {
        let cfg = Cfg::new(f);
        let mut loops = cfg.loops();
        // Innermost (smallest) first.
        loops.sort_by_key(|l| (l.blocks.len(), cfg.order[&l.header]));
        let Some(l) = loops.iter().find(|l| tried.insert(l.header)) else {
            return;
        };
        let Some(c) = Counted::find(f, &cfg, l).filter(|c| c.single_exit(f)) else {
            continue;
        };
        let inner = loops
            .iter()
            .any(|o| o.header != c.header && c.blocks.contains(&o.header));
        replace_exit_values(f, &c);
        if !inner && deletable(f, &c) {
            // The exit edge as rewritten, with the exit values as arguments.
            let exit = f
                .block(c.header)
                .term
                .targets()
                .into_iter()
                .find(|t| t.block == c.exit)
                .cloned();
            if let Some(exit) = exit {
                f.block_mut(c.preheader).term = Terminator::Br(exit);
                remove_unreachable(f);
            }
        }
    }
}

/// Replaces every use of a header value after the loop by its exit value when known.
fn replace_exit_values(f: &mut Function, c: &Counted) {
    let h = c.header;
    let last = c.trips();
    let mut candidates: Vec<Value> = f.block(h).params.clone();
    candidates.extend(f.block(h).insts.iter().filter_map(|&i| f.inst(i).result));
    for v in candidates {
        if !used_after(f, c, v) {
            continue;
        }
        let mut work = 0;
        let exit = match c.value_at(f, v, last, &mut work) {
            Some(bits) => {
                let t = f.ty(v);
                let k = match t {
                    Type::F32 => Const::F32(bits as u32),
                    Type::F64 => Const::F64(bits),
                    Type::Int(_) => Const::Int(bits & t.mask()),
                };
                f.push(c.preheader, Op::Const(k), Some(t), None)
            }
            None => accumulated(f, c, v),
        };
        if let Some(new) = exit {
            rewrite_after(f, c, v, new);
        }
    }
}

/// `init + Σ e_k` for an accumulator parameter `v` (see the module doc), pushed to the
/// preheader.
fn accumulated(f: &mut Function, c: &Counted, v: Value) -> Option<Value> {
    let ValueDef::Param(_, j) = f.values[v.index()].def else {
        return None;
    };
    let (j, t) = (j as usize, f.ty(v));
    let ValueDef::Inst(i) = f.values[c.next[j].index()].def else {
        return None;
    };
    let (sub, e) = match f.inst(i).op {
        Op::Bin(BinOp::AddI, a, e) if a == v => (false, e),
        Op::Bin(BinOp::AddI, e, a) if a == v => (false, e),
        Op::Bin(BinOp::SubI, a, e) if a == v => (true, e),
        _ => return None,
    };
    let mut work = 0;
    let mut sum: u64 = 0;
    for k in 0..c.trips() {
        sum = sum.wrapping_add(c.value_at(f, e, k, &mut work)?);
    }
    if sub {
        sum = sum.wrapping_neg();
    }
    let init = c.init[j];
    let span = f.block(c.header).term_span;
    let d = f.push(
        c.preheader,
        Op::Const(Const::Int(sum & t.mask())),
        Some(t),
        span,
    )?;
    f.push(c.preheader, Op::Bin(BinOp::AddI, init, d), Some(t), span)
}

/// True when `v` is used after the loop: outside it, or as an argument of the exit edge.
fn used_after(f: &Function, c: &Counted, v: Value) -> bool {
    let mut found = false;
    visit_after(f, c, &mut |u| found |= u == v);
    found
}

/// Replaces the uses of `v` after the loop by `new`.
fn rewrite_after(f: &mut Function, c: &Counted, v: Value, new: Value) {
    let swap = |u: Value| if u == v { new } else { u };
    for b in f.layout.clone() {
        if c.blocks.contains(&b) {
            continue;
        }
        for i in f.block(b).insts.clone() {
            f.insts[i.index()].op.map_operands(swap);
        }
        f.blocks[b.index()].term.map_operands(swap);
    }
    for t in f.blocks[c.header.index()].term.targets_mut() {
        if t.block == c.exit {
            t.args.iter_mut().for_each(|a| *a = swap(*a));
        }
    }
}

/// Calls `use_` on every value used after the loop.
fn visit_after(f: &Function, c: &Counted, use_: &mut dyn FnMut(Value)) {
    for &b in &f.layout {
        if c.blocks.contains(&b) {
            continue;
        }
        let bd = f.block(b);
        for &i in &bd.insts {
            f.inst(i).op.operands().into_iter().for_each(&mut *use_);
        }
        bd.term.operands().into_iter().for_each(&mut *use_);
    }
    for t in f.block(c.header).term.targets() {
        if t.block == c.exit {
            t.args.iter().copied().for_each(&mut *use_);
        }
    }
}

/// True when removing the loop changes nothing observable (see the module doc).
fn deletable(f: &Function, c: &Counted) -> bool {
    let mut defined: BTreeSet<Value> = BTreeSet::new();
    for &b in &c.blocks {
        let bd = f.block(b);
        defined.extend(bd.params.iter().copied());
        for &i in &bd.insts {
            let d = f.inst(i);
            if matches!(d.op, Op::Store(..) | Op::Call(..)) {
                return false;
            }
            defined.extend(d.result);
        }
    }
    let mut escapes = false;
    visit_after(f, c, &mut |u| escapes |= defined.contains(&u));
    !escapes
}
