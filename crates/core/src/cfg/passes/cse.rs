//! Common subexpression elimination: a walk of the dominator tree with a scoped table of the
//! pure instructions seen on the path from the entry; an instruction equal to one of them
//! (same operation, operands and type, commutative operands normalized) reuses its result.
//!
//! Loads are merged too, conservatively: a load reuses an earlier load of the same memory
//! and indices, or the value just stored there, when no store or call lies in between.
//! Availability flows within a block and into a successor whose only predecessor it is; any
//! store or call forgets every other remembered load (arrays may alias).

use super::super::analysis::Cfg;
use super::super::ir::*;
use std::collections::BTreeMap;

/// Runs the pass.
pub fn run(f: &mut Function) {
    let cfg = Cfg::new(f);
    let children = cfg.dom_children();
    let mut table: BTreeMap<String, Value> = BTreeMap::new();
    let mut subst: BTreeMap<Value, Value> = BTreeMap::new();
    // (block, keys added in it, entered?)
    let mut loads_at_end: BTreeMap<Block, BTreeMap<(Mem, Vec<Value>), Value>> = BTreeMap::new();
    let mut walk: Vec<(Block, Option<Vec<String>>)> = vec![(f.entry(), None)];
    while let Some((b, added)) = walk.pop() {
        if let Some(keys) = added {
            for k in keys {
                table.remove(&k);
            }
            continue;
        }
        let mut keys = Vec::new();
        let mut kept = Vec::new();
        let mut loads = match cfg.preds[&b][..] {
            [p] if p != b => loads_at_end.get(&p).cloned().unwrap_or_default(),
            _ => BTreeMap::new(),
        };
        for i in f.blocks[b.index()].insts.clone() {
            let resolve = |v: Value| *subst.get(&v).unwrap_or(&v);
            f.insts[i.index()].op.map_operands(resolve);
            let d = f.inst(i);
            match (&d.op, d.result) {
                (Op::Load(m, idx), Some(r)) => {
                    let key = (*m, idx.clone());
                    match loads.get(&key) {
                        Some(&v) => {
                            subst.insert(r, v);
                        }
                        None => {
                            loads.insert(key, r);
                            kept.push(i);
                        }
                    }
                    continue;
                }
                (Op::Store(m, idx, v), _) => {
                    loads.clear();
                    loads.insert((*m, idx.clone()), *v);
                }
                (Op::Call(..), _) => loads.clear(),
                _ => {}
            }
            let (Some(r), true) = (d.result, d.op.is_pure() && d.op != Op::Undef) else {
                kept.push(i);
                continue;
            };
            let key = key_of(&d.op, f.ty(r));
            match table.get(&key) {
                Some(&v) => {
                    subst.insert(r, v);
                }
                None => {
                    table.insert(key.clone(), r);
                    keys.push(key);
                    kept.push(i);
                }
            }
        }
        f.blocks[b.index()].insts = kept;
        loads_at_end.insert(b, loads);
        walk.push((b, Some(keys)));
        for &c in children[&b].iter().rev() {
            walk.push((c, None));
        }
    }
    f.replace_uses(&subst);
}

fn key_of(op: &Op, t: Type) -> String {
    let mut op = op.clone();
    if let Op::Bin(b, x, y) = &mut op {
        if b.commutes() && x > y {
            std::mem::swap(x, y);
        }
    }
    format!("{op:?}:{t}")
}
