//! The timing model: the built-in configuration loads and holds the documented facts, lookups
//! follow the bitwidth rules, and malformed JSON gives diagnostics with spans, never a panic.

use rivulet_core::diag::{render, SourceMap};
use rivulet_core::timing::{parse_timing_model, Signal, TimingModel, BUFFER_TYPES};

fn builtin() -> TimingModel {
    TimingModel::builtin().unwrap_or_else(|d| panic!("{d:?}"))
}

#[test]
fn builtin_model_holds_the_documented_latencies() {
    let t = builtin();
    assert_eq!(t.clock_period_ns, 4.0);
    for (kind, cycles) in [
        ("muli", 4),
        ("divsi", 35),
        ("divui", 35),
        ("load", 1),
        ("lsq_load", 3),
        ("addf", 6),
        ("subf", 6),
        ("mulf", 2),
        ("divf", 15),
        ("cmpf", 0),
        ("sitofp", 5),
        ("fptosi", 5),
        ("addi", 0),
        ("fork", 0),
        ("merge", 0),
        ("mux", 0),
        ("control_merge", 0),
        ("cond_br", 0),
    ] {
        assert_eq!(t.latency(kind, 32), Some(cycles), "{kind}");
    }
    assert_eq!(t.latency("no_such_unit", 32), None);
    assert_eq!(t.unit("fork").unwrap().latency_at(32, 4.0), 0);
}

#[test]
fn float_latencies_follow_the_clock_period() {
    // The shallowest FloPoCo pipeline whose longest stage fits the clock (docs/timing-model.md).
    let at = |ns: f64, kind: &str, width: u32| {
        builtin()
            .with_clock_period(ns)
            .unwrap()
            .latency(kind, width)
    };
    assert_eq!(at(5.0, "addf", 32), Some(6));
    assert_eq!(at(3.0, "addf", 32), Some(10));
    assert_eq!(at(2.8, "addf", 32), Some(36));
    assert_eq!(at(5.0, "divf", 32), Some(15));
    assert_eq!(at(10.0, "divf", 32), Some(9));
    assert_eq!(at(5.0, "addf", 64), Some(12));
    assert_eq!(at(10.0, "addf", 64), Some(2));
    assert_eq!(at(4.0, "cmpf", 64), Some(1));
    // Fixed latencies stay when the clock period changes afterwards.
    let fixed = builtin()
        .with_latencies_fixed()
        .with_clock_period(100.0)
        .unwrap();
    assert_eq!(fixed.latency("divf", 32), Some(15));
}

#[test]
fn delays_are_looked_up_by_bitwidth() {
    let t = builtin();
    assert_eq!(t.delay("addi", Signal::Data, 32), Some(1.869));
    assert_eq!(t.delay("addi", Signal::Data, 9), Some(1.653)); // ceiling: the 16-bit entry
    assert_eq!(t.delay("addi", Signal::Data, 128), Some(2.301)); // above: the widest entry
    assert_eq!(t.delay("cmpi", Signal::Data, 32), Some(1.544));
    assert_eq!(t.delay("addi", Signal::Valid, 32), Some(1.117));
    assert_eq!(t.delay("cond_br", Signal::Ready, 1), Some(1.125));
    assert_eq!(t.unit("mux").unwrap().cond_to_ready, 1.117);
    // Every unit's 32- and 64-bit data path fits the default clock period.
    for (kind, u) in t.units() {
        assert!(u.data.get(32) < t.clock_period_ns, "{kind}");
        assert!(u.data.get(64) < t.clock_period_ns, "{kind}");
    }
}

#[test]
fn buffers_match_the_specification() {
    let t = builtin();
    let expect = [
        (1, 1, 0),
        (0, 0, 1),
        (1, 1, 1),
        (1, 1, 0),
        (0, 0, 0),
        (1, 1, 0),
    ];
    for (name, (d, v, r)) in BUFFER_TYPES.iter().zip(expect) {
        let b = t.buffer(name).unwrap();
        assert_eq!(
            (b.latency.data, b.latency.valid, b.latency.ready),
            (d, v, r),
            "{name}"
        );
    }
    assert!(t.buffer("ONE_SLOT_BREAK_DV").unwrap().breaks_dv());
    assert!(t.buffer("ONE_SLOT_BREAK_R").unwrap().breaks_r());
}

#[test]
fn clock_period_can_be_changed_but_must_be_positive() {
    assert_eq!(
        builtin().with_clock_period(5.5).unwrap().clock_period_ns,
        5.5
    );
    assert!(builtin().with_clock_period(0.0).is_err());
    assert!(builtin().with_clock_period(f64::NAN).is_err());
    // Far outside real targets the timing rows' big-M coefficients break the models.
    assert!(builtin().with_clock_period(1e12).is_err());
    assert!(builtin().with_clock_period(1e-9).is_err());
    assert!(builtin().with_clock_period(10_000.0).is_ok());
}

