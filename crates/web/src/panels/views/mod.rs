//! The output views (pipeline, graph, hardware, buffers, simulation, RTL, area) behind view
//! tabs.
//! The selected view is part of the session's options, so share links restore it. Results of
//! code that changed since are dimmed (see [`crate::state::Session::stale`]).

mod area;
mod buffers;
#[cfg(test)]
pub(crate) mod fixture;
mod graph;
mod hardware;
mod memory;
mod pipeline;
mod rtl;
mod simulation;

pub use graph::glyph;
pub use simulation::key as simulation_key;

use crate::state::use_session;
use area::AreaView;
use buffers::BuffersView;
use graph::GraphView;
use hardware::HardwareView;
use leptos::prelude::*;
use pipeline::PipelineView;
use rivulet_core::share::View;
use rtl::RtlView;
use simulation::SimulationView;

fn title(view: View) -> &'static str {
    match view {
        View::Pipeline => "Pipeline",
        View::Graph => "Graph",
        View::Hardware => "Hardware",
        View::Buffers => "Buffers",
        View::Simulation => "Simulation",
        View::Rtl => "RTL",
        View::Area => "Area",
    }
}

/// The view tabs and the selected view.
#[component]
pub fn Views() -> impl IntoView {
    let session = use_session();
    let selected = Memo::new(move |_| session.options.with(|o| o.view));
    view! {
        <div class="view-tabs" role="tablist">
            {View::ALL
                .iter()
                .map(|&v| {
                    view! {
                        <button
                            role="tab"
                            class="view-tab"
                            class:active=move || selected.get() == v
                            aria-selected=move || (selected.get() == v).to_string()
                            data-testid=format!("view-{}", v.name())
                            on:click=move |_| session.change_options(|o| o.view = v)
                        >
                            {title(v)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        <div class="view-body" class:stale=move || session.stale() data-testid="view-body">
            {move || match selected.get() {
                View::Pipeline => view! { <PipelineView /> }.into_any(),
                View::Graph => view! { <GraphView /> }.into_any(),
                View::Hardware => view! { <HardwareView /> }.into_any(),
                View::Buffers => view! { <BuffersView /> }.into_any(),
                View::Simulation => view! { <SimulationView /> }.into_any(),
                View::Rtl => view! { <RtlView /> }.into_any(),
                View::Area => view! { <AreaView /> }.into_any(),
            }}
        </div>
    }
}
