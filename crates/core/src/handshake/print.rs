//! The printer: Handshake IR to the custom assembly Dynamatic prints.
//!
//! Output is deterministic (program order, sorted attribute dictionaries) and parses back to an
//! equal IR. Function signatures use long types (`!handshake.channel<i32>`), operations the short
//! forms (`<i32>`, `<>`). An operation whose operand/result counts do not fit its custom syntax
//! (possible only for IR built by hand) is printed in the generic form
//! `"handshake.fork"(%a) {…} : (T) -> (T, T)`, which the parser also reads.

use super::attr::{write_entries, Attr, IntTy};
use super::func::{Func, Module, ValueId};
use super::names::Namer;
use super::ops::{Op, OpKind};
use super::signals::{bundle_layout, unbundle_layout};
use super::types::{RawType, Type};
use std::collections::BTreeMap;
use std::fmt::{self, Write};

/// Prints a module: `module { … }` around its functions.
pub fn print_module(module: &Module) -> String {
    module_text(module, Locations::Omit)
}

/// Prints a module with each op's C origin after it (`loc("fir.c":7:5 to 7:21)`), as MLIR
/// prints locations with debug information.
pub fn print_module_with_locations(module: &Module) -> String {
    module_text(module, Locations::Print)
}

/// Prints one function (without the enclosing module).
pub fn print_func(func: &Func) -> String {
    let mut out = String::new();
    write_func(&mut out, func, "", Locations::Omit);
    out
}

/// Whether ops' origins are printed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Locations {
    Omit,
    Print,
}

fn module_text(module: &Module, locations: Locations) -> String {
    let mut out = String::from("module {\n");
    for f in &module.funcs {
        write_func(&mut out, f, "  ", locations);
    }
    out.push_str("}\n");
    out
}

fn write_func(out: &mut String, f: &Func, indent: &str, locations: Locations) {
    let namer = Namer::new(f);
    let vis = if f.private { "private " } else { "" };
    let _ = write!(out, "{indent}handshake.func {vis}@{}(", f.name);
    for (i, &a) in f.args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let ty = long(f, a);
        if f.has_body {
            let _ = write!(out, "{}: {ty}", namer.name(a));
        } else {
            out.push_str(&ty);
        }
    }
    if f.variadic {
        out.push_str(if f.args.is_empty() { "..." } else { ", ..." });
    }
    out.push(')');
    match f.result_types.as_slice() {
        [] => {}
        [t] => {
            let _ = write!(out, " -> {}", t.long());
        }
        ts => {
            let list: Vec<String> = ts.iter().map(|t| t.long().to_string()).collect();
            let _ = write!(out, " -> ({})", list.join(", "));
        }
    }
    let mut attrs: BTreeMap<String, Attr> = f.attrs.clone();
    let names = |v: &[String]| Attr::Array(v.iter().cloned().map(Attr::Str).collect());
    if !f.arg_names.is_empty() {
        attrs.insert("argNames".into(), names(&f.arg_names));
    }
    if !f.res_names.is_empty() {
        attrs.insert("resNames".into(), names(&f.res_names));
    }
    if !attrs.is_empty() {
        let _ = write!(out, " attributes {}", Dict(&attrs));
    }
    if !f.has_body {
        out.push('\n');
        return;
    }
    out.push_str(" {\n");
    for (pos, (_, op)) in f.ops().enumerate() {
        let _ = write!(out, "{indent}  {}", op_text(f, &namer, pos, op));
        match &op.origin {
            Some(origin) if locations == Locations::Print => {
                let _ = writeln!(out, " {origin}");
            }
            _ => out.push('\n'),
        }
    }
    let _ = writeln!(out, "{indent}}}");
}

/// A dictionary printed `{k = v, …}`.
struct Dict<'a>(&'a BTreeMap<String, Attr>);

impl fmt::Display for Dict<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        write_entries(f, self.0.iter().map(|(k, v)| (k.as_str(), v)))?;
        f.write_str("}")
    }
}

fn short(f: &Func, v: ValueId) -> String {
    f.ty(v)
        .map_or_else(|| "<?>".to_string(), |t| t.short().to_string())
}

