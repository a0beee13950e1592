//! The abstract netlist the simulator runs: units (typed kinds with their parameters) connected
//! by channels. It does not depend on any IR; an adapter builds it from the Handshake IR.
//!
//! Invariants checked by [`Netlist::validate`]: every channel names existing units and ports in
//! range; every port of every unit is connected to exactly one channel; channel widths are ≤ 64
//! and agree with what each unit kind requires; each memory controller names an existing memory
//! and each memory has at most one controller. Port numbering per kind is given by
//! [`UnitKind::num_inputs`] / [`UnitKind::num_outputs`] and documented on each variant; it
//! follows the operand/result order of `rtl-templates/README.md` §1.3.

use super::netlist_check;
use crate::diag::Diagnostic;

/// Index of a unit in [`Netlist::units`].
pub type UnitId = usize;
/// Index of a channel in [`Netlist::channels`].
pub type ChannelId = usize;

/// A circuit: units, the channels between them and the memories behind memory controllers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Netlist {
    /// The units, in a stable order (the simulator evaluates and reports in this order).
    pub units: Vec<Unit>,
    /// The channels; each connects one output port to one input port.
    pub channels: Vec<Channel>,
    /// Memories (one per array argument), with their initial contents.
    pub memories: Vec<Memory>,
}

/// One unit instance.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// What the unit is, with its parameters.
    pub kind: UnitKind,
    /// Its unique name (used in reports, traces and VCD scopes).
    pub name: String,
}

/// A channel from an output port of one unit to an input port of another.
#[derive(Clone, Debug, PartialEq)]
pub struct Channel {
    /// Data width in bits (0 = control-only), ≤ 64.
    pub width: u32,
    /// Producer unit and its output port number.
    pub producer: (UnitId, usize),
    /// Consumer unit and its input port number.
    pub consumer: (UnitId, usize),
    /// Its name (used in reports, traces and VCD).
    pub name: String,
}

/// A word-addressed memory behind one memory controller.
#[derive(Clone, Debug, PartialEq)]
pub struct Memory {
    /// Its name (the array argument).
    pub name: String,
    /// Word width in bits, ≤ 64.
    pub width: u32,
    /// Initial contents; the length is the depth in words.
    pub contents: Vec<u64>,
}

/// The buffer types of `spec/buffering.md` (semantics in `rtl-templates/README.md` §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferType {
    /// Latency 1, combinational ready, capacity 1.
    OneSlotBreakDv,
    /// Latency 0, registered ready, capacity 1.
    OneSlotBreakR,
    /// Latency 1, registered ready, capacity 1.
    OneSlotBreakDvr,
    /// Latency 1, combinational ready, capacity NUM_SLOTS.
    FifoBreakDv,
    /// Latency 0 (bypass when empty), combinational ready, capacity NUM_SLOTS.
    FifoBreakNone,
    /// Latency NUM_SLOTS, combinational ready, capacity NUM_SLOTS.
    ShiftRegBreakDv,
}

/// Integer comparison predicates (`cmpi`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntPredicate {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// signed `<`
    Slt,
    /// signed `<=`
    Sle,
    /// signed `>`
    Sgt,
    /// signed `>=`
    Sge,
    /// unsigned `<`
    Ult,
    /// unsigned `<=`
    Ule,
    /// unsigned `>`
    Ugt,
    /// unsigned `>=`
    Uge,
}

