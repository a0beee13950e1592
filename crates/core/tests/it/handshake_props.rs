//! Property tests of the Handshake IR:
//! * randomly built well-typed functions verify, and round-trip through print and parse
//!   (`parse(print(f)) == f`, printing twice gives the same text);
//! * the parser and the verifier never panic, on arbitrary text or on mutations of valid IR.

use crate::support::handshake_gen;
use handshake_gen::{build, steps};
use proptest::prelude::*;
use rivulet_core::diag::{has_errors, FileId};
use rivulet_core::handshake::{
    parse_cases, parse_module, print_module, verify_module, Module, VerifyOptions,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn well_typed_functions_round_trip(steps in steps()) {
        let f = build(&steps);
        let module = Module { funcs: vec![f] };
        let diags = verify_module(&module, &VerifyOptions::default());
        prop_assert!(!has_errors(&diags), "generated IR does not verify: {diags:?}\n{}", print_module(&module));
        let text = print_module(&module);
        let (again, d) = parse_module(&text, FileId(0));
        prop_assert!(d.is_empty(), "printed IR does not parse: {d:?}\n{text}");
        prop_assert_eq!(&again, &module, "parse(print(ir)) != ir\n{}", text);
        prop_assert_eq!(print_module(&again), text);
    }

    #[test]
    fn parser_never_panics_on_arbitrary_text(text in "\\PC{0,200}") {
        for (m, _) in parse_cases(&text, FileId(0)) {
            let _ = verify_module(&m, &VerifyOptions { materialized: true });
            let _ = print_module(&m);
        }
    }

    #[test]
    fn parser_never_panics_on_mutated_ir(
        steps in steps(),
        edits in prop::collection::vec((any::<u32>(), 0u8..4, any::<u8>()), 1..8),
    ) {
        let text = print_module(&Module { funcs: vec![build(&steps)] });
        let mut bytes = text.into_bytes();
        let alphabet = b"%#:<>[](){},=@!\"-0123456789 \nabcxi_.";
        for (pos, kind, ch) in edits {
            if bytes.is_empty() { break; }
            let p = pos as usize % bytes.len();
            let c = alphabet[ch as usize % alphabet.len()];
            match kind {
                0 => { bytes.remove(p); }
                1 => bytes.insert(p, c),
                2 => bytes[p] = c,
                _ => { let end = (p + ch as usize % 16).min(bytes.len()); bytes.drain(p..end); }
            }
        }
        let mutated = String::from_utf8_lossy(&bytes).into_owned();
        for (m, diags) in parse_cases(&mutated, FileId(0)) {
            let _ = verify_module(&m, &VerifyOptions { materialized: true });
            let printed = print_module(&m);
            let (again, d) = parse_module(&printed, FileId(0));
            // Whatever parses (valid or not) prints to text that parses back the same way.
            if diags.is_empty() {
                prop_assert!(d.is_empty(), "printed IR does not parse: {d:?}\n{printed}");
                prop_assert_eq!(print_module(&again), printed);
            }
        }
    }
}
