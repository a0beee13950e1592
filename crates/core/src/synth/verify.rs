//! The verifier of the Synth netlist, after each phase of the lowering ([`SynthPhase`]).
//! Invariants (each violation is one error diagnostic naming the module and the signal or port;
//! the verifier never panics):
//! * **no Handshake types**: ports and signals are plain bit vectors by construction; every
//!   port has a non-zero width and the module names are unique;
//! * **directions**: in every module, for every channel with a valid port, data and downstream
//!   extras have the valid port's direction; each ready port (and upstream extra signal) has
//!   the valid port's direction after unbundling and the opposite one from ready inversion on
//!   (ready against data);
//! * **single bits** (after bit splitting): every port and signal is one bit wide;
//! * **drivers**: every signal is defined once, by an input port, the subcircuit or an instance
//!   result that points back to it; every operand and output names an existing signal;
//! * **consumers**: in a graph module every signal of a handshaked channel (one with valid) has
//!   exactly one consumer (raw signals may fan out or be unused);
//! * **instances**: the callee is an earlier module; one operand per callee input port and one
//!   result per output port, with matching widths.

use super::ir::{
    ChannelRef, HwModule, Netlist, Port, PortDir, Role, SignalDef, SignalId, SynthModule,
};
use crate::diag::Diagnostic;
use std::collections::{BTreeMap, BTreeSet};

/// A phase of the Synth lowering, after which the netlist is verified.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SynthPhase {
    /// After unbundling: every signal in its channel's direction.
    Unbundled,
    /// After ready inversion: ready against data.
    Inverted,
    /// After bit splitting: the final netlist, single bits only.
    Split,
}

crate::named_enum!(SynthPhase, "Synth phase" {
    Unbundled => "unbundle",
    Inverted => "invert-ready",
    Split => "split-bits",
});

/// Verifies a lowering result (an unchanged Handshake module has nothing to check).
pub fn verify(m: &SynthModule) -> Vec<Diagnostic> {
    match m {
        SynthModule::Unchanged(_) => Vec::new(),
        SynthModule::Lowered(net) => verify_netlist(net, SynthPhase::Split),
    }
}

/// The modules verified so far, by name, with their handshaked channels (those with valid).
type Known<'a> = BTreeMap<&'a str, (&'a HwModule, BTreeSet<ChannelRef>)>;

/// Verifies every module of a netlist as it stands after `phase`.
pub fn verify_netlist(net: &Netlist, phase: SynthPhase) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let mut known = Known::new();
    for m in &net.modules {
        let mut err = |msg: String| diags.push(Diagnostic::error(format!("@{}: {msg}", m.name)));
        let dup = known.contains_key(m.name.as_str());
        if dup {
            err("module is defined twice".into());
        }
        check_ports(m, phase, &mut err);
        check_drivers(m, &known, &mut err);
        let handshaked = handshaked(&m.ports);
        if m.subckt.is_none() {
            check_consumers(m, &handshaked, &known, &mut err);
        }
        if !dup {
            known.insert(m.name.as_str(), (m, handshaked));
        }
    }
    diags
}

fn handshaked(ports: &[Port]) -> BTreeSet<ChannelRef> {
    valid_dirs(ports).into_iter().map(|(c, _)| c).collect()
}

/// The channels of a port list that have a valid port, with that port's direction.
fn valid_dirs(ports: &[Port]) -> Vec<(ChannelRef, PortDir)> {
    ports
        .iter()
        .filter(|p| p.role == Role::Valid)
        .map(|p| (p.channel, p.dir))
        .collect()
}

