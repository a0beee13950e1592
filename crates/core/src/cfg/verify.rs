//! The CFG IR verifier. It checks, and reports every violation of:
//!
//! 1. **Layout**: the layout is non-empty, lists each block once, and every listed block is
//!    reachable from the entry; the entry has no predecessors and its parameters are exactly
//!    the scalar parameters of the function, in order.
//! 2. **Definitions**: every instruction sits in exactly one live block; each value's recorded
//!    definition matches where it is defined (block parameter position or instruction result).
//! 3. **SSA dominance**: every use is dominated by its definition (an earlier instruction of the
//!    same block, a parameter of a dominating block, or a result in a dominating block).
//! 4. **Terminators and block arguments**: branch targets are live blocks; each branch passes
//!    as many arguments as the target has parameters, with the same types; `cond_br` takes an
//!    `i1`; `return` matches the function's return type.
//! 5. **Types**: integer operations take integers and float operations floats of the result's
//!    type; comparisons take two operands of one type and give `i1`, with an integer or float
//!    predicate to match; `select` takes an `i1`; casts go in a legal direction between legal
//!    widths; loads and stores use valid memories with one `i32`-or-narrower integer index per
//!    dimension (exactly one once flattened) and the memory's element type; variables are read
//!    and written with their own type.

use super::analysis::Cfg;
use super::ir::*;
use std::collections::{BTreeMap, BTreeSet};

/// Verifies every function of a module; returns all violations (empty when valid).
pub fn verify_module(m: &Module) -> Vec<String> {
    let mut errs = Vec::new();
    for f in &m.functions {
        errs.extend(
            verify_function(f, m.globals.len())
                .into_iter()
                .map(|e| format!("@{}: {e}", f.name)),
        );
    }
    errs
}

/// Verifies one function (`n_globals` is the number of module ROMs).
pub fn verify_function(f: &Function, n_globals: usize) -> Vec<String> {
    let mut v = Verifier {
        f,
        errs: Vec::new(),
    };
    v.run(n_globals);
    v.errs
}

struct Verifier<'a> {
    f: &'a Function,
    errs: Vec<String>,
}

