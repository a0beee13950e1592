//! The `rivulet` binary's standard output: a reader that closes the pipe early
//! (`rivulet compile K.c | head -1`) ends every subcommand quietly with exit code 0, another write
//! error (a full disk) is reported with exit code 1, and normal output still arrives whole.
//!
//! Only built with the `cli` feature (the binary needs it).
#![cfg(feature = "cli")]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn repo(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn rivulet(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rivulet"));
    cmd.args(args).stderr(Stdio::piped());
    cmd
}

/// Runs with stdout a pipe whose reading end is closed before the child writes anything.
fn run_with_closed_stdout(args: &[&str]) -> Output {
    let mut child = rivulet(args).stdout(Stdio::piped()).spawn().unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

fn fir() -> String {
    repo("tests/kernels/fir/fir.c").display().to_string()
}

fn spec_ir() -> String {
    repo("tests/handshake/spec/type-system.mlir")
        .display()
        .to_string()
}

#[test]
fn closed_pipe_is_a_clean_exit_for_every_subcommand() {
    let fir = fir();
    let ir = spec_ir();
    let cases: Vec<Vec<&str>> = vec![
        vec!["compile", &fir, "--emit", "cfg"],
        vec!["compile", &fir, "--emit", "handshake"],
        vec!["compile", &fir, "--emit", "dot"],
        vec!["compile", &fir, "--emit", "synth"],
        vec!["compile", &fir, "--emit", "hw"],
        vec!["interp", &fir],
        vec!["sim", &fir],
        vec!["opt", &ir],
    ];
    for args in cases {
        let out = run_with_closed_stdout(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && !stderr.contains("panicked"),
            "rivulet {args:?}: {:?}\n{stderr}",
            out.status
        );
    }
}

#[test]
fn other_write_errors_are_reported() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = rivulet(&["interp", &fir()])
        .stdout(Stdio::from(full))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: cannot write to stdout"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn output_arrives_whole() {
    let out = rivulet(&["interp", &fir()]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("steps = "), "{stdout}");
}

/// `--emit handshake-loc` prints each op's C origin, and `rivulet opt` reads that text back.
#[test]
fn handshake_with_locations_names_lines_and_variables_and_reads_back() {
    let fir = fir();
    let run = |emit: &str| {
        let out = rivulet(&["compile", &fir, "--emit", emit])
            .stdout(Stdio::piped())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let located = run("handshake-loc");
    assert!(
        located.contains(r#"loc("tmp"("fir.c":10:5 to 10:34))"#),
        "{located}"
    );
    assert!(!run("handshake").contains(" loc("));
    let file = std::env::temp_dir().join(format!("rivulet-loc-{}.mlir", std::process::id()));
    std::fs::write(&file, &located).unwrap();
    let reread = rivulet(&["opt", file.to_str().unwrap(), "--verify"])
        .stdout(Stdio::piped())
        .output()
        .unwrap();
    std::fs::remove_file(&file).ok();
    assert!(
        reread.status.success(),
        "{}",
        String::from_utf8_lossy(&reread.stderr)
    );
}
