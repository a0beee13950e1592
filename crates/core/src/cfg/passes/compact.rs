//! Renumbering: orders the blocks in reverse post-order (so the text reads top-down), then
//! rebuilds the arenas so that blocks are numbered in that order and values and instructions
//! in order of definition, dropping everything no longer used. Run last, so the printed IR and
//! the interpreter's profile use dense, stable ids.

use super::super::ir::*;
use std::collections::BTreeMap;

/// Runs the pass.
pub fn run(f: &mut Function) {
    f.layout = super::super::analysis::Cfg::new(f).rpo;
    let bmap: BTreeMap<Block, Block> = f
        .layout
        .iter()
        .enumerate()
        .map(|(k, &b)| (b, Block(k as u32)))
        .collect();
    let mut vmap: BTreeMap<Value, Value> = BTreeMap::new();
    let mut values = Vec::new();
    let mut insts = Vec::new();
    let mut blocks = Vec::new();
    let mut def = |old: Value, def: ValueDef, values: &mut Vec<ValueData>, f: &Function| {
        let new = Value(values.len() as u32);
        let var = f.values[old.index()].var.clone();
        values.push(ValueData {
            ty: f.ty(old),
            def,
            var,
        });
        vmap.insert(old, new);
        new
    };
    // First pass: number every definition (params, then results, block by block).
    let mut new_params = Vec::new();
    let mut new_results = Vec::new();
    for (k, &b) in f.layout.iter().enumerate() {
        let nb = Block(k as u32);
        let ps: Vec<Value> = f
            .block(b)
            .params
            .iter()
            .enumerate()
            .map(|(n, &p)| def(p, ValueDef::Param(nb, n as u32), &mut values, f))
            .collect();
        new_params.push(ps);
        let mut rs = Vec::new();
        for &i in &f.block(b).insts {
            let ni = Inst((insts.len() + rs.len()) as u32);
            let r = f
                .inst(i)
                .result
                .map(|r| def(r, ValueDef::Inst(ni), &mut values, f));
            rs.push(r);
        }
        insts.extend(std::iter::repeat_n(None::<InstData>, rs.len()));
        new_results.push(rs);
    }
    let map_v = |v: Value| *vmap.get(&v).unwrap_or(&v);
    let mut next = 0usize;
    for (k, &b) in f.layout.iter().enumerate() {
        let bd = f.block(b);
        let mut list = Vec::new();
        for (n, &i) in bd.insts.iter().enumerate() {
            let mut d = f.inst(i).clone();
            d.op.map_operands(map_v);
            d.result = new_results[k][n];
            insts[next] = Some(d);
            list.push(Inst(next as u32));
            next += 1;
        }
        let mut term = bd.term.clone();
        term.map_operands(map_v);
        for t in term.targets_mut() {
            t.block = bmap[&t.block];
        }
        blocks.push(BlockData {
            params: new_params[k].clone(),
            insts: list,
            term,
            term_span: bd.term_span,
        });
    }
    for p in &mut f.params {
        if let ParamKind::Scalar(v) = &mut p.kind {
            *v = map_v(*v);
        }
    }
    f.layout = (0..blocks.len() as u32).map(Block).collect();
    f.blocks = blocks;
    f.insts = insts
        .into_iter()
        .map(|d| d.expect("every slot filled"))
        .collect();
    f.values = values;
}
