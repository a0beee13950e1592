//! Tokens on the move: during replay, every channel transferring in the shown cycle carries a
//! marker with its value that travels the channel's wire from producer to consumer (SVG
//! `animateMotion`, started when the marker appears, so a new cycle starts a new journey).
//! Markers are sized in screen pixels, so they read the same at every zoom.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Marker radius and value font size, in screen pixels.
const RADIUS_PX: f64 = 5.0;
const FONT_PX: f64 = 12.0;

/// One marker travelling `path` with `value`; `units_per_px` converts pixels to drawing units,
/// `travel_ms` is the journey's duration.
pub fn marker(path: String, value: String, units_per_px: f64, travel_ms: f64) -> impl IntoView {
    let animation = NodeRef::<leptos::svg::AnimateMotion>::new();
    animation.on_load(|el| {
        let el: web_sys::SvgAnimationElement = el.unchecked_into();
        // Fails only if the element left the document already.
        let _ = el.begin_element();
    });
    let r = RADIUS_PX * units_per_px;
    let shown = value.clone();
    view! {
        <g class="token-marker" data-testid="token" data-value=value>
            <animateMotion
                node_ref=animation
                path=path
                dur=format!("{travel_ms:.0}ms")
                begin="indefinite"
                fill="freeze"
            />
            <circle r=r />
            <text
                class="token-value"
                x=r * 1.4
                y=-r * 1.2
                font-size=FONT_PX * units_per_px
                stroke-width=3.0 * units_per_px
            >
                {shown}
            </text>
        </g>
    }
}
