//! Handshake → HW (spec/rtl-backend.md, "Handshake to HW").
//!
//! The function becomes the top [`HwModule`]: each dataflow argument an input port, each result
//! an output port (named after `argNames`/`resNames` when present), and each memref argument `m`
//! the plain-signal ports `m_loadData` (in), `m_loadEn`, `m_loadAddr`, `m_storeEn`, `m_storeAddr`,
//! `m_storeData` (out), connected to the memory side of the memory controller or load-store queue using `m`. Every
//! operation but `end` becomes an [`Instance`] of an [`HwExtern`]; one extern exists per distinct
//! (`hw.name`, `hw.parameters`). `end` is not instantiated: its operands drive the outputs.
//!
//! RTL parameters an operation already carries (`hw.parameters`) are added to its structural
//! ones; when one has the name of a structural parameter but another value, the structural value
//! wins and a warning is reported (the same value is no conflict). Latencies come from the timing
//! model ([`lower_func_with_timing`]; [`lower_func`] uses the built-in one), as in the simulator.
//!
//! A `join`'s extern has control-only inputs whatever its operands carry (its only RTL parameter
//! is SIZE): the instance connects only the valid/ready of a data-carrying operand.

use super::params::{op_shape, port_rank, OpShape};
use super::{Design, HwExtern, HwModule, HwPort, HwType, Instance, MemoryPorts, Net, NetId};
use super::{PortDir, PortName};
use crate::bits::bits_for;
use crate::diag::Diagnostic;
use crate::handshake::{Attr, Func, Op, OpKind, Type, ValueId};
use crate::rtl::config::RtlParamValue;
use crate::timing::TimingModel;
use std::collections::{BTreeMap, BTreeSet};

/// The memory-side signals of a memory interface, in port order.
pub const MEMORY_SIGNALS: [(&str, PortDir); 6] = [
    ("loadEn", PortDir::Out),
    ("loadAddr", PortDir::Out),
    ("loadData", PortDir::In),
    ("storeEn", PortDir::Out),
    ("storeAddr", PortDir::Out),
    ("storeData", PortDir::Out),
];

struct Builder<'f> {
    f: &'f Func,
    timing: &'f TimingModel,
    nets: Vec<Net>,
    net_names: BTreeSet<String>,
    value_nets: BTreeMap<ValueId, NetId>,
    /// Memref argument → (memory prefix, its six memory-side nets).
    memories: BTreeMap<ValueId, (String, Vec<NetId>)>,
    externs: Vec<HwExtern>,
    instances: Vec<Instance>,
    instance_names: BTreeSet<String>,
    diags: Vec<Diagnostic>,
}

impl Builder<'_> {
    fn new_net(&mut self, name: &str, ty: HwType) -> NetId {
        let mut unique = name.to_string();
        let mut k = 0;
        while !self.net_names.insert(unique.clone()) {
            k += 1;
            unique = format!("{name}_{k}");
        }
        self.nets.push(Net { name: unique, ty });
        NetId(self.nets.len() as u32 - 1)
    }

    fn unique_instance(&mut self, name: &str) -> String {
        let mut unique = name.to_string();
        let mut k = 0;
        while !self.instance_names.insert(unique.clone()) {
            k += 1;
            unique = format!("{name}_{k}");
        }
        unique
    }

    /// The net of a dataflow value, created on first use.
    fn net_of(&mut self, v: ValueId, fallback: &str) -> Option<NetId> {
        if let Some(n) = self.value_nets.get(&v) {
            return Some(*n);
        }
        let value = self.f.value(v)?;
        let name = value.name().map_or(fallback.to_string(), str::to_string);
        let ty = value.ty.clone();
        let n = self.new_net(&name, HwType::Channel(ty));
        self.value_nets.insert(v, n);
        Some(n)
    }

    fn extern_sym(&mut self, shape: &OpShape, params: Vec<(String, RtlParamValue)>) -> String {
        if let Some(e) = self
            .externs
            .iter()
            .find(|e| e.hw_name == shape.hw_name && e.params == params)
        {
            return e.sym.clone();
        }
        let short = shape.hw_name.trim_start_matches("handshake.");
        let n = self
            .externs
            .iter()
            .filter(|e| e.hw_name == shape.hw_name)
            .count();
        let sym = format!("{short}_{n}");
        let ports = shape.ports.clone();
        self.externs.push(HwExtern {
            sym: sym.clone(),
            hw_name: shape.hw_name.clone(),
            params,
            ports,
        });
        sym
    }
}

/// The type of a memory-side signal: enables are single wires, the rest buses.
fn wire_type(signal: &str, width: u32) -> HwType {
    if signal.ends_with("En") {
        HwType::Bit
    } else {
        HwType::Wire(width)
    }
}

/// Converts an existing `hw.parameters` attribute value to an RTL parameter value.
fn attr_param(a: &Attr) -> Option<RtlParamValue> {
    match a {
        Attr::Int { value, .. } if *value >= 0 => Some(RtlParamValue::Unsigned(*value as u64)),
        Attr::Bool(b) => Some(RtlParamValue::Unsigned(u64::from(*b))),
        Attr::Str(s) => Some(RtlParamValue::String(s.clone())),
        _ => None,
    }
}

