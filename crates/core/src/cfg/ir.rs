//! The CFG IR: SSA functions of basic blocks with block arguments (MLIR `cf` style), integer
//! and float arithmetic named like MLIR `arith`, loads and stores on memories (array
//! parameters, local arrays, global ROMs), and placeholder calls.
//!
//! Storage: per function, arenas of blocks, instructions and values indexed by the typed ids
//! [`Block`], [`Inst`], [`Value`]; `layout` gives the order of the live blocks (the first is the
//! entry). Integer constants are stored as their low `width` bits, zero-extended, in a `u64`;
//! integers are signless (`iN`), the operation says how to interpret them. Every instruction
//! keeps the C source span it came from. The invariants are checked by `verify.rs`.

use crate::diag::Span;
use crate::front::types::{CType, ScalarTy};
use std::fmt;

macro_rules! id {
    ($name:ident, $prefix:literal) => {
        #[doc = concat!("Typed index (printed `", $prefix, "N`).")]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            /// The index as `usize`.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}
id!(Value, "%");
id!(Block, "^bb");
id!(Inst, "inst");
id!(Mem, "mem");
id!(Var, "$v");

/// A value's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// A signless integer of the given width (1, 8, 16 or 32).
    Int(u8),
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

impl Type {
    /// The IR type of a C scalar type.
    pub fn of(t: ScalarTy) -> Type {
        match t {
            ScalarTy::F32 => Type::F32,
            ScalarTy::F64 => Type::F64,
            other => Type::Int(other.bits() as u8),
        }
    }
    /// `i1`.
    pub const I1: Type = Type::Int(1);
    /// `i32`.
    pub const I32: Type = Type::Int(32);

    /// Bit width.
    pub fn bits(self) -> u32 {
        match self {
            Type::Int(w) => w as u32,
            Type::F32 => 32,
            Type::F64 => 64,
        }
    }

    /// True for floats.
    pub fn is_float(self) -> bool {
        !matches!(self, Type::Int(_))
    }

    /// The mask of an integer type's bits.
    pub fn mask(self) -> u64 {
        crate::bits::mask(self.bits())
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int(w) => write!(f, "i{w}"),
            Type::F32 => f.write_str("f32"),
            Type::F64 => f.write_str("f64"),
        }
    }
}

/// A constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Const {
    /// An integer: the low bits of its type, zero-extended.
    Int(u64),
    /// An `f32`, by bits.
    F32(u32),
    /// An `f64`, by bits.
    F64(u64),
}

impl Const {
    /// An integer constant of type `ty` from any `i64` (wrapped to the type).
    pub fn int(v: i64, ty: Type) -> Const {
        Const::Int(v as u64 & ty.mask())
    }

    /// A float constant of type `ty`.
    pub fn float(v: f64, ty: Type) -> Const {
        match ty {
            Type::F32 => Const::F32((v as f32).to_bits()),
            _ => Const::F64(v.to_bits()),
        }
    }
}

/// Two-operand operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum BinOp {
    AddI,
    SubI,
    MulI,
    DivSI,
    DivUI,
    RemSI,
    RemUI,
    AndI,
    OrI,
    XOrI,
    ShLI,
    ShRSI,
    ShRUI,
    AddF,
    SubF,
    MulF,
    DivF,
}

impl BinOp {
    /// The MLIR-style mnemonic.
    pub fn name(self) -> &'static str {
        use BinOp::*;
        match self {
            AddI => "addi",
            SubI => "subi",
            MulI => "muli",
            DivSI => "divsi",
            DivUI => "divui",
            RemSI => "remsi",
            RemUI => "remui",
            AndI => "andi",
            OrI => "ori",
            XOrI => "xori",
            ShLI => "shli",
            ShRSI => "shrsi",
            ShRUI => "shrui",
            AddF => "addf",
            SubF => "subf",
            MulF => "mulf",
            DivF => "divf",
        }
    }

    /// True when the operation commutes.
    pub fn commutes(self) -> bool {
        use BinOp::*;
        matches!(self, AddI | MulI | AndI | OrI | XOrI | AddF | MulF)
    }

    /// True for divisions and remainders (which trap on a zero divisor).
    pub fn may_trap(self) -> bool {
        use BinOp::*;
        matches!(self, DivSI | DivUI | RemSI | RemUI)
    }
}