fn long(f: &Func, v: ValueId) -> String {
    f.ty(v)
        .map_or_else(|| "<?>".to_string(), |t| t.long().to_string())
}

/// The attribute dictionary of an op: typed fields and generic attributes, keys sorted.
pub fn op_attr_dict(op: &Op) -> BTreeMap<String, Attr> {
    let mut d = op.attrs.clone();
    if let Some(bb) = op.bb {
        d.insert(
            "handshake.bb".into(),
            Attr::Int {
                value: bb as i64,
                ty: IntTy::Unsigned(32),
            },
        );
    }
    if let Some(n) = &op.name {
        d.insert("handshake.name".into(), Attr::Str(n.clone()));
    }
    let ints = |v: &[i64]| Attr::Array(v.iter().map(|&x| Attr::int(x, 32)).collect());
    let mut hw = op.hw_params.clone();
    match &op.kind {
        OpKind::Constant { value } => {
            d.insert("value".into(), value.clone());
        }
        OpKind::Instance { params, .. } => {
            d.extend(params.clone());
        }
        OpKind::MemController { connected_blocks } => {
            d.insert("connectedBlocks".into(), ints(connected_blocks));
        }
        OpKind::Lsq { group_sizes, .. } => {
            d.insert("groupSizes".into(), ints(group_sizes));
        }
        OpKind::Buffer(p) => {
            if let Some(t) = p.buffer_type {
                hw.insert("BUFFER_TYPE".into(), Attr::Str(t.as_str().into()));
            }
            hw.insert(
                "NUM_SLOTS".into(),
                Attr::Int {
                    value: p.num_slots as i64,
                    ty: IntTy::Unsigned(32),
                },
            );
            if let Some(t) = p.timing {
                hw.insert("TIMING".into(), Attr::Timing(t));
            }
        }
        _ => {}
    }
    if !hw.is_empty() {
        d.insert("hw.parameters".into(), Attr::Dict(hw));
    }
    d
}

/// True when the op's operand and result counts fit its custom syntax, and the types the
/// custom syntax leaves implicit are the ones the parser would infer.
fn fits_custom_syntax(f: &Func, op: &Op) -> bool {
    counts_fit(f, op) && implicit_types_fit(f, op)
}

fn implicit_types_fit(f: &Func, op: &Op) -> bool {
    let ins: Vec<Option<&Type>> = op.operands.iter().map(|&v| f.ty(v)).collect();
    let outs: Vec<Option<&Type>> = op.results.iter().map(|&v| f.ty(v)).collect();
    let all_eq = |ts: &[Option<&Type>]| ts.iter().all(|t| *t == ts[0]);
    match &op.kind {
        OpKind::Bin(_) | OpKind::Un(_) | OpKind::Br | OpKind::Buffer(_) => {
            all_eq(&[ins.as_slice(), outs.as_slice()].concat())
        }
        OpKind::Fork | OpKind::LazyFork => all_eq(&[ins.as_slice(), outs.as_slice()].concat()),
        OpKind::CmpI(_) | OpKind::CmpF(_) => {
            ins[0] == ins[1]
                && ins[0].zip(outs[0]).is_some_and(|(a, r)| {
                    *r == Type::Channel {
                        data: RawType::Int(1),
                        extras: a.extras().to_vec(),
                    }
                })
        }
        OpKind::CondBr => outs[0] == ins[1] && outs[1] == ins[1],
        OpKind::Select => ins[1] == outs[0] && ins[2] == outs[0],
        OpKind::Return => ins == outs,
        OpKind::MemController { .. } => outs[outs.len() - 1] == Some(&Type::control()),
        OpKind::Bundle => outs[0]
            .and_then(bundle_layout)
            .is_some_and(|(_, extra)| extra.iter().map(Some).eq(outs[1..].iter().copied())),
        OpKind::Unbundle => ins[0]
            .and_then(unbundle_layout)
            .is_some_and(|(_, results)| results.iter().map(Some).eq(outs.iter().copied())),
        _ => true,
    }
}

