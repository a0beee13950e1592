//! The circuit as the MILP-based placements see it: units with their timing, channels with
//! what may and must be placed on them (the rules of spec/buffering.md), and the CFDFCs.
//!
//! * A unit is *sequential* when it registers its data/valid outputs: a pipelined operator
//!   (latency > 0 in the timing model), a buffer that breaks data/valid, or a memory
//!   interface. Paths start again after it.
//! * A unit's timing comes from [`super::unit_timing`] (at the width of its first operand, as
//!   the simulator looks latencies up; data only or data and valid as the placement's
//!   [`PathRule`] says), its delay clamped to the clock period (a longer unit cannot meet it
//!   whatever is placed; a warning says so). Every merge-like unit has a positive delay, so
//!   every cycle has a positive delay and the timing constraints alone force a data/valid
//!   cut on every cycle.
//! * A channel is *bufferizable* unless it carries a memory reference or touches a memory
//!   interface (spec: "Unbufferizable Channels").
//! * Rules per channel: the output of a multi-input `merge` on a cycle holds at least one
//!   slot (spec: token reordering); a channel entering a merge-like unit along a back edge
//!   without lying on a cycle breaks data/valid (as in the on-merges placement: it holds a
//!   loop-carried value until the next iteration's select arrives); the output of a
//!   merge-like unit on a cycle gets a ready-breaking slot when the algorithm does not model
//!   the ready path (spec: FPGA20).
//! * Buffers that do not break data/valid still delay it ([`BufferDelays`]): the mappings
//!   put a channel's ready-breaking slot and its transparent slots (a `FIFO_BREAK_NONE`)
//!   after its data/valid break, so their delays lie on the path from the break (or the
//!   producer) to the consumer ([`BufferDelays::on`]).

use super::cfdfc::{is_memory_interface, Cfdfc};
use super::channel_id::{ChannelId, ChannelVec};
use super::cycles::cyclic_channels;
use super::greedy::ChannelBuffers;
use super::on_merges::back_edge_inputs;
use super::unit_timing::{behind_lsq, unit_timing, PathRule};
use crate::diag::Diagnostic;
use crate::handshake::{BufferType, Func, OpId, OpKind, ValueId};
use crate::timing::TimingModel;
use std::collections::BTreeMap;

/// Timing of one unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// Latency in cycles (1 for data/valid-breaking buffers).
    pub latency: u32,
    /// Whether data/valid paths restart at its outputs.
    pub sequential: bool,
    /// Data/valid delay in ns (combinational: in to out; sequential: register to out).
    pub delay: f64,
    /// Ready delay in ns (out to in).
    pub ready_delay: f64,
    /// Whether the unit registers its ready signal (paths restart at its inputs).
    pub breaks_ready: bool,
    /// Where a token waits for a stalled consumer of its output.
    pub holds: Hold,
}

/// Where a unit keeps a token that a consumer of its output has not taken yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// Upstream: a combinational unit holds nothing.
    Upstream,
    /// In a register of its own: a buffer's slots, a pipelined unit's output register, a
    /// control merge's slot, a source.
    Register,
    /// On its input channel: an eager fork takes its input only once every output has
    /// taken the token, so a pending output keeps it there.
    Input,
}

impl Hold {
    /// Whether the unit holds a waiting token at all (the throughput rows grant it).
    pub fn holds(self) -> bool {
        self != Hold::Upstream
    }
}

/// One channel.
#[derive(Clone, Debug, PartialEq)]
pub struct Channel {
    /// The value carried.
    pub value: ValueId,
    /// The producer (`None`: a function argument).
    pub from: Option<OpId>,
    /// The consumer.
    pub to: OpId,
    /// Whether buffers may be placed on it.
    pub bufferizable: bool,
    /// Whether it lies on a cycle of the circuit.
    pub on_cycle: bool,
    /// Whether it is the output of a merge-like unit.
    pub after_merge_like: bool,
    /// Fewest slots it must hold.
    pub min_slots: u32,
    /// Whether it must break data/valid.
    pub must_break_dv: bool,
    /// Whether it gets a ready-breaking slot whatever the model decides (the output of a
    /// merge-like unit on a cycle: FPGA20's rule, kept by FPL22).
    pub ready_slot: bool,
}

/// The delays (ns) of the buffers that let a signal through: data/valid through the
/// ready-breaking and transparent slots, ready through the data/valid-breaking and
/// transparent slots.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BufferDelays {
    /// A `FIFO_BREAK_NONE` (the transparent slots of a channel), whatever its slots.
    pub transparent: f64,
    /// A `ONE_SLOT_BREAK_R`.
    pub ready_slot: f64,
    /// Ready through a `FIFO_BREAK_NONE`.
    pub transparent_ready: f64,
    /// Ready through a `ONE_SLOT_BREAK_DV`.
    pub dv_slot_ready: f64,
}

