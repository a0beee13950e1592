//! The pipeline view: every pass the compiler ran, grouped by stage (C, CFG, golden run,
//! Handshake, buffers, HW, Synth, RTL), each with its time in the worker; selecting a pass
//! shows the text after it (IR, source or golden values) with a Copy button. Groups that did
//! not run say so.

use crate::protocol::{describe_group, StageOutcome};
use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::driver::StageGroup;

/// The grouped list of passes and the IR of the selected one.
#[component]
pub fn PipelineView() -> impl IntoView {
    let session = use_session();
    let outcome = session.compiler.outcome;
    // The selected pass: its index in the outcome's stage list and its name (after a new
    // compilation the same name is looked up again if the index now holds another pass).
    let selected = RwSignal::new(None::<(usize, String)>);
    let stages = Memo::new(move |_| {
        outcome.with(|o| o.as_ref().map(|o| o.stages.clone()).unwrap_or_default())
    });
    let compiled = move || outcome.with(Option::is_some);
    let shown = move || {
        let (k, name) = selected.get()?;
        stages.with(|s| {
            s.get(k)
                .filter(|p| p.name == name)
                .or_else(|| s.iter().find(|p| p.name == name))
                .cloned()
        })
    };
    view! {
        <div class="pipeline">
            <ol class="stages" data-testid="stages">
                {StageGroup::ALL
                    .iter()
                    .map(|&group| {
                        let what = describe_group(group);
                        let passes = move || {
                            stages.with(|s| {
                                s.iter()
                                    .enumerate()
                                    .filter(|(_, p)| p.group == group)
                                    .map(|(k, p)| (k, p.clone()))
                                    .collect::<Vec<_>>()
                            })
                        };
                        let info = move || {
                            let ran = passes();
                            if ran.is_empty() {
                                if compiled() { "did not run" } else { "not compiled" }.to_string()
                            } else {
                                let total: f64 = ran.iter().map(|(_, p)| p.millis).sum();
                                format!("{} · {}", count(ran.len()), ms(total))
                            }
                        };
                        view! {
                            <li class="stage-group" data-testid=format!("stage-{group}")>
                                <div class="stage-head" class:ran=move || !passes().is_empty()>
                                    <span class="stage-name">{group.name()}</span>
                                    <span class="stage-what">{what}</span>
                                    <span class="stage-info">{info}</span>
                                </div>
                                <ol class="passes">
                                    {move || {
                                        passes()
                                            .into_iter()
                                            .map(|(k, p)| pass_button(k, p, selected))
                                            .collect_view()
                                    }}
                                </ol>
                            </li>
                        }
                    })
                    .collect_view()}
            </ol>
            {move || match shown() {
                Some(StageOutcome { name, ir: Some(text), .. }) => {
                    let copy = text.clone();
                    view! {
                        <div class="ir">
                            <div class="ir-head">
                                <span data-testid="ir-title">{format!("after {name}")}</span>
                                <button
                                    class="button small"
                                    data-testid="copy-ir"
                                    on:click=move |_| crate::share_link::copy_to_clipboard(&copy)
                                >
                                    "Copy"
                                </button>
                            </div>
                            <pre class="ir-text" tabindex="0" data-testid="ir-text">{text}</pre>
                        </div>
                    }
                        .into_any()
                }
                _ => {
                    view! {
                        <p class="muted ir-hint">
                            {move || if compiled() {
                                "Select a pass to see the text after it."
                            } else {
                                "Compile to see the passes."
                            }}
                        </p>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}

/// One pass of the list.
fn pass_button(
    k: usize,
    p: StageOutcome,
    selected: RwSignal<Option<(usize, String)>>,
) -> impl IntoView {
    let has_ir = p.ir.is_some();
    let name = p.name.clone();
    view! {
        <li>
            <button
                class="pass"
                class:selected=move || selected.with(|s| s.as_ref().is_some_and(|s| s.0 == k))
                data-testid="pass"
                data-name=p.name.clone()
                data-group=p.group.name()
                disabled=!has_ir
                title=if has_ir { "Show the text after this pass" } else { "This pass produced no text" }
                on:click=move |_| selected.set(Some((k, name.clone())))
            >
                <span class="pass-name">{p.name.clone()}</span>
                <span class="pass-ms">{ms(p.millis)}</span>
            </button>
        </li>
    }
}

fn ms(millis: f64) -> String {
    if millis < 10.0 {
        format!("{millis:.1} ms")
    } else {
        format!("{millis:.0} ms")
    }
}

fn count(n: usize) -> String {
    if n == 1 {
        "1 pass".to_string()
    } else {
        format!("{n} passes")
    }
}
