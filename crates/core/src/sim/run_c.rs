//! The C-to-simulation driver: front end and CFG → interpreter golden call → Handshake →
//! buffers → netlist → simulation → check ([`super::run_kernel`]); and the same check of a
//! circuit the compile driver already built ([`check_compiled`], for the web app).

use super::run_kernel::{
    check_circuit, describe_deadlock, waiting_blocks, CheckSetup, KernelCheck,
};
use super::{SimOptions, Status};
use crate::buffer::cfdfc::ArcProfile;
use crate::cfg::compile_c;
use crate::diag::{has_errors, Diagnostic, FileId, SourceMap, Span};
use crate::driver::{place, BufferOptions, BufferReport, Compiled};
use crate::handshake::Func;
use crate::interp::{run, InterpOptions, KernelCall};
use crate::lower::{MemoryInfo, MemoryOrigin};
use crate::pipeline::compile_c_to_handshake;
use crate::timing::TimingModel;
use std::collections::BTreeMap;

/// Which buffers to place before simulating.
#[derive(Clone, Debug, PartialEq)]
pub enum Buffering {
    /// None (the circuit as lowered; loops usually have combinational cycles).
    None,
    /// The driver's placement ([`crate::driver::place`]) with these options, weighted by
    /// the interpreter's profile of this run (default: on-merges).
    Placed(BufferOptions),
}

/// How to run [`simulate_c`].
#[derive(Clone, Debug)]
pub struct SimCOptions {
    /// Buffer placement.
    pub buffering: Buffering,
    /// Simulation limits and trace.
    pub sim: SimOptions,
    /// Interpreter limits.
    pub interp: InterpOptions,
}

impl Default for SimCOptions {
    fn default() -> Self {
        SimCOptions {
            buffering: Buffering::Placed(BufferOptions::default()),
            sim: SimOptions::default(),
            interp: InterpOptions::default(),
        }
    }
}

/// Everything [`simulate_c`] produced.
#[derive(Clone, Debug, Default)]
pub struct SimCOutput {
    /// What buffer placement did (for [`Buffering::Placed`]).
    pub buffers: Option<BufferReport>,
    /// The interpreter's golden call (the last kernel call of `main`).
    pub golden: Option<KernelCall>,
    /// The buffered kernel function that was simulated.
    pub func: Option<Func>,
    /// The check.
    pub check: Option<KernelCheck>,
    /// The C source of each basic block (`handshake.bb` = position in the CFG layout): its
    /// first instruction with a span, else its terminator's.
    pub block_spans: Vec<Option<Span>>,
    /// Every diagnostic (compilation, interpreter, adapter).
    pub diagnostics: Vec<Diagnostic>,
}

impl SimCOutput {
    /// The run's failure as a diagnostic pointing into the C source: a deadlock (with the
    /// blocks whose units wait), a combinational loop, the cycle limit or the first
    /// mismatching outputs. `None` when the check passed or did not run.
    pub fn failure(&self) -> Option<Diagnostic> {
        let (check, func) = (self.check.as_ref()?, self.func.as_ref()?);
        let netlist = &check.adapted.netlist;
        let mut d = match &check.status {
            Status::Deadlock(r) => {
                let mut d =
                    Diagnostic::error(format!("the circuit deadlocked in cycle {}", r.cycle))
                        .with_note(describe_deadlock(r, func, &check.adapted));
                for (bb, names) in waiting_blocks(r, func, &check.adapted) {
                    if let Some(span) = self.block_spans.get(bb as usize).copied().flatten() {
                        d = d.with_label(span, format!("waiting here: {}", names.join(", ")));
                    }
                }
                d
            }
            Status::CombLoop(r) => Diagnostic::error("the circuit has a combinational loop")
                .with_note(r.render(netlist)),
            Status::CycleLimit => Diagnostic::error(format!(
                "the circuit ran for {} cycles without finishing",
                check.cycles
            )),
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

/// Simulates the buffered kernel of a compilation by the driver ([`crate::driver`], run with
/// the golden run) on the golden call's inputs and checks its outputs, as [`simulate_c`]
/// does for its own compilation. A compilation without a kernel or golden run is a diagnostic.
pub fn check_compiled(
    compiled: &Compiled,
    options: &SimOptions,
) -> Result<KernelCheck, Vec<Diagnostic>> {
    let missing = |what: &str| vec![Diagnostic::error(format!("nothing to simulate: {what}"))];
    let func = compiled
        .kernel()
        .ok_or_else(|| missing("the compilation stopped before buffer placement"))?;
    let golden = compiled
        .golden
        .as_ref()
        .and_then(|g| g.last_call())
        .ok_or_else(|| missing("`main` never called the kernel"))?;
    let timing = TimingModel::builtin()?;
    let setup = CheckSetup {
        golden,
        ret: compiled.ret,
        other_memories: other_memories(&compiled.memories),
        options: options.clone(),
    };
    check_circuit(func, &timing, &setup)
}

/// Compiles, interprets, lowers, buffers and simulates the C file `main` of `sources`.
pub fn simulate_c(
    sources: &mut SourceMap,
    main: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    options: &SimCOptions,
) -> SimCOutput {
    let mut out = SimCOutput::default();
    let cfg = compile_c(sources, main, lookup, false);
    out.diagnostics = cfg.diagnostics;
    let Some(module) = cfg.module else {
        return out;
    };
    if let Some(f) = module.functions.first() {
        out.block_spans = f
            .layout
            .iter()
            .map(|&b| {
                let data = f.block(b);
                data.insts
                    .iter()
                    .find_map(|&i| f.inst(i).span)
                    .or(data.term_span)
            })
            .collect();
    }
    let profile = match run(&module, &options.interp) {
        Ok(r) => {
            out.golden = r.last_call().cloned();
            module
                .functions
                .first()
                .map(|f| ArcProfile::from_profile(&r.profile, &f.layout))
        }
        Err(d) => {
            out.diagnostics.push(d);
            return out;
        }
    };
    let Some(golden) = out.golden.clone() else {
        out.diagnostics.push(Diagnostic::error(format!(
            "`main` never called the kernel `{}`",
            module.kernel
        )));
        return out;
    };
    // The front end runs again for the placeholder declarations; its diagnostics are known.
    let hs = compile_c_to_handshake(sources, main, lookup, false);
    for d in hs.diagnostics {
        if !out.diagnostics.contains(&d) {
            out.diagnostics.push(d);
        }
    }
    let Some(mut func) = hs.module.and_then(|m| m.funcs.into_iter().next()) else {
        return out;
    };
    if has_errors(&out.diagnostics) {
        return out;
    }
    match &options.buffering {
        Buffering::None => {}
        Buffering::Placed(b) => {
            let report = place(&mut func, profile.as_ref(), b, &mut out.diagnostics);
            out.buffers = Some(report);
        }
    }
    let other_memories = other_memories(&hs.memories);
    let timing = match TimingModel::builtin() {
        Ok(t) => t,
        Err(d) => {
            out.diagnostics.extend(d);
            return out;
        }
    };
    let setup = CheckSetup {
        golden: &golden,
        ret: module.functions.first().and_then(|f| f.ret),
        other_memories,
        options: options.sim.clone(),
    };
    match check_circuit(&func, &timing, &setup) {
        Ok(c) => out.check = Some(c),
        Err(d) => out.diagnostics.extend(d),
    }
    out.func = Some(func);
    out
}