impl Verifier<'_> {
    fn err(&mut self, msg: String) {
        self.errs.push(msg);
    }

    fn run(&mut self, n_globals: usize) {
        let f = self.f;
        if f.layout.is_empty() {
            self.err("no blocks".into());
            return;
        }
        let mut seen = BTreeSet::new();
        for &b in &f.layout {
            if b.index() >= f.blocks.len() || !seen.insert(b) {
                self.err(format!("{b} is invalid or listed twice in the layout"));
                return;
            }
        }
        let cfg = Cfg::new(f);
        for &b in &f.layout {
            if !cfg.reachable(b) {
                self.err(format!("{b} is not reachable from the entry"));
            }
            for t in f.block(b).term.targets() {
                if !seen.contains(&t.block) {
                    self.err(format!(
                        "{b} branches to {} which is not in the layout",
                        t.block
                    ));
                    return;
                }
            }
        }
        let entry = f.entry();
        if !cfg.preds[&entry].is_empty() {
            self.err(format!("the entry {entry} has predecessors"));
        }
        let scalar_params: Vec<Value> = f
            .params
            .iter()
            .filter_map(|p| match p.kind {
                ParamKind::Scalar(v) => Some(v),
                ParamKind::Array(_) => None,
            })
            .collect();
        if f.block(entry).params != scalar_params {
            self.err("the entry's parameters are not the function's scalar parameters".into());
        }
        for m in &f.mems {
            if let MemKind::Global(g) = m.kind {
                if g as usize >= n_globals {
                    self.err(format!("@{} refers to a missing ROM", m.name));
                }
            }
        }
        // Definitions: where each value is defined, as (block, position) with params at -1.
        let mut def_at: BTreeMap<Value, (Block, i64)> = BTreeMap::new();
        let mut placed = BTreeSet::new();
        for &b in &f.layout {
            for (k, &p) in f.block(b).params.iter().enumerate() {
                if f.values.get(p.index()).map(|d| d.def) != Some(ValueDef::Param(b, k as u32)) {
                    self.err(format!("{p} is not recorded as parameter {k} of {b}"));
                }
                def_at.insert(p, (b, -1));
            }
            for (k, &i) in f.block(b).insts.iter().enumerate() {
                if i.index() >= f.insts.len() || !placed.insert(i) {
                    self.err(format!("{i} is invalid or placed twice"));
                    return;
                }
                if let Some(r) = f.inst(i).result {
                    if f.values.get(r.index()).map(|d| d.def) != Some(ValueDef::Inst(i)) {
                        self.err(format!("{r} is not recorded as the result of {i}"));
                    }
                    def_at.insert(r, (b, k as i64));
                }
            }
        }
        for &b in &f.layout {
            let bd = f.block(b);
            for (k, &i) in bd.insts.iter().enumerate() {
                for u in f.inst(i).op.operands() {
                    self.check_use(&cfg, &def_at, u, b, k as i64, &format!("{i}"));
                }
                self.check_types(i);
            }
            for u in bd.term.operands() {
                self.check_use(
                    &cfg,
                    &def_at,
                    u,
                    b,
                    i64::MAX,
                    &format!("the terminator of {b}"),
                );
            }
            self.check_term(b);
        }
    }

    fn check_use(
        &mut self,
        cfg: &Cfg,
        def_at: &BTreeMap<Value, (Block, i64)>,
        u: Value,
        b: Block,
        pos: i64,
        what: &str,
    ) {
        match def_at.get(&u) {
            None => self.err(format!(
                "{what} uses {u}, which is not defined in a live block"
            )),
            Some(&(db, dpos)) => {
                let ok = if db == b {
                    dpos < pos
                } else {
                    cfg.dominates(db, b)
                };
                if !ok {
                    self.err(format!(
                        "{what} uses {u}, whose definition does not dominate it"
                    ));
                }
            }
        }
    }

    fn check_term(&mut self, b: Block) {
        let f = self.f;
        let bd = f.block(b);
        for t in bd.term.targets() {
            let params = &f.block(t.block).params;
            if params.len() != t.args.len() {
                self.err(format!(
                    "{b} passes {} arguments to {} which has {}",
                    t.args.len(),
                    t.block,
                    params.len()
                ));
                continue;
            }
            for (a, p) in t.args.iter().zip(params) {
                if f.values.get(a.index()).is_some() && f.ty(*a) != f.ty(*p) {
                    self.err(format!(
                        "{b} passes {a} of type {} for {p} of type {}",
                        f.ty(*a),
                        f.ty(*p)
                    ));
                }
            }
        }
        match &bd.term {
            Terminator::CondBr(c, ..) if self.ty_of(*c) != Some(Type::I1) => {
                self.err(format!("the condition of {b} is not i1"));
            }
            Terminator::Return(v) => {
                let want = f.ret.map(Type::of);
                let got = v.and_then(|v| self.ty_of(v));
                if want != got {
                    self.err(format!("{b} returns a value of the wrong type"));
                }
            }
            _ => {}
        }
    }

    fn ty_of(&self, v: Value) -> Option<Type> {
        self.f.values.get(v.index()).map(|d| d.ty)
    }

    fn check_types(&mut self, i: Inst) {
        let f = self.f;
        let d = f.inst(i);
        let r = d.result.and_then(|r| self.ty_of(r));
        let ty = |v: &Value| self.ty_of(*v);
        let ok = match &d.op {
            Op::Const(c) => match (c, r) {
                (Const::Int(v), Some(t @ Type::Int(_))) => v & !t.mask() == 0,
                (Const::F32(_), Some(Type::F32)) | (Const::F64(_), Some(Type::F64)) => true,
                _ => false,
            },
            Op::Undef => r.is_some(),
            Op::Bin(op, a, b) => {
                let float = matches!(op, BinOp::AddF | BinOp::SubF | BinOp::MulF | BinOp::DivF);
                ty(a) == r && ty(b) == r && r.is_some_and(|t| t.is_float() == float)
            }
            Op::Un(_, a) => ty(a) == r && r.is_some_and(|t| t.is_float()),
            Op::Cmp(p, a, b) => {
                ty(a) == ty(b)
                    && r == Some(Type::I1)
                    && ty(a).is_some_and(|t| t.is_float() == p.is_float())
            }
            Op::Select(c, a, b) => ty(c) == Some(Type::I1) && ty(a) == r && ty(b) == r,
            Op::Cast(op, a) => cast_ok(*op, ty(a), r),
            Op::Load(m, idx) => self.mem_ok(*m, idx) && r == self.elem(*m),
            Op::Store(m, idx, v) => self.mem_ok(*m, idx) && r.is_none() && ty(v) == self.elem(*m),
            Op::ReadVar(v) => f.vars.get(v.index()).map(|x| x.ty) == r && r.is_some(),
            Op::WriteVar(v, x) => f.vars.get(v.index()).map(|d| d.ty) == ty(x) && r.is_none(),
            Op::Call(_, args) => args.iter().all(|a| match a {
                Arg::Value(v) => ty(v).is_some(),
                Arg::Mem(m) => m.index() < f.mems.len(),
            }),
        };
        if !ok {
            self.err(format!(
                "ill-typed instruction: {}",
                super::print::inst(f, i)
            ));
        }
    }

    fn elem(&self, m: Mem) -> Option<Type> {
        self.f.mems.get(m.index()).map(|d| Type::of(d.elem))
    }

    fn mem_ok(&self, m: Mem, idx: &[Value]) -> bool {
        let Some(md) = self.f.mems.get(m.index()) else {
            return false;
        };
        let want = if self.f.flattened { 1 } else { md.dims.len() };
        idx.len() == want
            && idx
                .iter()
                .all(|v| matches!(self.ty_of(*v), Some(Type::Int(w)) if w <= 32))
    }
}

fn cast_ok(op: CastOp, from: Option<Type>, to: Option<Type>) -> bool {
    let (Some(from), Some(to)) = (from, to) else {
        return false;
    };
    use CastOp::*;
    match op {
        ExtSI | ExtUI => !from.is_float() && !to.is_float() && to.bits() > from.bits(),
        TruncI => !from.is_float() && !to.is_float() && to.bits() < from.bits(),
        SIToFP | UIToFP => !from.is_float() && to.is_float(),
        FPToSI | FPToUI => from.is_float() && !to.is_float(),
        ExtF => from == Type::F32 && to == Type::F64,
        TruncF => from == Type::F64 && to == Type::F32,
    }
}
