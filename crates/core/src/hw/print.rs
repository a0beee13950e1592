//! Text form of the HW IR, in the spelling of CIRCT's `hw` dialect:
//!
//! ```text
//! hw.module @k(in %a : !handshake.channel<i32>, out out0 : !handshake.channel<i32>) {
//!   %s = hw.instance "addi0" @addi_0(lhs: %a : !handshake.channel<i32>, …) -> (result: …)
//!   hw.output %s : !handshake.channel<i32>
//! }
//! hw.module.extern @addi_0(in %lhs : …, out result : …) attributes {hw.name = "handshake.addi",
//!   hw.parameters = {DATA_WIDTH = 32 : ui32}}
//! ```
//! Unsigned parameters print as `ui32`, strings quoted. `clk`/`rst` are implicit (see
//! [`super`]). Output is deterministic: ports, instances and externs in their stored order.

use super::{Design, HwExtern, HwModule, HwPort, HwType, PortDir};
use crate::rtl::config::RtlParamValue;
use std::fmt::Write;

fn ty(t: &HwType) -> String {
    match t {
        HwType::Channel(t) => t.long().to_string(),
        HwType::Wire(w) => format!("i{w}"),
        HwType::Bit => "i1".into(),
    }
}

fn port(p: &HwPort) -> String {
    match p.dir {
        PortDir::In => format!("in %{} : {}", p.name.flat(), ty(&p.ty)),
        PortDir::Out => format!("out {} : {}", p.name.flat(), ty(&p.ty)),
    }
}

fn ports(list: &[HwPort]) -> String {
    list.iter().map(port).collect::<Vec<_>>().join(", ")
}

fn param(v: &RtlParamValue) -> String {
    match v {
        RtlParamValue::Unsigned(u) => format!("{u} : ui32"),
        RtlParamValue::String(s) => format!("{s:?}"),
    }
}

fn print_module(out: &mut String, m: &HwModule, d: &Design) {
    let _ = writeln!(out, "hw.module @{}({}) {{", m.name, ports(&m.ports));
    for inst in &m.instances {
        let Some(ext) = d.extern_by_sym(&inst.module) else {
            continue;
        };
        let mut ins = Vec::new();
        let mut res = Vec::new();
        let mut res_types = Vec::new();
        for (p, &net) in ext.ports.iter().zip(&inst.connections) {
            let n = m.net(net);
            match p.dir {
                PortDir::In => ins.push(format!("{}: %{} : {}", p.name.flat(), n.name, ty(&n.ty))),
                PortDir::Out => {
                    res.push(format!("%{}", n.name));
                    res_types.push(format!("{}: {}", p.name.flat(), ty(&n.ty)));
                }
            }
        }
        let lhs = if res.is_empty() {
            String::new()
        } else {
            format!("{} = ", res.join(", "))
        };
        let loc = inst
            .origin
            .as_ref()
            .map_or(String::new(), |o| format!(" {o}"));
        let _ = writeln!(
            out,
            "  {lhs}hw.instance \"{}\" @{}({}) -> ({}){loc}",
            inst.name,
            inst.module,
            ins.join(", "),
            res_types.join(", ")
        );
    }
    let outs: Vec<_> = m
        .ports
        .iter()
        .zip(&m.port_nets)
        .filter(|(p, _)| p.dir == PortDir::Out)
        .map(|(p, &n)| (format!("%{}", m.net(n).name), ty(&p.ty)))
        .collect();
    let names: Vec<_> = outs.iter().map(|o| o.0.clone()).collect();
    let types: Vec<_> = outs.iter().map(|o| o.1.clone()).collect();
    let _ = writeln!(
        out,
        "  hw.output {} : {}",
        names.join(", "),
        types.join(", ")
    );
    out.push_str("}\n");
}

fn print_extern(out: &mut String, e: &HwExtern) {
    let params: Vec<_> = e
        .params
        .iter()
        .map(|(k, v)| format!("{k} = {}", param(v)))
        .collect();
    let _ = writeln!(
        out,
        "hw.module.extern @{}({}) attributes {{hw.name = \"{}\", hw.parameters = {{{}}}}}",
        e.sym,
        ports(&e.ports),
        e.hw_name,
        params.join(", ")
    );
}

/// The design as text: the top module, then every extern.
pub fn print_design(d: &Design) -> String {
    let mut out = String::new();
    print_module(&mut out, &d.top, d);
    for e in &d.externs {
        print_extern(&mut out, e);
    }
    out
}
