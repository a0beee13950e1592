//! The Handshake IR: typed dataflow circuits (spec/type-system.md).
//!
//! # Data model
//! A [`Module`] holds [`Func`]s in order. A function owns two flat arenas:
//! * values ([`ValueId`] → [`Value`]): each with its [`Type`], its definition ([`ValueDef`]:
//!   function argument `i` or result `i` of an op) and an optional name hint (`%trueResult`);
//! * operations ([`OpId`] → [`Op`]): an [`OpKind`] carrying the typed attributes of that kind
//!   (cmpi predicate, constant value, buffer parameters, instance callee…), operand and result
//!   values, the basic block (`handshake.bb`), the unique name (`handshake.name`), extra RTL
//!   parameters (`hw.parameters`), every other attribute verbatim, and a source location.
//!
//! Program order is explicit ([`Func::ops`]); printing follows it, so output is deterministic.
//! Source locations never affect equality, so `parse(print(ir)) == ir`.
//!
//! # Building and mutating
//! ```
//! use rivulet_core::handshake::{Func, OpKind, BinOp, Type};
//! let mut f = Func::new("adder");
//! let a = f.add_arg(Type::int_channel(32), Some("a"));
//! let b = f.add_arg(Type::int_channel(32), Some("b"));
//! let add = f.add_op(OpKind::Bin(BinOp::AddI), vec![a, b], vec![Type::int_channel(32)]);
//! let sum = f.result(add, 0).unwrap();
//! f.add_op(OpKind::End, vec![sum], vec![]);
//! f.result_types = vec![Type::int_channel(32)];
//! f.op_mut(add).unwrap().name = Some("addi0".into());
//! assert_eq!(f.users(a), vec![(add, 0)]);
//! ```
//! Also: [`Func::insert_op_before`], [`Func::set_operand`], [`Func::replace_all_uses`],
//! [`Func::erase_op`] (tombstones; ids are never reused), [`Func::users`] /
//! [`Func::use_lists`], [`Func::set_name_hint`], [`Func::defining_op`].
//!
//! # Text
//! [`parse_module`] / [`parse_cases`] read the custom assembly Dynamatic prints
//! (`%4:3 = fork [3] %x {handshake.bb = 0 : ui32, handshake.name = "fork0"} : <i32>`), the
//! spec's spelling (`%s = handshake.addi %a, %b : channel<i32>`) and the generic form
//! (`"handshake.fork"(%x) : (!handshake.channel<i32>) -> (…)`). [`print_module`] writes
//! Dynamatic's spelling. Dictionaries print sorted, as MLIR prints them.
//!
//! # Checking
//! [`verify_module`] checks the type rules of every operation, SSA well-formedness (graph
//! regions: uses may precede definitions) and, on request, that every channel has exactly one
//! producer and one consumer. It reports every violation as a [`crate::diag::Diagnostic`] and
//! never panics, even on IR with dangling ids.
//!
//! # Views
//! [`graph::FuncGraph`] is a petgraph view (ops as nodes, channels as edges with port indices);
//! [`dot::to_dot`] exports Graphviz with one cluster per basic block.

pub mod attr;
pub mod dot;
pub mod func;
pub mod graph;
mod names;
pub mod ops;
pub mod parse;
pub mod print;
pub mod signals;
pub mod types;
pub mod verify;

pub use attr::{Attr, FloatTy, IntTy, Timing};
pub use func::{is_valid_hint, Func, Module, OpId, SourceLoc, Value, ValueDef, ValueId};
pub use names::Namer;
pub use ops::{BinOp, BufferParams, BufferType, CastOp, CmpFPred, CmpIPred, Op, OpKind, UnOp};
pub use parse::{parse_cases, parse_module, split_cases};
pub use print::{print_func, print_module};
pub use types::{Direction, ExtraSignal, RawType, Type};
pub use verify::{verify_func, verify_module, VerifyOptions};
