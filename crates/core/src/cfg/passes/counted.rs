//! Counted loops: the shape induction-variable simplification and simplify-CFG rely on, and
//! the exact values a loop's scalar recurrence takes, found by running it.
//!
//! A loop is *counted* when
//! * its header has one predecessor outside the loop (the preheader), which ends in `br` to
//!   the header, and one inside it (the latch), which branches to the header once;
//! * the header ends in `cond_br` with one target inside the loop and one outside (the exit);
//! * the header's condition, starting from the values the preheader passes, is a pure
//!   function of header parameters whose start values are constants and whose next values
//!   (the latch's arguments) are such functions too.
//!
//! Then the header's parameters take the states `s_0, s_1, …, s_n` (the preheader's values,
//! then the latch's values computed from the previous state), the condition keeps the loop
//! going for `s_0 … s_{n-1}` and leaves it at `s_n`: the body runs `n` times (the trip
//! count; 0 for a loop that is never entered) and the loop exits with the header's
//! parameters equal to `s_n`. A parameter whose start value is not a constant is unknown in
//! every state; the condition must not depend on it.
//!
//! Invariant: every value computed here is what the interpreter computes, because the states
//! are found by evaluating the IR's own operations with `interp::eval` (wrapping integers,
//! the interpreter's float semantics); an operation that would trap, read memory or use an
//! unknown value makes the result unknown, never guessed. The run stops, and the loop is not
//! counted, after [`MAX_WORK`] evaluated operations, so the trip count is always finite.

use super::super::analysis::{Cfg, Loop};
use super::super::ir::*;
use crate::interp::{const_bits, eval};
use std::collections::{BTreeMap, BTreeSet};

/// Most operations evaluated while running one loop's recurrence.
pub const MAX_WORK: usize = 1 << 18;

/// Deepest chain of operations followed from one value.
const MAX_DEPTH: usize = 64;

/// A counted loop and the states of its header's parameters.
#[derive(Clone, Debug)]
pub struct Counted {
    /// The header.
    pub header: Block,
    /// Every block of the loop.
    pub blocks: BTreeSet<Block>,
    /// The single predecessor outside the loop.
    pub preheader: Block,
    /// The values the preheader passes to the header's parameters.
    pub init: Vec<Value>,
    /// The values the latch passes to the header's parameters.
    pub next: Vec<Value>,
    /// The header's successor outside the loop.
    pub exit: Block,
    /// `states[k][j]`: parameter `j` of the header on its `k`-th execution (`None`: unknown);
    /// the last state is the one the loop exits with.
    pub states: Vec<Vec<Option<u64>>>,
}

impl Counted {
    /// The loop `l` as a counted loop, if it is one (see the module doc).
    pub fn find(f: &Function, cfg: &Cfg, l: &Loop) -> Option<Counted> {
        let h = l.header;
        let (outside, inside): (Vec<Block>, Vec<Block>) =
            cfg.preds[&h].iter().partition(|p| !l.blocks.contains(p));
        let ([pre], [latch]) = (&outside[..], &inside[..]) else {
            return None;
        };
        let Terminator::Br(entry) = &f.block(*pre).term else {
            return None;
        };
        let back: Vec<&Target> = f
            .block(*latch)
            .term
            .targets()
            .into_iter()
            .filter(|t| t.block == h)
            .collect();
        let [back] = back[..] else { return None };
        let Terminator::CondBr(cond, t, e) = &f.block(h).term else {
            return None;
        };
        let (stay, exit) = match (l.blocks.contains(&t.block), l.blocks.contains(&e.block)) {
            (true, false) => (true, e),
            (false, true) => (false, t),
            _ => return None,
        };
        let mut c = Counted {
            header: h,
            blocks: l.blocks.clone(),
            preheader: *pre,
            init: entry.args.clone(),
            next: back.args.clone(),
            exit: exit.block,
            states: Vec::new(),
        };
        c.run(f, *cond, stay)?;
        Some(c)
    }

