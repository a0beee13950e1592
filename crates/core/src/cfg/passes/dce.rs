//! Dead code elimination and CFG cleanup: removes unreachable blocks, instructions whose
//! results are never used (and that have no effect), block parameters that feed nothing but
//! themselves, merges a block into its single predecessor when that predecessor branches
//! only to it, and bypasses empty blocks that only branch on.

use super::super::analysis::Cfg;
use super::super::build::remove_unreachable;
use super::super::ir::*;
use std::collections::{BTreeMap, BTreeSet};

/// Runs the pass.
pub fn run(f: &mut Function) {
    remove_unreachable(f);
    forward_empty_blocks(f);
    merge_blocks(f);
    remove_dead(f);
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

/// Liveness from effects and terminators, then deletion of what is not live.
fn remove_dead(f: &mut Function) {
    let entry = f.entry();
    // Where each block parameter gets its arguments from: (param) -> args.
    let mut param_args: BTreeMap<Value, Vec<Value>> = BTreeMap::new();
    for &b in &f.layout {
        for t in f.block(b).term.targets() {
            let params = &f.block(t.block).params;
            for (p, a) in params.iter().zip(&t.args) {
                param_args.entry(*p).or_default().push(*a);
            }
        }
    }
    let mut live: BTreeSet<Value> = BTreeSet::new();
    let mut work: Vec<Value> = Vec::new();
    for &b in &f.layout {
        let bd = f.block(b);
        for &i in &bd.insts {
            let d = f.inst(i);
            if !d.op.removable() {
                work.extend(d.op.operands());
            }
        }
        let mut term_uses = Vec::new();
        match &bd.term {
            Terminator::CondBr(c, ..) => term_uses.push(*c),
            Terminator::Return(Some(v)) => term_uses.push(*v),
            _ => {}
        }
        work.extend(term_uses);
    }
    for p in &f.block(entry).params {
        live.insert(*p);
    }
    while let Some(v) = work.pop() {
        if !live.insert(v) {
            continue;
        }
        match f.values[v.index()].def {
            ValueDef::Inst(i) => work.extend(f.inst(i).op.operands()),
            ValueDef::Param(..) => {
                if let Some(args) = param_args.get(&v) {
                    work.extend(args.iter().copied());
                }
            }
        }
    }
    for b in f.layout.clone() {
        let insts = f.blocks[b.index()].insts.clone();
        let kept: Vec<Inst> = insts
            .into_iter()
            .filter(|&i| {
                let d = f.inst(i);
                !d.op.removable() || d.result.is_some_and(|r| live.contains(&r))
            })
            .collect();
        f.blocks[b.index()].insts = kept;
        if b == entry {
            continue;
        }
        let mut k = f.block(b).params.len();
        while k > 0 {
            k -= 1;
            if !live.contains(&f.block(b).params[k]) {
                super::util::remove_param(f, b, k);
            }
        }
    }
}

/// Merges `b -> c` when `b` ends in `br c` and `c` has no other predecessor. Merging only
/// renames predecessors (never changes their number), so one analysis serves the whole pass.
fn merge_blocks(f: &mut Function) {
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
