//! `--memory auto` (docs/memory-ordering.md, "Choosing the interface"): the circuit it hands
//! on is its chosen plan's trial circuit, already placed; it must be exactly the circuit the
//! compilation builds when that plan is forced (`--memory lsq` when every candidate got a
//! queue, `--memory token` when none did), with the same buffer report. The report names the
//! loops whose iterations share a memory's token.

use crate::support::corpus::{compile, kernel_file};
use rivulet_core::driver::{BufferOptions, DriverOptions, StageGroup};
use rivulet_core::handshake::print_func;
use rivulet_core::lower::InterfaceKind;
use rivulet_core::options::{BufferAlgorithm, MemoryMode};

/// `name`'s buffered circuit (printed), its buffer report (debug-printed) and whether any
/// memory got a queue, compiled with `memory` and FPGA20 at 5 ns.
fn placed(name: &str, memory: MemoryMode) -> (String, String, bool) {
    let options = DriverOptions {
        buffers: BufferOptions {
            algorithm: BufferAlgorithm::Fpga20,
            clock_period_ns: 5.0,
        },
        memory,
        stop_after: Some(StageGroup::Buffers),
        ..DriverOptions::default()
    };
    let (out, _) = compile(&kernel_file("tests/kernels", name), &options).expect("corpus kernel");
    let func = &out.module.expect("the kernel compiles").funcs[0];
    let queued = out
        .interfaces
        .iter()
        .any(|i| matches!(i.kind, InterfaceKind::Lsq { .. }));
    (print_func(func), format!("{:?}", out.buffers), queued)
}

fn auto_equals_forced(name: &str, forced: MemoryMode, queued: bool) {
    let (auto_ir, auto_report, auto_queued) = placed(name, MemoryMode::Auto);
    assert_eq!(auto_queued, queued, "{name}: auto's choice changed");
    let (ir, report, _) = placed(name, forced);
    assert_eq!(
        auto_ir, ir,
        "{name}: auto's circuit differs from {forced:?}'s"
    );
    assert_eq!(auto_report, report, "{name}: auto's buffer report differs");
}

#[test]
fn a_kernel_auto_gives_a_queue_is_the_forced_queues_circuit() {
    auto_equals_forced("histogram", MemoryMode::Lsq, true);
}

#[test]
fn a_kernel_auto_keeps_on_the_token_is_the_token_circuit() {
    auto_equals_forced("bubble_sort", MemoryMode::Token, false);
}

#[test]
fn the_report_names_the_loops_whose_iterations_share_the_token() {
    let options = DriverOptions {
        memory: MemoryMode::Token,
        stop_after: Some(StageGroup::Handshake),
        ..DriverOptions::default()
    };
    let file = kernel_file("tests/kernels", "vector_swap");
    let (out, _) = compile(&file, &options).expect("corpus kernel");
    let lines: Vec<String> = out
        .interfaces
        .iter()
        .map(|i| format!("{}: {}", i.memory, i.describe()))
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    for line in &lines {
        assert!(
            line.contains("ordering token")
                && line.contains("the iterations of the loop at line 9 share the token"),
            "{line}"
        );
    }
    // A loop that keeps the chain (bubble_sort's inner loop carries its dependence).
    let (out, _) = compile(&kernel_file("tests/kernels", "bubble_sort"), &options).unwrap();
    assert!(
        out.interfaces
            .iter()
            .all(|i| i.shared_token_loops.is_empty() && !i.describe().contains("share")),
        "{:?}",
        out.interfaces
    );
}