/// One-operand float operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// `negf`.
    NegF,
    /// `absf`.
    AbsF,
}

/// Comparison predicates (integer ones for `cmpi`, float ones for `cmpf`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum CmpPred {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
    Oeq,
    One,
    Olt,
    Ole,
    Ogt,
    Oge,
    Ueq,
    Une,
    UltF,
    UleF,
    UgtF,
    UgeF,
}

impl CmpPred {
    /// The predicate's name.
    pub fn name(self) -> &'static str {
        use CmpPred::*;
        match self {
            Eq => "eq",
            Ne => "ne",
            Slt => "slt",
            Sle => "sle",
            Sgt => "sgt",
            Sge => "sge",
            Ult | UltF => "ult",
            Ule | UleF => "ule",
            Ugt | UgtF => "ugt",
            Uge | UgeF => "uge",
            Oeq => "oeq",
            One => "one",
            Olt => "olt",
            Ole => "ole",
            Ogt => "ogt",
            Oge => "oge",
            Ueq => "ueq",
            Une => "une",
        }
    }

    /// True for the float predicates.
    pub fn is_float(self) -> bool {
        use CmpPred::*;
        matches!(
            self,
            Oeq | One | Olt | Ole | Ogt | Oge | Ueq | Une | UltF | UleF | UgtF | UgeF
        )
    }
}

/// Conversions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum CastOp {
    ExtSI,
    ExtUI,
    TruncI,
    SIToFP,
    UIToFP,
    FPToSI,
    FPToUI,
    ExtF,
    TruncF,
}

impl CastOp {
    /// The MLIR-style mnemonic.
    pub fn name(self) -> &'static str {
        use CastOp::*;
        match self {
            ExtSI => "extsi",
            ExtUI => "extui",
            TruncI => "trunci",
            SIToFP => "sitofp",
            UIToFP => "uitofp",
            FPToSI => "fptosi",
            FPToUI => "fptoui",
            ExtF => "extf",
            TruncF => "truncf",
        }
    }
}

/// What a call calls.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Callee {
    /// A function of the module (the kernel, called from `main`).
    Func(String),
    /// A placeholder (`__name`), lowered later to a hardware instance.
    Placeholder(String),
    /// `rand()`.
    Rand,
    /// `srand(seed)`.
    Srand,
    /// A failed `assert`: ends the run with an error quoting the condition's text. Only in
    /// `main` and in the kernel's checked copy ([`checked_name`]), never in a circuit.
    AssertFail(String),
    /// A `<math.h>` function that no circuit computes (allowed in `main` only); its arguments
    /// and result are of the function's form's type.
    Math(crate::mathlib::MathFn),
}

/// The name of the kernel's checked copy: the kernel with its assertions, which the
/// interpreter runs on copies of the arguments before each kernel call (the kernel itself,
/// the one that becomes the circuit, has none).
pub fn checked_name(kernel: &str) -> String {
    format!("{kernel}.checked")
}

/// A call argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A scalar.
    Value(Value),
    /// A memory, by reference.
    Mem(Mem),
}

/// An instruction's operation.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// A constant.
    Const(Const),
    /// An undefined value (an uninitialized variable).
    Undef,
    /// Binary arithmetic.
    Bin(BinOp, Value, Value),
    /// Unary float arithmetic.
    Un(UnOp, Value),
    /// A comparison giving `i1`.
    Cmp(CmpPred, Value, Value),
    /// `select cond, a, b`.
    Select(Value, Value, Value),
    /// A conversion to the result's type.
    Cast(CastOp, Value),
    /// Reads an element (one index per dimension, or one linear index once flattened).
    Load(Mem, Vec<Value>),
    /// Writes an element.
    Store(Mem, Vec<Value>, Value),
    /// Reads a local scalar variable (removed by SSA construction).
    ReadVar(Var),
    /// Writes a local scalar variable (removed by SSA construction).
    WriteVar(Var, Value),
    /// A call.
    Call(Callee, Vec<Arg>),
}

