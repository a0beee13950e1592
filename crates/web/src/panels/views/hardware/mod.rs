//! The hardware view: the unit selected in the graph view (or picked here) with its ports
//! unbundled into data, valid, ready and extra signals — width and direction, drawn as wires
//! into and out of the unit: data and valid point downstream, ready (and upstream extras)
//! point upstream — and the text of its `hw.module` in the Synth netlist. Each port says its
//! role, and each channel the unit and port at its other end, as a button that shows that
//! unit ([`links`]): the circuit can be walked port by port.

mod links;

use crate::state::use_session;
use leptos::prelude::*;
use links::{links, role_of, Link};
use rivulet_core::view::{ViewPort, ViewUnit};
use std::sync::Arc;

/// Height of one port row of the drawing.
const ROW: f64 = 20.0;
/// Length of a wire.
const WIRE: f64 = 190.0;
/// Width of the unit's box.
const BOX: f64 = 130.0;

/// The selected unit's hardware.
#[component]
pub fn HardwareView() -> impl IntoView {
    let session = use_session();
    let graph = Memo::new(move |_| {
        session.compiler.outcome.with(|o| {
            o.as_ref()
                .and_then(|o| o.graph.as_ref())
                .map(|g| Arc::new(g.clone()))
        })
    });
    let units = move || graph.with(|g| g.as_ref().map(|g| g.units.clone()));
    let picker = move || {
        units().map(|us| {
            let current = session.selected_unit.get().unwrap_or_default();
            view! {
                <label class="hw-pick">
                    "Unit "
                    <select
                        data-testid="hw-unit"
                        prop:value=current
                        on:change=move |ev| session.selected_unit.set(Some(event_target_value(&ev)))
                    >
                        <option value="">"(select a unit)"</option>
                        {us
                            .iter()
                            .map(|u| {
                                let text = format!("{} — {}", u.name, u.label);
                                view! { <option value=u.name.clone()>{text}</option> }
                            })
                            .collect_view()}
                    </select>
                </label>
            }
        })
    };
    let shown = move || {
        let g = graph.get()?;
        let name = session.selected_unit.get()?;
        let i = g.units.iter().position(|u| u.name == name)?;
        Some((g.units[i].clone(), links(&g, i)))
    };
    view! {
        <div class="hardware" data-testid="hardware">
            {picker}
            {move || match (graph.with(Option::is_some), shown()) {
                (false, _) => view! {
                    <p class="muted" data-testid="hw-empty">"Compile, then select a unit in the graph view."</p>
                }
                .into_any(),
                (true, None) => view! {
                    <p class="muted" data-testid="hw-empty">"Select a unit in the graph view or in the list above."</p>
                }
                .into_any(),
                (true, Some((u, l))) => unit_view(u, l).into_any(),
            }}
        </div>
    }
}

fn unit_view(u: ViewUnit, links: Vec<Link>) -> impl IntoView {
    let bb = u.bb.map_or(String::new(), |b| format!(" · bb{b}"));
    let head = format!("{} · {}{} · {} ports", u.name, u.label, bb, u.ports.len());
    let text = if u.hw.is_empty() {
        "This unit has no hw.module of its own: its ports are the top module's.".to_string()
    } else {
        u.hw.clone()
    };
    view! {
        <p class="hw-head" data-testid="hw-head">{head}</p>
        {diagram(&u)}
        <table class="hw-ports" data-testid="hw-ports">
            <thead><tr><th>"port"</th><th>"signal"</th><th>"width"</th><th>"direction"</th><th>"role"</th></tr></thead>
            <tbody>
                {u.ports
                    .iter()
                    .map(|p| view! {
                        <tr data-testid="hw-port-row" data-role=p.role.clone() data-dir=p.dir.clone()>
                            <td class="mono">{p.name.clone()}</td>
                            <td>{p.role.clone()}</td>
                            <td>{p.width}</td>
                            <td>{p.dir.clone()}</td>
                            <td data-testid="hw-port-role">{role_of(&links, p.operand, p.index).to_string()}</td>
                        </tr>
                    })
                    .collect_view()}
            </tbody>
        </table>
        {connections(&links)}
        <pre class="ir-text" tabindex="0" data-testid="hw-text">{text}</pre>
    }
}

