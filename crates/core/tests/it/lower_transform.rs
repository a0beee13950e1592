//! Canonicalization and materialization on hand-written Handshake IR.

use rivulet_core::diag::FileId;
use rivulet_core::handshake::{parse_module, print_module, verify_module, VerifyOptions};
use rivulet_core::transform::{canonicalize, materialize};

const INPUT: &str = r#"
handshake.func @t(%arg0: !handshake.channel<i32>, %arg1: !handshake.control<>, ...) -> (!handshake.channel<i32>, !handshake.control<>) attributes {argNames = ["a", "start"], resNames = ["out0", "end"]} {
  %0 = merge %arg0 {handshake.bb = 0 : ui32, handshake.name = "merge0"} : <i32>
  %1 = br %0 {handshake.bb = 0 : ui32, handshake.name = "br0"} : <i32>
  %2 = br %1 {handshake.bb = 0 : ui32, handshake.name = "br1"} : <i32>
  %3 = source {handshake.bb = 0 : ui32, handshake.name = "source0"} : <>
  %4 = constant %3 {handshake.bb = 0 : ui32, handshake.name = "constant0", value = 7 : i32} : <>, <i32>
  %5 = source {handshake.bb = 0 : ui32, handshake.name = "source1"} : <>
  %6 = constant %5 {handshake.bb = 0 : ui32, handshake.name = "constant1", value = 7 : i32} : <>, <i32>
  %7 = addi %2, %4 {handshake.bb = 0 : ui32, handshake.name = "addi0"} : <i32>
  %8 = addi %7, %6 {handshake.bb = 0 : ui32, handshake.name = "addi1"} : <i32>
  %9 = muli %8, %8 {handshake.bb = 0 : ui32, handshake.name = "muli0"} : <i32>
  %10:2 = cond_br %arg1, %arg1 {handshake.bb = 0 : ui32, handshake.name = "dead0"} : <>, <>
  end {handshake.bb = 0 : ui32, handshake.name = "end0"} %8, %arg1 : <i32>, <>
}
"#;

const EXPECTED: &str = r#"module {
  handshake.func @t(%arg0: !handshake.channel<i32>, %arg1: !handshake.control<>, ...) -> (!handshake.channel<i32>, !handshake.control<>) attributes {argNames = ["a", "start"], resNames = ["out0", "end"]} {
    %0 = br %arg0 {handshake.bb = 0 : ui32, handshake.name = "br1"} : <i32>
    %1 = source {handshake.bb = 0 : ui32, handshake.name = "source0"} : <>
    %2 = constant %1 {handshake.bb = 0 : ui32, handshake.name = "constant0", value = 7 : i32} : <>, <i32>
    %3:2 = fork [2] %2 {handshake.bb = 0 : ui32, handshake.name = "fork0"} : <i32>
    %4 = addi %0, %3#0 {handshake.bb = 0 : ui32, handshake.name = "addi0"} : <i32>
    %5 = addi %4, %3#1 {handshake.bb = 0 : ui32, handshake.name = "addi1"} : <i32>
    end {handshake.bb = 0 : ui32, handshake.name = "end0"} %5, %arg1 : <i32>, <>
  }
}
"#;

#[test]
fn canonicalize_then_materialize() {
    let (mut m, diags) = parse_module(INPUT, FileId(0));
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    m.funcs.iter_mut().for_each(canonicalize::run);
    m.funcs.iter_mut().for_each(materialize::run);
    let errs: Vec<_> = verify_module(&m, &VerifyOptions { materialized: true })
        .into_iter()
        .filter(|d| d.is_error())
        .collect();
    assert!(errs.is_empty(), "{errs:?}");
    let text = print_module(&m);
    let (reparsed, _) = parse_module(EXPECTED, FileId(0));
    assert_eq!(text, print_module(&reparsed));
}

#[test]
fn materialize_sinks_unused_values_and_forks_shared_ones() {
    let src = r#"
handshake.func @u(%arg0: !handshake.channel<i32>, %arg1: !handshake.channel<i32>, %arg2: !handshake.control<>, ...) -> (!handshake.channel<i32>, !handshake.control<>) attributes {argNames = ["a", "b", "start"], resNames = ["out0", "end"]} {
  %0 = muli %arg0, %arg0 {handshake.bb = 0 : ui32, handshake.name = "muli0"} : <i32>
  end {handshake.bb = 0 : ui32, handshake.name = "end0"} %0, %arg2 : <i32>, <>
}
"#;
    let (mut m, _) = parse_module(src, FileId(0));
    m.funcs.iter_mut().for_each(materialize::run);
    let text = print_module(&m);
    assert!(text.contains("fork [2] %arg0"), "{text}");
    assert!(text.contains("sink %arg1"), "{text}");
    let errs: Vec<_> = verify_module(&m, &VerifyOptions { materialized: true })
        .into_iter()
        .filter(|d| d.is_error())
        .collect();
    assert!(errs.is_empty(), "{errs:?}\n{text}");
}
