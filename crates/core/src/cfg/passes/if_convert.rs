//! If-conversion: small side-effect-free diamonds and triangles inside loops become `select`s.
//!
//! A block `A` of a loop ending in `cond_br c, X, Y` is converted when both sides reach one
//! block `J` of the same loop, each side either directly (a branch to `J`) or through an
//! *arm*: a block whose only predecessor is `A`, that ends in `br J` and whose instructions
//! are all cheap. The arms' instructions move into `A` (they run on both paths from then
//! on), and `A` ends in `br J` with one `select c, …` per argument that differs between the
//! sides (the constant folder's [`super::const_fold::select_args`]). Repeats until nothing
//! changes, merging straight-line blocks in between, so nested diamonds convert too.
//!
//! Cost rule (a circuit's branch costs a conditional branch and a merge per live value and
//! serializes the loop on the branch; a `select` is one mux): convert only inside loops, and
//! only when each arm holds at most [`MAX_ARM_OPS`] cheap operations besides constants:
//! integer add, subtract, bitwise logic, shifts, integer comparisons, integer width casts and
//! selects. Never speculated: loads, stores, calls, divisions and remainders (they trap),
//! multiplications and float operations (multi-cycle units), and any operation on a value
//! that may be undefined ([`crate::cfg::analysis::maybe_undef`]: the interpreter rejects it,
//! and a `select` may not pick such a value either).
//!
//! Invariants: a converted `A` computes the same values on each path as before (the arms'
//! operations are pure, and only the selected value is used); the arms, left without
//! predecessors, are removed; uses stay dominated (the arms' operands dominate `A`).

use super::super::analysis::{maybe_undef, Cfg};
use super::super::build::remove_unreachable;
use super::super::ir::*;
use std::collections::{BTreeMap, BTreeSet};

/// Most cheap operations (constants aside) an arm may hold.
pub const MAX_ARM_OPS: usize = 4;

/// Most conversions in one run (each recomputes the analyses).
const MAX_CONVERSIONS: usize = 256;

/// Runs the pass.
pub fn run(f: &mut Function) {
    for _ in 0..MAX_CONVERSIONS {
        if !convert_one(f) {
            return;
        }
        remove_unreachable(f);
        super::simplify_cfg::merge_blocks(f);
    }
}

/// Converts the first convertible branch; false when there is none.
fn convert_one(f: &mut Function) -> bool {
    let cfg = Cfg::new(f);
    let loops = cfg.loops();
    let undef = maybe_undef(f);
    for &a in &cfg.rpo {
        let Terminator::CondBr(c, x, y) = f.block(a).term.clone() else {
            continue;
        };
        let (Some((jx, ax, armx)), Some((jy, ay, army))) =
            (side(f, &cfg, &undef, a, &x), side(f, &cfg, &undef, a, &y))
        else {
            continue;
        };
        let same_loop = loops
            .iter()
            .any(|l| l.blocks.contains(&a) && l.blocks.contains(&jx));
        let differing_defined = ax
            .iter()
            .zip(&ay)
            .all(|(p, q)| p == q || !(undef.contains(p) || undef.contains(q)));
        if jx != jy || !same_loop || !differing_defined {
            continue;
        }
        for arm in [armx, army].into_iter().flatten() {
            hoist(f, a, arm);
        }
        let (tx, ty) = (
            Target {
                block: jx,
                args: ax,
            },
            Target {
                block: jy,
                args: ay,
            },
        );
        let joined = super::const_fold::select_args(f, a, c, &tx, &ty);
        f.block_mut(a).term = Terminator::Br(joined);
        return true;
    }
    false
}

/// Where one side of `A`'s branch leads: the join block, the arguments it passes there
/// (in terms of values available in `A`), and the arm it goes through, if any.
fn side(
    f: &Function,
    cfg: &Cfg,
    undef: &BTreeSet<Value>,
    a: Block,
    t: &Target,
) -> Option<(Block, Vec<Value>, Option<Block>)> {
    let b = t.block;
    let bd = f.block(b);
    let arm = cfg.preds[&b] == [a] && b != a && cheap(f, undef, b);
    match &bd.term {
        Terminator::Br(next) if arm && next.block != b => {
            let subst: BTreeMap<Value, Value> = bd
                .params
                .iter()
                .copied()
                .zip(t.args.iter().copied())
                .collect();
            let args = next
                .args
                .iter()
                .map(|v| *subst.get(v).unwrap_or(v))
                .collect();
            Some((next.block, args, Some(b)))
        }
        _ => Some((b, t.args.clone(), None)),
    }
}

/// True when every instruction of `b` may run speculatively and there are few of them.
fn cheap(f: &Function, undef: &BTreeSet<Value>, b: Block) -> bool {
    let insts = &f.block(b).insts;
    let ops = insts
        .iter()
        .filter(|&&i| !matches!(f.inst(i).op, Op::Const(_)))
        .count();
    ops <= MAX_ARM_OPS
        && insts.iter().all(|&i| {
            let op = &f.inst(i).op;
            speculable(f, op) && op.operands().iter().all(|v| !undef.contains(v))
        })
}

/// True for the operations an arm may hold (see the module doc).
fn speculable(f: &Function, op: &Op) -> bool {
    use BinOp::*;
    let int = |v: &Value| !f.ty(*v).is_float();
    match op {
        Op::Const(_) => true,
        Op::Bin(b, x, _) => {
            matches!(b, AddI | SubI | AndI | OrI | XOrI | ShLI | ShRSI | ShRUI) && int(x)
        }
        Op::Cmp(p, ..) => !p.is_float(),
        Op::Select(_, x, _) => int(x),
        Op::Cast(k, _) => matches!(k, CastOp::ExtSI | CastOp::ExtUI | CastOp::TruncI),
        _ => false,
    }
}

/// Moves the instructions of `arm` (whose only predecessor is `a`) to the end of `a`,
/// replacing `arm`'s parameters by the arguments `a` passes them.
fn hoist(f: &mut Function, a: Block, arm: Block) {
    let args = f
        .block(a)
        .term
        .targets()
        .into_iter()
        .find(|t| t.block == arm)
        .map(|t| t.args.clone())
        .unwrap_or_default();
    let subst: BTreeMap<Value, Value> = f.block(arm).params.iter().copied().zip(args).collect();
    let insts = std::mem::take(&mut f.block_mut(arm).insts);
    for &i in &insts {
        f.insts[i.index()]
            .op
            .map_operands(|v| *subst.get(&v).unwrap_or(&v));
    }
    f.block_mut(a).insts.extend(insts);
}
