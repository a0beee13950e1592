//! Lowering of the typed program to the CFG IR: functions, statements and control flow.
//!
//! Scalar locals become variables (`read_var`/`write_var`, turned into SSA values by the `ssa`
//! pass), arrays become memories, helper functions are inlined at each call (the type checker
//! guarantees there is no recursion), and calls of the kernel from `main` stay calls. Every
//! block ends in a terminator; blocks that became unreachable are removed at the end.
//! A `goto` branches to its label's block; a function whose control flow is then irreducible
//! is rejected (`reducible.rs`). Assertions are lowered in `main` and in the kernel's checked
//! copy, never in the kernel itself (the circuit). Expressions are lowered in `build_expr.rs`.

use super::ir::*;
use crate::diag::{Diagnostic, Span};
use crate::front::typed::*;
use crate::front::types::ScalarTy;
use std::collections::{BTreeMap, BTreeSet};

/// Most instructions a function may grow to (inlining can multiply code size).
const MAX_INSTS: usize = 2_000_000;

/// Lowers the kernel and `main` of a checked program.
pub fn build_module(prog: &TProgram, diags: &mut Vec<Diagnostic>) -> Option<Module> {
    let globals = prog
        .globals
        .iter()
        .map(|g| Global {
            name: g.name.clone(),
            elem: g.ty.scalar,
            dims: g.ty.dims.clone(),
            init: g.init.iter().map(|&c| const_of(c, g.ty.scalar)).collect(),
        })
        .collect();
    let mut functions = Vec::new();
    let kernel = &prog.funcs[prog.kernel as usize];
    functions.push(build_function(
        prog,
        prog.kernel,
        &kernel.name,
        false,
        diags,
    )?);
    if let Some(m) = prog.main {
        functions.push(build_function(prog, m, "main", true, diags)?);
        let checked = build_function(prog, prog.kernel, &checked_name(&kernel.name), true, diags)?;
        let asserts = checked
            .insts
            .iter()
            .any(|d| matches!(&d.op, Op::Call(Callee::AssertFail(_), _)));
        if asserts {
            functions.push(checked);
        }
    }
    Some(Module {
        functions,
        globals,
        kernel: kernel.name.clone(),
    })
}

/// The IR constant of a typed constant of C type `t`.
pub fn const_of(c: ConstVal, t: ScalarTy) -> Const {
    let ty = Type::of(t);
    match c {
        ConstVal::Int(i) if !t.is_float() => Const::int(i as i64, ty),
        ConstVal::Int(i) => Const::float(t.int_to_float(i), ty),
        ConstVal::Float(f) if t.is_float() => Const::float(f, ty),
        ConstVal::Float(f) => Const::int(f as i128 as i64, ty),
    }
}

