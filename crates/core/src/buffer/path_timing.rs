//! Data/valid path timing of a placement, with exactly the rows of
//! [`super::formulation::timing`]: the arrival time at every unit's output through the
//! channels the placement does not break, each channel adding the delay of its buffers
//! ([`super::circuit::BufferDelays`]); the critical path; and the longest path through each
//! channel (how much room it has for buffer delay).
//!
//! A path starts at a function argument, a data/valid break (the break's output has no
//! delay) or a sequential unit's output (after the unit's own delay), and ends at a
//! sequential unit's input, a break or a unit's output.
//!
//! [`PathTiming::ready`] sees the ready paths the same way, backwards: they restart at
//! units that register ready (buffers breaking ready, memory interfaces).

use super::channel_id::{ChannelId, ChannelVec};
use super::circuit::{Channel, Circuit, Unit};
use crate::handshake::OpId;
use std::collections::BTreeMap;

/// A data/valid path segment into a combinational unit.
#[derive(Clone, Copy, Debug)]
pub struct Arc {
    /// The unit it leaves; `None` when the path starts on the channel (an argument or a
    /// data/valid break).
    pub from: Option<usize>,
    /// The unit it enters (combinational).
    pub to: usize,
    /// The delay of the buffers on the channel after its break (ns).
    pub delay: f64,
}

/// The arrival time at every unit's output along `arcs` (into combinational units only): a
/// unit's delay plus the latest arrival over its arcs, a sequential unit's output leaving
/// after its own delay. `None` when the arcs between combinational units close a cycle.
pub fn arrival_times(delay: &[f64], sequential: &[bool], arcs: &[Arc]) -> Option<Vec<f64>> {
    arrivals_in_order(delay, sequential, arcs).map(|(arrival, _)| arrival)
}

/// [`arrival_times`] and the topological order of the units it followed.
fn arrivals_in_order(
    delay: &[f64],
    sequential: &[bool],
    arcs: &[Arc],
) -> Option<(Vec<f64>, Vec<usize>)> {
    let chained = Chained::new(delay.len(), sequential, arcs);
    let order = chained.order()?;
    let mut arrival = delay.to_vec();
    for a in arcs {
        let start = match a.from {
            None => Some(0.0),
            Some(u) if sequential[u] => Some(delay[u]),
            Some(_) => None,
        };
        if let Some(s) = start {
            arrival[a.to] = arrival[a.to].max(s + a.delay + delay[a.to]);
        }
    }
    for &u in &order {
        for &(v, w) in chained.out(u) {
            arrival[v] = arrival[v].max(arrival[u] + w + delay[v]);
        }
    }
    Some((arrival, order))
}

/// The arcs between combinational units, by tail (compressed rows).
struct Chained {
    start: Vec<usize>,
    heads: Vec<(usize, f64)>,
}

impl Chained {
    fn new(n: usize, sequential: &[bool], arcs: &[Arc]) -> Chained {
        let tails = || {
            arcs.iter()
                .filter_map(|a| a.from.filter(|&u| !sequential[u]).map(|u| (u, a)))
        };
        let mut start = vec![0usize; n + 1];
        for (u, _) in tails() {
            start[u + 1] += 1;
        }
        for u in 0..n {
            start[u + 1] += start[u];
        }
        let mut heads = vec![(0, 0.0); start[n]];
        let mut fill = start.clone();
        for (u, a) in tails() {
            heads[fill[u]] = (a.to, a.delay);
            fill[u] += 1;
        }
        Chained { start, heads }
    }

    fn out(&self, u: usize) -> &[(usize, f64)] {
        &self.heads[self.start[u]..self.start[u + 1]]
    }

    /// A topological order of all units; `None` on a cycle.
    fn order(&self) -> Option<Vec<usize>> {
        let n = self.start.len() - 1;
        let mut pending = vec![0u32; n];
        for &(v, _) in &self.heads {
            pending[v] += 1;
        }
        let mut ready: Vec<usize> = (0..n).filter(|&u| pending[u] == 0).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(u) = ready.pop() {
            order.push(u);
            for &(v, _) in self.out(u) {
                pending[v] -= 1;
                if pending[v] == 0 {
                    ready.push(v);
                }
            }
        }
        (order.len() == n).then_some(order)
    }
}

