//! Control-flow analyses over a function: predecessors, reverse post-order, dominators
//! (Cooper–Harvey–Kennedy), dominance frontiers and natural loops; and the values that may be
//! undefined ([`maybe_undef`]).
//!
//! Analyses are plain values computed from a function; passes recompute them after changing
//! the control flow. Only blocks reachable from the entry take part.

use super::ir::{Block, Function, Op, Value};
use std::collections::{BTreeMap, BTreeSet};

/// Control-flow facts of one function.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// Reachable blocks in reverse post-order (entry first).
    pub rpo: Vec<Block>,
    /// Position of each reachable block in `rpo`.
    pub order: BTreeMap<Block, usize>,
    /// Predecessors of each reachable block (with multiplicity, in a stable order).
    pub preds: BTreeMap<Block, Vec<Block>>,
    /// Immediate dominator of each reachable block (the entry maps to itself).
    pub idom: BTreeMap<Block, Block>,
}

impl Cfg {
    /// Computes the analyses.
    pub fn new(f: &Function) -> Cfg {
        let entry = f.entry();
        let mut post = Vec::new();
        let mut seen = BTreeSet::new();
        let mut stack = vec![(entry, 0usize)];
        seen.insert(entry);
        while let Some(&mut (b, ref mut i)) = stack.last_mut() {
            // Visit successors last-first so the first successor comes first in the order.
            let succs = f.block(b).term.successors();
            if let Some(&s) = succs.iter().rev().nth(*i) {
                *i += 1;
                if seen.insert(s) {
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        let rpo: Vec<Block> = post.into_iter().rev().collect();
        let order: BTreeMap<Block, usize> = rpo.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let mut preds: BTreeMap<Block, Vec<Block>> = rpo.iter().map(|&b| (b, Vec::new())).collect();
        for &b in &rpo {
            for s in f.block(b).term.successors() {
                preds
                    .get_mut(&s)
                    .expect("successor of a reachable block")
                    .push(b);
            }
        }
        let idom = dominators(&rpo, &order, &preds);
        Cfg {
            rpo,
            order,
            preds,
            idom,
        }
    }

    /// True when `b` is reachable from the entry.
    pub fn reachable(&self, b: Block) -> bool {
        self.order.contains_key(&b)
    }

    /// True when `a` dominates `b` (both reachable).
    pub fn dominates(&self, a: Block, mut b: Block) -> bool {
        loop {
            if a == b {
                return true;
            }
            let Some(&d) = self.idom.get(&b) else {
                return false;
            };
            if d == b {
                return false;
            }
            b = d;
        }
    }

    /// Children of each block in the dominator tree, in reverse post-order.
    pub fn dom_children(&self) -> BTreeMap<Block, Vec<Block>> {
        let mut ch: BTreeMap<Block, Vec<Block>> =
            self.rpo.iter().map(|&b| (b, Vec::new())).collect();
        for &b in &self.rpo {
            let d = self.idom[&b];
            if d != b {
                ch.get_mut(&d).expect("reachable").push(b);
            }
        }
        ch
    }

    /// The dominance frontier of every reachable block.
    pub fn frontiers(&self) -> BTreeMap<Block, BTreeSet<Block>> {
        let mut df: BTreeMap<Block, BTreeSet<Block>> =
            self.rpo.iter().map(|&b| (b, BTreeSet::new())).collect();
        for &b in &self.rpo {
            let ps = &self.preds[&b];
            if ps.len() < 2 {
                continue;
            }
            for &p in ps {
                let mut runner = p;
                while runner != self.idom[&b] {
                    df.get_mut(&runner).expect("reachable").insert(b);
                    let next = self.idom[&runner];
                    if next == runner {
                        break;
                    }
                    runner = next;
                }
            }
        }
        df
    }

    /// Natural loops, outermost first (by header order), merging loops sharing a header.
    pub fn loops(&self) -> Vec<Loop> {
        let mut by_header: BTreeMap<Block, BTreeSet<Block>> = BTreeMap::new();
        for &b in &self.rpo {
            for &p in &self.preds[&b] {
                if self.dominates(b, p) {
                    // p -> b is a back edge: collect the body.
                    let body = by_header.entry(b).or_insert_with(|| BTreeSet::from([b]));
                    let mut work = vec![p];
                    while let Some(x) = work.pop() {
                        if body.insert(x) {
                            work.extend(self.preds[&x].iter().copied());
                        }
                    }
                }
            }
        }
        let mut loops: Vec<Loop> = by_header
            .into_iter()
            .map(|(header, blocks)| Loop { header, blocks })
            .collect();
        loops.sort_by_key(|l| (std::cmp::Reverse(l.blocks.len()), self.order[&l.header]));
        loops
    }
}

/// A natural loop.
#[derive(Clone, Debug)]
pub struct Loop {
    /// The header (target of the back edges, dominates the body).
    pub header: Block,
    /// Every block of the loop, the header included.
    pub blocks: BTreeSet<Block>,
}

/// The values that may be undefined when computed: `undef` results, block parameters that may
/// receive one, and results of operations on one (the interpreter rejects such an operation,
/// so a pass must not make it run where it did not). Loads are never undefined here: reading
/// an uninitialized element is an error where the load is.
pub fn maybe_undef(f: &Function) -> BTreeSet<Value> {
    let mut undef = BTreeSet::new();
    loop {
        let before = undef.len();
        for &b in &f.layout {
            let bd = f.block(b);
            for &i in &bd.insts {
                let d = f.inst(i);
                let derived = d.op == Op::Undef
                    || (d.op.is_pure() && d.op.operands().iter().any(|v| undef.contains(v)));
                if let (true, Some(r)) = (derived, d.result) {
                    undef.insert(r);
                }
            }
            for t in bd.term.targets() {
                for (&a, &p) in t.args.iter().zip(&f.block(t.block).params) {
                    if undef.contains(&a) {
                        undef.insert(p);
                    }
                }
            }
        }
        if undef.len() == before {
            return undef;
        }
    }
}

fn dominators(
    rpo: &[Block],
    order: &BTreeMap<Block, usize>,
    preds: &BTreeMap<Block, Vec<Block>>,
) -> BTreeMap<Block, Block> {
    let mut idom: Vec<Option<usize>> = vec![None; rpo.len()];
    if rpo.is_empty() {
        return BTreeMap::new();
    }
    idom[0] = Some(0);
    let mut changed = true;
    while changed {
        changed = false;
        for i in 1..rpo.len() {
            let mut new: Option<usize> = None;
            for p in &preds[&rpo[i]] {
                let pi = order[p];
                if idom[pi].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => pi,
                    Some(n) => intersect(&idom, pi, n),
                });
            }
            if new.is_some() && idom[i] != new {
                idom[i] = new;
                changed = true;
            }
        }
    }
    rpo.iter()
        .enumerate()
        .map(|(i, &b)| (b, rpo[idom[i].unwrap_or(0)]))
        .collect()
}

fn intersect(idom: &[Option<usize>], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a].unwrap_or(0);
        }
        while b > a {
            b = idom[b].unwrap_or(0);
        }
    }
    a
}
