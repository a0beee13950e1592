//! `rivulet compile K.c --hdl verilog --check-synth | --report-area`: the options' argument
//! errors (Yosys itself runs in `tests/rtl-synth/run.sh`), and the bundle's list of
//! synthesizable sources that the Yosys scripts read.
//!
//! Only built with the `cli` feature (the binary needs it).
#![cfg(feature = "cli")]

use std::path::PathBuf;
use std::process::Command;

fn fir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/kernels/fir/fir.c")
}

#[test]
fn synthesis_needs_verilog() {
    for flag in ["--check-synth", "--report-area"] {
        let out = Command::new(env!("CARGO_BIN_EXE_rivulet"))
            .arg("compile")
            .arg(fir())
            .args(["--hdl", "vhdl", flag])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{flag}: {stderr}");
        assert!(stderr.contains("need `--hdl verilog`"), "{flag}: {stderr}");
    }
}

#[test]
fn report_area_takes_units_or_total_only() {
    let out = Command::new(env!("CARGO_BIN_EXE_rivulet"))
        .arg("compile")
        .arg(fir())
        .args(["--hdl", "verilog", "--report-area", "everything"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("units") && stderr.contains("total"),
        "{stderr}"
    );
}

#[test]
fn the_bundles_sources_are_its_rtl_without_the_testbench() {
    use rivulet_core::diag::SourceMap;
    use rivulet_core::driver::{compile, DriverOptions, RtlOptions};
    use rivulet_core::options::Hdl;
    let text = std::fs::read_to_string(fir()).unwrap();
    let dir = fir().parent().unwrap().to_path_buf();
    let mut sources = SourceMap::new();
    let id = sources.add("fir.c", text);
    let mut lookup = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let options = DriverOptions {
        rtl: Some(RtlOptions::new(Hdl::Verilog, "fir.c")),
        ..DriverOptions::default()
    };
    let out = compile(&mut sources, id, &mut lookup, &options, &mut |_| {});
    let rtl = out.rtl.unwrap();
    assert!(
        rtl.sources.contains(&"muli.v".to_string()),
        "{:?}",
        rtl.sources
    );
    assert_eq!(rtl.sources.last(), Some(&format!("{}.v", rtl.top)));
    for s in &rtl.sources {
        assert!(
            !s.starts_with("tb_"),
            "testbench file {s} among the sources"
        );
        assert!(
            rtl.files.iter().any(|(p, _)| p == s),
            "{s} is not a file of the bundle"
        );
    }
}
