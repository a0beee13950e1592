//! Scalar promotion: an array element that a loop reads and writes at one loop-invariant index
//! (`c[i][j] += a[i][k] * b[k][j]` in the `k` loop) lives in a register while the loop runs.
//! The element is read once before the loop (or taken from a store just before it), carried
//! around the back edge as a block parameter, and written back once after the loop. The loop
//! then has no memory access left to order, so its iterations are limited by the arithmetic
//! recurrence alone instead of a load–store chain through memory.
//!
//! A loop's accesses to a memory are promoted when
//! * the loop is counted ([`Counted`]) with at least one trip and only the header's exit, so
//!   the read before the loop and the write after it run exactly when the loop runs, and the
//!   loop always reaches the write;
//! * every access of the memory in the loop uses the same index values, defined outside it;
//! * one of them is in a block that runs on every iteration (it dominates the latch), so the
//!   element's index was used by the program on that path anyway (never a new out-of-range
//!   access);
//! * the loop calls no function (a call may access any memory passed to it);
//! * the loop has no nested loop. A value carried around a loop is carried around every loop
//!   nested in it too, one more token per inner iteration: measured, promoting `s[i] += acc`
//!   in a `j` loop around a `k` loop made the kernel 30 % slower than its queue in memory.
//!
//! Other memories are distinct arrays and never alias the promoted one. The element becomes a scalar variable, and SSA construction ([`super::ssa`])
//! places its block parameters; the values it is written with keep their C names.

use super::super::analysis::{Cfg, Loop};
use super::super::ir::*;
use super::counted::Counted;
use super::ssa;
use crate::diag::Diagnostic;
use std::collections::BTreeSet;

/// Runs the pass.
pub fn run(f: &mut Function, diags: &mut Vec<Diagnostic>) {
    let names: Vec<_> = f.values.iter().map(|v| v.var.clone()).collect();
    let mut promoted = false;
    while let Some(p) = next_promotion(f) {
        promote(f, &p);
        promoted = true;
    }
    if !promoted {
        return;
    }
    ssa::run(f, diags);
    // SSA construction names the values written to the new variables after them (no C name);
    // the values keep the names they had.
    for (v, name) in names.into_iter().enumerate() {
        if name.is_some() {
            f.values[v].var = name;
        }
    }
}

/// One memory's accesses in one loop, to be promoted.
struct Promotion {
    counted: Counted,
    mem: Mem,
    index: Vec<Value>,
    /// The loop's loads and stores of the memory.
    accesses: Vec<Inst>,
    /// The loop writes the element.
    writes: bool,
}

/// The first promotion found in a loop without nested loops.
fn next_promotion(f: &Function) -> Option<Promotion> {
    let cfg = Cfg::new(f);
    let loops = cfg.loops();
    let innermost = |l: &&Loop| {
        !loops
            .iter()
            .any(|o| o.header != l.header && l.blocks.contains(&o.header))
    };
    loops
        .iter()
        .filter(innermost)
        .find_map(|l| promotion_in(f, &cfg, l))
}

/// A memory of loop `l` that can be promoted (see the module doc).
fn promotion_in(f: &Function, cfg: &Cfg, l: &Loop) -> Option<Promotion> {
    let counted = Counted::find(f, cfg, l)?;
    if counted.trips() == 0 || !counted.single_exit(f) {
        return None;
    }
    let latch = *cfg.preds[&l.header].iter().find(|p| l.blocks.contains(p))?;
    let mut inside: BTreeSet<Value> = BTreeSet::new();
    let mut insts: Vec<(Block, Inst)> = Vec::new();
    for &b in &l.blocks {
        inside.extend(f.block(b).params.iter().copied());
        for &i in &f.block(b).insts {
            inside.extend(f.inst(i).result);
            insts.push((b, i));
        }
    }
    if insts
        .iter()
        .any(|&(_, i)| matches!(f.inst(i).op, Op::Call(..)))
    {
        return None;
    }
    let mems: BTreeSet<Mem> = insts
        .iter()
        .filter_map(|&(_, i)| accessed(&f.inst(i).op).map(|(m, _)| m))
        .collect();
    mems.into_iter().find_map(|mem| {
        let mine: Vec<(Block, Inst)> = insts
            .iter()
            .copied()
            .filter(|&(_, i)| accessed(&f.inst(i).op).is_some_and(|(m, _)| m == mem))
            .collect();
        let (_, index) = accessed(&f.inst(mine[0].1).op)?;
        let same_index = mine
            .iter()
            .all(|&(_, i)| accessed(&f.inst(i).op).is_some_and(|(_, x)| x == index));
        let invariant = index.iter().all(|v| !inside.contains(v));
        let every_iteration = mine.iter().any(|&(b, _)| cfg.dominates(b, latch));
        (same_index && invariant && every_iteration).then(|| Promotion {
            counted: counted.clone(),
            mem,
            index: index.to_vec(),
            writes: mine
                .iter()
                .any(|&(_, i)| matches!(f.inst(i).op, Op::Store(..))),
            accesses: mine.into_iter().map(|(_, i)| i).collect(),
        })
    })
}