/// One row per channel of the unit: its port and role, and the unit and port at the other
/// end as a button that shows that unit.
fn connections(links: &[Link]) -> impl IntoView {
    let session = use_session();
    let rows = links
        .iter()
        .map(|l| {
            let here = match (l.operand, l.role.as_str()) {
                (true, "") => format!("in {}", l.index),
                (false, "") => format!("out {}", l.index),
                (true, role) => format!("in {} ({role})", l.index),
                (false, role) => format!("out {} ({role})", l.index),
            };
            let other = l.other.clone();
            let arrow = if l.operand { "from" } else { "to" };
            view! {
                <tr data-testid="hw-link-row" data-role=l.role.clone() data-operand=l.operand.to_string()>
                    <td class="mono">{here}</td>
                    <td class="mono">{l.channel.clone()}</td>
                    <td>
                        {arrow}" "
                        <button
                            class="button small hw-link"
                            data-testid="hw-link"
                            data-unit=l.other.clone()
                            title="Show this unit's hardware"
                            on:click=move |_| session.selected_unit.set(Some(other.clone()))
                        >
                            {format!("{} {}", l.other, l.other_port)}
                        </button>
                    </td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="hw-ports hw-links" data-testid="hw-links">
            <thead><tr><th>"port"</th><th>"channel"</th><th>"connects"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

/// True when the port's wire is drawn pointing right: downstream, into the unit on the
/// operand side and out of it on the result side.
fn points_right(p: &ViewPort) -> bool {
    (p.operand && p.dir == "in") || (!p.operand && p.dir == "out")
}

/// Operand wires on the left of the unit's box, result wires on the right; every wire's arrow
/// gives the signal's direction.
fn diagram(u: &ViewUnit) -> impl IntoView {
    let (ins, outs): (Vec<&ViewPort>, Vec<&ViewPort>) = u.ports.iter().partition(|p| p.operand);
    let rows = ins.len().max(outs.len()).max(1) as f64;
    let height = rows * ROW + 20.0;
    let width = 2.0 * WIRE + BOX + 20.0;
    let wires = |ports: Vec<&ViewPort>, x0: f64| {
        ports
            .into_iter()
            .enumerate()
            .map(|(k, p)| {
                let y = 16.0 + k as f64 * ROW;
                let right = points_right(p);
                let (x1, x2) = if right { (x0, x0 + WIRE) } else { (x0 + WIRE, x0) };
                let label = format!("{} [{}]", p.name, p.width);
                view! {
                    <g
                        class=format!("hw-wire hw-{}", p.role.replace(' ', "-").replace(['(', ')'], ""))
                        data-testid="hw-port"
                        data-name=p.name.clone()
                        data-role=p.role.clone()
                        data-channel=format!("{}{}", if p.operand { "in" } else { "out" }, p.index)
                        data-arrow=if right { "right" } else { "left" }
                    >
                        <line x1=x1 y1=y x2=x2 y2=y marker-end="url(#hw-arrow)" />
                        <text x=x0 + 6.0 y=y - 4.0>{label}</text>
                    </g>
                }
            })
            .collect_view()
    };
    let box_x = 10.0 + WIRE;
    view! {
        <svg class="hw-diagram" data-testid="hw-diagram" width=width height=height viewBox=format!("0 0 {width} {height}")>
            <defs>
                <marker id="hw-arrow" viewBox="0 0 6 6" refX="6" refY="3" markerWidth="6" markerHeight="6" orient="auto">
                    <path d="M0 0 L6 3 L0 6 z" class="arrow-head" />
                </marker>
            </defs>
            {wires(ins, 10.0)}
            <rect class="hw-box" x=box_x y=4 width=BOX height=height - 8.0 rx=6 />
            <text class="hw-box-name" x=box_x + BOX / 2.0 y=height / 2.0>{u.name.clone()}</text>
            {wires(outs, box_x + BOX)}
        </svg>
    }
}
