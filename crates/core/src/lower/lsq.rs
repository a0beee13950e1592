//! Load-store queues (docs/memory-ordering.md, "Load-store queues"): the shape of a queue
//! (its groups and depths), how its operands are read back from a `handshake.lsq`, and how the
//! lowering builds one for a memory whose accesses need dynamic ordering.
//!
//! Operand layout, as in Dynamatic: `memref, memStart, (ctrl, access…)…, ctrlEnd`, one group
//! per basic block in increasing `handshake.bb`, `groupSizes` accesses each (a load's address;
//! a store's address then data), results one data channel per load then `memEnd`.
//!
//! A queue beside a memory controller (`lsq[MC]`, when some accesses of the memory need no
//! ordering and go to the controller directly) has no memref nor `memStart`: its operands are
//! `(ctrl, access…)…, ldDataFromMC, ctrlEnd` and its results one data channel per load, then
//! `ldAddrToMC, stAddrToMC, stDataToMC, memEnd`. The controller serves these three channels as
//! its load port 0 and store port 0 (the highest priority, so the queue reads and writes in
//! the cycles it would on its own memory) and answers on its load result 0, `ldDataFromMC`.
//! The four channels connect the two interfaces directly (no buffer between them). A group's
//! `ctrl` is the memory's allocation token entering the block, taken by a `lazy_fork` whose
//! other output carries the token on (through a one-slot FIFO): so groups are allocated in
//! program order. Groups the token passes within one cycle are allocated together, in group
//! order; buffer placement renumbers the groups so that this is program order too
//! (`buffer::lsq_groups`).

use super::liveness::Flow;
use super::memory::{port_role, PortRole};
use super::{ops, Lowerer};
use crate::cfg::ir::{self, Block};
use crate::handshake::{self as hs, Attr, BufferParams, BufferType, OpId, OpKind, Type, ValueId};
use crate::sim::LsqShape;
use std::collections::{BTreeMap, BTreeSet};

/// The operands of a load-store queue, by role (indices into its operand list), and its shape.
#[derive(Clone, Debug, PartialEq)]
pub struct LsqPorts {
    /// Group allocation inputs, one per group.
    pub ctrl: Vec<usize>,
    /// Load addresses (result `i` is the data of load address `i`).
    pub ld_addr: Vec<usize>,
    /// Store addresses.
    pub st_addr: Vec<usize>,
    /// Store data (paired with `st_addr` by position).
    pub st_data: Vec<usize>,
    /// For `lsq[MC]`, the operand carrying the load data from the memory controller.
    pub from_mc: Option<usize>,
    /// The groups' accesses in program order (true for a store) and the queue depths.
    pub shape: LsqShape,
}

/// The default depth of both queues of an LSQ whose depths are not given.
pub const DEFAULT_LSQ_DEPTH: usize = 16;

/// The deepest queue (the verifier's bound).
pub const MAX_LSQ_DEPTH: usize = 64;

/// Sets the load- and store-queue depths of the `lsq` op `op` of `f`.
pub fn set_lsq_depths(f: &mut hs::Func, op: OpId, (ldq, stq): (usize, usize)) {
    if let Some(o) = f.op_mut(op) {
        o.attrs
            .insert(LDQ_DEPTH_ATTR.into(), Attr::int(ldq as i64, 32));
        o.attrs
            .insert(STQ_DEPTH_ATTR.into(), Attr::int(stq as i64, 32));
    }
}

/// The results of an `lsq[MC]` that go to its memory controller (`ldAddrToMC, stAddrToMC,
/// stDataToMC`), before `memEnd`.
pub const MC_LINK_RESULTS: usize = 3;

/// Reads an `lsq`: operands `memref, memStart, (ctrl, access…)…, ctrlEnd` on a memref, or
/// `(ctrl, access…)…, ldDataFromMC, ctrlEnd` beside a controller, with `groupSizes` accesses
/// per group (a load's address; a store's address then data, told apart by their producers)
/// and the depths in `ldqDepth`/`stqDepth`. None for other ops and for operand lists that do
/// not fit the group sizes.
pub fn lsq_ports(f: &hs::Func, op: OpId) -> Option<LsqPorts> {
    let o = f.op(op)?;
    let OpKind::Lsq {
        group_sizes,
        through_mc,
    } = &o.kind
    else {
        return None;
    };
    let depth = |key: &str| match o.attrs.get(key) {
        Some(Attr::Int { value, .. }) => usize::try_from(*value).ok(),
        None => Some(DEFAULT_LSQ_DEPTH),
        _ => None,
    };
    let mut ports = LsqPorts {
        ctrl: Vec::new(),
        ld_addr: Vec::new(),
        st_addr: Vec::new(),
        st_data: Vec::new(),
        from_mc: None,
        shape: LsqShape {
            groups: Vec::new(),
            ldq_depth: depth(LDQ_DEPTH_ATTR)?,
            stq_depth: depth(STQ_DEPTH_ATTR)?,
        },
    };
    let last = o.operands.len().checked_sub(1)?;
    let mut i = if *through_mc { 0 } else { 2 };
    for &size in group_sizes {
        ports.ctrl.push(i);
        i += 1;
        let mut group = Vec::new();
        for _ in 0..size {
            match port_role(f, *o.operands.get(i)?) {
                PortRole::LoadAddr => {
                    ports.ld_addr.push(i);
                    group.push(false);
                    i += 1;
                }
                PortRole::StoreAddr
                    if port_role(f, *o.operands.get(i + 1)?) == PortRole::StoreData =>
                {
                    ports.st_addr.push(i);
                    ports.st_data.push(i + 1);
                    group.push(true);
                    i += 2;
                }
                _ => return None,
            }
        }
        ports.shape.groups.push(group);
    }
    if *through_mc {
        ports.from_mc = Some(i);
        i += 1;
    }
    (i == last).then_some(ports)
}

