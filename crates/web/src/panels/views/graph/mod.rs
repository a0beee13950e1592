//! The graph view: the buffered circuit as laid out by the core (one box per basic block,
//! units drawn by class, control channels dashed, back edges in their own colour), with zoom
//! (wheel, buttons, pinch), pan (drag, one finger), fit, the hovered channel's type and C
//! variable, unit selection (click: the unit and its channels are highlighted, the hardware view
//! shows it and the editor its C lines), the source link ([`source`]: line colour bands, the
//! units of the caret's line lit), keyboard walking ([`keyboard`]) and the critical path the
//! buffers view marks ([`critical`]).
//!
//! The drawing is the worker's [`GraphView`]; this module only renders it. [`GraphCanvas`] is
//! shared with the simulation view, which colours the channels through an [`Overlay`], and
//! the area view, which fills the units as a heat map ([`HeatCell`]).

mod choice;
mod critical;
mod gesture;
mod keyboard;
mod shape;
mod source;
mod token;
mod viewport;

use crate::state::use_session;
use crate::view_choice::block_number;
use choice::Drawing;
use gesture::Gesture;
use leptos::prelude::*;
use rivulet_core::view::{GraphView as Graph, UnitClass, ViewChannel, ViewUnit};
pub use shape::glyph;
use std::sync::Arc;
use viewport::ViewBox;

/// Decoration drawn over the graph (the simulation's handshake states, moving tokens and
/// deadlock).
#[derive(Clone, Copy)]
pub struct Overlay {
    /// CSS class of channel `i` (`st-transfer`…), or empty.
    pub class: Signal<Vec<&'static str>>,
    /// The tokens moving in the shown cycle: channel index and the value it carries.
    pub tokens: Signal<Vec<(usize, String)>>,
    /// How long a token takes to travel its channel, in milliseconds.
    pub travel_ms: Signal<f64>,
    /// Keep the moving tokens in view (pan to them when they leave the middle of the view).
    pub follow: Signal<bool>,
    /// Units to mark as stuck (a deadlock), by index.
    pub stuck: Signal<Vec<usize>>,
}

/// A unit's colour and caption in a heat map (the area view's cells per unit).
#[derive(Clone, Debug, PartialEq)]
pub struct HeatCell {
    /// A CSS colour filling the unit.
    pub colour: String,
    /// Shown in place of the unit's label, e.g. `149 LUT`.
    pub caption: String,
}

/// The graph of the latest compilation, drawn as the user chose ([`choice`]).
#[component]
pub fn GraphView() -> impl IntoView {
    let session = use_session();
    let full = Memo::new(move |_| {
        session.compiler.outcome.with(|o| {
            o.as_ref()
                .map(|o| o.graph.clone().map(|g| (Arc::new(g), o.graph_millis)))
        })
    });
    let graph = choice::shown(session, full);
    move || match graph.get() {
        Drawing::NotCompiled => {
            view! { <p class="muted" data-testid="graph-empty">"Compile to see the circuit."</p> }
                .into_any()
        }
        Drawing::NoCircuit => view! {
            <p class="muted" data-testid="graph-empty">
                "No circuit: the compilation stopped before buffer placement (see the diagnostics)."
            </p>
        }
        .into_any(),
        Drawing::Pending => view! {
            <choice::ViewControls />
            <p class="muted" data-testid="graph-pending">"Drawing the circuit…"</p>
        }
        .into_any(),
        Drawing::Ready(g, ms) => view! {
            <choice::ViewControls />
            <GraphCanvas graph=g overlay=None millis=ms blocks_toggle=true />
        }
        .into_any(),
    }
}

