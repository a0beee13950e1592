//! Handshake to Synth (spec/handshake-to-synth.md): a materialized Handshake function becomes a
//! hierarchy of `hw.module`s on single-bit wires, ready running against data and valid.
//!
//! [`lower_module`] takes a module with one non-external function (none: the module is returned
//! [`SynthModule::Unchanged`]; more: an error) and runs the phases in order:
//! 1. [`unbundle`]: every value becomes `{data, valid, ready}` plus its extra signals (control:
//!    `{valid, ready}`, memref: `{data, valid, ready}`, raw: `{data}`), every op an
//!    `hw.instance` of its own `hw.module` wrapping a `synth.subckt`, the function the top
//!    `hw.module` with `hw.output`; ports `in_data_N`, `in_valid_N`, `in_ready_N`, `out_data_N`…
//!    by original port index (extras `in_extra_<name>_N`);
//! 2. [`invert_ready`]: ready ports (and upstream extras) flip direction in every module and
//!    the instances are rewired, recursively through the hierarchy;
//! 3. [`split_bits`]: every multi-bit port becomes single-bit ports `<port>_<bit>`.
//!
//! [`lower_phases`] runs the same phases, tells a [`StageObserver`] about each (the driver
//! records them as stages) and keeps the netlist after each one. The netlist is verified after
//! every phase with that phase's rules ([`verify::SynthPhase`]); a finding is an internal
//! error naming the phase.
//! [`verify()`] checks the result's invariants, [`print()`] writes MLIR-like text and
//! [`ports::op_ports`] gives the web app the ports of any Handshake op.
//!
//! The input must be verified and materialized (every channel and control value has exactly
//! one consumer, every memory value at most one: ready inversion swaps a ready's driver and its
//! single consumer, and an unused memory gets a sink);
//! `lower_module` checks this and reports every violation instead of lowering. External
//! functions (callees of `instance` ops) are not part of the result: the instance's module
//! names its callee in its subcircuit (`synth.subckt "instance @callee"`).

pub mod invert_ready;
pub mod ir;
pub mod ports;
pub mod print;
pub mod split_bits;
pub mod unbundle;
pub mod verify;

pub use ir::{HwModule, Netlist, Port, PortDir, Role, SynthModule};
pub use print::{print, print_hw_module_of, print_netlist};
pub use verify::{verify, verify_netlist, SynthPhase};

use crate::diag::{has_errors, Diagnostic};
use crate::handshake::{self, verify_func, Func, Type, VerifyOptions};
use crate::stages::StageObserver;

/// Lowers a Handshake module to Synth (all three phases), or reports why it cannot.
pub fn lower_module(module: &handshake::Module) -> Result<SynthModule, Vec<Diagnostic>> {
    Ok(match lower_phases(module, &mut ())? {
        Some(p) => SynthModule::Lowered(p.split),
        None => SynthModule::Unchanged(module.clone()),
    })
}

/// The netlist after each phase, for pipeline views and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phases {
    /// After phase 1: unbundled, every signal in its channel's direction.
    pub unbundled: Netlist,
    /// After ready inversion.
    pub inverted: Netlist,
    /// After bit splitting: the final netlist.
    pub split: Netlist,
}

/// Runs the three phases, keeping each result and telling `observer` about each; None when
/// the module has no non-external function (it is then left unchanged). Same checks as
/// [`lower_module`].
pub fn lower_phases(
    module: &handshake::Module,
    observer: &mut dyn StageObserver<Netlist>,
) -> Result<Option<Phases>, Vec<Diagnostic>> {
    let Some(f) = single_func(module)? else {
        return Ok(None);
    };
    let unbundled = run_phase(observer, SynthPhase::Unbundled, || {
        unbundle::unbundle_func(f)
    })?;
    let inverted = run_phase(observer, SynthPhase::Inverted, || {
        invert_ready::invert_ready(&unbundled)
    })?;
    check_split_size(&inverted, f)?;
    let split = run_phase(observer, SynthPhase::Split, || {
        Ok(split_bits::split_bits(&inverted))
    })?;
    Ok(Some(Phases {
        unbundled,
        inverted,
        split,
    }))
}

