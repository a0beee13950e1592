//! The buffers view: each array's memory interface ([`MemoryInterfaces`]), then what buffer
//! placement did for the latest compilation — algorithm asked
//! for and used, clock period, buffers placed, placement time — and, for MILP-based
//! algorithms, the MILP's size and status, the predicted throughput per loop and the LP files
//! to download. The algorithm and clock period are chosen in the options row above; the
//! timing model can be edited in a `timing.json` tab. Below, the buffers lab compares with a
//! second configuration ([`compare`]).

mod compare;
mod loops;
mod paths;

use super::memory::MemoryInterfaces;
use crate::download::download_text;
use crate::protocol::{WireBuffers, TIMING_FILE};
use crate::state::use_session;
use compare::Compare;
use leptos::prelude::*;
use paths::CriticalPaths;
use rivulet_core::options::BufferAlgorithm;
use rivulet_core::share::{SharedFile, MAX_FILES};
use rivulet_core::timing::BUILTIN_JSON;

/// The buffer placement report.
#[component]
pub fn BuffersView() -> impl IntoView {
    let session = use_session();
    let report = move || {
        session
            .compiler
            .outcome
            .with(|o| o.as_ref().map(|o| o.buffers.clone()))
    };
    let shown = move || {
        match report() {
        None => view! { <p class="muted" data-testid="buffers-empty">"Compile to place buffers."</p> }
            .into_any(),
        Some(None) => view! {
            <p class="muted" data-testid="buffers-empty">
                "Buffer placement did not run: the compilation stopped earlier (see the diagnostics)."
            </p>
        }
        .into_any(),
        Some(Some(b)) => report_view(b).into_any(),
    }
    };
    view! {
        <MemoryInterfaces />
        {shown}
        <Compare />
    }
}