/// True when the op's operand and result counts fit its custom syntax.
fn counts_fit(f: &Func, op: &Op) -> bool {
    let (n, m) = (op.operands.len(), op.results.len());
    let is_memref = |i: usize| {
        op.operands
            .get(i)
            .and_then(|&v| f.ty(v))
            .is_some_and(|t| matches!(t, Type::MemRef { .. }))
    };
    match &op.kind {
        OpKind::End => m == 0,
        OpKind::Return => n == m,
        OpKind::Instance { .. } => true,
        OpKind::Fork | OpKind::LazyFork => n == 1 && m >= 1,
        OpKind::Merge => n >= 1 && m == 1,
        OpKind::Mux => n >= 1 && m == 1,
        OpKind::ControlMerge => m == 2,
        OpKind::Join | OpKind::Blocker => m == 1,
        OpKind::Br | OpKind::Constant { .. } | OpKind::Buffer(_) => n == 1 && m == 1,
        OpKind::Un(_) | OpKind::Cast(_) | OpKind::Compose | OpKind::Decompose => n == 1 && m == 1,
        OpKind::CondBr => n == 2 && m == 2,
        OpKind::Sink => n == 1 && m == 0,
        OpKind::Source => n == 0 && m == 1,
        OpKind::Load => n == 2 && m == 2,
        OpKind::Store => (n == 2 && m == 2) || (n == 3 && m == 3),
        OpKind::MemController { .. } => n >= 3 && m >= 1 && is_memref(0),
        OpKind::Lsq { through_mc, .. } => *through_mc || (n >= 1 && is_memref(0)),
        OpKind::Bundle | OpKind::Unbundle => n >= 1 && m >= 1,
        OpKind::Bin(_) | OpKind::CmpI(_) | OpKind::CmpF(_) => n == 2 && m == 1,
        OpKind::Select => n == 3 && m == 1,
    }
}

