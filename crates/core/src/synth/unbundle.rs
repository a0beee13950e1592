//! Phase 1, unbundling: every Handshake value becomes its flat signals (see
//! [`super::ports::unbundle_type`]), every operation an `hw.instance` of its own `hw.module`
//! wrapping a `synth.subckt`, and the function the top `hw.module` whose `hw.output` takes the
//! signals of the `end` operands.
//!
//! What the cast network of the reference design achieves is done here with a table from each
//! Handshake value to its signals: a producer's unbundled results (or the top module's input
//! ports) are wired straight into the unbundled operands of the consumer. After this phase every
//! signal of a channel, ready included, still travels in the channel's direction; phase 2 fixes
//! that.
//!
//! A memory argument the function never uses is consumed by a `sink` instance
//! (`sink_<argument>`), the way materialization sinks every other unused value.
//!
//! Per-op modules are named after the op's unique name (`handshake.name`), or
//! `<mnemonic><op id>` when it has none, with characters outside `[A-Za-z0-9_$.]` replaced by
//! `_`; a clash with an earlier name (or the function's) gets a `_<n>` suffix. Instances carry
//! the module's name.

use super::ir::{HwModule, Netlist, SignalId};
use super::ports::{behaviour, unbundled_ports};
use crate::diag::Diagnostic;
use crate::handshake::{Func, OpKind, Type, ValueId};
use std::collections::BTreeSet;

/// Lowers one (verified, materialized) function to its phase-1 netlist.
pub fn unbundle_func(f: &Func) -> Result<Netlist, Vec<Diagnostic>> {
    let mut used = BTreeSet::from([f.name.clone()]);
    let mut modules = Vec::new();
    let mut top = HwModule::graph(
        f.name.clone(),
        unbundled_ports(&f.arg_types(), &f.result_types),
    );
    let mut signals: Vec<Option<Vec<SignalId>>> = vec![None; f.num_values()];
    for (i, &a) in f.args.iter().enumerate() {
        let ids = top
            .input_ports()
            .filter(|(_, p)| p.channel.index == i as u32)
            .filter_map(|(pi, _)| top.input_signal(pi))
            .collect();
        set(&mut signals, a, ids);
    }
    let mut users = Vec::new();
    for (i, a) in unused_memories(f) {
        let arg = f
            .arg_names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("arg{i}"));
        let name = fresh(&mut used, format!("sink_{arg}"));
        let ty: Vec<_> = f.ty(a).cloned().into_iter().collect();
        let unit = HwModule::leaf(
            name.clone(),
            unbundled_ports(&ty, &[]),
            behaviour(&OpKind::Sink),
        );
        let inst = top.add_instance(name, &unit);
        modules.push(unit);
        users.push((inst, vec![a]));
    }
    for (id, op) in f.ops() {
        if op.kind == OpKind::End {
            continue;
        }
        let types = |vs: &[ValueId]| {
            vs.iter()
                .filter_map(|&v| f.ty(v).cloned())
                .collect::<Vec<_>>()
        };
        let base = op
            .name
            .clone()
            .unwrap_or_else(|| format!("{}{}", op.kind.mnemonic(), id.0));
        let name = fresh(&mut used, base);
        let unit = HwModule::leaf(
            name.clone(),
            unbundled_ports(&types(&op.operands), &types(&op.results)),
            behaviour(&op.kind),
        );
        let inst = top.add_instance(name, &unit);
        let results = &top.instances[inst as usize].results;
        let mut at = 0;
        for (r, &v) in op.results.iter().enumerate() {
            let n = unit
                .output_ports()
                .filter(|(_, p)| p.channel.index == r as u32)
                .count();
            let ids = results
                .get(at..at + n)
                .map(<[_]>::to_vec)
                .unwrap_or_default();
            set(&mut signals, v, ids);
            at += n;
        }
        modules.push(unit);
        users.push((inst, op.operands.clone()));
    }
    let mut diags = Vec::new();
    let mut lookup = |vs: &[ValueId]| -> Vec<SignalId> {
        let mut out = Vec::new();
        for &v in vs {
            match signals.get(v.0 as usize).cloned().flatten() {
                Some(ids) => out.extend(ids),
                None => diags.push(Diagnostic::error(format!(
                    "value {} of @{} has no producer to unbundle",
                    v.0, f.name
                ))),
            }
        }
        out
    };
    for (inst, operands) in users {
        top.instances[inst as usize].operands = lookup(&operands);
    }
    if let Some(end) = f.end_op() {
        top.outputs = lookup(f.operands(end));
    }
    check_arity(&top, &modules, &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    modules.push(top);
    Ok(Netlist { modules })
}

