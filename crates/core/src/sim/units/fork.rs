//! Fork, lazy fork and join (`rtl-templates/README.md` §3).

use super::{Comb, Edge, UnitModel};

/// For each `i`, whether all of `bits` except `bits[i]` are true: returns (all true, index of
/// the only false bit if exactly one is false).
#[inline]
fn all_but(bits: impl Iterator<Item = bool>) -> (bool, Option<usize>) {
    let mut falses = 0;
    let mut which = 0;
    for (i, b) in bits.enumerate() {
        if !b {
            falses += 1;
            which = i;
        }
    }
    (falses == 0, (falses == 1).then_some(which))
}

/// Eager fork with per-output `done` flags.
#[derive(Clone)]
pub struct Fork {
    ins: usize,
    outs: Vec<usize>,
    done: Vec<bool>,
}

impl Fork {
    pub fn new(ins: usize, outs: Vec<usize>) -> Self {
        let done = vec![false; outs.len()];
        Self { ins, outs, done }
    }
}

impl UnitModel for Fork {
    fn eval(&self, c: &mut Comb<'_>) {
        // Ov[i] = Iv ∧ ¬done[i]; O[i] = I; Ir = AND_i (done[i] ∨ Or[i]).
        let iv = c.valid(self.ins);
        let d = c.data(self.ins);
        let mut ir = true;
        for (i, &o) in self.outs.iter().enumerate() {
            c.out(o, iv && !self.done[i], d);
            ir &= self.done[i] || c.ready(o);
        }
        c.set_ready(self.ins, ir);
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        if e.fires(self.ins) {
            let changed = self.done.iter().any(|&d| d);
            self.done.fill(false);
            return changed;
        }
        let mut changed = false;
        for (i, &o) in self.outs.iter().enumerate() {
            if !self.done[i] && e.fires(o) {
                self.done[i] = true;
                changed = true;
            }
        }
        changed
    }

    fn has_state(&self) -> bool {
        true
    }
}

/// Lazy fork: all outputs and the input transfer together.
#[derive(Clone)]
pub struct LazyFork {
    pub ins: usize,
    pub outs: Vec<usize>,
}

impl UnitModel for LazyFork {
    fn eval(&self, c: &mut Comb<'_>) {
        // Ov[i] = Iv ∧ AND_{j≠i} Or[j]; Ir = AND_i Or[i].
        let iv = c.valid(self.ins);
        let d = c.data(self.ins);
        let (all, one) = all_but(self.outs.iter().map(|&o| c.ready(o)));
        for (i, &o) in self.outs.iter().enumerate() {
            c.out(o, iv && (all || one == Some(i)), d);
        }
        c.set_ready(self.ins, all);
    }
}

/// Join of control-only inputs.
#[derive(Clone)]
pub struct Join {
    pub ins: Vec<usize>,
    pub outs: usize,
}

impl UnitModel for Join {
    fn eval(&self, c: &mut Comb<'_>) {
        // Ov = AND_i Iv[i]; Ir[i] = Or ∧ AND_{j≠i} Iv[j].
        let (all, one) = all_but(self.ins.iter().map(|&i| c.valid(i)));
        c.out(self.outs, all, 0);
        let or = c.ready(self.outs);
        for (i, &ch) in self.ins.iter().enumerate() {
            c.set_ready(ch, or && (all || one == Some(i)));
        }
    }
}
