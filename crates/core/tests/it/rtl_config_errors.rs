//! Every malformed-configuration situation, as data: each `rtl-config/errors/*.json` is parsed
//! alone and its rendered diagnostics must equal the sibling `.expect` file. Files named
//! `warn-*` must parse (warnings only); all others must be rejected. `RIVULET_BLESS=1` rewrites
//! the `.expect` files from the current output (review the diff before committing).

use crate::support::golden;
use rivulet_core::diag::{has_errors, render, SourceMap};
use rivulet_core::rtl::config::RtlConfig;
use std::path::Path;

#[test]
fn malformed_files_give_the_expected_diagnostics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rtl-config/errors");
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .expect("errors directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 10, "fixtures missing in {}", dir.display());
    let mut mismatches = Vec::new();
    for input in &inputs {
        let name = input.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(input).expect("fixture");
        let mut sources = SourceMap::new();
        let (config, diags) = RtlConfig::from_files(&mut sources, &[(&name, &text)]);
        let expect_ok = name.starts_with("warn-");
        assert_eq!(
            config.is_some(),
            expect_ok,
            "{name}: accepted = {}",
            config.is_some()
        );
        assert_eq!(has_errors(&diags), !expect_ok, "{name}");
        assert!(!diags.is_empty(), "{name}: no diagnostic");
        let rendered = render(&sources, &diags);
        if let Err(e) = golden::compare(&input.with_extension("expect"), &rendered) {
            mismatches.push(format!("--- {name}: {e}\n{rendered}"));
        }
    }
    assert!(
        mismatches.is_empty(),
        "mismatches:\n{}",
        mismatches.join("\n")
    );
}
