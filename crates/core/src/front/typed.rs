//! The typed program the type checker produces and the CFG builder lowers.
//!
//! Invariants: names are resolved to ids; every implicit C conversion is an explicit
//! [`TExprKind::Convert`]; the operands of an arithmetic node have the node's type, the
//! operands of a comparison share a type; array accesses carry one index per dimension, each of
//! type `int`; helper functions are acyclic (no recursion), so inlining them terminates; every
//! `goto` names a label defined exactly once in its function.

use super::types::{CType, ScalarTy};
use crate::diag::Span;

/// Index of a function in [`TProgram::funcs`].
pub type FuncId = u32;
/// Index of a local (or parameter) in [`TFunc::locals`].
pub type LocalId = u32;
/// Index of a global array in [`TProgram::globals`].
pub type GlobalId = u32;
/// A statement label of a function (numbered per function).
pub type LabelId = u32;

/// A compile-time constant scalar (floats stored as `f64`, exact for `float`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConstVal {
    /// An integer, already wrapped to its type (its exact value, see `types.rs`).
    Int(i128),
    /// A floating value.
    Float(f64),
}

/// The checked program.
#[derive(Clone, Debug)]
pub struct TProgram {
    /// Every function definition.
    pub funcs: Vec<TFunc>,
    /// Read-only global arrays.
    pub globals: Vec<TGlobal>,
    /// The kernel function.
    pub kernel: FuncId,
    /// The `main` function, if the file has one.
    pub main: Option<FuncId>,
    /// Placeholder functions (`__name`) that are declared and called.
    pub placeholders: Vec<Placeholder>,
}

/// A declared placeholder function.
#[derive(Clone, Debug)]
pub struct Placeholder {
    /// Its name (with the leading `__`).
    pub name: String,
    /// Parameter names and types.
    pub params: Vec<(String, ScalarTy)>,
    /// Return type.
    pub ret: Option<ScalarTy>,
}

/// A read-only global array (a ROM).
#[derive(Clone, Debug)]
pub struct TGlobal {
    /// Its name.
    pub name: String,
    /// Its type.
    pub ty: CType,
    /// Every element, row-major.
    pub init: Vec<ConstVal>,
    /// Where it is declared.
    pub span: Span,
}

/// A checked function.
#[derive(Clone, Debug)]
pub struct TFunc {
    /// Its name.
    pub name: String,
    /// Where its name is.
    pub span: Span,
    /// Return type (`None` for `void`).
    pub ret: Option<ScalarTy>,
    /// Parameters, in order (ids into `locals`).
    pub params: Vec<LocalId>,
    /// Every parameter and local variable.
    pub locals: Vec<TLocal>,
    /// The body.
    pub body: Vec<TStmt>,
}

/// A parameter or local variable.
#[derive(Clone, Debug)]
pub struct TLocal {
    /// Its name.
    pub name: String,
    /// Its type.
    pub ty: CType,
    /// Where it is declared.
    pub span: Span,
    /// Declared `const` (never written after its initialization).
    pub read_only: bool,
}

