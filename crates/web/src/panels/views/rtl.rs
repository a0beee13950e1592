//! The RTL view: the generated VHDL or Verilog bundle — the same files as the CLI's
//! `rivulet compile --hdl … -o` — browsable file by file, and "Download zip" saving the same
//! zip as `--zip`. Changing the language recompiles.

use crate::download::download_bytes;
use crate::protocol::WireRtl;
use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::options::Hdl;

/// The RTL files and the zip download.
#[component]
pub fn RtlView() -> impl IntoView {
    let session = use_session();
    let rtl = Memo::new(move |_| {
        session
            .compiler
            .outcome
            .with(|o| o.as_ref().map(|o| o.rtl.clone()))
    });
    let chosen = RwSignal::new(None::<String>);
    let error = RwSignal::new(None::<String>);
    let hdl_select = view! {
        <label>
            "Language "
            <select
                data-testid="rtl-hdl"
                prop:value=move || session.options.with(|o| o.hdl.name())
                on:change=move |ev| {
                    if let Some(h) = Hdl::from_name(&event_target_value(&ev)) {
                        chosen.set(None);
                        session.change_options(|o| o.hdl = h);
                    }
                }
            >
                {Hdl::ALL
                    .iter()
                    .map(|h| view! { <option value=h.name()>{h.name()}</option> })
                    .collect_view()}
            </select>
        </label>
    };
    let body = move || match rtl.get() {
        None => {
            view! { <p class="muted" data-testid="rtl-empty">"Compile to generate the RTL."</p> }
                .into_any()
        }
        Some(None) => view! {
            <p class="muted" data-testid="rtl-empty">
                "No RTL: the compilation stopped earlier (see the diagnostics)."
            </p>
        }
        .into_any(),
        Some(Some(r)) => files_view(r, chosen, error).into_any(),
    };
    view! {
        <div class="rtl" data-testid="rtl">
            <div class="rtl-bar">{hdl_select}</div>
            {body}
        </div>
    }
}

fn files_view(
    r: WireRtl,
    chosen: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
) -> impl IntoView {
    let zip_name = format!("{}-{}.zip", r.top, r.hdl);
    let top_file = r
        .files
        .iter()
        .find(|f| f.name.starts_with(&format!("{}.", r.top)))
        .or(r.files.first())
        .map(|f| f.name.clone());
    let files = r.files.clone();
    let current = Signal::derive(move || chosen.get().or(top_file.clone()));
    let shown = move || {
        let name = current.get()?;
        files.iter().find(|f| f.name == name).cloned()
    };
    let names: Vec<String> = r.files.iter().map(|f| f.name.clone()).collect();
    let zip = r.clone();
    view! {
        <div class="rtl-head">
            <span data-testid="rtl-summary">
                {format!("{} files · top {} · {}", r.files.len(), r.top, r.hdl)}
            </span>
            <button
                class="button primary small"
                data-testid="download-zip"
                on:click=move |_| {
                    let result = zip
                        .zip_bytes()
                        .ok_or_else(|| "the zip was not built".to_string())
                        .and_then(|bytes| download_bytes(&zip_name, &bytes, "application/zip"));
                    error.set(result.err());
                }
            >
                "Download zip"
            </button>
            {move || error.get().map(|e| view! { <span class="error" data-testid="rtl-error">{e}</span> })}
        </div>
        <div class="rtl-body">
            <ul class="rtl-files" data-testid="rtl-files">
                {names
                    .into_iter()
                    .map(|name| {
                        let here = name.clone();
                        let pick = name.clone();
                        let path = name.clone();
                        view! {
                            <li>
                                <button
                                    class="rtl-file"
                                    class:selected=move || current.with(|c| c.as_deref() == Some(here.as_str()))
                                    data-testid="rtl-file"
                                    data-path=path
                                    on:click=move |_| chosen.set(Some(pick.clone()))
                                >
                                    {name}
                                </button>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            {move || shown().map(|f| view! {
                <div class="rtl-file-view">
                    <div class="ir-head" data-testid="rtl-file-name">{f.name.clone()}</div>
                    <pre class="ir-text" tabindex="0" data-testid="rtl-text">{f.text.clone()}</pre>
                </div>
            })}
        </div>
    }
}