/// What [`PathTiming::late_paths`] found.
#[derive(Clone, Debug, PartialEq)]
pub enum LatePaths {
    /// The channels of a cycle no break cuts.
    Cycle(Vec<ChannelId>),
    /// The paths that miss the limit (none: every path meets it).
    Late(Vec<Vec<ChannelId>>),
}

/// One path through the timing graph: the units it passes, each with the delay it adds in
/// ns (`None`: it starts at an argument or a break), and the channels between them, each with
/// the delay of its buffers (channel `k` leads from unit `k` to unit `k + 1`). The delays
/// sum to the path's length; a sequential unit ending the path adds nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// Units in path order, with their delays.
    pub units: Vec<(Option<usize>, f64)>,
    /// Channels in path order, with their buffers' delays.
    pub channels: Vec<(ChannelId, f64)>,
}

/// The circuit's units and channels as timing graph nodes and links. Units are positions
/// (in the circuit's unit order, then any of the graph's own); the methods take per channel
/// whether it is broken (`cut`) and the delay of its buffers in ns (`delay`).
#[derive(Clone, Debug)]
pub struct PathTiming {
    /// Delay per unit.
    delay: Vec<f64>,
    /// Whether paths restart at the unit's outputs.
    sequential: Vec<bool>,
    /// Per channel of the circuit: producer (`None`: an argument) and consumer.
    links: ChannelVec<(Option<usize>, usize)>,
    /// Per unit, the channels it produces.
    outgoing: Vec<Vec<ChannelId>>,
    /// Per unit, the channels it consumes.
    incoming: Vec<Vec<ChannelId>>,
}

impl PathTiming {
    /// Prepares `circuit`.
    pub fn new(circuit: &Circuit) -> PathTiming {
        let units = circuit.units.values();
        PathTiming::with_links(
            circuit,
            |c, index| (c.from.map(|f| index[&f]), index[&c.to]),
            units.clone().map(|u| u.delay).collect(),
            units.map(|u| u.sequential).collect(),
        )
    }

    /// The ready paths of `circuit` as timing paths (ready flows from each channel's consumer
    /// to its producer): a unit adds its ready delay (at least `least_delay`), a unit that
    /// registers ready ends the paths into it and starts its own at once; ready ends at an
    /// argument (a unit of its own after the circuit's, which registers ready, so that the
    /// ready delay of the argument channel's buffers counts). With the least delay of the
    /// MILP's ready rows ([`super::greedy::MIN_READY_DELAY`]) and each channel's
    /// [`super::circuit::BufferDelays::ready_on`], these are exactly the rows of
    /// [`super::formulation::timing::add_ready`].
    pub fn ready(circuit: &Circuit, least_delay: f64) -> PathTiming {
        let units = circuit.units.values();
        let delay = |u: &Unit| {
            if u.breaks_ready {
                0.0
            } else {
                u.ready_delay.max(least_delay)
            }
        };
        let arguments = circuit.units.len();
        PathTiming::with_links(
            circuit,
            |c, index| match c.from {
                Some(f) => (Some(index[&c.to]), index[&f]),
                None => (Some(index[&c.to]), arguments),
            },
            units.clone().map(delay).chain([0.0]).collect(),
            units.map(|u| u.breaks_ready).chain([true]).collect(),
        )
    }

