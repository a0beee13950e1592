//! Load-store queues on the corpus (docs/memory-ordering.md): every kernel of `tests/kernels/`
//! with a queue forced on every array whose accesses may conflict (`--memory lsq`) simulates
//! to the interpreter's outputs with the on-merges, FPGA20 and FPL22 placements (at 5 ns), and
//! with `--memory auto` with FPGA20. Kernels without such arrays get no queue and are only
//! compiled once. How many cycles each mode takes is measured by the `bench_memory` example.

use crate::support::corpus;
use rivulet_core::driver::{BufferOptions, DriverOptions};
use rivulet_core::lower::InterfaceKind;
use rivulet_core::options::{BufferAlgorithm, MemoryMode};
use std::path::Path;

fn run(file: &Path, algorithm: BufferAlgorithm, memory: MemoryMode) -> Result<bool, String> {
    let options = DriverOptions {
        buffers: BufferOptions {
            algorithm,
            clock_period_ns: 5.0,
        },
        memory,
        ..DriverOptions::default()
    };
    let run = corpus::simulate_with(file, options)
        .map_err(|e| format!("{algorithm} with --memory {memory}: {e}"))?;
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
        let queued = run(file, BufferAlgorithm::OnMerges, MemoryMode::Lsq)?;
        if !queued {
            return Ok(());
        }
        run(file, BufferAlgorithm::Fpga20, MemoryMode::Lsq)?;
        run(file, BufferAlgorithm::Fpl22, MemoryMode::Lsq)?;
        run(file, BufferAlgorithm::Fpga20, MemoryMode::Auto)?;
        Ok(())
    };
    if let Err(e) = check() {
        panic!("{name}: {e}");
    }
}
