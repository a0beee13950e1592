//! Handshake operations: their kinds (with typed attributes) and the operation record.
//!
//! An [`Op`] lists its operand and result values; the meaning of each position is fixed per
//! kind and documented on the [`OpKind`] variant (e.g. `Mux`: operand 0 is the select, the rest
//! are data inputs). Sizes that the text repeats (`fork [3]`) are not stored: they are the number
//! of results or operands.

use super::attr::{Attr, Timing};
use super::func::{SourceLoc, ValueId};
use super::origin::Origin;
use std::collections::BTreeMap;
use std::fmt;

macro_rules! mnemonic_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $text:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vm])* $var),* }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$var),*];

            /// The text form.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$var => $text),* }
            }

            /// Parses the text form.
            pub fn from_text(s: &str) -> Option<$name> {
                match s { $($text => Some($name::$var),)* _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

mnemonic_enum!(
    /// Binary arithmetic: two operands and one result, all of the same type.
    BinOp {
        /// Integer addition.
        AddI = "addi", /// Integer subtraction.
        SubI = "subi", /// Integer multiplication.
        MulI = "muli", /// Signed division.
        DivSI = "divsi", /// Unsigned division.
        DivUI = "divui", /// Signed remainder.
        RemSI = "remsi", /// Bitwise and.
        AndI = "andi", /// Bitwise or.
        OrI = "ori", /// Bitwise xor.
        XorI = "xori", /// Shift left.
        ShlI = "shli", /// Arithmetic shift right.
        ShrSI = "shrsi", /// Logical shift right.
        ShrUI = "shrui", /// Signed maximum.
        MaxSI = "maxsi", /// Unsigned maximum.
        MaxUI = "maxui", /// Signed minimum.
        MinSI = "minsi", /// Unsigned minimum.
        MinUI = "minui", /// Float addition.
        AddF = "addf", /// Float subtraction.
        SubF = "subf", /// Float multiplication.
        MulF = "mulf", /// Float division.
        DivF = "divf", /// Float maximum.
        MaximumF = "maximumf", /// Float minimum.
        MinimumF = "minimumf",
    }
);

impl BinOp {
    /// True for the float operations.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            BinOp::AddF
                | BinOp::SubF
                | BinOp::MulF
                | BinOp::DivF
                | BinOp::MaximumF
                | BinOp::MinimumF
        )
    }
}

mnemonic_enum!(
    /// Unary arithmetic: one operand and one result of the same type.
    UnOp {
        /// Integer absolute value.
        AbsI = "absi", /// Bitwise not (Dynamatic prints `not`; `noti` is accepted too).
        NotI = "not", /// Float negation.
        NegF = "negf", /// Float absolute value.
        AbsF = "absf",
    }
);

impl UnOp {
    /// True for the float operations.
    pub fn is_float(self) -> bool {
        matches!(self, UnOp::NegF | UnOp::AbsF)
    }
}

mnemonic_enum!(
    /// Conversions: one operand and one result whose data types differ.
    CastOp {
        /// Sign extension (wider integer).
        ExtSI = "extsi", /// Zero extension (wider integer).
        ExtUI = "extui", /// Truncation (narrower integer).
        TruncI = "trunci", /// Float extension (wider float).
        ExtF = "extf", /// Float truncation (narrower float).
        TruncF = "truncf", /// Signed integer to float.
        SIToFP = "sitofp", /// Unsigned integer to float.
        UIToFP = "uitofp", /// Float to signed integer.
        FPToSI = "fptosi", /// Float to unsigned integer.
        FPToUI = "fptoui",
    }
);

mnemonic_enum!(
    /// Integer comparison predicates.
    CmpIPred {
        /// Equal.
        Eq = "eq", /// Not equal.
        Ne = "ne", /// Signed less than.
        Slt = "slt", /// Signed less or equal.
        Sle = "sle", /// Signed greater than.
        Sgt = "sgt", /// Signed greater or equal.
        Sge = "sge", /// Unsigned less than.
        Ult = "ult", /// Unsigned less or equal.
        Ule = "ule", /// Unsigned greater than.
        Ugt = "ugt", /// Unsigned greater or equal.
        Uge = "uge",
    }
);

mnemonic_enum!(
    /// Float comparison predicates (ordered `o*`, unordered `u*`).
    CmpFPred {
        /// Always false.
        False = "false", /// Ordered equal.
        Oeq = "oeq", /// Ordered greater than.
        Ogt = "ogt", /// Ordered greater or equal.
        Oge = "oge", /// Ordered less than.
        Olt = "olt", /// Ordered less or equal.
        Ole = "ole", /// Ordered not equal.
        One = "one", /// Both ordered.
        Ord = "ord", /// Unordered or equal.
        Ueq = "ueq", /// Unordered or greater than.
        Ugt = "ugt", /// Unordered or greater or equal.
        Uge = "uge", /// Unordered or less than.
        Ult = "ult", /// Unordered or less or equal.
        Ule = "ule", /// Unordered or not equal.
        Une = "une", /// Either unordered.
        Uno = "uno", /// Always true.
        True = "true",
    }
);

