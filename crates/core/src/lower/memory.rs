//! Memories: loads and stores through memory controllers, and the ordering token of
//! memories whose accesses may conflict (docs/memory-ordering.md).
//!
//! Each memory gets one `mem_controller` whose operands are, in order: the memref, the
//! `<name>_start` control, then for each connected block (increasing `handshake.bb`) the
//! block's store count (a `constant` of type i32 fired by the block's control, only when the
//! block stores) followed by the block's accesses in program order (a load's address; a
//! store's address and data), and last the function's exit control (`ctrlEnd`). Its results
//! are one data channel per load, in the same order, and `memEnd`, which feeds `<name>_end`.
//! [`controller_ports`] classifies these operands for back ends.
//!
//! An *ordered* access waits for its memory's token: its address passes a one-input `mux`
//! whose select is a `constant 0` fired by the token. A load's new token is a `join` of its
//! data (it has returned); a store's is taken from a `lazy_fork` of the address it hands to
//! the controller (so it fires in the cycle the controller accepts the store), through a
//! `join` and a one-slot `ONE_SLOT_BREAK_DVR` buffer (so it reaches the next access one cycle
//! later, when the written word is visible). Loads do not wait for one another: the ordered
//! loads of a block that follow one another without an ordered store between them (a *run*)
//! all wait for the token the first one waits for, and the run's new token is one `join` of
//! all their data.
//!
//! A memory with a load-store queue ([`super::lsq`]) queues only its accesses that may
//! conflict; when it has others, they go to a controller beside the queue, whose operands
//! start with the queue's `ldAddrToMC, stAddrToMC, stDataToMC` (its load port 0 and store
//! port 0) and whose result 0 is the queue's `ldDataFromMC`. The queue's stores are counted
//! in their blocks' store counts like the controller's own, and the queue's `memEnd` is the
//! controller's `ctrlEnd`.

use super::liveness::Flow;
use super::lsq::BuiltLsq;
use super::{ops, Lowerer};
use crate::cfg::ir::{self, Block, Inst, MemData, MemKind, Op};
use crate::handshake::{
    self as hs, Attr, BufferParams, BufferType, OpId, OpKind, RawType, Type, ValueId,
};

/// Where a memory of the kernel comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum MemoryOrigin {
    /// An array parameter of the kernel.
    Param,
    /// A local array (its initial content, for `const` arrays).
    Local(Option<Vec<u64>>),
    /// A global read-only array with its content.
    Rom(Vec<u64>),
}

/// A memory argument of the lowered kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryInfo {
    /// The array's name (the memref argument's name in `argNames`).
    pub name: String,
    /// Number of elements.
    pub len: u64,
    /// Element type.
    pub elem: RawType,
    /// Where it comes from; the harness must initialize local arrays and ROMs.
    pub origin: MemoryOrigin,
}

fn bits(c: &ir::Const) -> u64 {
    match *c {
        ir::Const::Int(v) | ir::Const::F64(v) => v,
        ir::Const::F32(b) => b as u64,
    }
}

impl MemoryInfo {
    pub(super) fn of(m: &ir::Module, md: &MemData) -> MemoryInfo {
        let origin = match &md.kind {
            MemKind::Param(_) => MemoryOrigin::Param,
            MemKind::Local(init) => {
                MemoryOrigin::Local(init.as_ref().map(|v| v.iter().map(bits).collect()))
            }
            MemKind::Global(g) => MemoryOrigin::Rom(
                m.globals
                    .get(*g as usize)
                    .map(|g| g.init.iter().map(bits).collect())
                    .unwrap_or_default(),
            ),
        };
        MemoryInfo {
            name: md.name.clone(),
            len: md.len(),
            elem: ops::raw(ir::Type::of(md.elem)),
            origin,
        }
    }
}

/// The flattened memref type of a memory.
pub fn memref_type(md: &MemData) -> Type {
    Type::MemRef {
        shape: vec![md.len().max(1)],
        elem: ops::raw(ir::Type::of(md.elem)),
    }
}

/// A lowered access, waiting for its controller.
pub(super) struct Access {
    mem: u32,
    pub(super) block: Block,
    kind: AccessKind,
    /// It goes through the memory's load-store queue (else through its controller).
    queued: bool,
}

impl Access {
    pub(super) fn is_store(&self) -> bool {
        matches!(self.kind, AccessKind::Store(..))
    }

