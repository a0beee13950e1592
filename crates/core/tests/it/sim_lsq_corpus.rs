//! Load-store queues on the corpus (docs/memory-ordering.md): every kernel of `tests/kernels/`
//! with a queue forced on every array whose accesses may conflict (`--memory lsq`) simulates
//! to the interpreter's outputs with the on-merges, FPGA20 and FPL22 placements (at 5 ns).
//! Kernels without such arrays get no queue and are only compiled once. `--memory auto`, the
//! default, is what every other corpus test compiles with (`sim_buffers_corpus` with FPGA20
//! and FPL22). How many cycles each mode takes is measured by the `bench_memory` example.

use crate::support::corpus;
use rivulet_core::driver::{BufferOptions, DriverOptions};
use rivulet_core::lower::InterfaceKind;
use rivulet_core::options::{BufferAlgorithm, MemoryMode};
use std::path::Path;

/// Simulates `file` with queues forced and `algorithm`'s buffers; whether it got a queue.
fn run(file: &Path, algorithm: BufferAlgorithm) -> Result<bool, String> {
    let options = DriverOptions {
        buffers: BufferOptions {
            algorithm,
            clock_period_ns: 5.0,
        },
        memory: MemoryMode::Lsq,
        ..DriverOptions::default()
    };
    let run = corpus::simulate_with(file, options)
        .map_err(|e| format!("{algorithm} with --memory lsq: {e}"))?;
    let queued = run
        .out
        .interfaces
        .iter()
        .any(|i| matches!(i.kind, InterfaceKind::Lsq { .. }));
    Ok(queued)
}

kernel_tests!(
    kernels,
    queues_simulate_to_the_interpreters_outputs,
    kernels
);

fn queues_simulate_to_the_interpreters_outputs(file: &Path) {
    let name = corpus::kernel_name(file);
    let check = || -> Result<(), String> {
        let queued = run(file, BufferAlgorithm::OnMerges)?;
        if !queued {
            return Ok(());
        }
        run(file, BufferAlgorithm::Fpga20)?;
        run(file, BufferAlgorithm::Fpl22)?;
        Ok(())
    };
    if let Err(e) = check() {
        panic!("{name}: {e}");
    }
}
