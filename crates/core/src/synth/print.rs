//! The MLIR-like text of a Synth netlist: `hw.module`s with their ports in order, a
//! `synth.subckt` or `hw.instance`s in their body, and `hw.output`. The printer changes
//! nothing: names and order are the netlist's. A signal id that names no signal (a broken
//! netlist, which the verifier reports) prints as `%<undriven>`.
//!
//! ```text
//! hw.module @addi0(in %in_data_0 : i1, in %in_valid_0 : i1, out in_ready_0 : i1, …) {
//!   %in_ready_0, … = synth.subckt "addi" (%in_data_0, %in_valid_0, …) : (i1, i1, …) -> (i1, …)
//!   hw.output %out_data_0, … : i1, …
//! }
//! ```

use super::ir::{HwModule, Instance, Netlist, PortDir, SignalId, SynthModule};
use crate::handshake::print_module;
use std::fmt::Write;

/// Prints a lowering result: the netlist, or the unchanged Handshake module.
pub fn print(m: &SynthModule) -> String {
    match m {
        SynthModule::Unchanged(h) => print_module(h),
        SynthModule::Lowered(net) => print_netlist(net),
    }
}

/// Prints a netlist inside `module { … }`.
pub fn print_netlist(net: &Netlist) -> String {
    let mut out = String::from("module {\n");
    for m in &net.modules {
        print_hw_module(&mut out, m, net);
    }
    out.push_str("}\n");
    out
}

/// Prints one module of a netlist (as inside [`print_netlist`], without the outer `module`).
pub fn print_hw_module_of(m: &HwModule, net: &Netlist) -> String {
    let mut out = String::new();
    print_hw_module(&mut out, m, net);
    out
}

fn ty(width: u32) -> String {
    format!("i{width}")
}

fn sig(m: &HwModule, s: SignalId) -> String {
    match m.signal(s) {
        Some(x) => format!("%{}", x.name),
        None => "%<undriven>".into(),
    }
}

fn sig_ty(m: &HwModule, s: SignalId) -> String {
    m.signal(s).map_or("i1".into(), |x| ty(x.width))
}

fn print_hw_module(out: &mut String, m: &HwModule, net: &Netlist) {
    let ports: Vec<String> = m
        .ports
        .iter()
        .map(|p| match p.dir {
            PortDir::In => format!("in %{} : {}", p.name, ty(p.width)),
            PortDir::Out => format!("out {} : {}", p.name, ty(p.width)),
        })
        .collect();
    let _ = writeln!(out, "  hw.module @{}({}) {{", m.name, ports.join(", "));
    if let Some(sub) = &m.subckt {
        let ins: Vec<SignalId> = m
            .input_ports()
            .filter_map(|(p, _)| m.input_signal(p))
            .collect();
        let results: Vec<String> = m.outputs.iter().map(|&s| sig(m, s)).collect();
        let lhs = if results.is_empty() {
            String::new()
        } else {
            format!("{} = ", results.join(", "))
        };
        let _ = writeln!(
            out,
            "    {lhs}synth.subckt \"{}\" ({}) : ({}) -> ({})",
            sub.behaviour,
            list(m, &ins, sig),
            list(m, &ins, sig_ty),
            list(m, &m.outputs, sig_ty),
        );
    }
    for inst in &m.instances {
        let results: Vec<String> = inst.results.iter().map(|&s| sig(m, s)).collect();
        let lhs = if results.is_empty() {
            String::new()
        } else {
            format!("{} = ", results.join(", "))
        };
        let (ins, outs) = callee_port_names(net, inst);
        let args: Vec<String> = inst
            .operands
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let name = ins.get(i).map_or("?", String::as_str);
                format!("{name}: {}: {}", sig(m, s), sig_ty(m, s))
            })
            .collect();
        let res: Vec<String> = inst
            .results
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let name = outs.get(i).map_or("?", String::as_str);
                format!("{name}: {}", sig_ty(m, s))
            })
            .collect();
        let _ = writeln!(
            out,
            "    {lhs}hw.instance \"{}\" @{}({}) -> ({})",
            inst.name,
            inst.module,
            args.join(", "),
            res.join(", ")
        );
    }
    if m.outputs.is_empty() {
        out.push_str("    hw.output\n");
    } else {
        let _ = writeln!(
            out,
            "    hw.output {} : {}",
            list(m, &m.outputs, sig),
            list(m, &m.outputs, sig_ty)
        );
    }
    out.push_str("  }\n");
}

fn list(m: &HwModule, sigs: &[SignalId], f: fn(&HwModule, SignalId) -> String) -> String {
    sigs.iter().map(|&s| f(m, s)).collect::<Vec<_>>().join(", ")
}

/// The callee's input and output port names (`?` when the callee is unknown).
fn callee_port_names(net: &Netlist, inst: &Instance) -> (Vec<String>, Vec<String>) {
    let names = |dir: PortDir| -> Vec<String> {
        net.module(&inst.module)
            .map(|c| {
                c.ports
                    .iter()
                    .filter(|p| p.dir == dir)
                    .map(|p| p.name.clone())
                    .collect()
            })
            .unwrap_or_default()
    };
    (names(PortDir::In), names(PortDir::Out))
}
