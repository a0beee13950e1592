//! Unit models: one file per unit family. Each model implements [`UnitModel`]: a combinational
//! evaluation (its outputs' valid/data and its inputs' ready from its inputs' valid/data, its
//! outputs' ready and its registers) and a clock update (its registers at the rising edge, from
//! the same values). The equations are those of `rtl-templates/README.md`, cited per unit.
//!
//! Invariant: `eval` writes only the signals the unit drives (valid/data of its output channels,
//! ready of its input channels) and reads nothing else but its own channels; `clock` reads the
//! settled signals of the cycle and changes only the unit's registers (and, for a memory
//! controller, its memory).

mod arith;
mod buffer;
mod float;
mod fork;
mod io;
pub mod lsq;
mod mem;
mod merge;
mod misc;
mod op;

use super::netlist::UnitKind;
use super::netlist_check::PortMap;

/// The signals of every channel, indexed by channel id.
#[derive(Clone, Debug)]
pub struct Signals {
    /// `valid` of each channel (driven by its producer).
    pub valid: Vec<bool>,
    /// `ready` of each channel (driven by its consumer).
    pub ready: Vec<bool>,
    /// Data of each channel (meaningful only while valid).
    pub data: Vec<u64>,
}

/// The set of units whose evaluation is pending (a stack with membership flags).
#[derive(Clone, Debug)]
pub struct Worklist {
    stack: Vec<u32>,
    queued: Vec<bool>,
}

impl Worklist {
    /// An empty worklist for `n` units.
    pub fn new(n: usize) -> Self {
        Self {
            stack: Vec::with_capacity(n),
            queued: vec![false; n],
        }
    }

    /// Adds `unit` unless it is already pending.
    #[inline]
    pub fn push(&mut self, unit: u32) {
        let q = &mut self.queued[unit as usize];
        if !*q {
            *q = true;
            self.stack.push(unit);
        }
    }

    /// Takes a pending unit.
    #[inline]
    pub fn pop(&mut self) -> Option<u32> {
        let u = self.stack.pop()?;
        self.queued[u as usize] = false;
        Some(u)
    }
}

/// The view a unit gets during combinational evaluation: read any signal of its channels, drive
/// its own; a change wakes the unit on the other side of the channel.
pub struct Comb<'a> {
    pub(crate) sig: &'a mut Signals,
    pub(crate) producer: &'a [u32],
    pub(crate) consumer: &'a [u32],
    pub(crate) work: &'a mut Worklist,
    /// On a change of a channel's signals, its id is recorded here when set (loop reports).
    pub(crate) changed: Option<&'a mut Vec<usize>>,
    /// The current cycle number.
    pub cycle: u64,
}

impl Comb<'_> {
    /// `valid` of channel `c`.
    #[inline]
    pub fn valid(&self, c: usize) -> bool {
        self.sig.valid[c]
    }

    /// `ready` of channel `c`.
    #[inline]
    pub fn ready(&self, c: usize) -> bool {
        self.sig.ready[c]
    }

    /// Data of channel `c`.
    #[inline]
    pub fn data(&self, c: usize) -> u64 {
        self.sig.data[c]
    }

    /// Drives `valid` and data of output channel `c`.
    #[inline]
    pub fn out(&mut self, c: usize, valid: bool, data: u64) {
        let old_valid = self.sig.valid[c];
        if old_valid != valid || (valid && self.sig.data[c] != data) {
            self.sig.valid[c] = valid;
            self.sig.data[c] = data;
            self.work.push(self.consumer[c]);
            if let Some(log) = self.changed.as_deref_mut() {
                log.push(c);
            }
        }
    }

    /// Drives `ready` of input channel `c`.
    #[inline]
    pub fn set_ready(&mut self, c: usize, ready: bool) {
        if self.sig.ready[c] != ready {
            self.sig.ready[c] = ready;
            self.work.push(self.producer[c]);
            if let Some(log) = self.changed.as_deref_mut() {
                log.push(c);
            }
        }
    }
}

/// What a unit sees at the rising edge.
pub struct Edge<'a> {
    /// The settled signals of the cycle that ends.
    pub sig: &'a Signals,
    /// The memories' words.
    pub memories: &'a mut [Vec<u64>],
    /// The number of the cycle that ends.
    pub cycle: u64,
}

impl Edge<'_> {
    /// Whether channel `c` transfers in this cycle.
    #[inline]
    pub fn fires(&self, c: usize) -> bool {
        self.sig.valid[c] && self.sig.ready[c]
    }
}

