//! The six buffer types (`rtl-templates/README.md` §4), plus the FIFO and shift-register cores
//! shared with the memory controller's return buffers and the pipelined operators.

use super::{Comb, Edge, UnitModel};
use crate::sim::netlist::BufferType;

/// Builds the model of a buffer of type `ty` with `slots` slots between `ins` and `outs`.
pub fn build(ty: BufferType, slots: usize, ins: usize, outs: usize) -> Box<dyn UnitModel> {
    match ty {
        BufferType::OneSlotBreakDv => Box::new(OneSlotDv {
            ins,
            outs,
            valid_r: false,
            data_r: 0,
        }),
        BufferType::OneSlotBreakR => Box::new(OneSlotR {
            ins,
            outs,
            full: false,
            data_r: 0,
        }),
        BufferType::OneSlotBreakDvr => Box::new(OneSlotDvr {
            ins,
            outs,
            full: false,
            data_r: 0,
        }),
        BufferType::FifoBreakDv => Box::new(FifoDv {
            ins,
            outs,
            f: Fifo::new(slots),
        }),
        BufferType::FifoBreakNone => Box::new(FifoNone {
            ins,
            outs,
            f: Fifo::new(slots),
        }),
        BufferType::ShiftRegBreakDv => Box::new(ShiftRegDv {
            ins,
            outs,
            p: ShiftReg::new(slots),
        }),
    }
}

/// ONE_SLOT_BREAK_DV: `Ov = valid_r`, `Ir = ¬valid_r ∨ Or`.
#[derive(Clone)]
struct OneSlotDv {
    ins: usize,
    outs: usize,
    valid_r: bool,
    data_r: u64,
}

impl UnitModel for OneSlotDv {
    fn eval(&self, c: &mut Comb<'_>) {
        c.out(self.outs, self.valid_r, self.data_r);
        c.set_ready(self.ins, !self.valid_r || c.ready(self.outs));
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let ir = !self.valid_r || e.sig.ready[self.outs];
        if !ir {
            return false;
        }
        let iv = e.sig.valid[self.ins];
        let changed = self.valid_r || iv;
        self.valid_r = iv;
        if iv {
            self.data_r = e.sig.data[self.ins];
        }
        changed
    }

    fn has_state(&self) -> bool {
        true
    }
}

/// ONE_SLOT_BREAK_R: `Ir = ¬full`, `Ov = Iv ∨ full`, bypass when empty.
#[derive(Clone)]
struct OneSlotR {
    ins: usize,
    outs: usize,
    full: bool,
    data_r: u64,
}

impl UnitModel for OneSlotR {
    fn eval(&self, c: &mut Comb<'_>) {
        c.set_ready(self.ins, !self.full);
        if self.full {
            c.out(self.outs, true, self.data_r);
        } else {
            c.out(self.outs, c.valid(self.ins), c.data(self.ins));
        }
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let or = e.sig.ready[self.outs];
        if !self.full {
            if e.sig.valid[self.ins] && !or {
                self.full = true;
                self.data_r = e.sig.data[self.ins];
                return true;
            }
        } else if or {
            self.full = false;
            return true;
        }
        false
    }

    fn has_state(&self) -> bool {
        true
    }
}

/// ONE_SLOT_BREAK_DVR: `Ir = ¬full`, `Ov = full`.
#[derive(Clone)]
struct OneSlotDvr {
    ins: usize,
    outs: usize,
    full: bool,
    data_r: u64,
}

impl UnitModel for OneSlotDvr {
    fn eval(&self, c: &mut Comb<'_>) {
        c.set_ready(self.ins, !self.full);
        c.out(self.outs, self.full, self.data_r);
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        if !self.full && e.sig.valid[self.ins] {
            self.full = true;
            self.data_r = e.sig.data[self.ins];
            true
        } else if self.full && e.sig.ready[self.outs] {
            self.full = false;
            true
        } else {
            false
        }
    }

    fn has_state(&self) -> bool {
        true
    }
}

/// The FIFO_BREAK_DV core: a circular buffer of `slots` words.
#[derive(Clone, Debug)]
pub struct Fifo {
    count: usize,
    head: usize,
    slot: Vec<u64>,
}

impl Fifo {
    /// An empty FIFO of `slots` ≥ 1 slots.
    pub fn new(slots: usize) -> Self {
        Self {
            count: 0,
            head: 0,
            slot: vec![0; slots],
        }
    }

    /// `(Ov, O)`.
    #[inline]
    pub fn out(&self) -> (bool, u64) {
        (self.count != 0, self.slot[self.head])
    }

    /// `Ir` given `Or`.
    #[inline]
    pub fn ready(&self, or: bool) -> bool {
        self.count != self.slot.len() || or
    }

