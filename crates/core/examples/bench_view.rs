//! Times the web app's graph view (view model and layout of the buffered circuit) per corpus
//! kernel and prints a table, largest circuits last.
//!
//! Run with `cargo run -p rivulet-core --profile cli --example bench_view`.

#[path = "../tests/it/support/corpus.rs"]
#[allow(dead_code)] // a module of the integration tests; this bench uses part of it
mod corpus;

use rivulet_core::driver::{compile, DriverOptions};
use rivulet_core::view::graph_view;
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
        let mut times = Vec::new();
        let mut view = None;
        for _ in 0..5 {
            let start = Instant::now();
            view = Some(graph_view(func, out.synth.as_ref()));
            times.push(start.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        let v = view.expect("five runs");
        rows.push((corpus::kernel_name(&file), v, times[2], times[4]));
    }
    rows.sort_by_key(|r| r.1.units.len());
    println!(
        "{:<24} {:>6} {:>8} {:>7} {:>9} {:>8} {:>8} {:>8} {:>10} {:>8}",
        "kernel",
        "units",
        "channels",
        "layers",
        "crossings",
        "wire",
        "width",
        "height",
        "median ms",
        "max ms"
    );
    for (name, v, median, max) in &rows {
        println!(
            "{:<24} {:>6} {:>8} {:>7} {:>9} {:>8} {:>8.0} {:>8.0} {:>10.2} {:>8.2}",
            name,
            v.units.len(),
            v.channels.len(),
            v.stats.layers,
            v.stats.crossings,
            v.stats.wire_length,
            v.width,
            v.height,
            median,
            max
        );
    }
    let crossings: usize = rows.iter().map(|r| r.1.stats.crossings).sum();
    let wire: u64 = rows.iter().map(|r| r.1.stats.wire_length).sum();
    let ms: f64 = rows.iter().map(|r| r.2).sum();
    println!("total: {crossings} crossings, wire length {wire}, {ms:.1} ms (sum of medians)");
}
