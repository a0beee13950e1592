//! The bitwidth optimization (`optimize-bitwidths`): its analyses on small kernels (loop
//! counters, addresses, masks, overflowing accumulations), the option that turns it off, and
//! golden files of the narrowed IR: each `tests/lower/<name>/<name>.c` compiles to
//! `<name>.bitwidth.handshake` (`bitwidth::kernels::one_loop`, …; `RIVULET_BLESS=1` rewrites
//! them). Every corpus kernel is also simulated against the interpreter with the pass on
//! (`sim_corpus`, `sim_buffers_corpus`, `random_kernels`).

use crate::support::{corpus, golden};
use rivulet_core::diag::render;
use rivulet_core::driver::{compile_files, DriverOptions, StageGroup};
use rivulet_core::handshake::{print_module, BinOp, CmpIPred, Func, OpKind, ValueId};
use rivulet_core::transform::bitwidth::interval::Interval;
use rivulet_core::transform::bitwidth::Analysis;
use std::path::Path;

/// The materialized kernel `k` of `source`, with or without the bitwidth optimization.
fn kernel(source: &str, optimize: bool) -> Func {
    let options = DriverOptions {
        stop_after: Some(StageGroup::Handshake),
        no_bitwidth_opt: !optimize,
        ..DriverOptions::default()
    };
    let (out, sources) = compile_files(&[("k.c".into(), source.into())], &options, &mut |_| {});
    match out.kernel() {
        Some(f) => f.clone(),
        None => panic!("{}", render(&sources, &out.diagnostics)),
    }
}

/// The data width of a channel.
fn width(f: &Func, v: ValueId) -> u32 {
    f.ty(v).map_or(0, |t| t.data_width())
}

/// The operands of the first op of `f` that `pick` accepts.
fn operands_of(f: &Func, pick: impl Fn(&OpKind) -> bool) -> Vec<ValueId> {
    f.ops()
        .find(|(_, op)| pick(&op.kind))
        .map(|(_, op)| op.operands.clone())
        .expect("no such op")
}

const COUNTER: &str = "int k(int a[1000]) {
  int s = 0;
  for (int i = 0; i < 100; i++)
    s = s * a[i] + 7;
  return s;
}";

#[test]
fn a_loop_counter_to_100_gets_eight_bits() {
    let before = kernel(COUNTER, false);
    let cmp = operands_of(&before, |k| matches!(k, OpKind::CmpI(CmpIPred::Slt)));
    let a = Analysis::of(&before);
    let counter = a.range(cmp[0], 32);
    assert_eq!(counter, Interval { lo: 0, hi: 100 }, "the counter's range");
    let after = kernel(COUNTER, true);
    let cmp = operands_of(&after, |k| matches!(k, OpKind::CmpI(CmpIPred::Slt)));
    assert_eq!(width(&after, cmp[0]), 8, "the comparison of the counter");
}

#[test]
fn an_overflowing_accumulation_stays_32_bits() {
    let after = kernel(COUNTER, true);
    let (mul, product) = after
        .ops()
        .find(|(_, op)| op.kind == OpKind::Bin(BinOp::MulI))
        .map(|(id, op)| (id, op.results[0]))
        .unwrap();
    let mul = after.operands(mul).to_vec();
    assert_eq!(
        width(&after, mul[0]),
        32,
        "s * a[i] may wrap: every bit is kept"
    );
    assert_eq!(width(&after, product), 32);
    let (add, _) = after.users(product)[0];
    let add = after.op(add).unwrap();
    assert_eq!(add.kind, OpKind::Bin(BinOp::AddI));
    assert_eq!(width(&after, add.results[0]), 32, "s * a[i] + 7 too");
    // The same kernel's counter is narrowed, so the pass did run.
    let cmp = operands_of(&after, |k| matches!(k, OpKind::CmpI(_)));
    assert!(width(&after, cmp[0]) < 32);
}

#[test]
fn an_address_into_1000_elements_gets_ten_bits() {
    let before = kernel(COUNTER, false);
    let load = before
        .ops()
        .find(|(_, op)| op.kind == OpKind::Load)
        .map(|(id, _)| id)
        .unwrap();
    assert_eq!(
        Analysis::of(&before).addresses.ports.get(&(load, 0)),
        Some(&10)
    );
    let after = kernel(COUNTER, true);
    let load = operands_of(&after, |k| *k == OpKind::Load);
    assert_eq!(width(&after, load[0]), 10);
    let controller = operands_of(&after, |k| matches!(k, OpKind::MemController { .. }));
    assert!(controller.iter().any(|&v| width(&after, v) == 10));
}

const MASK: &str = "int k(int x, int y) {
  return (x & 0xFF) + (y >> 24);
}";

#[test]
fn a_mask_demands_eight_bits_and_bounds_its_result() {
    let before = kernel(MASK, false);
    let and = before
        .ops()
        .find(|(_, op)| op.kind == OpKind::Bin(BinOp::AndI))
        .map(|(_, op)| op.clone())
        .unwrap();
    let a = Analysis::of(&before);
    assert_eq!(a.demand(and.operands[0]), 8, "x & 0xFF reads 8 bits of x");
    assert_eq!(a.range(and.results[0], 32), Interval { lo: 0, hi: 255 });
    let shift = operands_of(&before, |k| matches!(k, OpKind::Bin(BinOp::ShrSI)));
    let sum = operands_of(&before, |k| matches!(k, OpKind::Bin(BinOp::AddI)));
    assert_eq!(a.range(shift[0], 32), Interval::full(32));
    assert_eq!(a.range(sum[1], 32), Interval { lo: -128, hi: 127 });
    // The sum of a 9-bit and an 8-bit value needs 10 bits; the result port keeps 32.
    let after = kernel(MASK, true);
    let add = operands_of(&after, |k| matches!(k, OpKind::Bin(BinOp::AddI)));
    assert_eq!(width(&after, add[0]), 10);
    assert_eq!(after.result_types, before.result_types);
    assert_eq!(after.arg_types(), before.arg_types());
}

#[test]
fn the_option_keeps_every_width() {
    let before = kernel(COUNTER, false);
    assert!(before
        .values()
        .filter(|(v, x)| before.is_live_value(*v) && x.ty.data().is_some())
        .all(|(_, x)| matches!(x.ty.data_width(), 1 | 32)));
}

kernel_tests!(kernels, narrows_to_its_golden_file, lower);

fn narrows_to_its_golden_file(file: &Path) {
    let dir = file.parent().unwrap();
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let (out, sources) = corpus::compile(file, &corpus::through_handshake()).unwrap();
    let Some(module) = out.module else {
        panic!("{name}: {}", render(&sources, &out.diagnostics));
    };
    golden::check(
        &dir.join(format!("{name}.bitwidth.handshake")),
        &print_module(&module),
    );
}
