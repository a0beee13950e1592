//! CFDFC extraction on corpus kernels: the loops found from the interpreter's profile and
//! their units and channels in the Handshake circuit.

mod corpus;

use rivulet_core::buffer::cfdfc::{extract_cycles, Cfdfc};

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
