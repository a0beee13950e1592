//! Load-store queues on the corpus (docs/memory-ordering.md): every kernel of `tests/kernels/`
//! with a queue forced on every array whose accesses may conflict (`--memory lsq`) simulates
//! to the interpreter's outputs with the on-merges, FPGA20 and FPL22 placements; and with
//! FPGA20 at 5 ns the default choice (`auto`) takes no more cycles than the ordering token
//! everywhere, except the kernels listed in [`SLOWER`] with the reason (the test fails when a
//! listed kernel is no longer slower). Kernels without such arrays get no queue and are only
//! compiled once.

use crate::support::corpus;
use rivulet_core::driver::{BufferOptions, DriverOptions};
use rivulet_core::lower::InterfaceKind;
use rivulet_core::options::{BufferAlgorithm, MemoryMode};
use std::path::Path;

/// Kernels allowed more cycles with `auto` than with `token`: `(kernel, reason)`.
const SLOWER: &[(&str, &str)] = &[];

fn run(file: &Path, algorithm: BufferAlgorithm, memory: MemoryMode) -> Result<(u64, bool), String> {
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
    Ok((run.cycles, queued))
}

kernel_tests!(kernels, queues_simulate_and_auto_is_no_slower, kernels);

fn queues_simulate_and_auto_is_no_slower(file: &Path) {
    let name = corpus::kernel_name(file);
    let check = || -> Result<(), String> {
        let (_, queued) = run(file, BufferAlgorithm::OnMerges, MemoryMode::Lsq)?;
        if !queued {
            return Ok(());
        }
        run(file, BufferAlgorithm::Fpga20, MemoryMode::Lsq)?;
        run(file, BufferAlgorithm::Fpl22, MemoryMode::Lsq)?;
        let (auto, _) = run(file, BufferAlgorithm::Fpga20, MemoryMode::Auto)?;
        let (token, _) = run(file, BufferAlgorithm::Fpga20, MemoryMode::Token)?;
        let listed = SLOWER.iter().find(|s| s.0 == name);
        match (auto > token, listed) {
            (true, None) => Err(format!("auto takes {auto} cycles, token {token}")),
            (false, Some((_, why))) => Err(format!("no longer slower ({why}): drop it")),
            _ => Ok(()),
        }
    };
    if let Err(e) = check() {
        panic!("{name}: {e}");
    }
}
