//! The load-store queue in RTL (`rtl::lsq`): the generator's VHDL analyses cleanly under
//! `ghdl -a --std=08` and its Verilog lints cleanly under `verilator --lint-only -Wall`, for
//! queues with one or several groups, without load or without store ports and with depths that
//! are not powers of two; and a kernel compiled with `--memory lsq` lowers its queue to a
//! `handshake.lsq` extern with the memory-controller port order and the groups in GROUPS,
//! which the default configurations concretize with the built-in generator. (The cycle-exact
//! runs of whole kernels through GHDL and Icarus are tests/rtl-lsq/run.sh.) Each tool check is
//! skipped, with a notice, only when the tool is missing.

use crate::support::corpus::{compile, kernel_file, repo_root};
use rivulet_core::driver::DriverOptions;
use rivulet_core::hw::lower::lower_func;
use rivulet_core::options::MemoryMode;
use rivulet_core::rtl::config::{GeneratorCall, Hdl, RtlParamValue};
use rivulet_core::rtl::emit::{emit_rtl, EmitOptions};
use rivulet_core::rtl::lsq;
use std::path::{Path, PathBuf};
use std::process::Command;

fn have(tool: &str) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("notice: `{tool}` not found; skipping its checks");
    }
    found
}

/// The parameters of a queue with `groups` (GROUPS syntax) and depths, on its own memory.
fn params(groups: &str, ldq: u64, stq: u64) -> Vec<(String, RtlParamValue)> {
    params_of(groups, ldq, stq, false)
}

/// The parameters of a queue with `groups` (GROUPS syntax) and depths, beside a memory
/// controller when `beside_mc`.
fn params_of(groups: &str, ldq: u64, stq: u64, beside_mc: bool) -> Vec<(String, RtlParamValue)> {
    let count = |c| groups.chars().filter(|&x| x == c).count() as u64;
    let u = |n: &str, v| (n.to_string(), RtlParamValue::Unsigned(v));
    vec![
        u("NUM_GROUPS", groups.split(',').count() as u64),
        u("NUM_LOADS", count('L')),
        u("NUM_STORES", count('S')),
        u("DATA_WIDTH", 32),
        u("ADDR_WIDTH", 5),
        u("LDQ_DEPTH", ldq),
        u("STQ_DEPTH", stq),
        (
            "GROUPS".to_string(),
            RtlParamValue::String(groups.to_string()),
        ),
        u("BESIDE_MC", u64::from(beside_mc)),
    ]
}

fn generate(module: &str, hdl: Hdl, params: &[(String, RtlParamValue)]) -> String {
    let call = GeneratorCall {
        unit: lsq::GENERATOR,
        args: &[],
        module_name: module,
        hdl,
        parameters: params,
        json_config: None,
    };
    lsq::generate(&call).unwrap_or_else(|d| panic!("{d:?}"))
}

/// Module, GROUPS, depths, beside a memory controller.
const SHAPES: [(&str, &str, u64, u64, bool); 7] = [
    ("q_ls", "LS", 16, 16, false),
    ("q_multi", "LS,SLL,L", 5, 3, false),
    ("q_loads", "L,LL", 3, 1, false),
    ("q_stores", "S,SS", 1, 17, false),
    ("q_one", "SL", 1, 1, false),
    ("q_mc", "LS,L", 3, 2, true),
    ("q_mc_stores", "S,S", 1, 2, true),
];

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("rtl-lsq")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn generated_vhdl_analyses_without_warnings() {
    if !have("ghdl") {
        return;
    }
    let dir = scratch("ghdl");
    let types = repo_root().join("rtl-templates/vhdl/types.vhd");
    let mut files = vec![types.display().to_string()];
    for (module, groups, ldq, stq, mc) in SHAPES {
        let path = dir.join(format!("{module}.vhd"));
        std::fs::write(
            &path,
            generate(module, Hdl::Vhdl, &params_of(groups, ldq, stq, mc)),
        )
        .unwrap();
        files.push(path.display().to_string());
    }
    let out = Command::new("ghdl")
        .args(["-a", "--std=08"])
        .arg(format!("--workdir={}", dir.display()))
        .args(&files)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.trim().is_empty(), "{text}");
}

