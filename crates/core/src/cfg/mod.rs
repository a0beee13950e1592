//! The CFG IR: SSA functions of basic blocks, built from the typed C program, printed,
//! verified, optimized by a pipeline of passes, and run by the interpreter. The driver
//! ([`crate::driver`]) runs these steps in order.

pub mod analysis;
pub mod build;
mod build_expr;
pub mod ir;
pub mod passes;
pub mod print;
mod reducible;
pub mod verify;
