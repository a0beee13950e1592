//! CFDFC extraction on corpus kernels: the loops found from the interpreter's profile and
//! their units and channels in the Handshake circuit, and what their memory accesses impose.

use crate::support::corpus;
use rivulet_core::buffer::cfdfc::{extract_cycles, Cfdfc};
use rivulet_core::handshake::{BufferType, OpKind};

#[test]
fn fir_has_one_loop() {
    let (func, profile) = corpus::circuit_and_profile("fir");
    let (cycles, _) = extract_cycles(&profile);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    let cf = Cfdfc::in_func(&func, &cycles[0]);
    // The loop runs once per coefficient.
    let header = cycles[0].blocks[0];
    let entries: u64 = profile
        .arcs
        .iter()
        .filter(|((a, b), _)| *b == header && *a < header)
        .map(|(_, n)| *n)
        .sum();
    assert!(cycles[0].execs > entries, "{cycles:?}");
    // Every channel of the CFDFC joins two of its units; some carry the next iteration.
    assert!(!cf.backedges.is_empty());
    assert!(cf.backedges.is_subset(&cf.channels));
    for &c in &cf.channels {
        let p = func.defining_op(c).unwrap();
        let (u, _) = func.users(c)[0];
        assert!(cf.units.contains(&p) && cf.units.contains(&u));
    }
}

#[test]
fn nested_loops_give_the_inner_loop_first() {
    let (func, profile) = corpus::circuit_and_profile("matmul");
    let (cycles, _) = extract_cycles(&profile);
    assert!(cycles.len() >= 3, "{cycles:?}");
    // Executions never grow from one CFDFC to the next of the same loop nest, and the first
    // (the innermost loop) is the most executed.
    assert!(cycles.iter().all(|c| c.execs <= cycles[0].execs));
    // The next loop out passes through the innermost loop's header (it enters and leaves it).
    assert!(
        cycles[1].blocks.contains(&cycles[0].blocks[0]),
        "{cycles:?}"
    );
    let inner = Cfdfc::in_func(&func, &cycles[0]);
    let middle = Cfdfc::in_func(&func, &cycles[1]);
    assert!(!inner.channels.is_empty() && !middle.channels.is_empty());
    assert!(inner.units.intersection(&middle.units).next().is_some());
}

/// The loop of `name` whose header is block `header`, with its circuit.
fn loop_at(name: &str, header: u32) -> (rivulet_core::handshake::Func, Cfdfc) {
    let (func, profile) = corpus::circuit_and_profile(name);
    let (cycles, _) = extract_cycles(&profile);
    let cycle = cycles.iter().find(|c| c.blocks[0] == header).unwrap();
    let cf = Cfdfc::in_func(&func, cycle);
    (func, cf)
}

#[test]
fn loads_sharing_a_read_port_bound_the_interval_and_wait_for_each_other() {
    // Three loads of one array per pixel, issued together: each waits for the other two.
    let (func, cf) = loop_at("rgb_to_gray", 1);
    assert_eq!(cf.memory.min_interval, 3);
    let loads: Vec<_> = cf
        .units
        .iter()
        .filter(|&&u| func.op(u).unwrap().kind == OpKind::Load)
        .collect();
    assert_eq!(loads.len(), 3);
    for l in loads {
        assert_eq!(cf.memory.load_waits.get(l), Some(&2), "{:?}", cf.memory);
    }
    // Seven loads of one array per point.
    let (_, cf) = loop_at("stencil_3d", 5);
    assert_eq!(cf.memory.min_interval, 7);
    // Three loads of one array released by the same memory-ordering token (loads between two
    // stores do not wait for one another): they ask for the port together too.
    let (func, cf) = loop_at("jacobi_1d", 2);
    assert_eq!(cf.memory.min_interval, 3);
    let loads = cf
        .units
        .iter()
        .filter(|&&u| func.op(u).unwrap().kind == OpKind::Load);
    for l in loads {
        assert_eq!(cf.memory.load_waits.get(l), Some(&2), "{:?}", cf.memory);
    }
}

#[test]
fn loads_on_separate_ports_or_in_order_never_wait() {
    // One load per array: no sharing.
    let (_, cf) = loop_at("fir", 1);
    assert_eq!(cf.memory.min_interval, 1);
    assert!(cf.memory.load_waits.is_empty(), "{:?}", cf.memory);
    // Two loads of `in`, the second in the branch the first one's value decides: the port
    // still serves one per cycle, but the loads never ask for it together.
    let (_, cf) = loop_at("run_length", 1);
    assert_eq!(cf.memory.min_interval, 2);
    assert!(cf.memory.load_waits.is_empty(), "{:?}", cf.memory);
}

#[test]
fn a_loop_through_a_slot_breaking_every_signal_takes_two_cycles() {
    // `a[i] = b[i]` after a loop reading `b`: the lowering orders the accesses with a
    // token through a ONE_SLOT_BREAK_DVR, which passes one token every other cycle.
    let (func, cf) = loop_at("jacobi_1d", 4);
    let dvr = cf.units.iter().any(|&u| {
        matches!(&func.op(u).unwrap().kind,
            OpKind::Buffer(p) if p.effective_type() == BufferType::OneSlotBreakDVR)
    });
    assert!(dvr);
    assert_eq!(cf.memory.min_interval, 2);
}