/// The memref of the memory the queue `op` serves: its first operand, or beside a controller
/// the controller's.
pub fn lsq_memref(f: &hs::Func, op: OpId) -> Option<ValueId> {
    let o = f.op(op)?;
    match o.kind {
        OpKind::Lsq {
            through_mc: false, ..
        } => o.operands.first().copied(),
        OpKind::Lsq {
            through_mc: true, ..
        } => {
            let to_mc = *o
                .results
                .len()
                .checked_sub(2)
                .and_then(|i| o.results.get(i))?;
            let &(mc, _) = f.users(to_mc).first()?;
            f.operands(mc).first().copied()
        }
        _ => None,
    }
}

/// The attribute holding an LSQ's load-queue depth.
pub const LDQ_DEPTH_ATTR: &str = "ldqDepth";
/// The attribute holding an LSQ's store-queue depth.
pub const STQ_DEPTH_ATTR: &str = "stqDepth";

/// The load-store queues being built: which memories have one, each block's allocation
/// token, and the tokens reaching each return.
pub(super) struct LsqBuild {
    memories: BTreeSet<u32>,
    /// The `ctrl` operand of each (memory, block) group.
    groups: BTreeMap<(u32, Block), ValueId>,
    /// Per return, each queue's token there.
    exits: Vec<Vec<(u32, ValueId)>>,
    /// Each queue built: its load and store depths and its number of groups.
    pub(super) built: BTreeMap<u32, (usize, usize, usize)>,
}

impl LsqBuild {
    pub(super) fn new(memories: BTreeSet<u32>) -> Self {
        Self {
            memories,
            groups: BTreeMap::new(),
            exits: Vec::new(),
            built: BTreeMap::new(),
        }
    }

    /// Whether memory `m` is served by a queue.
    pub(super) fn serves(&self, m: u32) -> bool {
        self.memories.contains(&m)
    }
}

