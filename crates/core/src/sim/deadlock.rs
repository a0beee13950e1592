//! Reports of runs that cannot go on: a deadlock (tokens held, nothing moves) with the channels
//! holding tokens and the wait-for relation between units, and a combinational loop with the
//! channels whose signals keep changing.
//!
//! Wait-for edges, computed from the settled signals of the reported cycle: for every channel
//! holding a token (valid without ready), its producer waits for its consumer to accept it
//! (`NeedsReady`); and every unit that has such a token on one of its inputs waits for each of
//! its inputs without a token (`NeedsToken`, on that input's producer). Following the edges
//! from any stalled unit leads to the units that block the circuit.

use super::netlist::{ChannelId, Netlist, UnitId};
use super::units::Signals;
use std::fmt::Write;

/// A deadlock: the state of the circuit when the run stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct DeadlockReport {
    /// The cycle in which the deadlock was detected.
    pub cycle: u64,
    /// The last cycle in which any transfer happened.
    pub last_transfer: Option<u64>,
    /// Channels holding a token (valid without ready), in channel order, with the token.
    pub stalled: Vec<(ChannelId, u64)>,
    /// The wait-for relation.
    pub waits: Vec<Wait>,
}

/// One wait-for edge: `waiter` waits on `channel` for unit `on`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wait {
    /// The waiting unit.
    pub waiter: UnitId,
    /// The channel it waits on.
    pub channel: ChannelId,
    /// The unit at the other end of `channel`.
    pub on: UnitId,
    /// What it waits for.
    pub reason: WaitReason,
}

/// Why a unit waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitReason {
    /// A producer waits for its consumer to take the token on the channel.
    NeedsReady,
    /// A consumer holding other tokens waits for a token on the channel.
    NeedsToken,
}

/// A combinational loop: signals that did not settle in the cycle.
#[derive(Clone, Debug, PartialEq)]
pub struct CombLoopReport {
    /// The cycle in which the signals did not settle.
    pub cycle: u64,
    /// The channels whose valid, data or ready kept changing, in channel order.
    pub channels: Vec<ChannelId>,
}

/// Builds the deadlock report from the settled signals of `cycle`.
pub fn report(
    netlist: &Netlist,
    sig: &Signals,
    cycle: u64,
    last_transfer: Option<u64>,
) -> DeadlockReport {
    let stalled: Vec<(ChannelId, u64)> = (0..netlist.channels.len())
        .filter(|&c| sig.valid[c] && !sig.ready[c])
        .map(|c| (c, sig.data[c]))
        .collect();
    let mut waits = Vec::new();
    let mut waiting = vec![false; netlist.units.len()];
    for &(c, _) in &stalled {
        let ch = &netlist.channels[c];
        waits.push(Wait {
            waiter: ch.producer.0,
            channel: c,
            on: ch.consumer.0,
            reason: WaitReason::NeedsReady,
        });
        waiting[ch.consumer.0] = true;
    }
    for (c, ch) in netlist.channels.iter().enumerate() {
        if waiting[ch.consumer.0] && !sig.valid[c] {
            waits.push(Wait {
                waiter: ch.consumer.0,
                channel: c,
                on: ch.producer.0,
                reason: WaitReason::NeedsToken,
            });
        }
    }
    waits.sort_by_key(|w| (w.waiter, w.channel));
    DeadlockReport {
        cycle,
        last_transfer,
        stalled,
        waits,
    }
}

impl DeadlockReport {
    /// A human-readable description naming units and channels.
    pub fn render(&self, netlist: &Netlist) -> String {
        let unit = |u: UnitId| &netlist.units[u].name;
        let chan = |c: ChannelId| &netlist.channels[c].name;
        let mut s = format!("deadlock detected in cycle {}", self.cycle);
        match self.last_transfer {
            Some(t) => writeln!(s, " (last transfer in cycle {t})").ok(),
            None => writeln!(s, " (no transfer ever happened)").ok(),
        };
        writeln!(s, "channels holding tokens:").ok();
        for &(c, value) in &self.stalled {
            let ch = &netlist.channels[c];
            writeln!(
                s,
                "  {} ({} -> {}) = 0x{value:x}",
                chan(c),
                unit(ch.producer.0),
                unit(ch.consumer.0)
            )
            .ok();
        }
        writeln!(s, "waits:").ok();
        for w in &self.waits {
            let what = match w.reason {
                WaitReason::NeedsReady => "to accept the token on",
                WaitReason::NeedsToken => "for a token on",
            };
            writeln!(
                s,
                "  {} waits for {} {what} {}",
                unit(w.waiter),
                unit(w.on),
                chan(w.channel)
            )
            .ok();
        }
        s
    }
}

impl CombLoopReport {
    /// A human-readable description naming the channels.
    pub fn render(&self, netlist: &Netlist) -> String {
        let names: Vec<&str> = self
            .channels
            .iter()
            .map(|&c| netlist.channels[c].name.as_str())
            .collect();
        format!(
            "combinational loop in cycle {}: signals of {} keep changing",
            self.cycle,
            names.join(", ")
        )
    }
}
