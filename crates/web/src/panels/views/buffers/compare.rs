//! The buffers lab's comparison: the shown compilation against the same code with another
//! buffer placement or clock period ([`crate::lab::Lab`]), side by side — buffers placed,
//! critical paths, placement time, simulated cycles, per loop the predicted throughput and
//! the measured initiation interval — and both circuits drawn with the buffers the other
//! lacks marked (removed on the left, added on the right).

use super::loops::measured;
use crate::client::Compiler;
use crate::panels::options::{AlgorithmSelect, ClockInput};
use crate::panels::views::graph::{GraphCanvas, HeatCell};
use crate::protocol::CompileOutcome;
use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::view::{buffer_diff, GraphView};
use std::sync::Arc;

/// The comparison's controls, table and graphs.
#[component]
pub fn Compare() -> impl IntoView {
    let session = use_session();
    let lab = session.lab;
    let current = move || {
        lab.files
            .with(|f| f.as_deref().is_some_and(|f| session.compiled_from(f)))
    };
    lab.compiler.simulate_when_compiled(|| true);
    // The shown circuit is simulated only for a comparison of it.
    session.compiler.simulate_when_compiled(current);
    let busy = move || lab.compiler.status.get().is_busy() || lab.compiler.simulating.get();
    let body = move || {
        if lab.files.with(Option::is_none) {
            return view! {
                <p class="muted">
                    "Pick a second placement (\"none\" shows why buffers are needed) or clock period and press Compare: both circuits are compiled and simulated, and the buffers one has and the other lacks are marked."
                </p>
            }
            .into_any();
        }
        if !current() {
            return view! {
                <p class="note" data-testid="compare-stale">
                    "The code or the shown compilation changed since this comparison: press Compare again."
                </p>
            }
            .into_any();
        }
        let both = session
            .compiler
            .outcome
            .with(|a| lab.compiler.outcome.with(|b| a.clone().zip(b.clone())));
        match both {
            None => {
                view! { <p class="muted" data-testid="compare-waiting">"Compiling…"</p> }.into_any()
            }
            Some((a, b)) => side_by_side(session.compiler, lab.compiler, a, b).into_any(),
        }
    };
    view! {
        <section class="compare" data-testid="compare">
            <h3>"Compare with another configuration"</h3>
            <div class="compare-bar">
                <AlgorithmSelect
                    testid="compare-buffers"
                    value=lab.algorithm.into()
                    on_pick=move |a| lab.algorithm.set(a)
                />
                <ClockInput
                    testid="compare-clock"
                    value=lab.clock_period_ns.into()
                    on_set=move |p| lab.clock_period_ns.set(p)
                />
                <button
                    class="button primary small"
                    data-testid="compare-run"
                    disabled=busy
                    on:click=move |_| lab.compare(&session)
                >
                    {move || if busy() { "Comparing…" } else { "Compare" }}
                </button>
            </div>
            {body}
        </section>
    }
}

