//! The verifier of the HW IR: checks the invariants [`super`] states, one error diagnostic per
//! violation (naming the module, instance, port or net), never a panic:
//! * **unique ports**: every port of an extern and of the top module has a unique flat name,
//!   and none is named `clk` or `rst` (they are implicit);
//! * **unique externs**: extern symbols are unique, and no two externs share the same
//!   `hw.name` and `hw.parameters` (each unit is concretized once);
//! * **nets**: the top module has one net per port, every net index is in range, and every
//!   channel net is driven exactly once — by a top input port or by an instance output; a plain
//!   wire net at most once (the memory-side outputs of a memory the kernel never accesses have
//!   no driver, and the emitters tie them to 0);
//! * **instances**: each instance names an extern and connects one net to each of its ports,
//!   each net of the port's shape: a plain bus of the same width, or a channel of the same data
//!   width (an extern is shared by units of equal widths, e.g. `i32` and `f32`); a control port
//!   takes any channel, whose data it ignores (a `join` of data channels);
//! * **memories**: each memory interface's ports exist on the top module.

use super::lower::MEMORY_SIGNALS;
use super::{Design, HwModule, HwPort, HwType, NetId, PortDir};
use crate::diag::Diagnostic;
use std::collections::{BTreeMap, BTreeSet};

/// Verifies a design; returns one error per violated invariant instance.
pub fn verify(design: &Design) -> Vec<Diagnostic> {
    let mut errs = Vec::new();
    let mut err = |msg: String| errs.push(Diagnostic::error(msg));
    check_ports(
        &format!("module @{}", design.top.name),
        &design.top.ports,
        &mut err,
    );
    for e in &design.externs {
        check_ports(&format!("extern @{}", e.sym), &e.ports, &mut err);
    }
    check_externs(design, &mut err);
    check_nets(design, &mut err);
    check_memories(design, &mut err);
    errs
}

/// Port names are unique and `clk`/`rst` are not written out.
fn check_ports(owner: &str, ports: &[HwPort], err: &mut impl FnMut(String)) {
    let mut seen = BTreeSet::new();
    for p in ports {
        let name = p.name.flat();
        if name == "clk" || name == "rst" {
            err(format!(
                "{owner}: port `{name}` is implicit and must not be listed"
            ));
        }
        if !seen.insert(name.clone()) {
            err(format!("{owner}: port `{name}` appears twice"));
        }
    }
}

/// Extern symbols are unique, and so are their name-and-parameter combinations.
fn check_externs(design: &Design, err: &mut impl FnMut(String)) {
    let mut syms = BTreeSet::new();
    let mut units: BTreeMap<String, &str> = BTreeMap::new();
    for e in &design.externs {
        if !syms.insert(e.sym.as_str()) {
            err(format!("extern @{} is declared twice", e.sym));
        }
        let key = format!("{} {:?}", e.hw_name, e.params);
        if let Some(first) = units.insert(key, &e.sym) {
            err(format!(
                "externs @{first} and @{} are the same unit ({} with the same parameters)",
                e.sym, e.hw_name
            ));
        }
    }
}

/// One net per top port, every net driven exactly once, instances fully and correctly
/// connected.
fn check_nets(design: &Design, err: &mut impl FnMut(String)) {
    let top = &design.top;
    let mut drivers = vec![0usize; top.nets.len()];
    let in_range = |owner: &str, net: NetId, err: &mut dyn FnMut(String)| -> bool {
        let ok = (net.0 as usize) < top.nets.len();
        if !ok {
            err(format!(
                "{owner} is connected to net {}, which does not exist",
                net.0
            ));
        }
        ok
    };
    if top.port_nets.len() != top.ports.len() {
        err(format!(
            "module @{} has {} ports but {} port nets",
            top.name,
            top.ports.len(),
            top.port_nets.len()
        ));
    }
    for (p, &net) in top.ports.iter().zip(&top.port_nets) {
        let owner = format!("port `{}` of @{}", p.name.flat(), top.name);
        if in_range(&owner, net, err) {
            check_type(&owner, &p.ty, top, net, err);
            if p.dir == PortDir::In {
                drivers[net.0 as usize] += 1;
            }
        }
    }
    for inst in &top.instances {
        let Some(ext) = design.extern_by_sym(&inst.module) else {
            err(format!(
                "instance {} names @{}, which is not an extern of the design",
                inst.name, inst.module
            ));
            continue;
        };
        if inst.connections.len() != ext.ports.len() {
            err(format!(
                "instance {} connects {} nets to the {} ports of @{}",
                inst.name,
                inst.connections.len(),
                ext.ports.len(),
                ext.sym
            ));
            continue;
        }
        for (p, &net) in ext.ports.iter().zip(&inst.connections) {
            let owner = format!("port `{}` of instance {}", p.name.flat(), inst.name);
            if in_range(&owner, net, err) {
                check_type(&owner, &p.ty, top, net, err);
                if p.dir == PortDir::Out {
                    drivers[net.0 as usize] += 1;
                }
            }
        }
    }
    for (net, &n) in top.nets.iter().zip(&drivers) {
        if n > 1 || (n == 0 && net.ty.is_channel()) {
            err(format!("net {} has {n} drivers, not one", net.name));
        }
    }
}

