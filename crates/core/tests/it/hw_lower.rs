//! Handshake → HW: golden text of the spec's examples, extern deduplication, parameters and
//! port names, and the diagnostics of unsupported input.

use crate::support::golden;
use rivulet_core::handshake::{parse_cases, parse_module, Module};
use rivulet_core::hw::{lower::lower_func, print::print_design, PortDir};
use rivulet_core::rtl::config::{Hdl, RtlParamValue};
use rivulet_core::rtl::emit::{emit_rtl, EmitOptions};
use std::path::Path;

fn parse(text: &str) -> Module {
    let (m, diags) = parse_module(text, rivulet_core::diag::FileId(0));
    assert!(diags.is_empty(), "{diags:?}");
    m
}

fn spec_cases() -> Vec<Module> {
    let text = include_str!("../../../../tests/handshake/spec/rtl-backend.mlir");
    parse_cases(text, rivulet_core::diag::FileId(0))
        .into_iter()
        .map(|(m, d)| {
            assert!(d.is_empty(), "{d:?}");
            m
        })
        .collect()
}

#[test]
fn spec_examples_golden() {
    let mut out = String::new();
    for f in spec_cases().iter().flat_map(|m| &m.funcs) {
        let (d, diags) = lower_func(f);
        assert!(diags.is_empty(), "{diags:?}");
        out.push_str(&print_design(&d.unwrap()));
        out.push_str("// -----\n");
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hw/rtl-backend.hw");
    golden::check(&path, &out);
}

#[test]
fn three_muxes_give_two_externs() {
    let (d, _) = lower_func(&spec_cases()[1].funcs[0]);
    let d = d.unwrap();
    assert_eq!(d.top.instances.len(), 3);
    assert_eq!(d.externs.len(), 2);
    let widths: Vec<_> = d
        .externs
        .iter()
        .map(|e| {
            e.params
                .iter()
                .find(|(k, _)| k == "DATA_WIDTH")
                .unwrap()
                .1
                .clone()
        })
        .collect();
    assert_eq!(
        widths,
        vec![RtlParamValue::Unsigned(32), RtlParamValue::Unsigned(16)]
    );
    assert_eq!(d.top.instances[0].module, d.top.instances[1].module);
}

#[test]
fn memory_interface_is_explicit() {
    let (d, _) = lower_func(&spec_cases()[0].funcs[0]);
    let d = d.unwrap();
    let names: Vec<_> = d
        .top
        .ports
        .iter()
        .map(|p| (p.name.flat(), p.dir == PortDir::In, p.ty.data_width()))
        .collect();
    for (n, is_in, w) in [
        ("mem_loadData", true, 32),
        ("mem_loadEn", false, 1),
        ("mem_loadAddr", false, 6),
        ("mem_storeEn", false, 1),
        ("mem_storeAddr", false, 6),
        ("mem_storeData", false, 32),
    ] {
        assert!(
            names.contains(&(n.to_string(), is_in, w)),
            "{n} in {names:?}"
        );
    }
    assert_eq!(d.memories[0].addr_width, 6);
    assert_eq!(d.memories[0].depth, 64);
}

#[test]
fn a_memory_never_accessed_keeps_its_ports() {
    // No controller: the start token is sunk and the memory's end is the exit control.
    let m = parse(
        r#"handshake.func @f(%m: memref<16xi32>, %m_start: control<>, %start: control<>) -> (control<>, control<>) attributes {argNames = ["m", "m_start", "start"], resNames = ["m_end", "end"]} {
  handshake.sink %m_start : control<>
  %s:2 = handshake.fork [2] %start : control<>
  handshake.end %s#0, %s#1 : control<>, control<>
}"#,
    );
    let (d, diags) = lower_func(&m.funcs[0]);
    assert!(diags.is_empty(), "{diags:?}");
    let d = d.unwrap();
    let ports: Vec<_> = d
        .top
        .ports
        .iter()
        .map(|p| (p.name.flat(), p.ty.data_width()))
        .collect();
    for (n, w) in [("m_loadEn", 1), ("m_loadAddr", 4), ("m_storeData", 32)] {
        assert!(ports.contains(&(n.to_string(), w)), "{n} in {ports:?}");
    }
    assert_eq!(d.memories[0].addr_width, 4);
    // The emitted top module ties the memory's outputs to 0.
    let (rtl, diags, _) = emit_rtl(&d, &EmitOptions::new(Hdl::Vhdl));
    let rtl = rtl.unwrap_or_else(|| panic!("{diags:?}"));
    let glue = &rtl.files.last().unwrap().text;
    assert!(glue.contains("m_storeEn_s <= '0';"), "{glue}");
    assert!(glue.contains("m_loadAddr_s <= (others => '0');"), "{glue}");
}

#[test]
fn existing_rtl_parameters_are_kept_and_conflicts_warned() {
    let m = parse(
        r#"handshake.func @f(%a: channel<i32>, %b: channel<i32>) -> channel<i32> {
  %s = handshake.addi %a, %b {hw.parameters = {IMPLEMENTATION = "A", DATA_WIDTH = 7 : ui32}} : channel<i32>
  handshake.end %s : channel<i32>
}"#,
    );
    let (d, diags) = lower_func(&m.funcs[0]);
    let d = d.unwrap();
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(diags[0].message.contains("DATA_WIDTH"));
    let p = &d.externs[0].params;
    assert!(p.contains(&("IMPLEMENTATION".into(), RtlParamValue::String("A".into()))));
    assert!(p.contains(&("DATA_WIDTH".into(), RtlParamValue::Unsigned(32))));
}