/// Integer operations (`rtl-templates/README.md` §5.1, §5.2). Width = the result channel's width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    /// `addi`
    Add,
    /// `subi`
    Sub,
    /// `andi`
    And,
    /// `ori`
    Or,
    /// `xori`
    Xor,
    /// `shli`
    Shl,
    /// `shrsi`
    ShrS,
    /// `shrui`
    ShrU,
    /// `maxsi`
    MaxS,
    /// `maxui`
    MaxU,
    /// `minsi`
    MinS,
    /// `minui`
    MinU,
    /// `muli`
    Mul,
    /// `divsi`
    DivS,
    /// `divui`
    DivU,
    /// `remsi`
    RemS,
    /// `remui`
    RemU,
    /// `cmpi` (1-bit result)
    Cmp(IntPredicate),
    /// `extsi` (unary)
    ExtS,
    /// `extui` (unary)
    ExtU,
    /// `trunci` (unary)
    Trunc,
    /// `absi` (unary)
    Abs,
    /// `noti` (unary)
    Not,
}

/// Float comparison predicates (`cmpf`, the MLIR `arith` set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatPredicate {
    /// always false
    False,
    /// ordered and equal
    Oeq,
    /// ordered and greater
    Ogt,
    /// ordered and greater or equal
    Oge,
    /// ordered and less
    Olt,
    /// ordered and less or equal
    Ole,
    /// ordered and not equal
    One,
    /// neither is NaN
    Ord,
    /// unordered or equal
    Ueq,
    /// unordered or greater
    Ugt,
    /// unordered or greater or equal
    Uge,
    /// unordered or less
    Ult,
    /// unordered or less or equal
    Ule,
    /// unordered or not equal
    Une,
    /// either is NaN
    Uno,
    /// always true
    True,
}

/// Floating-point operations; the format (f32/f64) is given by the operand width (32 or 64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatOp {
    /// `addf`
    Add,
    /// `subf`
    Sub,
    /// `mulf`
    Mul,
    /// `divf`
    Div,
    /// `maximumf` (NaN-propagating)
    Max,
    /// `minimumf` (NaN-propagating)
    Min,
    /// `cmpf` (1-bit result)
    Cmp(FloatPredicate),
    /// `negf` (unary)
    Neg,
    /// `absf` (unary)
    Abs,
    /// `sitofp` (unary; integer input of any width)
    SiToFp,
    /// `uitofp` (unary)
    UiToFp,
    /// `fptosi` (unary; saturating, NaN → 0)
    FpToSi,
    /// `fptoui` (unary; as C on x86-64: through a 32- or 64-bit signed conversion, low bits)
    FpToUi,
    /// `extf` f32 → f64 (unary)
    Ext,
    /// `truncf` f64 → f32 (unary)
    Trunc,
}

impl IntOp {
    /// Whether the operation has one operand (`ins`) rather than two (`lhs`, `rhs`).
    pub fn is_unary(self) -> bool {
        matches!(
            self,
            IntOp::ExtS | IntOp::ExtU | IntOp::Trunc | IntOp::Abs | IntOp::Not
        )
    }
}

impl FloatOp {
    /// Whether the operation has one operand.
    pub fn is_unary(self) -> bool {
        matches!(
            self,
            FloatOp::Neg
                | FloatOp::Abs
                | FloatOp::SiToFp
                | FloatOp::UiToFp
                | FloatOp::FpToSi
                | FloatOp::FpToUi
                | FloatOp::Ext
                | FloatOp::Trunc
        )
    }
}