/// The behaviour of one unit.
pub trait UnitModel: CloneUnitModel {
    /// Drives the unit's outputs (valid/data) and its inputs' ready from the current signals and
    /// registers.
    fn eval(&self, c: &mut Comb<'_>);

    /// Applies the register updates of the rising edge ending the cycle. Returns false only if
    /// nothing changed and the unit's outputs cannot change by themselves later (so that a
    /// cycle without transfers in which every unit returns false proves the circuit stuck);
    /// a true return also schedules the unit for evaluation in the next cycle.
    fn clock(&mut self, _e: &mut Edge<'_>) -> bool {
        false
    }

    /// Whether `clock` must be called (the unit has registers or depends on the cycle number).
    fn has_state(&self) -> bool {
        false
    }

    /// A load-store queue's entries (None for every other unit).
    fn lsq_snapshot(&self) -> Option<lsq::LsqSnapshot> {
        None
    }

    /// A load-store queue's demand for entries ([`lsq::Lsq::demand`]; None for every other
    /// unit).
    fn lsq_demand(&self) -> Option<(usize, usize)> {
        None
    }
}

/// Copies a boxed model (a run's snapshot copies every unit's registers).
pub trait CloneUnitModel {
    /// A copy of the model, registers included.
    fn clone_box(&self) -> Box<dyn UnitModel>;
}

impl<T: UnitModel + Clone + 'static> CloneUnitModel for T {
    fn clone_box(&self) -> Box<dyn UnitModel> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn UnitModel> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Builds the model of unit `u` of kind `kind`, with its channels from `ports` and channel
/// widths from `width`.
pub fn build(
    kind: &UnitKind,
    u: usize,
    ports: &PortMap,
    width: &dyn Fn(usize) -> u32,
) -> Box<dyn UnitModel> {
    let ins = ports.inputs[u].clone();
    let outs = ports.outputs[u].clone();
    match kind {
        UnitKind::Fork { .. } => Box::new(fork::Fork::new(ins[0], outs)),
        UnitKind::LazyFork { .. } => Box::new(fork::LazyFork { ins: ins[0], outs }),
        UnitKind::Join { .. } => Box::new(fork::Join { ins, outs: outs[0] }),
        UnitKind::Merge { .. } => Box::new(merge::Merge { ins, outs: outs[0] }),
        UnitKind::Mux { .. } => Box::new(merge::Mux {
            index: ins[0],
            ins: ins[1..].to_vec(),
            outs: outs[0],
        }),
        UnitKind::ControlMerge { .. } => Box::new(merge::ControlMerge::new(ins, outs[0], outs[1])),
        UnitKind::Br => Box::new(misc::Br {
            ins: ins[0],
            outs: outs[0],
        }),
        UnitKind::CondBr => Box::new(misc::CondBr {
            cond: ins[0],
            data: ins[1],
            t: outs[0],
            f: outs[1],
        }),
        UnitKind::Sink | UnitKind::Exit => Box::new(misc::Sink { ins: ins[0] }),
        UnitKind::Source => Box::new(misc::Source { outs: outs[0] }),
        UnitKind::Constant { value } => Box::new(misc::Constant {
            ctrl: ins[0],
            outs: outs[0],
            value: *value,
        }),
        UnitKind::Select => Box::new(misc::Select {
            cond: ins[0],
            t: ins[1],
            f: ins[2],
            result: outs[0],
        }),
        UnitKind::Buffer { ty, slots } => buffer::build(*ty, *slots, ins[0], outs[0]),
        UnitKind::Int { op, latency } => {
            let func = op::Func::Int {
                op: *op,
                in_width: width(ins[0]),
                out_width: width(outs[0]),
            };
            Box::new(op::Operator::new(func, &ins, outs[0], *latency))
        }
        UnitKind::Float { op, latency } => {
            let func = op::Func::Float {
                op: *op,
                in_width: width(ins[0]),
                out_width: width(outs[0]),
            };
            Box::new(op::Operator::new(func, &ins, outs[0], *latency))
        }
        UnitKind::Load | UnitKind::Store => Box::new(mem::Ports { ins, outs }),
        UnitKind::MemController {
            memory,
            controls,
            loads,
            stores,
        } => Box::new(mem::Controller::new(
            *memory, *controls, *loads, *stores, ins, outs,
        )),
        UnitKind::Lsq { memory, shape } => {
            Box::new(lsq::Lsq::new(shape.clone(), *memory, ins, outs))
        }
        UnitKind::Entry { value } => Box::new(io::Entry {
            outs: outs[0],
            value: *value,
            sent: false,
        }),
        UnitKind::ScriptSource { tokens, offer } => {
            Box::new(io::ScriptSource::new(outs[0], tokens, offer))
        }
        UnitKind::ScriptSink { ready } => Box::new(io::ScriptSink {
            ins: ins[0],
            ready: ready.clone(),
        }),
    }
}
