//! Constant folding and propagation: evaluates operations whose operands are constants (with
//! the interpreter's exact semantics; a trapping division is left alone), applies algebraic
//! identities (`x + 0`, `x * 1`, `x * 0`, `x & 0`, `x | 0`, `x ^ 0`, shifts by 0, `select` on a
//! constant or between equal values, `extui(b) != 0`), removes block parameters that always receive the same
//! value, and turns `cond_br` on a constant (or to one block twice, choosing the arguments
//! with `select`) into `br`. Repeats until nothing changes.

use super::super::build::remove_unreachable;
use super::super::ir::*;
use super::util::{int_const, remove_param};
use crate::interp::eval;
use std::collections::BTreeMap;

/// Most rounds before giving up on reaching a fixpoint.
const MAX_ROUNDS: usize = 50;

/// Runs the pass.
pub fn run(f: &mut Function) {
    for _ in 0..MAX_ROUNDS {
        let mut changed = fold_insts(f);
        changed |= fold_branches(f);
        changed |= fold_params(f);
        if !changed {
            break;
        }
    }
}

fn bits(c: Const) -> u64 {
    crate::interp::const_bits(c)
}

fn to_const(bits: u64, t: Type) -> Const {
    match t {
        Type::F32 => Const::F32(bits as u32),
        Type::F64 => Const::F64(bits),
        Type::Int(_) => Const::Int(bits & t.mask()),
    }
}

enum Fold {
    Const(Const),
    Same(Value),
}

fn fold(f: &Function, op: &Op, rty: Option<Type>) -> Option<Fold> {
    let c = |v: &Value| f.as_const(*v).map(bits);
    match op {
        Op::Bin(b, x, y) => {
            let t = f.ty(*x);
            if let (Some(a), Some(bb)) = (c(x), c(y)) {
                return eval::bin(*b, t, a, bb)
                    .ok()
                    .map(|r| Fold::Const(to_const(r, t)));
            }
            identity(f, *b, *x, *y)
        }
        Op::Un(u, x) => Some(Fold::Const(to_const(
            eval::un(*u, f.ty(*x), c(x)?),
            f.ty(*x),
        ))),
        Op::Cmp(p, x, y) => {
            // `extui(b : i1) != 0` is `b` (C's int-to-bool of a comparison).
            if *p == CmpPred::Ne && int_const(f, *y) == Some(0) {
                if let Some(b) = zext_of_bool(f, *x) {
                    return Some(Fold::Same(b));
                }
            }
            if x == y && !p.is_float() {
                use CmpPred::*;
                let r = matches!(p, Eq | Sle | Sge | Ule | Uge);
                return Some(Fold::Const(Const::Int(r as u64)));
            }
            let r = eval::cmp(*p, f.ty(*x), c(x)?, c(y)?);
            Some(Fold::Const(Const::Int(r as u64)))
        }
        Op::Select(cv, a, b) => {
            if a == b {
                return Some(Fold::Same(*a));
            }
            Some(Fold::Same(if c(cv)? != 0 { *a } else { *b }))
        }
        Op::Cast(k, x) => {
            let to = rty?;
            Some(Fold::Const(to_const(
                eval::cast(*k, f.ty(*x), to, c(x)?),
                to,
            )))
        }
        _ => None,
    }
}

/// The `i1` that `v` zero-extends, if `v` is such an extension.
fn zext_of_bool(f: &Function, v: Value) -> Option<Value> {
    let ValueDef::Inst(i) = f.values[v.index()].def else {
        return None;
    };
    match f.inst(i).op {
        Op::Cast(CastOp::ExtUI, b) if f.ty(b) == Type::I1 => Some(b),
        _ => None,
    }
}

