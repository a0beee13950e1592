//! Times the layered layout on seeded random dataflow-like graphs and prints a table.
//!
//! Run with `cargo run -p rivulet-core --profile cli --example bench_layout`; pass
//! `--svg <prefix>` to also write each drawing to `<prefix><nodes>.svg`, and `--flat` to drop
//! the clusters (to see what the cluster boxes cost in width). `--blocks` uses block-structured
//! graphs (most edges inside a basic block, blocks chained like a CFG with loops) instead of
//! graphs whose edges jump up to 12 nodes ahead regardless of blocks.

#[path = "../tests/it/support/layout_support.rs"]
#[allow(dead_code)] // a module of the integration tests; this bench uses part of it
mod layout_support;

use rivulet_core::layout::{layout, svg, LayoutOptions};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let svg_prefix = args
        .iter()
        .position(|a| a == "--svg")
        .and_then(|i| args.get(i + 1).cloned());
    println!(
        "{:>6} {:>6} {:>7} {:>7} {:>9} {:>9} {:>8} {:>10} {:>10}",
        "nodes",
        "edges",
        "layers",
        "dummies",
        "reversed",
        "crossings",
        "width",
        "median ms",
        "max ms"
    );
    for n in [50, 150, 300, 600, 1000] {
        let mut g = if args.iter().any(|a| a == "--blocks") {
            layout_support::block_circuit(n, n as u64)
        } else {
            layout_support::random_circuit(n, n as u64)
        };
        if args.iter().any(|a| a == "--flat") {
            g.clusters.clear();
            g.nodes.iter_mut().for_each(|v| v.cluster = None);
        }
        let runs = if n <= 300 { 9 } else { 3 };
        let mut times = Vec::new();
        let mut result = None;
        for _ in 0..runs {
            let start = Instant::now();
            let l = layout(&g, &LayoutOptions::default());
            times.push(start.elapsed().as_secs_f64() * 1e3);
            result = Some(l);
        }
        times.sort_by(f64::total_cmp);
        let l = result.expect("at least one run");
        println!(
            "{:>6} {:>6} {:>7} {:>7} {:>9} {:>9} {:>8.0} {:>10.2} {:>10.2}",
            n,
            g.edges.len(),
            l.stats.layers,
            l.stats.dummies,
            l.stats.reversed,
            l.stats.crossings,
            l.width,
            times[times.len() / 2],
            times[times.len() - 1]
        );
        if let Some(prefix) = &svg_prefix {
            let path = format!("{prefix}{n}.svg");
            if let Err(e) = std::fs::write(&path, svg::render(&g, &l)) {
                eprintln!("cannot write {path}: {e}");
            }
        }
    }
}
