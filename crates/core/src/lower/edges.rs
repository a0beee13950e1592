//! Block exits and entries: terminators send each successor's entering flows through `br` /
//! `cond_br` (one `cond_br` per distinct value, shared by both sides), the successors'
//! control merges and muxes are filled in once every block is lowered, and returns are
//! gathered into the exit control.

use super::liveness::Flow;
use super::{EdgeValues, Lowerer};
use crate::cfg::ir::{self, Block, Terminator};
use crate::handshake::{OpKind, Type, ValueId};
use std::collections::BTreeMap;

impl Lowerer<'_> {
    pub(super) fn lower_terminator(&mut self, b: Block) {
        let term = self.f.block(b).term.clone();
        let ctrl = self.blocks[&b].ctrl;
        self.span = self.f.block(b).term_span.or(self.span);
        match term {
            Terminator::Br(t) => {
                let vals = self.edge_values(b, &t);
                let ctrl = self.op1(OpKind::Br, vec![ctrl], Type::control(), b, None);
                let vals = vals
                    .into_iter()
                    .map(|v| {
                        let ty = self.ty(v);
                        self.op1(OpKind::Br, vec![v], ty, b, None)
                    })
                    .collect();
                self.add_incoming(b, t.block, (ctrl, vals));
            }
            Terminator::CondBr(c, t, e) => {
                let cond = self.value(b, c);
                let mut cache: BTreeMap<ValueId, (ValueId, ValueId)> = BTreeMap::new();
                let mut branch = |this: &mut Self, v: ValueId| -> (ValueId, ValueId) {
                    if let Some(&r) = cache.get(&v) {
                        return r;
                    }
                    let ty = this.ty(v);
                    let id = this.op(OpKind::CondBr, vec![cond, v], vec![ty.clone(), ty], b, None);
                    let r = (this.hf.results(id)[0], this.hf.results(id)[1]);
                    cache.insert(v, r);
                    r
                };
                let (ct, cf) = branch(self, ctrl);
                let tv: Vec<ValueId> = self.edge_values(b, &t);
                let ev: Vec<ValueId> = self.edge_values(b, &e);
                let tv = tv.into_iter().map(|v| branch(self, v).0).collect();
                let ev = ev.into_iter().map(|v| branch(self, v).1).collect();
                self.add_incoming(b, t.block, (ct, tv));
                self.add_incoming(b, e.block, (cf, ev));
            }
            Terminator::Return(v) => {
                let v = v.map(|v| self.value(b, v));
                self.exits.push((b, ctrl, v));
                self.lsq_exit(b);
            }
            Terminator::Unreachable => {}
        }
    }

    /// The values block `b` sends along its edge to `t` (one per entering flow of `t`).
    fn edge_values(&mut self, b: Block, t: &ir::Target) -> Vec<ValueId> {
        let params = self.f.block(t.block).params.clone();
        self.live[&t.block]
            .clone()
            .into_iter()
            .map(|fl| match fl {
                Flow::Val(v) => match params.iter().position(|&p| p == v) {
                    Some(k) => self.value(b, t.args[k]),
                    None => self.value(b, v),
                },
                Flow::Tok(m) => self.edge_token(b, t.block, m),
                Flow::LoopStart(_, h) if self.token_loops.contains(h, b) => self.token(b, fl),
                Flow::LoopStart(m, h) => self.edge_token(b, h, m),
                Flow::LoopDone(m, h) if self.token_loops.contains(h, b) => {
                    let tok = self.edge_token(b, h, m);
                    let done = self.token(b, fl);
                    self.join_tokens(b, done, tok)
                }
                Flow::LoopDone(m, h) => self.edge_token(b, h, m),
            })
            .collect()
    }

    /// The token flow `fl` in block `b` (the block's control if it has none).
    fn token(&self, b: Block, fl: Flow) -> ValueId {
        self.local.get(&fl).copied().unwrap_or(self.blocks[&b].ctrl)
    }

    /// Memory `m`'s token on the edge `b → to`: joined with the `LoopDone` token of every loop
    /// sharing it that the edge leaves, innermost first ([`super::token_loops`]).
    fn edge_token(&mut self, b: Block, to: Block, m: u32) -> ValueId {
        let mut tok = self.token(b, Flow::Tok(m));
        for h in self.token_loops.left(m, b, to) {
            let done = self.token(b, Flow::LoopDone(m, h));
            tok = self.join_tokens(b, done, tok);
        }
        tok
    }

    /// `join(x, y)` in block `b`, built once per pair.
    fn join_tokens(&mut self, b: Block, x: ValueId, y: ValueId) -> ValueId {
        if let Some(&j) = self.token_joins.get(&(x, y)) {
            return j;
        }
        let j = self.op1(OpKind::Join, vec![x, y], Type::control(), b, None);
        self.token_joins.insert((x, y), j);
        j
    }

    fn add_incoming(&mut self, from: Block, to: Block, vals: EdgeValues) {
        let slots: Vec<usize> = self.cfg.preds[&to]
            .iter()
            .enumerate()
            .filter(|(_, &p)| p == from)
            .map(|(k, _)| k)
            .collect();
        let slot = slots
            .into_iter()
            .find(|k| !self.incoming.contains_key(&(to, *k)))
            .unwrap_or(0);
        self.incoming.insert((to, slot), vals);
    }

    /// Fills in the operands of every block's control merge and flow muxes.
    pub(super) fn patch_block_inputs(&mut self) {
        for b in self.cfg.rpo.clone() {
            let Some(bin) = self.blocks.get(&b) else {
                continue;
            };
            let Some(ctrl_op) = bin.ctrl_op else { continue };
            let n = self.cfg.preds[&b].len();
            let edges: Vec<EdgeValues> = (0..n)
                .map(|k| {
                    self.incoming
                        .get(&(b, k))
                        .cloned()
                        .unwrap_or((bin.ctrl, Vec::new()))
                })
                .collect();
            let flow_ops = bin.flow_ops.clone();
            if let Some(op) = self.hf.op_mut(ctrl_op) {
                op.operands = edges.iter().map(|e| e.0).collect();
            }
            for (j, id) in flow_ops.into_iter().enumerate() {
                let Some(id) = id else { continue };
                let ins: Vec<ValueId> = edges
                    .iter()
                    .map(|e| e.1.get(j).copied().unwrap_or(e.0))
                    .collect();
                if let Some(op) = self.hf.op_mut(id) {
                    op.operands.extend(ins);
                }
            }
        }
    }

    /// The control token leaving the function, and the block it is in (merging several
    /// returns when there are several).
    pub(super) fn exit_control(&mut self) -> Option<(ValueId, Block)> {
        match self.exits.as_slice() {
            [] => {
                self.error(None, format!("kernel `{}` never returns", self.f.name));
                None
            }
            [(b, c, _)] => Some((*c, *b)),
            many => {
                let b = many[many.len() - 1].0;
                let ctrls: Vec<ValueId> = many.iter().map(|e| e.1).collect();
                let c = self.op1(OpKind::Merge, ctrls, Type::control(), b, None);
                Some((c, b))
            }
        }
    }
}