    /// The timing graph of `circuit` with each channel's link `(tail, head)` (unit indices
    /// in the circuit's unit order, then any units of the graph's own) and the units'
    /// delays and restarts.
    fn with_links(
        circuit: &Circuit,
        link: impl Fn(&Channel, &BTreeMap<OpId, usize>) -> (Option<usize>, usize),
        delay: Vec<f64>,
        sequential: Vec<bool>,
    ) -> PathTiming {
        let index: BTreeMap<OpId, usize> = circuit
            .units
            .keys()
            .enumerate()
            .map(|(i, &op)| (op, i))
            .collect();
        let links: ChannelVec<(Option<usize>, usize)> =
            circuit.channels.iter().map(|c| link(c, &index)).collect();
        let mut outgoing = vec![Vec::new(); delay.len()];
        let mut incoming = vec![Vec::new(); delay.len()];
        for (i, &(from, to)) in links.iter_enumerated() {
            if let Some(u) = from {
                outgoing[u].push(i);
            }
            incoming[to].push(i);
        }
        PathTiming {
            delay,
            sequential,
            links,
            outgoing,
            incoming,
        }
    }

    /// The arcs into combinational units when each channel is broken as `cut` says and its
    /// buffers add `delay`.
    fn arcs(&self, cut: &ChannelVec<bool>, delay: &ChannelVec<f64>) -> Vec<Arc> {
        self.links
            .iter_enumerated()
            .filter(|(_, &(_, to))| !self.sequential[to])
            .map(|(i, &(from, to))| Arc {
                from: if cut[i] { None } else { from },
                to,
                delay: delay[i],
            })
            .collect()
    }

    /// When the data/valid signal of channel `i` leaves its producer or break, given the
    /// units' output `arrival`.
    fn departure(&self, i: ChannelId, cut: &ChannelVec<bool>, arrival: &[f64]) -> f64 {
        match self.links[i].0 {
            Some(u) if !cut[i] => arrival[u],
            _ => 0.0,
        }
    }

    /// The longest data/valid path (ns); `None` when the unbroken channels close a cycle.
    pub fn critical_path(&self, cut: &ChannelVec<bool>, delay: &ChannelVec<f64>) -> Option<f64> {
        let arrival = arrival_times(&self.delay, &self.sequential, &self.arcs(cut, delay))?;
        let into_sequential = self
            .links
            .iter_enumerated()
            .filter(|(_, &(_, to))| self.sequential[to])
            .map(|(i, _)| self.departure(i, cut, &arrival) + delay[i]);
        Some(
            arrival
                .iter()
                .copied()
                .chain(into_sequential)
                .fold(0.0, f64::max),
        )
    }

    /// Per channel, the longest data/valid path through it (ns); `None` when the unbroken
    /// channels close a cycle.
    pub fn through(
        &self,
        cut: &ChannelVec<bool>,
        delay: &ChannelVec<f64>,
    ) -> Option<ChannelVec<f64>> {
        let (arrival, rest) = self.arrivals_and_rests(cut, delay)?;
        Some(ChannelVec::from_fn(self.links.len(), |i| {
            self.departure(i, cut, &arrival) + delay[i] + self.after(self.links[i].1, &rest)
        }))
    }

    /// The channels of the longest data/valid path through `channel`, in order (the path
    /// [`Self::through`] measures); `None` when the unbroken channels close a cycle.
    pub fn path_through(
        &self,
        cut: &ChannelVec<bool>,
        delay: &ChannelVec<f64>,
        channel: ChannelId,
    ) -> Option<Vec<ChannelId>> {
        let (arrival, rest) = self.arrivals_and_rests(cut, delay)?;
        let latest = |candidates: &[ChannelId], value: &dyn Fn(ChannelId) -> f64| {
            candidates
                .iter()
                .copied()
                .max_by(|&a, &b| value(a).total_cmp(&value(b)))
        };
        // Back along the latest input of each combinational producer.
        let mut path = vec![channel];
        let mut i = channel;
        while let Some(u) = self.links[i].0.filter(|&u| !cut[i] && !self.sequential[u]) {
            let arrives = |j: ChannelId| self.departure(j, cut, &arrival) + delay[j];
            let Some(j) = latest(&self.incoming[u], &arrives) else {
                break;
            };
            path.push(j);
            i = j;
        }
        path.reverse();
        // On along the longest rest from each combinational consumer.
        let mut v = self.links[channel].1;
        while !self.sequential[v] {
            let unbroken: Vec<ChannelId> = self.outgoing[v]
                .iter()
                .copied()
                .filter(|&j| !cut[j])
                .collect();
            let lasts = |j: ChannelId| delay[j] + self.after(self.links[j].1, &rest);
            let Some(j) = latest(&unbroken, &lasts) else {
                break;
            };
            path.push(j);
            v = self.links[j].1;
        }
        Some(path)
    }

