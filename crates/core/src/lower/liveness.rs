//! Liveness of the values that flow between basic blocks in the Handshake circuit.
//!
//! A *flow* is either a CFG value or the ordering token of a memory ([`Flow::Tok`]; for a
//! memory with a load-store queue, its allocation token), or one of the two tokens of a loop
//! whose iterations share their memory's token ([`super::token_loops`]). Constants
//! and undefined values never flow: they are rebuilt in every block that uses them. Placeholder
//! outputs (values of `__init*()` calls) are defined where their placeholder call is, not where
//! the `__init*()` call is. The result lists, per block, the flows that enter it: the block's
//! parameters first (in order), then the other live-in flows in increasing order.

use super::token_loops::TokenLoops;
use crate::cfg::analysis::Cfg;
use crate::cfg::ir::{Block, Function, Inst, Op, Value, ValueDef};
use std::collections::{BTreeMap, BTreeSet};

/// Something that flows from block to block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Flow {
    /// A CFG value.
    Val(Value),
    /// The ordering token of memory `n` (index into `Function::mems`).
    Tok(u32),
    /// The token of memory `n` the loop headed by the block was entered with.
    LoopStart(u32, Block),
    /// The join of the final tokens of memory `n` of the finished iterations of the loop
    /// headed by the block (its entering token before the first).
    LoopDone(u32, Block),
}

/// How each instruction defines and uses flows (given by the lowering).
pub struct FlowInfo<'a> {
    /// The function.
    pub f: &'a Function,
    /// Values that never flow (constants, undefined values).
    pub rebuilt: &'a BTreeSet<Value>,
    /// Placeholder outputs defined by each placeholder call.
    pub outputs_of: &'a BTreeMap<Inst, Vec<Value>>,
    /// Values of `__init*()` calls (defined by their placeholder call instead).
    pub init_values: &'a BTreeSet<Value>,
    /// The memories each ordered access threads the token of.
    pub ordered: &'a BTreeMap<Inst, u32>,
    /// The memories served by a load-store queue: their tokens reach every return (where
    /// they become the queue's `ctrlEnd`).
    pub lsq: &'a BTreeSet<u32>,
    /// The loops whose iterations share a memory's token.
    pub token_loops: &'a TokenLoops,
}

impl FlowInfo<'_> {
    fn flows(&self, vals: impl IntoIterator<Item = Value>) -> Vec<Flow> {
        vals.into_iter()
            .filter(|v| !self.rebuilt.contains(v))
            .map(Flow::Val)
            .collect()
    }

    /// The flows an instruction uses (before it) and defines.
    fn inst(&self, i: Inst) -> (Vec<Flow>, Vec<Flow>) {
        let d = self.f.inst(i);
        let mut uses = match &d.op {
            Op::Call(..) if self.outputs_of.contains_key(&i) => {
                let outs = &self.outputs_of[&i];
                let ins = d.op.operands().into_iter().filter(|v| !outs.contains(v));
                self.flows(ins)
            }
            _ => self.flows(d.op.operands()),
        };
        let mut defs = match d.result {
            Some(r) if !self.init_values.contains(&r) => self.flows([r]),
            _ => Vec::new(),
        };
        if let Some(outs) = self.outputs_of.get(&i) {
            defs.extend(self.flows(outs.iter().copied()));
        }
        if let Some(&m) = self.ordered.get(&i) {
            uses.push(Flow::Tok(m));
            defs.push(Flow::Tok(m));
        }
        (uses, defs)
    }
}

/// Computes the flows entering each reachable block (see the module doc). The entry block's
/// list is its parameters only: memory tokens start there from the `start` control.
pub fn live_ins(info: &FlowInfo<'_>, cfg: &Cfg) -> BTreeMap<Block, Vec<Flow>> {
    let f = info.f;
    let mut uses: BTreeMap<Block, BTreeSet<Flow>> = BTreeMap::new();
    let mut defs: BTreeMap<Block, BTreeSet<Flow>> = BTreeMap::new();
    for &b in &cfg.rpo {
        let (mut u, mut d) = (BTreeSet::new(), BTreeSet::new());
        let bd = f.block(b);
        d.extend(info.flows(bd.params.iter().copied()));
        if b == f.entry() {
            d.extend((0..f.mems.len() as u32).map(Flow::Tok));
        }
        for m in info.token_loops.headed_by(b) {
            u.insert(Flow::LoopStart(m, b));
            d.insert(Flow::Tok(m));
        }
        for &i in &bd.insts {
            let (iu, id) = info.inst(i);
            u.extend(iu.into_iter().filter(|x| !d.contains(x)));
            d.extend(id);
        }
        let mut term = info.flows(bd.term.operands());
        if matches!(bd.term, crate::cfg::ir::Terminator::Return(_)) {
            term.extend(info.lsq.iter().map(|&m| Flow::Tok(m)));
        }
        u.extend(term.into_iter().filter(|x| !d.contains(x)));
        uses.insert(b, u);
        defs.insert(b, d);
    }
    let mut live: BTreeMap<Block, BTreeSet<Flow>> = uses.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for &b in cfg.rpo.iter().rev() {
            let mut out = BTreeSet::new();
            for s in f.block(b).term.successors() {
                let params: BTreeSet<Flow> = info
                    .flows(f.block(s).params.iter().copied())
                    .into_iter()
                    .collect();
                for &x in live[&s].iter().filter(|x| !params.contains(x)) {
                    out.extend(info.token_loops.edge_needs(b, s, x));
                }
            }
            let new: BTreeSet<Flow> = uses[&b]
                .iter()
                .copied()
                .chain(out.into_iter().filter(|x| !defs[&b].contains(x)))
                .collect();
            if new != live[&b] {
                live.insert(b, new);
                changed = true;
            }
        }
    }
    cfg.rpo
        .iter()
        .map(|&b| {
            let params: Vec<Flow> = f.block(b).params.iter().map(|&p| Flow::Val(p)).collect();
            let mut list = params.clone();
            if b != f.entry() {
                list.extend(live[&b].iter().filter(|x| !params.contains(x)).copied());
            }
            (b, list)
        })
        .collect()
}

/// The block defining a value (for block parameters, their block).
pub fn def_block(f: &Function, v: Value, inst_block: &BTreeMap<Inst, Block>) -> Option<Block> {
    match f.values[v.index()].def {
        ValueDef::Param(b, _) => Some(b),
        ValueDef::Inst(i) => inst_block.get(&i).copied(),
    }
}