impl Op {
    /// The scalar operands.
    pub fn operands(&self) -> Vec<Value> {
        match self {
            Op::Const(_) | Op::Undef | Op::ReadVar(_) => Vec::new(),
            Op::Bin(_, a, b) | Op::Cmp(_, a, b) => vec![*a, *b],
            Op::Un(_, a) | Op::Cast(_, a) | Op::WriteVar(_, a) => vec![*a],
            Op::Select(c, a, b) => vec![*c, *a, *b],
            Op::Load(_, idx) => idx.clone(),
            Op::Store(_, idx, v) => idx.iter().copied().chain([*v]).collect(),
            Op::Call(_, args) => args
                .iter()
                .filter_map(|a| match a {
                    Arg::Value(v) => Some(*v),
                    Arg::Mem(_) => None,
                })
                .collect(),
        }
    }

    /// Applies `f` to every scalar operand in place.
    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        match self {
            Op::Const(_) | Op::Undef | Op::ReadVar(_) => {}
            Op::Bin(_, a, b) | Op::Cmp(_, a, b) => {
                *a = f(*a);
                *b = f(*b);
            }
            Op::Un(_, a) | Op::Cast(_, a) | Op::WriteVar(_, a) => *a = f(*a),
            Op::Select(c, a, b) => {
                *c = f(*c);
                *a = f(*a);
                *b = f(*b);
            }
            Op::Load(_, idx) => idx.iter_mut().for_each(|v| *v = f(*v)),
            Op::Store(_, idx, v) => {
                idx.iter_mut().for_each(|x| *x = f(*x));
                *v = f(*v);
            }
            Op::Call(_, args) => args.iter_mut().for_each(|a| {
                if let Arg::Value(v) = a {
                    *v = f(*v);
                }
            }),
        }
    }

    /// True when the operation has no effect besides its result and cannot trap, so it may
    /// be removed when unused, merged with an equal one, or moved.
    pub fn is_pure(&self) -> bool {
        match self {
            Op::Const(_) | Op::Undef | Op::Un(..) | Op::Cmp(..) | Op::Select(..) | Op::Cast(..) => {
                true
            }
            Op::Bin(op, ..) => !op.may_trap(),
            _ => false,
        }
    }

    /// True when the operation may be removed if its result is unused (pure ones, loads and
    /// divisions: a removed division cannot trap any more, which C allows).
    pub fn removable(&self) -> bool {
        self.is_pure() || matches!(self, Op::Bin(..) | Op::Load(..) | Op::ReadVar(_))
    }
}

/// An instruction.
#[derive(Clone, Debug)]
pub struct InstData {
    /// The operation.
    pub op: Op,
    /// Its result, if it has one.
    pub result: Option<Value>,
    /// The C source it came from.
    pub span: Option<Span>,
}

/// A branch target with its block arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// The successor.
    pub block: Block,
    /// Values for the successor's parameters.
    pub args: Vec<Value>,
}

/// How a block ends.
#[derive(Clone, Debug, PartialEq)]
pub enum Terminator {
    /// `br`.
    Br(Target),
    /// `cond_br cond, then, else`.
    CondBr(Value, Target, Target),
    /// `return`.
    Return(Option<Value>),
    /// Control never reaches the end of this block.
    Unreachable,
}

impl Terminator {
    /// The successor targets.
    pub fn targets(&self) -> Vec<&Target> {
        match self {
            Terminator::Br(t) => vec![t],
            Terminator::CondBr(_, a, b) => vec![a, b],
            _ => Vec::new(),
        }
    }

    /// The successor targets, mutably.
    pub fn targets_mut(&mut self) -> Vec<&mut Target> {
        match self {
            Terminator::Br(t) => vec![t],
            Terminator::CondBr(_, a, b) => vec![a, b],
            _ => Vec::new(),
        }
    }

    /// The successor blocks.
    pub fn successors(&self) -> Vec<Block> {
        self.targets().into_iter().map(|t| t.block).collect()
    }

    /// Applies `f` to every value the terminator uses.
    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        if let Terminator::CondBr(c, ..) = self {
            *c = f(*c);
        }
        if let Terminator::Return(Some(v)) = self {
            *v = f(*v);
        }
        for t in self.targets_mut() {
            t.args.iter_mut().for_each(|v| *v = f(*v));
        }
    }

    /// Every value the terminator uses.
    pub fn operands(&self) -> Vec<Value> {
        let mut out = Vec::new();
        let mut t = self.clone();
        t.map_operands(|v| {
            out.push(v);
            v
        });
        out
    }
}