fn op_text(f: &Func, namer: &Namer, pos: usize, op: &Op) -> String {
    let lhs = namer.lhs(pos);
    let mut s = if lhs.is_empty() {
        String::new()
    } else {
        format!("{} = ", lhs.join(", "))
    };
    let dict = op_attr_dict(op);
    let attrs = if dict.is_empty() {
        String::new()
    } else {
        format!(" {}", Dict(&dict))
    };
    if !fits_custom_syntax(f, op) {
        s.push_str(&generic_text(f, namer, op, dict));
        return s;
    }
    let r = |v: &[ValueId]| {
        v.iter()
            .map(|&x| namer.name(x))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let shorts = |v: &[ValueId]| {
        v.iter()
            .map(|&x| short(f, x))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let longs = |v: &[ValueId]| v.iter().map(|&x| long(f, x)).collect::<Vec<_>>().join(", ");
    let o = &op.operands;
    let res = &op.results;
    let mn = op.kind.mnemonic();
    let body = match &op.kind {
        OpKind::End => {
            if o.is_empty() {
                format!("end{attrs}")
            } else {
                format!("end{attrs} {} : {}", r(o), shorts(o))
            }
        }
        OpKind::Return => format!("return{attrs} {} : {}", r(o), shorts(o)),
        OpKind::Instance { callee, .. } => format!(
            "instance @{callee}({}){attrs} : ({}) -> {}",
            r(o),
            longs(o),
            result_list(&longs(res), res.len())
        ),
        OpKind::Fork | OpKind::LazyFork => {
            format!("{mn} [{}] {}{attrs} : {}", res.len(), r(o), shorts(&o[..1]))
        }
        OpKind::Merge | OpKind::Join | OpKind::Blocker | OpKind::Source => {
            let sep = if o.is_empty() { "" } else { " " };
            format!("{mn}{sep}{}{attrs} : {}", r(o), shorts(res))
        }
        OpKind::Mux => format!(
            "mux {} [{}]{attrs} : {}, [{}] to {}",
            r(&o[..1]),
            r(&o[1..]),
            shorts(&o[..1]),
            shorts(&o[1..]),
            shorts(res)
        ),
        OpKind::ControlMerge => format!(
            "control_merge [{}]{attrs} : [{}] to {}",
            r(o),
            shorts(o),
            shorts(res)
        ),
        OpKind::Br | OpKind::Sink | OpKind::Buffer(_) | OpKind::Un(_) | OpKind::Bin(_) => {
            format!("{mn} {}{attrs} : {}", r(o), shorts(&o[..1]))
        }
        OpKind::CmpI(p) => format!("cmpi {p}, {}{attrs} : {}", r(o), shorts(&o[..1])),
        OpKind::CmpF(p) => format!("cmpf {p}, {}{attrs} : {}", r(o), shorts(&o[..1])),
        OpKind::CondBr => format!("cond_br {}{attrs} : {}", r(o), shorts(o)),
        OpKind::Constant { .. } => {
            format!("constant {}{attrs} : {}, {}", r(o), shorts(o), shorts(res))
        }
        OpKind::Cast(_) => format!("{mn} {}{attrs} : {} to {}", r(o), shorts(o), shorts(res)),
        OpKind::Compose | OpKind::Decompose => {
            format!("{mn} {}{attrs} : {} -> {}", r(o), shorts(o), shorts(res))
        }
        OpKind::Select => format!(
            "select {}[{}]{attrs} : {}, {}",
            r(&o[..1]),
            r(&o[1..]),
            shorts(&o[..1]),
            shorts(res)
        ),
        OpKind::Load | OpKind::Store => format!(
            "{mn}[{}] {}{attrs} : {}, {}",
            r(&o[..1]),
            o[1..]
                .iter()
                .map(|&x| namer.name(x))
                .collect::<Vec<_>>()
                .join(" "),
            shorts(o),
            shorts(res)
        ),
        OpKind::MemController { .. } => {
            let ins = &o[2..o.len() - 1];
            let loads = &res[..res.len() - 1];
            format!(
                "mem_controller[{} : {}] {} ({}) {}{attrs} : ({}) -> {}",
                r(&o[..1]),
                long(f, o[0]),
                r(&o[1..2]),
                r(ins),
                r(&o[o.len() - 1..]),
                longs(ins),
                result_list(&longs(loads), loads.len())
            )
        }
        OpKind::Lsq { through_mc, .. } => {
            let (head, rest) = if *through_mc {
                ("MC".to_string(), &o[..])
            } else {
                (format!("{} : {}", r(&o[..1]), long(f, o[0])), &o[1..])
            };
            format!(
                "lsq[{head}] ({}){attrs} : ({}) -> {}",
                r(rest),
                longs(rest),
                result_list(&longs(res), res.len())
            )
        }
        OpKind::Bundle => format!("bundle {}{attrs} : _ to {}", r(o), shorts(&res[..1])),
        OpKind::Unbundle => {
            let ups = if o.len() > 1 {
                format!(" [{}]", r(&o[1..]))
            } else {
                String::new()
            };
            format!(
                "unbundle {}{ups}{attrs} : {} to _",
                r(&o[..1]),
                shorts(&o[..1])
            )
        }
    };
    s.push_str(&body);
    s
}

/// `()`, `T` or `(T, U)`, as MLIR prints function result lists.
fn result_list(joined: &str, n: usize) -> String {
    if n == 1 {
        joined.to_string()
    } else {
        format!("({joined})")
    }
}

fn generic_text(f: &Func, namer: &Namer, op: &Op, mut dict: BTreeMap<String, Attr>) -> String {
    let names: Vec<String> = op.operands.iter().map(|&v| namer.name(v)).collect();
    let ins: Vec<String> = op.operands.iter().map(|&v| long(f, v)).collect();
    let outs: Vec<String> = op.results.iter().map(|&v| long(f, v)).collect();
    // The custom syntax spells the predicate; the generic form carries it as an attribute.
    match &op.kind {
        OpKind::CmpI(p) => {
            dict.insert("predicate".into(), Attr::Str(p.as_str().into()));
        }
        OpKind::CmpF(p) => {
            dict.insert("predicate".into(), Attr::Str(p.as_str().into()));
        }
        _ => {}
    }
    let attrs = if dict.is_empty() {
        String::new()
    } else {
        format!(" {}", Dict(&dict))
    };
    // Instances and `lsq[MC]` always fit their custom syntax, so the mnemonic suffices.
    format!(
        "\"handshake.{}\"({}){attrs} : ({}) -> ({})",
        op.kind.mnemonic(),
        names.join(", "),
        ins.join(", "),
        outs.join(", ")
    )
}
