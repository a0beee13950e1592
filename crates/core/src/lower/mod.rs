//! cf → Handshake: lowers the kernel of a CFG module into a `handshake.func`, Dynamatic style.
//!
//! * Signature: one channel per scalar parameter and a `memref` per memory (array parameters
//!   in order, then local arrays and ROMs, flattened to one dimension), then a `<name>_start`
//!   control per memory and `start`; results `out0` (non-void kernels), `<name>_end` per memory
//!   and `end`, with `argNames`/`resNames`.
//! * Blocks: the entry block's control is `start`; a block with several predecessors gets a
//!   `control_merge` whose index drives one `mux` per entering flow (see [`liveness`]); a block
//!   with one predecessor gets a `merge` per flow (removed by canonicalization). Flows leave a
//!   block through `br` or `cond_br` (one per distinct value, shared by both sides).
//! * Constants are rebuilt in each block that uses them, triggered by the block's control, or
//!   by a `source` when every user joins them with a block-controlled value ([`constants`]).
//! * Memories: [`memory`]; ordering of possibly conflicting accesses: [`depend`].
//! * Placeholder calls become `handshake.instance`s: [`placeholders`].
//! * Returns feed the single `end`: return value, each memory's done token, the exit control.
//! * Latencies are not recorded here: the timing model is their one source, for the simulator
//!   and the RTL back end alike.
//!
//! Every op gets its basic block (`handshake.bb`, the block's position in the CFG layout) and a
//! unique name; ops that come from a CFG instruction are named after it in program order
//! (`addi0`, `constant1`, `call2`), as the CFG printer would number them.
//!
//! Every op also gets its C span (`loc`, for diagnostics) and [`hs::Origin`] when it has one:
//! an instruction's ops its span, a block's merges and muxes the block's first span, branches
//! the terminator's, constants their literal's. Ops whose results hold a C variable (an SSA
//! value written to it, a block's mux of it, a branch passing it on) carry the variable's name.
//! Ops with no span of their own get one from their neighbours afterwards
//! ([`crate::transform::origins`]).

mod constants;
pub mod depend;
mod edges;
pub mod interfaces;
pub mod liveness;
pub mod lsq;
pub mod memory;
pub mod ops;
pub mod placeholders;
mod token_loops;

use crate::cfg::analysis::Cfg;
use crate::cfg::ir::{self, Block, Inst, MemKind, Op, Value};
use crate::diag::{Diagnostic, SourceMap, Span};
use crate::front::typed::Placeholder;
use crate::handshake::{self as hs, OpId, OpKind, Type, ValueId};
use liveness::Flow;
use std::collections::{BTreeMap, BTreeSet};

pub use interfaces::{
    queue_candidates, AutoVerdict, InterfaceKind, MemoryInterface, QueuePlan, QueueSizing,
};
pub use lsq::{lsq_memref, lsq_ports, set_lsq_depths, LsqPorts, MAX_LSQ_DEPTH};
pub use memory::{controller_ports, ControllerPorts, MemoryInfo, MemoryOrigin};

/// The result of lowering a kernel.
#[derive(Clone, Debug)]
pub struct Lowered {
    /// The kernel function, then one external declaration per placeholder.
    pub module: hs::Module,
    /// The kernel's memories, in argument order.
    pub memories: Vec<MemoryInfo>,
    /// Each memory's interface, in memory order.
    pub interfaces: Vec<MemoryInterface>,
}