    /// The edge, given the input's valid and data and `Or`; returns whether the state changed.
    pub fn clock(&mut self, iv: bool, data: u64, or: bool) -> bool {
        let n = self.slot.len();
        let wr = iv && self.ready(or);
        let rd = self.count != 0 && or;
        if wr {
            self.slot[(self.head + self.count) % n] = data;
        }
        if rd {
            self.head = (self.head + 1) % n;
        }
        self.count = self.count + usize::from(wr) - usize::from(rd);
        wr || rd
    }

    /// FIFO_BREAK_NONE outputs `(Ov, O)` given the input's valid and data.
    #[inline]
    pub fn bypass_out(&self, iv: bool, data: u64) -> (bool, u64) {
        if self.count != 0 {
            self.out()
        } else {
            (iv, data)
        }
    }

    /// FIFO_BREAK_NONE edge: the FIFO only stores the token when it cannot bypass.
    pub fn bypass_clock(&mut self, iv: bool, data: u64, or: bool) -> bool {
        let fiv = iv && (self.count != 0 || !or);
        self.clock(fiv, data, or)
    }
}

/// FIFO_BREAK_DV.
#[derive(Clone)]
struct FifoDv {
    ins: usize,
    outs: usize,
    f: Fifo,
}

impl UnitModel for FifoDv {
    fn eval(&self, c: &mut Comb<'_>) {
        let (v, d) = self.f.out();
        c.out(self.outs, v, d);
        c.set_ready(self.ins, self.f.ready(c.ready(self.outs)));
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let s = e.sig;
        self.f
            .clock(s.valid[self.ins], s.data[self.ins], s.ready[self.outs])
    }

    fn has_state(&self) -> bool {
        true
    }
}

/// FIFO_BREAK_NONE: FIFO_BREAK_DV plus a bypass when empty.
#[derive(Clone)]
struct FifoNone {
    ins: usize,
    outs: usize,
    f: Fifo,
}

impl UnitModel for FifoNone {
    fn eval(&self, c: &mut Comb<'_>) {
        let (v, d) = self.f.bypass_out(c.valid(self.ins), c.data(self.ins));
        c.out(self.outs, v, d);
        c.set_ready(self.ins, self.f.ready(c.ready(self.outs)));
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let s = e.sig;
        self.f
            .bypass_clock(s.valid[self.ins], s.data[self.ins], s.ready[self.outs])
    }

    fn has_state(&self) -> bool {
        true
    }
}

/// The SHIFT_REG_BREAK_DV core: `slots` (valid, data) stages in a ring; `pos` is the ring index
/// of the last stage, and stage `k` lives at `(pos + slots - k) mod slots`.
#[derive(Clone, Debug)]
pub struct ShiftReg {
    v: Vec<bool>,
    d: Vec<u64>,
    pos: usize,
    /// Number of stages holding a token.
    tokens: usize,
}

impl ShiftReg {
    /// An empty shift register of `slots` ≥ 1 stages.
    pub fn new(slots: usize) -> Self {
        Self {
            v: vec![false; slots],
            d: vec![0; slots],
            pos: 0,
            tokens: 0,
        }
    }

    /// `(Ov, O)`: the last stage.
    #[inline]
    pub fn out(&self) -> (bool, u64) {
        (self.v[self.pos], self.d[self.pos])
    }

    /// `en = ¬v[N-1] ∨ Or`, which is also `Ir`.
    #[inline]
    pub fn enabled(&self, or: bool) -> bool {
        !self.v[self.pos] || or
    }

    /// The edge: if enabled, every stage advances and stage 0 takes the input.
    pub fn clock(&mut self, iv: bool, data: u64, or: bool) -> bool {
        if !self.enabled(or) || (self.tokens == 0 && !iv) {
            return false;
        }
        let last = self.pos;
        self.tokens = self.tokens - usize::from(self.v[last]) + usize::from(iv);
        self.v[last] = iv;
        self.d[last] = data;
        self.pos = (self.pos + 1) % self.v.len();
        true
    }
}

/// SHIFT_REG_BREAK_DV.
#[derive(Clone)]
struct ShiftRegDv {
    ins: usize,
    outs: usize,
    p: ShiftReg,
}

impl UnitModel for ShiftRegDv {
    fn eval(&self, c: &mut Comb<'_>) {
        let (v, d) = self.p.out();
        c.out(self.outs, v, d);
        c.set_ready(self.ins, self.p.enabled(c.ready(self.outs)));
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let s = e.sig;
        self.p
            .clock(s.valid[self.ins], s.data[self.ins], s.ready[self.outs])
    }

    fn has_state(&self) -> bool {
        true
    }
}
