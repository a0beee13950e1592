//! The reference interpreter: runs `main` over the CFG IR and records, for every call of the
//! kernel, its arguments before and after the call and its return value (the golden outputs
//! every later stage is checked against), plus the kernel's basic-block profile.
//!
//! Values are raw bits (see `eval.rs`); `None` marks an uninitialized scalar. Copying one (block
//! arguments, stores) is allowed, computing with one is a run-time error, as are division by
//! zero, out-of-bounds indices, placeholder calls and failed assertions (the kernel's are
//! checked by running its checked copy on copies of the arguments before each call). Array
//! elements start at 0: unwritten memory reads 0 everywhere in the flow. A step limit stops
//! runaway loops.

pub mod eval;
pub mod json;
pub mod rand;
mod run;

use crate::bits::sign_extend;
use crate::cfg::ir::Block;
use crate::front::types::{CType, ScalarTy};
use std::collections::BTreeMap;

pub use run::{const_bits, run, MAX_ELEMENTS};

/// Interpreter settings.
#[derive(Clone, Debug)]
pub struct InterpOptions {
    /// Most instructions the whole run may execute.
    pub max_steps: u64,
}

impl Default for InterpOptions {
    fn default() -> Self {
        InterpOptions {
            max_steps: 500_000_000,
        }
    }
}

/// A scalar value as C sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// An integer: its exact C value (signed types sign-extended, unsigned ones, `uint64_t`
    /// included, zero-extended; bool 0 or 1).
    Int(i128),
    /// A `float`.
    F32(f32),
    /// A `double`.
    F64(f64),
}

impl Scalar {
    /// The C value of raw bits of C type `t`.
    pub fn from_bits(bits: u64, t: ScalarTy) -> Scalar {
        match t {
            ScalarTy::F32 => Scalar::F32(f32::from_bits(bits as u32)),
            ScalarTy::F64 => Scalar::F64(f64::from_bits(bits)),
            t if t.is_signed() => Scalar::Int(sign_extend(bits, t.bits()).into()),
            _ => Scalar::Int(bits.into()),
        }
    }

    /// The raw bits of this value as C type `t`.
    pub fn to_bits(self, t: ScalarTy) -> u64 {
        let ty = crate::cfg::ir::Type::of(t);
        match self {
            Scalar::Int(v) => v as u64 & ty.mask(),
            Scalar::F32(f) => f.to_bits() as u64,
            Scalar::F64(f) => f.to_bits(),
        }
    }
}

/// One kernel argument's values (an array flattened row-major; a scalar has one value).
#[derive(Clone, Debug, PartialEq)]
pub struct ArgValues {
    /// The parameter's name.
    pub name: String,
    /// The parameter's C type.
    pub ty: CType,
    /// The values.
    pub values: Vec<Scalar>,
}

/// One call of the kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelCall {
    /// Arguments as passed (unwritten elements are 0; an uninitialized scalar stored in one too).
    pub inputs: Vec<ArgValues>,
    /// Arguments after the call returned (elements nobody wrote are 0).
    pub outputs: Vec<ArgValues>,
    /// The return value (`None` for a void kernel).
    pub ret: Option<Scalar>,
}

/// How often the kernel's blocks and control-flow edges were executed (summed over calls).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    /// Executions of each block.
    pub block_counts: BTreeMap<Block, u64>,
    /// Traversals of each edge (from, to).
    pub transitions: BTreeMap<(Block, Block), u64>,
}

/// The outcome of running `main`.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResult {
    /// Every kernel call, in order.
    pub calls: Vec<KernelCall>,
    /// The kernel's profile.
    pub profile: Profile,
    /// `main`'s return value.
    pub exit_code: Option<i64>,
    /// Instructions executed.
    pub steps: u64,
}

impl RunResult {
    /// The last kernel call (the one whose outputs are the golden outputs).
    pub fn last_call(&self) -> Option<&KernelCall> {
        self.calls.last()
    }
}