    /// The longest data/valid path itself (the one [`Self::critical_path`] measures);
    /// `None` when the unbroken channels close a cycle.
    pub fn critical_route(&self, cut: &ChannelVec<bool>, delay: &ChannelVec<f64>) -> Option<Route> {
        let critical = self.critical_path(cut, delay)?;
        let through = self.through(cut, delay)?;
        let longest = through
            .iter_enumerated()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .filter(|(_, &t)| t + 1e-9 >= critical);
        let Some((channel, _)) = longest else {
            // No channel lies on it: the slowest unit alone.
            let arrival = arrival_times(&self.delay, &self.sequential, &self.arcs(cut, delay))?;
            let u = (0..arrival.len()).max_by(|&a, &b| arrival[a].total_cmp(&arrival[b]))?;
            return Some(Route {
                units: vec![(Some(u), self.delay[u])],
                channels: Vec::new(),
            });
        };
        let channels = self.path_through(cut, delay, channel)?;
        let first = channels.first().copied()?;
        let start = match self.links[first].0 {
            Some(u) if !cut[first] => (Some(u), self.delay[u]),
            _ => (None, 0.0),
        };
        let mut units = vec![start];
        for &i in &channels {
            let v = self.links[i].1;
            let adds = if self.sequential[v] {
                0.0
            } else {
                self.delay[v]
            };
            units.push((Some(v), adds));
        }
        Some(Route {
            units,
            channels: channels.into_iter().map(|i| (i, delay[i])).collect(),
        })
    }

    /// At each unit's output, the arrival time and the longest rest of a path (ns); `None`
    /// when the unbroken channels close a cycle.
    fn arrivals_and_rests(
        &self,
        cut: &ChannelVec<bool>,
        delay: &ChannelVec<f64>,
    ) -> Option<(Vec<f64>, Vec<f64>)> {
        let arcs = self.arcs(cut, delay);
        let (arrival, order) = arrivals_in_order(&self.delay, &self.sequential, &arcs)?;
        Some((arrival, self.rests(cut, delay, &order)))
    }

    /// After each unit's output, the longest rest of a path (ns), given the topological
    /// `order` of the combinational units (sequential units start paths and no arc enters
    /// them: last).
    fn rests(&self, cut: &ChannelVec<bool>, delay: &ChannelVec<f64>, order: &[usize]) -> Vec<f64> {
        let n = self.delay.len();
        let mut rest = vec![0.0f64; n];
        let combinational = order.iter().rev().filter(|&&u| !self.sequential[u]);
        let sequential = (0..n).filter(|&u| self.sequential[u]);
        for u in combinational.copied().chain(sequential) {
            rest[u] = self.outgoing[u]
                .iter()
                .filter(|&&i| !cut[i])
                .map(|&i| delay[i] + self.after(self.links[i].1, &rest))
                .fold(0.0, f64::max);
        }
        rest
    }

