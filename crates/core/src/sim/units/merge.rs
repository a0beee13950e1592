//! Merge, mux and control merge (`rtl-templates/README.md` §3). Arbitration is fixed-priority,
//! lowest index first.

use super::{Comb, Edge, UnitModel};

/// The lowest index whose channel is valid.
#[inline]
fn lowest_valid(c: &Comb<'_>, ins: &[usize]) -> Option<usize> {
    ins.iter().position(|&i| c.valid(i))
}

/// Priority merge without a buffer.
#[derive(Clone)]
pub struct Merge {
    pub ins: Vec<usize>,
    pub outs: usize,
}

impl UnitModel for Merge {
    fn eval(&self, c: &mut Comb<'_>) {
        let sel = lowest_valid(c, &self.ins);
        let data = sel.map_or(0, |s| c.data(self.ins[s]));
        c.out(self.outs, sel.is_some(), data);
        let or = c.ready(self.outs);
        for (i, &ch) in self.ins.iter().enumerate() {
            c.set_ready(ch, or && sel == Some(i));
        }
    }
}

/// Mux: the index token and the selected input are consumed with the output transfer.
#[derive(Clone)]
pub struct Mux {
    pub index: usize,
    pub ins: Vec<usize>,
    pub outs: usize,
}

impl UnitModel for Mux {
    fn eval(&self, c: &mut Comb<'_>) {
        let xv = c.valid(self.index);
        let s = c.data(self.index) as usize;
        let sv = self.ins.get(s).is_some_and(|&i| c.valid(i));
        let data = self.ins.get(s).map_or(0, |&i| c.data(i));
        c.out(self.outs, xv && sv, data);
        let or = c.ready(self.outs);
        c.set_ready(self.index, sv && or);
        for (i, &ch) in self.ins.iter().enumerate() {
            c.set_ready(ch, xv && s == i && or);
        }
    }
}

/// Control merge: priority merge → ONE_SLOT_BREAK_R on (index, data) → eager 2-way fork.
#[derive(Clone)]
pub struct ControlMerge {
    ins: Vec<usize>,
    outs: usize,
    index: usize,
    /// The buffer's `full`, stored index and data.
    full: bool,
    index_r: u64,
    data_r: u64,
    /// The fork's done flags (0: outs, 1: index).
    done: [bool; 2],
}

impl ControlMerge {
    pub fn new(ins: Vec<usize>, outs: usize, index: usize) -> Self {
        Self {
            ins,
            outs,
            index,
            full: false,
            index_r: 0,
            data_r: 0,
            done: [false; 2],
        }
    }

    /// The buffer output `b_valid` and `(index, data)`, given the merge stage.
    #[inline]
    fn buffer_out(&self, c: &Comb<'_>, sel: Option<usize>) -> (bool, u64, u64) {
        if self.full {
            (true, self.index_r, self.data_r)
        } else {
            match sel {
                Some(s) => (true, s as u64, c.data(self.ins[s])),
                None => (false, 0, 0),
            }
        }
    }
}

impl UnitModel for ControlMerge {
    fn eval(&self, c: &mut Comb<'_>) {
        let sel = lowest_valid(c, &self.ins);
        for (i, &ch) in self.ins.iter().enumerate() {
            c.set_ready(ch, !self.full && sel == Some(i));
        }
        let (bv, idx, data) = self.buffer_out(c, sel);
        c.out(self.outs, bv && !self.done[0], data);
        c.out(self.index, bv && !self.done[1], idx);
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let sig = e.sig;
        let sel = self.ins.iter().position(|&i| sig.valid[i]);
        let b_valid = self.full || sel.is_some();
        let b_out_ready =
            (self.done[0] || sig.ready[self.outs]) && (self.done[1] || sig.ready[self.index]);
        let old = (self.full, self.done);
        // Fork stage.
        if b_valid && b_out_ready {
            self.done = [false; 2];
        } else {
            self.done[0] |= e.fires(self.outs);
            self.done[1] |= e.fires(self.index);
        }
        // Buffer stage (ONE_SLOT_BREAK_R with Or = b_out_ready).
        if !self.full {
            if let Some(s) = sel {
                if !b_out_ready {
                    self.full = true;
                    self.index_r = s as u64;
                    self.data_r = sig.data[self.ins[s]];
                }
            }
        } else if b_out_ready {
            self.full = false;
        }
        old != (self.full, self.done)
    }

    fn has_state(&self) -> bool {
        true
    }
}