fn op_label(op: &Op) -> String {
    op.name
        .clone()
        .unwrap_or_else(|| op.kind.mnemonic().to_string())
}

fn merged_params(b: &mut Builder<'_>, op: &Op, shape: &OpShape) -> Vec<(String, RtlParamValue)> {
    let mut params: BTreeMap<String, RtlParamValue> = shape.params.iter().cloned().collect();
    for (k, a) in &op.hw_params {
        let Some(v) = attr_param(a) else {
            b.diags.push(with_loc(
                Diagnostic::warning(format!(
                    "`{}`: RTL parameter `{k}` is neither an unsigned integer nor a string; ignored",
                    op_label(op)
                )),
                op,
            ));
            continue;
        };
        if let Some(structural) = params.get(k) {
            if *structural == v {
                continue;
            }
            b.diags.push(with_loc(
                Diagnostic::warning(format!(
                    "`{}`: RTL parameter `{k}` conflicts with a structural parameter of the \
                     same name; the structural value is kept",
                    op_label(op)
                )),
                op,
            ));
        } else {
            params.insert(k.clone(), v);
        }
    }
    params.into_iter().collect()
}

fn with_loc(d: Diagnostic, op: &Op) -> Diagnostic {
    match op.loc.0 {
        Some(span) => d.with_span(span),
        None => d,
    }
}

/// Lowers a Handshake function to a [`Design`] with the built-in timing model's latencies (the
/// simulator's default). See [`lower_func_with_timing`].
pub fn lower_func(f: &Func) -> (Option<Design>, Vec<Diagnostic>) {
    match TimingModel::builtin() {
        Ok(timing) => lower_func_with_timing(f, &timing),
        Err(diags) => (None, diags),
    }
}

/// Lowers a Handshake function to a [`Design`], the units' `LATENCY` taken from `timing`.
/// Errors (unsupported operations, malformed memory controllers, unconnected memories) are
/// reported together; warnings accompany a design.
pub fn lower_func_with_timing(f: &Func, timing: &TimingModel) -> (Option<Design>, Vec<Diagnostic>) {
    let mut b = Builder {
        f,
        timing,
        nets: Vec::new(),
        net_names: BTreeSet::new(),
        value_nets: BTreeMap::new(),
        memories: BTreeMap::new(),
        externs: Vec::new(),
        instances: Vec::new(),
        instance_names: BTreeSet::new(),
        diags: Vec::new(),
    };
    let mut in_ports = Vec::new();
    let mut mem_out_ports = Vec::new();
    let mut memories = Vec::new();
    for (i, &arg) in f.args.iter().enumerate() {
        let name = f
            .arg_names
            .get(i)
            .cloned()
            .or_else(|| f.value(arg).and_then(|v| v.name().map(str::to_string)))
            .unwrap_or_else(|| format!("arg{i}"));
        match f.ty(arg).cloned() {
            Some(Type::MemRef { shape, elem }) => {
                let mut nets = Vec::new();
                for (sig, dir) in MEMORY_SIGNALS {
                    let w = if sig.ends_with("En") {
                        1
                    } else if sig.ends_with("Data") {
                        elem.bit_width()
                    } else {
                        0 // fixed below, once the controller's address width is known
                    };
                    let port_name = format!("{name}_{sig}");
                    let net = b.new_net(&port_name, wire_type(sig, w));
                    nets.push(net);
                    let port = (PortName::scalar(&port_name), dir, net);
                    if dir == PortDir::In {
                        in_ports.push(port);
                    } else {
                        mem_out_ports.push(port);
                    }
                }
                memories.push(MemoryPorts {
                    name: name.clone(),
                    depth: shape.iter().product(),
                    data_width: elem.bit_width(),
                    float: elem.is_float(),
                    addr_width: 0,
                });
                b.memories.insert(arg, (name, nets));
            }
            Some(t) if t.is_dataflow() => {
                let net = b.new_net(&name, HwType::Channel(t));
                b.value_nets.insert(arg, net);
                in_ports.push((PortName::scalar(&name), PortDir::In, net));
            }
            _ => b.diags.push(Diagnostic::error(format!(
                "argument `{name}` of `{}` is neither a channel nor a memref",
                f.name
            ))),
        }
    }
    let mut out_ports = Vec::new();
    let mut mem_used = BTreeSet::new();
    for (_, op) in f.ops() {
        lower_op(&mut b, op, &mut out_ports, &mut mem_used, &mut memories);
    }
    // A memory the kernel never accesses has no controller: it keeps its ports (the
    // interface has every array), with addresses just wide enough for its depth, and the
    // emitters tie its outputs to 0.
    let unused = b
        .memories
        .iter()
        .filter(|(arg, _)| !mem_used.contains(*arg));
    for (_, (name, nets)) in unused {
        let Some(m) = memories.iter_mut().find(|m| &m.name == name) else {
            continue;
        };
        m.addr_width = bits_for(m.depth);
        for ((sig, _), net) in MEMORY_SIGNALS.iter().zip(nets) {
            if sig.ends_with("Addr") {
                b.nets[net.0 as usize].ty = HwType::Wire(m.addr_width);
            }
        }
    }
    if f.end_op().is_none() {
        b.diags
            .push(Diagnostic::error(format!("`{}` has no `end`", f.name)));
    }
    if b.diags
        .iter()
        .any(|d| d.severity == crate::diag::Severity::Error)
    {
        return (None, b.diags);
    }
    let mut ports = Vec::new();
    let mut port_nets = Vec::new();
    for (name, dir, net) in in_ports.into_iter().chain(out_ports).chain(mem_out_ports) {
        ports.push(HwPort {
            name,
            dir,
            ty: b.nets[net.0 as usize].ty.clone(),
        });
        port_nets.push(net);
    }
    let top = HwModule {
        name: f.name.clone(),
        ports,
        port_nets,
        nets: b.nets,
        instances: b.instances,
    };
    let design = Design {
        top,
        externs: b.externs,
        memories,
    };
    (Some(design), b.diags)
}

