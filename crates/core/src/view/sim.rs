//! The simulation view's data: a kernel check ([`crate::sim::run_kernel`]) replayed on the
//! graph view's channels — the handshake state of every channel in every recorded cycle, the
//! data of every transfer, the outcome of the check against the interpreter, the units and
//! channels of a deadlock, and the run as VCD.
//!
//! Invariants: `states[c]` has one character per graph channel (`0` idle, `1` accept,
//! `2` stall, `3` transfer, `-` for channels the simulator does not model, e.g. memrefs);
//! `states` and `transfers` cover cycles `0..recorded`, `recorded <= cycles`; indices in
//! `deadlock_channels`/`deadlock_units` index the graph view's channels/units.

use super::model::GraphView;
use crate::handshake::Func;
use crate::sim::adapter::UnitOrigin;
use crate::sim::run_kernel::{describe_deadlock, KernelCheck};
use crate::sim::{to_vcd, ChannelState, Status, StatusKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// At most this many (cycle, channel) states are sent to the page; longer runs are recorded
/// up to the cycle that reaches it.
pub const MAX_RECORDED_STATES: u64 = 12_000_000;

/// A checked run, ready to animate on the graph.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SimView {
    /// Cycles simulated.
    pub cycles: u64,
    /// Cycles recorded in `states` and `transfers`.
    pub recorded: u64,
    /// How the run ended.
    pub status: StatusKind,
    /// True when the run finished and every output matches the interpreter's.
    pub passed: bool,
    /// Number of outputs that differ from the interpreter's.
    pub mismatches: usize,
    /// The first of them: `a[3]: expected 5, got 7`.
    pub first_mismatch: Option<String>,
    /// Per recorded cycle, the state of every graph channel (see the module invariants).
    pub states: Vec<String>,
    /// Per recorded cycle, `(graph channel, data)` of each data channel that transfers.
    pub transfers: Vec<Vec<(u32, i64)>>,
    /// Graph channels holding a token when a deadlock was detected.
    pub deadlock_channels: Vec<usize>,
    /// Graph units waiting in the deadlock.
    pub deadlock_units: Vec<usize>,
    /// The report: deadlock description, combinational loop, each loop's initiation interval.
    pub report: String,
    /// The run as a VCD file.
    pub vcd: String,
}

/// The simulation view of `check`, a run of `func` whose graph view is `graph`.
pub fn sim_view(func: &Func, graph: &GraphView, check: &KernelCheck) -> SimView {
    let adapted = &check.adapted;
    let netlist = &adapted.netlist;
    let sim_of_value: BTreeMap<u32, usize> = adapted
        .channel_values
        .iter()
        .enumerate()
        .map(|(c, v)| (v.0, c))
        .collect();
    let sim_channel: Vec<Option<usize>> = graph
        .channels
        .iter()
        .map(|c| sim_of_value.get(&c.value).copied())
        .collect();
    let graph_of_sim: BTreeMap<usize, usize> = sim_channel
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
    let Some(trace) = &check.trace else {
        return view;
    };
    let per_cycle = graph.channels.len().max(1) as u64;
    view.recorded = trace.cycles().min(MAX_RECORDED_STATES / per_cycle);
    // The data on every simulator channel, replayed token by token.
    let mut data = vec![0u64; trace.channels()];
    for cycle in 0..view.recorded {
        for &(c, d) in trace.new_tokens(cycle) {
            if let Some(slot) = data.get_mut(c as usize) {
                *slot = d;
            }
        }
        let mut row = String::with_capacity(sim_channel.len());
        let mut moved = Vec::new();
        for (g, s) in sim_channel.iter().enumerate() {
            let Some(s) = *s else {
                row.push('-');
                continue;
            };
            row.push(match trace.state(cycle, s) {
                ChannelState::Idle => '0',
                ChannelState::Accept => '1',
                ChannelState::Stall => '2',
                ChannelState::Transfer => '3',
            });
            let width = netlist.channels.get(s).map_or(0, |c| c.width);
            if width > 0 && trace.state(cycle, s) == ChannelState::Transfer {
                moved.push((g as u32, signed(data.get(s).copied().unwrap_or(0), width)));
            }
        }
        view.states.push(row);
        view.transfers.push(moved);
    }
    view.vcd = to_vcd(netlist, trace, &func.name);
    view
}

/// Raw bits of a `width`-bit channel as a signed number (1-bit values stay 0 or 1).
fn signed(bits: u64, width: u32) -> i64 {
    if width <= 1 {
        return bits as i64;
    }
    crate::bits::sign_extend(bits, width)
}
