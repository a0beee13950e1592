//! Fuzzes the Handshake parser: any input must produce IR and/or diagnostics without panicking,
//! whatever parses must verify without panicking and print to text that parses again, and
//! whatever verifies as materialized must lower to Synth (or be refused) without panicking.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rivulet_core::diag::{has_errors, FileId};
use rivulet_core::handshake::{parse_cases, parse_module, print_module, verify_module, VerifyOptions};
use rivulet_core::synth;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (module, diags) in parse_cases(text, FileId(0)) {
        let verified = verify_module(&module, &VerifyOptions { materialized: true });
        let printed = print_module(&module);
        if diags.is_empty() {
            let (again, d) = parse_module(&printed, FileId(0));
            assert!(d.is_empty(), "printed IR does not parse: {d:?}\n{printed}");
            assert_eq!(print_module(&again), printed, "printing is not stable");
            if !has_errors(&verified) {
                let _ = synth::lower_module(&module);
            }
        }
    }
});
