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
