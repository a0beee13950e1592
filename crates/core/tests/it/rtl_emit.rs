//! RTL emission without simulators: external generators are refused unless allowed, unmatched
//! externs are reported, identifiers are legalized, and the embedded table covers every
//! template file.

use rivulet_core::diag::FileId;
use rivulet_core::handshake::parse_module;
use rivulet_core::hw::{lower::lower_func, Design};
use rivulet_core::rtl::config::Hdl;
use rivulet_core::rtl::emit::embedded::embedded_file;
use rivulet_core::rtl::emit::{emit_rtl, EmitOptions};

fn design(text: &str) -> Design {
    let (m, diags) = parse_module(text, FileId(0));
    assert!(diags.is_empty(), "{diags:?}");
    let (d, diags) = lower_func(&m.funcs[0]);
    assert!(diags.is_empty(), "{diags:?}");
    d.unwrap()
}

const ADDER: &str = r#"handshake.func @signal(%in: !handshake.channel<i32>, %b: !handshake.channel<i32>) -> !handshake.channel<i32> attributes {argNames = ["in", "B"], resNames = ["out"]} {
  %s = addi %in, %b {handshake.name = "process"} : <i32>
  end %s : <i32>
}"#;

const SHELL_CONFIG: &str = r#"[{
  "name": "handshake.addi",
  "parameters": [{ "name": "DATA_WIDTH", "type": "unsigned" }],
  "generator": "/bin/sh -c 'echo hello > $OUTPUT_DIR/$MODULE_NAME.vhd'",
  "module-name": "adder_gen"
}]"#;

fn with_config(hdl: Hdl, config: &str, allow: bool) -> EmitOptions {
    EmitOptions {
        hdl,
        configs: vec![("gen.json".into(), config.into())],
        allow_external_generators: allow,
    }
}

#[test]
fn shell_generators_are_refused_unless_allowed() {
    let d = design(ADDER);
    let (rtl, diags, _) = emit_rtl(&d, &with_config(Hdl::Vhdl, SHELL_CONFIG, false));
    assert!(rtl.is_none());
    assert!(
        diags.iter().any(|d| d.message.contains("generator")),
        "{diags:?}"
    );
    let (rtl, diags, _) = emit_rtl(&d, &with_config(Hdl::Vhdl, SHELL_CONFIG, true));
    let rtl = rtl.unwrap_or_else(|| panic!("{diags:?}"));
    assert_eq!(rtl.external.len(), 1);
    assert!(rtl.external[0].command.starts_with("/bin/sh"));
    assert_eq!(rtl.plan.instances[0].module, "adder_gen");
}

#[test]
fn unmatched_externs_are_errors() {
    let d = design(ADDER);
    let (rtl, diags, _) = emit_rtl(&d, &with_config(Hdl::Vhdl, "[]", false));
    assert!(rtl.is_none());
    assert!(
        diags.iter().any(|d| d.message.contains("handshake.addi")),
        "{diags:?}"
    );
}

#[test]
fn identifiers_are_legalized_per_language() {
    let d = design(ADDER);
    let (rtl, _, _) = emit_rtl(&d, &EmitOptions::new(Hdl::Vhdl));
    let rtl = rtl.unwrap();
    // `signal`, `in`, `out` and `process` are VHDL reserved words; `B` and `b` clash there.
    assert_eq!(rtl.plan.top, "signal_s");
    let names: Vec<_> = rtl.plan.ports.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["in_s", "B", "out_s"]);
    assert_eq!(rtl.plan.instances[0].label, "process_s");
    let glue = &rtl.files.last().unwrap().text;
    assert!(glue.contains("entity signal_s is"), "{glue}");
    let (rtl, _, _) = emit_rtl(&d, &EmitOptions::new(Hdl::Verilog));
    let rtl = rtl.unwrap();
    assert_eq!(rtl.plan.top, "signal");
    let names: Vec<_> = rtl.plan.ports.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["in", "B", "out"]);
}

#[test]
fn every_template_file_is_embedded() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut missing = Vec::new();
    for dir in ["rtl-templates/vhdl", "rtl-templates/verilog", "configs"] {
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                let rel = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
                let text = std::fs::read_to_string(&path).unwrap();
                if embedded_file(&rel) != Some(text.as_str()) {
                    missing.push(rel);
                }
            }
        }
    }
    assert!(missing.is_empty(), "not embedded: {missing:?}");
}

const JOINED: &str = r#"handshake.func @joined(%a: !handshake.channel<i32>, %c: !handshake.control<>) -> !handshake.control<> attributes {argNames = ["a", "c"], resNames = ["out"]} {
  %j = join %a, %c {handshake.name = "j"} : <i32>, <>
  end %j : <>
}"#;

#[test]
fn a_join_connects_only_the_handshake_of_data_operands() {
    for hdl in [Hdl::Vhdl, Hdl::Verilog] {
        let (rtl, diags, _) = emit_rtl(&design(JOINED), &EmitOptions::new(hdl));
        assert!(diags.is_empty(), "{diags:?}");
        let rtl = rtl.unwrap();
        let glue = &rtl.files.last().unwrap().text;
        // The join's array port gets valid/ready only, never the 32-bit data.
        assert!(glue.contains("ins_valid"), "{glue}");
        assert!(
            !glue.contains("ins(0) =>") && !glue.contains(".ins("),
            "{glue}"
        );
        if hdl == Hdl::Verilog {
            assert!(glue.contains("lint_off UNUSEDSIGNAL"), "{glue}");
        }
    }
}