/// Lowers the kernel (`m.functions[0]`) of `m`; `decls` are the placeholder declarations;
/// `queues` says which memories get a load-store queue. Errors (placeholder rules, unsupported operations) are pushed to `diags`; the result is
/// `None` when there were any.
pub fn lower_kernel(
    m: &ir::Module,
    decls: &[Placeholder],
    sources: &SourceMap,
    queues: &QueuePlan,
    diags: &mut Vec<Diagnostic>,
) -> Option<Lowered> {
    let f = m.functions.first()?;
    let errors_before = diags.iter().filter(|d| d.is_error()).count();
    let cfg = Cfg::new(f);
    let ph = placeholders::analyze(f, &cfg, decls, diags);
    let analysis = depend::analyze(f, &cfg);
    let (ordered, lsq) = interfaces::choose_interfaces(&analysis, queues);
    let token_loops = token_loops::TokenLoops::new(&cfg, &analysis.shared_token_loops, &lsq);
    let rebuilt: BTreeSet<Value> = f
        .insts
        .iter()
        .filter(|d| matches!(d.op, Op::Const(_) | Op::Undef))
        .filter_map(|d| d.result)
        .collect();
    let info = liveness::FlowInfo {
        f,
        rebuilt: &rebuilt,
        outputs_of: &ph.outputs_of,
        init_values: &ph.init_values,
        ordered: &ordered,
        lsq: &lsq,
        token_loops: &token_loops,
    };
    let live = liveness::live_ins(&info, &cfg);
    let mut l = Lowerer::new(
        m,
        f,
        Facts {
            cfg,
            live,
            ph,
            ordered,
            lsq,
            token_loops,
        },
        decls,
        sources,
        diags,
    );
    l.signature();
    for b in l.cfg.rpo.clone() {
        l.setup_block(b);
        l.lower_block(b);
    }
    l.patch_block_inputs();
    let exit = l.exit_control();
    let mem_ends = l.memory_controllers(exit.map(|(c, _)| c));
    l.finish(exit, mem_ends);
    constants::use_sources(&mut l.hf, &l.block_consts, &mut l.names);
    let errors_after = l.diags.iter().filter(|d| d.is_error()).count();
    if errors_after > errors_before {
        return None;
    }
    let mut funcs = vec![l.hf];
    funcs.extend(l.externs);
    Some(Lowered {
        module: hs::Module { funcs },
        interfaces: interfaces::report(f, &analysis, &l.lsq.built, sources),
        memories: l.memories,
    })
}

/// Fresh op names per prefix (`fork0`, `fork1`…).
#[derive(Default)]
pub(crate) struct Names(BTreeMap<String, u32>);

impl Names {
    pub(crate) fn next(&mut self, prefix: &str) -> String {
        let n = self.0.entry(prefix.to_string()).or_insert(0);
        *n += 1;
        format!("{prefix}{}", *n - 1)
    }
}

/// The analyses the lowering follows.
struct Facts {
    cfg: Cfg,
    live: BTreeMap<Block, Vec<Flow>>,
    ph: placeholders::Analysis,
    ordered: BTreeMap<Inst, u32>,
    /// The memories served by a load-store queue.
    lsq: BTreeSet<u32>,
    token_loops: token_loops::TokenLoops,
}

/// What a block got at setup: its control and its entering flows' merge ops.
struct BlockIn {
    ctrl: ValueId,
    /// The control_merge or merge of the control (None for the entry).
    ctrl_op: Option<OpId>,
    /// One mux/merge per entering flow (None for the entry).
    flow_ops: Vec<Option<OpId>>,
    values: Vec<ValueId>,
}

/// An edge's outgoing values: control, then one per entering flow of the successor.
type EdgeValues = (ValueId, Vec<ValueId>);

pub(crate) struct Lowerer<'a> {
    m: &'a ir::Module,
    f: &'a ir::Function,
    cfg: Cfg,
    live: BTreeMap<Block, Vec<Flow>>,
    ph: placeholders::Analysis,
    ordered: BTreeMap<Inst, u32>,
    lsq: lsq::LsqBuild,
    token_loops: token_loops::TokenLoops,
    /// The `join`s of two tokens built on block exits, by their operands.
    token_joins: BTreeMap<(ValueId, ValueId), ValueId>,
    decls: &'a [Placeholder],
    sources: &'a SourceMap,
    /// The C span of what is being lowered (given to the ops it creates).
    span: Option<Span>,
    diags: &'a mut Vec<Diagnostic>,
    hf: hs::Func,
    externs: Vec<hs::Func>,
    names: Names,
    inst_names: BTreeMap<Inst, String>,
    bb: BTreeMap<Block, u32>,
    blocks: BTreeMap<Block, BlockIn>,
    /// Values available in the block being lowered.
    local: BTreeMap<Flow, ValueId>,
    /// Constants already built per block.
    consts: BTreeMap<(Block, Value), ValueId>,
    /// Constants triggered by a block's control (candidates for a `source`).
    block_consts: Vec<OpId>,
    incoming: BTreeMap<(Block, usize), EdgeValues>,
    exits: Vec<(Block, ValueId, Option<ValueId>)>,
    mem_args: Vec<(ValueId, ValueId)>,
    memories: Vec<MemoryInfo>,
    accesses: Vec<memory::Access>,
    /// Per ordered memory, the loads since its last ordered store in the block being lowered.
    load_runs: BTreeMap<u32, memory::LoadRun>,
}

