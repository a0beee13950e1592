//! Matching of RTL requests: each constraint kind, evaluation order (entries, then files), the
//! fallback made possible by extra request parameters, timing-model selection, generic values,
//! and the diagnostics of a request nothing matches.

use rivulet_core::diag::{render, SourceMap};
use rivulet_core::rtl::config::{Method, RtlConfig, RtlParamValue, RtlRequest};
use std::path::Path;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/rtl-config")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn load(names: &[&str]) -> (RtlConfig, SourceMap) {
    let texts: Vec<String> = names.iter().map(|n| fixture(n)).collect();
    let files: Vec<(&str, &str)> = names
        .iter()
        .copied()
        .zip(texts.iter().map(String::as_str))
        .collect();
    let mut sources = SourceMap::new();
    let (config, diags) = RtlConfig::from_files(&mut sources, &files);
    assert!(diags.is_empty(), "{}", render(&sources, &diags));
    (config.expect("valid configuration"), sources)
}

fn u(v: u64) -> RtlParamValue {
    RtlParamValue::Unsigned(v)
}

fn s(v: &str) -> RtlParamValue {
    RtlParamValue::String(v.to_string())
}

fn req(name: &str, params: &[(&str, RtlParamValue)]) -> RtlRequest {
    let params = params
        .iter()
        .map(|(n, v)| (n.to_string(), v.clone()))
        .collect();
    RtlRequest::new(name, params)
}

/// The file and entry index of the component matching a request.
fn matched(config: &RtlConfig, request: &RtlRequest) -> (String, usize) {
    let m = config
        .find(request)
        .unwrap_or_else(|d| panic!("{}", d.message));
    (
        m.component.origin.file_name.clone(),
        m.component.origin.index,
    )
}

#[test]
fn each_constraint_kind_accepts_and_rejects() {
    let (config, _) = load(&["constraints.json"]);
    let cases: &[(&str, RtlParamValue, Option<&str>)] = &[
        ("c.lb", u(2), None),
        ("c.lb", u(1), Some("1 is below the lower bound 2")),
        ("c.ub", u(64), None),
        ("c.ub", u(65), Some("65 is above the upper bound 64")),
        ("c.range", u(1), None),
        ("c.range", u(6), None),
        ("c.range", u(0), Some("0 is outside the range [1, 6]")),
        ("c.range", u(7), Some("7 is outside the range [1, 6]")),
        ("c.eq", u(4), None),
        ("c.eq", u(5), Some("5 is not equal to 4")),
        ("c.ne", u(3), None),
        ("c.ne", u(2), Some("2 is excluded (ne 2)")),
        ("c.lb_ub", u(2), None),
        ("c.lb_ub", u(1), Some("below the lower bound 2")),
        ("c.lb_ub", u(100), Some("above the upper bound 64")),
        ("c.any", u(0), None),
        ("c.any", u(u64::MAX), None),
        (
            "c.any",
            s("7"),
            Some("expected an unsigned value, got the string \"7\""),
        ),
        ("c.str_eq", s("MY_STRING"), None),
        (
            "c.str_eq",
            s("my_string"),
            Some("\"my_string\" is not equal to \"MY_STRING\""),
        ),
        ("c.str_ne", s("ANY"), None),
        (
            "c.str_ne",
            s("OTHER"),
            Some("\"OTHER\" is excluded (ne \"OTHER\")"),
        ),
        ("c.str_any", s(""), None),
        (
            "c.str_any",
            u(3),
            Some("expected a string value, got the unsigned 3"),
        ),
    ];
    for (name, value, expected) in cases {
        let result = config.find(&req(name, &[("N", value.clone())]));
        match (expected, result) {
            (None, Ok(m)) => assert_eq!(m.values, vec![("N".to_string(), value.clone())]),
            (Some(reason), Err(d)) => {
                let note = "candidate constraints.json: entry";
                assert!(
                    d.notes
                        .iter()
                        .any(|n| n.starts_with(note) && n.contains(reason)),
                    "{name} {value:?}: {:?}",
                    d.notes
                );
            }
            (expected, got) => panic!("{name} {value:?}: expected {expected:?}, got {got:?}"),
        }
    }
}

#[test]
fn specialised_entry_first_then_fallback() {
    let (config, _) = load(&["mux.json"]);
    let base = [
        ("SIZE", u(2)),
        ("DATA_WIDTH", u(32)),
        ("SELECT_WIDTH", u(1)),
    ];
    let with = |extra: &[(&str, RtlParamValue)]| {
        let mut p = base.to_vec();
        p.extend_from_slice(extra);
        req("handshake.mux", &p)
    };
    // The extra parameter selects the specialised generator entry…
    assert_eq!(
        matched(&config, &with(&[("IMPLEMENTATION", s("A"))])),
        ("mux.json".into(), 0)
    );
    // …a value it rejects, or its absence, falls back to the generic entry.
    assert_eq!(
        matched(&config, &with(&[("IMPLEMENTATION", s("B"))])),
        ("mux.json".into(), 1)
    );
    assert_eq!(matched(&config, &with(&[])), ("mux.json".into(), 1));
    // Parameters no entry declares never prevent a match.
    assert_eq!(
        matched(&config, &with(&[("UNRELATED", u(9))])),
        ("mux.json".into(), 1)
    );
    // Parameter order in the request does not matter; values come in declaration order.
    let shuffled = req(
        "handshake.mux",
        &[("SELECT_WIDTH", u(1)), ("SIZE", u(3)), ("DATA_WIDTH", u(8))],
    );
    let m = config.find(&shuffled).unwrap();
    let names: Vec<&str> = m.values.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["SIZE", "DATA_WIDTH", "SELECT_WIDTH"]);
}

