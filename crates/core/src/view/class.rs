//! What a unit is drawn as: its [`UnitClass`], one per family of operations, each with its
//! own glyph on the page, grouped into coarser families for colours (`fork`, `memory`,
//! `buffer`…).

use crate::handshake::{Attr, BinOp, BufferParams, BufferType, CmpIPred, OpKind};
use serde::{Deserialize, Serialize};

/// What a unit is, for drawing: each class has its own glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitClass {
    /// A function argument (kernel input or start token).
    Argument,
    /// `fork` (eager).
    Fork,
    /// `lazy_fork`.
    LazyFork,
    /// `join`.
    Join,
    /// `merge`.
    Merge,
    /// `control_merge`.
    ControlMerge,
    /// `mux`.
    Mux,
    /// `cond_br`, `br`.
    Branch,
    /// `select`.
    Select,
    /// Arithmetic and casts.
    Arithmetic,
    /// `cmpi`, `cmpf`.
    Compare,
    /// `load`.
    Load,
    /// `store`.
    Store,
    /// `mem_controller`.
    MemController,
    /// `lsq`.
    Lsq,
    /// A one-slot buffer breaking data and valid.
    BufferDv,
    /// A one-slot buffer breaking ready.
    BufferR,
    /// A one-slot buffer breaking data, valid and ready.
    BufferDvr,
    /// A FIFO breaking data and valid.
    FifoDv,
    /// A FIFO breaking no path.
    FifoNone,
    /// A shift register.
    ShiftReg,
    /// `source`.
    Source,
    /// `sink`.
    Sink,
    /// `constant`.
    Constant,
    /// `end`, `return`.
    End,
    /// Everything else (`instance`, `blocker`, bundles…).
    Other,
    /// A collapsed basic block standing for all its units (not an operation).
    Block,
}

impl UnitClass {
    /// Every class, in the legend's order.
    pub const ALL: [UnitClass; 26] = [
        UnitClass::Argument,
        UnitClass::Fork,
        UnitClass::LazyFork,
        UnitClass::Join,
        UnitClass::Merge,
        UnitClass::ControlMerge,
        UnitClass::Mux,
        UnitClass::Branch,
        UnitClass::Select,
        UnitClass::Arithmetic,
        UnitClass::Compare,
        UnitClass::Load,
        UnitClass::Store,
        UnitClass::MemController,
        UnitClass::Lsq,
        UnitClass::BufferDv,
        UnitClass::BufferR,
        UnitClass::BufferDvr,
        UnitClass::FifoDv,
        UnitClass::FifoNone,
        UnitClass::ShiftReg,
        UnitClass::Source,
        UnitClass::Sink,
        UnitClass::Constant,
        UnitClass::End,
        UnitClass::Other,
    ];