fn lower_op(
    b: &mut Builder<'_>,
    op: &Op,
    out_ports: &mut Vec<(PortName, PortDir, NetId)>,
    mem_used: &mut BTreeSet<ValueId>,
    memories: &mut [MemoryPorts],
) {
    let f = b.f;
    if matches!(op.kind, OpKind::End) {
        for (i, &v) in op.operands.iter().enumerate() {
            let name = f
                .res_names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("out{i}"));
            if let Some(net) = b.net_of(v, &name) {
                out_ports.push((PortName::scalar(&name), PortDir::Out, net));
            }
        }
        return;
    }
    let shape = match op_shape(f, op, b.timing) {
        Ok(Some(s)) => s,
        Ok(None) => return,
        Err(msg) => {
            b.diags.push(with_loc(
                Diagnostic::error(format!("`{}`: {msg}", op_label(op))),
                op,
            ));
            return;
        }
    };
    let inst_name = b.unique_instance(
        &op.name
            .clone()
            .unwrap_or_else(|| format!("{}{}", op.kind.mnemonic(), b.instances.len())),
    );
    // Inputs (sorted into the extern's port order), outputs, then the memory side.
    let mut inputs: Vec<(PortName, ValueId)> = shape
        .inputs
        .iter()
        .zip(&op.operands)
        .filter_map(|(p, &v)| p.clone().map(|p| (p, v)))
        .collect();
    if matches!(op.kind, OpKind::MemController { .. } | OpKind::Lsq { .. }) {
        inputs.sort_by_key(|(p, _)| port_rank(p));
    }
    let mut ports = Vec::new();
    let mut connections = Vec::new();
    for (p, v) in &inputs {
        let fallback = format!("{inst_name}_{}", p.flat());
        let Some(net) = b.net_of(*v, &fallback) else {
            continue;
        };
        let ty = if shape.control_inputs {
            HwType::Channel(Type::control())
        } else {
            b.nets[net.0 as usize].ty.clone()
        };
        ports.push(HwPort {
            name: p.clone(),
            dir: PortDir::In,
            ty,
        });
        connections.push(net);
    }
    for (p, &v) in shape.outputs.iter().zip(&op.results) {
        let fallback = format!("{inst_name}_{}", p.flat());
        let Some(net) = b.net_of(v, &fallback) else {
            continue;
        };
        ports.push(HwPort {
            name: p.clone(),
            dir: PortDir::Out,
            ty: b.nets[net.0 as usize].ty.clone(),
        });
        connections.push(net);
    }
    if !shape.memory.is_empty() {
        let memref = op.operands[0];
        let Some((_, nets)) = b.memories.get(&memref).cloned() else {
            b.diags.push(with_loc(
                Diagnostic::error(format!(
                    "`{}`: the memref operand must be a function argument",
                    op_label(op)
                )),
                op,
            ));
            return;
        };
        if !mem_used.insert(memref) {
            b.diags.push(with_loc(
                Diagnostic::error(format!(
                    "`{}`: the memory is already connected to another controller",
                    op_label(op)
                )),
                op,
            ));
            return;
        }
        let idx = f
            .args
            .iter()
            .filter(|a| b.memories.contains_key(a))
            .position(|a| *a == memref);
        for ((p, dir, w), net) in shape.memory.iter().zip(nets) {
            let ty = wire_type(&p.base, *w);
            b.nets[net.0 as usize].ty = ty.clone();
            ports.push(HwPort {
                name: p.clone(),
                dir: *dir,
                ty,
            });
            connections.push(net);
            if p.base == "loadAddr" {
                if let Some(m) = idx.and_then(|i| memories.get_mut(i)) {
                    m.addr_width = *w;
                }
            }
        }
    }
    let shape = OpShape { ports, ..shape };
    let params = merged_params(b, op, &shape);
    let module = b.extern_sym(&shape, params);
    b.instances.push(Instance {
        name: inst_name,
        module,
        connections,
        origin: op.origin.clone(),
    });
}
