//! Every corpus kernel (`tests/front/*/`, `tests/kernels/*/`, `tests/cfg-passes/*/`), compiled to Handshake with the
//! on-merges buffers and simulated cycle by cycle, must produce the interpreter's outputs. One
//! test per kernel (`sim_corpus::kernels::fir`, …) fails with the reason (compile error,
//! deadlock, mismatch). Known lowering gaps are listed in [`KNOWN_GAPS`].

use crate::support::corpus;
use std::path::Path;

/// Kernels the lowering does not support yet, with the reason they must fail for (the test
/// fails when one of them passes, so the list stays current).
const KNOWN_GAPS: &[(&str, &str)] = &[];

kernel_tests!(front, simulates_to_the_interpreters_outputs, front);
kernel_tests!(kernels, simulates_to_the_interpreters_outputs, kernels);
kernel_tests!(
    cfg_passes,
    simulates_to_the_interpreters_outputs,
    cfg_passes
);

fn simulates_to_the_interpreters_outputs(file: &Path) {
    let name = corpus::kernel_name(file);
    let known = KNOWN_GAPS.iter().find(|(k, _)| *k == name).map(|g| g.1);
    match (corpus::simulate(file, Default::default()), known) {
        (Ok(_), None) => {}
        (Err(why), Some(gap)) if why.contains(gap) => {}
        (Ok(_), Some(gap)) => panic!("{name}: passes, drop the gap `{gap}`"),
        (Err(why), _) => panic!("{name}: {why}"),
    }
}
