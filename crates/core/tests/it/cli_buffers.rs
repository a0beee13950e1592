//! `rivulet compile K.c --buffers fpga20 --dump-milp DIR`: prints the buffered Handshake IR
//! (the default output once buffers are asked for), the placement summary on stderr, and
//! writes the MILPs as CPLEX LP files that another solver can read.
//!
//! Only built with the `cli` feature (the binary needs it).
#![cfg(feature = "cli")]

use std::path::PathBuf;
use std::process::Command;

#[test]
fn dump_milp_writes_the_lp_files_and_prints_the_buffered_circuit() {
    let fir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/kernels/fir/fir.c");
    let dir = std::env::temp_dir().join(format!("rivulet-dump-milp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(env!("CARGO_BIN_EXE_rivulet"))
        .arg("compile")
        .arg(&fir)
        .args(["--buffers", "fpga20", "--dump-milp"])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains("= buffer ") && stdout.contains("BUFFER_TYPE"),
        "not the buffered IR:\n{stdout}"
    );
    assert!(stderr.starts_with("buffers: fpga20"), "{stderr}");
    // stderr holds the summary and nothing else (no stray progress or debug lines).
    let summary = [
        "buffers: ",
        "critical path: ",
        "data path: ",
        "ready path: ",
        "milp: ",
        "milp status: ",
        "loop ",
    ];
    for line in stderr.lines() {
        assert!(
            summary.iter().any(|p| line.starts_with(p)),
            "not a summary line: {line}\n{stderr}"
        );
    }
    assert!(
        stderr.contains("loop bb1-bb2: predicted throughput"),
        "{stderr}"
    );
    assert!(stderr.contains("\nmilp status: "), "{stderr}");
    let lp = std::fs::read_to_string(dir.join("fpga20.lp")).expect("fpga20.lp written");
    assert!(lp.contains("Maximize") && lp.contains("Subject To") && lp.trim_end().ends_with("End"));
    assert!(dir.join("cfdfc.lp").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `rivulet sim K.c --timing FILE`: the file's latencies reach the simulated circuit, and a
/// malformed file is a located diagnostic.
#[test]
fn a_timing_file_replaces_the_builtin_characterisation() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let matvec = root.join("tests/kernels/matvec/matvec.c");
    let builtin = std::fs::read_to_string(root.join("configs/timing.json")).unwrap();
    let dir = std::env::temp_dir().join(format!("rivulet-timing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let slow = dir.join("slow-multiplier.json");
    let from = r#""muli":          { "latency": 4"#;
    assert!(builtin.contains(from));
    std::fs::write(&slow, builtin.replace(from, r#""muli": { "latency": 12"#)).unwrap();
    let broken = dir.join("broken.json");
    std::fs::write(&broken, builtin.replace(from, r#""muli": { "latency": -4"#)).unwrap();
    let sim = |timing: Option<&PathBuf>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_rivulet"));
        cmd.arg("sim").arg(&matvec).args(["--buffers", "fpga20"]);
        if let Some(t) = timing {
            cmd.arg("--timing").arg(t);
        }
        cmd.output().unwrap()
    };
    let cycles = |out: &std::process::Output| -> u64 {
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let line = stdout
            .lines()
            .find(|l| l.starts_with("finished in "))
            .unwrap();
        line.split_whitespace().nth(2).unwrap().parse().unwrap()
    };
    let (fast, slower) = (cycles(&sim(None)), cycles(&sim(Some(&slow))));
    assert!(
        slower > fast,
        "{slower} cycles with a 12-cycle multiplier, {fast} with 4"
    );
    let out = sim(Some(&broken));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("broken.json:") && stderr.contains("invalid timing model"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