mnemonic_enum!(
    /// Buffer implementations (spec/buffering.md).
    BufferType {
        /// One slot, breaks data and valid (legacy OEHB).
        OneSlotBreakDV = "ONE_SLOT_BREAK_DV", /// One slot, breaks ready (legacy TEHB).
        OneSlotBreakR = "ONE_SLOT_BREAK_R", /// One slot, breaks data, valid and ready.
        OneSlotBreakDVR = "ONE_SLOT_BREAK_DVR", /// FIFO breaking data and valid.
        FifoBreakDV = "FIFO_BREAK_DV", /// Transparent FIFO.
        FifoBreakNone = "FIFO_BREAK_NONE", /// Shift register with shared control.
        ShiftRegBreakDV = "SHIFT_REG_BREAK_DV",
    }
);

impl BufferType {
    /// True for the `ONE_SLOT_*` types, which require exactly one slot.
    pub fn is_one_slot(self) -> bool {
        matches!(
            self,
            BufferType::OneSlotBreakDV | BufferType::OneSlotBreakR | BufferType::OneSlotBreakDVR
        )
    }

    /// True when the buffer breaks the data and valid paths (a token entering it leaves in
    /// a later cycle at the earliest).
    pub fn breaks_dv(self) -> bool {
        !matches!(self, BufferType::OneSlotBreakR | BufferType::FifoBreakNone)
    }

    /// True when the buffer breaks the ready path.
    pub fn breaks_r(self) -> bool {
        matches!(
            self,
            BufferType::OneSlotBreakR | BufferType::OneSlotBreakDVR
        )
    }
}

/// The parameters of a buffer (kept in `hw.parameters` in the text).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct BufferParams {
    /// `BUFFER_TYPE`; absent in IR from older tools.
    pub buffer_type: Option<BufferType>,
    /// `NUM_SLOTS`.
    pub num_slots: u32,
    /// `TIMING`, if given.
    pub timing: Option<Timing>,
}

impl BufferParams {
    /// A buffer of the given type and size, without timing.
    pub fn new(buffer_type: BufferType, num_slots: u32) -> Self {
        BufferParams {
            buffer_type: Some(buffer_type),
            num_slots,
            timing: None,
        }
    }

    /// The buffer type, inferred for legacy buffers from their timing: a ready-path latency
    /// means `ONE_SLOT_BREAK_R` (one slot) or `FIFO_BREAK_NONE`; a data/valid latency means
    /// `ONE_SLOT_BREAK_DV` (one slot) or `FIFO_BREAK_DV`; no latency means `FIFO_BREAK_NONE`.
    pub fn effective_type(&self) -> BufferType {
        if let Some(t) = self.buffer_type {
            return t;
        }
        let t = self.timing.unwrap_or_default();
        let dv = t.d.unwrap_or(0) > 0 || t.v.unwrap_or(0) > 0;
        let r = t.r.unwrap_or(0) > 0;
        match (dv, r, self.num_slots == 1) {
            (true, true, true) => BufferType::OneSlotBreakDVR,
            (true, _, true) => BufferType::OneSlotBreakDV,
            (true, _, false) => BufferType::FifoBreakDV,
            (false, true, true) => BufferType::OneSlotBreakR,
            _ => BufferType::FifoBreakNone,
        }
    }
}

