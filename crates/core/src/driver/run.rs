//! The driver's stage sequence: front end, CFG passes, golden run, Handshake, buffers (and the
//! simulation, when asked), HW, Synth, RTL. Each stage is announced to the [`Recorder`] before
//! it runs and its IR verified after it; the first stage that fails (an error diagnostic) ends
//! the run with everything computed so far.

use super::handshake::{lower_to_handshake, verify as verify_handshake};
use super::{
    buffers, memory_choice, queue_depths, rtl, simulate, Compiled, DriverOptions, Recorder,
    StageGroup, StageIr,
};
use crate::buffer::cfdfc::ArcProfile;
use crate::cfg::passes::optimize_observed;
use crate::diag::{has_errors, Diagnostic, FileId, SourceMap};
use crate::handshake::{print_func, print_module};
use crate::hw::{lower::lower_func_with_timing, print::print_design};
use crate::interp::{self, json::call_json};
use crate::lower::{queue_candidates, QueuePlan};
use crate::options::MemoryMode;
use crate::stages::StageObserver;
use crate::synth::{lower_phases, print_netlist};
use std::collections::{BTreeMap, BTreeSet};

/// Compiles the kernel file `kernel` of `sources` (kernel named like the file; `lookup`
/// resolves `#include "x.h"`) through every stage `options` ask for, calling `progress` with
/// each stage's name as it starts. Never panics on user input: problems are diagnostics.
pub fn compile(
    sources: &mut SourceMap,
    kernel: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    options: &DriverOptions,
    progress: &mut dyn FnMut(&str),
) -> Compiled {
    let mut rec = Recorder::new(progress);
    let mut out = Compiled::default();
    run(sources, kernel, lookup, options, &mut rec, &mut out);
    out.stages = rec.stages;
    out
}

