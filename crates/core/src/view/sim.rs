//! The simulation view's data: a kernel check ([`crate::sim::run_kernel`]) replayed on the
//! graph view's channels. [`SimView`] is the run's summary — cycles, the outcome of the check
//! against the interpreter, the units and channels of a deadlock, each loop's interval — and
//! [`SimReplay`] keeps the run's [`CompactTrace`], and the [`Snapshots`] that take over when the
//! trace's byte budget is reached, to answer the page's requests for windows of cycles
//! ([`SimFrames`]: the handshake state of every channel, the data of every transfer) and for
//! the run as VCD, so neither side ever holds every cycle's full state. A circuit with
//! load-store queues also gets each queue's entries per cycle ([`QueueFrame`]), from the run's
//! [`LsqTrace`] or the resumed simulator.
//!
//! Invariants: a [`SimFrames`] row has one character per graph channel (`0` idle, `1` accept,
//! `2` stall, `3` transfer, `-` for channels the simulator does not model, e.g. memrefs);
//! frames exist for cycles `0..recorded`, and `recorded == cycles` whenever the run recorded
//! snapshots (the worker's runs always do); a row past the trace is the resumed simulator's,
//! equal to the original run's; the VCD covers the trace's cycles `0..vcd_cycles`;
//! indices in `deadlock_channels`/`deadlock_units` index the graph view's channels/units;
//! `SimFrames::queues` is empty for a circuit without queues, else has one entry per row,
//! holding one frame per queue of `SimView::queues` (none for a cycle whose queues were not
//! recorded).

use super::model::GraphView;
use super::queue_frame::QueueFrame;
use super::unit::op_name;
use crate::handshake::Func;
use crate::sim::adapter::{Adapted, UnitOrigin};
use crate::sim::run_kernel::{describe_deadlock, KernelCheck};
use crate::sim::{
    queues_of, to_vcd, ChannelState, CompactTrace, LsqTrace, Netlist, SimState, Simulator,
    Snapshots, Status, StatusKind, UnitId,
};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeMap;

/// At most this many (cycle, channel) values go into the VCD download; a longer run's VCD
/// holds its first cycles.
pub const MAX_VCD_STATES: u64 = 12_000_000;
/// The replay's trace stops recording at this many bytes.
pub const REPLAY_BUDGET: usize = 96 << 20;
/// The replay's trace keeps a full checkpoint every this many cycles.
pub const REPLAY_INTERVAL: u64 = 1024;
/// Past the trace's budget, the replay keeps a snapshot of the simulator every this many
/// cycles at first (the stride doubles when [`REPLAY_SNAPSHOTS`] are exceeded).
pub const REPLAY_SNAPSHOT_STRIDE: u64 = 16_384;
/// At most this many snapshots are kept past the trace's budget.
pub const REPLAY_SNAPSHOTS: usize = 64;

/// A checked run, summarised for the page.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SimView {
    /// Cycles simulated.
    pub cycles: u64,
    /// Cycles that can be replayed.
    pub recorded: u64,
    /// Cycles the VCD download covers.
    pub vcd_cycles: u64,
    /// How the run ended.
    pub status: StatusKind,
    /// True when the run finished and every output matches the interpreter's.
    pub passed: bool,
    /// Number of outputs that differ from the interpreter's.
    pub mismatches: usize,
    /// The first of them: `a[3]: expected 5, got 7`.
    pub first_mismatch: Option<String>,
    /// Graph channels holding a token when a deadlock was detected.
    pub deadlock_channels: Vec<usize>,
    /// Graph units waiting in the deadlock.
    pub deadlock_units: Vec<usize>,
    /// The report: deadlock description, combinational loop, each loop's initiation interval.
    pub report: String,
    /// Bytes the replay's trace holds.
    pub trace_bytes: u64,
    /// The graph units (by name) of the circuit's load-store queues, in the order of each
    /// row of [`SimFrames::queues`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queues: Vec<String>,
}

/// Consecutive replayed cycles, from `from` on.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SimFrames {
    /// The first cycle.
    pub from: u64,
    /// Per cycle, the state of every graph channel (see the module invariants).
    pub states: Vec<String>,
    /// Per cycle, `(graph channel, data)` of each data channel that transfers.
    pub transfers: Vec<Vec<(u32, i64)>>,
    /// Per cycle, the entries of each load-store queue (see the module invariants).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queues: Vec<Vec<QueueFrame>>,
}