/// What an operation does, with its typed attributes. The operand/result layout of each kind
/// is given in its documentation (`operands → results`).
#[derive(Clone, Debug, PartialEq)]
pub enum OpKind {
    /// Function terminator: results of the function, then memory-done tokens → none.
    End,
    /// `handshake.return`: values → the same values, one to one.
    Return,
    /// Instance of another function: its arguments → its results.
    Instance {
        /// The callee's symbol name (without `@`).
        callee: String,
        /// Parameters (attributes without a dialect prefix, e.g. `BITWIDTH = 31 : i32`), by name.
        params: BTreeMap<String, Attr>,
    },
    /// Eager fork: one value → N copies.
    Fork,
    /// Lazy fork: one value → N copies.
    LazyFork,
    /// Merge: N inputs → one output.
    Merge,
    /// Mux: select, N data inputs → one output.
    Mux,
    /// Control merge: N inputs → output, index.
    ControlMerge,
    /// Branch: one value → the same value.
    Br,
    /// Conditional branch: condition, data → true output, false output.
    CondBr,
    /// Sink: one value → none.
    Sink,
    /// Source: none → a control token.
    Source,
    /// Join: N inputs → a control token.
    Join,
    /// Blocker: N inputs → the first input's value once all inputs are present.
    Blocker,
    /// Constant: control trigger → the constant (`value`: `Bool`, `Int` or `Float`).
    Constant {
        /// The value.
        value: Attr,
    },
    /// Buffer: one value → the same value, delayed.
    Buffer(BufferParams),
    /// Load port: address, data from memory → address to memory, data out.
    Load,
    /// Store port: address, data[, done token] → address to memory, data to memory[, done].
    Store,
    /// Memory controller: memref, start token, port inputs…, end token → load data…, end token.
    MemController {
        /// `connectedBlocks`.
        connected_blocks: Vec<i64>,
    },
    /// Load-store queue: memref (unless `through_mc`), inputs… → outputs… (last: end token).
    Lsq {
        /// `groupSizes`.
        group_sizes: Vec<i64>,
        /// True for `lsq[MC]`: connected to a memory controller rather than to a memref.
        through_mc: bool,
    },
    /// Bundle (spec/type-system.md): control: valid, down extras → control, ready, up extras;
    /// channel: control, data, down extras → channel, up extras.
    Bundle,
    /// Unbundle: control, ready, up extras → valid, down extras; channel, up extras →
    /// control, data, down extras.
    Unbundle,
    /// Compose a channel's signals into wider ones: channel → channel.
    Compose,
    /// Split composed signals back: channel → channel.
    Decompose,
    /// Binary arithmetic: lhs, rhs → result.
    Bin(BinOp),
    /// Unary arithmetic: operand → result.
    Un(UnOp),
    /// Conversion: operand → result.
    Cast(CastOp),
    /// Integer comparison: lhs, rhs → `channel<i1>`.
    CmpI(CmpIPred),
    /// Float comparison: lhs, rhs → `channel<i1>`.
    CmpF(CmpFPred),
    /// Select: condition, true value, false value → result.
    Select,
}

impl OpKind {
    /// Whether the operation joins control paths: `merge`, `mux` or `control_merge` (the
    /// units that sit at the head of a loop and take its back edges).
    pub fn is_merge_like(&self) -> bool {
        matches!(self, OpKind::Merge | OpKind::Mux | OpKind::ControlMerge)
    }

    /// The operation's mnemonic (without the `handshake.` prefix).
    pub fn mnemonic(&self) -> &'static str {
        match self {
            OpKind::End => "end",
            OpKind::Return => "return",
            OpKind::Instance { .. } => "instance",
            OpKind::Fork => "fork",
            OpKind::LazyFork => "lazy_fork",
            OpKind::Merge => "merge",
            OpKind::Mux => "mux",
            OpKind::ControlMerge => "control_merge",
            OpKind::Br => "br",
            OpKind::CondBr => "cond_br",
            OpKind::Sink => "sink",
            OpKind::Source => "source",
            OpKind::Join => "join",
            OpKind::Blocker => "blocker",
            OpKind::Constant { .. } => "constant",
            OpKind::Buffer(_) => "buffer",
            OpKind::Load => "load",
            OpKind::Store => "store",
            OpKind::MemController { .. } => "mem_controller",
            OpKind::Lsq { .. } => "lsq",
            OpKind::Bundle => "bundle",
            OpKind::Unbundle => "unbundle",
            OpKind::Compose => "compose",
            OpKind::Decompose => "decompose",
            OpKind::Bin(b) => b.as_str(),
            OpKind::Un(u) => u.as_str(),
            OpKind::Cast(c) => c.as_str(),
            OpKind::CmpI(_) => "cmpi",
            OpKind::CmpF(_) => "cmpf",
            OpKind::Select => "select",
        }
    }
}

/// One operation of a function body.
#[derive(Clone, Debug)]
pub struct Op {
    /// What it does.
    pub kind: OpKind,
    /// Input values, in the order documented on [`OpKind`].
    pub operands: Vec<ValueId>,
    /// Output values (each defined by this op at its index).
    pub results: Vec<ValueId>,
    /// The basic block it came from (`handshake.bb`).
    pub bb: Option<u32>,
    /// Its unique name (`handshake.name`).
    pub name: Option<String>,
    /// Extra RTL parameters (`hw.parameters`) other than the buffer's own.
    pub hw_params: BTreeMap<String, Attr>,
    /// Every other attribute, verbatim.
    pub attrs: BTreeMap<String, Attr>,
    /// Where it was written (the IR text's span when parsed, the C span when lowered).
    pub loc: SourceLoc,
    /// The C source range it came from and the C variable it carries, kept by every pass.
    pub origin: Option<Origin>,
}

/// Equality ignores where an op was written and where it came from (see [`super::func`]).
impl PartialEq for Op {
    fn eq(&self, other: &Self) -> bool {
        let Op {
            kind,
            operands,
            results,
            bb,
            name,
            hw_params,
            attrs,
            loc: _,
            origin: _,
        } = self;
        *kind == other.kind
            && *operands == other.operands
            && *results == other.results
            && *bb == other.bb
            && *name == other.name
            && *hw_params == other.hw_params
            && *attrs == other.attrs
    }
}
