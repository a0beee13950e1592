//! Structural checks: handles, single definitions, the `end` terminator, unique op names,
//! attribute shadowing, signature names, value types, and (on request) single consumers.

use super::types::type_problems;
use super::{describe, Ctx, VerifyOptions};
use crate::handshake::func::ValueDef;
use crate::handshake::ops::OpKind;
use std::collections::BTreeMap;

pub(super) fn check(cx: &mut Ctx<'_>, opts: &VerifyOptions) {
    let f = cx.f;
    for (i, &a) in f.args.iter().enumerate() {
        match f.value(a) {
            None => cx.error_at(
                None,
                format!(
                    "argument #{i} of @{} refers to a value that does not exist",
                    f.name
                ),
            ),
            Some(v) => {
                if v.def != ValueDef::Arg(i as u32) {
                    cx.error_at(
                        v.loc.0,
                        format!(
                            "argument #{i} of @{} is not defined as that argument",
                            f.name
                        ),
                    );
                }
                for p in type_problems(&v.ty) {
                    cx.error_at(v.loc.0, p);
                }
            }
        }
    }
    for t in &f.result_types {
        for p in type_problems(t) {
            cx.error_at(None, format!("result of @{}: {p}", f.name));
        }
    }
    check_names(cx, "argNames", f.arg_names.len(), f.args.len(), "arguments");
    check_names(
        cx,
        "resNames",
        f.res_names.len(),
        f.result_types.len(),
        "results",
    );
    if !f.has_body && f.num_ops() > 0 {
        cx.error_at(
            None,
            format!("external function @{} cannot have operations", f.name),
        );
    }
    let mut ends = 0;
    let mut names: BTreeMap<&str, &crate::handshake::ops::Op> = BTreeMap::new();
    for (id, op) in f.ops() {
        for (i, &v) in op.operands.iter().enumerate() {
            if f.value(v).is_none() {
                cx.op_error(
                    op,
                    format!(
                        "operand #{i} of {} refers to a value that does not exist",
                        describe(op)
                    ),
                );
            } else if !f.is_live_value(v) {
                cx.op_error(
                    op,
                    format!(
                        "operand #{i} of {} uses {}, whose defining operation was erased",
                        describe(op),
                        cx.namer.name(v)
                    ),
                );
            }
        }
        check_group_hints(cx, op);
        for (i, &r) in op.results.iter().enumerate() {
            match f.value(r) {
                None => cx.op_error(
                    op,
                    format!(
                        "result #{i} of {} refers to a value that does not exist",
                        describe(op)
                    ),
                ),
                Some(v) => {
                    if v.def
                        != (ValueDef::Result {
                            op: id,
                            index: i as u32,
                        })
                    {
                        cx.op_error(
                            op,
                            format!(
                                "result #{i} of {} is defined by another operation as well",
                                describe(op)
                            ),
                        );
                    }
                    // A bad type an operand already has was reported where it was defined.
                    let inherited = op.operands.iter().any(|&o| f.ty(o) == Some(&v.ty));
                    for p in type_problems(&v.ty).into_iter().filter(|_| !inherited) {
                        cx.op_error(op, format!("result #{i} of {}: {p}", describe(op)));
                    }
                }
            }
        }
        if op.kind == OpKind::End {
            ends += 1;
            if ends > 1 {
                cx.op_error(
                    op,
                    format!("function @{} has more than one 'end' operation", f.name),
                );
            }
        }
        if let Some(n) = &op.name {
            if let Some(first) = names.get(n.as_str()) {
                let mut d = crate::diag::Diagnostic::error(format!(
                    "operation name '{n}' is used more than once"
                ));
                if let Some(s) = op.loc.0.or(f.loc.0) {
                    d = d.with_span(s);
                }
                if let Some(s) = first.loc.0 {
                    d = d.with_label(s, "first used here");
                }
                cx.diags.push(d);
            } else {
                names.insert(n, op);
            }
        }
        for key in shadowed_keys(&op.kind) {
            if op.attrs.contains_key(*key) {
                cx.op_error(
                    op,
                    format!(
                        "generic attribute '{key}' of {} shadows a typed field",
                        describe(op)
                    ),
                );
            }
        }
        if let OpKind::Buffer(_) = op.kind {
            for key in ["BUFFER_TYPE", "NUM_SLOTS", "TIMING"] {
                if op.hw_params.contains_key(key) {
                    cx.op_error(
                        op,
                        format!(
                            "hw.parameters of {} repeat the buffer parameter {key}",
                            describe(op)
                        ),
                    );
                }
            }
        }
    }
    if f.has_body && ends == 0 {
        cx.error_at(None, format!("function @{} has no 'end' operation", f.name));
    }
    if opts.materialized {
        check_materialized(cx);
    }
}

fn check_names(cx: &mut Ctx<'_>, attr: &str, have: usize, want: usize, what: &str) {
    if have != 0 && have != want {
        let name = cx.f.name.clone();
        cx.error_at(
            None,
            format!("'{attr}' of @{name} has {have} entries but the function has {want} {what}"),
        );
    }
}

fn shadowed_keys(kind: &OpKind) -> &'static [&'static str] {
    match kind {
        OpKind::Constant { .. } => &["handshake.bb", "handshake.name", "hw.parameters", "value"],
        OpKind::MemController { .. } => &[
            "handshake.bb",
            "handshake.name",
            "hw.parameters",
            "connectedBlocks",
        ],
        OpKind::Lsq { .. } => &[
            "handshake.bb",
            "handshake.name",
            "hw.parameters",
            "groupSizes",
        ],
        _ => &["handshake.bb", "handshake.name", "hw.parameters"],
    }
}

/// Every dataflow value must have exactly one consumer.
fn check_materialized(cx: &mut Ctx<'_>) {
    let f = cx.f;
    let uses = f.use_lists();
    for (v, value) in f.values() {
        if !value.ty.is_dataflow() || !f.is_live_value(v) {
            continue;
        }
        let n = uses.get(v.0 as usize).map_or(0, Vec::len);
        if n == 1 {
            continue;
        }
        let fix = if n == 0 {
            "add a sink"
        } else {
            "insert a fork"
        };
        let msg = format!(
            "{} of type {} has {n} consumers, but materialized IR needs exactly one ({fix})",
            cx.namer.name(v),
            value.ty
        );
        match value.def {
            ValueDef::Result { op, .. } => {
                if let Some(op) = f.op(op) {
                    cx.op_error(op, msg);
                }
            }
            ValueDef::Arg(_) => cx.error_at(value.loc.0, msg),
        }
    }
}

/// Hints `b#i` are printed as a result group `%b:k` only when results `b#0`…`b#(k-1)` are
/// consecutive results of one op; any other `#` hint cannot be printed back.
fn check_group_hints(cx: &mut Ctx<'_>, op: &crate::handshake::ops::Op) {
    let f = cx.f;
    let hint = |v| f.value(v).and_then(|x| x.name());
    let mut i = 0;
    while i < op.results.len() {
        let Some((base, idx)) = hint(op.results[i]).and_then(|h| h.split_once('#')) else {
            i += 1;
            continue;
        };
        let run = op.results[i..]
            .iter()
            .enumerate()
            .take_while(|(j, &r)| hint(r) == Some(format!("{base}#{j}").as_str()))
            .count();
        if idx != "0" || run == 0 {
            let msg = format!(
                "name hint '{base}#{idx}' of {} is not part of a complete result group '{base}#0'…; it is not printed",
                describe(op)
            );
            cx.op_warning(op, msg);
            i += 1;
        } else {
            i += run;
        }
    }
}
