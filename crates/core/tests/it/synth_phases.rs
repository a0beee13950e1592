//! The phases of the Synth lowering one by one: ready inversion and bit splitting work on any
//! module hierarchy (here the lowered function instantiated once more inside a wrapper), and
//! every module of the result, at every level, satisfies the verifier.

use rivulet_core::diag::FileId;
use rivulet_core::handshake::parse_module;
use rivulet_core::synth::{self, invert_ready, split_bits, HwModule, PortDir};
use std::path::Path;

#[test]
fn inversion_and_splitting_recurse_through_the_hierarchy() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/synth/steer.mlir");
    let text = std::fs::read_to_string(path).expect("read input");
    let (module, _) = parse_module(&text, FileId(0));
    let mut net = synth::lower_phases(&module, &mut ())
        .expect("lowers")
        .expect("has a function")
        .unbundled;

    // Phase 1 wrapper: the same ports, passed straight through an instance of the function.
    let inner = net.top().expect("top module").clone();
    let mut wrapper = HwModule::graph("wrapper".into(), inner.ports.clone());
    let inst = wrapper.add_instance("inner".into(), &inner) as usize;
    wrapper.instances[inst].operands = inner
        .input_ports()
        .filter_map(|(p, _)| wrapper.input_signal(p))
        .collect();
    wrapper.outputs = wrapper.instances[inst].results.clone();
    net.modules.push(wrapper);

    let inverted = invert_ready::invert_ready(&net).expect("inverts");
    let split = split_bits::split_bits(&inverted);
    let errors = synth::verify_netlist(&split, synth::SynthPhase::Split);
    assert!(errors.is_empty(), "{errors:#?}");

    let wrapper = split.module("wrapper").expect("wrapper");
    let dir = |n: &str| wrapper.ports.iter().find(|p| p.name == n).map(|p| p.dir);
    assert_eq!(dir("in_ready_0"), Some(PortDir::Out));
    assert_eq!(dir("out_ready_1"), Some(PortDir::In));
    assert_eq!(dir("in_data_0_1"), Some(PortDir::In));
    // The wrapper's ready output is the inner instance's ready result.
    let out_pos = wrapper
        .output_ports()
        .position(|(_, p)| p.name == "in_ready_0")
        .expect("ready output");
    let sig = wrapper.signal(wrapper.outputs[out_pos]).expect("driven");
    assert_eq!(sig.name, "inner.in_ready_0");
}

#[test]
fn a_ready_with_two_consumers_cannot_be_inverted() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/synth/extras.mlir");
    let text = std::fs::read_to_string(path).expect("read input");
    let (module, _) = parse_module(&text, FileId(0));
    let mut net = synth::lower_phases(&module, &mut ())
        .expect("lowers")
        .expect("has a function")
        .unbundled;
    // The buffer's phase-1 `out_ready_0` result drives the top's `out_ready_0` output; make it
    // drive the buffer's own `in_extra_spec_0` operand too.
    let top = net.modules.last_mut().expect("top");
    let ready = top.outputs[2];
    assert_eq!(top.signal(ready).unwrap().name, "buffer0.out_ready_0");
    let buf = &mut top.instances[0];
    buf.operands[3] = ready;
    let errs = invert_ready::invert_ready(&net).expect_err("must fail");
    assert!(
        errs.iter().any(|d| d.message.contains("consumers")),
        "{errs:#?}"
    );
}
