//! Every corpus kernel (`tests/front/*/`, `tests/kernels/*/`), compiled to Handshake with the
//! on-merges buffers and simulated cycle by cycle, must produce the interpreter's outputs. The
//! test fails listing every failing kernel with the reason (compile error, deadlock, mismatch).
//! Known lowering gaps are listed in [`KNOWN_GAPS`].

use crate::support::corpus;

use rivulet_core::sim::run_c::Buffering;

/// Kernels the lowering does not support yet, with the reason they must fail for (the test
/// fails when one of them passes, so the list stays current).
const KNOWN_GAPS: &[(&str, &str)] = &[];

#[test]
fn corpus_simulates_to_the_interpreters_outputs() {
    let files = corpus::kernel_files();
    assert!(files.len() >= 70, "corpus not found");
    let mut failures = Vec::new();
    for f in &files {
        let name = corpus::kernel_name(f);
        let known = KNOWN_GAPS.iter().find(|(k, _)| *k == name).map(|g| g.1);
        match (
            corpus::simulate(f, Buffering::Placed(Default::default())),
            known,
        ) {
            (Ok(_), None) => {}
            (Err(why), Some(gap)) if why.contains(gap) => {}
            (Ok(_), Some(gap)) => failures.push(format!("{name}: passes, drop the gap `{gap}`")),
            (Err(why), _) => {
                let first: Vec<&str> = why.lines().take(12).collect();
                failures.push(format!("{name}: {}", first.join("\n    ")));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} kernels fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
