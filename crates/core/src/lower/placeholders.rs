//! Placeholder calls (`__name(...)`, spec/c-level-instances.md) → `handshake.instance`.
//!
//! Arguments are classified by the declaration's parameter names: `input_*` become the
//! instance's operands (followed by the block's control), `output_*` its results (in argument
//! order, followed by a control result), `parameter_*` attributes named after the suffix
//! (`parameter_BITWIDTH` → `BITWIDTH = 31 : i32`). Output arguments must be values of
//! `__init*()` calls; their uses are rewired to the instance's results and the `__init*()`
//! calls disappear. The call's own result, if any, is the instance's first result. Each
//! placeholder is declared as an external `handshake.func` (`argNames` = inputs and `start`,
//! `resNames` = `out0`… and `end`).
//!
//! Every rule the spec states as an assertion is an error on the C call here: argument naming,
//! at least one output, `__init*()` values only as outputs (of exactly one call), constant
//! parameters, no input depending on an output of the same call, and outputs used only where
//! the call dominates them.

use super::{ops, Lowerer};
use crate::cfg::analysis::Cfg;
use crate::cfg::ir::{Block, Callee, Function, Inst, Op, Value, ValueDef};
use crate::diag::{Diagnostic, Span};
use crate::front::typed::Placeholder;
use crate::handshake::{self as hs, OpKind, Type, ValueId};
use std::collections::{BTreeMap, BTreeSet};

/// What the placeholder rules established about a function.
#[derive(Default)]
pub struct Analysis {
    /// The `__init*()` values each placeholder call defines, in output order.
    pub outputs_of: BTreeMap<Inst, Vec<Value>>,
    /// Every `__init*()` value.
    pub init_values: BTreeSet<Value>,
}

fn is_init(name: &str) -> bool {
    name.starts_with("__init")
}

fn callee(f: &Function, i: Inst) -> Option<&str> {
    match &f.inst(i).op {
        Op::Call(Callee::Placeholder(n), _) => Some(n),
        _ => None,
    }
}

fn err(diags: &mut Vec<Diagnostic>, span: Option<Span>, msg: String) {
    let mut d = Diagnostic::error(msg);
    if let Some(s) = span {
        d = d.with_span(s);
    }
    diags.push(d);
}

/// Checks the placeholder rules and finds each call's outputs.
pub fn analyze(
    f: &Function,
    cfg: &Cfg,
    decls: &[Placeholder],
    diags: &mut Vec<Diagnostic>,
) -> Analysis {
    let mut a = Analysis::default();
    let mut where_: BTreeMap<Inst, (Block, usize)> = BTreeMap::new();
    let mut init_call: BTreeMap<Value, Inst> = BTreeMap::new();
    for &b in &cfg.rpo {
        for (pos, &i) in f.block(b).insts.iter().enumerate() {
            where_.insert(i, (b, pos));
            if let (Some(n), Some(r)) = (callee(f, i), f.inst(i).result) {
                if is_init(n) {
                    a.init_values.insert(r);
                    init_call.insert(r, i);
                }
            }
        }
    }
    let mut used_as_output: BTreeMap<Value, Inst> = BTreeMap::new();
    for (&i, _) in where_.iter() {
        let Some(name) = callee(f, i) else { continue };
        if is_init(name) {
            continue;
        }
        let span = f.inst(i).span;
        let Op::Call(_, args) = &f.inst(i).op else {
            continue;
        };
        let Some(decl) = decls.iter().find(|d| d.name == name) else {
            continue;
        };
        let mut outs = Vec::new();
        let mut inputs = Vec::new();
        for (arg, (pname, _)) in args.iter().zip(&decl.params) {
            let crate::cfg::ir::Arg::Value(v) = *arg else {
                continue;
            };
            if pname.starts_with("output_") {
                if !a.init_values.contains(&v) {
                    err(diags, span, format!("output argument `{pname}` of `{name}` must be a variable initialized with an `__init*()` call"));
                } else if let Some(&other) = used_as_output.get(&v) {
                    let what = if other == i {
                        "twice"
                    } else {
                        "by two placeholder calls"
                    };
                    err(diags, span, format!("the `__init*()` variable passed as `{pname}` is used as an output {what}"));
                } else {
                    used_as_output.insert(v, i);
                    outs.push(v);
                }
            } else if pname.starts_with("input_") {
                if a.init_values.contains(&v) {
                    err(diags, span, format!("input argument `{pname}` of `{name}` must not be initialized with an `__init*()` call (only outputs are)"));
                }
                inputs.push(v);
            } else if pname.starts_with("parameter_") {
                if f.as_const(v).is_none() {
                    err(
                        diags,
                        span,
                        format!("parameter argument `{pname}` of `{name}` must be a constant"),
                    );
                }
            } else {
                err(diags, span, format!("parameter `{pname}` of placeholder `{name}` must be named `input_*`, `output_*` or `parameter_*`"));
            }
        }
        if !decl.params.iter().any(|(p, _)| p.starts_with("output_")) {
            err(
                diags,
                span,
                format!("placeholder `{name}` needs at least one `output_*` argument"),
            );
        }
        for &inp in &inputs {
            if outs.iter().any(|&o| depends_on(f, inp, o, 0)) {
                err(diags, span, format!("an input of `{name}` depends on one of its own outputs (cyclic dependency through the instance)"));
                break;
            }
        }
        a.outputs_of.insert(i, outs);
    }
    for (&v, &ci) in &init_call {
        let Some(&call) = used_as_output.get(&v) else {
            err(diags, f.inst(ci).span, "an `__init*()` call may only initialize a variable passed as an output argument of a placeholder call".into());
            continue;
        };
        let (cb, cpos) = where_[&call];
        for (&u, &(ub, upos)) in &where_ {
            if u == call || !f.inst(u).op.operands().contains(&v) {
                continue;
            }
            let dominated = if ub == cb {
                upos > cpos
            } else {
                cfg.dominates(cb, ub)
            };
            if !dominated {
                err(
                    diags,
                    f.inst(u).span,
                    "an output of a placeholder call is used before the call".into(),
                );
            }
        }
        for &b in &cfg.rpo {
            if f.block(b).term.operands().contains(&v) && !cfg.dominates(cb, b) {
                err(
                    diags,
                    f.block(b).term_span,
                    "an output of a placeholder call is used before the call".into(),
                );
            }
        }
    }
    a
}

