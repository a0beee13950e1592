//! The workspace layout controls: the splitter between code and circuit on wide screens, and
//! the Code | Circuit switch that replaces it on narrow ones (the stylesheet shows one or the
//! other at 900 px), plus the presentation-mode and hide-code toggles.

use crate::state::{use_session, Panes};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The narrowest share of the width either side of the splitter may get.
const MIN_SHARE: f64 = 0.2;
/// The share a keyboard arrow moves the splitter by.
const KEY_STEP: f64 = 0.05;

/// The draggable bar between the panes; `split` is the editor's share of the width.
#[component]
pub fn Splitter(split: RwSignal<f64>) -> impl IntoView {
    let dragging = StoredValue::new(false);
    let set_from = move |ev: &leptos::ev::PointerEvent| {
        let Some(bar) = ev
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let Some(workspace) = bar.parent_element() else {
            return;
        };
        let r = workspace.get_bounding_client_rect();
        if r.width() > 0.0 {
            let f = (f64::from(ev.client_x()) - r.left()) / r.width();
            split.set(f.clamp(MIN_SHARE, 1.0 - MIN_SHARE));
        }
    };
    view! {
        <div
            class="splitter"
            role="separator"
            aria-orientation="vertical"
            aria-label="Resize the code and circuit panes"
            aria-valuemin=(MIN_SHARE * 100.0).round()
            aria-valuemax=((1.0 - MIN_SHARE) * 100.0).round()
            aria-valuenow=move || (split.get() * 100.0).round()
            tabindex="0"
            data-testid="splitter"
            on:pointerdown=move |ev| {
                dragging.set_value(true);
                if let Some(bar) = ev
                    .current_target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                {
                    let _ = bar.set_pointer_capture(ev.pointer_id());
                }
            }
            on:pointermove=move |ev| {
                if dragging.get_value() {
                    set_from(&ev);
                }
            }
            on:pointerup=move |_| dragging.set_value(false)
            on:pointercancel=move |_| dragging.set_value(false)
            on:keydown=move |ev| {
                let step = match ev.key().as_str() {
                    "ArrowLeft" => -KEY_STEP,
                    "ArrowRight" => KEY_STEP,
                    _ => return,
                };
                ev.prevent_default();
                split.update(|f| *f = (*f + step).clamp(MIN_SHARE, 1.0 - MIN_SHARE));
            }
        ></div>
    }
}

/// Code | Circuit on narrow screens, with Compile (which then shows the circuit).
#[component]
pub fn PaneSwitch() -> impl IntoView {
    let session = use_session();
    let showing = move |p: Panes| {
        let now = session.panes.get();
        now == p || (p == Panes::Code && now == Panes::Both)
    };
    view! {
        <nav class="pane-switch" aria-label="Pane" data-testid="pane-switch">
            <button
                class="button"
                class:active=move || showing(Panes::Code)
                aria-pressed=move || showing(Panes::Code).to_string()
                data-testid="show-code"
                on:click=move |_| session.panes.set(Panes::Code)
            >
                "Code"
            </button>
            <button
                class="button"
                class:active=move || showing(Panes::Circuit)
                aria-pressed=move || showing(Panes::Circuit).to_string()
                data-testid="show-circuit"
                on:click=move |_| session.panes.set(Panes::Circuit)
            >
                "Circuit"
            </button>
            <button
                class="button primary"
                data-testid="switch-compile"
                on:click=move |_| {
                    session.compile();
                    session.panes.set(Panes::Circuit);
                }
            >
                "Compile"
            </button>
        </nav>
    }
}

/// "Present" (larger type, full screen) and, on wide screens, "Hide code" / "Show code".
#[component]
pub fn ViewToggles() -> impl IntoView {
    let session = use_session();
    let toggle_presentation = move |_| {
        let on = !session.presentation.get_untracked();
        session.presentation.set(on);
        full_screen(on);
    };
    view! {
        <button
            class="button"
            data-testid="present"
            aria-pressed=move || session.presentation.get().to_string()
            title="Presentation mode: larger type and full screen, for a projector"
            on:click=toggle_presentation
        >
            {move || if session.presentation.get() { "End presentation" } else { "Present" }}
        </button>
        <button
            class="button wide-only"
            data-testid="toggle-code"
            aria-pressed=move || (session.panes.get() == Panes::Circuit).to_string()
            on:click=move |_| {
                session.panes.update(|p| {
                    *p = if *p == Panes::Circuit { Panes::Both } else { Panes::Circuit }
                })
            }
        >
            {move || if session.panes.get() == Panes::Circuit { "Show code" } else { "Hide code" }}
        </button>
    }
}

/// Enters or leaves full screen (best effort: a browser may refuse, the larger type stays).
fn full_screen(on: bool) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if on {
        if let Some(root) = document.document_element() {
            let _ = root.request_fullscreen();
        }
    } else if document.fullscreen_element().is_some() {
        document.exit_fullscreen();
    }
}