/// A checked statement.
#[derive(Clone, Debug)]
pub enum TStmt {
    /// A nested block.
    Block(Vec<TStmt>),
    /// Initialization of a scalar local.
    Init(LocalId, TExpr),
    /// Initialization of a local array, every element row-major (missing ones are zero).
    ArrayInit(LocalId, Vec<TExpr>),
    /// An expression evaluated for its effects.
    Expr(TExpr),
    /// `if`.
    If(TExpr, Vec<TStmt>, Vec<TStmt>),
    /// `while`.
    While(TExpr, Vec<TStmt>),
    /// `do … while`.
    DoWhile(Vec<TStmt>, TExpr),
    /// `for` (the init is part of the enclosing block).
    For {
        /// Condition (absent means true).
        cond: Option<TExpr>,
        /// Step.
        step: Option<TExpr>,
        /// Body.
        body: Vec<TStmt>,
    },
    /// `switch`: the body's top level holds the labels.
    Switch(TExpr, Vec<TStmt>),
    /// `case v:` (value converted to the switch's type).
    Case(i128),
    /// `default:`.
    Default,
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return`, with the value converted to the return type.
    Return(Option<TExpr>, Span),
    /// A statement label: `goto` jumps here.
    Label(LabelId),
    /// `goto` a label defined in the same function.
    Goto(LabelId, Span),
    /// `assert(cond)` (from `<assert.h>` without `NDEBUG`): the condition, free of side
    /// effects, and its source text.
    Assert(TExpr, String),
}

/// An array operand: a local (or parameter) array or a global ROM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrRef {
    /// A local array or an array parameter.
    Local(LocalId),
    /// A global ROM.
    Global(GlobalId),
}

/// Something that can be assigned.
#[derive(Clone, Debug)]
pub enum LValue {
    /// A scalar local.
    Local(LocalId),
    /// An array element.
    Elem(ArrRef, Vec<TExpr>),
}

/// A call argument.
#[derive(Clone, Debug)]
pub enum TArg {
    /// A scalar, converted to the parameter's type.
    Value(TExpr),
    /// A whole array, passed by reference.
    Array(ArrRef),
}

/// Library functions the subset knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// `int rand(void)` (glibc's generator).
    Rand,
    /// `void srand(unsigned)`.
    Srand,
    /// `int abs(int)`.
    Abs,
    /// A `<math.h>` function (`sqrt`, `fabsf`, ...).
    Math(crate::mathlib::MathFn),
}

/// Integer and floating arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
}

/// Comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum CmpOp {
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
}

/// A checked expression with its C type.
#[derive(Clone, Debug)]
pub struct TExpr {
    /// What it computes.
    pub kind: TExprKind,
    /// Its type (`int` for a void call, which is never used as a value).
    pub ty: ScalarTy,
    /// Where it is.
    pub span: Span,
}

/// The kinds of checked expressions.
#[derive(Clone, Debug)]
pub enum TExprKind {
    /// A constant of the expression's type.
    Const(ConstVal),
    /// A scalar local.
    Local(LocalId),
    /// An array element.
    Load(ArrRef, Vec<TExpr>),
    /// `-x`.
    Neg(Box<TExpr>),
    /// `~x`.
    BitNot(Box<TExpr>),
    /// `!x` (`int` result).
    Not(Box<TExpr>),
    /// Arithmetic on operands of the node's type.
    Arith(ArithOp, Box<TExpr>, Box<TExpr>),
    /// A comparison (`int` result).
    Compare(CmpOp, Box<TExpr>, Box<TExpr>),
    /// `&&` (true) or `||` (false), short-circuit, `int` result.
    Logical(bool, Box<TExpr>, Box<TExpr>),
    /// `c ? a : b`.
    Cond(Box<TExpr>, Box<TExpr>, Box<TExpr>),
    /// A conversion from the operand's type to the node's type.
    Convert(Box<TExpr>),
    /// `target = value` (value of the target's type).
    Assign(LValue, Box<TExpr>),
    /// `target op= rhs`, computed in `op_ty` and converted back.
    CompoundAssign {
        /// What is updated.
        target: LValue,
        /// The operator.
        op: ArithOp,
        /// The type the operation is computed in.
        op_ty: ScalarTy,
        /// The right operand, of type `op_ty`.
        rhs: Box<TExpr>,
    },
    /// `++`/`--`.
    IncDec {
        /// What is updated.
        target: LValue,
        /// Increment rather than decrement.
        inc: bool,
        /// The value is the updated one.
        prefix: bool,
    },
    /// A call of a function of the file (`ret` is `None` for void).
    Call(FuncId, Vec<TArg>, Option<ScalarTy>),
    /// A library function.
    Builtin(Builtin, Vec<TExpr>),
    /// A placeholder call (`ret` is `None` for void).
    Placeholder(String, Vec<TExpr>, Option<ScalarTy>),
    /// `a, b`.
    Comma(Box<TExpr>, Box<TExpr>),
}