impl SimFrames {
    /// The row of `cycle`, if the window holds it.
    pub fn states_of(&self, cycle: u64) -> Option<&str> {
        let k = usize::try_from(cycle.checked_sub(self.from)?).ok()?;
        self.states.get(k).map(String::as_str)
    }

    /// The transfers of `cycle` (none outside the window).
    pub fn transfers_of(&self, cycle: u64) -> &[(u32, i64)] {
        cycle
            .checked_sub(self.from)
            .and_then(|k| self.transfers.get(usize::try_from(k).ok()?))
            .map_or(&[], Vec::as_slice)
    }

    /// The queues of `cycle`, one per [`SimView::queues`] (none outside the window or when
    /// they were not recorded).
    pub fn queues_of(&self, cycle: u64) -> &[QueueFrame] {
        cycle
            .checked_sub(self.from)
            .and_then(|k| self.queues.get(usize::try_from(k).ok()?))
            .map_or(&[], Vec::as_slice)
    }
}

/// A run kept for replay: its compact trace, the snapshots that cover the cycles after it, and
/// its circuit, mapped to the graph's channels.
#[derive(Clone, Debug)]
pub struct SimReplay {
    netlist: Netlist,
    top: String,
    /// The simulator channel of each graph channel.
    sim_channel: Vec<Option<usize>>,
    trace: CompactTrace,
    snapshots: Snapshots,
    /// The load-store queues' record, for a circuit with queues.
    lsq: Option<LsqTrace>,
    /// Cycles the run simulated.
    cycles: u64,
    /// Where the last replay past the trace stopped: playing on from there needs no new
    /// resumption.
    cursor: RefCell<Option<CursorState>>,
}

/// A resumable state of the run (wrapped for `Debug`).
#[derive(Clone)]
struct CursorState(SimState);

impl std::fmt::Debug for CursorState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CursorState")
    }
}

/// The empty record a run of `adapted` keeps for [`SimReplay`]: a compact trace and the
/// snapshots that take over once the trace is full (pass both to
/// [`crate::sim::run_kernel::KernelRun::recording`]).
pub fn replay_trace(adapted: &Adapted) -> (CompactTrace, Snapshots) {
    (
        CompactTrace::new(
            adapted.netlist.channels.len(),
            REPLAY_INTERVAL,
            REPLAY_BUDGET,
        ),
        Snapshots::new(REPLAY_SNAPSHOT_STRIDE, REPLAY_SNAPSHOTS),
    )
}

impl SimReplay {
    /// The replay of `check`, a run of `func` whose graph view is `graph`; `None` when the run
    /// kept no compact trace.
    pub fn new(func: &Func, graph: &GraphView, check: KernelCheck) -> Option<Self> {
        let sim_channel = sim_channels(graph, &check.adapted);
        Some(SimReplay {
            trace: check.compact?,
            snapshots: check.snapshots?,
            lsq: check.lsq,
            cycles: check.cycles,
            cursor: RefCell::new(None),
            netlist: check.adapted.netlist,
            top: func.name.clone(),
            sim_channel,
        })
    }

    /// The kernel's name (the VCD's top scope).
    pub fn top(&self) -> &str {
        &self.top
    }

    /// Cycles that can be replayed: all of them once snapshots took over from the trace.
    pub fn recorded(&self) -> u64 {
        replayable(&self.trace, &self.snapshots, self.cycles)
    }

    /// Up to `count` cycles from `from` on (fewer at the end of the run).
    pub fn frames(&self, from: u64, count: usize) -> SimFrames {
        let mut out = SimFrames {
            from,
            ..SimFrames::default()
        };
        for frame in self.trace.frames(from).take(count) {
            let cycle = from + out.states.len() as u64;
            self.push_row(&mut out, |c| frame.state(c), |c| frame.data[c]);
            if let Some(lsq) = &self.lsq {
                let queues = lsq.at(cycle).unwrap_or_default();
                out.queues.push(queues.iter().map(QueueFrame::of).collect());
            }
        }
        let next = from + out.states.len() as u64;
        let left = count - out.states.len();
        if left > 0 && next < self.recorded() {
            self.simulate_rows(&mut out, next, left);
        }
        out
    }

