//! Concretization: templates copied through a `TemplateSource`, module names (file stem,
//! `module-name`, generated default) deduplicating modules, dependencies (recursive, once each,
//! before their users, cycles reported), built-in generators, the refusal of external generator
//! commands unless explicitly allowed, `use-json-config`, backend parameters and port naming.

use rivulet_core::diag::{render, Diagnostic, SourceMap};
use rivulet_core::rtl::config::{
    ConcretizeOptions, Concretizer, GeneratorCall, GeneratorFn, Hdl, ModuleBody, RtlConfig,
    RtlParamValue, RtlRequest, SignalKind,
};
use std::collections::BTreeMap;
use std::path::Path;

fn config() -> RtlConfig {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rtl-config/concretize.json");
    let text = std::fs::read_to_string(path).expect("fixture");
    let mut sources = SourceMap::new();
    let (config, diags) = RtlConfig::from_files(&mut sources, &[("concretize.json", &text)]);
    assert!(diags.is_empty(), "{}", render(&sources, &diags));
    config.expect("valid configuration")
}

fn templates() -> BTreeMap<String, String> {
    [
        "rtl-templates/vhdl/handshake/mux.vhd",
        "rtl-templates/vhdl/handshake/fork.vhd",
        "rtl-templates/vhdl/handshake/buffer.vhd",
        "rtl-templates/vhdl/support/join.vhd",
        "rtl-templates/vhdl/support/logic.vhd",
        "rtl-templates/vhdl/alt/mux.vhd",
        "cyc/a.vhd",
        "cyc/b.vhd",
        "cyc/c.vhd",
        "user.vhd",
    ]
    .iter()
    .map(|p| (format!("/root/{p}"), format!("-- text of {p}\n")))
    .collect()
}

/// A generator that prints what it received, so tests can check the call.
fn echo(call: &GeneratorCall<'_>) -> Result<String, Diagnostic> {
    Ok(format!(
        "// {} module={} hdl={} args={:?} params={:?} json={:?}\n",
        call.unit, call.module_name, call.hdl, call.args, call.parameters, call.json_config
    ))
}

fn fails(_: &GeneratorCall<'_>) -> Result<String, Diagnostic> {
    Err(Diagnostic::error("the generator gave up"))
}

fn generators() -> BTreeMap<&'static str, GeneratorFn> {
    BTreeMap::from([
        ("adder", echo as GeneratorFn),
        ("lsq", echo),
        ("fails", fails),
    ])
}

fn options(allow_external_generators: bool) -> ConcretizeOptions {
    ConcretizeOptions {
        root: "/root".into(),
        output_dir: "/out".into(),
        allow_external_generators,
    }
}

fn u(v: u64) -> RtlParamValue {
    RtlParamValue::Unsigned(v)
}

fn s(v: &str) -> RtlParamValue {
    RtlParamValue::String(v.into())
}

fn req(name: &str, params: &[(&str, RtlParamValue)]) -> RtlRequest {
    RtlRequest::new(
        name,
        params
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect(),
    )
}

fn mux(width: u64) -> RtlRequest {
    req(
        "handshake.mux",
        &[
            ("SIZE", u(2)),
            ("DATA_WIDTH", u(width)),
            ("SELECT_WIDTH", u(1)),
        ],
    )
}

fn names(c: &Concretizer<'_>) -> Vec<String> {
    c.modules().iter().map(|m| m.module_name.clone()).collect()
}

fn error_text(errors: Vec<Diagnostic>) -> String {
    errors
        .iter()
        .map(|d| format!("{}\n{}\n", d.message, d.notes.join("\n")))
        .collect()
}