/// A basic block.
#[derive(Clone, Debug)]
pub struct BlockData {
    /// Block parameters.
    pub params: Vec<Value>,
    /// Instructions in order.
    pub insts: Vec<Inst>,
    /// The terminator.
    pub term: Terminator,
    /// The C source of the terminator.
    pub term_span: Option<Span>,
}

/// Where a value is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// The `n`-th parameter of a block.
    Param(Block, u32),
    /// The result of an instruction.
    Inst(Inst),
}

/// A value's type and definition.
#[derive(Clone, Debug)]
pub struct ValueData {
    /// The type.
    pub ty: Type,
    /// The definition.
    pub def: ValueDef,
    /// The C variable it holds (set by SSA construction; a hint for the circuit's channels).
    pub var: Option<std::sync::Arc<str>>,
}

/// What a memory is.
#[derive(Clone, Debug, PartialEq)]
pub enum MemKind {
    /// The function's array parameter number `n` (counting all parameters).
    Param(u32),
    /// A local array; `init` holds its constant initial content (for `const` arrays).
    Local(Option<Vec<Const>>),
    /// A global ROM (index into [`Module::globals`]).
    Global(u32),
}

/// An array the function accesses.
#[derive(Clone, Debug)]
pub struct MemData {
    /// Its (unique within the function) name.
    pub name: String,
    /// The C element type.
    pub elem: ScalarTy,
    /// Dimensions, outermost first.
    pub dims: Vec<u32>,
    /// Parameter, local or global.
    pub kind: MemKind,
}

impl MemData {
    /// Number of elements.
    pub fn len(&self) -> u64 {
        self.dims.iter().map(|&d| d as u64).product()
    }

    /// True when the memory has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A local scalar variable (before SSA construction).
#[derive(Clone, Debug)]
pub struct VarData {
    /// The C name.
    pub name: String,
    /// Its IR type.
    pub ty: Type,
    /// Where it is declared.
    pub span: Span,
}

/// How a parameter is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A scalar: a parameter of the entry block.
    Scalar(Value),
    /// An array: a memory.
    Array(Mem),
}

/// A function parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// The C name.
    pub name: String,
    /// The C type.
    pub ty: CType,
    /// How it is passed.
    pub kind: ParamKind,
}

/// A function.
#[derive(Clone, Debug)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// Parameters.
    pub params: Vec<Param>,
    /// The C return type (`None` for void).
    pub ret: Option<ScalarTy>,
    /// Block arena.
    pub blocks: Vec<BlockData>,
    /// Live blocks in order; `layout[0]` is the entry.
    pub layout: Vec<Block>,
    /// Instruction arena.
    pub insts: Vec<InstData>,
    /// Value arena.
    pub values: Vec<ValueData>,
    /// Memories.
    pub mems: Vec<MemData>,
    /// Scalar variables (used until SSA construction).
    pub vars: Vec<VarData>,
    /// Loads and stores take one linear index (after the flattening pass).
    pub flattened: bool,
}

/// A read-only global array.
#[derive(Clone, Debug)]
pub struct Global {
    /// Its name.
    pub name: String,
    /// The C element type.
    pub elem: ScalarTy,
    /// Dimensions.
    pub dims: Vec<u32>,
    /// Contents, row-major.
    pub init: Vec<Const>,
}

/// A lowered program: the kernel, `main` when present (then the kernel's checked copy when
/// it has assertions), and the ROMs.
#[derive(Clone, Debug)]
pub struct Module {
    /// Functions (kernel first).
    pub functions: Vec<Function>,
    /// Global ROMs.
    pub globals: Vec<Global>,
    /// The kernel's name.
    pub kernel: String,
}

impl Module {
    /// The kernel function.
    pub fn kernel(&self) -> &Function {
        &self.functions[0]
    }

    /// A function by name.
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }
}

