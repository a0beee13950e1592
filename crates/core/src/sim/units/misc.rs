//! Branches, sink, source, constant and select (`rtl-templates/README.md` §3). All stateless.

use super::{Comb, UnitModel};

/// A wire.
#[derive(Clone)]
pub struct Br {
    pub ins: usize,
    pub outs: usize,
}

impl UnitModel for Br {
    fn eval(&self, c: &mut Comb<'_>) {
        c.out(self.outs, c.valid(self.ins), c.data(self.ins));
        c.set_ready(self.ins, c.ready(self.outs));
    }
}

/// Conditional branch: condition and data are consumed together.
#[derive(Clone)]
pub struct CondBr {
    pub cond: usize,
    pub data: usize,
    pub t: usize,
    pub f: usize,
}

impl UnitModel for CondBr {
    fn eval(&self, c: &mut Comb<'_>) {
        let (cv, dv) = (c.valid(self.cond), c.valid(self.data));
        let j = cv && dv;
        let cond = c.data(self.cond) & 1 == 1;
        let d = c.data(self.data);
        c.out(self.t, j && cond, d);
        c.out(self.f, j && !cond, d);
        let r = if cond {
            c.ready(self.t)
        } else {
            c.ready(self.f)
        };
        c.set_ready(self.cond, dv && r);
        c.set_ready(self.data, cv && r);
    }
}

/// Always-ready sink (also the model of a kernel exit).
#[derive(Clone)]
pub struct Sink {
    pub ins: usize,
}

impl UnitModel for Sink {
    fn eval(&self, c: &mut Comb<'_>) {
        c.set_ready(self.ins, true);
    }
}

/// A control token every cycle.
#[derive(Clone)]
pub struct Source {
    pub outs: usize,
}

impl UnitModel for Source {
    fn eval(&self, c: &mut Comb<'_>) {
        c.out(self.outs, true, 0);
    }
}

/// Constant: a wire from `ctrl` whose data is `value`.
#[derive(Clone)]
pub struct Constant {
    pub ctrl: usize,
    pub outs: usize,
    pub value: u64,
}

impl UnitModel for Constant {
    fn eval(&self, c: &mut Comb<'_>) {
        c.out(self.outs, c.valid(self.ctrl), self.value);
        c.set_ready(self.ctrl, c.ready(self.outs));
    }
}

/// Select: a join of condition, true and false values (the unused value is consumed too).
#[derive(Clone)]
pub struct Select {
    pub cond: usize,
    pub t: usize,
    pub f: usize,
    pub result: usize,
}

impl UnitModel for Select {
    fn eval(&self, c: &mut Comb<'_>) {
        let (cv, tv, fv) = (c.valid(self.cond), c.valid(self.t), c.valid(self.f));
        let value = if c.data(self.cond) & 1 == 1 {
            c.data(self.t)
        } else {
            c.data(self.f)
        };
        c.out(self.result, cv && tv && fv, value);
        let rr = c.ready(self.result);
        c.set_ready(self.cond, rr && tv && fv);
        c.set_ready(self.t, rr && cv && fv);
        c.set_ready(self.f, rr && cv && tv);
    }
}
