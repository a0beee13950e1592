//! Builds a simulator [`Netlist`] from a materialized Handshake [`Func`], keeping a map back
//! from units and channels to the IR (for reports, traces and the web app's animation).
//!
//! Mapping: every channel argument becomes an [`UnitKind::Entry`] (scalar parameters carry
//! their input value, start controls carry a control token); every `memref` argument becomes a
//! [`crate::sim::Memory`] (initial contents given by name, zero-filled otherwise) and is not a
//! channel; every operation becomes one unit, except `end`, which becomes one
//! [`UnitKind::Exit`] per operand. Operator latencies come from the timing model. The
//! memory controller's operands are reordered into the simulator's port order (start,
//! store counts, load addresses, store addresses, store data, end) as
//! [`crate::lower::controller_ports`] classifies them. Operations the simulator does not model
//! (`instance`, `lsq`, `blocker`, bundles…) and channels with extra signals are reported as
//! diagnostics.
//!
//! Invariant: `channel_values[c]` is the IR value carried by netlist channel `c`, and
//! `unit_origins[u]` the IR entity of unit `u`; both are as long as the netlist's lists.

use super::netlist::{FloatOp, FloatPredicate, IntOp, IntPredicate, Netlist, UnitId, UnitKind};
use super::BufferType as SimBuffer;
use crate::diag::Diagnostic;
use crate::handshake::{
    Attr, BinOp, BufferType, CastOp, CmpFPred, CmpIPred, Func, Op, OpId, OpKind, Type, UnOp,
    ValueId,
};
use crate::lower::{controller_ports, lsq_ports};
use crate::timing::TimingModel;
use std::collections::BTreeMap;

/// The IR entity a unit stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitOrigin {
    /// A function argument, by index.
    Arg(usize),
    /// An operation.
    Op(OpId),
    /// Operand `1` of the `end` operation `0` (one exit per function result).
    EndOperand(OpId, usize),
}

/// Kernel inputs by argument name: scalar channel values and memory contents, as raw bits.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KernelInputs {
    /// Initial value of each scalar channel argument (missing ones start at 0).
    pub scalars: BTreeMap<String, u64>,
    /// Initial contents of each `memref` argument (missing or short ones are zero-filled).
    pub memories: BTreeMap<String, Vec<u64>>,
}

/// A netlist with its map back to the Handshake function.
#[derive(Clone, Debug, PartialEq)]
pub struct Adapted {
    /// The circuit.
    pub netlist: Netlist,
    /// The IR entity of each unit.
    pub unit_origins: Vec<UnitOrigin>,
    /// The IR value of each channel.
    pub channel_values: Vec<ValueId>,
    /// The function result name of each exit, in exit (unit) order.
    pub exit_names: Vec<String>,
    /// The `memref` argument index of each memory.
    pub memory_args: Vec<usize>,
}

/// Builds the netlist of `func` with `inputs`; operator latencies from `timing`.
pub fn build_netlist(
    func: &Func,
    timing: &TimingModel,
    inputs: &KernelInputs,
) -> Result<Adapted, Vec<Diagnostic>> {
    let mut b = Builder {
        func,
        timing,
        out: Adapted {
            netlist: Netlist::new(),
            unit_origins: Vec::new(),
            channel_values: Vec::new(),
            exit_names: Vec::new(),
            memory_args: Vec::new(),
        },
        producer: BTreeMap::new(),
        memory_of_arg: BTreeMap::new(),
        diags: Vec::new(),
    };
    b.args(inputs);
    let mut consumers: Vec<(ValueId, UnitId, usize)> = Vec::new();
    for (id, op) in func.ops() {
        b.op(id, op, &mut consumers);
    }
    for (v, unit, port) in consumers {
        b.channel(v, unit, port);
    }
    if b.diags.is_empty() {
        b.diags = b.out.netlist.validate();
    }
    if b.diags.is_empty() {
        Ok(b.out)
    } else {
        Err(b.diags)
    }
}

