//! The glyph of a unit by its class, fitted to its layout box (data flows top to bottom).
//! Every class has its own outline or marks, so that shapes tell units apart without colour:
//! forks widen downward (a lazy fork with a bar: all outputs at once), a branch widens to a
//! notch between its true and false outputs, merges and muxes narrow downward (a control
//! merge with a dot), a join is a gate with a round bottom, arithmetic an ellipse, compares a
//! hexagon, selects an octagon, memory units a box with a band (loads on top, stores below,
//! memory interfaces a double box, load-store queues with slots and a line per group), buffers
//! a box with their slots and a letter saying what they break, sources and sinks arrows,
//! constants a parallelogram, arguments a pill and the end a pill with a bar.

use leptos::prelude::*;
use rivulet_core::layout::Rect;
use rivulet_core::view::{UnitClass, ViewLsq};

/// The points of a polygon given as fractions of `r`.
fn polygon(r: &Rect, corners: &[(f64, f64)]) -> String {
    corners
        .iter()
        .map(|(fx, fy)| format!("{:.1},{:.1}", r.x + fx * r.width, r.y + fy * r.height))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The corners of the polygon units, as fractions of their box.
fn corners(class: UnitClass) -> Option<&'static [(f64, f64)]> {
    let corners: &'static [(f64, f64)] = match class {
        UnitClass::Fork | UnitClass::LazyFork => &[(0.2, 0.0), (0.8, 0.0), (1.0, 1.0), (0.0, 1.0)],
        UnitClass::Branch => &[
            (0.08, 0.0),
            (0.92, 0.0),
            (1.0, 1.0),
            (0.5, 0.82),
            (0.0, 1.0),
        ],
        UnitClass::Merge => &[(0.0, 0.0), (1.0, 0.0), (0.8, 1.0), (0.2, 1.0)],
        UnitClass::Mux | UnitClass::ControlMerge => {
            &[(0.0, 0.0), (1.0, 0.0), (0.92, 1.0), (0.08, 1.0)]
        }
        UnitClass::Compare => &[
            (0.1, 0.0),
            (0.9, 0.0),
            (1.0, 0.5),
            (0.9, 1.0),
            (0.1, 1.0),
            (0.0, 0.5),
        ],
        UnitClass::Select => &[
            (0.08, 0.0),
            (0.92, 0.0),
            (1.0, 0.3),
            (1.0, 0.7),
            (0.92, 1.0),
            (0.08, 1.0),
            (0.0, 0.7),
            (0.0, 0.3),
        ],
        UnitClass::Source => &[(0.0, 0.0), (1.0, 0.0), (1.0, 0.7), (0.5, 1.0), (0.0, 0.7)],
        UnitClass::Sink => &[(0.5, 0.0), (1.0, 0.3), (1.0, 1.0), (0.0, 1.0), (0.0, 0.3)],
        UnitClass::Constant => &[(0.1, 0.0), (1.0, 0.0), (0.9, 1.0), (0.0, 1.0)],
        _ => return None,
    };
    Some(corners)
}

/// A horizontal mark across `r` at fraction `fy` of its height, inset by `fx` on each side.
fn bar(r: &Rect, fx: f64, fy: f64) -> AnyView {
    let y = r.y + fy * r.height;
    view! { <line class="unit-mark" x1=r.x + fx * r.width y1=y x2=r.right() - fx * r.width y2=y /> }
        .into_any()
}

/// A vertical mark inside `r`, `dx` from its left side.
fn tick(r: &Rect, dx: f64) -> AnyView {
    view! { <line class="unit-mark" x1=r.x + dx y1=r.y x2=r.x + dx y2=r.bottom() /> }.into_any()
}

/// A rectangle inside `r`, inset by `by` on every side.
fn inner(r: &Rect, by: f64) -> AnyView {
    view! {
        <rect class="unit-mark unit-inner" x=r.x + by y=r.y + by width=(r.width - 2.0 * by).max(0.0) height=(r.height - 2.0 * by).max(0.0) />
    }
    .into_any()
}