    /// The load op (if a load) and the operands the access hands to its memory interface.
    pub(super) fn ports(&self, hf: &hs::Func) -> (Option<OpId>, Vec<ValueId>) {
        match self.kind {
            AccessKind::Load(id) => (Some(id), vec![hf.results(id)[0]]),
            AccessKind::Store(a, d) => (None, vec![a, d]),
        }
    }
}

enum AccessKind {
    /// The load op (its operand 1 is patched with the controller's data).
    Load(OpId),
    /// The address and data the store hands to the controller.
    Store(ValueId, ValueId),
}

/// The operands of a memory controller, by role (indices into its operand list).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ControllerPorts {
    /// Store-count inputs.
    pub ctrl: Vec<usize>,
    /// Load addresses (result `i` is the data of load address `i`).
    pub ld_addr: Vec<usize>,
    /// Store addresses.
    pub st_addr: Vec<usize>,
    /// Store data (paired with `st_addr` by position).
    pub st_data: Vec<usize>,
}

/// What feeds a port operand of a memory interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PortRole {
    LoadAddr,
    StoreAddr,
    StoreData,
    /// Anything else: a controller's store count or an LSQ's group allocation.
    Control,
}

/// The role of operand `v` of a memory interface, by its producer, looking through buffers,
/// forks and lazy forks.
pub(super) fn port_role(f: &hs::Func, v: ValueId) -> PortRole {
    let mut cur = v;
    loop {
        let Some(d) = f.defining_op(cur) else {
            return PortRole::Control;
        };
        let Some(dop) = f.op(d) else {
            return PortRole::Control;
        };
        match dop.kind {
            OpKind::Buffer(_) | OpKind::LazyFork | OpKind::Fork => cur = dop.operands[0],
            OpKind::Load => return PortRole::LoadAddr,
            OpKind::Store if f.results(d).first() == Some(&cur) => return PortRole::StoreAddr,
            OpKind::Store => return PortRole::StoreData,
            OpKind::Lsq {
                through_mc: true, ..
            } => {
                // `ldAddrToMC, stAddrToMC, stDataToMC, memEnd` end its results.
                let rs = f.results(d);
                let from_end = rs.len() - rs.iter().position(|&r| r == cur).unwrap_or(0);
                return match from_end {
                    4 => PortRole::LoadAddr,
                    3 => PortRole::StoreAddr,
                    2 => PortRole::StoreData,
                    _ => PortRole::Control,
                };
            }
            _ => return PortRole::Control,
        }
    }
}

/// Classifies the port operands (between `memStart` and `ctrlEnd`) of a `mem_controller` by
/// their producers, looking through buffers and lazy forks: a load's address output, a store's
/// address or data output, anything else a store count. None for other ops.
pub fn controller_ports(f: &hs::Func, op: OpId) -> Option<ControllerPorts> {
    let o = f.op(op)?;
    if !matches!(o.kind, OpKind::MemController { .. }) || o.operands.len() < 3 {
        return None;
    }
    let mut ports = ControllerPorts::default();
    for (i, &v) in o
        .operands
        .iter()
        .enumerate()
        .take(o.operands.len() - 1)
        .skip(2)
    {
        match port_role(f, v) {
            PortRole::LoadAddr => ports.ld_addr.push(i),
            PortRole::StoreAddr => ports.st_addr.push(i),
            PortRole::StoreData => ports.st_data.push(i),
            PortRole::Control => ports.ctrl.push(i),
        }
    }
    Some(ports)
}

/// The ordered loads of one memory in one block since the last ordered store: they all wait
/// for `start`, and `join` (whose result is the memory's token meanwhile) joins their data.
pub(super) struct LoadRun {
    block: Block,
    start: ValueId,
    join: OpId,
}

