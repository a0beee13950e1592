//! The syntax tree the parser builds: declarations, statements and expressions with spans.
//!
//! Types are already resolved here (typedefs expanded, array sizes evaluated), because C's
//! grammar needs typedef names while parsing anyway. Names are not resolved yet: that is the
//! type checker's job (`sema`).

use super::types::CType;
use crate::diag::Span;

/// A whole translation unit.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// Function definitions and prototypes, in source order.
    pub functions: Vec<FuncDecl>,
    /// File-scope variables.
    pub globals: Vec<VarDecl>,
}

/// A function definition or prototype.
#[derive(Clone, Debug)]
pub struct FuncDecl {
    /// The function's name.
    pub name: String,
    /// Where the name is.
    pub name_span: Span,
    /// Return type; `None` for `void`.
    pub ret: Option<super::types::ScalarTy>,
    /// Parameters.
    pub params: Vec<Param>,
    /// The body; `None` for a prototype.
    pub body: Option<Vec<Stmt>>,
}

/// One function parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its name (may be empty in a prototype).
    pub name: String,
    /// Its type (arrays keep their dimensions).
    pub ty: CType,
    /// Where the parameter is declared.
    pub span: Span,
}

/// A variable declaration.
#[derive(Clone, Debug)]
pub struct VarDecl {
    /// The variable's name.
    pub name: String,
    /// Where the name is.
    pub span: Span,
    /// Its type.
    pub ty: CType,
    /// Declared `const`.
    pub is_const: bool,
    /// Declared `static`.
    pub is_static: bool,
    /// The initializer, if any.
    pub init: Option<Init>,
}

/// An initializer.
#[derive(Clone, Debug)]
pub enum Init {
    /// `= expr`.
    Expr(Expr),
    /// `= { … }`.
    List(Vec<Init>, Span),
}

/// A statement.
#[derive(Clone, Debug)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Where it is.
    pub span: Span,
}

/// The kinds of statements.
#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `{ … }`.
    Block(Vec<Stmt>),
    /// A declaration of one or more variables.
    Decl(Vec<VarDecl>),
    /// An expression statement.
    Expr(Expr),
    /// `;`.
    Empty,
    /// `if (c) a else b`.
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `while (c) body`.
    While(Expr, Box<Stmt>),
    /// `do body while (c);`.
    DoWhile(Box<Stmt>, Expr),
    /// `for (init; cond; step) body`.
    For {
        /// Declaration or expression run once.
        init: Option<Box<Stmt>>,
        /// The loop condition (absent means true).
        cond: Option<Expr>,
        /// Run after each iteration.
        step: Option<Expr>,
        /// The loop body.
        body: Box<Stmt>,
    },
    /// `switch (e) body`.
    Switch(Expr, Box<Stmt>),
    /// `case e:` (a label inside a switch body).
    Case(Expr),
    /// `default:`.
    Default,
    /// `break;`.
    Break,
    /// `continue;`.
    Continue,
    /// `return e;`.
    Return(Option<Expr>),
    /// `name: stmt` (the span is the label's name).
    Label(String, Span, Box<Stmt>),
    /// `goto name;` (the span is the label's name).
    Goto(String, Span),
}

/// An expression.
#[derive(Clone, Debug)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `-x`.
    Neg,
    /// `+x`.
    Plus,
    /// `!x`.
    Not,
    /// `~x`.
    BitNot,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    LogAnd,
    LogOr,
}

impl BinOp {
    /// The operator's C spelling.
    pub fn symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            Shl => "<<",
            Shr => ">>",
            BitAnd => "&",
            BitOr => "|",
            BitXor => "^",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            LogAnd => "&&",
            LogOr => "||",
        }
    }
}

/// The kinds of expressions.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// An integer constant with its C type.
    Int(i128, super::types::ScalarTy),
    /// A floating constant with its C type.
    Float(f64, super::types::ScalarTy),
    /// A string literal (accepted only where the checker allows it).
    Str(String),
    /// A variable or function name.
    Name(String),
    /// `a[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `f(args)`; the span of the callee name is kept.
    Call(String, Span, Vec<Expr>),
    /// A unary operator.
    Unary(UnOp, Box<Expr>),
    /// A binary operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a = b` or `a op= b`.
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    /// `++a`, `a++`, `--a`, `a--`.
    IncDec {
        /// `++` rather than `--`.
        inc: bool,
        /// Prefix form.
        prefix: bool,
        /// The operand.
        target: Box<Expr>,
    },
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `(type) e`.
    Cast(CType, Box<Expr>),
    /// `a, b`.
    Comma(Box<Expr>, Box<Expr>),
    /// `sizeof(type)` or `sizeof expr`, already evaluated when the operand is a type.
    SizeofType(CType),
    /// `sizeof expr`.
    SizeofExpr(Box<Expr>),
}