struct Builder<'a> {
    func: &'a Func,
    timing: &'a TimingModel,
    out: Adapted,
    /// The unit and output port producing each value.
    producer: BTreeMap<ValueId, (UnitId, usize)>,
    memory_of_arg: BTreeMap<ValueId, usize>,
    diags: Vec<Diagnostic>,
}

fn op_label(op: &Op) -> String {
    match &op.name {
        Some(n) => format!("`{}` ({})", n, op.kind.mnemonic()),
        None => format!("`{}`", op.kind.mnemonic()),
    }
}

impl Builder<'_> {
    fn unit(&mut self, name: String, kind: UnitKind, origin: UnitOrigin) -> UnitId {
        self.out.unit_origins.push(origin);
        self.out.netlist.add_unit(name, kind)
    }

    fn args(&mut self, inputs: &KernelInputs) {
        for (i, &v) in self.func.args.iter().enumerate() {
            let name = self
                .func
                .arg_names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("in{i}"));
            match self.func.ty(v) {
                Some(Type::MemRef { shape, elem }) => {
                    let len = shape.iter().product::<u64>() as usize;
                    let mut contents = inputs.memories.get(&name).cloned().unwrap_or_default();
                    contents.resize(len, 0);
                    let m = self
                        .out
                        .netlist
                        .add_memory(name, elem.bit_width(), contents);
                    self.out.memory_args.push(i);
                    self.memory_of_arg.insert(v, m);
                }
                _ => {
                    let value = inputs.scalars.get(&name).copied().unwrap_or(0);
                    let u = self.unit(name, UnitKind::Entry { value }, UnitOrigin::Arg(i));
                    self.producer.insert(v, (u, 0));
                }
            }
        }
    }

    fn op(&mut self, id: OpId, op: &Op, consumers: &mut Vec<(ValueId, UnitId, usize)>) {
        let name = op
            .name
            .clone()
            .unwrap_or_else(|| format!("{}_{}", op.kind.mnemonic(), id.0));
        if let OpKind::End = op.kind {
            for (i, &v) in op.operands.iter().enumerate() {
                let res = self
                    .func
                    .res_names
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("out{i}"));
                let u = self.unit(
                    format!("{name}.{res}"),
                    UnitKind::Exit,
                    UnitOrigin::EndOperand(id, i),
                );
                self.out.exit_names.push(res);
                consumers.push((v, u, 0));
            }
            return;
        }
        let Some((kind, ports)) = self.kind(id, op) else {
            return;
        };
        let u = self.unit(name, kind, UnitOrigin::Op(id));
        for (i, &r) in op.results.iter().enumerate() {
            self.producer.insert(r, (u, i));
        }
        for (v, port) in ports {
            consumers.push((v, u, port));
        }
    }

    fn width(&self, v: ValueId) -> u32 {
        self.func.ty(v).map(Type::data_width).unwrap_or(0)
    }

    fn latency(&self, op: &Op) -> usize {
        let w = op.operands.first().map(|&v| self.width(v)).unwrap_or(32);
        self.timing.latency(op.kind.mnemonic(), w).unwrap_or(0) as usize
    }

    fn unsupported(&mut self, op: &Op, why: &str) {
        let mut d = Diagnostic::error(format!("the simulator cannot run {}: {why}", op_label(op)));
        if let Some(span) = op.loc.0 {
            d = d.with_label(span, "here");
        }
        self.diags.push(d);
    }

    /// The unit kind of `op` and its operands with their netlist input ports.
    fn kind(&mut self, id: OpId, op: &Op) -> Option<(UnitKind, Vec<(ValueId, usize)>)> {
        let n_in = op.operands.len();
        let n_out = op.results.len();
        let ident = |ops: &[ValueId]| ops.iter().copied().zip(0..).collect::<Vec<_>>();
        for &v in op.operands.iter().chain(&op.results) {
            if self.func.ty(v).is_some_and(|t| !t.extras().is_empty()) {
                self.unsupported(op, "channels with extra signals are not simulated");
                return None;
            }
        }
        let kind = match &op.kind {
            OpKind::Fork => UnitKind::Fork { size: n_out },
            OpKind::LazyFork => UnitKind::LazyFork { size: n_out },
            OpKind::Join => UnitKind::Join { size: n_in },
            OpKind::Merge => UnitKind::Merge { size: n_in },
            OpKind::Mux => UnitKind::Mux {
                size: n_in.saturating_sub(1),
            },
            OpKind::ControlMerge => UnitKind::ControlMerge { size: n_in },
            OpKind::Br => UnitKind::Br,
            OpKind::CondBr => UnitKind::CondBr,
            OpKind::Sink => UnitKind::Sink,
            OpKind::Source => UnitKind::Source,
            OpKind::Select => UnitKind::Select,
            OpKind::Load => UnitKind::Load,
            OpKind::Store if n_in == 2 => UnitKind::Store,
            OpKind::Constant { value } => {
                let w = op.results.first().map(|&v| self.width(v)).unwrap_or(0);
                let mask = crate::bits::mask(w);
                let bits = match value {
                    Attr::Bool(b) => u64::from(*b),
                    Attr::Int { value, .. } => *value as u64,
                    Attr::Float { bits, .. } => *bits,
                    _ => {
                        self.unsupported(op, "its value is not a number");
                        return None;
                    }
                };
                UnitKind::Constant { value: bits & mask }
            }
            OpKind::Buffer(p) => UnitKind::Buffer {
                ty: sim_buffer(p.effective_type()),
                slots: p.num_slots.max(1) as usize,
            },
            OpKind::Bin(b) => {
                let latency = self.latency(op);
                match bin(*b) {
                    Ok(op) => UnitKind::Int { op, latency },
                    Err(op) => UnitKind::Float { op, latency },
                }
            }
            OpKind::Un(u) => {
                let latency = self.latency(op);
                match un(*u) {
                    Ok(op) => UnitKind::Int { op, latency },
                    Err(op) => UnitKind::Float { op, latency },
                }
            }
            OpKind::Cast(c) => {
                let latency = self.latency(op);
                match cast(*c) {
                    Ok(op) => UnitKind::Int { op, latency },
                    Err(op) => UnitKind::Float { op, latency },
                }
            }
            OpKind::CmpI(p) => UnitKind::Int {
                op: IntOp::Cmp(cmpi(*p)),
                latency: self.latency(op),
            },
            OpKind::CmpF(p) => UnitKind::Float {
                op: FloatOp::Cmp(cmpf(*p)),
                latency: self.latency(op),
            },
            OpKind::MemController { .. } => return self.mem_controller(id, op),
            OpKind::Lsq { .. } => return self.lsq(id, op),
            OpKind::Store => {
                self.unsupported(op, "stores with a done token are not simulated");
                return None;
            }
            other => {
                let why = format!("`{}` has no simulation model", other.mnemonic());
                self.unsupported(op, &why);
                return None;
            }
        };
        Some((kind, ident(&op.operands)))
    }

    /// Memory controller: operands `memref, start, (count | ld addr | st addr, st data)…, end`,
    /// classified by [`controller_ports`].
    fn mem_controller(&mut self, id: OpId, op: &Op) -> Option<(UnitKind, Vec<(ValueId, usize)>)> {
        let memory = self.memory_of(op);
        let (Some(memory), Some(ports)) = (memory, controller_ports(self.func, id)) else {
            self.unsupported(
                op,
                "its first operand is not a memory argument of the kernel",
            );
            return None;
        };
        if ports.st_addr.len() != ports.st_data.len() {
            self.unsupported(op, "its store addresses and data do not pair up");
            return None;
        }
        let kind = UnitKind::MemController {
            memory,
            controls: ports.ctrl.len(),
            loads: ports.ld_addr.len(),
            stores: ports.st_addr.len(),
        };
        let order = interface_order(
            op,
            [ports.ctrl, ports.ld_addr, ports.st_addr, ports.st_data],
        );
        Some((kind, order))
    }

    /// Load-store queue: operands `memref, start, (ctrl, access…)…, end` on a memory, or
    /// `(ctrl, access…)…, ldDataFromMC, end` beside a controller, classified by [`lsq_ports`].
    fn lsq(&mut self, id: OpId, op: &Op) -> Option<(UnitKind, Vec<(ValueId, usize)>)> {
        let ports = lsq_ports(self.func, id);
        let memory = self.memory_of(op);
        let order = match (&ports, memory) {
            (Some(p), Some(_)) if p.from_mc.is_none() => interface_order(
                op,
                [
                    p.ctrl.clone(),
                    p.ld_addr.clone(),
                    p.st_addr.clone(),
                    p.st_data.clone(),
                ],
            ),
            (Some(p), None) if p.from_mc.is_some() => {
                let roles = [&p.ctrl, &p.ld_addr, &p.st_addr, &p.st_data];
                roles
                    .into_iter()
                    .flatten()
                    .copied()
                    .chain(p.from_mc)
                    .chain(std::iter::once(op.operands.len() - 1))
                    .map(|i| op.operands[i])
                    .zip(0..)
                    .collect()
            }
            _ => {
                self.unsupported(
                    op,
                    "it is neither a load-store queue on a memory argument of the kernel nor one \
                     beside a memory controller, with operands that fit its group sizes",
                );
                return None;
            }
        };
        let shape = ports?.shape;
        Some((UnitKind::Lsq { memory, shape }, order))
    }

    /// The memory argument a memory interface's first operand names.
    fn memory_of(&self, op: &Op) -> Option<usize> {
        op.operands
            .first()
            .and_then(|v| self.memory_of_arg.get(v))
            .copied()
    }

    fn channel(&mut self, v: ValueId, unit: UnitId, port: usize) {
        let Some(&from) = self.producer.get(&v) else {
            // Memref operands are memories, not channels; anything else is dangling.
            if !self.memory_of_arg.contains_key(&v) {
                let who = self.out.netlist.units[unit].name.clone();
                self.diags.push(Diagnostic::error(format!(
                    "operand {port} of `{who}` has no producer in the simulated circuit"
                )));
            }
            return;
        };
        let name = self
            .func
            .value(v)
            .and_then(|x| x.name())
            .map(str::to_string)
            .unwrap_or_else(|| {
                let p = &self.out.netlist.units[from.0].name;
                format!("{p}.out{}", from.1)
            });
        let width = self.width(v);
        self.out.netlist.connect(name, width, from, (unit, port));
        self.out.channel_values.push(v);
    }
}

