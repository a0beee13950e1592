//! Loop-invariant code motion: pure, non-trapping instructions of a loop whose operands are all
//! defined outside the loop (or already hoisted) move to the loop's preheader, which is created
//! when the header has several entries from outside. Inner loops are processed first, so an
//! invariant can travel out of several loops across runs of the pipeline.

use super::super::analysis::{Cfg, Loop};
use super::super::ir::*;
use std::collections::BTreeSet;

/// Runs the pass.
pub fn run(f: &mut Function) {
    let loops = Cfg::new(f).loops();
    // Innermost (smallest) loops first.
    let mut headers: Vec<(usize, Block)> =
        loops.iter().map(|l| (l.blocks.len(), l.header)).collect();
    headers.sort();
    for (_, h) in headers {
        let cfg = Cfg::new(f);
        let Some(l) = cfg.loops().into_iter().find(|l| l.header == h) else {
            continue;
        };
        hoist(f, &cfg, &l);
    }
}

fn hoist(f: &mut Function, cfg: &Cfg, l: &Loop) {
    // Values defined inside the loop.
    let mut inside: BTreeSet<Value> = BTreeSet::new();
    for &b in &l.blocks {
        inside.extend(f.block(b).params.iter().copied());
        for &i in &f.block(b).insts {
            inside.extend(f.inst(i).result);
        }
    }
    let mut moved = Vec::new();
    for &b in cfg.rpo.iter().filter(|b| l.blocks.contains(b)) {
        let insts = f.blocks[b.index()].insts.clone();
        let mut kept = Vec::new();
        for i in insts {
            let d = f.inst(i);
            let invariant = d.op.is_pure()
                && d.op != Op::Undef
                && d.op.operands().iter().all(|v| !inside.contains(v));
            match (invariant, d.result) {
                (true, Some(r)) => {
                    inside.remove(&r);
                    moved.push(i);
                }
                _ => kept.push(i),
            }
        }
        f.blocks[b.index()].insts = kept;
    }
    if moved.is_empty() {
        return;
    }
    let pre = preheader(f, cfg, l);
    f.blocks[pre.index()].insts.extend(moved);
}

/// The unique block outside the loop that branches only to the header, created if needed.
fn preheader(f: &mut Function, cfg: &Cfg, l: &Loop) -> Block {
    let h = l.header;
    let outside: Vec<Block> = cfg.preds[&h]
        .iter()
        .copied()
        .filter(|p| !l.blocks.contains(p))
        .collect();
    if let [p] = outside[..] {
        if f.block(p).term.successors().len() == 1 {
            return p;
        }
    }
    let pre = super::util::forwarding_block(f, h, f.block(h).term_span);
    for p in outside {
        for t in f.blocks[p.index()].term.targets_mut() {
            if t.block == h {
                t.block = pre;
            }
        }
    }
    pre
}
