//! The area view: logic synthesis of the compiled circuit on request, in the browser — the
//! report of the CLI's `rivulet compile --hdl verilog --report-area`: the whole circuit's
//! LUTs, flip-flops, LUT-RAM/SRL, carry chains, wide multiplexers, DSPs and block RAMs
//! (flattened `synth_xilinx -family xc7`), Yosys's longest path beside the timing model's, and
//! per unit instance (hierarchy kept) as a heat map on the circuit and a sortable table.
//!
//! Yosys (YoWASP's WebAssembly build) is downloaded only when the user asks, runs in its own
//! worker with its progress shown, and Cancel stops it (`crate::synthesis`).

mod heat;
mod table;

use super::graph::GraphCanvas;
use crate::download::download_text;
use crate::state::use_session;
use crate::synthesis::{SynthResult, SynthStatus};
use heat::heat_cells;
use leptos::prelude::*;
use rivulet_core::yosys::Area;
use std::sync::Arc;
use table::{Column, InstanceTable};

/// The area report and the button that asks for it.
#[component]
pub fn AreaView() -> impl IntoView {
    let session = use_session();
    let synth = session.synthesizer;
    let compiled = Memo::new(move |_| {
        session
            .compiler
            .outcome
            .with(|o| o.as_ref().map(|o| o.rtl.is_some()))
    });
    let busy = Memo::new(move |_| synth.status.with(SynthStatus::is_busy));
    let bar = move || {
        match compiled.get() {
        None => view! { <p class="muted" data-testid="area-empty">"Compile, then synthesize the circuit to see its area."</p> }
            .into_any(),
        Some(false) => view! {
            <p class="muted" data-testid="area-empty">
                "No circuit to synthesize: the compilation stopped earlier (see the diagnostics)."
            </p>
        }
        .into_any(),
        Some(true) => view! {
            <div class="area-bar">
                {move || if busy.get() {
                    view! {
                        <button class="button small" data-testid="area-cancel" on:click=move |_| synth.cancel()>
                            "Cancel"
                        </button>
                    }
                    .into_any()
                } else {
                    view! {
                        <button
                            class="button primary small"
                            data-testid="area-synthesize"
                            on:click=move |_| synth.start(session.compiler)
                        >
                            "Synthesize with Yosys"
                        </button>
                    }
                    .into_any()
                }}
                <span class="area-status" data-testid="area-status" data-state=move || state_name(&synth.status.get())>
                    {move || status_text(&synth.status.get())}
                </span>
            </div>
        }
        .into_any(),
    }
    };
    view! {
        <div class="area" data-testid="area">
            {bar}
            {move || synth.result.get().map(|r| view! { <Report result=r /> })}
        </div>
    }
}

fn state_name(s: &SynthStatus) -> &'static str {
    match s {
        SynthStatus::Idle => "idle",
        SynthStatus::Preparing | SynthStatus::Loading | SynthStatus::Running { .. } => "running",
        SynthStatus::Done => "done",
        SynthStatus::Cancelled => "cancelled",
        SynthStatus::Failed(_) => "failed",
    }
}

fn status_text(s: &SynthStatus) -> String {
    match s {
        SynthStatus::Idle => {
            "Yosys runs here, in your browser (synth_xilinx for a Xilinx 7-series \
            part). The first run downloads its WebAssembly build: about 31 MB, then cached."
                .into()
        }
        SynthStatus::Preparing => "writing the Verilog…".into(),
        SynthStatus::Loading => "loading Yosys (WebAssembly)…".into(),
        SynthStatus::Running { step, synth_runs } => {
            let which = if *synth_runs <= 1 {
                "1 of 2: the whole circuit, flattened"
            } else {
                "2 of 2: per unit, hierarchy kept"
            };
            format!("synthesis {which} — {step}")
        }
        SynthStatus::Done => "done".into(),
        SynthStatus::Cancelled => "cancelled".into(),
        SynthStatus::Failed(why) => why.clone(),
    }
}

fn ns(v: Option<f64>) -> String {
    v.map_or("n/a".into(), |v| format!("{v:.3} ns"))
}

/// The report of a finished synthesis.
#[component]
fn Report(result: Arc<SynthResult>) -> impl IntoView {
    let session = use_session();
    let r = &result.report;
    let totals = totals_row(&r.total);
    let problems = r
        .problems
        .iter()
        .map(|p| view! { <li class="error">{format!("{}: {}", p.kind.name(), p.message)}</li> })
        .collect_view();
    let instances = Arc::new(r.instances.clone());
    let metric = RwSignal::new(Column::Lut);
    let graph = session
        .compiler
        .outcome
        .with_untracked(|o| o.as_ref().and_then(|o| o.graph.clone()))
        .map(Arc::new);
    let heat_map = graph.map(|g| {
        let units = g.units.clone();
        let inst = instances.clone();
        let heat = Signal::derive(move || heat_cells(&units, &inst, metric.get()));
        view! {
            <div class="area-heat" data-testid="area-heatmap">
                <GraphCanvas graph=g overlay=None heat=heat />
            </div>
        }
    });
    let log = result.clone();
    let error = RwSignal::new(None::<String>);
    view! {
        <div class="area-summary">
            <table class="area-table" data-testid="area-totals">
                <thead>
                    <tr>
                        <th></th>
                        {Column::METRICS.iter().map(|c| view! { <th class="num">{c.title()}</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>{totals}</tbody>
            </table>
            <p data-testid="area-path">
                {format!(
                    "Longest combinational path: {} by Yosys's sta (no wire delays); {} by the timing model (critical data/valid path of the placed circuit).",
                    ns(r.yosys_path_ns),
                    ns(r.model_path_ns)
                )}
            </p>
            <ul class="area-problems" data-testid="area-problems">{problems}</ul>
            <div class="area-bar">
                <span class="muted">
                    {format!("{} synthesized in {:.1} s. Per unit: a second synthesis with the hierarchy kept (no logic shared across units, so the units add up to more than the circuit).", result.top, result.seconds)}
                </span>
                <label>
                    "Heat map of "
                    <select
                        data-testid="area-metric"
                        on:change=move |ev| {
                            let key = event_target_value(&ev);
                            if let Some(c) = Column::METRICS.iter().find(|c| c.key() == key) {
                                metric.set(*c);
                            }
                        }
                    >
                        {Column::METRICS
                            .iter()
                            .map(|c| view! { <option value=c.key()>{c.title()}</option> })
                            .collect_view()}
                    </select>
                </label>
                <button
                    class="button small"
                    data-testid="area-log"
                    on:click=move |_| error.set(download_text(&format!("{}-yosys.log", log.top), &log.log).err())
                >
                    "Download Yosys log"
                </button>
                {move || error.get().map(|e| view! { <span class="error">{e}</span> })}
            </div>
        </div>
        <div class="area-body">
            {heat_map}
            <div class="area-units">
                <InstanceTable instances=instances />
            </div>
        </div>
    }
}

fn totals_row(a: &Area) -> impl IntoView {
    let cells = Column::METRICS
        .iter()
        .map(|c| view! { <td class="num" data-testid=format!("area-total-{}", c.key())>{c.value(a)}</td> })
        .collect_view();
    view! {
        <tr>
            <td>"circuit (flattened)"</td>
            {cells}
        </tr>
    }
}
