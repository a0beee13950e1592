//! Steps 2 and 3 of the greedy placement ([`super::greedy`]) for one signal: cuts the
//! cycles and the paths longer than the clock period of data/valid (producer to consumer)
//! or ready (consumer to producer) on a placement, visiting the units in topological order
//! of the uncut combinational channels.
//!
//! Invariant: a pass only adds breaks (each with a slot), never takes one out.

use super::channel_id::{ChannelId, ChannelVec};
use super::circuit::{Channel, Circuit};
use super::greedy::{ChannelBuffers, CutAt, CycleCut, Placement, MIN_READY_DELAY};
use crate::handshake::OpId;
use crate::timing::TIME_TOLERANCE_NS;
use std::collections::{BTreeMap, BTreeSet};

/// Which signal's paths are cut.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Direction {
    /// Data/valid: producer to consumer.
    Forward,
    /// Ready: consumer to producer.
    Backward,
}

impl Direction {
    /// Channel `c` as (tail, head) in the signal's direction; `None` for an argument's
    /// channel (no producer).
    fn ends(self, c: &Channel) -> Option<(OpId, OpId)> {
        let from = c.from?;
        match self {
            Direction::Forward => Some((from, c.to)),
            Direction::Backward => Some((c.to, from)),
        }
    }

    /// Whether `b` breaks the signal.
    fn is_cut(self, b: &ChannelBuffers) -> bool {
        match self {
            Direction::Forward => b.break_dv,
            Direction::Backward => b.break_r,
        }
    }

    /// `b` with a break of the signal (and a slot for it).
    fn set_cut(self, b: &mut ChannelBuffers) {
        match self {
            Direction::Forward => b.break_dv = true,
            Direction::Backward => b.break_r = true,
        }
        b.slots = b.slots.max(b.breaks()).max(1);
    }
}

/// Cuts cycles and paths longer than the clock period in one direction: visits the units in topological order of the uncut
/// combinational channels, cutting a cycle wherever the visit finds every unit left
/// waiting, and each input whose path arrives too late; then cuts the channels whose paths
/// end too late.
pub(super) fn cut_paths(
    circuit: &Circuit,
    out: &mut Placement,
    dir: Direction,
    cut_at: CutAt,
    cycles: CycleCut,
) {
    let paths = SignalPaths::new(circuit, dir, cut_at, cycles);
    let mut visit = Visit::new(&paths, out);
    while visit.done.len() < visit.pending.len() {
        let u = match visit.ready.pop_first() {
            Some(u) => u,
            None => {
                // Every unit left waits on another: a cycle.
                let Some(first) = visit.first_waiting() else {
                    break;
                };
                if visit.cut_lightest_channel(&paths, out, first) {
                    continue;
                }
                visit.cut_waiting_inputs(&paths, out, first);
                first
            }
        };
        visit.visit(&paths, out, u);
    }
    paths.cut_late_ends(out, &visit.arrival);
}

/// The circuit's channels as edges in one signal's direction, with how [`cut_paths`] cuts
/// them. Edges are kept where the signal crosses a channel combinationally.
struct SignalPaths<'a> {
    circuit: &'a Circuit,
    dir: Direction,
    /// Whether late paths are cut before the forks they fan out of ([`CutAt::BeforeFanOut`],
    /// data/valid only).
    hoists: bool,
    cycles: CycleCut,
    /// Per unit, every channel arriving at it (for arrivals).
    arriving: BTreeMap<OpId, Vec<ChannelId>>,
    /// Per unit, its channels from units that do not restart paths (for the order).
    inputs: BTreeMap<OpId, Vec<ChannelId>>,
    /// Per unit that does not restart paths, its channels (for the order).
    outputs: BTreeMap<OpId, Vec<ChannelId>>,
    /// Per channel, its loop weight ([`Circuit::loop_weights`]; only with
    /// [`CycleCut::LightestChannel`]).
    loop_weight: ChannelVec<f64>,
}