/// Runs one phase: announced to `observer`, its netlist shown to it, then verified.
fn run_phase(
    observer: &mut dyn StageObserver<Netlist>,
    phase: SynthPhase,
    run: impl FnOnce() -> Result<Netlist, Vec<Diagnostic>>,
) -> Result<Netlist, Vec<Diagnostic>> {
    observer.start(phase.name());
    let net = run()?;
    observer.done(&net);
    let findings = verify_netlist(&net, phase);
    if findings.is_empty() {
        Ok(net)
    } else {
        Err(vec![Diagnostic::invalid_ir(
            "Synth",
            phase.name(),
            &findings,
        )])
    }
}

/// Most single-bit ports and signals bit splitting may create: the IR allows absurd widths
/// (`channel<i4000000000>`) that would otherwise exhaust memory.
pub const MAX_SPLIT_WIRES: u64 = 1 << 22;

/// Refuses netlists whose bit splitting would create more than [`MAX_SPLIT_WIRES`] wires.
fn check_split_size(net: &Netlist, f: &Func) -> Result<(), Vec<Diagnostic>> {
    let wires = |w: u32| u64::from(w.max(1));
    let total: u64 = net
        .modules
        .iter()
        .flat_map(|m| {
            let ports = m.ports.iter().map(|p| wires(p.width));
            ports.chain(m.signals.iter().map(|s| wires(s.width)))
        })
        .sum();
    if total <= MAX_SPLIT_WIRES {
        return Ok(());
    }
    let widest = net
        .modules
        .iter()
        .flat_map(|m| m.ports.iter().map(move |p| (p.width, &m.name, &p.name)))
        .max_by_key(|&(w, ..)| w);
    let mut d = Diagnostic::error(format!(
        "@{} is too wide for the Synth lowering: splitting it into single bits would create \
         {total} wires (at most {MAX_SPLIT_WIRES})",
        f.name
    ));
    if let Some((w, module, port)) = widest {
        d = d.with_note(format!(
            "the widest port is `{port}` of `{module}` ({w} bits)"
        ));
    }
    if let Some(s) = f.loc.0 {
        d = d.with_span(s);
    }
    Err(vec![d])
}

/// The one non-external function, checked to be verified and materialized.
fn single_func(module: &handshake::Module) -> Result<Option<&Func>, Vec<Diagnostic>> {
    let bodies: Vec<&Func> = module.funcs.iter().filter(|f| f.has_body).collect();
    match bodies.as_slice() {
        [] => Ok(None),
        [f] => {
            let opts = VerifyOptions { materialized: true };
            let mut diags = verify_func(f, Some(module), &opts);
            diags.extend(memref_consumers(f));
            if has_errors(&diags) {
                Err(diags.into_iter().filter(Diagnostic::is_error).collect())
            } else {
                Ok(Some(f))
            }
        }
        [_, second, ..] => {
            let mut d = Diagnostic::error(format!(
                "the Synth lowering supports one non-external handshake function per module, \
                 found {}",
                bodies.len()
            ))
            .with_note(format!(
                "functions with a body: {}",
                bodies
                    .iter()
                    .map(|f| format!("@{}", f.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            if let Some(s) = second.loc.0 {
                d = d.with_span(s);
            }
            if let Some(s) = bodies[0].loc.0 {
                d = d.with_label(s, "first function here");
            }
            Err(vec![d])
        }
    }
}

/// Memory arguments unbundle into handshaked signals too: each needs at most one consumer
/// (an unused one gets a sink in [`unbundle`]).
fn memref_consumers(f: &Func) -> Vec<Diagnostic> {
    let uses = f.use_lists();
    f.args
        .iter()
        .enumerate()
        .filter(|(_, &a)| matches!(f.ty(a), Some(Type::MemRef { .. })))
        .filter_map(|(i, &a)| {
            let n = uses.get(a.0 as usize).map_or(0, Vec::len);
            (n > 1).then(|| {
                let mut d = Diagnostic::error(format!(
                    "memory argument {i} of @{} has {n} consumers, but the Synth lowering needs \
                     at most one",
                    f.name
                ));
                if let Some(s) = f.value(a).and_then(|v| v.loc.0) {
                    d = d.with_span(s);
                }
                d
            })
        })
        .collect()
}
