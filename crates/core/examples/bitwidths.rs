//! Measures the bitwidth optimization on the corpus: for each kernel, the data bits of its
//! materialized (unbuffered) circuit with and without `optimize-bitwidths`, over channels (the
//! data width of every integer channel) and over units (each unit counted at its widest integer
//! operand or result; memory controllers, instances and `end` excluded), and how many
//! `extsi`/`extui`/`trunci` units it has. Prints one row per kernel and the totals.
//!
//! Run with `cargo run -p rivulet-core --example bitwidths`.

#[path = "../tests/it/support/corpus.rs"]
#[allow(dead_code)] // a module of the integration tests; this example uses part of it
mod corpus;

use rivulet_core::driver::{compile, DriverOptions, StageGroup};
use rivulet_core::handshake::{CastOp, Func, OpKind, RawType, ValueId};

/// Channel bits, unit bits, conversion units.
#[derive(Clone, Copy, Default)]
struct Bits {
    channels: u64,
    units: u64,
    conversions: u64,
}

fn int_width(f: &Func, v: ValueId) -> Option<u64> {
    match f.ty(v)?.data() {
        Some(RawType::Int(w)) => Some(w.into()),
        _ => None,
    }
}

fn measure(f: &Func) -> Bits {
    let mut b = Bits::default();
    for (_, op) in f.ops() {
        b.channels += op
            .results
            .iter()
            .filter_map(|&v| int_width(f, v))
            .sum::<u64>();
        let counted = !matches!(
            op.kind,
            OpKind::MemController { .. }
                | OpKind::Lsq { .. }
                | OpKind::Instance { .. }
                | OpKind::End
        );
        if counted {
            let values = op.operands.iter().chain(&op.results);
            b.units += values.filter_map(|&v| int_width(f, v)).max().unwrap_or(0);
        }
        if matches!(
            op.kind,
            OpKind::Cast(CastOp::ExtSI | CastOp::ExtUI | CastOp::TruncI)
        ) {
            b.conversions += 1;
        }
    }
    b
}

fn circuit(file: &std::path::Path, optimize: bool) -> Option<Bits> {
    let options = DriverOptions {
        stop_after: Some(StageGroup::Handshake),
        no_bitwidth_opt: !optimize,
        ..DriverOptions::default()
    };
    let (mut sources, id, mut lookup) = corpus::load(file).ok()?;
    let out = compile(&mut sources, id, &mut lookup, &options, &mut |_| {});
    out.kernel().map(measure)
}

/// The share of `before` that `after` saves, in percent.
fn saved(before: u64, after: u64) -> f64 {
    100.0 * (before as f64 - after as f64) / (before.max(1) as f64)
}

fn row(name: &str, b: Bits, a: Bits) {
    println!(
        "{:<24} {:>7} → {:<7} {:>5.1}% {:>7} → {:<7} {:>5.1}% {:>5} → {:<5}",
        name,
        b.channels,
        a.channels,
        saved(b.channels, a.channels),
        b.units,
        a.units,
        saved(b.units, a.units),
        b.conversions,
        a.conversions
    );
}

fn main() {
    println!(
        "{:<24} {:>23} {:>23} {:>13}",
        "kernel", "channel bits (saved)", "unit bits (saved)", "conversions"
    );
    let (mut before, mut after) = (Bits::default(), Bits::default());
    for file in corpus::kernel_files() {
        let (Some(b), Some(a)) = (circuit(&file, false), circuit(&file, true)) else {
            continue;
        };
        row(&corpus::kernel_name(&file), b, a);
        for (t, x) in [(&mut before, b), (&mut after, a)] {
            t.channels += x.channels;
            t.units += x.units;
            t.conversions += x.conversions;
        }
    }
    row("total", before, after);
}