impl Function {
    /// An empty function with an entry block.
    pub fn new(name: &str, ret: Option<ScalarTy>) -> Function {
        let mut f = Function {
            name: name.to_string(),
            params: Vec::new(),
            ret,
            blocks: Vec::new(),
            layout: Vec::new(),
            insts: Vec::new(),
            values: Vec::new(),
            mems: Vec::new(),
            vars: Vec::new(),
            flattened: false,
        };
        f.new_block();
        f
    }

    /// The entry block.
    pub fn entry(&self) -> Block {
        self.layout[0]
    }

    /// Appends a new empty block (ending in `unreachable`) to the layout.
    pub fn new_block(&mut self) -> Block {
        let b = Block(self.blocks.len() as u32);
        self.blocks.push(BlockData {
            params: Vec::new(),
            insts: Vec::new(),
            term: Terminator::Unreachable,
            term_span: None,
        });
        self.layout.push(b);
        b
    }

    /// Adds a parameter of type `ty` to block `b`.
    pub fn add_param(&mut self, b: Block, ty: Type) -> Value {
        let v = Value(self.values.len() as u32);
        let n = self.blocks[b.index()].params.len() as u32;
        self.values.push(ValueData {
            ty,
            def: ValueDef::Param(b, n),
            var: None,
        });
        self.blocks[b.index()].params.push(v);
        v
    }

    /// Creates an instruction (not yet placed in a block); its result has type `ty`.
    pub fn make_inst(&mut self, op: Op, ty: Option<Type>, span: Option<Span>) -> Inst {
        let i = Inst(self.insts.len() as u32);
        let result = ty.map(|ty| {
            let v = Value(self.values.len() as u32);
            self.values.push(ValueData {
                ty,
                def: ValueDef::Inst(i),
                var: None,
            });
            v
        });
        self.insts.push(InstData { op, result, span });
        i
    }

    /// Appends an instruction to block `b` and returns its result.
    pub fn push(
        &mut self,
        b: Block,
        op: Op,
        ty: Option<Type>,
        span: Option<Span>,
    ) -> Option<Value> {
        let i = self.make_inst(op, ty, span);
        self.blocks[b.index()].insts.push(i);
        self.insts[i.index()].result
    }

    /// The type of a value.
    pub fn ty(&self, v: Value) -> Type {
        self.values[v.index()].ty
    }

    /// The instruction data.
    pub fn inst(&self, i: Inst) -> &InstData {
        &self.insts[i.index()]
    }

    /// The block data.
    pub fn block(&self, b: Block) -> &BlockData {
        &self.blocks[b.index()]
    }

    /// The block data, mutably.
    pub fn block_mut(&mut self, b: Block) -> &mut BlockData {
        &mut self.blocks[b.index()]
    }

    /// The constant a value is defined by, if any.
    pub fn as_const(&self, v: Value) -> Option<Const> {
        match self.values[v.index()].def {
            ValueDef::Inst(i) => match self.insts[i.index()].op {
                Op::Const(c) => Some(c),
                _ => None,
            },
            ValueDef::Param(..) => None,
        }
    }

    /// Replaces uses of values everywhere by `subst` (followed transitively).
    pub fn replace_uses(&mut self, subst: &std::collections::BTreeMap<Value, Value>) {
        if subst.is_empty() {
            return;
        }
        let resolve = |mut v: Value| {
            let mut n = 0;
            while let Some(&w) = subst.get(&v) {
                v = w;
                n += 1;
                if n > subst.len() {
                    break;
                }
            }
            v
        };
        // A value standing for another also stands for its variable; one standing for two
        // different variables (a shared constant, a common subexpression) names neither.
        for (&old, _) in subst.iter() {
            let new = resolve(old);
            let old_var = self.values[old.index()].var.clone();
            let new_var = &mut self.values[new.index()].var;
            match (&*new_var, old_var) {
                (_, None) => {}
                (None, Some(v)) => *new_var = Some(v),
                (Some(n), Some(o)) if *n != o => *new_var = None,
                _ => {}
            }
        }
        for b in self.layout.clone() {
            for &i in &self.blocks[b.index()].insts.clone() {
                self.insts[i.index()].op.map_operands(resolve);
            }
            self.blocks[b.index()].term.map_operands(resolve);
        }
    }
}
