//! Every op of every corpus kernel's buffered circuit knows where it came from in the C source:
//! its origin names one of the compilation's files and a range inside that file's text, and the
//! IR printed with locations reads back with the same origins. One test per kernel
//! (`origins::located::fir`, …).

use crate::support::corpus;
use rivulet_core::diag::{render, FileId, SourceMap};
use rivulet_core::driver::{DriverOptions, StageGroup};
use rivulet_core::handshake::{parse_module, print_module, print_module_with_locations, Origin};
use std::path::Path;

kernel_tests!(located, every_op_has_an_origin_that_reads_back, kernels);

/// fir's `tmp += idx[i] * di[N - 1 - i]` (line 10) becomes the adder holding `tmp`, fed by the
/// multiplier of line 10; the loop's muxes carry `i` and `tmp` and come from the `for` (line 9).
#[test]
fn fir_units_name_their_lines_and_variables() {
    let file = corpus::kernel_file("tests/kernels", "fir");
    let (out, _) = corpus::compile(&file, &corpus::through_handshake()).expect("fir");
    let module = out.module.expect("fir compiles");
    let origin_of = |name: &str| {
        let (_, op) = module.funcs[0]
            .ops()
            .find(|(_, op)| op.name.as_deref() == Some(name))
            .unwrap_or_else(|| panic!("no {name}"));
        op.origin
            .clone()
            .unwrap_or_else(|| panic!("{name} has no origin"))
    };
    let add = origin_of("addi0");
    assert_eq!((add.start.line, add.var.as_deref()), (10, Some("tmp")));
    assert_eq!(origin_of("muli0").start.line, 10);
    assert_eq!(origin_of("muli0").var, None);
    let vars: Vec<_> = ["mux0", "mux1"]
        .map(origin_of)
        .iter()
        .map(|o| (o.start.line, o.var.as_deref().unwrap_or("").to_string()))
        .collect();
    assert!(vars.contains(&(9, "i".into())), "{vars:?}");
    assert!(vars.contains(&(9, "tmp".into())), "{vars:?}");
}

fn every_op_has_an_origin_that_reads_back(file: &Path) {
    let options = DriverOptions {
        stop_after: Some(StageGroup::Buffers),
        ..DriverOptions::default()
    };
    let (out, sources) = corpus::compile(file, &options).expect("corpus kernel");
    let Some(module) = out.module else {
        panic!("{}", render(&sources, &out.diagnostics));
    };
    let kernel = &module.funcs[0];
    for (_, op) in kernel.ops() {
        let name = op.name.as_deref().unwrap_or("?");
        let origin = op
            .origin
            .as_ref()
            .unwrap_or_else(|| panic!("{name} has no origin"));
        assert_inside(&sources, origin, name);
    }

    let text = print_module_with_locations(&module);
    let mut reread = SourceMap::new();
    let id = reread.add("kernel.mlir", text.as_str());
    let (parsed, diags) = parse_module(&text, id);
    assert!(diags.is_empty(), "{}", render(&reread, &diags));
    assert_eq!(print_module_with_locations(&parsed), text);
    for ((_, a), (_, b)) in parsed.funcs[0].ops().zip(kernel.ops()) {
        assert_eq!(a.origin, b.origin);
    }
    assert!(!print_module(&module).contains(" loc("));
}

/// The origin names a file of `sources` and lies inside its text.
fn assert_inside(sources: &SourceMap, origin: &Origin, op: &str) {
    let file = (0..sources.len() as u32)
        .map(FileId)
        .find(|&f| sources.name(f) == &*origin.file)
        .unwrap_or_else(|| panic!("{op}: no file {}", origin.file));
    let lines: Vec<&str> = sources.text(file).split('\n').collect();
    let within = |l: u32, c: u32| {
        let line = lines.get(l as usize - 1);
        line.is_some_and(|t| c as usize <= t.chars().count() + 1)
    };
    assert!(
        within(origin.start.line, origin.start.col) && within(origin.end.line, origin.end.col),
        "{op}: {origin} lies outside {}",
        origin.file
    );
    assert!(
        (origin.start.line, origin.start.col) < (origin.end.line, origin.end.col),
        "{op}: empty range {origin}"
    );
}

/// Locations the reference prints (aliases, `unknown`, point locations) are read; only C
/// ranges are kept, and an unclosed `loc(` is a located error, not a panic.
#[test]
fn ir_locations_of_every_spelling_parse() {
    let text = r#"module {
  handshake.func @k(%a: !handshake.channel<i32>, %start: !handshake.control<>) -> (!handshake.channel<i32>, !handshake.control<>) {
    %0 = addi %a, %a {handshake.bb = 0 : ui32, handshake.name = "addi0"} : <i32> loc("s"("k.c":3:5 to :9))
    %1 = addi %0, %a {handshake.bb = 0 : ui32, handshake.name = "addi1"} : <i32> loc(#loc3)
    %2 = addi %1, %a {handshake.bb = 0 : ui32, handshake.name = "addi2"} : <i32> loc(unknown)
    end {handshake.bb = 0 : ui32, handshake.name = "end0"} %2, %start : <i32>, <> loc("k.c":4:1)
  }
}
"#;
    let (m, diags) = parse_module(text, FileId(0));
    assert!(diags.is_empty(), "{diags:?}");
    let origins: Vec<Option<String>> = m.funcs[0]
        .ops()
        .map(|(_, op)| op.origin.as_ref().map(ToString::to_string))
        .collect();
    assert_eq!(
        origins,
        [
            Some(r#"loc("s"("k.c":3:5 to 3:9))"#.to_string()),
            None,
            None,
            Some(r#"loc("k.c":4:1 to 4:1)"#.to_string()),
        ]
    );
    let broken = text.replace("loc(unknown)", "loc(\"k.c\":1:1");
    let (_, diags) = parse_module(&broken, FileId(0));
    assert!(
        diags.iter().any(|d| d.is_error() && d.span.is_some()),
        "{diags:?}"
    );
}