    /// The first cycle after `from` by which `transfers` more handshakes (channels in the
    /// transfer state, control channels included) have happened, counting the cycles after
    /// `from`; the last recorded cycle when the run ends first. Replays window by window.
    pub fn cycle_after_transfers(&self, from: u64, transfers: u64) -> u64 {
        const WINDOW: usize = 4096;
        let last = self.recorded().saturating_sub(1);
        let mut seen = 0u64;
        let mut next = from + 1;
        while next <= last {
            let window = self.frames(next, WINDOW);
            if window.states.is_empty() {
                break;
            }
            for (k, row) in window.states.iter().enumerate() {
                seen += row.bytes().filter(|&b| b == b'3').count() as u64;
                if seen >= transfers {
                    return next + k as u64;
                }
            }
            next += window.states.len() as u64;
        }
        last
    }

    /// Appends the rows of `count` cycles from `from` on (past the trace), simulated again
    /// from the cursor or the nearest snapshot.
    fn simulate_rows(&self, out: &mut SimFrames, from: u64, count: usize) {
        let Some((at, snapshot)) = self.snapshots.at_or_before(from) else {
            return;
        };
        let cursor = self.cursor.borrow_mut().take();
        let state = match cursor {
            Some(CursorState(s)) if (*at..=from).contains(&s.cycle()) => s,
            _ => snapshot.clone(),
        };
        let mut sim = Simulator::resume(&self.netlist, state);
        while sim.cycle() < from && sim.step().is_none() {}
        for _ in 0..count {
            if sim.cycle() >= self.cycles || sim.cycle() != from + out_len(out, from) {
                break;
            }
            if let Some(lsq) = &self.lsq {
                let queues = queues_of(&sim, lsq.units());
                out.queues.push(queues.iter().map(QueueFrame::of).collect());
            }
            sim.step();
            let sig = sim.signals();
            self.push_row(
                out,
                |c| ChannelState::from_bits(u8::from(sig.valid[c]) << 1 | u8::from(sig.ready[c])),
                |c| sig.data[c],
            );
        }
        *self.cursor.borrow_mut() = Some(CursorState(sim.snapshot()));
    }

    /// Appends one cycle's row, from each simulator channel's state and data.
    fn push_row(
        &self,
        out: &mut SimFrames,
        state_of: impl Fn(usize) -> ChannelState,
        data_of: impl Fn(usize) -> u64,
    ) {
        let mut row = String::with_capacity(self.sim_channel.len());
        let mut moved = Vec::new();
        for (g, s) in self.sim_channel.iter().enumerate() {
            let Some(s) = *s else {
                row.push('-');
                continue;
            };
            let state = state_of(s);
            row.push(match state {
                ChannelState::Idle => '0',
                ChannelState::Accept => '1',
                ChannelState::Stall => '2',
                ChannelState::Transfer => '3',
            });
            let width = self.netlist.channels.get(s).map_or(0, |c| c.width);
            if width > 0 && state == ChannelState::Transfer {
                moved.push((g as u32, signed(data_of(s), width)));
            }
        }
        out.states.push(row);
        out.transfers.push(moved);
    }

    /// The run as VCD, its first [`vcd_cycles`] cycles.
    pub fn vcd(&self) -> String {
        let n = vcd_cycles(&self.netlist, self.trace.cycles());
        to_vcd(
            &self.netlist,
            self.trace.frames(0).take(n as usize),
            &self.top,
        )
    }
}

/// The cycles of a `cycles`-cycle run that can be replayed from its trace and snapshots.
fn replayable(trace: &CompactTrace, snapshots: &Snapshots, cycles: u64) -> u64 {
    match snapshots.first_cycle() {
        Some(first) if first <= trace.cycles() => cycles,
        _ => trace.cycles(),
    }
}

/// The number of rows of `out` from `from` on.
fn out_len(out: &SimFrames, from: u64) -> u64 {
    out.from + out.states.len() as u64 - from
}

