//! Times the web app's graph view (view model and layout of the buffered circuit) per corpus
//! kernel, in full and simplified, and prints a table, largest circuits last, with totals.
//!
//! Run with `cargo run -p rivulet-core --profile cli --example bench_view`.

#[path = "../tests/it/support/corpus.rs"]
#[allow(dead_code)] // a module of the integration tests; this bench uses part of it
mod corpus;

use rivulet_core::driver::{compile, DriverOptions};
use rivulet_core::view::{graph_view_with, GraphView, ViewOptions};
use std::time::Instant;

fn main() {
    let options = DriverOptions {
        synth: true,
        ..DriverOptions::default()
    };
    let mut rows = Vec::new();
    for file in corpus::kernel_files() {
        let Ok((mut sources, id, mut lookup)) = corpus::load(&file) else {
            continue;
        };
        let out = compile(&mut sources, id, &mut lookup, &options, &mut |_| {});
        let Some(func) = out.kernel() else { continue };
        let full = time(|| graph_view_with(func, out.synth.as_ref(), &ViewOptions::default()));
        let simplified = ViewOptions {
            simplified: true,
            ..ViewOptions::default()
        };
        let simple = time(|| graph_view_with(func, out.synth.as_ref(), &simplified));
        rows.push((corpus::kernel_name(&file), full, simple));
    }
    rows.sort_by_key(|r| r.1 .0.units.len());
    println!(
        "{:<20} {:>5} {:>8} {:>6} {:>9} {:>8} {:>6} {:>6} {:>7} {:>7} | {:>5} {:>9} {:>8} {:>7}",
        "kernel",
        "units",
        "channels",
        "layers",
        "crossings",
        "wire",
        "width",
        "height",
        "med ms",
        "max ms",
        "simpl",
        "crossings",
        "wire",
        "med ms"
    );
    for (name, (v, median, max), (s, simple_median, _)) in &rows {
        println!(
            "{:<20} {:>5} {:>8} {:>6} {:>9} {:>8} {:>6.0} {:>6.0} {:>7.2} {:>7.2} | {:>5} {:>9} {:>8} {:>7.2}",
            name,
            v.units.len(),
            v.channels.len(),
            v.stats.layers,
            v.stats.crossings,
            v.stats.wire_length,
            v.width,
            v.height,
            median,
            max,
            s.units.len(),
            s.stats.crossings,
            s.stats.wire_length,
            simple_median
        );
    }
    let total = |f: &dyn Fn(&GraphView) -> u64, simple: bool| -> u64 {
        rows.iter()
            .map(|r| f(if simple { &r.2 .0 } else { &r.1 .0 }))
            .sum()
    };
    let ms = |simple: bool| -> f64 {
        rows.iter()
            .map(|r| if simple { r.2 .1 } else { r.1 .1 })
            .sum()
    };
    for (mode, simple) in [("full", false), ("simplified", true)] {
        println!(
            "total, {mode}: {} crossings, wire length {}, {:.1} ms (sum of medians)",
            total(&|v| v.stats.crossings as u64, simple),
            total(&|v| v.stats.wire_length, simple),
            ms(simple)
        );
    }
}

/// The view `f` builds and the median and maximum of five timings, in ms.
fn time(f: impl Fn() -> GraphView) -> (GraphView, f64, f64) {
    let mut times = Vec::new();
    let mut view = GraphView::default();
    for _ in 0..5 {
        let start = Instant::now();
        view = f();
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    (view, times[2], times[4])
}