fn check_ports(m: &HwModule, phase: SynthPhase, err: &mut impl FnMut(String)) {
    let single_bits = phase == SynthPhase::Split;
    let ready_against_data = phase != SynthPhase::Unbundled;
    let mut names = BTreeSet::new();
    let valids: BTreeMap<ChannelRef, PortDir> = valid_dirs(&m.ports).into_iter().collect();
    for p in &m.ports {
        if !names.insert(p.name.as_str()) {
            err(format!("port {} appears twice", p.name));
        }
        if single_bits && p.width != 1 {
            err(format!("port {} is {} bits wide, not one", p.name, p.width));
        } else if p.width == 0 {
            err(format!("port {} has no bits", p.name));
        }
        let Some(&valid) = valids.get(&p.channel) else {
            continue;
        };
        let want = if ready_against_data && p.role.against_data() {
            valid.flipped()
        } else {
            valid
        };
        if p.dir != want {
            err(format!(
                "{} port {} is an {} port but its channel's valid is an {} port",
                p.role.kind(),
                p.name,
                p.dir.as_str(),
                valid.as_str()
            ));
        }
    }
    for s in m.signals.iter().filter(|_| single_bits) {
        if s.width != 1 {
            err(format!(
                "signal %{} is {} bits wide, not one",
                s.name, s.width
            ));
        }
    }
}

fn check_drivers(m: &HwModule, known: &Known<'_>, err: &mut impl FnMut(String)) {
    let exists = |s: SignalId| m.signal(s).is_some();
    let mut drivers = BTreeSet::new();
    let mut owner = vec![None; m.signals.len()];
    for (i, inst) in m.instances.iter().enumerate() {
        for r in &inst.results {
            if let Some(slot) = owner.get_mut(r.0 as usize) {
                *slot = Some(i as u32);
            }
        }
    }
    for (i, s) in m.signals.iter().enumerate() {
        let ok = match s.def {
            SignalDef::Input(p) => m
                .ports
                .get(p as usize)
                .is_some_and(|x| x.dir == PortDir::In),
            SignalDef::Subckt(p) => {
                m.subckt.is_some()
                    && m.ports
                        .get(p as usize)
                        .is_some_and(|x| x.dir == PortDir::Out)
            }
            SignalDef::Instance { inst, port } => m.instances.get(inst as usize).is_some_and(|x| {
                owner.get(i) == Some(&Some(inst)) && port_of(known, &x.module, port)
            }),
        };
        if !ok {
            err(format!("signal %{} has no valid driver", s.name));
        }
        if !drivers.insert(def_key(s.def)) {
            err(format!(
                "signal %{} is driven by an already used driver",
                s.name
            ));
        }
    }
    for (p, port) in m.input_ports() {
        if !drivers.contains(&def_key(SignalDef::Input(p as u32))) {
            err(format!("input port {} defines no signal", port.name));
        }
    }
    if m.outputs.len() != m.output_ports().count() {
        err(format!(
            "hw.output has {} operands for {} output ports",
            m.outputs.len(),
            m.output_ports().count()
        ));
    }
    for ((_, port), &s) in m.output_ports().zip(&m.outputs) {
        if !exists(s) {
            err(format!("output port {} is not driven", port.name));
        }
    }
    for inst in &m.instances {
        let Some(&(callee, _)) = known.get(inst.module.as_str()) else {
            err(format!(
                "instance {} names @{}, which is not an earlier module",
                inst.name, inst.module
            ));
            continue;
        };
        let n_in = callee.input_ports().count();
        let n_out = callee.output_ports().count();
        if inst.operands.len() != n_in || inst.results.len() != n_out {
            err(format!(
                "instance {} has {} operands and {} results; @{} has {n_in} inputs and {n_out} outputs",
                inst.name,
                inst.operands.len(),
                inst.results.len(),
                callee.name
            ));
            continue;
        }
        for ((_, port), &s) in callee.input_ports().zip(&inst.operands) {
            match m.signal(s) {
                None => err(format!(
                    "input {} of instance {} is not driven",
                    port.name, inst.name
                )),
                Some(x) if x.width != port.width => err(format!(
                    "input {} of instance {} is {} bits wide, fed by %{} of {} bits",
                    port.name, inst.name, port.width, x.name, x.width
                )),
                Some(_) => {}
            }
        }
    }
}

/// A sortable key of a signal definition.
fn def_key(d: SignalDef) -> (u8, u32, u32) {
    match d {
        SignalDef::Input(p) => (0, p, 0),
        SignalDef::Subckt(p) => (1, p, 0),
        SignalDef::Instance { inst, port } => (2, inst, port),
    }
}

fn port_of(known: &Known<'_>, module: &str, port: u32) -> bool {
    known
        .get(module)
        .and_then(|(c, _)| c.ports.get(port as usize))
        .is_some_and(|p| p.dir == PortDir::Out)
}

