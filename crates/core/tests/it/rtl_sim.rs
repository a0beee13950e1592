//! End-to-end RTL checks on hand-written Handshake circuits (tests/rtl-sim/*.mlir): lower to HW,
//! emit VHDL and Verilog with their testbenches, run them under GHDL and Icarus Verilog through
//! the generated `run-sim.sh`, and check that they pass with the expected cycle count; a wrong
//! golden value must make them fail. The glue must analyse cleanly under `ghdl -a --std=08`
//! and lint under `verilator --lint-only -Wall` without errors. Each simulator-dependent check is
//! skipped, with a notice, only when the simulator binary is missing.

use rivulet_core::diag::FileId;
use rivulet_core::handshake::parse_module;
use rivulet_core::hw::lower::lower_func;
use rivulet_core::rtl::config::Hdl;
use rivulet_core::rtl::emit::testbench::{testbench, TbVectors};
use rivulet_core::rtl::emit::{emit_rtl, EmitOptions, RtlDesign};
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

fn circuit(name: &str) -> String {
    let path = format!(
        "{}/../../tests/rtl-sim/{name}.mlir",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
}

/// Writes the design and testbench of `name` in `hdl` to a fresh directory.
fn generate(name: &str, hdl: Hdl, vectors: &TbVectors, tag: &str) -> (PathBuf, RtlDesign) {
    let (m, diags) = parse_module(&circuit(name), FileId(0));
    assert!(diags.is_empty(), "{diags:?}");
    let (design, diags) = lower_func(&m.funcs[0]);
    assert!(diags.is_empty(), "{diags:?}");
    let design = design.unwrap();
    let (rtl, diags, _) = emit_rtl(&design, &EmitOptions::new(hdl));
    assert!(diags.is_empty(), "{diags:?}");
    let rtl = rtl.unwrap();
    let tb = testbench(&design, &rtl, vectors, 10_000).unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("rtl-sim")
        .join(format!("{name}-{}{tag}", hdl.name()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in rtl.files.iter().chain(&tb) {
        std::fs::write(dir.join(&f.path), &f.text).unwrap();
    }
    (dir, rtl)
}

/// Runs `run-sim.sh`: (passed, cycles, output).
fn simulate(dir: &Path) -> (bool, u64, String) {
    let out = Command::new("sh")
        .arg(dir.join("run-sim.sh"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let last = text.lines().last().unwrap_or_default().to_string();
    let cycles = last
        .strip_prefix("cycles: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no cycles line last in:\n{text}"));
    (out.status.success(), cycles, text)
}

fn tool_for(hdl: Hdl) -> &'static str {
    match hdl {
        Hdl::Vhdl => "ghdl",
        Hdl::Verilog => "iverilog",
    }
}

/// Passes with `cycles`, and fails when an expected output is perturbed by `perturb`.
fn check(name: &str, vectors: TbVectors, cycles: u64, perturb: fn(&mut TbVectors)) {
    for hdl in [Hdl::Vhdl, Hdl::Verilog] {
        if !have(tool_for(hdl)) {
            continue;
        }
        let (dir, _) = generate(name, hdl, &vectors, "");
        let (ok, n, text) = simulate(&dir);
        assert!(ok, "{name} ({}) failed:\n{text}", hdl.name());
        assert_eq!(n, cycles, "{name} ({}) cycle count:\n{text}", hdl.name());
        let mut wrong = vectors.clone();
        perturb(&mut wrong);
        let (dir, _) = generate(name, hdl, &wrong, "-wrong");
        let (ok, n, text) = simulate(&dir);
        assert!(
            !ok,
            "{name} ({}) passed with a wrong golden value:\n{text}",
            hdl.name()
        );
        assert!(text.contains("mismatch"), "{text}");
        assert_eq!(n, cycles);
    }
}

fn adder_vectors() -> TbVectors {
    TbVectors {
        inputs: vec![5, 7, 0],
        memories: vec![],
        outputs: vec![Some(12), None],
        final_memories: vec![],
    }
}

fn sum_vectors() -> TbVectors {
    TbVectors {
        inputs: vec![10, 0],
        memories: vec![],
        outputs: vec![Some(45), None],
        final_memories: vec![],
    }
}

fn memory_vectors() -> TbVectors {
    let init: Vec<u64> = (10..18).collect();
    let mut fin = init.clone();
    fin[3] = 17;
    TbVectors {
        inputs: vec![0, 0],
        memories: vec![init],
        outputs: vec![Some(12), None, None],
        final_memories: vec![Some(fin)],
    }
}

#[test]
fn adder_passes_in_both_languages() {
    check("adder", adder_vectors(), 1, |v| v.outputs[0] = Some(13));
}

#[test]
fn counter_loop_passes_in_both_languages() {
    // One iteration per cycle (10 iterations), then the exit token: 11 cycles.
    check("sum", sum_vectors(), 11, |v| v.outputs[0] = Some(46));
}

#[test]
fn memory_kernel_passes_in_both_languages() {
    // The load issues in cycle 0 and returns in cycle 1; the store happens in cycle 1, so the
    // controller's pending count is 0 and memEnd transfers in cycle 2.
    check("memory", memory_vectors(), 3, |v| {
        if let Some(m) = &mut v.final_memories[0] {
            m[3] = 18;
        }
    });
}

fn memf_vectors(stored: f32, returned: f32) -> TbVectors {
    let init: Vec<u64> = (0..8)
        .map(|i| u64::from((1.5f32 + i as f32).to_bits()))
        .collect();
    let mut fin = init.clone();
    fin[3] = u64::from(stored.to_bits());
    TbVectors {
        inputs: vec![0, 0],
        memories: vec![init],
        outputs: vec![Some(u64::from(returned.to_bits())), None, None],
        final_memories: vec![Some(fin)],
    }
}

#[test]
fn float_results_are_compared_within_a_relative_tolerance() {
    // a[2] = 3.5 is copied to a[3] and returned.
    let near = 3.5f32 * (1.0 + 2e-6);
    let far = 3.5f32 * (1.0 + 1e-4);
    for hdl in [Hdl::Vhdl, Hdl::Verilog] {
        if !have(tool_for(hdl)) {
            continue;
        }
        let (dir, _) = generate("memf", hdl, &memf_vectors(near, near), "-near");
        let (ok, n, text) = simulate(&dir);
        assert!(ok && n == 3, "{text}");
        let (dir, _) = generate("memf", hdl, &memf_vectors(far, 3.5), "-far-mem");
        let (ok, _, text) = simulate(&dir);
        assert!(!ok && text.contains("mismatch: memory"), "{text}");
        let (dir, _) = generate("memf", hdl, &memf_vectors(3.5, far), "-far-out");
        let (ok, _, text) = simulate(&dir);
        assert!(!ok && text.contains("mismatch: output"), "{text}");
    }
}

#[test]
fn glue_analyses_and_lints_cleanly() {
    let cases = [
        ("adder", adder_vectors()),
        ("sum", sum_vectors()),
        ("memory", memory_vectors()),
    ];
    for (name, v) in &cases {
        if have("ghdl") {
            let (dir, rtl) = generate(name, Hdl::Vhdl, v, "-lint");
            let files: Vec<_> = rtl.files.iter().map(|f| f.path.clone()).collect();
            let out = Command::new("ghdl")
                .args(["-a", "--std=08"])
                .args(&files)
                .current_dir(&dir)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        if have("verilator") {
            let (dir, rtl) = generate(name, Hdl::Verilog, v, "-lint");
            let files: Vec<_> = rtl.files.iter().map(|f| f.path.clone()).collect();
            let out = Command::new("verilator")
                .args([
                    "--lint-only",
                    "-Wall",
                    "-Wno-fatal",
                    "--top-module",
                    &rtl.plan.top,
                ])
                .args(&files)
                .current_dir(&dir)
                .output()
                .unwrap();
            // No errors, and no warning but UNOPTFLAT: Verilator's bit-level view of the units'
            // vector ports (one fork output's valid feeding another's ready) sees loops that
            // the elastic protocol breaks.
            let text = String::from_utf8_lossy(&out.stderr);
            let bad: Vec<&str> = text
                .lines()
                .filter(|l| l.starts_with('%') && !l.starts_with("%Warning-UNOPTFLAT"))
                .collect();
            assert!(out.status.success() && bad.is_empty(), "{name}: {text}");
        }
    }
}