impl<'a> SignalPaths<'a> {
    fn new(circuit: &'a Circuit, dir: Direction, cut_at: CutAt, cycles: CycleCut) -> Self {
        let mut paths = SignalPaths {
            circuit,
            dir,
            hoists: dir == Direction::Forward && cut_at == CutAt::BeforeFanOut,
            cycles,
            arriving: BTreeMap::new(),
            inputs: BTreeMap::new(),
            outputs: BTreeMap::new(),
            loop_weight: match cycles {
                CycleCut::LightestChannel => circuit.loop_weights(),
                CycleCut::SmallestUnit => ChannelVec::default(),
            },
        };
        for i in circuit.channel_ids() {
            if let Some((tail, head)) = paths.ends(i) {
                paths.arriving.entry(head).or_default().push(i);
                if !paths.restarts(tail) {
                    paths.inputs.entry(head).or_default().push(i);
                    paths.outputs.entry(tail).or_default().push(i);
                }
            }
        }
        paths
    }

    /// Channel `i` as (tail, head) in the signal's direction.
    fn ends(&self, i: ChannelId) -> Option<(OpId, OpId)> {
        self.dir.ends(self.circuit.channel(i))
    }

    /// The channels of `list` at unit `u` (none if it has none).
    fn at(list: &BTreeMap<OpId, Vec<ChannelId>>, u: OpId) -> &[ChannelId] {
        list.get(&u).map_or(&[][..], |l| l.as_slice())
    }

    /// Whether paths restart at unit `op` (and at anything that is not a unit).
    fn restarts(&self, op: OpId) -> bool {
        self.circuit.units.get(&op).is_none_or(|u| match self.dir {
            Direction::Forward => u.sequential,
            Direction::Backward => u.breaks_ready,
        })
    }

    /// The signal's delay through unit `op` (ns).
    fn delay(&self, op: OpId) -> f64 {
        self.circuit.units.get(&op).map_or(0.0, |u| match self.dir {
            Direction::Forward => u.delay,
            Direction::Backward => u.ready_delay.max(MIN_READY_DELAY),
        })
    }

    /// When the signal leaves unit `op`, where paths restart: after the unit's own delay
    /// (data/valid) or at once (ready).
    fn start(&self, op: OpId) -> f64 {
        match self.dir {
            Direction::Forward => self.delay(op),
            Direction::Backward => 0.0,
        }
    }

    /// Whether channel `i` of `out` is not cut.
    fn live(&self, i: ChannelId, out: &Placement) -> bool {
        !self.dir.is_cut(&out[i])
    }

    /// The signal's delay through the buffers `b` on channel `i` (after its break, if any).
    fn buffer_delay(&self, i: ChannelId, b: &ChannelBuffers) -> f64 {
        let (delays, c) = (&self.circuit.buffer_delays, self.circuit.channel(i));
        match self.dir {
            Direction::Forward => delays.on(c, b),
            Direction::Backward => delays.ready_on(c, b),
        }
    }

    /// [`Self::buffer_delay`] of channel `i` of `out` once cut.
    fn cut_delay(&self, i: ChannelId, out: &Placement) -> f64 {
        let mut b = out[i];
        self.dir.set_cut(&mut b);
        self.buffer_delay(i, &b)
    }

    /// With [`Self::hoists`]: the unit that channel `ch` leaves and its single input, if
    /// that unit fans out and the cut can move before it (`after`: the delay after the cut
    /// so far).
    fn fan_out_input(
        &self,
        ch: ChannelId,
        after: f64,
        out: &Placement,
    ) -> Option<(OpId, ChannelId)> {
        if !self.hoists {
            return None;
        }
        let (t, _) = self.ends(ch)?;
        let fans_out = self.outputs.get(&t).is_some_and(|l| l.len() > 1);
        let &[c] = self.arriving.get(&t)?.as_slice() else {
            return None;
        };
        let cp = self.circuit.clock_period;
        (fans_out
            && !self.restarts(t)
            && self.circuit.channel(c).bufferizable
            && self.live(c, out)
            && after + self.delay(t) + self.cut_delay(c, out) <= cp + TIME_TOLERANCE_NS)
            .then_some((t, c))
    }

    /// The uncut inputs of unit `u` from units not `done` yet.
    fn waiting(&self, u: OpId, out: &Placement, done: &BTreeSet<OpId>) -> Vec<ChannelId> {
        Self::at(&self.inputs, u)
            .iter()
            .copied()
            .filter(|&i| {
                let tail = self.ends(i).map(|e| e.0);
                self.live(i, out) && tail.is_some_and(|t| !done.contains(&t))
            })
            .collect()
    }

