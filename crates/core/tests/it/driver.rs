//! The compile driver end to end: stages in order with one progress call each, the bundle's
//! contents, diagnostics on bad input, and the buffer options' report; every corpus kernel
//! through synth, one test per kernel (`driver::synth_without_internal_errors::fir`, …).

use crate::support::corpus;
use rivulet_core::diag::{has_errors, Severity};
use rivulet_core::driver::{compile_files, BufferOptions, DriverOptions, RtlOptions, StageGroup};
use rivulet_core::milp::SolveStatus;
use rivulet_core::options::{BufferAlgorithm, Hdl};
use std::io::{Cursor, Read};
use std::path::Path;

fn kernel(name: &str) -> Vec<(String, String)> {
    let dir = format!("{}/../../tests/kernels/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![(
        format!("{name}.c"),
        std::fs::read_to_string(format!("{dir}/{name}.c")).unwrap(),
    )];
    if let Ok(h) = std::fs::read_to_string(format!("{dir}/{name}.h")) {
        files.push((format!("{name}.h"), h));
    }
    files
}

/// The default options with `algorithm`'s buffers at `clock_period_ns`.
fn buffered(algorithm: BufferAlgorithm, clock_period_ns: f64) -> DriverOptions {
    DriverOptions {
        buffers: BufferOptions {
            algorithm,
            clock_period_ns,
        },
        ..DriverOptions::default()
    }
}

fn everything(hdl: Hdl) -> DriverOptions {
    let mut rtl = RtlOptions::new(hdl, "fir.c");
    rtl.zip = true;
    DriverOptions {
        golden: true,
        synth: true,
        rtl: Some(rtl),
        ..DriverOptions::default()
    }
}

#[test]
fn every_stage_runs_in_order_with_one_progress_call_each() {
    let mut calls = Vec::new();
    let (out, _) = compile_files(&kernel("fir"), &everything(Hdl::Vhdl), &mut |s| {
        calls.push(s.to_string())
    });
    assert!(!has_errors(&out.diagnostics), "{:?}", out.diagnostics);
    let names: Vec<&str> = out.stages.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(calls.len(), names.len());
    assert_eq!(calls[0], "front-end");
    for (call, name) in calls.iter().zip(&names) {
        // The buffers stage is announced before the algorithm is known.
        assert!(name.starts_with(call.as_str()), "{call} vs {name}");
    }
    let groups: Vec<StageGroup> = out.stages.iter().map(|s| s.group).collect();
    assert!(groups.windows(2).all(|w| w[0] <= w[1]), "{groups:?}");
    for expected in [
        "lower",
        "ssa",
        "licm",
        "interpret",
        "cf-to-handshake",
        "materialize",
        "buffers-on-merges",
        "hw",
        "unbundle",
        "invert-ready",
        "split-bits",
        "rtl",
        "testbench",
        "bundle",
        "zip",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} missing from {names:?}"
        );
    }
    assert!(out
        .stages
        .iter()
        .filter(|s| s.name != "zip")
        .all(|s| s.ir.is_some()));
    assert_eq!(
        out.stages[0].ir.as_deref(),
        Some(kernel("fir")[0].1.as_str())
    );
    assert!(out.kernel().is_some() && out.design.is_some());
    assert!(out.golden.as_ref().is_some_and(|g| !g.calls.is_empty()));
    assert!(out.golden.as_ref().unwrap().profile.block_counts.len() > 1);
}

#[test]
fn the_zip_holds_the_rtl_the_testbench_and_every_ir() {
    for (hdl, ext) in [(Hdl::Vhdl, "vhd"), (Hdl::Verilog, "v")] {
        let (out, _) = compile_files(&kernel("fir"), &everything(hdl), &mut |_| {});
        let rtl = out.rtl.expect("rtl");
        let zip = rtl.zip.expect("zip");
        let mut archive = zip::ZipArchive::new(Cursor::new(zip)).unwrap();
        assert_eq!(archive.len(), rtl.files.len());
        let mut top = String::new();
        archive
            .by_name(&format!("fir/fir.{ext}"))
            .unwrap()
            .read_to_string(&mut top)
            .unwrap();
        assert!(!top.is_empty());
        for name in [
            format!("fir/tb_fir.{ext}"),
            "fir/run-sim.sh".to_string(),
            "fir/report.txt".to_string(),
            "fir/graph.dot".to_string(),
            "fir/ir/00-lower.mlir".to_string(),
        ] {
            assert!(archive.by_name(&name).is_ok(), "{name}");
        }
        let hw = rtl
            .files
            .iter()
            .filter(|(p, _)| p.ends_with("-hw.mlir"))
            .count();
        assert_eq!(hw, 1);
    }
}

#[test]
fn a_syntax_error_is_a_located_diagnostic_and_stops_at_the_front_end() {
    let files = vec![(
        "k.c".to_string(),
        "int k(int a) {\n  return a +;\n}\n".to_string(),
    )];
    let mut calls = 0;
    let (out, sources) = compile_files(&files, &everything(Hdl::Vhdl), &mut |_| calls += 1);
    let err = out
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    let span = err.span.expect("located");
    assert_eq!(sources.line_col(span.file, span.start).line, 2);
    assert_eq!(out.stages.len(), 1);
    assert_eq!(calls, 1);
    assert!(out.stages[0].ir.is_none() && out.rtl.is_none());
}

#[test]
fn headers_resolve_by_name_among_the_files() {
    let (out, _) = compile_files(
        &kernel("binary_search"),
        &DriverOptions::default(),
        &mut |_| {},
    );
    assert!(!has_errors(&out.diagnostics), "{:?}", out.diagnostics);
    assert!(out.design.is_some());
    let (out, _) = compile_files(
        &kernel("binary_search")[..1],
        &DriverOptions::default(),
        &mut |_| {},
    );
    assert!(has_errors(&out.diagnostics));
}