#[test]
fn a_generic_component_copies_its_template_once_per_module_name() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(false));
    let wide = c.resolve(&mux(32)).expect("mux 32");
    let narrow = c.resolve(&mux(16)).expect("mux 16");
    // Both muxes instantiate the one generic module, named after the template's file.
    assert_eq!(
        (wide.module_name.as_str(), narrow.module_name.as_str()),
        ("mux", "mux")
    );
    assert_eq!(
        wide.generics,
        [
            ("SIZE".into(), u(2)),
            ("DATA_WIDTH".into(), u(32)),
            ("SELECT_WIDTH".into(), u(1))
        ]
    );
    assert_eq!(narrow.generics[1], ("DATA_WIDTH".into(), u(16)));
    assert_eq!(wide.arch_name, "arch_2");
    assert_eq!(wide.hdl, Hdl::Vhdl);
    // Dependencies come first, each once, and the mux once.
    assert_eq!(names(&c), ["logic", "join", "mux"]);
    let m = &c.modules()[2];
    assert_eq!(m.dependencies, ["join", "logic"]);
    assert_eq!(
        m.body,
        ModuleBody::Template {
            path: "/root/rtl-templates/vhdl/handshake/mux.vhd".into(),
            text: "-- text of rtl-templates/vhdl/handshake/mux.vhd\n".into(),
        }
    );
    assert_eq!(c.modules()[1].dependencies, ["logic"]);
    // Port naming of the instance: io-map, then io-signals, then hierarchical arrays.
    let p = &wide.ports;
    assert_eq!(
        p.rtl_port("index", None, SignalKind::Data).vhdl(),
        "io_select_bits"
    );
    assert_eq!(
        p.rtl_port("index", None, SignalKind::Valid).vhdl(),
        "io_select_valid"
    );
    assert_eq!(
        p.rtl_port("ins", Some(1), SignalKind::Ready).vhdl(),
        "io_ins_ready(1)"
    );
    assert!(c.warnings().is_empty());
}

#[test]
fn a_dependency_shared_by_several_components_is_concretized_once() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(false));
    c.resolve(&req(
        "handshake.fork",
        &[("SIZE", u(2)), ("DATA_WIDTH", u(1))],
    ))
    .unwrap();
    c.resolve(&mux(8)).unwrap();
    c.resolve(&req(
        "handshake.fork",
        &[("SIZE", u(3)), ("DATA_WIDTH", u(0))],
    ))
    .unwrap();
    assert_eq!(names(&c), ["logic", "fork", "join", "mux"]);
}

#[test]
fn a_dependency_cycle_is_an_error() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(false));
    let errors = c.resolve(&req("cyc.a", &[])).unwrap_err();
    let text = error_text(errors);
    assert!(
        text.contains("concretize.json: entry 9: dependency cycle: `a` → `b` → `c` → `a`"),
        "{text}"
    );
    assert!(
        text.contains("required as a dependency by `cyc.c` (concretize.json: entry 11)"),
        "{text}"
    );
    assert!(c.modules().is_empty());
}

#[test]
fn a_dependency_with_parameters_cannot_match() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(false));
    let text = error_text(c.resolve(&req("dep.user", &[])).unwrap_err());
    assert!(
        text.contains("no RTL component matches the request `handshake.fork` {}"),
        "{text}"
    );
    assert!(
        text.contains("the request has no parameter `SIZE`"),
        "{text}"
    );
    assert!(
        text.contains("required as a dependency by `dep.user` (concretize.json: entry 12)"),
        "{text}"
    );
}

#[test]
fn a_builtin_generator_receives_the_substituted_command() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(false));
    let add = |w| req("handshake.addi", &[("DATA_WIDTH", u(w))]);
    let r = c.resolve(&add(32)).unwrap();
    assert_eq!(r.module_name, "handshake_addi_32");
    assert_eq!(r.hdl, Hdl::Verilog);
    assert!(r.generics.is_empty());
    c.resolve(&add(32)).unwrap();
    c.resolve(&add(8)).unwrap();
    assert_eq!(names(&c), ["handshake_addi_32", "handshake_addi_8"]);
    let m = &c.modules()[0];
    let json = "{\n  \"DATA_WIDTH\": 32\n}\n";
    let expected = format!(
        "// adder module=handshake_addi_32 hdl=verilog args=[\"--width\", \"32\", \"--name\", \
         \"handshake_addi_32\"] params=[(\"DATA_WIDTH\", Unsigned(32))] json=Some({json:?})\n"
    );
    assert_eq!(
        m.body,
        ModuleBody::Generated {
            unit: "adder".into(),
            text: expected
        }
    );
    let cfg = m.json_config.as_ref().expect("use-json-config");
    assert_eq!(
        (cfg.path.as_str(), cfg.contents.as_str()),
        ("/out/handshake_addi_32.json", json)
    );
}

#[test]
fn an_external_generator_is_refused_by_default() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(false));
    let errors = c
        .resolve(&req("handshake.muli", &[("DATA_WIDTH", u(32))]))
        .unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(
        errors[0].message,
        "concretize.json: entry 5 (`handshake.muli`): refusing to run the external generator \
         command `python3 /root/gen/mul.py 32 -o \"/out/handshake_muli_32.v\"`"
    );
    assert!(
        errors[0].notes[0].contains("--allow-generators"),
        "{:?}",
        errors[0].notes
    );
    assert!(c.modules().is_empty());
}