/// A port has the shape of the net it is connected to: both plain wires of the same width, or
/// both channels with the same data width unless the port is a control port.
fn check_type(owner: &str, ty: &HwType, top: &HwModule, net: NetId, err: &mut dyn FnMut(String)) {
    let net = top.net(net);
    let fits = match (ty.is_channel(), net.ty.is_channel()) {
        (true, true) => ty.data_width() == 0 || ty.data_width() == net.ty.data_width(),
        (false, false) => ty.data_width() == net.ty.data_width(),
        _ => false,
    };
    if !fits {
        err(format!(
            "{owner} has type {ty:?} but its net {} has type {:?}",
            net.name, net.ty
        ));
    }
}

/// Every memory interface's ports ([`MEMORY_SIGNALS`]) are ports of the top module.
fn check_memories(design: &Design, err: &mut impl FnMut(String)) {
    let names: BTreeSet<String> = design.top.ports.iter().map(|p| p.name.flat()).collect();
    for m in &design.memories {
        for (signal, _) in MEMORY_SIGNALS {
            let port = format!("{}_{signal}", m.name);
            if !names.contains(&port) {
                err(format!(
                    "memory {} has no port `{port}` on module @{}",
                    m.name, design.top.name
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{compile_files, DriverOptions};

    /// The HW design of a small kernel with a loop, a memory and a scalar.
    fn design() -> Design {
        let kernel = "#include \"dynamatic/Integration.h\"\nvoid scale(int a[8], int k) {\n  for (int i = 0; i < 8; i++) a[i] = a[i] * k;\n}\n\
                      int main(void) {\n  int a[8];\n  int k = 3;\n  for (int i = 0; i < 8; i++) a[i] = i;\n\
                      CALL_KERNEL(scale, a, k);\n  return 0;\n}\n";
        let files = [("scale.c".to_string(), kernel.to_string())];
        let (out, _) = compile_files(&files, &DriverOptions::default(), &mut |_| {});
        assert!(
            out.diagnostics.iter().all(|d| !d.is_error()),
            "{:?}",
            out.diagnostics
        );
        out.design.expect("a design")
    }

    fn messages(d: &Design) -> Vec<String> {
        verify(d).into_iter().map(|d| d.message).collect()
    }

    fn assert_finds(d: &Design, needle: &str) {
        let found = messages(d);
        assert!(
            found.iter().any(|m| m.contains(needle)),
            "{needle:?} not in {found:?}"
        );
    }

    #[test]
    fn a_lowered_design_verifies() {
        assert_eq!(messages(&design()), Vec::<String>::new());
    }

    #[test]
    fn a_duplicate_port_name_is_found() {
        let mut d = design();
        let first = d.top.ports[0].clone();
        d.top.ports[1].name = first.name;
        assert_finds(&d, "appears twice");
    }

    #[test]
    fn an_explicit_clock_port_is_found() {
        let mut d = design();
        d.externs[0].ports[0].name = crate::hw::PortName::scalar("clk");
        assert_finds(&d, "is implicit");
    }

    #[test]
    fn a_repeated_extern_is_found() {
        let mut d = design();
        let mut copy = d.externs[0].clone();
        copy.sym = format!("{}_copy", copy.sym);
        d.externs.push(copy);
        assert_finds(&d, "are the same unit");
        let same_sym = d.externs[0].clone();
        d.externs.push(same_sym);
        assert_finds(&d, "is declared twice");
    }

    #[test]
    fn a_net_with_two_drivers_or_none_is_found() {
        let mut d = design();
        // Point the first input port at the net of the second: one net loses its driver,
        // the other gets two.
        let inputs: Vec<usize> = (0..d.top.ports.len())
            .filter(|&p| d.top.ports[p].dir == PortDir::In && d.top.ports[p].ty.is_channel())
            .collect();
        let (a, b) = (inputs[0], inputs[1]);
        d.top.ports[a].ty = d.top.ports[b].ty.clone();
        d.top.port_nets[a] = d.top.port_nets[b];
        assert_finds(&d, "has 2 drivers");
        assert_finds(&d, "has 0 drivers");
    }

    #[test]
    fn a_missing_or_dangling_net_is_found() {
        let mut d = design();
        d.top.port_nets.pop();
        assert_finds(&d, "port nets");
        let mut d = design();
        d.top.instances[0].connections[0] = NetId(u32::MAX);
        assert_finds(&d, "does not exist");
    }

    #[test]
    fn an_instance_of_an_unknown_extern_or_with_missing_connections_is_found() {
        let mut d = design();
        d.top.instances[0].module = "nowhere".into();
        assert_finds(&d, "not an extern of the design");
        let mut d = design();
        d.top.instances[0].connections.pop();
        assert_finds(&d, "connects");
    }

    #[test]
    fn a_port_of_another_type_than_its_net_is_found() {
        let mut d = design();
        let net = d.top.instances[0].connections[0];
        d.top.nets[net.0 as usize].ty = HwType::Wire(77);
        assert_finds(&d, "has type");
    }

    #[test]
    fn a_memory_without_its_ports_is_found() {
        let mut d = design();
        d.memories[0].name = "elsewhere".into();
        assert_finds(&d, "has no port `elsewhere_loadEn`");
    }
}