/// True when `v` is computed (through instructions) from `src`.
fn depends_on(f: &Function, v: Value, src: Value, depth: u32) -> bool {
    if v == src {
        return true;
    }
    let ValueDef::Inst(i) = f.values[v.index()].def else {
        return false;
    };
    depth < 64
        && f.inst(i)
            .op
            .operands()
            .into_iter()
            .any(|o| depends_on(f, o, src, depth + 1))
}

impl Lowerer<'_> {
    /// Lowers a placeholder call (an `__init*()` call produces nothing); returns its result.
    pub(super) fn lower_placeholder(
        &mut self,
        b: Block,
        i: Inst,
        name: Option<String>,
    ) -> Option<ValueId> {
        let d = self.f.inst(i);
        let Op::Call(Callee::Placeholder(callee), args) = &d.op else {
            return None;
        };
        if is_init(callee) {
            return None;
        }
        let decl = self.decls.iter().find(|p| &p.name == callee)?.clone();
        let mut operands = Vec::new();
        let mut params = BTreeMap::new();
        let (mut in_tys, mut in_names, mut out_tys) = (Vec::new(), Vec::new(), Vec::new());
        let mut outs = Vec::new();
        for (arg, (pname, sty)) in args.iter().zip(&decl.params) {
            let crate::cfg::ir::Arg::Value(v) = *arg else {
                continue;
            };
            let ty = ops::channel(crate::cfg::ir::Type::of(*sty));
            if pname.starts_with("input_") {
                operands.push(self.value(b, v));
                in_tys.push(ty);
                in_names.push(pname.clone());
            } else if pname.starts_with("output_") {
                out_tys.push(ty);
                outs.push(v);
            } else if let Some(p) = pname.strip_prefix("parameter_") {
                self.value(b, v);
                if let Some(c) = self.f.as_const(v) {
                    params.insert(p.to_string(), ops::const_attr(c, self.f.ty(v)));
                }
            }
        }
        operands.push(self.blocks[&b].ctrl);
        in_tys.push(Type::control());
        in_names.push("start".into());
        let mut res_tys = out_tys.clone();
        res_tys.push(Type::control());
        let kind = OpKind::Instance {
            callee: callee.clone(),
            params,
        };
        let id = self.op(kind, operands, res_tys.clone(), b, name);
        let results = self.hf.results(id).to_vec();
        for (k, v) in outs.into_iter().enumerate() {
            self.local.insert(super::liveness::Flow::Val(v), results[k]);
        }
        if !self.externs.iter().any(|e| &e.name == callee) {
            let mut e = hs::Func::new(callee);
            e.has_body = false;
            e.private = true;
            e.variadic = true;
            for t in in_tys {
                e.add_arg(t, None);
            }
            e.arg_names = in_names;
            e.res_names = (0..out_tys.len())
                .map(|k| format!("out{k}"))
                .chain(["end".to_string()])
                .collect();
            e.result_types = res_tys;
            self.externs.push(e);
        }
        d.result.map(|_| results[0])
    }
}