impl BufferDelays {
    /// The delays of the timing model's buffers.
    pub fn of(timing: &TimingModel) -> BufferDelays {
        let buffer = |ty: BufferType| timing.buffer(ty.as_str());
        let data_valid = |ty| buffer(ty).map_or(0.0, |t| t.data.max(t.valid));
        let ready = |ty| buffer(ty).map_or(0.0, |t| t.ready);
        BufferDelays {
            transparent: data_valid(BufferType::FifoBreakNone),
            ready_slot: data_valid(BufferType::OneSlotBreakR),
            transparent_ready: ready(BufferType::FifoBreakNone),
            dv_slot_ready: ready(BufferType::OneSlotBreakDV),
        }
    }

    /// The data/valid delay (ns) the buffers `b` add on channel `c` after its data/valid
    /// break (if any): its ready-breaking slot (placed or by rule) and its transparent
    /// slots (those beyond one per break).
    pub fn on(&self, c: &Channel, b: &ChannelBuffers) -> f64 {
        if !c.bufferizable {
            return 0.0;
        }
        let ready = if b.break_r || c.ready_slot {
            self.ready_slot
        } else {
            0.0
        };
        ready + transparent_on(b, self.transparent)
    }

    /// The ready delay (ns) the buffers `b` add on channel `c` before its ready break (if
    /// any; ready flows from consumer to producer, and the mappings put the ready break
    /// last): its data/valid-breaking slot and its transparent slots. Counted for a
    /// data/valid break with a ready break in one slot too (`ONE_SLOT_BREAK_DVR`, no
    /// delay), as the MILP's linear rows do.
    pub fn ready_on(&self, c: &Channel, b: &ChannelBuffers) -> f64 {
        if !c.bufferizable {
            return 0.0;
        }
        let dv = if b.break_dv { self.dv_slot_ready } else { 0.0 };
        dv + transparent_on(b, self.transparent_ready)
    }
}

/// `delay` if `b` has transparent slots (more slots than breaks), else 0.
fn transparent_on(b: &ChannelBuffers, delay: f64) -> f64 {
    if b.slots > b.breaks() {
        delay
    } else {
        0.0
    }
}

impl Channel {
    /// `b` with the fewest slots the channel may hold: one per break, at least the rules'
    /// minimum (the slots of a placement before they are sized).
    pub fn lean(&self, b: &ChannelBuffers) -> ChannelBuffers {
        ChannelBuffers {
            slots: self.min_slots.max(b.breaks()),
            ..*b
        }
    }
}

/// A channel of a CFDFC between two of its units (indices into the CFDFC's unit list).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CfdfcEdge {
    /// Producer (index into the CFDFC's units).
    pub from: usize,
    /// Consumer (index into the CFDFC's units).
    pub to: usize,
    /// The channel.
    pub channel: ChannelId,
    /// Tokens on it when the loop starts (1 on the back edges).
    pub tokens: u32,
    /// The producer's latency in cycles.
    pub latency: u32,
    /// Cycles a token waits on it for its consumer to accept it (a load sharing its
    /// controller's read port with other loads of the CFDFC): latency that, unlike the
    /// producer's, the channel holds.
    pub wait: u32,
    /// Where the producer keeps a token for it while the consumer stalls ([`Unit::holds`]).
    pub held: Hold,
    /// Whether buffers may go on it.
    pub bufferizable: bool,
}

impl CfdfcEdge {
    /// Cycles from a token entering the producer to the consumer accepting it, without
    /// buffers: the producer's latency and the wait.
    pub fn cycles(&self) -> u32 {
        self.latency + self.wait
    }
}