/// Builds function `id` under `name`, with its assertions when `asserts`.
fn build_function(
    prog: &TProgram,
    id: FuncId,
    name: &str,
    asserts: bool,
    diags: &mut Vec<Diagnostic>,
) -> Option<Function> {
    let tf = &prog.funcs[id as usize];
    let mut b = Builder {
        prog,
        f: Function::new(name, tf.ret),
        cur: Block(0),
        frames: Vec::new(),
        globals: BTreeMap::new(),
        mem_names: BTreeSet::new(),
        span: Some(tf.span),
        too_big: false,
        asserts,
        gotos: Vec::new(),
    };
    let entry = b.f.entry();
    let mut frame = Frame::new(id, tf);
    for (k, &p) in tf.params.iter().enumerate() {
        let l = &tf.locals[p as usize];
        if l.ty.is_array() {
            let m = b.new_mem(&l.name, l.ty.scalar, &l.ty.dims, MemKind::Param(k as u32));
            frame.bind[p as usize] = Binding::Mem(m);
            b.f.params.push(Param {
                name: l.name.clone(),
                ty: l.ty.clone(),
                kind: ParamKind::Array(m),
            });
        } else {
            let v = b.f.add_param(entry, Type::of(l.ty.scalar));
            let var = b.new_var(&l.name, l.ty.scalar, l.span);
            b.f.push(entry, Op::WriteVar(var, v), None, Some(l.span));
            frame.bind[p as usize] = Binding::Var(var);
            b.f.params.push(Param {
                name: l.name.clone(),
                ty: l.ty.clone(),
                kind: ParamKind::Scalar(v),
            });
        }
    }
    // Every `return` branches to one exit block (one `return` per function); the value
    // travels in a variable, which `main` initializes to 0 (falling off its end returns 0).
    let exit = b.f.new_block();
    let ret_var = tf
        .ret
        .map(|t| b.new_var(&format!("{}.result", tf.name), t, tf.span));
    if let (Some(var), Some(t), true) = (ret_var, tf.ret, tf.name == "main") {
        let zero = b.f.push(
            entry,
            Op::Const(Const::int(0, Type::of(t))),
            Some(Type::of(t)),
            None,
        );
        b.f.push(
            entry,
            Op::WriteVar(var, zero.expect("constant")),
            None,
            None,
        );
    }
    frame.ret = Some((exit, ret_var));
    b.frames.push(frame);
    let body = b.f.new_block();
    b.cur = entry;
    b.br(body, Vec::new());
    b.cur = body;
    b.stmts(&tf.body);
    b.br(exit, Vec::new());
    b.cur = exit;
    b.span = Some(tf.span);
    let ret = ret_var.map(|var| b.val(Op::ReadVar(var), b.f.vars[var.index()].ty));
    b.terminate(Terminator::Return(ret));
    if b.too_big {
        diags.push(
            Diagnostic::error(format!(
                "function `{}` is too large after inlining",
                tf.name
            ))
            .with_span(tf.span)
            .with_note("call fewer helper functions, or call them from fewer places"),
        );
        return None;
    }
    if let Some(d) = super::reducible::check(&b.f, &b.gotos, tf.span) {
        diags.push(d);
        return None;
    }
    remove_unreachable(&mut b.f);
    Some(b.f)
}

/// Drops blocks unreachable from the entry (and the block arguments they pass).
pub fn remove_unreachable(f: &mut Function) {
    let cfg = super::analysis::Cfg::new(f);
    f.layout.retain(|b| cfg.reachable(*b));
}

/// How a typed local is represented in the function being built.
#[derive(Clone, Copy, Debug)]
pub(super) enum Binding {
    Unbound,
    Var(Var),
    Mem(Mem),
}

/// One (possibly inlined) function activation being lowered.
pub(super) struct Frame {
    pub func: FuncId,
    pub bind: Vec<Binding>,
    /// Where `return` goes (the exit block, or the continuation of an inlined call), and the
    /// variable holding the result.
    pub ret: Option<(Block, Option<Var>)>,
    /// Innermost last: (break target, continue target).
    pub jumps: Vec<(Block, Option<Block>)>,
    /// The block of each label (created on first mention).
    pub labels: BTreeMap<LabelId, Block>,
}

impl Frame {
    fn new(func: FuncId, tf: &TFunc) -> Frame {
        Frame {
            func,
            bind: vec![Binding::Unbound; tf.locals.len()],
            ret: None,
            jumps: Vec::new(),
            labels: BTreeMap::new(),
        }
    }
}

pub(super) struct Builder<'p> {
    pub prog: &'p TProgram,
    pub f: Function,
    pub cur: Block,
    pub frames: Vec<Frame>,
    pub globals: BTreeMap<GlobalId, Mem>,
    pub mem_names: BTreeSet<String>,
    pub span: Option<Span>,
    pub too_big: bool,
    /// Lower `assert` statements (otherwise they are dropped, as with NDEBUG).
    pub asserts: bool,
    /// Every block ending in a `goto`, with the `goto`'s span.
    pub gotos: Vec<(Block, Span)>,
}