fn identity(f: &Function, op: BinOp, x: Value, y: Value) -> Option<Fold> {
    use BinOp::*;
    let (cx, cy) = (int_const(f, x), int_const(f, y));
    let zero = |t: Type| Fold::Const(Const::int(0, t));
    let t = f.ty(x);
    match op {
        AddI | OrI | XOrI if cx == Some(0) => Some(Fold::Same(y)),
        AddI | SubI | OrI | XOrI | ShLI | ShRSI | ShRUI if cy == Some(0) => Some(Fold::Same(x)),
        MulI if cx == Some(1) => Some(Fold::Same(y)),
        MulI | DivSI | DivUI if cy == Some(1) => Some(Fold::Same(x)),
        MulI | AndI if cx == Some(0) || cy == Some(0) => Some(zero(t)),
        SubI | XOrI if x == y => Some(zero(t)),
        AndI | OrI if x == y => Some(Fold::Same(x)),
        _ => None,
    }
}

fn fold_insts(f: &mut Function) -> bool {
    let mut changed = false;
    let mut subst = BTreeMap::new();
    for b in f.layout.clone() {
        for i in f.blocks[b.index()].insts.clone() {
            let d = &f.insts[i.index()];
            if matches!(d.op, Op::Const(_)) {
                continue;
            }
            let Some(r) = d.result else { continue };
            match fold(f, &d.op, Some(f.ty(r))) {
                Some(Fold::Const(c)) => {
                    f.insts[i.index()].op = Op::Const(c);
                    changed = true;
                }
                Some(Fold::Same(v)) if v != r => {
                    subst.insert(r, v);
                    // Keep the instruction valid until DCE removes it.
                    f.insts[i.index()].op = Op::Undef;
                    changed = true;
                }
                _ => {}
            }
        }
    }
    f.replace_uses(&subst);
    changed
}

/// Turns `cond_br` on a constant, or to one block twice, into `br`; true when it changed.
pub(super) fn fold_branches(f: &mut Function) -> bool {
    let mut changed = false;
    for b in f.layout.clone() {
        let term = f.blocks[b.index()].term.clone();
        if let Terminator::CondBr(c, t, e) = term {
            let pick = match f.as_const(c) {
                Some(Const::Int(v)) => Some(if v != 0 { t } else { e }),
                _ if t == e => Some(t),
                // Both ways lead to the same block: choose the arguments with `select`s.
                _ if t.block == e.block => Some(select_args(f, b, c, &t, &e)),
                _ => None,
            };
            if let Some(p) = pick {
                f.blocks[b.index()].term = Terminator::Br(p);
                changed = true;
            }
        }
    }
    if changed {
        remove_unreachable(f);
    }
    changed
}

/// The target `t.block(select(c, t.args, e.args))`, with the selects appended to block `b`.
pub(super) fn select_args(f: &mut Function, b: Block, c: Value, t: &Target, e: &Target) -> Target {
    let span = f.block(b).term_span;
    let mut args = Vec::new();
    for (&x, &y) in t.args.iter().zip(&e.args) {
        if x == y {
            args.push(x);
            continue;
        }
        let ty = f.ty(x);
        let v = f.push(b, Op::Select(c, x, y), Some(ty), span);
        args.push(v.expect("select has a result"));
    }
    Target {
        block: t.block,
        args,
    }
}

/// Removes block parameters that receive the same value (or themselves) from every branch.
fn fold_params(f: &mut Function) -> bool {
    let entry = f.entry();
    let mut incoming: BTreeMap<(Block, usize), Vec<Value>> = BTreeMap::new();
    for &b in &f.layout {
        for t in f.block(b).term.targets() {
            for (k, &a) in t.args.iter().enumerate() {
                incoming.entry((t.block, k)).or_default().push(a);
            }
        }
    }
    let mut changed = false;
    let mut subst = BTreeMap::new();
    for b in f.layout.clone() {
        if b == entry {
            continue;
        }
        let mut k = f.block(b).params.len();
        while k > 0 {
            k -= 1;
            let p = f.block(b).params[k];
            let ins = incoming.get(&(b, k)).cloned().unwrap_or_default();
            let mut others = ins.iter().filter(|&&v| v != p);
            let Some(&first) = others.next() else {
                continue;
            };
            if others.all(|&v| v == first) {
                // Going down, removing `k` shifts only parameters already visited.
                remove_param(f, b, k);
                subst.insert(p, first);
                changed = true;
            }
        }
    }
    f.replace_uses(&subst);
    changed
}