fn errors_of(text: &str) -> String {
    let mut sources = SourceMap::new();
    let file = sources.add("timing.json", text);
    match parse_timing_model(text, file) {
        Ok(_) => panic!("accepted: {text}"),
        Err(d) => render(&sources, &d),
    }
}

const BUFFERS_OK: &str = r#""buffers": {
 "ONE_SLOT_BREAK_DV": {"latency": {"data": 1, "valid": 1, "ready": 0}, "data": 0, "valid": 0, "ready": 0},
 "ONE_SLOT_BREAK_R": {"latency": {"data": 0, "valid": 0, "ready": 1}, "data": 0, "valid": 0, "ready": 0},
 "ONE_SLOT_BREAK_DVR": {"latency": {"data": 1, "valid": 1, "ready": 1}, "data": 0, "valid": 0, "ready": 0},
 "FIFO_BREAK_DV": {"latency": {"data": 1, "valid": 1, "ready": 0}, "data": 0, "valid": 0, "ready": 0},
 "FIFO_BREAK_NONE": {"latency": {"data": 0, "valid": 0, "ready": 0}, "data": 0, "valid": 0, "ready": 0},
 "SHIFT_REG_BREAK_DV": {"latency": {"data": 1, "valid": 1, "ready": 0}, "data": 0, "valid": 0, "ready": 0}}"#;

#[test]
fn a_minimal_model_parses() {
    let text = format!(
        r#"{{"clock_period_ns": 3, "units": {{"addi": {{"latency": 0, "data": {{"8": 1, "32": 2}}, "valid": 1, "ready": 1}}}}, {BUFFERS_OK}}}"#
    );
    let mut sources = SourceMap::new();
    let file = sources.add("t.json", text.as_str());
    let t = parse_timing_model(&text, file).unwrap();
    assert_eq!(t.delay("addi", Signal::Data, 16), Some(2.0));
    assert_eq!(t.unit("addi").unwrap().valid_to_ready, 0.0);
}

#[test]
fn pipeline_choices_parse_and_are_checked() {
    let unit = |latency: &str| {
        format!(
            r#"{{"clock_period_ns": 3, "units": {{"addf": {{"latency": {latency}, "data": 0, "valid": 0, "ready": 0}}}}, {BUFFERS_OK}}}"#
        )
    };
    let text =
        unit(r#"{"32": [{"cycles": 10, "delay": 2.9}, {"cycles": 6, "delay": 3.6}], "64": 12}"#);
    let mut sources = SourceMap::new();
    let file = sources.add("t.json", text.as_str());
    let t = parse_timing_model(&text, file).unwrap();
    assert_eq!(t.latency("addf", 32), Some(10));
    assert_eq!(t.latency("addf", 64), Some(12));
    for bad in [
        r#"{"32": []}"#,
        r#"{"32": [{"cycles": 2, "delay": 1}, {"cycles": 2, "delay": 3}]}"#,
        r#"[{"cycles": 2, "delay": -1}]"#,
    ] {
        let e = errors_of(&unit(bad));
        assert!(
            e.contains("unit `addf`: latency table has an invalid value"),
            "{bad}: {e}"
        );
    }
    let e = errors_of(&unit(r#"[{"cycles": 2, "delay": 1, "stages": 3}]"#));
    assert!(e.contains("invalid timing model"), "{e}");
}

#[test]
fn malformed_models_give_diagnostics() {
    // Syntax error: located.
    let e = errors_of("{\"clock_period_ns\": 4,\n \"units\": {,}}");
    assert!(
        e.contains("invalid timing model") && e.contains("timing.json:2:"),
        "{e}"
    );
    // Unknown field.
    let e = errors_of(&format!(
        r#"{{"clock_period_ns": 4, "units": {{"addi": {{"latency": 0, "data": 1, "valid": 1, "ready": 1, "colour": 1}}}}, {BUFFERS_OK}}}"#
    ));
    assert!(e.contains("colour"), "{e}");
    // Several semantic errors at once, each pointing at its name.
    let e = errors_of(&format!(
        r#"{{"clock_period_ns": -1, "units": {{
  "addi": {{"latency": 0, "data": {{"wide": 1}}, "valid": 1, "ready": 1}},
  "muli": {{"latency": 4, "data": 0, "valid": -2, "ready": 0}}}},
 {}}}"#,
        BUFFERS_OK.replace("SHIFT_REG_BREAK_DV", "SHIFT_REG")
    ));
    for needle in [
        "clock period must be between 0.1 and 10000 ns",
        "`wide`, which is not a bitwidth",
        "unit `muli`: delays must be finite",
        "unknown buffer type `SHIFT_REG`",
        "`SHIFT_REG_BREAK_DV` is missing",
        "timing.json:2:3",
    ] {
        assert!(e.contains(needle), "missing {needle:?} in\n{e}");
    }
}