    /// Cuts the channels whose paths end at a unit that restarts them (or, for ready, at an
    /// argument) too late with the channel's buffer delay, given the units' `arrival`.
    fn cut_late_ends(&self, out: &mut Placement, arrival: &BTreeMap<OpId, f64>) {
        for i in self.circuit.channel_ids() {
            let c = self.circuit.channel(i);
            let (tail, ends_here) = match self.ends(i) {
                Some((tail, head)) => (tail, self.restarts(head)),
                None if self.dir == Direction::Backward => (c.to, true),
                None => continue,
            };
            if !ends_here || !self.live(i, out) || !c.bufferizable {
                continue;
            }
            let departure = if self.restarts(tail) {
                self.start(tail)
            } else {
                arrival.get(&tail).copied().unwrap_or(0.0)
            };
            let late = self.circuit.clock_period + TIME_TOLERANCE_NS;
            if departure + self.buffer_delay(i, &out[i]) > late {
                self.dir.set_cut(&mut out[i]);
            }
        }
    }
}

/// The progress of [`cut_paths`]' visit of the units.
struct Visit {
    /// Per unit, how many of its uncut inputs (from units that do not restart paths) come
    /// from units not visited yet.
    pending: BTreeMap<OpId, usize>,
    /// The units whose inputs have all been visited, to visit next.
    ready: BTreeSet<OpId>,
    /// The signal's arrival at each visited unit's outputs (ns).
    arrival: BTreeMap<OpId, f64>,
    /// The visited units.
    done: BTreeSet<OpId>,
}

impl Visit {
    fn new(paths: &SignalPaths, out: &Placement) -> Visit {
        let pending: BTreeMap<OpId, usize> = paths
            .circuit
            .units
            .keys()
            .map(|&u| {
                let n = SignalPaths::at(&paths.inputs, u)
                    .iter()
                    .filter(|&&i| paths.live(i, out))
                    .count();
                (u, n)
            })
            .collect();
        let ready = pending
            .iter()
            .filter(|(_, &n)| n == 0)
            .map(|(&u, _)| u)
            .collect();
        Visit {
            pending,
            ready,
            arrival: BTreeMap::new(),
            done: BTreeSet::new(),
        }
    }

    /// The smallest unit not visited yet.
    fn first_waiting(&self) -> Option<OpId> {
        self.pending
            .keys()
            .find(|u| !self.done.contains(u))
            .copied()
    }

    /// With [`CycleCut::LightestChannel`], cuts the channel of least loop weight on a cycle
    /// of waiting units (found walking back from `first`); false if there is none to cut
    /// (or another [`CycleCut`]).
    fn cut_lightest_channel(
        &mut self,
        paths: &SignalPaths,
        out: &mut Placement,
        first: OpId,
    ) -> bool {
        if paths.cycles != CycleCut::LightestChannel {
            return false;
        }
        let cycle = waiting_cycle(
            first,
            |u| paths.waiting(u, out, &self.done),
            |i| paths.ends(i).map(|e| e.0),
        );
        let weight = &paths.loop_weight;
        let lightest = cycle
            .into_iter()
            .filter(|&i| paths.circuit.channel(i).bufferizable)
            .min_by(|&a, &b| weight[a].total_cmp(&weight[b]));
        let Some(i) = lightest else {
            return false;
        };
        paths.dir.set_cut(&mut out[i]);
        if let Some((_, head)) = paths.ends(i) {
            self.release(head);
        }
        true
    }

    /// Cuts the remaining inputs of unit `first` (those that take a buffer), which waits on
    /// a cycle.
    fn cut_waiting_inputs(&self, paths: &SignalPaths, out: &mut Placement, first: OpId) {
        for i in paths.waiting(first, out, &self.done) {
            if paths.circuit.channel(i).bufferizable {
                paths.dir.set_cut(&mut out[i]);
            }
        }
    }