#[test]
fn unsupported_operations_are_errors() {
    let m = parse(
        r#"handshake.func @f(%a: channel<f32>, %b: channel<f32>) -> channel<f32> {
  %s = handshake.blocker %a, %b : channel<f32>, channel<f32>
  handshake.end %s : channel<f32>
}"#,
    );
    let (d, diags) = lower_func(&m.funcs[0]);
    assert!(d.is_none());
    assert!(diags[0].message.contains("blocker"), "{diags:?}");
}

#[test]
fn pipelined_units_carry_their_latency() {
    let m = parse(
        r#"handshake.func @f(%a: channel<i32>, %b: channel<i32>, %x: channel<f64>, %y: channel<f64>) -> (channel<i32>, channel<f64>) {
  %p = handshake.muli %a, %b : channel<i32>
  %q = handshake.divf %x, %y : channel<f64>
  handshake.end %p, %q : channel<i32>, channel<f64>
}"#,
    );
    let (d, diags) = lower_func(&m.funcs[0]);
    assert!(diags.is_empty(), "{diags:?}");
    let d = d.unwrap();
    let lat = |i: usize| {
        d.externs[i]
            .params
            .iter()
            .find(|(k, _)| k == "LATENCY")
            .map(|p| p.1.clone())
    };
    assert_eq!(lat(0), Some(RtlParamValue::Unsigned(4)));
    // f64 division at the built-in 4 ns clock: no FloPoCo pipeline's stage fits, the deepest
    // (63 cycles, 4.345 ns) is taken.
    assert_eq!(lat(1), Some(RtlParamValue::Unsigned(63)));
    assert!(d.externs[1]
        .params
        .contains(&("FLOAT_WIDTH".into(), RtlParamValue::Unsigned(64))));
}

#[test]
fn join_ports_are_control_only_whatever_the_operands_carry() {
    let m = parse(
        r#"handshake.func @f(%a: channel<i32>, %b: channel<f64>, %c: control<>) -> control<> {
  %j = handshake.join %a, %b, %c : channel<i32>, channel<f64>, control<>
  %k = handshake.join %b, %c : channel<f64>, control<>
  %l = handshake.join %j, %k : control<>, control<>
  handshake.end %l : control<>
}"#,
    );
    let (d, diags) = lower_func(&m.funcs[0]);
    assert!(diags.is_empty(), "{diags:?}");
    let d = d.unwrap();
    // One extern per SIZE: the operands' data types do not make new ones.
    assert_eq!(d.externs.len(), 2);
    for e in &d.externs {
        assert_eq!(e.hw_name, "handshake.join");
        assert!(e
            .ports
            .iter()
            .all(|p| p.ty.is_channel() && p.ty.data_width() == 0));
    }
    // The instance still connects the data-carrying nets.
    let widths: Vec<u32> = d.top.instances[0]
        .connections
        .iter()
        .map(|&n| d.top.net(n).ty.data_width())
        .collect();
    assert_eq!(widths, vec![32, 64, 0, 0]);
}

fn timing_with(from: &str, to: &str) -> rivulet_core::timing::TimingModel {
    let text = include_str!("../../../../configs/timing.json");
    assert!(text.contains(from), "{from}");
    rivulet_core::timing::parse_timing_model(&text.replace(from, to), rivulet_core::diag::FileId(0))
        .unwrap()
}

#[test]
fn latencies_come_from_the_timing_model() {
    use rivulet_core::hw::lower::lower_func_with_timing;
    let m = parse(
        r#"handshake.func @f(%a: channel<i32>, %b: channel<i32>) -> channel<i32> {
  %p = handshake.muli %a, %b {hw.parameters = {LATENCY = 4 : ui32}} : channel<i32>
  %s = handshake.addi %p, %b : channel<i32>
  handshake.end %s : channel<i32>
}"#,
    );
    // The same value as the model: no conflict, no warning.
    let (d, diags) = lower_func(&m.funcs[0]);
    assert!(diags.is_empty(), "{diags:?}");
    let lat = &d.unwrap().externs[0].params;
    assert!(lat.contains(&("LATENCY".into(), RtlParamValue::Unsigned(4))));
    // Another model: its value wins, and the op's differing value is a warned conflict.
    let timing = timing_with(
        r#""muli":          { "latency": 4"#,
        r#""muli": { "latency": 6"#,
    );
    let (d, diags) = lower_func_with_timing(&m.funcs[0], &timing);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(diags[0].message.contains("LATENCY"));
    let lat = &d.unwrap().externs[0].params;
    assert!(lat.contains(&("LATENCY".into(), RtlParamValue::Unsigned(6))));
    // A latency for a unit whose template is combinational is an error.
    let timing = timing_with(
        r#""addi":          { "latency": 0"#,
        r#""addi": { "latency": 2"#,
    );
    let (d, diags) = lower_func_with_timing(&m.funcs[0], &timing);
    assert!(d.is_none());
    assert!(
        diags.iter().any(|d| d.message.contains("combinational")),
        "{diags:?}"
    );
}
