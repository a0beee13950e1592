//! The driver's simulation step: the buffered kernel of a compilation run cycle by cycle on
//! the inputs of the golden call (the last kernel call of `main`) and checked against the
//! interpreter's outputs. [`super::compile`] runs it when asked
//! ([`super::DriverOptions::simulate`]); the web app's worker calls [`simulate`] on a kept
//! compilation when the user presses Run.
//!
//! Invariant: the circuit simulated is exactly [`Compiled::kernel`], so the CLI's `sim`, the
//! tests and the app report the same cycle count for the same kernel and options.

use super::Compiled;
use crate::diag::{Diagnostic, Span};
use crate::handshake::Func;
use crate::lower::{MemoryInfo, MemoryOrigin};
use crate::sim::run_kernel::{
    check_circuit, describe_deadlock, waiting_blocks, CheckSetup, KernelCheck,
};
use crate::sim::{SimOptions, Status};
use crate::timing::TimingModel;
use std::collections::BTreeMap;

/// Simulates the buffered kernel of `compiled` (compiled with the golden run) on the golden
/// call's inputs and checks its outputs, within `options.max_cycles` or, without one, the
/// limit scaled to the interpreter's work ([`super::default_cycle_limit`]). A compilation
/// without a buffered kernel or golden call is a diagnostic.
pub fn simulate(compiled: &Compiled, options: &SimOptions) -> Result<KernelCheck, Vec<Diagnostic>> {
    let (func, timing, setup) = simulation_setup(compiled, options)?;
    check_circuit(func, &timing, &setup)
}

/// What [`simulate`] runs: the buffered kernel of `compiled`, its timing model and the check's
/// setup (the golden call, the initial contents of the other memories, `options`). Callers
/// that run the check in steps build the circuit from it
/// ([`crate::sim::run_kernel::build_circuit`]).
pub fn simulation_setup<'c>(
    compiled: &'c Compiled,
    options: &SimOptions,
) -> Result<(&'c Func, TimingModel, CheckSetup<'c>), Vec<Diagnostic>> {
    let missing = |what: &str| vec![Diagnostic::error(format!("nothing to simulate: {what}"))];
    let func = compiled
        .kernel()
        .filter(|_| compiled.buffers.is_some())
        .ok_or_else(|| missing("the compilation stopped before buffer placement"))?;
    let golden = compiled
        .golden
        .as_ref()
        .and_then(|g| g.last_call())
        .ok_or_else(|| missing("`main` never called the kernel"))?;
    let timing = match &compiled.timing {
        Some(t) => t.clone(),
        None => TimingModel::builtin()?,
    };
    let setup = CheckSetup {
        golden,
        ret: compiled.ret,
        other_memories: other_memories(&compiled.memories),
        options: SimOptions {
            max_cycles: Some(
                options
                    .max_cycles
                    .unwrap_or_else(|| super::default_cycle_limit(compiled)),
            ),
            ..options.clone()
        },
    };
    Ok((func, timing, setup))
}

/// How often the interpreter entered the kernel's basic blocks `blocks` (Handshake `bb`
/// numbers) per kernel call, summed: for loop headers, the tokens the circuit's headers pass
/// in a whole run (exact when `main` calls the kernel once, the mean over calls otherwise).
/// `None` without a golden run or when the blocks never ran.
pub fn expected_block_entries(compiled: &Compiled, blocks: &[u32]) -> Option<u64> {
    let golden = compiled.golden.as_ref()?;
    let layout = &compiled.cfg.as_ref()?.functions.first()?.layout;
    let total: u64 = blocks
        .iter()
        .filter_map(|&bb| golden.profile.block_counts.get(layout.get(bb as usize)?))
        .sum();
    let calls = golden.calls.len().max(1) as u64;
    (total > 0).then_some(total.div_ceil(calls))
}

/// The failure of a simulation of `compiled` as a diagnostic pointing into the C source: a
/// deadlock (labelled at the blocks whose units wait), a combinational loop, the cycle limit
/// or the first mismatching outputs. `None` when the check passed.
pub(super) fn failure(compiled: &Compiled, check: &KernelCheck) -> Option<Diagnostic> {
    let func = compiled.kernel()?;
    let netlist = &check.adapted.netlist;
    let mut d = match &check.status {
        Status::Deadlock(r) => {
            let mut d = Diagnostic::error(format!("the circuit deadlocked in cycle {}", r.cycle))
                .with_note(describe_deadlock(r, func, &check.adapted));
            let spans = block_spans(compiled);
            for (bb, names) in waiting_blocks(r, func, &check.adapted) {
                if let Some(span) = spans.get(bb as usize).copied().flatten() {
                    d = d.with_label(span, format!("waiting here: {}", names.join(", ")));
                }
            }
            d
        }
        Status::CombLoop(r) => {
            Diagnostic::error("the circuit has a combinational loop").with_note(r.render(netlist))
        }
        Status::CycleLimit => Diagnostic::error(format!(
            "cycle limit reached: the circuit ran for {} cycles without finishing",
            check.cycles
        ))
        .with_note(
            "the limit scales with the work the interpreter measured; a correct circuit stays far \
             below it, so this one probably loops forever (`--max-cycles N` sets another limit)",
        ),
        Status::Finished if check.mismatches.is_empty() => return None,
        Status::Finished => Diagnostic::error(format!(
            "{} outputs of the circuit differ from the interpreter's",
            check.mismatches.len()
        )),
    };
    for m in check.mismatches.iter().take(5) {
        d = d.with_note(m.describe());
    }
    Some(d)
}

/// The C source of each basic block of the kernel (`handshake.bb` = position in the CFG
/// layout): its first instruction with a span, else its terminator's.
fn block_spans(compiled: &Compiled) -> Vec<Option<Span>> {
    let Some(f) = compiled.cfg.as_ref().and_then(|m| m.functions.first()) else {
        return Vec::new();
    };
    f.layout
        .iter()
        .map(|&b| {
            let data = f.block(b);
            data.insts
                .iter()
                .find_map(|&i| f.inst(i).span)
                .or(data.term_span)
        })
        .collect()
}

/// Initial contents of the memories that are not parameters (local arrays, ROMs), by name.
fn other_memories(memories: &[MemoryInfo]) -> BTreeMap<String, Vec<u64>> {
    memories
        .iter()
        .filter_map(|m| match &m.origin {
            MemoryOrigin::Param => None,
            MemoryOrigin::Local(init) => Some((m.name.clone(), init.clone().unwrap_or_default())),
            MemoryOrigin::Rom(words) => Some((m.name.clone(), words.clone())),
        })
        .collect()
}