#[test]
fn generated_verilog_lints_without_warnings() {
    if !have("verilator") {
        return;
    }
    let dir = scratch("verilator");
    for (module, groups, ldq, stq, mc) in SHAPES {
        let path = dir.join(format!("{module}.v"));
        std::fs::write(
            &path,
            generate(module, Hdl::Verilog, &params_of(groups, ldq, stq, mc)),
        )
        .unwrap();
        let out = Command::new("verilator")
            .args(["--lint-only", "-Wall"])
            .arg(&path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stderr).to_string()
            + &String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && text.trim().is_empty(),
            "{module}: {text}"
        );
    }
}

#[test]
fn ports_without_elements_are_left_out() {
    let loads_only = generate("q", Hdl::Verilog, &params("L,LL", 3, 1));
    assert!(loads_only.contains("ldAddr_valid") && !loads_only.contains("stAddr"));
    let stores_only = generate("q", Hdl::Vhdl, &params("S,SS", 1, 3));
    assert!(stores_only.contains("stData_valid") && !stores_only.contains("ldAddr"));
}

#[test]
fn a_queue_beside_a_controller_has_channels_instead_of_a_memory_side() {
    for hdl in [Hdl::Vhdl, Hdl::Verilog] {
        let text = generate("q", hdl, &params_of("LS", 2, 2, true));
        for port in [
            "ldAddrToMC_valid",
            "stAddrToMC",
            "stDataToMC",
            "ldDataFromMC_ready",
        ] {
            assert!(text.contains(port), "{hdl:?}: {port}");
        }
        let mine = generate("q", hdl, &params_of("LS", 2, 2, false));
        assert!(mine.contains("memStart_ready") && !mine.contains("ToMC"));
        assert!(!text.contains("memStart"), "{hdl:?}");
    }
}

#[test]
fn histogram_queue_lowers_to_a_generated_extern() {
    let options = DriverOptions {
        memory: MemoryMode::Lsq,
        ..DriverOptions::default()
    };
    let (out, _) = compile(&kernel_file("tests/kernels", "histogram"), &options).unwrap();
    let (design, diags) = lower_func(out.kernel().expect("a kernel"));
    let design = design.unwrap_or_else(|| panic!("{diags:?}"));
    let queues: Vec<_> = design
        .externs
        .iter()
        .filter(|e| e.hw_name == "handshake.lsq")
        .collect();
    assert_eq!(queues.len(), 1, "{:?}", design.externs);
    let q = queues[0];
    let param = |n: &str| q.params.iter().find(|p| p.0 == n).map(|p| p.1.clone());
    assert_eq!(param("GROUPS"), Some(RtlParamValue::String("LS".into())));
    assert_eq!(param("NUM_LOADS"), Some(RtlParamValue::Unsigned(1)));
    assert_eq!(param("NUM_STORES"), Some(RtlParamValue::Unsigned(1)));
    assert_eq!(param("ADDR_WIDTH"), Some(RtlParamValue::Unsigned(4)));
    let ports: Vec<String> = q.ports.iter().map(|p| p.name.flat()).collect();
    let expected = [
        "memStart",
        "ctrl_0",
        "ldAddr_0",
        "stAddr_0",
        "stData_0",
        "ctrlEnd",
        "ldData_0",
        "memEnd",
        "loadEn",
        "loadAddr",
        "loadData",
        "storeEn",
        "storeAddr",
        "storeData",
    ];
    assert_eq!(ports, expected);
    for hdl in [Hdl::Vhdl, Hdl::Verilog] {
        let (rtl, diags, _) = emit_rtl(&design, &EmitOptions::new(hdl));
        let rtl = rtl.unwrap_or_else(|| panic!("{diags:?}"));
        let name = format!("handshake_lsq_1_1_1_32_4_16_16_LS_0.{}", hdl.extension());
        let file = rtl.files.iter().find(|f| f.path == name);
        assert!(
            file.is_some_and(|f| f.text.contains("rivulet-gen lsq")),
            "{name}"
        );
    }
}