impl Lowerer<'_> {
    /// Lowers a load or store; returns the loaded value.
    pub(super) fn lower_access(
        &mut self,
        b: Block,
        i: Inst,
        name: Option<String>,
    ) -> Option<ValueId> {
        let d = self.f.inst(i);
        let (mem, idx, data) = match &d.op {
            Op::Load(m, idx) => (*m, idx.clone(), None),
            Op::Store(m, idx, v) => (*m, idx.clone(), Some(*v)),
            _ => return None,
        };
        if idx.len() != 1 {
            let span = d.span;
            self.error(span, "internal error: array access not flattened".into());
            return None;
        }
        let mut addr = self.value(b, idx[0]);
        // A memory with a queue queues the accesses that may conflict; the others go to its
        // controller (docs/memory-ordering.md, "Beside a memory controller").
        let queued = self.lsq.serves(mem.0) && self.ordered.contains_key(&i);
        if queued {
            self.lsq_group(b, mem.0);
        }
        let tok = self
            .ordered
            .get(&i)
            .filter(|_| !queued)
            .map(|&m| Flow::Tok(m));
        // The run of loads this load joins, if the token is still that run's join.
        let run = match (tok, data) {
            (Some(t), None) => self.open_load_run(b, mem.0, t),
            _ => None,
        };
        if let Some(t) = tok {
            addr = match run {
                Some((start, _)) => self.gate_on(b, addr, start),
                None => self.gate(b, addr, t),
            };
        }
        let aty = self.ty(addr);
        match data {
            None => {
                let elem = ops::channel(self.f.ty(d.result?));
                let id = self.op(OpKind::Load, vec![addr, addr], vec![aty, elem], b, name);
                let out = self.hf.results(id)[1];
                self.accesses.push(Access {
                    mem: mem.0,
                    block: b,
                    kind: AccessKind::Load(id),
                    queued,
                });
                match (tok, run) {
                    (_, Some((_, join))) => {
                        if let Some(j) = self.hf.op_mut(join) {
                            j.operands.push(out);
                        }
                    }
                    (Some(t), None) => {
                        let start = self.local.get(&t).copied().unwrap_or(self.blocks[&b].ctrl);
                        let done = self.op1(OpKind::Join, vec![out], Type::control(), b, None);
                        self.local.insert(t, done);
                        if let Some(join) = self.hf.defining_op(done) {
                            let run = LoadRun {
                                block: b,
                                start,
                                join,
                            };
                            self.load_runs.insert(mem.0, run);
                        }
                    }
                    (None, None) => {}
                }
                Some(out)
            }
            Some(v) => {
                let v = self.value(b, v);
                let vty = self.ty(v);
                let id = self.op(
                    OpKind::Store,
                    vec![addr, v],
                    vec![aty.clone(), vty],
                    b,
                    name,
                );
                let (mut a, dv) = (self.hf.results(id)[0], self.hf.results(id)[1]);
                if let Some(t) = tok {
                    let lf = self.op(OpKind::LazyFork, vec![a], vec![aty.clone(), aty], b, None);
                    a = self.hf.results(lf)[0];
                    let side = self.hf.results(lf)[1];
                    let j = self.op1(OpKind::Join, vec![side], Type::control(), b, None);
                    let buf = OpKind::Buffer(BufferParams::new(BufferType::OneSlotBreakDVR, 1));
                    let done = self.op1(buf, vec![j], Type::control(), b, None);
                    self.local.insert(t, done);
                }
                self.accesses.push(Access {
                    mem: mem.0,
                    block: b,
                    kind: AccessKind::Store(a, dv),
                    queued,
                });
                None
            }
        }
    }

    /// The open run of loads of memory `m` in block `b` (its `start` token and its `join`):
    /// the token `t` is still the run's join, no ordered store came since.
    fn open_load_run(&self, b: Block, m: u32, t: Flow) -> Option<(ValueId, OpId)> {
        let run = self.load_runs.get(&m).filter(|r| r.block == b)?;
        let current = self.local.get(&t).copied()?;
        (self.hf.defining_op(current) == Some(run.join)).then_some((run.start, run.join))
    }

    /// Holds `addr` until the token `t` arrives.
    fn gate(&mut self, b: Block, addr: ValueId, t: Flow) -> ValueId {
        let tok = self.local.get(&t).copied().unwrap_or(self.blocks[&b].ctrl);
        self.gate_on(b, addr, tok)
    }

    /// Holds `addr` until `tok` arrives: `mux (constant 0 fired by tok) [addr]`.
    fn gate_on(&mut self, b: Block, addr: ValueId, tok: ValueId) -> ValueId {
        let zero = OpKind::Constant {
            value: Attr::Bool(false),
        };
        let sel = self.op1(zero, vec![tok], Type::int_channel(1), b, None);
        let ty = self.ty(addr);
        self.op1(OpKind::Mux, vec![sel, addr], ty, b, None)
    }

    /// Builds one controller per memory (see the module doc), and the load-store queues;
    /// returns the `memEnd` tokens in memory order. `exit` is the function's exit control.
    pub(super) fn memory_controllers(&mut self, exit: Option<ValueId>) -> Vec<ValueId> {
        let Some(exit) = exit else { return Vec::new() };
        let exit_block = self.exits.last().map(|e| e.0).unwrap_or(self.f.entry());
        let mut ends = Vec::new();
        for m in 0..self.f.mems.len() as u32 {
            let (queued, direct): (Vec<usize>, Vec<usize>) = (0..self.accesses.len())
                .filter(|&k| self.accesses[k].mem == m)
                .partition(|&k| self.accesses[k].queued);
            let end = match (queued.is_empty(), direct.is_empty()) {
                (true, true) => {
                    let start = self.mem_args[m as usize].1;
                    self.op(OpKind::Sink, vec![start], vec![], exit_block, None);
                    exit
                }
                (false, true) => self.build_lsq(m, &queued, exit_block, false).mem_end,
                (true, false) => self.build_controller(m, &direct, None, exit, exit_block),
                (false, false) => {
                    let q = self.build_lsq(m, &queued, exit_block, true);
                    self.build_controller(m, &direct, Some(&q), q.mem_end, exit_block)
                }
            };
            ends.push(end);
        }
        ends
    }

    /// Builds the controller of memory `m` over its accesses `mine` (indices into
    /// `accesses`), with the queue `lsq` beside it if any (its channels first, its stores
    /// counted with the block's); `ctrl_end` is its `ctrlEnd`. Returns its `memEnd`.
    fn build_controller(
        &mut self,
        m: u32,
        mine: &[usize],
        lsq: Option<&BuiltLsq>,
        ctrl_end: ValueId,
        exit_block: Block,
    ) -> ValueId {
        let (memref, start) = self.mem_args[m as usize];
        let queued_stores = |b: Block| {
            lsq.and_then(|q| q.stores.iter().find(|s| s.0 == b))
                .map_or(0, |s| s.1)
        };
        let mut blocks: Vec<Block> = mine.iter().map(|&k| self.accesses[k].block).collect();
        blocks.extend(lsq.into_iter().flat_map(|q| q.stores.iter().map(|s| s.0)));
        blocks.sort_by_key(|b| self.bb[b]);
        blocks.dedup();
        let mut operands = vec![memref, start];
        operands.extend(lsq.and_then(|q| q.to_mc).into_iter().flatten());
        let mut loads = Vec::new();
        let elem = ops::raw(ir::Type::of(self.f.mems[m as usize].elem));
        for &b in &blocks {
            let here: Vec<usize> = mine
                .iter()
                .copied()
                .filter(|&k| self.accesses[k].block == b)
                .collect();
            let stores = here
                .iter()
                .filter(|&&k| self.accesses[k].is_store())
                .count()
                + queued_stores(b);
            if stores > 0 {
                let ctrl = self.blocks[&b].ctrl;
                let kind = OpKind::Constant {
                    value: Attr::int(stores as i64, 32),
                };
                let c = self.op1(kind, vec![ctrl], Type::int_channel(32), b, None);
                operands.push(c);
            }
            for k in here {
                let (ld, ports) = self.accesses[k].ports(&self.hf);
                loads.extend(ld);
                operands.extend(ports);
            }
        }
        operands.push(ctrl_end);
        let from_lsq = usize::from(lsq.is_some());
        let mut tys = vec![Type::channel(elem); loads.len() + from_lsq];
        tys.push(Type::control());
        let connected = blocks.iter().map(|b| self.bb[b] as i64).collect();
        let name = Some(self.names.next("mem_controller"));
        let kind = OpKind::MemController {
            connected_blocks: connected,
        };
        let id = self.op(kind, operands, tys, exit_block, name);
        if let Some(op) = self.hf.op_mut(id) {
            op.bb = None;
        }
        let results = self.hf.results(id).to_vec();
        for (k, &ld) in loads.iter().enumerate() {
            self.hf.set_operand(ld, 1, results[k + from_lsq]);
        }
        if let Some(q) = lsq {
            let at = q.ld_data_operand(&self.hf);
            self.hf.set_operand(q.op, at, results[0]);
        }
        results[results.len() - 1]
    }
}