#[test]
fn an_allowed_external_generator_is_handed_back_not_run() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(true));
    c.resolve(&req("handshake.muli", &[("DATA_WIDTH", u(32))]))
        .unwrap();
    let ModuleBody::External(cmd) = &c.modules()[0].body else {
        panic!("{:?}", c.modules()[0].body);
    };
    assert_eq!(
        cmd.command,
        "python3 /root/gen/mul.py 32 -o \"/out/handshake_muli_32.v\""
    );
    assert_eq!(cmd.output_dir, "/out");
    assert_eq!(cmd.output_file, "/out/handshake_muli_32.v");
}

#[test]
fn module_name_option_is_substituted_and_deduplicates() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(false));
    let buffer = |t: &str, n| {
        req(
            "handshake.buffer",
            &[("BUFFER_TYPE", s(t)), ("NUM_SLOTS", u(n))],
        )
    };
    let one = c.resolve(&buffer("ONE_SLOT_BREAK_DV", 1)).unwrap();
    c.resolve(&buffer("ONE_SLOT_BREAK_DV", 1)).unwrap();
    let fifo = c.resolve(&buffer("FIFO_BREAK_NONE", 4)).unwrap();
    assert_eq!(one.module_name, "buffer_ONE_SLOT_BREAK_DV");
    assert_eq!(fifo.module_name, "buffer_FIFO_BREAK_NONE");
    assert_eq!(
        fifo.generics,
        [
            ("BUFFER_TYPE".into(), s("FIFO_BREAK_NONE")),
            ("NUM_SLOTS".into(), u(4))
        ]
    );
    assert_eq!(
        names(&c),
        ["buffer_ONE_SLOT_BREAK_DV", "buffer_FIFO_BREAK_NONE"]
    );
    // Built-in generator with a module-name from a string parameter.
    let lsq = c
        .resolve(&req("handshake.lsq", &[("NAME", s("mem0"))]))
        .unwrap();
    assert_eq!(lsq.module_name, "lsq_mem0");
}

#[test]
fn one_module_name_from_two_sources_keeps_the_first_and_warns() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(false));
    c.resolve(&mux(1)).unwrap();
    let alt = c.resolve(&req("alt.mux", &[])).unwrap();
    assert_eq!(alt.module_name, "mux");
    assert_eq!(names(&c), ["logic", "join", "mux"]);
    let (_, warnings) = c.finish();
    assert_eq!(warnings.len(), 1);
    assert_eq!(
        warnings[0].message,
        "concretize.json: entry 8: module `mux` was already concretized from another source; the first is kept"
    );
    assert_eq!(
        warnings[0].notes,
        [
            "kept: template /root/rtl-templates/vhdl/handshake/mux.vhd",
            "ignored: template /root/rtl-templates/vhdl/alt/mux.vhd",
        ]
    );
}

#[test]
fn concretization_failures_are_diagnostics() {
    let (config, templates, generators) = (config(), templates(), generators());
    let mut c = Concretizer::new(&config, &templates, &generators, options(true));
    let mut fail = |r: RtlRequest| error_text(c.resolve(&r).unwrap_err());
    let cases = [
        (
            req("missing.template", &[]),
            "entry 13 (`missing.template`): the template `/root/nowhere.vhd` does not exist",
        ),
        (
            req("gen.unknown", &[]),
            "entry 14 (`gen.unknown`): there is no built-in generator `nosuch`",
        ),
        (
            req("gen.no_unit", &[]),
            "entry 15 (`gen.no_unit`): `rivulet-gen` needs a unit name",
        ),
        (
            req("gen.failing", &[]),
            "the generator gave up\nwhile generating `gen_failing` for concretize.json: entry 16",
        ),
        (
            req("handshake.lsq", &[("NAME", s("a b;rm -rf ~"))]),
            "parameter `NAME` = \"a b;rm -rf ~\" cannot be put into a generator command",
        ),
        (
            req("handshake.mux", &[("SIZE", u(1))]),
            "no RTL component matches the request `handshake.mux` { SIZE = 1 }",
        ),
    ];
    for (request, expected) in cases {
        let text = fail(request.clone());
        assert!(text.contains(expected), "{request}: {text}");
    }
}
