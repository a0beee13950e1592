//! The outline of a unit by its class, fitted to its layout box (data flows top to bottom):
//! forks and branches widen downward (one input, several outputs), merges, muxes and control
//! merges narrow downward, arithmetic is an ellipse, buffers show their slots, memory units a
//! band, arguments a pill.

use leptos::prelude::*;
use rivulet_core::layout::Rect;
use rivulet_core::view::UnitClass;

fn polygon(r: &Rect, corners: &[(f64, f64)]) -> String {
    corners
        .iter()
        .map(|(fx, fy)| format!("{:.1},{:.1}", r.x + fx * r.width, r.y + fy * r.height))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The corners of the trapezoid units, as fractions of their box: forks and branches widen
/// downward, merges, muxes and control merges narrow downward.
fn trapezoid(class: UnitClass) -> Option<[(f64, f64); 4]> {
    match class {
        UnitClass::Fork => Some([(0.2, 0.0), (0.8, 0.0), (1.0, 1.0), (0.0, 1.0)]),
        UnitClass::Branch => Some([(0.08, 0.0), (0.92, 0.0), (1.0, 1.0), (0.0, 1.0)]),
        UnitClass::Merge => Some([(0.0, 0.0), (1.0, 0.0), (0.8, 1.0), (0.2, 1.0)]),
        UnitClass::Mux | UnitClass::ControlMerge => {
            Some([(0.0, 0.0), (1.0, 0.0), (0.92, 1.0), (0.08, 1.0)])
        }
        _ => None,
    }
}

/// The SVG elements outlining a unit of `class` in `r`.
pub fn outline(class: UnitClass, r: Rect) -> AnyView {
    let rect = move |rx: f64| {
        view! { <rect class="unit-body" x=r.x y=r.y width=r.width height=r.height rx=rx /> }
    };
    if let Some(corners) = trapezoid(class) {
        // A control merge is a mux-shaped unit with a dot: it also outputs the chosen index.
        let mark = (class == UnitClass::ControlMerge).then(|| {
            view! { <circle class="unit-mark" cx=r.x + 10.0 cy=r.y + r.height / 2.0 r=2.5 /> }
        });
        return view! { <polygon class="unit-body" points=polygon(&r, &corners) /> {mark} }
            .into_any();
    }
    match class {
        UnitClass::Arithmetic => view! {
            <ellipse class="unit-body" cx=r.x + r.width / 2.0 cy=r.y + r.height / 2.0 rx=r.width / 2.0 ry=r.height / 2.0 />
        }
        .into_any(),
        UnitClass::Memory => view! {
            {rect(0.0)}
            <line class="unit-mark" x1=r.x y1=r.y + 6.0 x2=r.right() y2=r.y + 6.0 />
        }
        .into_any(),
        UnitClass::Buffer => view! {
            {rect(0.0)}
            <line class="unit-mark" x1=r.x + 5.0 y1=r.y x2=r.x + 5.0 y2=r.bottom() />
            <line class="unit-mark" x1=r.right() - 5.0 y1=r.y x2=r.right() - 5.0 y2=r.bottom() />
        }
        .into_any(),
        UnitClass::Argument => rect(r.height / 2.0).into_any(),
        _ => rect(6.0).into_any(),
    }
}
