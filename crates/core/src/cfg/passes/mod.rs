//! The CFG optimization passes and the pipeline that runs them.
//!
//! Each pass is a function over one [`Function`] in its own file. The pipeline is data
//! ([`PIPELINE`]): the web app lists it and shows the IR after each pass. Passes run in this
//! order on the kernel and on `main`; the verifier runs after each one, always, and its
//! findings are internal errors (never a panic).

pub mod compact;
pub mod const_fold;
pub(crate) mod counted;
pub mod cse;
pub mod dce;
pub mod flatten;
pub mod if_convert;
mod implied;
pub mod indvars;
pub mod licm;
pub mod promote;
pub mod simplify_cfg;
pub mod ssa;
pub mod strength;
mod util;

use super::ir::{Function, Module};
use crate::diag::Diagnostic;
use crate::stages::StageObserver;

/// A pass of the pipeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassId {
    /// Multi-dimensional accesses become row-major linear indices.
    Flatten,
    /// Scalar variables become SSA values and block parameters.
    Ssa,
    /// Constant folding and propagation, branch folding.
    ConstFold,
    /// Common subexpression elimination.
    Cse,
    /// Loop-invariant code motion.
    Licm,
    /// Array elements accessed at one loop-invariant index live in registers across the loop.
    Promote,
    /// Multiplications by constants become shifts and at most one add.
    StrengthReduce,
    /// Exit values of counted loops, deletion of loops without effect.
    IndVars,
    /// Known branches folded, empty blocks bypassed, straight-line blocks merged.
    SimplifyCfg,
    /// Small branches inside loops become selects.
    IfConvert,
    /// Dead code, unreachable block and unused block parameter elimination.
    Dce,
    /// Renumbers blocks and values densely in layout order.
    Compact,
}

impl PassId {
    /// The pass's kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            PassId::Flatten => "flatten-arrays",
            PassId::Ssa => "ssa",
            PassId::ConstFold => "const-fold",
            PassId::Cse => "cse",
            PassId::Licm => "licm",
            PassId::Promote => "promote-elements",
            PassId::StrengthReduce => "strength-reduce",
            PassId::IndVars => "indvars",
            PassId::SimplifyCfg => "simplify-cfg",
            PassId::IfConvert => "if-convert",
            PassId::Dce => "dce",
            PassId::Compact => "compact",
        }
    }

    /// A one-line description.
    pub fn description(self) -> &'static str {
        match self {
            PassId::Flatten => "flatten multi-dimensional array accesses to row-major indices",
            PassId::Ssa => "turn local scalar variables into SSA values and block arguments",
            PassId::ConstFold => "fold constant expressions and branches on constants",
            PassId::Cse => "merge identical pure computations",
            PassId::Licm => "hoist loop-invariant computations out of loops",
            PassId::Promote => {
                "keep an array element that a loop accesses at one loop-invariant index in a \
                 register across the loop: read once before it, written back once after it"
            }
            PassId::StrengthReduce => {
                "replace multiplications by constants with shifts and at most one add or subtract"
            }
            PassId::IndVars => {
                "compute the exit values of counted loops and delete loops left without effect"
            }
            PassId::SimplifyCfg => {
                "fold branches decided by constants or loop counters, bypass empty blocks, merge \
                 straight-line blocks"
            }
            PassId::IfConvert => "turn small side-effect-free branches inside loops into selects",
            PassId::Dce => "remove unused computations, block arguments and unreachable blocks",
            PassId::Compact => "renumber blocks and values in order",
        }
    }
}

/// The optimization pipeline, in order.
pub const PIPELINE: &[PassId] = &[
    PassId::Ssa,
    PassId::ConstFold,
    PassId::SimplifyCfg,
    PassId::Dce,
    PassId::Flatten,
    PassId::ConstFold,
    PassId::StrengthReduce,
    PassId::Cse,
    PassId::Licm,
    PassId::Cse,
    PassId::Promote,
    PassId::IndVars,
    PassId::ConstFold,
    PassId::SimplifyCfg,
    PassId::IfConvert,
    PassId::Cse,
    PassId::Dce,
    PassId::SimplifyCfg,
    PassId::Compact,
];

/// Runs one pass on one function.
pub fn run_pass(p: PassId, f: &mut Function, diags: &mut Vec<Diagnostic>) {
    match p {
        PassId::Flatten => flatten::run(f),
        PassId::Ssa => ssa::run(f, diags),
        PassId::ConstFold => const_fold::run(f),
        PassId::Cse => cse::run(f),
        PassId::Licm => licm::run(f),
        PassId::Promote => promote::run(f, diags),
        PassId::StrengthReduce => strength::run(f),
        PassId::IndVars => indvars::run(f),
        PassId::SimplifyCfg => simplify_cfg::run(f),
        PassId::IfConvert => if_convert::run(f),
        PassId::Dce => dce::run(f),
        PassId::Compact => compact::run(f),
    }
}

/// Runs the whole pipeline on every function of `m`, telling `observer` when each pass starts
/// and what the module is after it. Returns `false` when the verifier rejected the IR after a
/// pass (reported in `diags` as an internal error); the remaining passes are skipped.
pub fn optimize_observed(
    m: &mut Module,
    diags: &mut Vec<Diagnostic>,
    observer: &mut dyn StageObserver<Module>,
) -> bool {
    for &p in PIPELINE {
        observer.start(p.name());
        for f in &mut m.functions {
            run_pass(p, f, diags);
        }
        let errs = super::verify::verify_module(m);
        if !errs.is_empty() {
            diags.push(
                Diagnostic::error(format!(
                    "internal error: the IR is invalid after pass `{}`",
                    p.name()
                ))
                .with_note(errs.join("\n")),
            );
            return false;
        }
        observer.done(m);
    }
    true
}
