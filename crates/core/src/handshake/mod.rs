//! The Handshake IR: typed dataflow circuits (spec/type-system.md).
//!
//! # Data model
//! A [`Module`] holds [`Func`]s in order. A function owns two flat arenas:
//! * values ([`ValueId`] → [`Value`]): each with its [`Type`], its definition ([`ValueDef`]:
//!   function argument `i` or result `i` of an op) and an optional name hint (`%trueResult`);
//! * operations ([`OpId`] → [`Op`]): an [`OpKind`] carrying the typed attributes of that kind
//!   (cmpi predicate, constant value, buffer parameters, instance callee…), operand and result
//!   values, the basic block (`handshake.bb`), the unique name (`handshake.name`), extra RTL
//!   parameters (`hw.parameters`), every other attribute verbatim, a source location and its
//!   [`Origin`] in the C source (with the C variable it carries).
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
//! Also: [`Func::add_named_op`] with [`Func::unique_op_name`] (`fork0`, `fork1`…),
//! [`Func::insert_op_before`], [`Func::set_operand`], [`Func::replace_all_uses`],
//! [`Func::erase_op`] (tombstones; ids are never reused), [`Func::users`] /
//! [`Func::use_lists`] (computed use lists), [`Func::operands`] / [`Func::results`],
//! [`Func::defining_op`], [`Func::set_name_hint`] (unique, well-formed hints; `b#0`, `b#1`…
//! on consecutive results print as a group `%b:2`), [`Func::ops`] (program order).
//! Operand/result layouts per kind are documented on [`OpKind`]; [`signals`] computes the
//! layouts of `bundle`/`unbundle` and the merge of extra signals.
//!
//! Equality (`==`) compares everything but source locations. `parse(print(ir)) == ir` holds
//! for IR whose values were created in program order (as the parser and [`Func::add_op`] do)
//! and whose name hints the printer can write back (the verifier warns about others).
//!
//! # Text
//! [`parse_module`] / [`parse_cases`] read the custom assembly Dynamatic prints
//! (`%4:3 = fork [3] %x {handshake.bb = 0 : ui32, handshake.name = "fork0"} : <i32>`), the
//! spec's spelling (`%s = handshake.addi %a, %b : channel<i32>`) and the generic form
//! (`"handshake.fork"(%x) : (!handshake.channel<i32>) -> (…)`). [`print_module`] writes
//! Dynamatic's spelling. Dictionaries print sorted, as MLIR prints them; floats as MLIR prints
//! them; buffers with their parameters in `hw.parameters` (spec/buffering.md) whichever
//! spelling they were read in. Accepted alternatives include: `mux %s [%a, %b] : <i1>, <i32>`
//! and `… : <i1>, [<i32>, <i32>] to <i32>`; `control_merge %a, %b : <>, <i1>` and
//! `control_merge [%a, %b] : [<>, <>] to <>, <i1>`; loads and stores with 2, 4 (or 6, with a
//! done token) types; `buffer %x, bufferType = T, numSlots = N {…}`; both `name: i1 (U)` and
//! `name: (U) i1`; the spec's `channel<i32>`/`control` and `bundle`/`unbundle` spellings;
//! `...` after function arguments; unknown attributes (`#handshake<bufProps{…}>`) verbatim.
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
pub mod origin;
pub mod parse;
pub mod print;
pub mod signals;
pub mod types;
pub mod verify;

pub use attr::{Attr, FloatTy, IntTy, Timing};
pub use func::{is_valid_hint, Func, Module, OpId, SourceLoc, Value, ValueDef, ValueId};
pub use names::Namer;
pub use ops::{BinOp, BufferParams, BufferType, CastOp, CmpFPred, CmpIPred, Op, OpKind, UnOp};
pub use origin::{parse_origin, Origin};
pub use parse::{parse_cases, parse_module, split_cases};
pub use print::{print_func, print_module, print_module_with_locations};
pub use types::{Direction, ExtraSignal, RawType, Type};
pub use verify::{verify_func, verify_module, VerifyOptions};