/// A memory interface's operands in the simulator's port order: `start` (operand 1), the
/// classified port operands role by role, `end` (the last operand).
fn interface_order(op: &Op, roles: [Vec<usize>; 4]) -> Vec<(ValueId, usize)> {
    std::iter::once(1)
        .chain(roles.into_iter().flatten())
        .chain(std::iter::once(op.operands.len() - 1))
        .map(|i| op.operands[i])
        .zip(0..)
        .collect()
}

fn sim_buffer(t: BufferType) -> SimBuffer {
    match t {
        BufferType::OneSlotBreakDV => SimBuffer::OneSlotBreakDv,
        BufferType::OneSlotBreakR => SimBuffer::OneSlotBreakR,
        BufferType::OneSlotBreakDVR => SimBuffer::OneSlotBreakDvr,
        BufferType::FifoBreakDV => SimBuffer::FifoBreakDv,
        BufferType::FifoBreakNone => SimBuffer::FifoBreakNone,
        BufferType::ShiftRegBreakDV => SimBuffer::ShiftRegBreakDv,
    }
}

fn bin(b: BinOp) -> Result<IntOp, FloatOp> {
    Ok(match b {
        BinOp::AddI => IntOp::Add,
        BinOp::SubI => IntOp::Sub,
        BinOp::MulI => IntOp::Mul,
        BinOp::DivSI => IntOp::DivS,
        BinOp::DivUI => IntOp::DivU,
        BinOp::RemSI => IntOp::RemS,
        BinOp::AndI => IntOp::And,
        BinOp::OrI => IntOp::Or,
        BinOp::XorI => IntOp::Xor,
        BinOp::ShlI => IntOp::Shl,
        BinOp::ShrSI => IntOp::ShrS,
        BinOp::ShrUI => IntOp::ShrU,
        BinOp::MaxSI => IntOp::MaxS,
        BinOp::MaxUI => IntOp::MaxU,
        BinOp::MinSI => IntOp::MinS,
        BinOp::MinUI => IntOp::MinU,
        BinOp::AddF => return Err(FloatOp::Add),
        BinOp::SubF => return Err(FloatOp::Sub),
        BinOp::MulF => return Err(FloatOp::Mul),
        BinOp::DivF => return Err(FloatOp::Div),
        BinOp::MaximumF => return Err(FloatOp::Max),
        BinOp::MinimumF => return Err(FloatOp::Min),
    })
}

