//! Layout guarantees on seeded random dataflow-like graphs of several sizes.

use crate::support::layout_support;
use layout_support::{block_circuit, random_circuit, violations};
use rivulet_core::layout::{layout, LayoutOptions};

#[test]
fn random_circuits_satisfy_all_guarantees() {
    for (n, seed) in [(5, 1), (20, 2), (50, 3), (120, 4), (300, 5)] {
        let g = random_circuit(n, seed);
        let l = layout(&g, &LayoutOptions::default());
        let bad = violations(&g, &l);
        assert!(bad.is_empty(), "n={n}: {:#?}", &bad[..bad.len().min(20)]);
        assert!(l.issues.is_empty());
    }
}

#[test]
fn block_circuits_satisfy_all_guarantees() {
    for (n, seed) in [(9, 1), (64, 2), (300, 3)] {
        let g = block_circuit(n, seed);
        let l = layout(&g, &LayoutOptions::default());
        let bad = violations(&g, &l);
        assert!(bad.is_empty(), "n={n}: {:#?}", &bad[..bad.len().min(20)]);
    }
}
