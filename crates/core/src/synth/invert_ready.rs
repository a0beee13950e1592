//! Phase 2a, ready inversion: in every module the ports whose role travels against the data
//! (ready and upstream extra signals, [`Role::against_data`]) change direction, and every
//! instance is rewired to match, module by module in hierarchy order (callees first), so the
//! convention holds recursively.
//!
//! In a module body each phase-1 signal has one driver endpoint (an input port or an instance
//! result) and its consumer endpoints (instance operands or `hw.output`). Inverting a signal
//! swaps them: its single consumer becomes the driver and the former driver the consumer. That
//! needs exactly one consumer, the one-producer-one-consumer assumption of the reference design;
//! anything else is reported. Leaf modules get a new `synth.subckt` over the new interface.
//!
//! [`Role::against_data`]: super::ir::Role::against_data

use super::ir::{HwModule, Netlist, Port, PortDir, SignalDef, SignalId};
use crate::diag::Diagnostic;
use std::collections::BTreeMap;

/// A place a signal attaches to in a module body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Endpoint {
    /// The module's own port at this index.
    Port(usize),
    /// Port `port` of the callee of instance `inst`.
    Inst(usize, usize),
}

/// Inverts the ready signals of every module of the netlist.
pub fn invert_ready(net: &Netlist) -> Result<Netlist, Vec<Diagnostic>> {
    let mut done: Vec<HwModule> = Vec::new();
    let mut diags = Vec::new();
    for m in &net.modules {
        let ports: Vec<Port> = m.ports.iter().map(flip).collect();
        let new = match &m.subckt {
            Some(s) => HwModule::leaf(m.name.clone(), ports, s.behaviour.clone()),
            None => rewire(m, ports, net, &done, &mut diags),
        };
        done.push(new);
    }
    if diags.is_empty() {
        Ok(Netlist { modules: done })
    } else {
        Err(diags)
    }
}

fn flip(p: &Port) -> Port {
    let mut p = p.clone();
    if p.role.against_data() {
        p.dir = p.dir.flipped();
    }
    p
}

/// The driver and consumers of every signal of a graph module.
fn endpoints(m: &HwModule, net: &Netlist) -> Vec<(Option<Endpoint>, Vec<Endpoint>)> {
    let mut ends: Vec<(Option<Endpoint>, Vec<Endpoint>)> = m
        .signals
        .iter()
        .map(|s| {
            let driver = match s.def {
                SignalDef::Input(p) => Some(Endpoint::Port(p as usize)),
                SignalDef::Instance { inst, port } => {
                    Some(Endpoint::Inst(inst as usize, port as usize))
                }
                SignalDef::Subckt(_) => None,
            };
            (driver, Vec::new())
        })
        .collect();
    let mut consume = |s: SignalId, e: Endpoint| {
        if let Some(slot) = ends.get_mut(s.0 as usize) {
            slot.1.push(e);
        }
    };
    for (i, inst) in m.instances.iter().enumerate() {
        if let Some(callee) = net.module(&inst.module) {
            for ((q, _), &s) in callee.input_ports().zip(&inst.operands) {
                consume(s, Endpoint::Inst(i, q));
            }
        }
    }
    for ((p, _), &s) in m.output_ports().zip(&m.outputs) {
        consume(s, Endpoint::Port(p));
    }
    ends
}

/// The role of the port an endpoint names (in the old module or the old callee).
fn port_of<'a>(m: &'a HwModule, net: &'a Netlist, e: Endpoint) -> Option<&'a Port> {
    match e {
        Endpoint::Port(p) => m.ports.get(p),
        Endpoint::Inst(i, q) => net.module(&m.instances.get(i)?.module)?.ports.get(q),
    }
}

fn rewire(
    m: &HwModule,
    ports: Vec<Port>,
    net: &Netlist,
    done: &[HwModule],
    diags: &mut Vec<Diagnostic>,
) -> HwModule {
    let mut new = HwModule::graph(m.name.clone(), ports);
    new.outputs = vec![SignalId::NONE; new.output_ports().count()];
    let mut driven: BTreeMap<Endpoint, SignalId> = BTreeMap::new();
    for (p, _) in new.input_ports() {
        if let Some(s) = new.input_signal(p) {
            driven.insert(Endpoint::Port(p), s);
        }
    }
    let mut callees = Vec::new();
    for (i, inst) in m.instances.iter().enumerate() {
        let Some(callee) = done.iter().find(|c| c.name == inst.module) else {
            diags.push(Diagnostic::error(format!(
                "instance {} of @{} names the unknown module @{}",
                inst.name, m.name, inst.module
            )));
            continue;
        };
        let k = new.add_instance(inst.name.clone(), callee);
        for (&s, (q, _)) in new.instances[k as usize]
            .results
            .iter()
            .zip(callee.output_ports())
        {
            driven.insert(Endpoint::Inst(i, q), s);
        }
        callees.push((i, k as usize, callee));
    }
    for (old, (driver, consumers)) in m.signals.iter().zip(endpoints(m, net)) {
        let Some(driver) = driver else { continue };
        let against = port_of(m, net, driver).is_some_and(|p| p.role.against_data());
        let (driver, consumers) = if against {
            if consumers.len() != 1 {
                diags.push(Diagnostic::error(format!(
                    "signal %{} of @{} has {} consumers; inverting its direction needs exactly one",
                    old.name,
                    m.name,
                    consumers.len()
                )));
                continue;
            }
            (consumers[0], vec![driver])
        } else {
            (driver, consumers)
        };
        let Some(&sig) = driven.get(&driver) else {
            continue;
        };
        for c in consumers {
            connect(&mut new, &callees, c, sig);
        }
    }
    new
}

/// Makes `sig` the signal consumed at endpoint `c` of the new module.
fn connect(new: &mut HwModule, callees: &[(usize, usize, &HwModule)], c: Endpoint, sig: SignalId) {
    match c {
        Endpoint::Port(p) => {
            let pos = ports_before(&new.ports, p, PortDir::Out);
            if let Some(slot) = new.outputs.get_mut(pos) {
                *slot = sig;
            }
        }
        Endpoint::Inst(i, q) => {
            if let Some((_, k, callee)) = callees.iter().find(|(old, _, _)| *old == i) {
                let pos = ports_before(&callee.ports, q, PortDir::In);
                if let Some(slot) = new.instances[*k].operands.get_mut(pos) {
                    *slot = sig;
                }
            }
        }
    }
}

/// The number of ports of direction `dir` before index `at`.
fn ports_before(ports: &[Port], at: usize, dir: PortDir) -> usize {
    ports.iter().take(at).filter(|x| x.dir == dir).count()
}
