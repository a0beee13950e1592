//! Configuration text can come from anyone (a file on disk, a paste in the browser): parsing must
//! never panic and must reject what it cannot read with an error. Every prefix of the valid
//! fixtures, every single-byte deletion, and random JSON-like text is parsed here.

use proptest::prelude::*;
use rivulet_core::diag::{has_errors, render, SourceMap};
use rivulet_core::rtl::config::RtlConfig;
use std::path::Path;

/// Parses a text and renders the diagnostics (rendering must not panic either).
fn parse(text: &str) -> (bool, Vec<rivulet_core::diag::Diagnostic>) {
    let mut sources = SourceMap::new();
    let (config, diags) = RtlConfig::from_files(&mut sources, &[("input.json", text)]);
    let _ = render(&sources, &diags);
    assert_eq!(config.is_some(), !has_errors(&diags), "{text}");
    (config.is_some(), diags)
}

fn fixtures() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rtl-config");
    ["mux.json", "concretize.json", "constraints.json"]
        .iter()
        .map(|f| std::fs::read_to_string(dir.join(f)).expect("fixture"))
        .collect()
}

#[test]
fn every_truncation_and_deletion_of_a_valid_file_is_handled() {
    for text in fixtures() {
        assert!(parse(&text).0, "the fixture itself must be valid");
        let closing = text.trim_end().len() - 1;
        let cuts = text.char_indices().map(|(i, _)| i).filter(|i| *i > 0);
        for cut in cuts.filter(|i| *i <= closing) {
            // A prefix without the closing `]` of the top-level array is always an error.
            let (ok, diags) = parse(&text[..cut]);
            assert!(!ok && !diags.is_empty(), "prefix of {cut} bytes accepted");
            let mut deleted = text.clone();
            deleted.remove(cut);
            parse(&deleted);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_json_like_text_never_panics(text in r#"[\[\]{}",:0-9a-z$*\- \n\\]{0,80}"#) {
        parse(&text);
    }

    #[test]
    fn random_entries_never_panic(
        name in "[a-z.]{0,6}",
        key in prop::sample::select(vec!["generic", "generator", "module-name", "arch-name", "use-json-config", "hdl", "io-kind", "dependencies", "bogus"]),
        value in r#"[a-zA-Z$*{}_ ./-]{0,16}"#,
        lb in 0u64..10, ub in 0u64..10,
    ) {
        let text = format!(
            r#"[{{ "name": "{name}", "{key}": "{value}", "parameters": [{{ "name": "N", "type": "unsigned", "lb": {lb}, "ub": {ub} }}] }}]"#
        );
        parse(&text);
    }
}