/// The scaled, pannable drawing of `graph` with its toolbar (`millis`: the time the worker
/// took to build and lay it out, shown when given).
#[component]
pub fn GraphCanvas(
    graph: Arc<Graph>,
    overlay: Option<Overlay>,
    #[prop(optional)] millis: Option<f64>,
    /// Per unit (by index), its heat-map cell, if drawn as a heat map.
    #[prop(optional)]
    heat: Option<Signal<Vec<Option<HeatCell>>>>,
    /// Keeps its own viewport instead of the session's (a second graph beside the shown one).
    #[prop(optional)]
    detached: bool,
    /// Clicking a block's name collapses it, clicking a collapsed block expands it.
    #[prop(optional)]
    blocks_toggle: bool,
) -> impl IntoView {
    let session = use_session();
    let fit = ViewBox::fit(graph.width, graph.height);
    // The viewport is the session's: it survives view switches and recompilations, and links
    // restore it.
    let kept = (!detached)
        .then(|| session.viewport.get_untracked().map(ViewBox::from))
        .flatten();
    let vb = RwSignal::new(kept.unwrap_or(fit));
    if !detached {
        Effect::new(move |_| {
            let v = vb.get();
            session.viewport.set(Some(v.into()));
        });
    }
    let hovered = RwSignal::new(None::<usize>);
    let marked = critical::marked(&graph);
    let cursor = RwSignal::new(None::<keyboard::Cursor>);
    let g = graph.clone();
    let announced = move || {
        cursor
            .get()
            .map(|c| keyboard::describe(&g, c))
            .unwrap_or_default()
    };
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    // Pan and pinch; its `dragged` tells a drag from a click on a unit.
    let gesture = StoredValue::new_local(Gesture::default());
    let names: Vec<String> = graph.units.iter().map(|u| u.name.clone()).collect();
    let selected = Memo::new(move |_| {
        session
            .selected_unit
            .with(|s| s.as_ref().and_then(|s| names.iter().position(|n| n == s)))
    });
    let size = move || {
        svg_ref.get_untracked().map_or((1.0, 1.0), |e| {
            (f64::from(e.client_width()), f64::from(e.client_height()))
        })
    };
    // A new graph opens readable (see `ViewBox::opening`) once its element has a size.
    let g = graph.clone();
    Effect::new(move |_| {
        if kept.is_some() {
            return;
        }
        if let Some(e) = svg_ref.get() {
            let (cw, ch) = (f64::from(e.client_width()), f64::from(e.client_height()));
            if cw > 0.0 {
                vb.set(ViewBox::opening(&g, cw, ch));
            }
        }
    });
    // Drawing units per screen pixel, for things sized in pixels (token markers).
    let units_per_px = Memo::new(move |_| {
        let (cw, ch) = size();
        vb.get().scale(cw, ch)
    });
    let centres: Vec<(f64, f64)> = graph
        .units
        .iter()
        .map(|u| {
            (
                u.rect.x + u.rect.width / 2.0,
                u.rect.y + u.rect.height / 2.0,
            )
        })
        .collect();
    Effect::new(move |_| {
        let at = cursor.get().and_then(|c| centres.get(c.unit).copied());
        if let Some(v) = at.and_then(|p| vb.get_untracked().following(&[p])) {
            vb.set(v);
        }
    });
    if let Some(o) = overlay {
        let heads: Vec<(f64, f64)> = graph.channels.iter().map(|c| c.head).collect();
        Effect::new(move |_| {
            if !o.follow.get() {
                return;
            }
            let moving: Vec<(f64, f64)> = o.tokens.with(|t| {
                t.iter()
                    .filter_map(|(i, _)| heads.get(*i).copied())
                    .collect()
            });
            if let Some(v) = vb.get_untracked().following(&moving) {
                vb.set(v);
            }
        });
    }
    let on_wheel = move |ev: leptos::ev::WheelEvent| {
        ev.prevent_default();
        let (cw, ch) = size();
        let v = vb.get_untracked();
        let at = v.user_point(cw, ch, f64::from(ev.offset_x()), f64::from(ev.offset_y()));
        let factor = if ev.delta_y() < 0.0 { 1.2 } else { 1.0 / 1.2 };
        vb.set(v.zoom(factor, at));
    };
    // Pointer positions in the element's pixels.
    let at = move |ev: &leptos::ev::PointerEvent| {
        let (left, top) = svg_ref.get_untracked().map_or((0.0, 0.0), |e| {
            let r = e.get_bounding_client_rect();
            (r.left(), r.top())
        });
        (
            f64::from(ev.client_x()) - left,
            f64::from(ev.client_y()) - top,
        )
    };
    let on_down = move |ev: leptos::ev::PointerEvent| {
        let (x, y) = at(&ev);
        let current = vb.get_untracked();
        gesture.update_value(|g| g.down(ev.pointer_id(), x, y, current));
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if gesture.with_value(Gesture::idle) {
            return;
        }
        let (x, y) = at(&ev);
        let (cw, ch) = size();
        let mut next = None;
        gesture.update_value(|g| next = g.moved(ev.pointer_id(), x, y, cw, ch));
        if let Some(v) = next {
            vb.set(v);
        }
    };
    let on_up = move |ev: leptos::ev::PointerEvent| {
        let current = vb.get_untracked();
        gesture.update_value(|g| g.up(ev.pointer_id(), current));
    };
    let zoom_by = move |factor: f64| {
        let v = vb.get_untracked();
        vb.set(v.zoom(factor, v.centre()));
    };
    let g = graph.clone();
    let hover_text = move || {
        hovered.get().and_then(|i| g.channels.get(i)).map_or_else(
            || "Hover a channel to see its type; click a unit to select it.".to_string(),
            channel_title,
        )
    };
    let summary = format!(
        "{} units · {} channels · {} blocks{}",
        graph.units.len(),
        graph.channels.len(),
        graph.blocks.len(),
        millis.map_or(String::new(), |ms| format!(" · laid out in {ms:.1} ms"))
    );
    let blocks = graph
        .blocks
        .iter()
        .map(|b| {
            let r = b.rect;
            let bb = block_number(&b.label).filter(|_| blocks_toggle);
            view! {
                <g class="block" data-testid="block" data-block=b.label.clone()>
                    <rect x=r.x y=r.y width=r.width height=r.height rx=4 />
                    <text
                        x=r.x + 5.0
                        y=r.y + 12.0
                        class:toggle=bb.is_some()
                        data-testid="block-label"
                        on:click=move |_| {
                            if let Some(bb) = bb {
                                session.view_choice.update(|c| c.toggle_block(bb));
                            }
                        }
                    >
                        {b.label.clone()}
                        {bb.map(|_| view! { <title>"Click to collapse this block into one unit"</title> })}
                    </text>
                </g>
            }
        })
        .collect_view();
    let channels = graph
        .channels
        .iter()
        .enumerate()
        .map(|(i, c)| channel_view(i, c, selected, hovered, overlay, marked))
        .collect_view();
    let lit = source::lit_units(session, graph.clone());
    if !detached {
        source::follow_lit(graph.clone(), lit, vb);
    }
    let bands = source::bands(session, &graph);
    let units = graph
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let link = UnitLink {
                band: bands.get(i).copied().flatten(),
                lit,
                blocks_toggle,
            };
            unit_view(
                i,
                u,
                (selected, cursor, marked),
                gesture,
                overlay,
                heat,
                link,
            )
        })
        .collect_view();
    view! {
        <div class="graph" data-testid="graph">
            <div class="graph-bar">
                <button class="button small" data-testid="graph-fit" on:click=move |_| vb.set(fit)>"Fit"</button>
                <button class="button small" data-testid="graph-zoom-in" on:click=move |_| zoom_by(1.25)>"+"</button>
                <button class="button small" data-testid="graph-zoom-out" on:click=move |_| zoom_by(0.8)>"−"</button>
                <span class="muted" data-testid="graph-summary">{summary}</span>
                <span class="graph-hover" data-testid="graph-hover">{hover_text}</span>
                <critical::MarkedBar />
                <span class="graph-focus" data-testid="graph-focus" aria-live="polite">{announced}</span>
            </div>
            <svg
                class="graph-svg"
                data-testid="graph-svg"
                node_ref=svg_ref
                tabindex="0"
                role="application"
                aria-label="The circuit: arrow keys walk the units along their channels, Enter selects, Escape clears"
                on:keydown=keyboard::on_key(graph.clone(), cursor)
                viewBox=move || vb.get().attr()
                on:wheel=on_wheel
                on:pointerdown=on_down
                on:pointermove=on_move
                on:pointerup=on_up
                on:pointercancel=on_up
                on:pointerleave=on_up
            >
                <defs>
                    <marker id="arrow" viewBox="0 0 6 6" refX="6" refY="3" markerWidth="5" markerHeight="5" orient="auto">
                        <path d="M0 0 L6 3 L0 6 z" class="arrow-head" />
                    </marker>
                </defs>
                <g class="blocks">{blocks}</g>
                <g class="channels">{channels}</g>
                <g class="units">{units}</g>
                {overlay.map(|o| tokens_layer(o, &graph, units_per_px))}
            </svg>
        </div>
    }
}