/// The marks of a buffer: its slots (one tick per slot after the first, three at most),
/// thick bars on the sides it registers (bottom: data and valid, top: ready) and a letter
/// in its top-right corner (`D`, `R`, `DR`, `F`, `T`: transparent FIFO, `S`: shift register).
fn buffer_marks(class: UnitClass, r: &Rect) -> Vec<AnyView> {
    let (slots, dv, ready, letter) = match class {
        UnitClass::BufferDv => (1, true, false, "D"),
        UnitClass::BufferR => (1, false, true, "R"),
        UnitClass::BufferDvr => (1, true, true, "DR"),
        UnitClass::FifoDv => (3, true, false, "F"),
        UnitClass::FifoNone => (3, false, false, "T"),
        _ => (3, true, false, "S"),
    };
    let mut marks = vec![tick(r, 5.0), tick(r, r.width - 5.0)];
    for k in 1..slots {
        marks.push(tick(r, 5.0 + f64::from(k) * 7.0));
    }
    if class == UnitClass::ShiftReg {
        let (x, y) = (r.x + 12.0, r.y + r.height / 2.0);
        let chevron = format!("M{:.1} {:.1} l4 3 l-4 3", x, y - 3.0);
        marks.push(view! { <path class="unit-mark unit-open" d=chevron /> }.into_any());
    }
    if dv {
        marks.push(
            view! { <rect class="unit-mark" x=r.x y=r.bottom() - 3.0 width=r.width height=3 /> }
                .into_any(),
        );
    }
    if ready {
        marks.push(
            view! { <rect class="unit-mark" x=r.x y=r.y width=r.width height=3 /> }.into_any(),
        );
    }
    marks.push(
        view! { <text class="unit-letter" x=r.right() - 8.0 y=r.y + 12.0>{letter}</text> }
            .into_any(),
    );
    marks
}

/// The SVG elements drawing a unit of `class` in `r`.
pub fn outline(class: UnitClass, r: Rect) -> AnyView {
    let rect = move |rx: f64| {
        view! { <rect class="unit-body" x=r.x y=r.y width=r.width height=r.height rx=rx /> }
            .into_any()
    };
    if let Some(c) = corners(class) {
        let marks = match class {
            UnitClass::LazyFork => Some(bar(&r, 0.05, 0.8)),
            UnitClass::ControlMerge => Some(
                view! { <circle class="unit-mark" cx=r.x + 10.0 cy=r.y + r.height / 2.0 r=2.5 /> }
                    .into_any(),
            ),
            _ => None,
        };
        return view! { <polygon class="unit-body" points=polygon(&r, c) /> {marks} }.into_any();
    }
    if class.is_buffer() {
        return view! { {rect(0.0)} {buffer_marks(class, &r)} }.into_any();
    }
    match class {
        UnitClass::Arithmetic => view! {
            <ellipse class="unit-body" cx=r.x + r.width / 2.0 cy=r.y + r.height / 2.0 rx=r.width / 2.0 ry=r.height / 2.0 />
        }
        .into_any(),
        UnitClass::Join => {
            // Flat top, round bottom: an AND gate turned to let data flow down.
            let k = (r.height * 0.55).min(r.width / 2.0);
            let d = format!(
                "M{:.1} {:.1} H{:.1} V{:.1} A{:.1} {:.1} 0 0 1 {:.1} {:.1} Z",
                r.x,
                r.y,
                r.right(),
                r.bottom() - k,
                r.width / 2.0,
                k,
                r.x,
                r.bottom() - k
            );
            view! { <path class="unit-body" d=d /> }.into_any()
        }
        UnitClass::Load => view! { {rect(0.0)} {bar(&r, 0.0, 0.18)} }.into_any(),
        UnitClass::Store => view! { {rect(0.0)} {bar(&r, 0.0, 0.82)} }.into_any(),
        UnitClass::MemController => view! { {rect(0.0)} {inner(&r, 3.0)} }.into_any(),
        UnitClass::Lsq => {
            view! { {rect(0.0)} {inner(&r, 3.0)} {tick(&r, 8.0)} {tick(&r, 13.0)} }.into_any()
        }
        UnitClass::Argument => rect(r.height / 2.0),
        UnitClass::End => view! { {rect(r.height / 2.0)} {bar(&r, 0.15, 0.85)} }.into_any(),
        _ => rect(6.0),
    }
}

/// The glyph of `class` drawn alone in a `width` × `height` box at the origin (the
/// legend's).
pub fn glyph(class: UnitClass, width: f64, height: f64) -> AnyView {
    outline(
        class,
        Rect {
            x: 1.0,
            y: 1.0,
            width: width - 2.0,
            height: height - 2.0,
        },
    )
}

/// A load-store queue's groups, one line each under its label (`g0 (bb2): ld st`), in the
/// rows the layout made room for.
pub fn lsq_groups(lsq: &ViewLsq, r: Rect) -> impl IntoView {
    lsq.group_lines()
        .into_iter()
        .enumerate()
        .map(|(g, line)| {
            let y = r.y + 40.0 + 12.0 * g as f64;
            view! {
                <text class="unit-group" x=r.x + r.width / 2.0 y=y data-testid="lsq-group" data-group=g>
                    {line}
                </text>
            }
        })
        .collect_view()
}