fn un(u: UnOp) -> Result<IntOp, FloatOp> {
    match u {
        UnOp::AbsI => Ok(IntOp::Abs),
        UnOp::NotI => Ok(IntOp::Not),
        UnOp::NegF => Err(FloatOp::Neg),
        UnOp::AbsF => Err(FloatOp::Abs),
    }
}

fn cast(c: CastOp) -> Result<IntOp, FloatOp> {
    match c {
        CastOp::ExtSI => Ok(IntOp::ExtS),
        CastOp::ExtUI => Ok(IntOp::ExtU),
        CastOp::TruncI => Ok(IntOp::Trunc),
        CastOp::ExtF => Err(FloatOp::Ext),
        CastOp::TruncF => Err(FloatOp::Trunc),
        CastOp::SIToFP => Err(FloatOp::SiToFp),
        CastOp::UIToFP => Err(FloatOp::UiToFp),
        CastOp::FPToSI => Err(FloatOp::FpToSi),
        CastOp::FPToUI => Err(FloatOp::FpToUi),
    }
}

fn cmpi(p: CmpIPred) -> IntPredicate {
    match p {
        CmpIPred::Eq => IntPredicate::Eq,
        CmpIPred::Ne => IntPredicate::Ne,
        CmpIPred::Slt => IntPredicate::Slt,
        CmpIPred::Sle => IntPredicate::Sle,
        CmpIPred::Sgt => IntPredicate::Sgt,
        CmpIPred::Sge => IntPredicate::Sge,
        CmpIPred::Ult => IntPredicate::Ult,
        CmpIPred::Ule => IntPredicate::Ule,
        CmpIPred::Ugt => IntPredicate::Ugt,
        CmpIPred::Uge => IntPredicate::Uge,
    }
}

fn cmpf(p: CmpFPred) -> FloatPredicate {
    match p {
        CmpFPred::False => FloatPredicate::False,
        CmpFPred::Oeq => FloatPredicate::Oeq,
        CmpFPred::Ogt => FloatPredicate::Ogt,
        CmpFPred::Oge => FloatPredicate::Oge,
        CmpFPred::Olt => FloatPredicate::Olt,
        CmpFPred::Ole => FloatPredicate::Ole,
        CmpFPred::One => FloatPredicate::One,
        CmpFPred::Ord => FloatPredicate::Ord,
        CmpFPred::Ueq => FloatPredicate::Ueq,
        CmpFPred::Ugt => FloatPredicate::Ugt,
        CmpFPred::Uge => FloatPredicate::Uge,
        CmpFPred::Ult => FloatPredicate::Ult,
        CmpFPred::Ule => FloatPredicate::Ule,
        CmpFPred::Une => FloatPredicate::Une,
        CmpFPred::Uno => FloatPredicate::Uno,
        CmpFPred::True => FloatPredicate::True,
    }
}
