//! Waveforms of the selected unit's channels, as a small GTKWave: per channel, `valid` and
//! `ready` as lines over the cycles around the shown one and the data of each transfer in a
//! box; the shown cycle is marked and clicking a cycle shows it.
//!
//! States come from the replay frames (`0` idle, `1` ready only, `2` stall = valid only,
//! `3` transfer); cycles outside the frames the page holds are left blank.

use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::view::{GraphView, SimFrames};
use std::sync::Arc;

/// Cycles shown before the current one and in all.
const BEFORE: u64 = 12;
const SPAN: u64 = 40;
/// At most this many channels get a waveform.
const MAX_CHANNELS: usize = 10;
/// Pixels per cycle, per signal row, and for the name column.
const CELL: f64 = 22.0;
const ROW: f64 = 14.0;
const NAMES: f64 = 190.0;

/// The selected unit's channel waveforms (or a hint to select one).
#[component]
pub fn Waveforms(graph: Arc<GraphView>, cycle: RwSignal<u64>, last: u64) -> impl IntoView {
    let session = use_session();
    let frames = session.compiler.frames;
    let g = graph.clone();
    let channels = Memo::new(move |_| {
        let unit = session.selected_unit.with(|s| {
            s.as_ref()
                .and_then(|s| g.units.iter().position(|u| &u.name == s))
        })?;
        Some(
            g.channels
                .iter()
                .enumerate()
                .filter(|(_, c)| c.from.0 == unit || c.to.0 == unit)
                .map(|(i, _)| i)
                .take(MAX_CHANNELS)
                .collect::<Vec<_>>(),
        )
    });
    move || match channels.get() {
        None => view! {
            <p class="muted waveform-hint" data-testid="waveform-hint">
                "Select a unit on the graph to see its channels' waveforms (valid, ready, data)."
            </p>
        }
        .into_any(),
        Some(list) => {
            let now = cycle.get();
            let first = now
                .saturating_sub(BEFORE)
                .min(last.saturating_sub(SPAN - 1));
            let span = SPAN.min(last + 1);
            let rows = frames.with(|f| {
                list.iter()
                    .map(|&i| row(&graph, i, f.as_ref(), first, span))
                    .collect::<Vec<_>>()
            });
            strip(rows, first, span, now, cycle).into_any()
        }
    }
}

/// One channel's samples over the window.
struct Row {
    name: String,
    /// Per cycle: (valid, ready, transferred data), None where the frames have no row.
    samples: Vec<Option<(bool, bool, Option<i64>)>>,
}

fn row(graph: &GraphView, i: usize, frames: Option<&SimFrames>, first: u64, span: u64) -> Row {
    let c = &graph.channels[i];
    let peer = |u: usize| graph.units.get(u).map_or("?", |u| u.name.as_str());
    let name = format!("{} {}→{}", c.name, peer(c.from.0), peer(c.to.0));
    let samples = (first..first + span)
        .map(|cycle| {
            let f = frames?;
            let state = f.states_of(cycle)?.as_bytes().get(i).copied()?;
            let data = f
                .transfers_of(cycle)
                .iter()
                .find(|(ch, _)| *ch as usize == i)
                .map(|&(_, d)| d);
            Some((
                matches!(state, b'2' | b'3'),
                matches!(state, b'1' | b'3'),
                data,
            ))
        })
        .collect();
    Row { name, samples }
}

fn strip(rows: Vec<Row>, first: u64, span: u64, now: u64, cycle: RwSignal<u64>) -> impl IntoView {
    let per_channel = 3.0 * ROW + 6.0;
    let width = NAMES + CELL * span as f64;
    let height = 16.0 + per_channel * rows.len() as f64;
    let x_of = |c: u64| NAMES + CELL * (c - first) as f64;
    let ticks = (first..first + span)
        .filter(|c| c % 5 == 0)
        .map(|c| view! { <text class="wave-tick" x=x_of(c) + 2.0 y=11.0>{c.to_string()}</text> })
        .collect_view();
    let cells = (first..first + span)
        .map(|c| {
            view! {
                <rect
                    class="wave-cell"
                    class:now=c == now
                    x=x_of(c)
                    y=14.0
                    width=CELL
                    height=height - 14.0
                    on:click=move |_| cycle.set(c)
                >
                    <title>{format!("cycle {c}")}</title>
                </rect>
            }
        })
        .collect_view();
    let body = rows
        .into_iter()
        .enumerate()
        .map(|(k, r)| {
            let top = 16.0 + per_channel * k as f64;
            let line = |pick: fn(&(bool, bool, Option<i64>)) -> bool, base: f64| {
                let mut d = String::new();
                for (j, s) in r.samples.iter().enumerate() {
                    let Some(s) = s else { continue };
                    let x = NAMES + CELL * j as f64;
                    let y = if pick(s) { base } else { base + ROW - 3.0 };
                    d.push_str(&format!("M{x:.1} {y:.1} H{:.1} ", x + CELL));
                }
                d
            };
            let data = r
                .samples
                .iter()
                .enumerate()
                .filter_map(|(j, s)| {
                    let value = (*s)?.2?;
                    let x = NAMES + CELL * j as f64;
                    Some(view! {
                        <g class="wave-data">
                            <rect x=x + 1.0 y=top + 2.0 * ROW width=CELL - 2.0 height=ROW - 2.0 rx=3 />
                            <text x=x + CELL / 2.0 y=top + 3.0 * ROW - 4.0>{value.to_string()}</text>
                            <title>{value.to_string()}</title>
                        </g>
                    })
                })
                .collect_view();
            view! {
                <g class="wave-channel" data-testid="waveform-channel">
                    <text class="wave-name" x=4.0 y=top + 10.0>{r.name.clone()}</text>
                    <text class="wave-sig" x=NAMES - 4.0 y=top + 10.0>"valid"</text>
                    <text class="wave-sig" x=NAMES - 4.0 y=top + ROW + 10.0>"ready"</text>
                    <text class="wave-sig" x=NAMES - 4.0 y=top + 2.0 * ROW + 10.0>"data"</text>
                    <path class="wave-valid" d=line(|s| s.0, top + 2.0) />
                    <path class="wave-ready" d=line(|s| s.1, top + ROW + 2.0) />
                    {data}
                </g>
            }
        })
        .collect_view();
    view! {
        <div class="waveforms" data-testid="waveforms">
            <svg class="waveform-svg" width=width height=height viewBox=format!("0 0 {width} {height}") role="img" aria-label="Waveforms of the selected unit's channels">
                {ticks}
                {cells}
                {body}
            </svg>
        </div>
    }
}
