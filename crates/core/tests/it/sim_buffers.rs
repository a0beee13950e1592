//! On-merges buffer placement, cycle analysis and the Handshake → netlist adapter on lowered
//! circuits from `tests/lower/`: placement cuts every combinational cycle with buffers written
//! as the spec prints them, the buffered loop simulates to the right sum, and operations
//! without a simulation model are reported, not panicked on.

use crate::support::corpus;
use rivulet_core::buffer::{combinational_cycles, cyclic_channels, place_on_merges};
use rivulet_core::diag::{has_errors, render, SourceMap};
use rivulet_core::driver::{DriverOptions, StageGroup};
use rivulet_core::handshake::{parse_module, print_func, Func, OpKind};
use rivulet_core::sim::adapter::{build_netlist, KernelInputs};
use rivulet_core::sim::{simulate, SimOptions, Status};
use rivulet_core::timing::TimingModel;
use std::path::Path;

fn lowered(name: &str) -> Func {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/lower")
        .join(name)
        .join(format!("{name}.handshake"));
    let text = std::fs::read_to_string(path).expect("golden file");
    let mut sources = SourceMap::new();
    let file = sources.add(name, text.clone());
    let (module, diags) = parse_module(&text, file);
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    module.funcs.into_iter().next().expect("a function")
}

fn inputs(n: u64) -> KernelInputs {
    let mut i = KernelInputs::default();
    i.scalars.insert("n".into(), n);
    i
}

#[test]
fn on_merges_cuts_every_cycle_of_a_loop() {
    let mut f = lowered("one_loop");
    let (dv, r) = combinational_cycles(&f);
    assert!(
        !dv.is_empty() && !r.is_empty(),
        "the unbuffered loop is combinational"
    );
    // control_merge (data and index) and the three muxes lie on the loop: two slots each.
    assert_eq!(place_on_merges(&mut f), 10);
    assert_eq!(combinational_cycles(&f), (vec![], vec![]));
    let text = print_func(&f);
    assert!(text.contains(
        "hw.parameters = {BUFFER_TYPE = \"ONE_SLOT_BREAK_DV\", NUM_SLOTS = 1 : ui32, \
         TIMING = #handshake<timing {D: 1, V: 1, R: 0}>}"
    ));
    assert!(text.contains(
        "hw.parameters = {BUFFER_TYPE = \"ONE_SLOT_BREAK_R\", NUM_SLOTS = 1 : ui32, \
         TIMING = #handshake<timing {D: 0, V: 0, R: 1}>}"
    ));
    // Every buffer follows a merge-like op (directly or through the first slot).
    for (_, op) in f.ops() {
        if let OpKind::Buffer(_) = op.kind {
            let p = f.defining_op(op.operands[0]).and_then(|p| f.op(p)).unwrap();
            assert!(matches!(
                p.kind,
                OpKind::ControlMerge | OpKind::Mux | OpKind::Buffer(_)
            ));
        }
    }
}

#[test]
fn straight_line_code_gets_no_buffers() {
    let mut f = lowered("straight");
    assert!(cyclic_channels(&f).components.is_empty());
    assert_eq!(place_on_merges(&mut f), 0);
}

#[test]
fn buffered_loop_simulates_to_the_sum() {
    let timing = TimingModel::builtin().unwrap();
    let mut f = lowered("one_loop");
    // Unbuffered, no token can pass the loop header (the ready paths form a cycle).
    let a = build_netlist(&f, &timing, &inputs(10)).unwrap();
    let r = simulate(&a.netlist, &SimOptions::default()).unwrap();
    assert!(
        matches!(r.status, Status::CombLoop(_) | Status::Deadlock(_)),
        "{:?}",
        r.status
    );
    place_on_merges(&mut f);
    for n in [0u64, 1, 10] {
        let a = build_netlist(&f, &timing, &inputs(n)).unwrap();
        let r = simulate(&a.netlist, &SimOptions::default()).unwrap();
        if let Status::Deadlock(d) = &r.status {
            panic!("n = {n}: {}", d.render(&a.netlist));
        }
        assert_eq!(r.status, Status::Finished);
        let k = a.exit_names.iter().position(|x| x == "out0").unwrap();
        assert_eq!(r.outputs[k], Some(n * n.saturating_sub(1) / 2), "n = {n}");
    }
    // The map back names an IR value for every channel and an origin for every unit.
    let a = build_netlist(&f, &timing, &inputs(3)).unwrap();
    assert_eq!(a.channel_values.len(), a.netlist.channels.len());
    assert_eq!(a.unit_origins.len(), a.netlist.units.len());
}

/// A value the loop carries without feeding it back through its own header merge
/// (`x = 1u;`): the merge of `x` lies on no cycle, yet its output joins the loop-carried `v`,
/// whose next value waits at its header for the next select, which the header's index fork
/// sends only once the merge of `x` has fired. Without a slot after that merge this
/// deadlocked in cycle 3 (found by `random_kernels`).
#[test]
fn a_header_merge_on_no_cycle_gets_a_slot() {
    let source = r#"#include "dynamatic/Integration.h"
unsigned k(unsigned s) {
  unsigned x = s;
  unsigned v = 0u;
  for (unsigned i = 0u; i < 4u; i++) {
    v = v + x;
    x = 1u;
  }
  return x ^ v;
}
int main(void) {
  CALL_KERNEL(k, 39u);
  return 0;
}
"#;
    let options = DriverOptions {
        stop_after: Some(StageGroup::Buffers),
        simulate: Some(SimOptions::default()),
        ..DriverOptions::default()
    };
    let (out, sources) = corpus::compile_text("k.c", source, &mut |_| None, &options);
    assert!(!has_errors(&out.diagnostics), "{:?}", out.diagnostics);
    if let Some(d) = out.simulation_failure() {
        panic!("{}", render(&sources, &[d]));
    }
    let check = out.simulation.expect("simulated");
    assert_eq!(check.status, Status::Finished);
}

#[test]
fn unsupported_operations_are_diagnosed() {
    let timing = TimingModel::builtin().unwrap();
    let f = lowered("hw_inst");
    let errs = build_netlist(&f, &timing, &KernelInputs::default()).unwrap_err();
    assert!(
        errs.iter()
            .any(|d| d.message.contains("`instance` has no simulation model")),
        "{errs:?}"
    );
}