/// The memory and index of a load or store.
fn accessed(op: &Op) -> Option<(Mem, &[Value])> {
    match op {
        Op::Load(m, idx) | Op::Store(m, idx, _) => Some((*m, idx)),
        _ => None,
    }
}

/// Rewrites the loop's accesses as accesses of a new scalar variable, initialised before the
/// loop and written back after it.
fn promote(f: &mut Function, p: &Promotion) {
    let ty = match &f.inst(p.accesses[0]).op {
        Op::Store(_, _, v) => f.ty(*v),
        _ => f.ty(f.inst(p.accesses[0]).result.expect("a load has a result")),
    };
    let first_span = f.inst(p.accesses[0]).span;
    let var = Var(f.vars.len() as u32);
    f.vars.push(VarData {
        name: format!("{}.element", f.mems[p.mem.index()].name),
        ty,
        span: first_span.unwrap_or_default(),
    });
    let initial = initial_value(f, p, ty, first_span);
    f.push(p.counted.preheader, Op::WriteVar(var, initial), None, None);
    for &i in &p.accesses {
        let op = &mut f.insts[i.index()].op;
        *op = match op {
            Op::Store(_, _, v) => Op::WriteVar(var, *v),
            _ => Op::ReadVar(var),
        };
    }
    if p.writes {
        let exit = exit_block(f, &p.counted);
        let span = p
            .accesses
            .iter()
            .find(|&&i| matches!(f.inst(i).op, Op::WriteVar(..)))
            .and_then(|&i| f.inst(i).span);
        let read = f.make_inst(Op::ReadVar(var), Some(ty), span);
        let value = f.insts[read.index()].result.expect("read_var has a result");
        let store = f.make_inst(Op::Store(p.mem, p.index.clone(), value), None, span);
        super::util::insert_before(f, exit, 0, vec![read, store]);
    }
}

/// The element's value when the loop is entered: the value the preheader stores to it last
/// (that store is then dropped when the loop's write-back overwrites it), or a load at the
/// preheader's end.
fn initial_value(
    f: &mut Function,
    p: &Promotion,
    ty: Type,
    span: Option<crate::diag::Span>,
) -> Value {
    let pre = p.counted.preheader;
    for (pos, &i) in f.block(pre).insts.iter().enumerate().rev() {
        match &f.inst(i).op {
            Op::Store(m, idx, v) if *m == p.mem && *idx == p.index => {
                let v = *v;
                if p.writes {
                    f.blocks[pre.index()].insts.remove(pos);
                }
                return v;
            }
            // A later read of the memory needs the store, an earlier write may alias it.
            Op::Load(m, _) | Op::Store(m, ..) if *m == p.mem => break,
            Op::Call(..) => break,
            _ => continue,
        }
    }
    f.push(pre, Op::Load(p.mem, p.index.clone()), Some(ty), span)
        .expect("a load has a result")
}

/// The block after the loop where the element is written back: the header's exit, or a new
/// block on that edge when the exit has other predecessors.
fn exit_block(f: &mut Function, c: &Counted) -> Block {
    let cfg = Cfg::new(f);
    let exit = c.exit;
    if cfg.preds[&exit].len() == 1 {
        return exit;
    }
    let split = super::util::forwarding_block(f, exit, f.block(c.header).term_span);
    for t in f.blocks[c.header.index()].term.targets_mut() {
        if t.block == exit {
            t.block = split;
        }
    }
    split
}