fn run(
    sources: &mut SourceMap,
    kernel: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    options: &DriverOptions,
    rec: &mut Recorder,
    out: &mut Compiled,
) -> Option<()> {
    let diags = &mut out.diagnostics;
    // C front end.
    rec.begin(StageGroup::C, "front-end");
    let name = crate::front::kernel_name(sources.name(kernel)).to_string();
    let front = crate::front::check(sources, kernel, &name, lookup);
    diags.extend(front.diagnostics);
    let prog = front.program.filter(|_| !has_errors(diags))?;
    rec.set_ir(sources.text(kernel).to_string());
    out.signature = Some(prog.signature());
    if !options.runs_after(StageGroup::C) {
        return Some(());
    }

    // CFG IR and its passes (each verified by the pass runner).
    rec.begin(StageGroup::Cfg, "lower");
    let mut cfg = crate::cfg::build::build_module(&prog, diags)?;
    rec.set_ir(crate::cfg::print::print_module(&cfg));
    out.ret = cfg.functions.first().and_then(|f| f.ret);
    let mut observer = RecordStages::new(rec, StageGroup::Cfg, crate::cfg::print::print_module);
    if !optimize_observed(&mut cfg, diags, &mut observer) || has_errors(diags) {
        return None;
    }
    let cfg = &*out.cfg.insert(cfg);
    if !options.runs_after(StageGroup::Cfg) {
        return Some(());
    }

    // The reference interpreter: golden values and the profile.
    let wants_golden = options.golden
        || options.rtl.is_some()
        || options.simulate.is_some()
        || options.buffers.algorithm.is_milp();
    if wants_golden {
        rec.begin(StageGroup::Golden, "interpret");
        match interp::run(cfg, &options.interp) {
            Ok(run) => {
                if let Some(call) = run.calls.first() {
                    rec.set_ir(call_json(call));
                }
                out.golden = Some(run);
            }
            Err(d) => diags.push(d),
        }
    }
    if !options.runs_after(StageGroup::Golden) {
        return Some(());
    }

    // The memory interfaces (`auto` measures its candidates), then Handshake IR.
    let candidates = match (options.memory, cfg.functions.first()) {
        (MemoryMode::Auto, Some(f)) => queue_candidates(f),
        _ => BTreeSet::new(),
    };
    let mut verdicts = BTreeMap::new();
    let mut placed = None;
    let plan = match options.memory {
        MemoryMode::Token => QueuePlan::none(),
        MemoryMode::Lsq => QueuePlan::EveryConflict,
        MemoryMode::Auto if candidates.is_empty() => QueuePlan::none(),
        MemoryMode::Auto => {
            rec.begin(StageGroup::Handshake, "choose-memory");
            // The measurement needs the golden run: made here when nothing else asked for it
            // (a `main` that cannot run leaves the token, unmeasured).
            if out.golden.is_none() {
                out.golden = interp::run(cfg, &options.interp).ok();
            }
            let kernel = memory_choice::Kernel {
                cfg,
                placeholders: &prog.placeholders,
                sources,
                golden: out.golden.as_ref(),
                ret: out.ret,
            };
            let choice = memory_choice::choose(&kernel, &candidates, options);
            rec.set_ir(choice.summary(cfg.functions.first()?));
            verdicts = choice.verdicts;
            placed = choice.placed;
            choice.plan
        }
    };
    let mut observer = RecordStages::new(rec, StageGroup::Handshake, print_module);
    let lowered = lower_to_handshake(
        cfg,
        &prog.placeholders,
        sources,
        !options.no_bitwidth_opt,
        &plan,
        diags,
        &mut observer,
    );
    let lowered = lowered.filter(|_| !has_errors(diags))?;
    out.memories = lowered.memories;
    out.interfaces = lowered.interfaces;
    for (m, verdict) in verdicts {
        if let Some(interface) = out.interfaces.get_mut(m as usize) {
            interface.auto = Some(verdict);
        }
    }
    let module = out.module.insert(lowered.module);
    if !options.runs_after(StageGroup::Handshake) {
        return Some(());
    }

    // Buffer placement, with the timing model every later stage uses.
    rec.begin(StageGroup::Buffers, "buffers");
    let timing = match options.resolved_timing() {
        Ok(t) => &*out.timing.insert(t),
        Err(ds) => {
            diags.extend(ds);
            return None;
        }
    };
    let func = module.funcs.first_mut()?;
    // `auto` placed the chosen plan's circuit already: the same lowering, the same placement.
    let report = match placed {
        Some(trial) => {
            *func = trial.func;
            diags.extend(trial.diagnostics);
            trial.report
        }
        None => {
            let profile = match (&out.golden, cfg.functions.first()) {
                (Some(g), Some(f)) => Some(ArcProfile::from_profile(&g.profile, &f.layout)),
                _ => None,
            };
            buffers::place(func, profile.as_ref(), &options.buffers, timing, diags)
        }
    };
    crate::transform::origins::inherit(func);
    let stage = format!("buffers-{}", report.algorithm);
    rec.rename(stage.clone());
    out.buffers = Some(report);
    // The queues' depths, measured on the placed circuit (placement does not depend on them).
    let mut sizing_diags = Vec::new();
    queue_depths::size_queues(out, options.lsq_depth, &mut sizing_diags);
    let failed = has_errors(&sizing_diags);
    out.diagnostics.extend(sizing_diags);
    let module = out.module.as_ref()?;
    rec.set_ir(print_func(module.funcs.first()?));
    let errs = verify_handshake(module, true);
    if failed || !errs.is_empty() {
        if !errs.is_empty() {
            let d = Diagnostic::invalid_ir("Handshake", &stage, &errs);
            out.diagnostics.push(d);
        }
        return None;
    }
    if let Some(sim) = &options.simulate {
        match simulate(out, sim) {
            Ok(check) => out.simulation = Some(check),
            Err(ds) => out.diagnostics.extend(ds),
        }
    }
    if !options.runs_after(StageGroup::Buffers) {
        return Some(());
    }
    let default_max_cycles = super::default_cycle_limit(out);
    let diags = &mut out.diagnostics;
    let func = out.module.as_ref()?.funcs.first()?;

    // HW IR.
    rec.begin(StageGroup::Hw, "hw");
    let (design, hw_diags) = lower_func_with_timing(func, out.timing.as_ref()?);
    diags.extend(hw_diags);
    let design = design?;
    rec.set_ir(print_design(&design));
    let errs = crate::hw::verify::verify(&design);
    if !errs.is_empty() {
        diags.push(Diagnostic::invalid_ir("HW", "hw", &errs));
        return None;
    }
    if !options.runs_after(StageGroup::Hw) {
        out.design = Some(design);
        return Some(());
    }

    // Synth IR, phase by phase (each verified by the Synth lowering).
    if options.synth {
        let mut observer = RecordStages::new(rec, StageGroup::Synth, print_netlist);
        match lower_phases(out.module.as_ref()?, &mut observer) {
            Ok(phases) => out.synth = phases.map(|p| p.inverted),
            Err(ds) => diags.extend(ds),
        }
    }

    // RTL and its bundle.
    if let Some(rtl_options) = options
        .rtl
        .as_ref()
        .filter(|_| options.runs_after(StageGroup::Synth))
    {
        if has_errors(diags) {
            out.design = Some(design);
            return None;
        }
        rec.begin(StageGroup::Rtl, "rtl");
        let ir = bundle_ir(&rec.stages);
        let input = rtl::RtlInput {
            func,
            design: &design,
            memories: &out.memories,
            call: out.golden.as_ref().and_then(|g| g.calls.first()),
            default_max_cycles,
            ir,
            simulated_cycles: out
                .simulation
                .as_ref()
                .filter(|c| c.passed())
                .map(|c| c.cycles),
        };
        out.rtl = Some(rtl::build(&input, rtl_options, rec, diags));
    }
    out.design = Some(design);
    Some(())
}

/// The IR texts the RTL bundle saves under `ir/`: the CFG, Handshake, buffered Handshake and
/// HW stages, in order.
fn bundle_ir(stages: &[StageIr]) -> Vec<(String, String)> {
    stages
        .iter()
        .filter(|s| {
            matches!(
                s.group,
                StageGroup::Cfg | StageGroup::Handshake | StageGroup::Buffers | StageGroup::Hw
            )
        })
        .filter_map(|s| Some((s.name.clone(), s.ir.clone()?)))
        .collect()
}

/// Adapts the [`Recorder`] to a stage runner: each stage the runner starts becomes a stage of
/// `group`, and the IR after it is printed with `print`.
struct RecordStages<'r, 'p, Ir> {
    rec: &'r mut Recorder<'p>,
    group: StageGroup,
    print: fn(&Ir) -> String,
}

impl<'r, 'p, Ir> RecordStages<'r, 'p, Ir> {
    fn new(rec: &'r mut Recorder<'p>, group: StageGroup, print: fn(&Ir) -> String) -> Self {
        RecordStages { rec, group, print }
    }
}

impl<Ir> StageObserver<Ir> for RecordStages<'_, '_, Ir> {
    fn start(&mut self, name: &'static str) {
        self.rec.begin(self.group, name);
    }

    fn done(&mut self, ir: &Ir) {
        self.rec.set_ir((self.print)(ir));
    }
}