/// What a unit is. Port lists: "in:" input ports in order, "out:" output ports in order.
#[derive(Clone, Debug, PartialEq)]
pub enum UnitKind {
    /// Eager fork. in: `ins`; out: `outs[0..size]`.
    Fork { size: usize },
    /// Lazy fork. in: `ins`; out: `outs[0..size]`.
    LazyFork { size: usize },
    /// Join (control-only). in: `ins[0..size]`; out: `outs`.
    Join { size: usize },
    /// Priority merge, no buffer. in: `ins[0..size]`; out: `outs`.
    Merge { size: usize },
    /// Mux. in: `index`, `ins[0..size]`; out: `outs`.
    Mux { size: usize },
    /// Control merge. in: `ins[0..size]`; out: `outs`, `index`.
    ControlMerge { size: usize },
    /// Wire. in: `ins`; out: `outs`.
    Br,
    /// Conditional branch. in: `condition` (1 bit), `data`; out: `trueOut`, `falseOut`.
    CondBr,
    /// Always-ready sink. in: `ins`.
    Sink,
    /// A token every cycle (control-only). out: `outs`.
    Source,
    /// Constant. in: `ctrl`; out: `outs` carrying `value`.
    Constant { value: u64 },
    /// Select. in: `condition`, `trueValue`, `falseValue`; out: `result`.
    Select,
    /// Buffer. in: `ins`; out: `outs`. `slots` is NUM_SLOTS (1 for the ONE_SLOT types).
    Buffer { ty: BufferType, slots: usize },
    /// Integer operation. in: `lhs`, `rhs` (or `ins` if unary); out: `result`. `latency` 0 is
    /// combinational; ≥ 1 is a SHIFT_REG_BREAK_DV pipeline of that many slots.
    Int { op: IntOp, latency: usize },
    /// Float operation, same ports and pipeline as [`UnitKind::Int`].
    Float { op: FloatOp, latency: usize },
    /// Load port. in: `addrIn`, `dataFromMem`; out: `addrOut`, `dataOut`.
    Load,
    /// Store port. in: `addrIn`, `dataIn`; out: `addrOut`, `dataToMem`.
    Store,
    /// Memory controller of `memory`. in: `memStart`, `ctrl[0..controls]` (32 bits),
    /// `ldAddr[0..loads]`, `stAddr[0..stores]`, `stData[0..stores]`, `ctrlEnd`;
    /// out: `ldData[0..loads]`, `memEnd`.
    MemController {
        memory: usize,
        controls: usize,
        loads: usize,
        stores: usize,
    },
    /// Load-store queue of `memory`. in: `memStart`, `ctrl[0..groups]` (control),
    /// `ldAddr[0..loads]`, `stAddr[0..stores]`, `stData[0..stores]`, `ctrlEnd`;
    /// out: `ldData[0..loads]`, `memEnd`. Beside a memory controller (`memory` None), no
    /// `memStart` but `ldDataFromMC` before `ctrlEnd`, and `ldAddrToMC`, `stAddrToMC`,
    /// `stDataToMC` before `memEnd`: the controller's load port 0 and store port 0.
    Lsq {
        memory: Option<usize>,
        shape: LsqShape,
    },
    /// Kernel input: offers one token carrying `value` from cycle 0 until it is taken.
    /// out: `outs`.
    Entry { value: u64 },
    /// Kernel output: always ready; the run ends when every exit has taken a token. in: `ins`.
    Exit,
    /// Test stimulus: offers `tokens` in order. Token k becomes valid in cycle c only if the
    /// previous token transferred before cycle c and `offer[c]` is true (true past the end of
    /// `offer`); once valid it stays valid and unchanged until it transfers. out: `outs`.
    ScriptSource { tokens: Vec<u64>, offer: Vec<bool> },
    /// Test consumer: ready in cycle c is `ready[c]` (true past the end). in: `ins`.
    ScriptSink { ready: Vec<bool> },
}

/// The groups and queue depths of a load-store queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LsqShape {
    /// Per group (a basic block), its accesses in program order: true for a store.
    pub groups: Vec<Vec<bool>>,
    /// Load-queue entries (1..=64).
    pub ldq_depth: usize,
    /// Store-queue entries (1..=64).
    pub stq_depth: usize,
}

impl LsqShape {
    /// The number of load ports.
    pub fn loads(&self) -> usize {
        self.groups.iter().flatten().filter(|s| !**s).count()
    }

    /// The number of store ports.
    pub fn stores(&self) -> usize {
        self.groups.iter().flatten().filter(|s| **s).count()
    }

