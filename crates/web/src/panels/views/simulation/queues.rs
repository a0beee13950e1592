//! The load-store queues' entries in the shown cycle: per queue, a row of cells for its load
//! queue and one for its store queue, each cell coloured by how far its entry has come (free,
//! allocated, address known, data known, done) and the head (oldest entry) outlined. The
//! entries arrive with the shown cycle's window ([`rivulet_core::view::SimFrames::queues`]);
//! while a window is on its way the rows keep the last cycle they showed.

use crate::client::Compiler;
use leptos::prelude::*;
use rivulet_core::view::{entry_flags, EntryState, QueueFrame, ADDRESS, DATA, DONE};

/// The entry states in the order the key lists them.
const STATES: [EntryState; 5] = [
    EntryState::Free,
    EntryState::Allocated,
    EntryState::Address,
    EntryState::Data,
    EntryState::Done,
];

/// The queues of a run whose load-store queues are `names` (graph unit names), at `cycle`.
#[component]
pub fn QueueCells(compiler: Compiler, names: Vec<String>, cycle: RwSignal<u64>) -> impl IntoView {
    let frames = Memo::new(move |prev: Option<&Option<Vec<QueueFrame>>>| {
        let c = cycle.get();
        compiler.frames.with(|f| match f.as_ref() {
            Some(f) if f.states_of(c).is_some() => Some(f.queues_of(c).to_vec()),
            _ => prev.cloned().flatten(),
        })
    });
    let rows = names
        .into_iter()
        .enumerate()
        .map(|(q, name)| {
            let frame = move || frames.with(|f| f.as_ref().and_then(|f| f.get(q).cloned()));
            let body = move || match frame() {
                Some(f) => view! {
                    {queue_row("loads", &f.loads, f.ldq_head)}
                    {queue_row("stores", &f.stores, f.stq_head)}
                }
                .into_any(),
                None => view! {
                    <span class="muted" data-testid="lsq-unrecorded">
                        "not recorded at this cycle"
                    </span>
                }
                .into_any(),
            };
            let unit = name.clone();
            view! {
                <div class="lsq-queue" data-testid="lsq-queue" data-unit=unit>
                    <span class="lsq-name">{name}</span>
                    {body}
                </div>
            }
        })
        .collect_view();
    let key = STATES
        .iter()
        .map(|s| {
            view! {
                <span class="lsq-key">
                    <span class=format!("lsq-cell lsq-{}", s.name())></span>
                    {s.name()}
                </span>
            }
        })
        .collect_view();
    view! {
        <div class="lsq-cells" data-testid="lsq-cells">
            {rows}
            <div class="lsq-keys muted">{key}<span class="lsq-key">"outlined: head (oldest)"</span></div>
        </div>
    }
}

/// One queue's cells: `entries` as [`QueueFrame`] encodes them, the head outlined.
fn queue_row(kind: &'static str, entries: &str, head: u32) -> impl IntoView {
    let cells = entries
        .chars()
        .enumerate()
        .map(|(i, c)| {
            let flags = entry_flags(c);
            let state = EntryState::of(flags);
            let is_head = i == head as usize;
            view! {
                <span
                    class=format!("lsq-cell lsq-{}", state.name())
                    class:lsq-head=is_head
                    data-testid="lsq-cell"
                    data-state=state.name()
                    data-head=is_head.to_string()
                    title=entry_title(kind, i, flags, is_head)
                ></span>
            }
        })
        .collect_view();
    view! {
        <span class="lsq-row" data-testid=format!("lsq-{kind}")>
            <span class="lsq-kind">{kind}</span>
            {cells}
        </span>
    }
}

/// A cell's hover text: `load entry 3 (head): address known, data known`.
fn entry_title(kind: &str, i: usize, flags: u8, head: bool) -> String {
    let what = kind.trim_end_matches('s');
    let head = if head { " (head)" } else { "" };
    let state = EntryState::of(flags);
    if state == EntryState::Free {
        return format!("{what} entry {i}{head}: free");
    }
    let known: Vec<&str> = [
        (ADDRESS, "address known"),
        (DATA, "data known"),
        (DONE, "delivered"),
    ]
    .iter()
    .filter(|(f, _)| flags & f != 0)
    .map(|&(_, t)| t)
    .collect();
    let known = if known.is_empty() {
        "allocated".to_string()
    } else {
        known.join(", ")
    };
    format!("{what} entry {i}{head}: {known}")
}