impl Builder<'_> {
    pub fn frame(&self) -> &Frame {
        self.frames.last().expect("a frame is active")
    }

    pub fn tfunc(&self) -> &TFunc {
        &self.prog.funcs[self.frame().func as usize]
    }

    /// Appends an instruction to the current block.
    pub fn emit(&mut self, op: Op, ty: Option<Type>) -> Option<Value> {
        if self.f.insts.len() > MAX_INSTS {
            self.too_big = true;
        }
        self.f.push(self.cur, op, ty, self.span)
    }

    /// Appends an instruction with a result.
    pub fn val(&mut self, op: Op, ty: Type) -> Value {
        self.emit(op, Some(ty)).expect("has a result")
    }

    pub fn konst(&mut self, c: Const, ty: Type) -> Value {
        self.val(Op::Const(c), ty)
    }

    /// Ends the current block and continues in a fresh (unreachable) one.
    pub fn terminate(&mut self, t: Terminator) {
        let span = self.span;
        let blk = self.f.block_mut(self.cur);
        blk.term = t;
        blk.term_span = span;
        self.cur = self.f.new_block();
    }

    pub fn br(&mut self, to: Block, args: Vec<Value>) {
        self.terminate(Terminator::Br(Target { block: to, args }));
    }

    pub fn cond_br(&mut self, c: Value, t: Block, e: Block) {
        self.terminate(Terminator::CondBr(
            c,
            Target {
                block: t,
                args: Vec::new(),
            },
            Target {
                block: e,
                args: Vec::new(),
            },
        ));
    }

    fn unique_name(&mut self, name: &str) -> String {
        let mut n = name.to_string();
        let mut k = 1;
        while !self.mem_names.insert(n.clone()) {
            n = format!("{name}_{k}");
            k += 1;
        }
        n
    }

    pub fn new_mem(&mut self, name: &str, elem: ScalarTy, dims: &[u32], kind: MemKind) -> Mem {
        let name = self.unique_name(name);
        self.f.mems.push(MemData {
            name,
            elem,
            dims: dims.to_vec(),
            kind,
        });
        Mem(self.f.mems.len() as u32 - 1)
    }

    pub fn new_var(&mut self, name: &str, t: ScalarTy, span: Span) -> Var {
        self.f.vars.push(VarData {
            name: name.to_string(),
            ty: Type::of(t),
            span,
        });
        Var(self.f.vars.len() as u32 - 1)
    }

    /// The variable of a scalar local (created on first use).
    pub fn var_of(&mut self, l: LocalId) -> Var {
        if let Binding::Var(v) = self.frame().bind[l as usize] {
            return v;
        }
        let loc = &self.tfunc().locals[l as usize];
        let (name, t, span) = (loc.name.clone(), loc.ty.scalar, loc.span);
        let v = self.new_var(&name, t, span);
        self.frames.last_mut().expect("frame").bind[l as usize] = Binding::Var(v);
        v
    }

    /// The memory of an array (created on first use).
    pub fn mem_of(&mut self, a: ArrRef) -> Mem {
        match a {
            ArrRef::Global(g) => {
                if let Some(&m) = self.globals.get(&g) {
                    return m;
                }
                let tg = &self.prog.globals[g as usize];
                let (name, elem, dims) = (tg.name.clone(), tg.ty.scalar, tg.ty.dims.clone());
                let m = self.new_mem(&name, elem, &dims, MemKind::Global(g));
                self.globals.insert(g, m);
                m
            }
            ArrRef::Local(l) => {
                if let Binding::Mem(m) = self.frame().bind[l as usize] {
                    return m;
                }
                let loc = &self.tfunc().locals[l as usize];
                let (name, elem, dims) = (loc.name.clone(), loc.ty.scalar, loc.ty.dims.clone());
                let m = self.new_mem(&name, elem, &dims, MemKind::Local(None));
                self.frames.last_mut().expect("frame").bind[l as usize] = Binding::Mem(m);
                m
            }
        }
    }

    /// The block of label `l` in the current frame.
    fn label_block(&mut self, l: LabelId) -> Block {
        if let Some(&b) = self.frame().labels.get(&l) {
            return b;
        }
        let b = self.f.new_block();
        self.frames.last_mut().expect("frame").labels.insert(l, b);
        b
    }

    pub fn stmts(&mut self, stmts: &[TStmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &TStmt) {
        match s {
            TStmt::Block(b) => self.stmts(b),
            TStmt::Init(l, e) => {
                self.span = Some(e.span);
                let v = self.value(e);
                let var = self.var_of(*l);
                self.emit(Op::WriteVar(var, v), None);
            }
            TStmt::ArrayInit(l, values) => self.array_init(*l, values),
            TStmt::Expr(e) => {
                self.effect(e);
            }
            TStmt::If(c, a, b) => {
                self.span = Some(c.span);
                let (tb, eb, join) = (self.f.new_block(), self.f.new_block(), self.f.new_block());
                self.branch_on(c, tb, eb);
                self.cur = tb;
                self.stmts(a);
                self.br(join, Vec::new());
                self.cur = eb;
                self.stmts(b);
                self.br(join, Vec::new());
                self.cur = join;
            }
            TStmt::While(c, body) => {
                let (head, bb, exit) = (self.f.new_block(), self.f.new_block(), self.f.new_block());
                self.br(head, Vec::new());
                self.cur = head;
                self.span = Some(c.span);
                self.branch_on(c, bb, exit);
                self.loop_body(bb, body, exit, head);
                self.cur = exit;
            }
            TStmt::DoWhile(body, c) => {
                let (bb, test, exit) = (self.f.new_block(), self.f.new_block(), self.f.new_block());
                self.br(bb, Vec::new());
                self.loop_body(bb, body, exit, test);
                self.cur = test;
                self.span = Some(c.span);
                self.branch_on(c, bb, exit);
                self.cur = exit;
            }
            TStmt::For { cond, step, body } => {
                let head = self.f.new_block();
                let (bb, stp, exit) = (self.f.new_block(), self.f.new_block(), self.f.new_block());
                self.br(head, Vec::new());
                self.cur = head;
                match cond {
                    Some(c) => {
                        self.span = Some(c.span);
                        self.branch_on(c, bb, exit);
                    }
                    None => self.br(bb, Vec::new()),
                }
                self.loop_body(bb, body, exit, stp);
                self.cur = stp;
                if let Some(e) = step {
                    self.effect(e);
                }
                self.br(head, Vec::new());
                self.cur = exit;
            }
            TStmt::Switch(v, body) => self.switch(v, body),
            TStmt::Case(_) | TStmt::Default => {}
            TStmt::Break => {
                let to = self.frame().jumps.last().map(|j| j.0);
                if let Some(to) = to {
                    self.br(to, Vec::new());
                }
            }
            TStmt::Continue => {
                let to = self.frame().jumps.iter().rev().find_map(|j| j.1);
                if let Some(to) = to {
                    self.br(to, Vec::new());
                }
            }
            TStmt::Return(e, span) => {
                self.span = Some(*span);
                let v = e.as_ref().map(|e| self.value(e));
                if let Some((to, var)) = self.frame().ret {
                    if let (Some(var), Some(v)) = (var, v) {
                        self.emit(Op::WriteVar(var, v), None);
                    }
                    self.br(to, Vec::new());
                }
            }
            TStmt::Label(l) => {
                let b = self.label_block(*l);
                self.br(b, Vec::new());
                self.cur = b;
            }
            TStmt::Goto(l, span) => {
                self.span = Some(*span);
                let b = self.label_block(*l);
                self.gotos.push((self.cur, *span));
                self.br(b, Vec::new());
            }
            TStmt::Assert(c, text) if self.asserts => {
                self.span = Some(c.span);
                let (ok, fail) = (self.f.new_block(), self.f.new_block());
                self.branch_on(c, ok, fail);
                self.cur = fail;
                self.span = Some(c.span);
                self.emit(Op::Call(Callee::AssertFail(text.clone()), Vec::new()), None);
                self.br(ok, Vec::new());
                self.cur = ok;
            }
            TStmt::Assert(..) => {}
        }
    }

    fn loop_body(&mut self, bb: Block, body: &[TStmt], exit: Block, cont: Block) {
        self.cur = bb;
        self.frames
            .last_mut()
            .expect("frame")
            .jumps
            .push((exit, Some(cont)));
        self.stmts(body);
        self.frames.last_mut().expect("frame").jumps.pop();
        self.br(cont, Vec::new());
    }

    fn array_init(&mut self, l: LocalId, values: &[TExpr]) {
        let read_only = self.tfunc().locals[l as usize].read_only;
        let m = self.mem_of(ArrRef::Local(l));
        let elem = self.f.mems[m.index()].elem;
        let consts: Option<Vec<Const>> = values
            .iter()
            .map(|e| match e.kind {
                TExprKind::Const(c) => Some(const_of(c, elem)),
                _ => None,
            })
            .collect();
        if let (true, Some(consts)) = (read_only, consts) {
            self.f.mems[m.index()].kind = MemKind::Local(Some(consts));
            return;
        }
        let dims = self.f.mems[m.index()].dims.clone();
        for (k, e) in values.iter().enumerate() {
            self.span = Some(e.span);
            let v = self.value(e);
            let mut rest = k as u64;
            let mut idx = vec![0u64; dims.len()];
            for (d, &n) in dims.iter().enumerate().rev() {
                idx[d] = rest % n as u64;
                rest /= n as u64;
            }
            let idx: Vec<Value> = idx
                .into_iter()
                .map(|i| self.konst(Const::int(i as i64, Type::I32), Type::I32))
                .collect();
            self.emit(Op::Store(m, idx, v), None);
        }
    }

    fn switch(&mut self, v: &TExpr, body: &[TStmt]) {
        self.span = Some(v.span);
        let x = self.value(v);
        let ty = self.f.ty(x);
        let exit = self.f.new_block();
        let mut labels = Vec::new();
        let mut default = None;
        for s in body {
            match s {
                TStmt::Case(c) => labels.push((Some(*c), self.f.new_block())),
                TStmt::Default => {
                    let b = self.f.new_block();
                    default = Some(b);
                    labels.push((None, b));
                }
                _ => {}
            }
        }
        for (c, target) in &labels {
            let Some(c) = c else { continue };
            let k = self.konst(Const::int(*c as i64, ty), ty);
            let eq = self.val(Op::Cmp(CmpPred::Eq, x, k), Type::I1);
            let next = self.f.new_block();
            self.cond_br(eq, *target, next);
            self.cur = next;
        }
        self.br(default.unwrap_or(exit), Vec::new());
        self.frames
            .last_mut()
            .expect("frame")
            .jumps
            .push((exit, None));
        let mut next_label = labels.iter();
        for s in body {
            match s {
                TStmt::Case(_) | TStmt::Default => {
                    if let Some((_, b)) = next_label.next() {
                        self.br(*b, Vec::new());
                        self.cur = *b;
                    }
                }
                _ => self.stmt(s),
            }
        }
        self.frames.last_mut().expect("frame").jumps.pop();
        self.br(exit, Vec::new());
        self.cur = exit;
    }

    /// Inlines a call of helper function `callee`.
    pub fn inline(&mut self, callee: FuncId, args: &[TArg]) -> Option<Value> {
        let tf = &self.prog.funcs[callee as usize];
        let mut frame = Frame::new(callee, tf);
        let mut writes = Vec::new();
        for (&p, a) in tf.params.iter().zip(args) {
            match a {
                TArg::Array(r) => frame.bind[p as usize] = Binding::Mem(self.mem_of(*r)),
                TArg::Value(e) => {
                    let v = self.value(e);
                    writes.push((p, v));
                }
            }
        }
        let join = self.f.new_block();
        let ret_var = tf.ret.map(|t| {
            let name = format!("{}.result", tf.name);
            self.new_var(&name, t, tf.span)
        });
        frame.ret = Some((join, ret_var));
        self.frames.push(frame);
        for (p, v) in writes {
            let var = self.var_of(p);
            self.emit(Op::WriteVar(var, v), None);
        }
        let body = &self.prog.funcs[callee as usize].body;
        self.stmts(body);
        self.br(join, Vec::new());
        self.frames.pop();
        self.cur = join;
        ret_var.map(|var| self.val(Op::ReadVar(var), self.f.vars[var.index()].ty))
    }
}
