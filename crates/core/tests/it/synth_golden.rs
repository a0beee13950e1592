//! Golden tests of the Handshake-to-Synth lowering: every `tests/synth/*.mlir` lowers without
//! diagnostics, the result verifies, and it prints as its reviewed `.expect` file. Also checks
//! the phase-1 netlist (every signal in its channel's direction) and the web app's port view.
//!
//! Set `RIVULET_BLESS=1` to rewrite the `.expect` files from the current printer.

use crate::support::golden;
use rivulet_core::diag::{render, SourceMap};
use rivulet_core::handshake::{parse_module, Module};
use rivulet_core::synth::{self, ports, PortDir, Role, SynthModule};
use std::path::{Path, PathBuf};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/synth")
}

fn parse(rel: &str) -> Module {
    let path = data_dir().join(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut sources = SourceMap::new();
    let file = sources.add(rel, text.clone());
    let (module, diags) = parse_module(&text, file);
    assert!(diags.is_empty(), "{rel}:\n{}", render(&sources, &diags));
    module
}

fn check_golden(rel: &str) -> SynthModule {
    let module = parse(rel);
    let lowered =
        synth::lower_module(&module).unwrap_or_else(|d| panic!("{rel} does not lower: {d:#?}"));
    let v = synth::verify(&lowered);
    assert!(v.is_empty(), "{rel} does not verify: {v:#?}");
    let expect = Path::new(rel).with_extension("expect");
    compare_golden(
        expect.to_str().expect("utf-8 path"),
        &synth::print(&lowered),
    );
    lowered
}

/// Compares printed text with a reviewed file of `tests/synth`.
fn compare_golden(expect: &str, got: &str) {
    golden::check(&data_dir().join(expect), got);
}

fn netlist(m: &SynthModule) -> &synth::Netlist {
    match m {
        SynthModule::Lowered(n) => n,
        SynthModule::Unchanged(_) => panic!("expected a lowered module"),
    }
}

#[test]
fn adder_of_the_type_system_spec() {
    let lowered = check_golden("adder.mlir");
    let net = netlist(&lowered);
    let names: Vec<&str> = net.modules.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["addi0", "return1", "sink2", "adder"]);
    let top = net.top().unwrap();
    // 2 × (32 data + valid + ready) + (valid + ready) in, 32 data + valid + ready out.
    assert_eq!(top.ports.len(), 2 * 34 + 2 + 34);
    assert_eq!(top.instances.len(), 3);
}

#[test]
fn placeholder_of_the_c_level_instances_spec() {
    let lowered = check_golden("placeholder.mlir");
    let net = netlist(&lowered);
    let call = net.module("call2").unwrap();
    assert_eq!(
        call.subckt.as_ref().unwrap().behaviour,
        "instance @__placeholder"
    );
    assert!(net.module("__placeholder").is_none());
}

#[test]
fn fork_join_mux_cond_br() {
    let lowered = check_golden("steer.mlir");
    let net = netlist(&lowered);
    let cond = net.module("cond_br0").unwrap();
    let dirs: Vec<(&str, PortDir)> = cond
        .ports
        .iter()
        .map(|p| (p.name.as_str(), p.dir))
        .collect();
    assert!(dirs.contains(&("in_ready_1", PortDir::Out)));
    assert!(dirs.contains(&("out_ready_0", PortDir::In)));
    assert!(dirs.contains(&("in_data_1_1", PortDir::In)));
}

#[test]
fn upstream_and_downstream_extra_signals() {
    let lowered = check_golden("extras.mlir");
    let buf = netlist(&lowered).module("buffer0").unwrap();
    let dir = |n: &str| buf.ports.iter().find(|p| p.name == n).map(|p| p.dir);
    assert_eq!(dir("in_extra_spec_0"), Some(PortDir::In));
    assert_eq!(dir("out_extra_spec_0"), Some(PortDir::Out));
    assert_eq!(dir("in_extra_credit_0_1"), Some(PortDir::Out));
    assert_eq!(dir("out_extra_credit_0_0"), Some(PortDir::In));
}

#[test]
fn module_without_function_is_unchanged() {
    let module = parse("external_only.mlir");
    let lowered = synth::lower_module(&module).expect("no-op");
    assert_eq!(lowered, SynthModule::Unchanged(module));
    check_golden("external_only.mlir");
}

#[test]
fn phase_one_keeps_every_signal_in_its_channel_direction() {
    let phases = synth::lower_phases(&parse("steer.mlir"), &mut ())
        .expect("lowers")
        .expect("has a function");
    let net = &phases.unbundled;
    compare_golden("steer.phase1.expect", &synth::print_netlist(net));
    for m in &net.modules {
        for p in &m.ports {
            assert_eq!(p.dir, p.channel.data_dir(), "{}.{}", m.name, p.name);
        }
    }
    let mux = net.module("mux0").unwrap();
    let names: Vec<&str> = mux.ports.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "in_data_0",
            "in_valid_0",
            "in_ready_0",
            "in_data_1",
            "in_valid_1",
            "in_ready_1",
            "in_data_2",
            "in_valid_2",
            "in_ready_2",
            "out_data_0",
            "out_valid_0",
            "out_ready_0"
        ]
    );
    assert_eq!(mux.ports[3].width, 2);
}

#[test]
fn op_ports_give_the_web_app_roles_directions_and_channels() {
    let module = parse("extras.mlir");
    let f = &module.funcs[0];
    let (buf, op) = f.ops().next().unwrap();
    let ports = ports::op_ports(f, buf);
    let view: Vec<(&str, u32, PortDir, &str)> = ports
        .iter()
        .map(|p| {
            (
                p.port.name.as_str(),
                p.port.width,
                p.dir(),
                p.port.role.kind(),
            )
        })
        .collect();
    assert_eq!(
        view,
        [
            ("in_data_0", 2, PortDir::In, "data"),
            ("in_valid_0", 1, PortDir::In, "valid"),
            ("in_ready_0", 1, PortDir::Out, "ready"),
            ("in_extra_spec_0", 1, PortDir::In, "extra (down)"),
            ("in_extra_credit_0", 2, PortDir::Out, "extra (up)"),
            ("out_data_0", 2, PortDir::Out, "data"),
            ("out_valid_0", 1, PortDir::Out, "valid"),
            ("out_ready_0", 1, PortDir::In, "ready"),
            ("out_extra_spec_0", 1, PortDir::Out, "extra (down)"),
            ("out_extra_credit_0", 2, PortDir::In, "extra (up)"),
        ]
    );
    assert!(ports[..5].iter().all(|p| p.value == op.operands[0]));
    assert!(ports[5..].iter().all(|p| p.value == op.results[0]));
    assert!(matches!(ports[4].port.role, Role::Extra { .. }));
    let json = serde_json::to_string(&ports[4]).expect("serializes");
    assert_eq!(
        json,
        format!(
            r#"{{"port":{{"name":"in_extra_credit_0","width":2,"dir":"out","channel":{{"side":"operand","index":0}},"role":{{"kind":"extra (up)","name":"credit"}},"bit":null}},"value":{}}}"#,
            op.operands[0].0
        )
    );
    let top = ports::func_ports(f);
    assert_eq!(top.len(), 10);
    assert_eq!(top[2].dir(), PortDir::Out);
}