impl Lowerer<'_> {
    /// Before an access of memory `m` (served by a queue) in block `b`: at the block's first
    /// one, splits the allocation token with a `lazy_fork` into the group's `ctrl` and the
    /// token carried on, which thus leaves only once the queue has allocated the group. The
    /// token carried on waits in a one-slot transparent FIFO: the lazy fork must not wait for
    /// the block's branch, whose condition may be a value loaded through this very group.
    pub(super) fn lsq_group(&mut self, b: Block, m: u32) {
        if self.lsq.groups.contains_key(&(m, b)) {
            return;
        }
        let t = Flow::Tok(m);
        let tok = self.local.get(&t).copied().unwrap_or(self.blocks[&b].ctrl);
        let ctrl = Type::control();
        let tys = vec![ctrl.clone(), ctrl.clone()];
        let lf = self.op(OpKind::LazyFork, vec![tok], tys, b, None);
        let (group, on) = (self.hf.results(lf)[0], self.hf.results(lf)[1]);
        let slot = OpKind::Buffer(BufferParams::new(BufferType::FifoBreakNone, 1));
        let on = self.op1(slot, vec![on], ctrl, b, None);
        self.lsq.groups.insert((m, b), group);
        self.local.insert(t, on);
    }

    /// At a return: records the queues' tokens (the queue's `ctrlEnd` once merged).
    pub(super) fn lsq_exit(&mut self, b: Block) {
        let tokens = self
            .lsq
            .memories
            .iter()
            .map(|&m| {
                let tok = self.local.get(&Flow::Tok(m)).copied();
                (m, tok.unwrap_or(self.blocks[&b].ctrl))
            })
            .collect();
        self.lsq.exits.push(tokens);
    }

    /// The `ctrlEnd` of memory `m`'s queue: its token at the return, merged over returns.
    fn lsq_end(&mut self, m: u32, exit_block: Block) -> ValueId {
        let toks: Vec<ValueId> = self
            .lsq
            .exits
            .iter()
            .filter_map(|e| e.iter().find(|x| x.0 == m).map(|x| x.1))
            .collect();
        match toks.as_slice() {
            [t] => *t,
            _ => self.op1(OpKind::Merge, toks, Type::control(), exit_block, None),
        }
    }

    /// Builds the queue of memory `m` over its accesses `mine` (indices into `accesses`), on
    /// its memref, or beside its memory controller when `beside_mc` (the controller then
    /// patches the queue's `ldDataFromMC` operand, [`BuiltLsq::ld_data_operand`]).
    pub(super) fn build_lsq(
        &mut self,
        m: u32,
        mine: &[usize],
        exit_block: Block,
        beside_mc: bool,
    ) -> BuiltLsq {
        let (memref, start) = self.mem_args[m as usize];
        let mut blocks: Vec<Block> = mine.iter().map(|&k| self.accesses[k].block).collect();
        blocks.sort_by_key(|b| self.bb[b]);
        blocks.dedup();
        let mut operands = if beside_mc {
            Vec::new()
        } else {
            vec![memref, start]
        };
        let mut loads = Vec::new();
        let mut sizes = Vec::new();
        let (mut nl, mut ns) = (0, 0);
        for &b in &blocks {
            operands.push(self.lsq.groups[&(m, b)]);
            let here: Vec<usize> = mine
                .iter()
                .copied()
                .filter(|&k| self.accesses[k].block == b)
                .collect();
            sizes.push(here.len() as i64);
            for k in here {
                let (ld, ports) = self.accesses[k].ports(&self.hf);
                loads.extend(ld);
                nl += usize::from(ld.is_some());
                ns += usize::from(ld.is_none());
                operands.extend(ports);
            }
        }
        let addr_ty = operands
            .get(usize::from(!beside_mc) * 2 + 1)
            .map(|&a| self.ty(a))
            .unwrap_or_else(|| Type::int_channel(32));
        let end = self.lsq_end(m, exit_block);
        let elem = Type::channel(ops::raw(ir::Type::of(self.f.mems[m as usize].elem)));
        let mut tys = vec![elem.clone(); loads.len()];
        if beside_mc {
            // Stands for `ldDataFromMC` until the controller exists.
            operands.push(end);
            tys.extend([addr_ty.clone(), addr_ty, elem]);
        }
        operands.push(end);
        tys.push(Type::control());
        let name = Some(self.names.next("lsq"));
        let kind = OpKind::Lsq {
            group_sizes: sizes,
            through_mc: beside_mc,
        };
        let id = self.op(kind, operands, tys, exit_block, name);
        let (ldq, stq) = (queue_depth(nl), queue_depth(ns));
        self.lsq.built.insert(m, (ldq, stq, blocks.len()));
        if let Some(op) = self.hf.op_mut(id) {
            op.bb = None;
        }
        set_lsq_depths(&mut self.hf, id, (ldq, stq));
        let results = self.hf.results(id).to_vec();
        for (k, &ld) in loads.iter().enumerate() {
            self.hf.set_operand(ld, 1, results[k]);
        }
        let n = results.len();
        BuiltLsq {
            op: id,
            mem_end: results[n - 1],
            to_mc: beside_mc.then(|| [results[n - 4], results[n - 3], results[n - 2]]),
            stores: blocks
                .iter()
                .map(|&b| {
                    let here = mine.iter().filter(|&&k| self.accesses[k].block == b);
                    (b, here.filter(|&&k| self.accesses[k].is_store()).count())
                })
                .filter(|&(_, n)| n > 0)
                .collect(),
        }
    }
}

/// A queue the lowering built.
pub(super) struct BuiltLsq {
    pub(super) op: OpId,
    /// Its `memEnd`.
    pub(super) mem_end: ValueId,
    /// Beside a controller: `ldAddrToMC, stAddrToMC, stDataToMC`.
    pub(super) to_mc: Option<[ValueId; MC_LINK_RESULTS]>,
    /// The blocks where it stores, with their numbers of stores.
    pub(super) stores: Vec<(Block, usize)>,
}

impl BuiltLsq {
    /// The operand index of `ldDataFromMC` (beside a controller).
    pub(super) fn ld_data_operand(&self, f: &hs::Func) -> usize {
        f.operands(self.op).len().saturating_sub(2)
    }
}

/// The depth of a queue whose groups hold `n` accesses of its kind in all: the default,
/// and at least `n` (every group must fit), at most 64.
fn queue_depth(n: usize) -> usize {
    DEFAULT_LSQ_DEPTH.max(n).min(MAX_LSQ_DEPTH)
}
