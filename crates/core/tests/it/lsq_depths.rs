//! Load-store queue depths (docs/memory-ordering.md, "Sizing"): sized on the kernel's run, a
//! queue holds its groups and takes no more cycles than with the default depths or with the
//! deepest queues (and a loop that overlaps few iterations gets few entries); `--lsq-depth`
//! replaces the sizing, and a depth that cannot hold a queue's groups is an error naming the
//! queue.

use crate::support::corpus::{kernel_file, simulate_with};
use rivulet_core::diag::has_errors;
use rivulet_core::driver::{compile, BufferOptions, DriverOptions};
use rivulet_core::lower::{InterfaceKind, MemoryInterface, QueueSizing};
use rivulet_core::options::{BufferAlgorithm, MemoryMode};

fn options(lsq_depth: Option<usize>) -> DriverOptions {
    DriverOptions {
        buffers: BufferOptions {
            algorithm: BufferAlgorithm::Fpga20,
            clock_period_ns: 5.0,
        },
        memory: MemoryMode::Lsq,
        lsq_depth,
        ..DriverOptions::default()
    }
}

/// `name` with queues forced, simulated: its cycles and its queue's interface.
fn queued(name: &str, lsq_depth: Option<usize>) -> (u64, MemoryInterface) {
    let run = simulate_with(&kernel_file("tests/kernels", name), options(lsq_depth))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let queue = run
        .out
        .interfaces
        .iter()
        .find(|i| matches!(i.kind, InterfaceKind::Lsq { .. }))
        .expect("a queue")
        .clone();
    (run.cycles, queue)
}

fn depths(i: &MemoryInterface) -> (usize, usize) {
    match i.kind {
        InterfaceKind::Lsq {
            ldq_depth,
            stq_depth,
            ..
        } => (ldq_depth, stq_depth),
        _ => unreachable!(),
    }
}

#[test]
fn sized_queues_hold_their_groups_and_are_no_slower_than_the_default_or_the_deepest() {
    for name in ["histogram", "gauss_eliminate", "indirect_update"] {
        let (cycles, sized) = queued(name, None);
        assert_eq!(
            sized.sizing,
            Some(QueueSizing::Measured { cycles }),
            "{name}"
        );
        let (l, s) = depths(&sized);
        assert!(
            l >= sized.loads.max(1) && s >= sized.stores.max(1),
            "{name}: {l}, {s}"
        );
        if name == "histogram" {
            // One load and one store per iteration at II 6: a few iterations overlap.
            assert!(l + s < 16, "{name}: {l} + {s} entries");
        }
        let (default_cycles, _) = queued(name, Some(16));
        let (deepest_cycles, deepest) = queued(name, Some(64));
        assert_eq!(deepest.sizing, Some(QueueSizing::Given));
        assert_eq!(depths(&deepest), (64, 64));
        assert!(cycles <= default_cycles.min(deepest_cycles), "{name}: {cycles} cycles sized, {default_cycles} with 16 entries, {deepest_cycles} with 64");
        let line = sized.describe();
        assert!(
            line.contains(&format!(
                "depths sized to the kernel's run of {cycles} cycles"
            )),
            "{line}"
        );
    }
}

#[test]
fn a_given_depth_too_small_for_the_groups_is_an_error_naming_the_queue() {
    let file = kernel_file("tests/kernels", "histogram");
    let (mut sources, id, mut lookup) = crate::support::corpus::load(&file).unwrap();
    let mut options = options(Some(0));
    options.simulate = Some(Default::default());
    let out = compile(&mut sources, id, &mut lookup, &options, &mut |_| {});
    assert!(has_errors(&out.diagnostics));
    let text = format!("{:?}", out.diagnostics);
    assert!(
        text.contains("--lsq-depth 0") && text.contains("`hist`"),
        "{text}"
    );
    assert!(out.simulation.is_none());
}
