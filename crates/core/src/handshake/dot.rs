//! Graphviz export of a function: one cluster per basic block, arguments on top, one edge per
//! use labelled with the channel's type. Output is deterministic (program order, sorted blocks).

use super::func::{Func, ValueDef};
use super::names::Namer;
use std::collections::BTreeMap;
use std::fmt::Write;

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The DOT text of `func`.
pub fn to_dot(func: &Func) -> String {
    let namer = Namer::new(func);
    let mut out = String::new();
    let _ = writeln!(out, "digraph {} {{", quote(&func.name));
    out.push_str("  node [shape=box, fontname=\"monospace\"];\n");
    for (i, &a) in func.args.iter().enumerate() {
        let label = func
            .arg_names
            .get(i)
            .cloned()
            .unwrap_or_else(|| namer.name(a));
        let _ = writeln!(out, "  arg{i} [shape=oval, label={}];", quote(&label));
    }
    let mut blocks: BTreeMap<Option<u32>, Vec<String>> = BTreeMap::new();
    for (id, op) in func.ops() {
        let label = match &op.name {
            Some(n) => format!("{n}\\n{}", op.kind.mnemonic()),
            None => op.kind.mnemonic().to_string(),
        };
        let line = format!(
            "op{} [label={}];",
            id.0,
            quote(&label).replace("\\\\n", "\\n")
        );
        blocks.entry(op.bb).or_default().push(line);
    }
    for (bb, lines) in &blocks {
        match bb {
            Some(b) => {
                let _ = writeln!(out, "  subgraph cluster_bb{b} {{\n    label=\"bb{b}\";");
                for l in lines {
                    let _ = writeln!(out, "    {l}");
                }
                out.push_str("  }\n");
            }
            None => {
                for l in lines {
                    let _ = writeln!(out, "  {l}");
                }
            }
        }
    }
    for (id, op) in func.ops() {
        for (port, &v) in op.operands.iter().enumerate() {
            if !func.is_live_value(v) {
                continue;
            }
            let Some(value) = func.value(v) else { continue };
            let from = match value.def {
                ValueDef::Arg(i) => format!("arg{i}"),
                ValueDef::Result { op, .. } => format!("op{}", op.0),
            };
            let label = format!("{} {}", namer.name(v), value.ty.short());
            let _ = writeln!(
                out,
                "  {from} -> op{} [label={}, headlabel=\"{port}\"];",
                id.0,
                quote(&label)
            );
        }
    }
    out.push_str("}\n");
    out
}