impl<'a> Lowerer<'a> {
    fn new(
        m: &'a ir::Module,
        f: &'a ir::Function,
        facts: Facts,
        decls: &'a [Placeholder],
        sources: &'a SourceMap,
        diags: &'a mut Vec<Diagnostic>,
    ) -> Self {
        let mut names = Names::default();
        let mut inst_names = BTreeMap::new();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let prefix = ops::name_prefix(&f.inst(i).op);
                inst_names.insert(i, names.next(prefix));
            }
        }
        let bb = f
            .layout
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i as u32))
            .collect();
        let mut hf = hs::Func::new(&f.name);
        hf.variadic = true;
        let Facts {
            cfg,
            live,
            ph,
            ordered,
            lsq,
            token_loops,
        } = facts;
        Lowerer {
            m,
            f,
            cfg,
            live,
            ph,
            ordered,
            lsq: lsq::LsqBuild::new(lsq),
            token_loops,
            token_joins: BTreeMap::new(),
            decls,
            sources,
            span: None,
            diags,
            hf,
            externs: Vec::new(),
            names,
            inst_names,
            bb,
            blocks: BTreeMap::new(),
            local: BTreeMap::new(),
            consts: BTreeMap::new(),
            block_consts: Vec::new(),
            incoming: BTreeMap::new(),
            exits: Vec::new(),
            mem_args: Vec::new(),
            memories: Vec::new(),
            accesses: Vec::new(),
            load_runs: BTreeMap::new(),
        }
    }

    /// Adds an op in block `b` named `name` (or a fresh name with this prefix).
    fn op(
        &mut self,
        kind: OpKind,
        operands: Vec<ValueId>,
        tys: Vec<Type>,
        b: Block,
        name: Option<String>,
    ) -> OpId {
        let name = name.unwrap_or_else(|| self.names.next(kind.mnemonic()));
        let bb = self.bb[&b];
        let passed = crate::transform::origins::passed_operand(&kind).and_then(|k| operands.get(k));
        let var = passed.and_then(|&v| self.var_of(v));
        let id = self.hf.add_named_op(kind, operands, tys, Some(bb), &name);
        let origin = self.span.map(|s| hs::Origin {
            var,
            file: self.sources.name(s.file).into(),
            start: self.sources.line_col(s.file, s.start),
            end: self.sources.line_col(s.file, s.end),
        });
        if let Some(op) = self.hf.op_mut(id) {
            op.loc = hs::SourceLoc(self.span);
            op.origin = origin;
        }
        id
    }

    /// The C variable the producer of `v` says `v` holds.
    fn var_of(&self, v: ValueId) -> Option<std::sync::Arc<str>> {
        let op = self.hf.defining_op(v)?;
        self.hf.op(op)?.origin.as_ref()?.var.clone()
    }

    /// Records that the op producing `v` holds the C variable of the CFG value `cv`, if any.
    fn name_var(&mut self, v: ValueId, cv: Value) {
        let Some(var) = self.f.values[cv.index()].var.clone() else {
            return;
        };
        if let Some(origin) = self
            .hf
            .defining_op(v)
            .and_then(|op| self.hf.op_mut(op))
            .and_then(|op| op.origin.as_mut())
        {
            origin.var.get_or_insert(var);
        }
    }

    /// Adds an op with one result and returns it.
    fn op1(
        &mut self,
        kind: OpKind,
        operands: Vec<ValueId>,
        ty: Type,
        b: Block,
        name: Option<String>,
    ) -> ValueId {
        let id = self.op(kind, operands, vec![ty], b, name);
        self.hf.results(id)[0]
    }

    fn ty(&self, v: ValueId) -> Type {
        self.hf.ty(v).cloned().unwrap_or_else(Type::control)
    }

    fn flow_type(&self, fl: Flow) -> Type {
        match fl {
            Flow::Val(v) => ops::channel(self.f.ty(v)),
            Flow::Tok(_) | Flow::LoopStart(..) | Flow::LoopDone(..) => Type::control(),
        }
    }

    fn error(&mut self, span: Option<crate::diag::Span>, msg: String) {
        let mut d = Diagnostic::error(msg);
        if let Some(s) = span {
            d = d.with_span(s);
        }
        self.diags.push(d);
    }

    /// Builds the function's arguments and result types (see the module doc).
    fn signature(&mut self) {
        let f = self.f;
        let mut names = Vec::new();
        let mut scalar_args = BTreeMap::new();
        let mut mem_values = BTreeMap::new();
        for p in &f.params {
            match p.kind {
                ir::ParamKind::Scalar(v) => {
                    let a = self.hf.add_arg(ops::channel(f.ty(v)), None);
                    scalar_args.insert(v, a);
                }
                ir::ParamKind::Array(mem) => {
                    let a = self
                        .hf
                        .add_arg(memory::memref_type(&f.mems[mem.index()]), None);
                    mem_values.insert(mem.0, a);
                }
            }
            names.push(p.name.clone());
        }
        for (i, md) in f.mems.iter().enumerate() {
            if !matches!(md.kind, MemKind::Param(_)) {
                let a = self.hf.add_arg(memory::memref_type(md), None);
                mem_values.insert(i as u32, a);
                names.push(md.name.clone());
            }
        }
        let mut starts = Vec::new();
        for md in &f.mems {
            starts.push(self.hf.add_arg(Type::control(), None));
            names.push(format!("{}_start", md.name));
        }
        let start = self.hf.add_arg(Type::control(), None);
        names.push("start".into());
        self.hf.arg_names = names;
        for (i, md) in f.mems.iter().enumerate() {
            self.mem_args.push((mem_values[&(i as u32)], starts[i]));
            self.memories.push(MemoryInfo::of(self.m, md));
        }
        let mut res = Vec::new();
        if let Some(t) = f.ret {
            self.hf.result_types.push(ops::channel(ir::Type::of(t)));
            res.push("out0".to_string());
        }
        for md in &f.mems {
            self.hf.result_types.push(Type::control());
            res.push(format!("{}_end", md.name));
        }
        self.hf.result_types.push(Type::control());
        res.push("end".into());
        self.hf.res_names = res;
        let entry = f.entry();
        let params = f.block(entry).params.clone();
        let values = params
            .iter()
            .map(|p| scalar_args.get(p).copied().unwrap_or(start))
            .collect();
        self.blocks.insert(
            entry,
            BlockIn {
                ctrl: start,
                ctrl_op: None,
                flow_ops: vec![None; params.len()],
                values,
            },
        );
    }

    /// Creates a non-entry block's control merge and flow muxes (operands patched later).
    fn setup_block(&mut self, b: Block) {
        {
            if b == self.f.entry() {
                return;
            }
            self.span = self.block_span(b);
            let n = self.cfg.preds[&b].len();
            let (ctrl_op, ctrl, index) = if n > 1 {
                let idx_ty = Type::int_channel(crate::bits::bits_for(n as u64));
                let id = self.op(
                    OpKind::ControlMerge,
                    vec![],
                    vec![Type::control(), idx_ty],
                    b,
                    None,
                );
                let r = self.hf.results(id).to_vec();
                (id, r[0], Some(r[1]))
            } else {
                let id = self.op(OpKind::Merge, vec![], vec![Type::control()], b, None);
                (id, self.hf.results(id)[0], None)
            };
            let mut flow_ops = Vec::new();
            let mut values = Vec::new();
            for fl in self.live[&b].clone() {
                let ty = self.flow_type(fl);
                let (kind, operands) = match index {
                    Some(i) => (OpKind::Mux, vec![i]),
                    None => (OpKind::Merge, vec![]),
                };
                let id = self.op(kind, operands, vec![ty], b, None);
                flow_ops.push(Some(id));
                let value = self.hf.results(id)[0];
                if let Flow::Val(cv) = fl {
                    self.name_var(value, cv);
                }
                values.push(value);
            }
            self.blocks.insert(
                b,
                BlockIn {
                    ctrl,
                    ctrl_op: Some(ctrl_op),
                    flow_ops,
                    values,
                },
            );
        }
    }

    /// The value of a CFG value in block `b` (rebuilding constants there).
    fn value(&mut self, b: Block, v: Value) -> ValueId {
        if let Some(&x) = self.local.get(&Flow::Val(v)) {
            return x;
        }
        if let Some(&x) = self.consts.get(&(b, v)) {
            return x;
        }
        let ty = self.f.ty(v);
        let outer = self.span;
        let (c, name) = match self.f.values[v.index()].def {
            ir::ValueDef::Inst(i) => {
                self.span = self.f.inst(i).span.or(outer);
                let c = match self.f.inst(i).op {
                    Op::Const(c) => c,
                    _ if ty.is_float() => ir::Const::float(0.0, ty),
                    _ => ir::Const::Int(0),
                };
                let first = !self.consts.keys().any(|&(_, w)| w == v);
                (c, first.then(|| self.inst_names[&i].clone()))
            }
            ir::ValueDef::Param(..) => (ir::Const::Int(0), None),
        };
        let ctrl = self.blocks[&b].ctrl;
        let name = name.or_else(|| Some(self.names.next("constant")));
        let kind = OpKind::Constant {
            value: ops::const_attr(c, ty),
        };
        let id = self.op(kind, vec![ctrl], vec![ops::channel(ty)], b, name);
        self.span = outer;
        self.block_consts.push(id);
        let r = self.hf.results(id)[0];
        self.name_var(r, v);
        self.consts.insert((b, v), r);
        r
    }

    fn lower_block(&mut self, b: Block) {
        let bin = &self.blocks[&b];
        let flows: Vec<Flow> = if b == self.f.entry() {
            self.f
                .block(b)
                .params
                .iter()
                .map(|&p| Flow::Val(p))
                .collect()
        } else {
            self.live[&b].clone()
        };
        self.local = flows.into_iter().zip(bin.values.iter().copied()).collect();
        if b == self.f.entry() {
            let start = bin.ctrl;
            for m in 0..self.f.mems.len() as u32 {
                self.local.insert(Flow::Tok(m), start);
            }
        }
        for m in self.token_loops.headed_by(b).collect::<Vec<_>>() {
            if let Some(&t) = self.local.get(&Flow::LoopStart(m, b)) {
                self.local.insert(Flow::Tok(m), t);
            }
        }
        for &i in &self.f.block(b).insts.clone() {
            self.lower_inst(b, i);
        }
        self.lower_terminator(b);
    }

    fn lower_inst(&mut self, b: Block, i: Inst) {
        let d = self.f.inst(i);
        self.span = d.span.or_else(|| self.block_span(b));
        let name = Some(self.inst_names[&i].clone());
        let rty = d.result.map(|r| self.f.ty(r));
        let res = match &d.op {
            Op::Const(_) | Op::Undef => {
                // Built at its definition when its own block uses it (program order, as
                // Dynamatic keeps constants); other blocks rebuild it on use.
                let Some(r) = d.result else { return };
                let bd = self.f.block(b);
                let used_here = bd
                    .insts
                    .iter()
                    .any(|&u| self.f.inst(u).op.operands().contains(&r))
                    || bd.term.operands().contains(&r);
                if used_here {
                    self.value(b, r);
                }
                None
            }
            Op::ReadVar(_) | Op::WriteVar(..) => None,
            Op::Bin(op, x, y) => {
                let (x, y) = (self.value(b, *x), self.value(b, *y));
                let ty = self.ty(x);
                Some(match ops::bin(*op) {
                    Some(k) => self.op1(OpKind::Bin(k), vec![x, y], ty, b, name),
                    None => self.remui(b, x, y, ty),
                })
            }
            Op::Un(u, x) => {
                let x = self.value(b, *x);
                let ty = self.ty(x);
                Some(self.op1(OpKind::Un(ops::un(*u)), vec![x], ty, b, name))
            }
            Op::Cmp(p, x, y) => {
                let (x, y) = (self.value(b, *x), self.value(b, *y));
                Some(self.op1(ops::cmp(*p), vec![x, y], Type::int_channel(1), b, name))
            }
            Op::Select(c, x, y) => {
                let (c, x, y) = (self.value(b, *c), self.value(b, *x), self.value(b, *y));
                let ty = self.ty(x);
                Some(self.op1(OpKind::Select, vec![c, x, y], ty, b, name))
            }
            Op::Cast(c, x) => {
                let x = self.value(b, *x);
                Some(self.op1(
                    OpKind::Cast(ops::cast(*c)),
                    vec![x],
                    ops::channel(rty.unwrap_or(ir::Type::I32)),
                    b,
                    name,
                ))
            }
            Op::Load(..) | Op::Store(..) => self.lower_access(b, i, name),
            Op::Call(callee, _) => match callee {
                ir::Callee::Placeholder(_) => self.lower_placeholder(b, i, name),
                ir::Callee::Math(f) => {
                    let msg = format!("`{}` cannot be computed in the circuit", f.name());
                    let mut e = Diagnostic::error(msg).with_note(format!(
                        "a kernel may call only the math functions {}; compute the others in \
                         `main` and pass the results to the kernel",
                        crate::mathlib::kernel_functions()
                    ));
                    if let Some(s) = d.span {
                        e = e.with_span(s);
                    }
                    self.diags.push(e);
                    None
                }
                _ => {
                    let span = d.span;
                    self.error(
                        span,
                        "calls cannot be lowered to a circuit (only placeholder calls are)".into(),
                    );
                    None
                }
            },
        };
        if let (Some(r), Some(v)) = (d.result, res) {
            self.name_var(v, r);
            if !self.ph.init_values.contains(&r) {
                self.local.insert(Flow::Val(r), v);
            }
        }
    }

    /// The first C span of block `b`: its first instruction's with one, else its terminator's.
    fn block_span(&self, b: Block) -> Option<Span> {
        let bd = self.f.block(b);
        bd.insts
            .iter()
            .find_map(|&i| self.f.inst(i).span)
            .or(bd.term_span)
    }

    /// `x remui y` as `x - (x divui y) * y` (Handshake has no `remui`; equal for y = 0 too).
    fn remui(&mut self, b: Block, x: ValueId, y: ValueId, ty: Type) -> ValueId {
        use hs::BinOp as B;
        let q = self.op1(OpKind::Bin(B::DivUI), vec![x, y], ty.clone(), b, None);
        let p = self.op1(OpKind::Bin(B::MulI), vec![q, y], ty.clone(), b, None);
        self.op1(OpKind::Bin(B::SubI), vec![x, p], ty, b, None)
    }

    /// Builds the `end` op.
    fn finish(&mut self, exit: Option<(ValueId, Block)>, mem_ends: Vec<ValueId>) {
        let Some((ctrl, b)) = exit else { return };
        let mut operands = Vec::new();
        let rets: Vec<ValueId> = self.exits.iter().filter_map(|e| e.2).collect();
        if self.f.ret.is_some() {
            let v = match rets.as_slice() {
                [] => {
                    let name = self.f.name.clone();
                    self.error(None, format!("kernel `{name}` returns no value"));
                    return;
                }
                [v] => *v,
                _ => {
                    let ty = self.ty(rets[0]);
                    self.op1(OpKind::Merge, rets, ty, b, None)
                }
            };
            operands.push(v);
        }
        operands.extend(mem_ends);
        operands.push(ctrl);
        self.op(OpKind::End, operands, vec![], b, None);
    }
}