    /// The data/valid paths that miss `limit` (ns), each as its channels from its start
    /// (an argument, a break or a sequential unit) to the first unit or sequential input
    /// where it arrives later than `limit` (so every later path contains one of them); or,
    /// when the unbroken channels close a cycle, the channels of one such cycle.
    pub fn late_paths(
        &self,
        cut: &ChannelVec<bool>,
        delay: &ChannelVec<f64>,
        limit: f64,
    ) -> LatePaths {
        let n = self.delay.len();
        let into = &self.incoming;
        // A channel continues a path when its producer is an unbroken combinational unit.
        let chained = |i: ChannelId| match self.links[i].0 {
            Some(u) if !cut[i] && !self.sequential[u] => Some(u),
            _ => None,
        };
        let Some(order) = self.chained_order(&chained) else {
            return LatePaths::Cycle(self.uncut_cycle(&chained));
        };
        let mut arrival = vec![0.0f64; n];
        // The channel of the latest input of each combinational unit.
        let mut latest: Vec<Option<ChannelId>> = vec![None; n];
        let departure = |i: ChannelId, arrival: &[f64]| match self.links[i].0 {
            Some(u) if !cut[i] => {
                if self.sequential[u] {
                    self.delay[u]
                } else {
                    arrival[u]
                }
            }
            _ => 0.0,
        };
        for &v in &order {
            let mut best = 0.0;
            for &i in &into[v] {
                let t = departure(i, &arrival) + delay[i];
                if latest[v].is_none() || t > best {
                    (best, latest[v]) = (t, Some(i));
                }
            }
            arrival[v] = best + self.delay[v];
        }
        let on_time =
            |i: ChannelId, arrival: &[f64]| chained(i).is_none_or(|u| arrival[u] <= limit);
        let path_to = |mut i: ChannelId| {
            let mut path = vec![i];
            while let Some(u) = chained(i) {
                let Some(j) = latest[u] else { break };
                path.push(j);
                i = j;
            }
            path.reverse();
            path
        };
        let mut late = Vec::new();
        for v in order {
            if let Some(i) = latest[v].filter(|&i| arrival[v] > limit && on_time(i, &arrival)) {
                late.push(path_to(i));
            }
        }
        for (i, &(_, to)) in self.links.iter_enumerated() {
            let arrives = departure(i, &arrival) + delay[i];
            if self.sequential[to] && arrives > limit && on_time(i, &arrival) {
                late.push(path_to(i));
            }
        }
        LatePaths::Late(late)
    }

    /// A topological order of the combinational units along the `chained` channels; `None`
    /// on a cycle.
    fn chained_order(&self, chained: &impl Fn(ChannelId) -> Option<usize>) -> Option<Vec<usize>> {
        let (n, into) = (self.delay.len(), &self.incoming);
        let mut pending: Vec<usize> = (0..n)
            .map(|v| into[v].iter().filter(|&&i| chained(i).is_some()).count())
            .collect();
        let mut ready: Vec<usize> = (0..n)
            .filter(|&v| !self.sequential[v] && pending[v] == 0)
            .collect();
        let mut order = Vec::new();
        while let Some(u) = ready.pop() {
            order.push(u);
            for &i in self.outgoing[u].iter().filter(|&&i| chained(i).is_some()) {
                let v = self.links[i].1;
                pending[v] -= 1;
                if pending[v] == 0 && !self.sequential[v] {
                    ready.push(v);
                }
            }
        }
        let combinational = (0..n).filter(|&v| !self.sequential[v]).count();
        (order.len() == combinational).then_some(order)
    }

    /// The channels of a cycle of `chained` channels (there is one).
    fn uncut_cycle(&self, chained: &impl Fn(ChannelId) -> Option<usize>) -> Vec<ChannelId> {
        let into = &self.incoming;
        // Units on or behind a cycle keep a chained input from a unit that is too; walking
        // back along such inputs repeats a unit.
        let n = self.delay.len();
        let mut alive: Vec<bool> = (0..n).map(|v| !self.sequential[v]).collect();
        loop {
            let dead: Vec<usize> = (0..n)
                .filter(|&v| {
                    alive[v]
                        && !into[v]
                            .iter()
                            .any(|&i| chained(i).is_some_and(|u| alive[u]))
                })
                .collect();
            if dead.is_empty() {
                break;
            }
            for v in dead {
                alive[v] = false;
            }
        }
        let Some(mut v) = (0..n).find(|&v| alive[v]) else {
            return Vec::new();
        };
        let mut seen: Vec<Option<usize>> = vec![None; n];
        let mut walk = Vec::new();
        while seen[v].is_none() {
            seen[v] = Some(walk.len());
            let back = into[v]
                .iter()
                .find_map(|&i| chained(i).filter(|&u| alive[u]).map(|u| (i, u)));
            let Some((i, u)) = back else {
                return Vec::new();
            };
            walk.push(i);
            v = u;
        }
        walk.split_off(seen[v].unwrap_or(0))
    }