/// The moving tokens, above the units.
fn tokens_layer(o: Overlay, graph: &Graph, units_per_px: Memo<f64>) -> impl IntoView {
    let paths: Vec<String> = graph.channels.iter().map(|c| c.path.clone()).collect();
    view! {
        <g class="tokens" data-testid="tokens">
            {move || {
                let px = units_per_px.get_untracked();
                let ms = o.travel_ms.get_untracked();
                o.tokens
                    .get()
                    .into_iter()
                    .filter_map(|(i, value)| {
                        paths.get(i).map(|p| token::marker(p.clone(), value, px, ms))
                    })
                    .collect_view()
            }}
        </g>
    }
}

/// A channel's hover text: its value, the C variable it carries, its type and port roles.
fn channel_title(c: &ViewChannel) -> String {
    let mut text = match c.var.as_str() {
        "" => format!("{}: {}", c.name, c.ty),
        var => format!("{} ({var}): {}", c.name, c.ty),
    };
    match (c.from_role.as_str(), c.to_role.as_str()) {
        ("", "") => {}
        (from, "") => text.push_str(&format!(" (the {from} output)")),
        ("", to) => text.push_str(&format!(" (into the {to} input)")),
        (from, to) => text.push_str(&format!(" (the {from} output, into the {to} input)")),
    }
    text
}