/// The cycles of a `recorded`-cycle run of `netlist` that the VCD holds.
pub fn vcd_cycles(netlist: &Netlist, recorded: u64) -> u64 {
    recorded.min(MAX_VCD_STATES / netlist.channels.len().max(1) as u64)
}

/// The simulator channel of each graph channel.
fn sim_channels(graph: &GraphView, adapted: &Adapted) -> Vec<Option<usize>> {
    let sim_of_value: BTreeMap<u32, usize> = adapted
        .channel_values
        .iter()
        .enumerate()
        .map(|(c, v)| (v.0, c))
        .collect();
    graph
        .channels
        .iter()
        .map(|c| sim_of_value.get(&c.value).copied())
        .collect()
}

/// The summary of `check`, a run of `func` whose graph view is `graph`.
pub fn sim_view(func: &Func, graph: &GraphView, check: &KernelCheck) -> SimView {
    let adapted = &check.adapted;
    let netlist = &adapted.netlist;
    let graph_of_sim: BTreeMap<usize, usize> = sim_channels(graph, adapted)
        .iter()
        .enumerate()
        .filter_map(|(g, s)| Some(((*s)?, g)))
        .collect();
    let mut view = SimView {
        cycles: check.cycles,
        passed: check.passed(),
        mismatches: check.mismatches.len(),
        first_mismatch: check.mismatches.first().map(|m| m.describe()),
        ..SimView::default()
    };
    let mut report: Vec<String> = Vec::new();
    view.status = check.status.kind();
    match &check.status {
        Status::Finished | Status::CycleLimit => {}
        Status::Deadlock(d) => {
            view.deadlock_channels = d
                .stalled
                .iter()
                .filter_map(|(c, _)| graph_of_sim.get(c).copied())
                .collect();
            let unit_of_op: BTreeMap<u32, usize> = func
                .op_ids()
                .iter()
                .enumerate()
                .map(|(k, id)| (id.0, func.args.len() + k))
                .collect();
            let mut units: Vec<usize> = d
                .waits
                .iter()
                .filter_map(|w| match adapted.unit_origins.get(w.waiter)? {
                    UnitOrigin::Arg(i) => Some(*i),
                    UnitOrigin::Op(id) | UnitOrigin::EndOperand(id, _) => {
                        unit_of_op.get(&id.0).copied()
                    }
                })
                .collect();
            units.sort_unstable();
            units.dedup();
            view.deadlock_units = units;
            report.push(describe_deadlock(d, func, adapted));
        }
        Status::CombLoop(r) => report.push(r.render(netlist)),
    }
    for l in &check.loops {
        let bb = l.bb.map_or("?".to_string(), |b| b.to_string());
        let ii = l.ii.map_or("-".to_string(), |i| i.to_string());
        report.push(format!(
            "loop at bb{bb} ({}): {} header tokens, II = {ii}",
            l.name, l.tokens
        ));
    }
    view.report = report.join("\n");
    if let (Some(trace), Some(snapshots)) = (&check.compact, &check.snapshots) {
        view.recorded = replayable(trace, snapshots, check.cycles);
        view.vcd_cycles = vcd_cycles(netlist, trace.cycles());
        view.trace_bytes = trace.bytes() as u64;
    }
    if let Some(lsq) = &check.lsq {
        view.queues = lsq
            .units()
            .iter()
            .map(|&u| unit_name(func, adapted, u))
            .collect();
    }
    view
}

/// The graph name of netlist unit `u` (an operation's), or the netlist's own name.
fn unit_name(func: &Func, adapted: &Adapted, u: UnitId) -> String {
    match adapted.unit_origins.get(u) {
        Some(UnitOrigin::Op(id)) => func
            .op(*id)
            .map_or_else(|| format!("op{}", id.0), |op| op_name(op, *id)),
        _ => adapted
            .netlist
            .units
            .get(u)
            .map_or_else(String::new, |n| n.name.clone()),
    }
}

/// Raw bits of a `width`-bit channel as a signed number (1-bit values stay 0 or 1).
fn signed(bits: u64, width: u32) -> i64 {
    if width <= 1 {
        return bits as i64;
    }
    crate::bits::sign_extend(bits, width)
}