/// The table and the two marked graphs.
fn side_by_side(
    a_compiler: Compiler,
    b_compiler: Compiler,
    a: CompileOutcome,
    b: CompileOutcome,
) -> impl IntoView {
    let (Some(ab), Some(bb)) = (a.buffers.clone(), b.buffers.clone()) else {
        return view! {
            <p class="note">"One of the two compilations stopped before buffer placement (see the diagnostics)."</p>
        }
        .into_any();
    };
    let config =
        |b: &crate::protocol::WireBuffers| format!("{} at {} ns", b.algorithm, b.clock_period_ns);
    let path = |p: Option<f64>| p.map_or("–".to_string(), |p| format!("{p:.3} ns"));
    let loops = |b: &crate::protocol::WireBuffers| {
        if b.throughput.is_empty() {
            return "–".to_string();
        }
        b.throughput
            .iter()
            .map(|l| format!("{} {:.3}", l.name, l.throughput))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let rows: Vec<(&str, String, String)> = vec![
        ("configuration", config(&ab), config(&bb)),
        (
            "buffers placed",
            ab.buffers.to_string(),
            bb.buffers.to_string(),
        ),
        (
            "critical data/valid path",
            path(ab.critical_path_ns),
            path(bb.critical_path_ns),
        ),
        (
            "critical ready path",
            path(ab.ready_path_ns),
            path(bb.ready_path_ns),
        ),
        (
            "placement time",
            format!("{:.0} ms", ab.millis),
            format!("{:.0} ms", bb.millis),
        ),
        ("predicted throughput per loop", loops(&ab), loops(&bb)),
    ];
    let table_rows = rows
        .into_iter()
        .map(|(what, x, y)| view! { <tr><th scope="row">{what}</th><td>{x}</td><td>{y}</td></tr> })
        .collect_view();
    let simulated = |c: Compiler| {
        move || {
            c.simulation
                .with(|s| match s.as_ref().and_then(|s| s.view.as_ref()) {
                    None if c.simulating.get() => ("simulating…".to_string(), String::new()),
                    None => ("–".to_string(), String::new()),
                    Some(v) => (
                        format!(
                            "{} cycles ({}{})",
                            v.cycles,
                            v.status,
                            if v.passed { ", outputs match" } else { "" }
                        ),
                        measured_ii(&v.report),
                    ),
                })
        }
    };
    let (sa, sb) = (simulated(a_compiler), simulated(b_compiler));
    let graphs = match (a.graph, b.graph) {
        (Some(ga), Some(gb)) => {
            let diff = buffer_diff(&ga, &gb);
            let cells = |g: &GraphView, marked: &[usize], caption: &str, colour: &str| {
                let mut cells = vec![None; g.units.len()];
                for &u in marked {
                    cells[u] = Some(HeatCell {
                        colour: colour.to_string(),
                        caption: caption.to_string(),
                    });
                }
                Signal::derive(move || cells.clone())
            };
            let removed = cells(&ga, &diff.only_in_first, "removed", "var(--removed)");
            let added = cells(&gb, &diff.only_in_second, "added", "var(--added)");
            let summary = format!(
                "{} only on the left (marked removed), {} only on the right (marked added)",
                buffers(diff.only_in_first.len()),
                buffers(diff.only_in_second.len())
            );
            view! {
                <p class="muted" data-testid="compare-diff" data-removed=diff.only_in_first.len() data-added=diff.only_in_second.len()>{summary}</p>
                <div class="compare-graphs">
                    <div class="compare-graph" data-testid="compare-left">
                        <GraphCanvas graph=Arc::new(ga) overlay=None heat=removed detached=true />
                    </div>
                    <div class="compare-graph" data-testid="compare-right">
                        <GraphCanvas graph=Arc::new(gb) overlay=None heat=added detached=true />
                    </div>
                </div>
            }
            .into_any()
        }
        _ => view! { <p class="muted">"No circuit to draw."</p> }.into_any(),
    };
    view! {
        <table class="compare-table" data-testid="compare-table">
            <thead>
                <tr><th></th><th scope="col">"shown (options above)"</th><th scope="col">"compared"</th></tr>
            </thead>
            <tbody>
                {table_rows}
                <tr>
                    <th scope="row">"simulated"</th>
                    <td data-testid="compare-cycles-left">{move || sa().0}</td>
                    <td data-testid="compare-cycles-right">{move || sb().0}</td>
                </tr>
                <tr>
                    <th scope="row">"measured II per loop"</th>
                    <td>{move || sa().1}</td>
                    <td>{move || sb().1}</td>
                </tr>
            </tbody>
        </table>
        {graphs}
    }
    .into_any()
}

/// `1 buffer`, `3 buffers`.
fn buffers(n: usize) -> String {
    if n == 1 {
        "1 buffer".to_string()
    } else {
        format!("{n} buffers")
    }
}

/// The simulator report's loops as `bb1 II 2`, joined.
fn measured_ii(report: &str) -> String {
    let loops: Vec<String> = measured(report)
        .into_iter()
        .map(|(block, ii)| format!("{block} II {ii}"))
        .collect();
    if loops.is_empty() {
        "–".to_string()
    } else {
        loops.join(", ")
    }
}
