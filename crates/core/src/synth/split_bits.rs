//! Phase 2b, bit splitting: every port (and signal) wider than one bit becomes one single-bit
//! port per bit, named `<port>_<bit>` (bit 0 the least significant: `in_data_0` of `i32` →
//! `in_data_0_0` … `in_data_0_31`), in bit order at the place of the original port. This
//! applies to data buses, raw signals and extra signals alike, so the result is a netlist of
//! single wires. One-bit ports keep their names.

use super::ir::{HwModule, Netlist, Port, SignalId};

/// Splits every multi-bit port and signal of the netlist.
pub fn split_bits(net: &Netlist) -> Netlist {
    let mut done: Vec<HwModule> = Vec::new();
    for m in &net.modules {
        let ports: Vec<Port> = m.ports.iter().flat_map(split_port).collect();
        let new = match &m.subckt {
            Some(s) => HwModule::leaf(m.name.clone(), ports, s.behaviour.clone()),
            None => split_graph(m, ports, net, &done),
        };
        done.push(new);
    }
    Netlist { modules: done }
}

fn split_port(p: &Port) -> Vec<Port> {
    if p.width <= 1 {
        return vec![p.clone()];
    }
    (0..p.width)
        .map(|b| Port {
            name: format!("{}_{b}", p.name),
            width: 1,
            bit: Some(b),
            ..p.clone()
        })
        .collect()
}

/// How many ports a port becomes.
fn pieces(p: &Port) -> usize {
    p.width.max(1) as usize
}

fn split_graph(m: &HwModule, ports: Vec<Port>, net: &Netlist, done: &[HwModule]) -> HwModule {
    let mut new = HwModule::graph(m.name.clone(), ports);
    let mut bits: Vec<Vec<SignalId>> = vec![Vec::new(); m.signals.len()];
    // Input ports: the split ports of old port p start where the earlier ports' pieces end.
    let mut at = 0;
    for (p, port) in m.ports.iter().enumerate() {
        let n = pieces(port);
        if let Some(slot) = m.input_signal(p).and_then(|s| bits.get_mut(s.0 as usize)) {
            *slot = (at..at + n).filter_map(|q| new.input_signal(q)).collect();
        }
        at += n;
    }
    let mut new_insts = Vec::new();
    for inst in &m.instances {
        let (Some(old_callee), Some(callee)) = (
            net.module(&inst.module),
            done.iter().find(|c| c.name == inst.module),
        ) else {
            continue;
        };
        let k = new.add_instance(inst.name.clone(), callee) as usize;
        let results = new.instances[k].results.clone();
        let mut next = results.into_iter();
        for ((_, port), &s) in old_callee.output_ports().zip(&inst.results) {
            let chunk: Vec<SignalId> = next.by_ref().take(pieces(port)).collect();
            if let Some(slot) = bits.get_mut(s.0 as usize) {
                *slot = chunk;
            }
        }
        new_insts.push((k, inst));
    }
    let expand = |sigs: &[SignalId]| -> Vec<SignalId> {
        sigs.iter()
            .flat_map(|s| {
                bits.get(s.0 as usize)
                    .cloned()
                    .unwrap_or_else(|| vec![SignalId::NONE])
            })
            .collect()
    };
    for (k, inst) in new_insts {
        new.instances[k].operands = expand(&inst.operands);
    }
    new.outputs = expand(&m.outputs);
    new
}