fn report_view(b: WireBuffers) -> impl IntoView {
    let session = use_session();
    // The shown compilation's simulated loops, once it was simulated.
    let simulated = move || {
        session.compiler.simulation.with(|s| {
            s.as_ref()
                .and_then(|s| s.view.as_ref())
                .map(|v| loops::measured(&v.report))
        })
    };
    let substituted = (b.requested != b.algorithm).then(|| {
        view! {
            <p class="note" data-testid="buffers-substituted">
                {format!(
                    "{} did not run (see the diagnostics); {} placed the buffers instead.",
                    b.requested, b.algorithm
                )}
            </p>
        }
    });
    let milp = match &b.milp {
        Some(m) => view! {
            <dl class="facts" data-testid="buffers-milp">
                <dt>"MILP size"</dt>
                <dd>
                    {format!(
                        "{} variables ({} integer), {} constraints",
                        m.variables, m.integer_variables, m.constraints
                    )}
                </dd>
                <dt>"Status"</dt>
                <dd data-testid="buffers-status">
                    {format!("{}: {} (solution from {})", m.status, m.ended, m.source)}
                </dd>
                <dt>"Objective"</dt>
                <dd>{number(m.objective)}</dd>
                <dt>"Bound"</dt>
                <dd title="LP relaxation at the root / best bound proven when the search stopped">
                    {format!("{} (root LP) / {} (proven)", number(m.lp_bound), number(m.best_bound))}
                </dd>
            </dl>
        }
        .into_any(),
        None => view! {
            <p class="muted" data-testid="buffers-milp">
                {format!("{} places buffers by rule: no MILP was solved.", b.algorithm)}
            </p>
        }
        .into_any(),
    };
    let throughput = (!b.throughput.is_empty()).then(|| {
        view! {
            <table class="throughput" data-testid="buffers-throughput">
                <thead>
                    <tr>
                        <th>"Loop"</th>
                        <th>"Executions"</th>
                        <th>"Predicted throughput (tokens/cycle)"</th>
                        <th>"Predicted II (cycles)"</th>
                        <th title="From the simulation view's run of this compilation">"Measured II (cycles)"</th>
                    </tr>
                </thead>
                <tbody>
                    {b.throughput
                        .iter()
                        .map(|l| {
                            let name = l.name.clone();
                            let measured = move || {
                                simulated()
                                    .and_then(|loops| loops::measured_for(&name, &loops))
                                    .unwrap_or_else(|| "– (simulate to measure)".to_string())
                            };
                            view! {
                                <tr data-testid="loop-row">
                                    <td>{l.name.clone()}</td>
                                    <td>{l.executions}</td>
                                    <td>{format!("{:.3}", l.throughput)}</td>
                                    <td data-testid="loop-predicted-ii">{loops::predicted_ii(l.throughput)}</td>
                                    <td data-testid="loop-measured-ii">{measured}</td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        }
    });
    let lp_files = (!b.lp_files.is_empty()).then(|| {
        view! {
            <div class="lp-files">
                {b.lp_files
                    .iter()
                    .map(|f| {
                        let (name, text) = (f.name.clone(), f.text.clone());
                        view! {
                            <button
                                class="button small"
                                data-testid="download-lp"
                                on:click=move |_| {
                                    let _ = download_text(&name, &text);
                                }
                            >
                                {format!("Download {}", f.name)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        }
    });
    view! {
        <div class="buffers" data-testid="buffers-report">
            <dl class="facts">
                <dt>"Algorithm"</dt>
                <dd data-testid="buffers-algorithm">{b.algorithm.name()}</dd>
                <dt>"Clock period"</dt>
                <dd>{format!("{} ns", b.clock_period_ns)}</dd>
                <dt>"Critical path"</dt>
                <dd data-testid="buffers-critical-path">
                    {against_clock(b.critical_path_ns, b.clock_period_ns)}
                </dd>
                {(b.algorithm == BufferAlgorithm::Fpga20).then(|| view! {
                    <dt title="FPGA20 times data paths only, as the reference compiler does">
                        "Data path"
                    </dt>
                    <dd data-testid="buffers-data-path">
                        {against_clock(b.data_path_ns, b.clock_period_ns)}
                    </dd>
                })}
                <dt>"Ready path"</dt>
                <dd data-testid="buffers-ready-path">
                    {against_clock(b.ready_path_ns, b.clock_period_ns)}
                </dd>
                <dt>"Timing model"</dt>
                <dd data-testid="buffers-timing">
                    {timing_label(&b.timing)}
                    " "
                    <EditTiming />
                </dd>
                <dt>"Buffers placed"</dt>
                <dd data-testid="buffers-count">{b.buffers}</dd>
                <dt>"Placement time"</dt>
                <dd>{format!("{:.1} ms", b.millis)}</dd>
            </dl>
            <CriticalPaths
                data=b.critical_route.clone()
                ready=b.ready_route.clone()
                clock_period_ns=b.clock_period_ns
            />
            {substituted}
            {milp}
            {throughput}
            {lp_files}
        </div>
    }
}

/// What the report's timing model was.
fn timing_label(timing: &str) -> String {
    if timing == TIMING_FILE {
        format!("your {TIMING_FILE} tab")
    } else {
        "built-in (Dynamatic's 2025 characterisation)".to_string()
    }
}

/// Opens the [`TIMING_FILE`] tab, creating it with the built-in characterisation to edit.
#[component]
fn EditTiming() -> impl IntoView {
    let session = use_session();
    let open = move |_| {
        let existing = session
            .files
            .with_untracked(|f| f.iter().position(|f| f.name == TIMING_FILE));
        let count = session.files.with_untracked(Vec::len);
        let index = match existing {
            Some(i) => i,
            None if count >= MAX_FILES => {
                let full = format!("at most {MAX_FILES} files: delete a tab to add {TIMING_FILE}");
                session.notice.set(Some(full));
                return;
            }
            None => {
                session.files.update(|f| {
                    f.push(SharedFile {
                        name: TIMING_FILE.to_string(),
                        text: BUILTIN_JSON.to_string(),
                    })
                });
                count
            }
        };
        session.active.set(index);
    };
    view! {
        <button
            class="button small"
            data-testid="edit-timing"
            title="Edit the unit delays and latencies in a timing.json tab; the next compile uses it"
            on:click=open
        >
            "Edit timing model"
        </button>
    }
}

/// A combinational path against the clock period, e.g. `7.413 ns (misses the clock
/// period)`.
fn against_clock(path_ns: Option<f64>, clock_period_ns: f64) -> String {
    match path_ns {
        Some(ns) if ns <= clock_period_ns + 1e-9 => {
            format!("{ns:.3} ns (meets the clock period)")
        }
        Some(ns) => format!("{ns:.3} ns (misses the clock period)"),
        None => "–".to_string(),
    }
}

/// A solver number for display, `–` when absent.
fn number(value: Option<f64>) -> String {
    value.map_or("–".to_string(), |v| format!("{v:.4}"))
}