/// Every signal of a handshaked channel has exactly one consumer.
fn check_consumers(
    m: &HwModule,
    own: &BTreeSet<ChannelRef>,
    known: &Known<'_>,
    err: &mut impl FnMut(String),
) {
    let mut uses = vec![0usize; m.signals.len()];
    let all = m
        .instances
        .iter()
        .flat_map(|i| i.operands.iter())
        .chain(&m.outputs);
    for s in all {
        if let Some(n) = uses.get_mut(s.0 as usize) {
            *n += 1;
        }
    }
    for (s, n) in m.signals.iter().zip(uses) {
        let (ports, channels) = match s.def {
            SignalDef::Input(_) | SignalDef::Subckt(_) => (m.ports.as_slice(), own),
            SignalDef::Instance { inst, .. } => {
                match m
                    .instances
                    .get(inst as usize)
                    .and_then(|x| known.get(x.module.as_str()))
                {
                    Some((c, channels)) => (c.ports.as_slice(), channels),
                    None => continue,
                }
            }
        };
        let index = match s.def {
            SignalDef::Input(p) | SignalDef::Subckt(p) | SignalDef::Instance { port: p, .. } => p,
        };
        let Some(port) = ports.get(index as usize) else {
            continue;
        };
        if channels.contains(&port.channel) && n != 1 {
            err(format!(
                "channel signal %{} has {n} consumers, not exactly one",
                s.name
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::{compile_files, DriverOptions};
    use crate::synth::{invert_ready::invert_ready, split_bits::split_bits, unbundle};

    /// The netlists after each phase of a small kernel's buffered circuit.
    fn phases() -> [Netlist; 3] {
        let kernel = "#include \"dynamatic/Integration.h\"\nint sum(int a[4]) {\n  int s = 0;\n  for (int i = 0; i < 4; i++) s += a[i];\n  return s;\n}\n\
                      int main(void) {\n  int a[4] = {1, 2, 3, 4};\n  CALL_KERNEL(sum, a);\n  return 0;\n}\n";
        let files = [("sum.c".to_string(), kernel.to_string())];
        let (out, _) = compile_files(&files, &DriverOptions::default(), &mut |_| {});
        let func = out.kernel().expect("a kernel");
        let unbundled = unbundle::unbundle_func(func).expect("unbundles");
        let inverted = invert_ready(&unbundled).expect("inverts");
        let split = split_bits(&inverted);
        [unbundled, inverted, split]
    }

    fn errors(net: &Netlist, phase: SynthPhase) -> Vec<String> {
        verify_netlist(net, phase)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn each_phase_verifies_under_its_own_rules() {
        let [unbundled, inverted, split] = phases();
        assert_eq!(
            errors(&unbundled, SynthPhase::Unbundled),
            Vec::<String>::new()
        );
        assert_eq!(
            errors(&inverted, SynthPhase::Inverted),
            Vec::<String>::new()
        );
        assert_eq!(errors(&split, SynthPhase::Split), Vec::<String>::new());
    }

    #[test]
    fn ready_with_data_is_an_error_once_inverted_and_ready_against_data_before() {
        let [unbundled, inverted, _] = phases();
        let found = errors(&unbundled, SynthPhase::Inverted);
        assert!(found.iter().any(|m| m.contains("ready port")), "{found:?}");
        let found = errors(&inverted, SynthPhase::Unbundled);
        assert!(found.iter().any(|m| m.contains("ready port")), "{found:?}");
    }

    #[test]
    fn a_multi_bit_port_is_an_error_only_after_splitting() {
        let [_, inverted, _] = phases();
        let found = errors(&inverted, SynthPhase::Split);
        assert!(
            found.iter().any(|m| m.contains("bits wide, not one")),
            "{found:?}"
        );
    }

    #[test]
    fn a_port_without_bits_is_an_error_in_every_phase() {
        let [mut unbundled, ..] = phases();
        unbundled.modules[0].ports[0].width = 0;
        let found = errors(&unbundled, SynthPhase::Unbundled);
        assert!(found.iter().any(|m| m.contains("has no bits")), "{found:?}");
    }
}