    /// True when the header's exit is the only way out of the loop (no `break`, `return`).
    pub fn single_exit(&self, f: &Function) -> bool {
        self.blocks.iter().all(|&b| {
            b == self.header
                || f.block(b)
                    .term
                    .successors()
                    .iter()
                    .all(|s| self.blocks.contains(s))
        })
    }

    /// The trip count: how often the body runs.
    pub fn trips(&self) -> usize {
        self.states.len() - 1
    }

    /// Runs the recurrence until the condition leaves the loop (`None`: unknown or too long).
    fn run(&mut self, f: &Function, cond: Value, stay: bool) -> Option<()> {
        let mut state: Vec<Option<u64>> = self.init.iter().map(|&v| constant(f, v)).collect();
        let mut work = 0;
        loop {
            let mut ev = Eval::new(self, &state, &mut work);
            let go = ev.value(f, cond)? != 0;
            let next: Vec<Option<u64>> = self.next.iter().map(|&v| ev.value(f, v)).collect();
            if work > MAX_WORK {
                return None;
            }
            self.states.push(std::mem::replace(&mut state, next));
            if go != stay {
                return Some(());
            }
        }
    }

    /// The value of `v` in state `k` (`None`: unknown), counting evaluated operations in
    /// `work`. `v` must be available there: defined outside the loop or in a block of the
    /// loop that runs in state `k`.
    pub fn value_at(&self, f: &Function, v: Value, k: usize, work: &mut usize) -> Option<u64> {
        Eval::new(self, &self.states[k], work).value(f, v)
    }
}

/// The constant bits of `v`, if it is a constant.
fn constant(f: &Function, v: Value) -> Option<u64> {
    f.as_const(v).map(const_bits)
}

/// Evaluates values of one state of a loop.
struct Eval<'a> {
    loop_: &'a Counted,
    state: &'a [Option<u64>],
    memo: BTreeMap<Value, Option<u64>>,
    work: &'a mut usize,
}

impl<'a> Eval<'a> {
    fn new(loop_: &'a Counted, state: &'a [Option<u64>], work: &'a mut usize) -> Eval<'a> {
        Eval {
            loop_,
            state,
            memo: BTreeMap::new(),
            work,
        }
    }

    fn value(&mut self, f: &Function, v: Value) -> Option<u64> {
        self.at_depth(f, v, 0)
    }

    fn at_depth(&mut self, f: &Function, v: Value, depth: usize) -> Option<u64> {
        if let Some(&r) = self.memo.get(&v) {
            return r;
        }
        *self.work += 1;
        let r = if depth > MAX_DEPTH || *self.work > MAX_WORK {
            None
        } else {
            self.compute(f, v, depth)
        };
        self.memo.insert(v, r);
        r
    }

    fn compute(&mut self, f: &Function, v: Value, depth: usize) -> Option<u64> {
        let i = match f.values[v.index()].def {
            ValueDef::Param(b, k) if b == self.loop_.header => {
                return *self.state.get(k as usize)?;
            }
            ValueDef::Param(..) => return None,
            ValueDef::Inst(i) => i,
        };
        let d = f.inst(i);
        let mut arg = |x: Value| self.at_depth(f, x, depth + 1);
        match &d.op {
            Op::Const(c) => Some(const_bits(*c)),
            Op::Bin(op, a, b) => {
                let (a, b, t) = (arg(*a)?, arg(*b)?, f.ty(*a));
                eval::bin(*op, t, a, b).ok()
            }
            Op::Un(op, a) => Some(eval::un(*op, f.ty(*a), arg(*a)?)),
            Op::Cmp(p, a, b) => Some(eval::cmp(*p, f.ty(*a), arg(*a)?, arg(*b)?) as u64),
            Op::Select(c, a, b) => {
                let pick = if arg(*c)? != 0 { *a } else { *b };
                arg(pick)
            }
            Op::Cast(op, a) => {
                let to = f.ty(d.result?);
                Some(eval::cast(*op, f.ty(*a), to, arg(*a)?))
            }
            _ => None,
        }
    }
}