/// The memory arguments the function never uses (an array the kernel does not access): each
/// gets a sink, as materialization gives every other unused value, so that its ready signal has
/// a driver once inverted.
/// Returns each with its argument position.
fn unused_memories(f: &Func) -> Vec<(usize, ValueId)> {
    let uses = f.use_lists();
    f.args
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, a)| matches!(f.ty(a), Some(Type::MemRef { .. })))
        .filter(|(_, a)| uses.get(a.0 as usize).is_none_or(Vec::is_empty))
        .collect()
}

fn set(signals: &mut [Option<Vec<SignalId>>], v: ValueId, ids: Vec<SignalId>) {
    if let Some(slot) = signals.get_mut(v.0 as usize) {
        *slot = Some(ids);
    }
}

/// The first of `base`, `base_1`, `base_2`… not used yet (and marks it used), after replacing
/// every character that cannot appear in a symbol or SSA name (`[A-Za-z0-9_$.]`) with `_`.
fn fresh(used: &mut BTreeSet<String>, base: String) -> String {
    let base: String = base
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "_$.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let name = if used.contains(&base) {
        (1..)
            .map(|n| format!("{base}_{n}"))
            .find(|n| !used.contains(n))
            .unwrap_or_default()
    } else {
        base
    };
    used.insert(name.clone());
    name
}

/// Operand lists must match the callees' input ports (they do for type-correct IR).
fn check_arity(top: &HwModule, units: &[HwModule], diags: &mut Vec<Diagnostic>) {
    for (inst, unit) in top.instances.iter().zip(units) {
        if inst.operands.len() != unit.input_ports().count() {
            diags.push(Diagnostic::error(format!(
                "operation {} has operands whose types do not match its unbundled ports",
                inst.name
            )));
        }
    }
    if top.outputs.len() != top.output_ports().count() {
        diags.push(Diagnostic::error(format!(
            "the operands of the end of @{} do not match its result types",
            top.name
        )));
    }
}

#[cfg(test)]
mod tests {
    use crate::driver::{compile_files, DriverOptions};
    use crate::synth::SynthModule;

    #[test]
    fn a_memory_the_kernel_never_accesses_lowers_to_synth_through_a_sink() {
        let kernel = "#include \"dynamatic/Integration.h\"\n\
                      int pick(int unused[4], int x) {\n  return x + 1;\n}\n\
                      int main(void) {\n  int unused[4] = {0, 0, 0, 0};\n  int x = 2;\n\
                      CALL_KERNEL(pick, unused, x);\n  return 0;\n}\n";
        let files = [("pick.c".to_string(), kernel.to_string())];
        let options = DriverOptions {
            synth: true,
            ..DriverOptions::default()
        };
        let (out, _) = compile_files(&files, &options, &mut |_| {});
        let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{errors:?}");
        let netlist = out.synth.expect("a Synth netlist");
        assert!(netlist.modules.iter().any(|m| m.name == "sink_unused"));
        let module = out.module.expect("a module");
        let lowered = crate::synth::lower_module(&module).expect("lowers");
        assert!(matches!(lowered, SynthModule::Lowered(_)));
        assert!(crate::synth::verify(&lowered).is_empty());
    }
}