/// The pairs `(input, output)` of edges (indices into `edges`) through each unit that holds
/// a waiting token on its input ([`Hold::Input`], a fork): a token pending on one output
/// still sits on the input channel, so the two channels' tokens share the input's capacity
/// and the output's slots (the output's own rows let its consumer lag by the token the fork
/// holds, which is the input's).
pub fn pending_pairs(edges: &[CfdfcEdge]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for (j, out) in edges.iter().enumerate() {
        if out.held != Hold::Input {
            continue;
        }
        for (i, input) in edges.iter().enumerate() {
            if input.to == out.from {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// The circuit seen by the placements.
#[derive(Clone, Debug, PartialEq)]
pub struct Circuit {
    /// Units by op.
    pub units: BTreeMap<OpId, Unit>,
    /// Channels in value order.
    pub channels: ChannelVec<Channel>,
    /// The CFDFCs, most executed first.
    pub cfdfcs: Vec<Cfdfc>,
    /// The clock period in ns.
    pub clock_period: f64,
    /// Delays of the buffers placed on channels (zero for a circuit whose buffers are
    /// already units).
    pub buffer_delays: BufferDelays,
    /// Where the placement may break ready paths (with [`ReadyBreaks::Anywhere`], FPL22,
    /// every placement must meet the clock period on ready paths too).
    pub ready_breaks: ReadyBreaks,
}

impl Circuit {
    /// The view of `func` (materialized) with `cfdfcs`, for a placement breaking ready paths
    /// as `ready_breaks` says and timing forward paths as `paths` says; warns about units
    /// slower than the clock.
    pub fn new(
        func: &Func,
        timing: &TimingModel,
        cfdfcs: Vec<Cfdfc>,
        (ready_breaks, paths): (ReadyBreaks, PathRule),
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Circuit {
        let cp = timing.clock_period_ns;
        let mut units = BTreeMap::new();
        for (id, op) in func.ops() {
            let width = op
                .operands
                .first()
                .and_then(|&v| func.ty(v))
                .map_or(32, |t| t.data_width());
            let mut unit = unit_timing(func, op, width, timing, paths);
            unit.ready_delay = unit.ready_delay.min(cp);
            units.insert(id, unit);
        }
        let cycles = cyclic_channels(func);
        let back_edges = back_edge_inputs(func, &cycles);
        let uses = func.use_lists();
        let mut channels = ChannelVec::default();
        for (v, value) in func.values() {
            let Some(&(to, _)) = uses.get(v.0 as usize).and_then(|u| u.first()) else {
                continue;
            };
            let from = func.defining_op(v);
            // Only channels between live units (the verifier rejects anything else).
            if !units.contains_key(&to) || from.is_some_and(|f| !units.contains_key(&f)) {
                continue;
            }
            let kind_of = |op: Option<OpId>| op.and_then(|o| func.op(o)).map(|o| &o.kind);
            let to_op = func.op(to);
            let touches_memory = [kind_of(from), kind_of(Some(to))]
                .into_iter()
                .flatten()
                .any(is_memory_interface);
            let on_cycle = cycles.channels.contains(&v);
            let after_merge_like = kind_of(from).is_some_and(OpKind::is_merge_like);
            let multi_merge = from
                .and_then(|o| func.op(o))
                .is_some_and(|o| o.kind == OpKind::Merge && o.operands.len() > 1);
            let bufferizable = value.ty.is_dataflow() && !touches_memory;
            // The spec's heuristic for ports behind a load-store queue: a slot before them, so
            // that an address or datum arriving with its group's allocation waits there (the
            // queue takes it a cycle later) without holding up its producer.
            let into_lsq_port = to_op.is_some_and(|o| {
                matches!(o.kind, OpKind::Load | OpKind::Store) && behind_lsq(func, o)
            });
            channels.push(Channel {
                value: v,
                from,
                to,
                bufferizable,
                on_cycle,
                after_merge_like,
                min_slots: u32::from((multi_merge && on_cycle) || (into_lsq_port && bufferizable)),
                must_break_dv: back_edges.contains(&v),
                ready_slot: bufferizable && after_merge_like && on_cycle,
            });
        }
        let buffer_delays = BufferDelays::of(timing);
        let clock = (cp, ready_breaks);
        clamp_slow_units(
            func,
            &mut units,
            &channels,
            &buffer_delays,
            clock,
            diagnostics,
        );
        Circuit {
            units,
            channels,
            cfdfcs,
            clock_period: cp,
            buffer_delays,
            ready_breaks,
        }
    }

    /// Channel `c`.
    pub fn channel(&self, c: ChannelId) -> &Channel {
        &self.channels[c]
    }

    /// The channels' ids, in order.
    pub fn channel_ids(&self) -> impl DoubleEndedIterator<Item = ChannelId> + Clone {
        self.channels.ids()
    }

    /// CFDFC `k` as a graph: its units (in order) and its channels between them, in the
    /// order of its channel set (what the throughput constraints are written over).
    pub fn cfdfc_graph(&self, k: usize) -> (Vec<OpId>, Vec<CfdfcEdge>) {
        let Some(cf) = self.cfdfcs.get(k) else {
            return (Vec::new(), Vec::new());
        };
        let units: Vec<OpId> = cf.units.iter().copied().collect();
        let local: BTreeMap<OpId, usize> = units.iter().enumerate().map(|(i, &u)| (u, i)).collect();
        let index = self.channel_index();
        let edges = cf
            .channels
            .iter()
            .filter_map(|value| {
                let channel = *index.get(value)?;
                let c = self.channel(channel);
                let from = c.from?;
                Some(CfdfcEdge {
                    from: *local.get(&from)?,
                    to: *local.get(&c.to)?,
                    channel,
                    tokens: u32::from(cf.backedges.contains(value)),
                    latency: self.units[&from].latency,
                    wait: cf.memory.load_waits.get(&c.to).copied().unwrap_or(0),
                    held: self.units[&from].holds,
                    bufferizable: c.bufferizable,
                })
            })
            .collect();
        (units, edges)
    }

    /// Per channel, whether the throughput constraints of a CFDFC cover it (elsewhere slots
    /// beyond the breaks only cost).
    pub fn throughput_channels(&self) -> ChannelVec<bool> {
        self.loop_weights().iter().map(|&w| w > 0.0).collect()
    }

    /// Per channel, the summed weight ([`Self::cfdfc_weights`]) of the CFDFCs whose
    /// throughput constraints cover it (0: none; a cycle cut there slows no loop).
    pub fn loop_weights(&self) -> ChannelVec<f64> {
        let mut weight = ChannelVec::filled(0.0, self.channels.len());
        for (k, w) in self.cfdfc_weights().into_iter().enumerate() {
            for e in self.cfdfc_graph(k).1 {
                weight[e.channel] += w.max(f64::MIN_POSITIVE);
            }
        }
        weight
    }

    /// Each CFDFC's share of all CFDFC executions (the objective's weight of its throughput).
    pub fn cfdfc_weights(&self) -> Vec<f64> {
        let total: u64 = self.cfdfcs.iter().map(|c| c.cycle.execs).sum();
        self.cfdfcs
            .iter()
            .map(|c| c.cycle.execs as f64 / total.max(1) as f64)
            .collect()
    }

    /// The largest throughput CFDFC `k`'s memory accesses allow (1 over its
    /// [`super::memory_ports::MemoryLimits::min_interval`]).
    pub fn max_throughput(&self, k: usize) -> f64 {
        self.cfdfcs
            .get(k)
            .map_or(1.0, |c| 1.0 / f64::from(c.memory.min_interval))
    }

    /// Each channel's id by its value.
    pub fn channel_index(&self) -> BTreeMap<ValueId, ChannelId> {
        self.channel_ids()
            .map(|c| (self.channel(c).value, c))
            .collect()
    }
}

/// Where a placement may break ready paths. Its ready-breaking slots delay data/valid after
/// the channel's break, so a combinational unit behind one has less of the clock period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadyBreaks {
    /// Only where the rules put a ready-breaking slot (FPGA20; a circuit whose buffers are
    /// units already).
    ByRule,
    /// On any bufferizable channel (FPL22).
    Anywhere,
}

/// Clamps the delay of every unit slower than the clock period `cp` (with the delay of a
/// ready-breaking slot on an input of a combinational unit, where `ready_breaks` may put
/// one) so that the constraints stay feasible, and warns about those units: their paths
/// cannot meet `cp`.
fn clamp_slow_units(
    func: &Func,
    units: &mut BTreeMap<OpId, Unit>,
    channels: &ChannelVec<Channel>,
    buffer_delays: &BufferDelays,
    (cp, ready_breaks): (f64, ReadyBreaks),
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut budget: BTreeMap<OpId, f64> = units.keys().map(|&u| (u, cp)).collect();
    let may_break_ready = |c: &&Channel| match ready_breaks {
        ReadyBreaks::ByRule => c.ready_slot,
        ReadyBreaks::Anywhere => c.bufferizable,
    };
    for c in channels.iter().filter(may_break_ready) {
        if !units[&c.to].sequential {
            budget.insert(c.to, cp - buffer_delays.ready_slot);
        }
    }
    let mut slow: Vec<String> = Vec::new();
    for (id, unit) in units.iter_mut() {
        let most = budget[id].max(0.0);
        if unit.delay > most {
            let op = func.op(*id);
            slow.push(op.map_or_else(String::new, |op| {
                op.name.clone().unwrap_or_else(|| op.kind.mnemonic().into())
            }));
            unit.delay = most;
        }
    }
    if !slow.is_empty() {
        diagnostics.push(
            Diagnostic::warning(format!(
                "{} units are slower than the {cp} ns clock period (with the buffers their \
                 inputs need); their paths cannot meet it",
                slow.len()
            ))
            .with_note(format!("units: {}", slow.join(", "))),
        );
    }
}