    /// The accesses of group `g` in program order: (is a store, its load or store port).
    pub fn ports_of(&self, g: usize) -> Vec<(bool, usize)> {
        let before = self.groups[..g].iter().flatten();
        let mut nl = before.clone().filter(|s| !**s).count();
        let mut ns = before.filter(|s| **s).count();
        self.groups[g]
            .iter()
            .map(|&st| {
                let n = if st { &mut ns } else { &mut nl };
                *n += 1;
                (st, *n - 1)
            })
            .collect()
    }
}

impl UnitKind {
    /// Number of input ports.
    pub fn num_inputs(&self) -> usize {
        match self {
            UnitKind::Fork { .. } | UnitKind::LazyFork { .. } => 1,
            UnitKind::Join { size }
            | UnitKind::Merge { size }
            | UnitKind::ControlMerge { size } => *size,
            UnitKind::Mux { size } => 1 + size,
            UnitKind::Br | UnitKind::Sink | UnitKind::Constant { .. } | UnitKind::Buffer { .. } => {
                1
            }
            UnitKind::Exit | UnitKind::ScriptSink { .. } => 1,
            UnitKind::CondBr | UnitKind::Load | UnitKind::Store => 2,
            UnitKind::Select => 3,
            UnitKind::Source | UnitKind::Entry { .. } | UnitKind::ScriptSource { .. } => 0,
            UnitKind::Int { op, .. } => 2 - usize::from(op.is_unary()),
            UnitKind::Float { op, .. } => 2 - usize::from(op.is_unary()),
            UnitKind::MemController {
                controls,
                loads,
                stores,
                ..
            } => 2 + controls + loads + 2 * stores,
            UnitKind::Lsq { shape, .. } => {
                2 + shape.groups.len() + shape.loads() + 2 * shape.stores()
            }
        }
    }

    /// Number of output ports.
    pub fn num_outputs(&self) -> usize {
        match self {
            UnitKind::Fork { size } | UnitKind::LazyFork { size } => *size,
            UnitKind::ControlMerge { .. } | UnitKind::CondBr | UnitKind::Load | UnitKind::Store => {
                2
            }
            UnitKind::Sink | UnitKind::Exit | UnitKind::ScriptSink { .. } => 0,
            UnitKind::MemController { loads, .. } => loads + 1,
            UnitKind::Lsq { shape, memory } => {
                shape.loads() + 1 + if memory.is_some() { 0 } else { 3 }
            }
            _ => 1,
        }
    }

    /// The pipeline latency of the unit (0 for everything but pipelined operators and
    /// shift-register buffers); used to bound deadlock detection.
    pub fn latency(&self) -> usize {
        match self {
            UnitKind::Int { latency, .. } | UnitKind::Float { latency, .. } => *latency,
            UnitKind::Buffer { slots, .. } => *slots,
            _ => 0,
        }
    }
}

impl Netlist {
    /// An empty netlist.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a unit and returns its id.
    pub fn add_unit(&mut self, name: impl Into<String>, kind: UnitKind) -> UnitId {
        self.units.push(Unit {
            kind,
            name: name.into(),
        });
        self.units.len() - 1
    }

    /// Adds a channel of `width` bits from output `from.1` of unit `from.0` to input `to.1` of
    /// unit `to.0`, and returns its id.
    pub fn connect(
        &mut self,
        name: impl Into<String>,
        width: u32,
        from: (UnitId, usize),
        to: (UnitId, usize),
    ) -> ChannelId {
        self.channels.push(Channel {
            width,
            producer: from,
            consumer: to,
            name: name.into(),
        });
        self.channels.len() - 1
    }

    /// Adds a memory and returns its index (for [`UnitKind::MemController::memory`]).
    pub fn add_memory(&mut self, name: impl Into<String>, width: u32, contents: Vec<u64>) -> usize {
        self.memories.push(Memory {
            name: name.into(),
            width,
            contents,
        });
        self.memories.len() - 1
    }

    /// Checks the invariants listed in the module documentation; returns every violation.
    pub fn validate(&self) -> Vec<Diagnostic> {
        netlist_check::check(self)
    }
}