    /// Visits unit `u`: its arrival (cutting the inputs that arrive too late), then its
    /// uncut outputs count as visited for their consumers.
    fn visit(&mut self, paths: &SignalPaths, out: &mut Placement, u: OpId) {
        let at = if paths.restarts(u) {
            paths.start(u)
        } else {
            self.latest_input(paths, out, u) + paths.delay(u)
        };
        self.arrival.insert(u, at);
        self.done.insert(u);
        for &i in SignalPaths::at(&paths.outputs, u) {
            if !paths.live(i, out) {
                continue;
            }
            if let Some((_, head)) = paths.ends(i) {
                self.release(head);
            }
        }
    }

    /// The latest arrival over the inputs of the combinational unit `u` (ns), after cutting
    /// those whose path through `u` would miss the clock period.
    fn latest_input(&mut self, paths: &SignalPaths, out: &mut Placement, u: OpId) -> f64 {
        let d = paths.delay(u);
        let cp = paths.circuit.clock_period;
        let mut latest: f64 = 0.0;
        for &i in SignalPaths::at(&paths.arriving, u) {
            let Some(departure) = self.departure(paths, out, i) else {
                continue;
            };
            let a = departure + paths.buffer_delay(i, &out[i]);
            if a + d <= cp + TIME_TOLERANCE_NS
                || !paths.live(i, out)
                || !paths.circuit.channel(i).bufferizable
            {
                latest = latest.max(a);
                continue;
            }
            latest = latest.max(self.cut_late_input(paths, out, i, d));
        }
        latest
    }

    /// When the signal leaves channel `i`'s tail or break; `None` when its tail is an
    /// unvisited combinational unit.
    fn departure(&self, paths: &SignalPaths, out: &Placement, i: ChannelId) -> Option<f64> {
        let (tail, _) = paths.ends(i)?;
        if !paths.live(i, out) {
            Some(0.0)
        } else if paths.restarts(tail) {
            Some(paths.start(tail))
        } else if self.done.contains(&tail) {
            Some(self.arrival.get(&tail).copied().unwrap_or(0.0))
        } else {
            None
        }
    }

    /// Cuts the late input `i` of a unit of delay `d`: up the single-input units with
    /// several outputs (each with its input channel) while the unit's arrival still meets
    /// the clock period, where paths then restart; returns the arrival through `i` after
    /// the cut.
    fn cut_late_input(
        &mut self,
        paths: &SignalPaths,
        out: &mut Placement,
        i: ChannelId,
        d: f64,
    ) -> f64 {
        let mut cut_channel = i;
        let mut chain: Vec<(OpId, ChannelId)> = Vec::new();
        let mut after = d + paths.buffer_delay(i, &out[i]);
        while let Some((t, c)) = paths.fan_out_input(cut_channel, after, out) {
            after += paths.delay(t) + paths.buffer_delay(c, &out[c]);
            chain.push((t, c));
            cut_channel = c;
        }
        paths.dir.set_cut(&mut out[cut_channel]);
        let mut at = 0.0;
        for &(t, c) in chain.iter().rev() {
            at += paths.buffer_delay(c, &out[c]) + paths.delay(t);
            self.arrival.insert(t, at);
        }
        at + paths.buffer_delay(i, &out[i])
    }

    /// One more input of unit `head` is visited (or cut); it is ready once none is left.
    fn release(&mut self, head: OpId) {
        if let Some(n) = self.pending.get_mut(&head) {
            *n = n.saturating_sub(1);
            if *n == 0 && !self.done.contains(&head) {
                self.ready.insert(head);
            }
        }
    }
}

/// A cycle of channels among units that each wait on another: from `start`, follows the
/// first channel `waiting(u)` returns back to its producer (`tail`) until a unit repeats;
/// returns the channels of the cycle closed there.
fn waiting_cycle(
    start: OpId,
    waiting: impl Fn(OpId) -> Vec<ChannelId>,
    tail: impl Fn(ChannelId) -> Option<OpId>,
) -> Vec<ChannelId> {
    let mut position: BTreeMap<OpId, usize> = BTreeMap::new();
    let mut path: Vec<ChannelId> = Vec::new();
    let mut u = start;
    while !position.contains_key(&u) {
        position.insert(u, path.len());
        let Some(t) = waiting(u).first().and_then(|&i| {
            path.push(i);
            tail(i)
        }) else {
            return Vec::new();
        };
        u = t;
    }
    path.split_off(position[&u])
}
