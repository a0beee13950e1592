//! Small IR editing helpers shared by the passes.

use super::super::ir::*;

/// Removes parameter `k` of block `b` and the matching argument of every branch to `b`.
pub fn remove_param(f: &mut Function, b: Block, k: usize) {
    f.blocks[b.index()].params.remove(k);
    let params = f.blocks[b.index()].params.clone();
    for (n, &p) in params.iter().enumerate() {
        f.values[p.index()].def = ValueDef::Param(b, n as u32);
    }
    for &pb in &f.layout.clone() {
        for t in f.blocks[pb.index()].term.targets_mut() {
            if t.block == b && k < t.args.len() {
                t.args.remove(k);
            }
        }
    }
}

/// A new block placed right before `target` in the layout, with `target`'s parameter types,
/// that branches to `target` passing its parameters on (`span`: the branch's C source). The
/// caller retargets the edges that should go through it.
pub fn forwarding_block(f: &mut Function, target: Block, span: Option<crate::diag::Span>) -> Block {
    let block = f.new_block();
    f.layout.pop();
    let pos = f
        .layout
        .iter()
        .position(|&b| b == target)
        .unwrap_or(f.layout.len());
    f.layout.insert(pos, block);
    let tys: Vec<Type> = f.block(target).params.iter().map(|&p| f.ty(p)).collect();
    let params: Vec<Value> = tys.into_iter().map(|t| f.add_param(block, t)).collect();
    let bd = f.block_mut(block);
    bd.term = Terminator::Br(Target {
        block: target,
        args: params,
    });
    bd.term_span = span;
    block
}

/// Inserts instructions created with [`Function::make_inst`] before position `pos` of block
/// `b`.
pub fn insert_before(f: &mut Function, b: Block, pos: usize, insts: Vec<Inst>) {
    let list = &mut f.blocks[b.index()].insts;
    let tail = list.split_off(pos);
    list.extend(insts);
    list.extend(tail);
}

/// The constant value of an integer value as a signed number, if it is a constant.
pub fn int_const(f: &Function, v: Value) -> Option<i64> {
    match (f.as_const(v)?, f.ty(v)) {
        (Const::Int(c), Type::Int(w)) => Some(crate::bits::sign_extend(c, w as u32)),
        _ => None,
    }
}