#[test]
fn buffer_options_reach_the_report() {
    let options = buffered(BufferAlgorithm::Fpl22, 5.5);
    let (out, _) = compile_files(&kernel("fir"), &options, &mut |_| {});
    let report = out.buffers.clone().expect("report");
    assert_eq!(report.requested, BufferAlgorithm::Fpl22);
    assert_eq!(report.clock_period_ns, 5.5);
    assert!(report.buffers > 0);
    let placed = out
        .kernel()
        .unwrap()
        .ops()
        .filter(|(_, op)| matches!(op.kind, rivulet_core::handshake::OpKind::Buffer(_)))
        .count();
    assert!(placed >= report.buffers);
    assert!(out
        .diagnostics
        .iter()
        .all(|d| d.severity != Severity::Error));
}

#[test]
fn the_critical_path_is_reported_against_the_clock_period() {
    let critical_path = |algorithm: BufferAlgorithm| {
        let options = buffered(algorithm, 4.0);
        let (out, _) = compile_files(&kernel("fir"), &options, &mut |_| {});
        let r = out.buffers.expect("report");
        (
            r.critical_path_ns.expect("a path"),
            r.data_path_ns.expect("a path"),
        )
    };
    // On-merges ignores the clock period: fir's loop counter (merge, add, compare, branch)
    // is one combinational path longer than 4 ns. FPGA20 cuts its data paths, FPL22 its
    // data/valid paths.
    let (on_merges, _) = critical_path(BufferAlgorithm::OnMerges);
    let (_, fpga20_data) = critical_path(BufferAlgorithm::Fpga20);
    let (fpl22, _) = critical_path(BufferAlgorithm::Fpl22);
    assert!(on_merges > 4.0, "{on_merges}");
    assert!(
        fpga20_data > 1.0 && fpga20_data <= 4.0 + 1e-9,
        "{fpga20_data}"
    );
    assert!(fpl22 > 1.0 && fpl22 <= 4.0 + 1e-9, "{fpl22}");
}

#[test]
fn a_model_above_the_search_limit_says_its_search_was_skipped() {
    let options = buffered(BufferAlgorithm::Fpl22, 4.0);
    let (out, _) = compile_files(&kernel("switch_decode"), &options, &mut |_| {});
    let milp = out
        .buffers
        .expect("report")
        .milp
        .expect("the MILP's report");
    assert_eq!(milp.status, SolveStatus::LimitReached);
    assert_eq!(milp.nodes, 0);
    assert!(
        milp.ended.starts_with("search skipped for 2 of 2 groups: ")
            && milp
                .ended
                .ends_with("is above the search limit of 1e6, so the greedy placement stands"),
        "{}",
        milp.ended
    );
}

#[test]
fn fpga20_reports_its_milp_loops_and_lp_files() {
    let options = buffered(BufferAlgorithm::Fpga20, 4.0);
    let (out, _) = compile_files(&kernel("fir"), &options, &mut |_| {});
    let report = out.buffers.clone().expect("report");
    assert_eq!(report.algorithm, BufferAlgorithm::Fpga20);
    let milp = report.milp.expect("the MILP's report");
    assert!(milp.integer_variables > 0 && milp.integer_variables < milp.variables);
    assert!(milp.constraints > 0);
    assert!(matches!(
        milp.status,
        SolveStatus::Optimal | SolveStatus::Feasible
    ));
    // The status in words agrees with the status.
    if milp.status == SolveStatus::Optimal {
        assert_eq!(milp.ended, "the objective meets the proven bound");
    } else {
        assert!(
            milp.ended.starts_with("the node budget stopped"),
            "{}",
            milp.ended
        );
    }
    // The objective is at most the relaxation's bound (a maximisation).
    assert!(milp.objective.unwrap() <= milp.lp_bound.unwrap() + 1e-9);
    // fir has one loop, and its predicted throughput is a rate.
    assert_eq!(report.throughput.len(), 1);
    let t = &report.throughput[0];
    assert!(t.throughput > 0.0 && t.throughput <= 1.0 && t.executions > 0);
    let names: Vec<&str> = report.lp_files.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(names, ["cfdfc.lp", "fpga20.lp", "fpga20.sol"]);
    assert!(report.lp_files[1].1.contains("Maximize"));
    // The solution file states the reported objective and a value per variable.
    let sol = &report.lp_files[2].1;
    let objective: f64 = sol
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# Objective value = "))
        .and_then(|x| x.parse().ok())
        .expect("the solution's objective line");
    assert!((objective - milp.objective.unwrap()).abs() < 1e-9);
    assert_eq!(sol.lines().count(), milp.variables + 1);
    assert!(out
        .diagnostics
        .iter()
        .all(|d| d.severity != Severity::Error));
}

#[test]
fn no_files_is_a_diagnostic() {
    let (out, _) = compile_files(&[], &DriverOptions::default(), &mut |_| {});
    assert!(has_errors(&out.diagnostics));
    assert!(out.stages.is_empty());
}

kernel_tests!(synth_without_internal_errors, gets_through_synth, kernels);

fn gets_through_synth(file: &Path) {
    let name = corpus::kernel_name(file);
    let options = DriverOptions {
        synth: true,
        ..DriverOptions::default()
    };
    let (out, _) = compile_files(&kernel(&name), &options, &mut |_| {});
    let errors: Vec<&str> = out
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message.as_str())
        .collect();
    assert!(errors.is_empty(), "{name}: {errors:?}");
    let last = out.stages.last().map(|s| s.name.as_str());
    assert_eq!(last, Some("split-bits"), "{name}");
}