/// A port's role written next to the channel's end there (`T`, `F`, `sel`…), if it has one.
fn role_mark(role: &str, x: f64, y: f64, end: &'static str) -> Option<impl IntoView> {
    let role = role.to_string();
    let short = match role.as_str() {
        "" => return None,
        "true" => "T",
        "false" => "F",
        "index" => "idx",
        "select" => "sel",
        "condition" => "cond",
        "address" => "addr",
        other => other,
    }
    .to_string();
    Some(view! {
        <text class="port-role" x=x y=y data-testid="port-role" data-role=role data-end=end>
            {short}
        </text>
    })
}

fn channel_view(
    i: usize,
    c: &ViewChannel,
    selected: Memo<Option<usize>>,
    hovered: RwSignal<Option<usize>>,
    overlay: Option<Overlay>,
    marked: Memo<(Vec<bool>, Vec<bool>)>,
) -> impl IntoView {
    let (from, to) = (c.from.0, c.to.0);
    let critical = move || marked.with(|(_, m)| m.get(i).copied().unwrap_or(false));
    let touches = move || selected.get().is_some_and(|s| s == from || s == to);
    let state = move || {
        overlay
            .map(|o| o.class.with(|v| v.get(i).copied().unwrap_or("")))
            .unwrap_or("")
    };
    view! {
        <g
            class=move || format!("channel {}", state())
            class:control=c.control
            class:back=c.back
            class:hl=touches
            class:critical=critical
            data-testid="channel"
            data-index=i
            on:mouseenter=move |_| hovered.set(Some(i))
            on:mouseleave=move |_| hovered.set(None)
        >
            <title>{channel_title(c)}</title>
            <path class="hit" d=c.path.clone() />
            <path class="wire" d=c.path.clone() marker-end="url(#arrow)" />
            {role_mark(&c.from_role, c.tail.0 + 3.0, c.tail.1 + 9.0, "from")}
            {role_mark(&c.to_role, c.head.0 + 3.0, c.head.1 - 4.0, "to")}
        </g>
    }
}

/// The unit selected, the keyboard's cursor and the marked critical path's units and
/// channels.
/// A unit's links: its line's colour band, the caret's lit units, and whether a collapsed
/// block expands on a click.
struct UnitLink {
    band: Option<usize>,
    lit: Memo<Vec<usize>>,
    blocks_toggle: bool,
}

type Marks = (
    Memo<Option<usize>>,
    RwSignal<Option<keyboard::Cursor>>,
    Memo<(Vec<bool>, Vec<bool>)>,
);

fn unit_view(
    i: usize,
    u: &ViewUnit,
    (selected, cursor, marked): Marks,
    gesture: StoredValue<Gesture, LocalStorage>,
    overlay: Option<Overlay>,
    heat: Option<Signal<Vec<Option<HeatCell>>>>,
    UnitLink {
        band,
        lit,
        blocks_toggle,
    }: UnitLink,
) -> impl IntoView {
    let session = use_session();
    let r = u.rect;
    // A collapsed block expands when clicked.
    let collapsed_bb = (blocks_toggle && u.class == UnitClass::Block)
        .then(|| block_number(&u.name))
        .flatten();
    let name = u.name.clone();
    let (class, glyph) = (u.class.family(), u.class.name());
    let cell = move || heat.and_then(|h| h.with(|v| v.get(i).cloned().flatten()));
    let label = u.label.clone();
    let caption = move || cell().map_or_else(|| label.clone(), |c| c.caption);
    view! {
        <g
            class=format!("unit unit-{class} unit-{glyph}")
            class:heated=move || cell().is_some()
            style=move || cell().map(|c| format!("--heat: {}", c.colour))
            class:selected=move || selected.get() == Some(i)
            class:lit=move || lit.with(|l| l.contains(&i))
            class:focused=move || cursor.get().is_some_and(|c| c.unit == i)
            class:critical=move || marked.with(|(m, _)| m.get(i).copied().unwrap_or(false))
            class:deadlock=move || overlay.is_some_and(|o| o.stuck.with(|s| s.contains(&i)))
            data-testid="unit"
            data-kind=class
            data-glyph=glyph
            data-name=u.name.clone()
            on:click=move |_| {
                if gesture.with_value(Gesture::dragged) {
                    return;
                }
                match collapsed_bb {
                    Some(bb) => session.view_choice.update(|c| c.toggle_block(bb)),
                    None => session.selected_unit.set(Some(name.clone())),
                }
            }
        >
            <title>{format!("{} ({}): {}{}", u.name, u.label, u.about, source::from_lines(u))}</title>
            {source::stripe(band, r)}
            {shape::outline(u.class, r)}
            <text class="unit-name" x=r.x + r.width / 2.0 y=r.y + 14.0>{u.name.clone()}</text>
            <text class="unit-label" x=r.x + r.width / 2.0 y=r.y + 27.0>{caption}</text>
            {u.lsq.as_ref().map(|q| shape::lsq_groups(q, r))}
        </g>
    }
}