    /// The class's name, as serialized (`control_merge`).
    pub fn name(self) -> &'static str {
        match self {
            UnitClass::Argument => "argument",
            UnitClass::Fork => "fork",
            UnitClass::LazyFork => "lazy_fork",
            UnitClass::Join => "join",
            UnitClass::Merge => "merge",
            UnitClass::ControlMerge => "control_merge",
            UnitClass::Mux => "mux",
            UnitClass::Branch => "branch",
            UnitClass::Select => "select",
            UnitClass::Arithmetic => "arithmetic",
            UnitClass::Compare => "compare",
            UnitClass::Load => "load",
            UnitClass::Store => "store",
            UnitClass::MemController => "mem_controller",
            UnitClass::Lsq => "lsq",
            UnitClass::BufferDv => "buffer_dv",
            UnitClass::BufferR => "buffer_r",
            UnitClass::BufferDvr => "buffer_dvr",
            UnitClass::FifoDv => "fifo_dv",
            UnitClass::FifoNone => "fifo_none",
            UnitClass::ShiftReg => "shift_reg",
            UnitClass::Source => "source",
            UnitClass::Sink => "sink",
            UnitClass::Constant => "constant",
            UnitClass::End => "end",
            UnitClass::Other => "other",
            UnitClass::Block => "block",
        }
    }

    /// The coarser family the class belongs to, for colours: `fork` (both forks), `branch`,
    /// `arithmetic` (with compares and selects), `memory` (loads, stores and memory
    /// interfaces), `buffer` (every buffer type), `control` (joins, sources and sinks), or
    /// the class's own name.
    pub fn family(self) -> &'static str {
        match self {
            UnitClass::Fork | UnitClass::LazyFork => "fork",
            UnitClass::Arithmetic | UnitClass::Compare | UnitClass::Select => "arithmetic",
            UnitClass::Load | UnitClass::Store | UnitClass::MemController | UnitClass::Lsq => {
                "memory"
            }
            c if c.is_buffer() => "buffer",
            UnitClass::Join | UnitClass::Source | UnitClass::Sink => "control",
            c => c.name(),
        }
    }

    /// Whether the class is a buffer's.
    pub fn is_buffer(self) -> bool {
        self.buffer_type().is_some()
    }

    /// The buffer type the class draws, for buffer classes.
    pub fn buffer_type(self) -> Option<BufferType> {
        Some(match self {
            UnitClass::BufferDv => BufferType::OneSlotBreakDV,
            UnitClass::BufferR => BufferType::OneSlotBreakR,
            UnitClass::BufferDvr => BufferType::OneSlotBreakDVR,
            UnitClass::FifoDv => BufferType::FifoBreakDV,
            UnitClass::FifoNone => BufferType::FifoBreakNone,
            UnitClass::ShiftReg => BufferType::ShiftRegBreakDV,
            _ => return None,
        })
    }

    /// The class of a buffer of type `ty`.
    pub fn of_buffer(ty: BufferType) -> UnitClass {
        match ty {
            BufferType::OneSlotBreakDV => UnitClass::BufferDv,
            BufferType::OneSlotBreakR => UnitClass::BufferR,
            BufferType::OneSlotBreakDVR => UnitClass::BufferDvr,
            BufferType::FifoBreakDV => UnitClass::FifoDv,
            BufferType::FifoBreakNone => UnitClass::FifoNone,
            BufferType::ShiftRegBreakDV => UnitClass::ShiftReg,
        }
    }

    /// An operation kind of the class (what the legend explains it by); `None` for
    /// arguments.
    pub fn sample(self) -> Option<OpKind> {
        if let Some(ty) = self.buffer_type() {
            let slots = if ty.is_one_slot() { 1 } else { 2 };
            return Some(OpKind::Buffer(BufferParams::new(ty, slots)));
        }
        Some(match self {
            UnitClass::Argument | UnitClass::Block => return None,
            UnitClass::Fork => OpKind::Fork,
            UnitClass::LazyFork => OpKind::LazyFork,
            UnitClass::Join => OpKind::Join,
            UnitClass::Merge => OpKind::Merge,
            UnitClass::ControlMerge => OpKind::ControlMerge,
            UnitClass::Mux => OpKind::Mux,
            UnitClass::Branch => OpKind::CondBr,
            UnitClass::Select => OpKind::Select,
            UnitClass::Arithmetic => OpKind::Bin(BinOp::AddI),
            UnitClass::Compare => OpKind::CmpI(CmpIPred::Slt),
            UnitClass::Load => OpKind::Load,
            UnitClass::Store => OpKind::Store,
            UnitClass::MemController => OpKind::MemController {
                connected_blocks: Vec::new(),
            },
            UnitClass::Lsq => OpKind::Lsq {
                group_sizes: Vec::new(),
                through_mc: false,
            },
            UnitClass::Source => OpKind::Source,
            UnitClass::Sink => OpKind::Sink,
            UnitClass::Constant => OpKind::Constant {
                value: Attr::Bool(true),
            },
            UnitClass::End => OpKind::End,
            _ => OpKind::Bundle,
        })
    }
}
