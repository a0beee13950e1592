//! The CFG IR printer: a stable, MLIR-like text form.
//!
//! ```text
//! rom @coef : memref<4xi32> = [1, 2, 3, 4]
//! func @fir(@di: memref<1000xi32>, @idx: memref<1000xi32>) -> i32 {
//! ^bb0:
//!   %0 = constant 0 : i32
//!   br ^bb1(%0, %0 : i32, i32)
//! ^bb1(%1: i32, %2: i32):
//!   %3 = cmpi ult, %2, %4 : i32
//!   cond_br %3, ^bb2, ^bb3
//! }
//! ```
//! Values print as `%N`, blocks as `^bbN` (arena ids), memories as `@name`, variables as
//! `$name`. The output depends only on the IR, never on hash order.

use super::ir::*;
use std::fmt::Write;

/// Prints a whole module (ROMs, then functions in order).
pub fn print_module(m: &Module) -> String {
    let mut s = String::new();
    for g in &m.globals {
        let _ = writeln!(
            s,
            "rom @{} : {} = [{}]",
            g.name,
            memref(&g.dims, Type::of(g.elem)),
            g.init
                .iter()
                .map(|c| konst(*c, Type::of(g.elem)))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for f in &m.functions {
        s.push_str(&print_function(f));
    }
    s
}

fn memref(dims: &[u32], t: Type) -> String {
    let d: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    format!("memref<{}x{t}>", d.join("x"))
}

/// Prints a constant of type `t`.
pub fn konst(c: Const, t: Type) -> String {
    match c {
        Const::Int(v) if t == Type::I1 => (if v != 0 { "true" } else { "false" }).to_string(),
        Const::Int(v) => crate::bits::sign_extend(v, t.bits()).to_string(),
        Const::F32(b) => format!("{:?}", f32::from_bits(b)),
        Const::F64(b) => format!("{:?}", f64::from_bits(b)),
    }
}

/// Prints one function.
pub fn print_function(f: &Function) -> String {
    let mut s = String::new();
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| match p.kind {
            ParamKind::Scalar(v) => format!("{v}: {}", f.ty(v)),
            ParamKind::Array(m) => {
                let md = &f.mems[m.index()];
                format!("@{}: {}", md.name, memref(&md.dims, Type::of(md.elem)))
            }
        })
        .collect();
    let ret = f
        .ret
        .map_or(String::new(), |t| format!(" -> {}", Type::of(t)));
    let _ = writeln!(s, "func @{}({}){ret} {{", f.name, params.join(", "));
    for m in &f.mems {
        let what = match &m.kind {
            MemKind::Param(_) => continue,
            MemKind::Local(None) => "local".to_string(),
            MemKind::Local(Some(init)) => format!(
                "local = [{}]",
                init.iter()
                    .map(|c| konst(*c, Type::of(m.elem)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            MemKind::Global(g) => format!("rom {g}"),
        };
        let _ = writeln!(
            s,
            "  @{} : {} {what}",
            m.name,
            memref(&m.dims, Type::of(m.elem))
        );
    }
    for &b in &f.layout {
        let bd = f.block(b);
        if bd.params.is_empty() {
            let _ = writeln!(s, "{b}:");
        } else {
            let ps: Vec<String> = bd
                .params
                .iter()
                .map(|&v| format!("{v}: {}", f.ty(v)))
                .collect();
            let _ = writeln!(s, "{b}({}):", ps.join(", "));
        }
        for &i in &bd.insts {
            let _ = writeln!(s, "  {}", inst(f, i));
        }
        let _ = writeln!(s, "  {}", term(f, &bd.term));
    }
    s.push_str("}\n");
    s
}

fn list(vs: &[Value]) -> String {
    vs.iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn var(f: &Function, v: Var) -> String {
    format!("${}.{}", f.vars[v.index()].name, v.0)
}

/// Prints one instruction.
pub fn inst(f: &Function, i: Inst) -> String {
    let d = f.inst(i);
    let res = d.result.map_or(String::new(), |r| format!("{r} = "));
    let rty = d.result.map(|r| f.ty(r));
    let t = rty.map_or(String::new(), |t| t.to_string());
    let mem = |m: Mem| format!("@{}", f.mems[m.index()].name);
    let body = match &d.op {
        Op::Const(c) => format!("constant {} : {t}", konst(*c, rty.unwrap_or(Type::I32))),
        Op::Undef => format!("undef : {t}"),
        Op::Bin(op, a, b) => format!("{} {a}, {b} : {t}", op.name()),
        Op::Un(op, a) => {
            let n = if *op == UnOp::NegF { "negf" } else { "absf" };
            format!("{n} {a} : {t}")
        }
        Op::Cmp(p, a, b) => {
            let k = if p.is_float() { "cmpf" } else { "cmpi" };
            format!("{k} {}, {a}, {b} : {}", p.name(), f.ty(*a))
        }
        Op::Select(c, a, b) => format!("select {c}, {a}, {b} : {t}"),
        Op::Cast(op, a) => format!("{} {a} : {} to {t}", op.name(), f.ty(*a)),
        Op::Load(m, idx) => format!("load {}[{}] : {t}", mem(*m), list(idx)),
        Op::Store(m, idx, v) => format!("store {v}, {}[{}] : {}", mem(*m), list(idx), f.ty(*v)),
        Op::ReadVar(v) => format!("read_var {} : {t}", var(f, *v)),
        Op::WriteVar(v, x) => format!("write_var {}, {x} : {}", var(f, *v), f.ty(*x)),
        Op::Call(Callee::AssertFail(text), _) => format!("assert_fail {text:?}"),
        Op::Call(c, args) => {
            let name = match c {
                Callee::AssertFail(_) => "assert_fail".into(),
                Callee::Func(n) | Callee::Placeholder(n) => n.clone(),
                Callee::Rand => "rand".into(),
                Callee::Srand => "srand".into(),
                Callee::Math(f) => f.name().into(),
            };
            let a: Vec<String> = args
                .iter()
                .map(|a| match a {
                    Arg::Value(v) => v.to_string(),
                    Arg::Mem(m) => mem(*m),
                })
                .collect();
            let rt = if t.is_empty() {
                String::new()
            } else {
                format!(" : {t}")
            };
            format!("call @{name}({}){rt}", a.join(", "))
        }
    };
    format!("{res}{body}")
}

fn target(f: &Function, t: &Target) -> String {
    if t.args.is_empty() {
        return t.block.to_string();
    }
    let tys: Vec<String> = t.args.iter().map(|&v| f.ty(v).to_string()).collect();
    format!("{}({} : {})", t.block, list(&t.args), tys.join(", "))
}

fn term(f: &Function, t: &Terminator) -> String {
    match t {
        Terminator::Br(t) => format!("br {}", target(f, t)),
        Terminator::CondBr(c, a, b) => format!("cond_br {c}, {}, {}", target(f, a), target(f, b)),
        Terminator::Return(None) => "return".into(),
        Terminator::Return(Some(v)) => format!("return {v} : {}", f.ty(*v)),
        Terminator::Unreachable => "unreachable".into(),
    }
}