#[test]
fn entries_in_order_then_files_in_order() {
    let (config, _) = load(&["order-first.json", "order-second.json"]);
    let sink = req("handshake.sink", &[]);
    assert_eq!(matched(&config, &sink), ("order-first.json".into(), 0));
    let (config, _) = load(&["order-second.json", "order-first.json"]);
    assert_eq!(matched(&config, &sink), ("order-second.json".into(), 0));
    // A component only the later file declares is found there.
    let source = req("handshake.source", &[]);
    assert_eq!(matched(&config, &source), ("order-second.json".into(), 1));
    let (config, _) = load(&["order-first.json", "order-second.json"]);
    assert_eq!(matched(&config, &source), ("order-second.json".into(), 1));
}

#[test]
fn timing_model_is_the_first_whose_constraints_hold() {
    let (config, _) = load(&["mux.json"]);
    let model = |size, width| {
        let r = req(
            "handshake.mux",
            &[
                ("SIZE", u(size)),
                ("DATA_WIDTH", u(width)),
                ("SELECT_WIDTH", u(1)),
            ],
        );
        config.find(&r).unwrap().timing_model().map(str::to_string)
    };
    assert_eq!(
        model(2, 0).as_deref(),
        Some("models/control-mux-with-2-inputs.sdf")
    );
    assert_eq!(model(2, 1).as_deref(), Some("models/any-mux.sdf"));
    assert_eq!(model(3, 0).as_deref(), Some("models/any-mux.sdf"));
    let specialised = req(
        "handshake.mux",
        &[
            ("SIZE", u(2)),
            ("DATA_WIDTH", u(0)),
            ("SELECT_WIDTH", u(1)),
            ("IMPLEMENTATION", s("A")),
        ],
    );
    assert_eq!(config.find(&specialised).unwrap().timing_model(), None);
}

#[test]
fn generic_values_follow_the_method_and_the_per_parameter_flag() {
    let (config, _) = load(&["mux.json"]);
    let names = |r: RtlRequest| {
        let m = config.find(&r).unwrap();
        m.generics().into_iter().map(|(n, _)| n).collect::<Vec<_>>()
    };
    let mux = [
        ("SIZE", u(2)),
        ("DATA_WIDTH", u(32)),
        ("SELECT_WIDTH", u(1)),
    ];
    // Generic component: every parameter.
    assert_eq!(
        names(req("handshake.mux", &mux)),
        ["SIZE", "DATA_WIDTH", "SELECT_WIDTH"]
    );
    // Generated component: none, unless flagged (`IMPLEMENTATION` is explicitly false).
    let mut special = mux.to_vec();
    special.push(("IMPLEMENTATION", s("A")));
    assert!(names(req("handshake.mux", &special)).is_empty());
    // Generic component with a parameter flagged false.
    assert_eq!(
        names(req(
            "handshake.merge",
            &[("SIZE", u(2)), ("DATA_WIDTH", u(8))]
        )),
        ["SIZE"]
    );
    // Generated component with a parameter flagged true.
    let merge = config
        .components()
        .iter()
        .filter(|c| c.name == "handshake.merge")
        .nth(1)
        .unwrap();
    assert!(matches!(merge.method, Method::Generator(_)));
    assert_eq!(
        names(req("handshake.merge", &[("SIZE", u(2)), ("BITS", u(8))])),
        ["BITS"]
    );
}

#[test]
fn no_match_names_the_request_and_why_each_candidate_failed() {
    let (config, sources) = load(&["mux.json"]);
    let r = req("handshake.mux", &[("SIZE", u(1)), ("DATA_WIDTH", u(32))]);
    let d = config.find(&r).unwrap_err();
    assert_eq!(
        d.message,
        "no RTL component matches the request `handshake.mux` { SIZE = 1, DATA_WIDTH = 32 }"
    );
    assert_eq!(
        d.notes,
        [
            "candidate mux.json: entry 0: parameter `SIZE`: 1 is below the lower bound 2",
            "candidate mux.json: entry 1: parameter `SIZE`: 1 is below the lower bound 2",
        ]
    );
    // The labels point at the candidate entries in the configuration file.
    let text = render(&sources, &[d]);
    assert!(text.contains("mux.json:3:13"), "{text}");
    assert!(
        text.contains("14 │     \"name\": \"handshake.mux\","),
        "{text}"
    );

    let r = req("handshake.mux", &[("SIZE", u(2)), ("DATA_WIDTH", u(32))]);
    let d = config.find(&r).unwrap_err();
    assert!(
        d.notes[1].ends_with("entry 1: the request has no parameter `SELECT_WIDTH`"),
        "{:?}",
        d.notes
    );
}

#[test]
fn no_component_of_that_name_suggests_similar_names() {
    let (config, _) = load(&["mux.json"]);
    let d = config.find(&req("handshake.muxx", &[])).unwrap_err();
    assert_eq!(
        d.message,
        "no RTL component matches the request `handshake.muxx` {}"
    );
    assert_eq!(
        d.notes,
        [
            "no component of the configuration is named `handshake.muxx`",
            "similar names: `handshake.mux`, `handshake.merge`",
        ]
    );
    let d = config.find(&req("arith.addi", &[])).unwrap_err();
    assert_eq!(
        d.notes,
        ["no component of the configuration is named `arith.addi`"]
    );
}
