//! Dead code elimination: removes unreachable blocks, instructions whose results are never
//! used (and that have no effect) and block parameters that feed nothing but themselves.
//! Reshaping the control flow (empty blocks, merges) is simplify-CFG's job
//! ([`super::simplify_cfg`]).

use super::super::build::remove_unreachable;
use super::super::ir::*;
use std::collections::{BTreeMap, BTreeSet};

/// Runs the pass.
pub fn run(f: &mut Function) {
    remove_unreachable(f);
    remove_dead(f);
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
