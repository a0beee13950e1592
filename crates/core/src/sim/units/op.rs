//! Arithmetic operators: a join of the operands feeding a value function, either
//! combinational (latency 0) or through a SHIFT_REG_BREAK_DV pipeline of `latency` stages
//! (`rtl-templates/README.md` §5.2; the same wrapper for float units): the result appears
//! `latency` cycles after the operands are consumed, and the whole pipeline (and the operands)
//! stall while the last stage holds a token that is not taken.

use super::buffer::ShiftReg;
use super::{arith, float, Comb, Edge, UnitModel};
use crate::sim::netlist::{FloatOp, IntOp};

/// The value function of an operator.
#[derive(Clone, Copy, Debug)]
pub enum Func {
    /// Integer operation.
    Int {
        op: IntOp,
        in_width: u32,
        out_width: u32,
    },
    /// Float operation.
    Float {
        op: FloatOp,
        in_width: u32,
        out_width: u32,
    },
}

impl Func {
    #[inline]
    fn apply(self, a: u64, b: u64) -> u64 {
        match self {
            Func::Int {
                op,
                in_width,
                out_width,
            } => arith::apply(op, in_width, out_width, a, b),
            Func::Float {
                op,
                in_width,
                out_width,
            } => float::apply(op, in_width, out_width, a, b),
        }
    }
}

/// A unary or binary operator with an optional pipeline.
#[derive(Clone)]
pub struct Operator {
    func: Func,
    lhs: usize,
    /// The second operand (`None` for unary operations).
    rhs: Option<usize>,
    result: usize,
    pipe: Option<ShiftReg>,
}

impl Operator {
    pub fn new(func: Func, ins: &[usize], result: usize, latency: usize) -> Self {
        let pipe = (latency > 0).then(|| ShiftReg::new(latency));
        Self {
            func,
            lhs: ins[0],
            rhs: ins.get(1).copied(),
            result,
            pipe,
        }
    }
}

impl UnitModel for Operator {
    fn eval(&self, c: &mut Comb<'_>) {
        let lv = c.valid(self.lhs);
        let rv = self.rhs.is_none_or(|r| c.valid(r));
        let or = c.ready(self.result);
        let en = match &self.pipe {
            None => {
                let value = if lv && rv {
                    self.func
                        .apply(c.data(self.lhs), self.rhs.map_or(0, |r| c.data(r)))
                } else {
                    0
                };
                c.out(self.result, lv && rv, value);
                or
            }
            Some(p) => {
                let (v, d) = p.out();
                c.out(self.result, v, d);
                p.enabled(or)
            }
        };
        c.set_ready(self.lhs, rv && en);
        if let Some(r) = self.rhs {
            c.set_ready(r, lv && en);
        }
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let s = e.sig;
        let Some(p) = &mut self.pipe else {
            return false;
        };
        let j = s.valid[self.lhs] && self.rhs.is_none_or(|r| s.valid[r]);
        let value = if j {
            self.func
                .apply(s.data[self.lhs], self.rhs.map_or(0, |r| s.data[r]))
        } else {
            0
        };
        p.clock(j, value, s.ready[self.result])
    }

    fn has_state(&self) -> bool {
        self.pipe.is_some()
    }
}
