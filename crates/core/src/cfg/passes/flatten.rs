//! Multi-dimensional array flattening: every `load`/`store` with one index per dimension
//! becomes an access with one row-major linear index, `((i0 * d1 + i1) * d2 + i2) …`, computed
//! in `i32` right before the access. Afterwards the function is marked `flattened`.

use super::super::ir::*;
use super::util::insert_before;

/// Runs the pass.
pub fn run(f: &mut Function) {
    if f.flattened {
        return;
    }
    for b in f.layout.clone() {
        let mut pos = 0;
        while pos < f.blocks[b.index()].insts.len() {
            let i = f.blocks[b.index()].insts[pos];
            let (m, idx) = match &f.insts[i.index()].op {
                Op::Load(m, idx) | Op::Store(m, idx, _) if idx.len() > 1 => (*m, idx.clone()),
                _ => {
                    pos += 1;
                    continue;
                }
            };
            let span = f.insts[i.index()].span;
            let dims = f.mems[m.index()].dims.clone();
            let mut new = Vec::new();
            let mut emit = |f: &mut Function, op: Op| {
                let n = f.make_inst(op, Some(Type::I32), span);
                new.push(n);
                f.insts[n.index()].result.expect("has a result")
            };
            let mut lin = idx[0];
            for (k, &ix) in idx.iter().enumerate().skip(1) {
                let d = emit(f, Op::Const(Const::int(dims[k] as i64, Type::I32)));
                let mul = emit(f, Op::Bin(BinOp::MulI, lin, d));
                lin = emit(f, Op::Bin(BinOp::AddI, mul, ix));
            }
            let n = new.len();
            insert_before(f, b, pos, new);
            pos += n;
            match &mut f.insts[i.index()].op {
                Op::Load(_, idx) | Op::Store(_, idx, _) => *idx = vec![lin],
                _ => {}
            }
            pos += 1;
        }
    }
    f.flattened = true;
}