    /// The longest path from the input of unit `v` on, given `rest` after each output.
    fn after(&self, v: usize, rest: &[f64]) -> f64 {
        if self.sequential[v] {
            0.0
        } else {
            self.delay[v] + rest[v]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::buffer::circuit::{BufferDelays, Channel, Hold, ReadyBreaks, Unit};
    use crate::handshake::ValueId;

    /// The channels at `positions`.
    fn ids(positions: &[usize]) -> Vec<ChannelId> {
        positions.iter().map(|&i| ChannelId::new(i)).collect()
    }

    /// `values` per channel, in channel order.
    fn per_channel<T: Clone>(values: &[T]) -> ChannelVec<T> {
        values.iter().cloned().collect()
    }

    /// Units 0 (1 ns), 1 (2 ns), 2 (sequential, 0.5 ns), 3 (1.5 ns); channels: an argument
    /// into 0, 0 -> 1, 1 -> 2, 2 -> 3, 0 -> 3.
    fn circuit() -> Circuit {
        let unit = |delay: f64, sequential: bool| Unit {
            latency: u32::from(sequential),
            sequential,
            delay,
            ready_delay: 0.0,
            breaks_ready: false,
            holds: if sequential {
                Hold::Register
            } else {
                Hold::Upstream
            },
        };
        let channel = |value: u32, from: Option<u32>, to: u32| Channel {
            value: ValueId(value),
            from: from.map(OpId),
            to: OpId(to),
            bufferizable: true,
            on_cycle: false,
            after_merge_like: false,
            min_slots: 0,
            must_break_dv: false,
            ready_slot: false,
        };
        Circuit {
            units: [(1.0, false), (2.0, false), (0.5, true), (1.5, false)]
                .iter()
                .enumerate()
                .map(|(i, &(d, s))| (OpId(i as u32), unit(d, s)))
                .collect(),
            channels: per_channel(&[
                channel(0, None, 0),
                channel(1, Some(0), 1),
                channel(2, Some(1), 2),
                channel(3, Some(2), 3),
                channel(4, Some(0), 3),
            ]),
            cfdfcs: Vec::new(),
            clock_period: 4.0,
            buffer_delays: BufferDelays::default(),
            ready_breaks: ReadyBreaks::ByRule,
        }
    }

    /// [`circuit`] with a channel 3 -> 0 (channel 5), closing the cycle 0 -> 3 -> 0.
    fn with_cycle() -> Circuit {
        let mut c = circuit();
        c.channels.push(Channel {
            value: ValueId(5),
            from: Some(OpId(3)),
            ..c.channels[ChannelId::new(0)].clone()
        });
        c
    }

    #[test]
    fn buffer_delays_lengthen_the_paths_through_their_channels() {
        let paths = PathTiming::new(&circuit());
        let cut = per_channel(&[false, false, false, false, true]);
        let delay = per_channel(&[0.0, 0.1, 0.2, 0.1, 0.1]);
        // 0 -> 1 -> into the sequential unit 2: 1 + 0.1 + 2 + 0.2.
        let critical = paths.critical_path(&cut, &delay).unwrap();
        assert!((critical - 3.3).abs() < 1e-9, "{critical}");
        let through = paths.through(&cut, &delay).unwrap();
        // Unit 3: after unit 2 (0.5 + 0.1 + 1.5), or after the cut (0.1 + 1.5).
        let expected = [3.3, 3.3, 3.3, 2.1, 1.6];
        for (i, (t, e)) in through.iter().zip(expected).enumerate() {
            assert!((t - e).abs() < 1e-9, "channel {i}: {t}, expected {e}");
        }
    }

    #[test]
    fn ready_paths_end_at_arguments_after_the_buffers_ready_delay() {
        // Every unit's ready delay is the least one, 0.5 ns; ready flows 3 -> 2 -> 1 -> 0
        // and 3 -> 0, then out of 0 through the argument's channel (0), whose buffers
        // delay ready by 0.2 ns.
        let paths = PathTiming::ready(&circuit(), 0.5);
        let delay = per_channel(&[0.2, 0.0, 0.0, 0.0, 0.0]);
        let uncut = per_channel(&[false; 5]);
        let critical = paths.critical_path(&uncut, &delay).unwrap();
        assert!((critical - 2.2).abs() < 1e-9, "{critical}");
        // Late at 2.1 ns only on the way into the argument: the path 3 -> 2 -> 1 -> 0 -> out.
        let late = paths.late_paths(&uncut, &delay, 2.1);
        assert_eq!(late, LatePaths::Late(vec![ids(&[3, 2, 1, 0])]));
        // A ready break on the argument's channel restarts the path there.
        let cut = per_channel(&[true, false, false, false, false]);
        assert_eq!(
            paths.late_paths(&cut, &delay, 2.1),
            LatePaths::Late(Vec::new())
        );
    }

    #[test]
    fn the_path_through_a_channel_is_the_one_through_measures() {
        let paths = PathTiming::new(&circuit());
        let delay = per_channel(&[0.0, 0.1, 0.2, 0.1, 0.1]);
        let cut = per_channel(&[false, false, false, false, true]);
        // From the argument through units 0 and 1 into the sequential unit 2.
        let through =
            |cut: &ChannelVec<bool>, i: usize| paths.path_through(cut, &delay, ChannelId::new(i));
        assert_eq!(through(&cut, 1), Some(ids(&[0, 1, 2])));
        // Starts at the sequential unit's output, ends at unit 3.
        assert_eq!(through(&cut, 3), Some(ids(&[3])));
        // Starts at its own break.
        assert_eq!(through(&cut, 4), Some(ids(&[4])));
        assert_eq!(through(&per_channel(&[false; 5]), 4), Some(ids(&[0, 4])));
        let (uncut, undelayed) = (per_channel(&[false; 6]), per_channel(&[0.0; 6]));
        assert!(PathTiming::new(&with_cycle())
            .path_through(&uncut, &undelayed, ChannelId::new(0))
            .is_none());
    }

    #[test]
    fn late_paths_end_where_they_first_miss_the_limit() {
        let paths = PathTiming::new(&circuit());
        let delay = per_channel(&[0.0; 5]);
        // 0 -> 1 reaches 3 ns at unit 1's output: late at 2.5 ns, from the argument on.
        let cut = per_channel(&[false; 5]);
        assert_eq!(
            paths.late_paths(&cut, &delay, 2.5),
            LatePaths::Late(vec![ids(&[0, 1])])
        );
        // Cut before unit 1: unit 1 alone (2 ns) meets 2.5 ns, nothing is late.
        let cut = per_channel(&[false, true, false, false, false]);
        assert_eq!(paths.late_paths(&cut, &delay, 2.5), LatePaths::Late(vec![]));
        // At 1.8 ns, unit 1 after its cut misses it (the path starts on the cut channel),
        // and so does unit 3 after unit 0 (2.5 ns).
        let LatePaths::Late(mut late) = paths.late_paths(&cut, &delay, 1.8) else {
            panic!("no cycle");
        };
        late.sort();
        assert_eq!(late, vec![ids(&[0, 4]), ids(&[1])]);
    }

    #[test]
    fn late_paths_name_an_uncut_cycle() {
        let paths = PathTiming::new(&with_cycle());
        let (uncut, delay) = (per_channel(&[false; 6]), per_channel(&[0.0; 6]));
        let LatePaths::Cycle(mut cycle) = paths.late_paths(&uncut, &delay, 4.0) else {
            panic!("the cycle 0 -> 3 -> 0 is uncut");
        };
        cycle.sort_unstable();
        assert_eq!(cycle, ids(&[4, 5]));
    }

    #[test]
    fn an_unbroken_cycle_has_no_timing() {
        let paths = PathTiming::new(&with_cycle());
        let (mut cut, delay) = (per_channel(&[false; 6]), per_channel(&[0.0; 6]));
        assert!(paths.critical_path(&cut, &delay).is_none());
        cut[ChannelId::new(5)] = true;
        assert!(paths.critical_path(&cut, &delay).is_some());
    }
}
