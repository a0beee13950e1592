//! Per-cycle, per-channel record of a run, compact enough for the web app's animation: the
//! handshake state of every channel packed in 2 bits, and the data of tokens as they appear: a
//! `(channel, value)` list per cycle, in channel order, holding each channel that is valid in
//! the cycle and was not holding the same token in the previous cycle (it was not valid, or it
//! transferred, or its data changed). A stalled token is therefore stored once, in the cycle it
//! appeared; [`Trace::data`] looks back for it. [`Frame`] is one cycle of either trace
//! (this one or the [`super::CompactTrace`]) with the data replayed, as the VCD export and the
//! web app's replay read it.

use super::units::Signals;

/// The handshake state of a channel in one cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelState {
    /// Neither valid nor ready.
    Idle = 0,
    /// Ready only: the consumer would accept a token.
    Accept = 1,
    /// Valid only: a token waits.
    Stall = 2,
    /// Valid and ready: the token moves.
    Transfer = 3,
}

impl ChannelState {
    /// The state of the 2 low bits (bit 0 ready, bit 1 valid).
    pub fn from_bits(bits: u8) -> Self {
        match bits & 3 {
            0 => ChannelState::Idle,
            1 => ChannelState::Accept,
            2 => ChannelState::Stall,
            _ => ChannelState::Transfer,
        }
    }

    /// The state's 2 bits (bit 0 ready, bit 1 valid).
    pub(super) fn bits(self) -> u8 {
        self as u8
    }

    /// Whether the channel is valid.
    pub fn valid(self) -> bool {
        matches!(self, ChannelState::Stall | ChannelState::Transfer)
    }

    /// Whether the channel is ready.
    pub fn ready(self) -> bool {
        matches!(self, ChannelState::Accept | ChannelState::Transfer)
    }
}

/// The recorded run.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    channels: usize,
    cycles: u64,
    /// `ceil(channels / 4)` bytes per cycle; channel c in bits `2 (c mod 4)` of byte `c / 4`
    /// (bit 0 = ready, bit 1 = valid).
    states: Vec<u8>,
    /// Start of each cycle's new tokens in `tokens` (one more entry than cycles).
    starts: Vec<u32>,
    tokens: Vec<(u32, u64)>,
}

impl Trace {
    /// Number of recorded cycles.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Number of channels.
    pub fn channels(&self) -> usize {
        self.channels
    }

    /// The state of channel `c` in `cycle` (`Idle` outside the run).
    pub fn state(&self, cycle: u64, c: usize) -> ChannelState {
        if cycle >= self.cycles || c >= self.channels {
            return ChannelState::Idle;
        }
        let row = self.channels.div_ceil(4) * cycle as usize;
        ChannelState::from_bits(self.states[row + c / 4] >> (2 * (c % 4)))
    }

    /// The tokens that appeared in `cycle` (see the module documentation), in channel order.
    /// Replaying these from cycle 0 gives the data of every valid channel.
    pub fn new_tokens(&self, cycle: u64) -> &[(u32, u64)] {
        if cycle >= self.cycles {
            return &[];
        }
        let c = cycle as usize;
        &self.tokens[self.starts[c] as usize..self.starts[c + 1] as usize]
    }

    /// The data of channel `c` in `cycle` if it is valid (looks back to the cycle in which
    /// the token appeared).
    pub fn data(&self, cycle: u64, c: usize) -> Option<u64> {
        if !self.state(cycle, c).valid() {
            return None;
        }
        (0..=cycle).rev().find_map(|k| {
            let t = self.new_tokens(k);
            t.binary_search_by_key(&(c as u32), |e| e.0)
                .ok()
                .map(|i| t[i].1)
        })
    }

    /// Every cycle's [`Frame`], in order (the data replayed from the new tokens).
    pub fn frames(&self) -> impl Iterator<Item = Frame> + '_ {
        let mut frame = Frame::reset(self.channels);
        (0..self.cycles).map(move |cycle| {
            for &(c, d) in self.new_tokens(cycle) {
                frame.data[c as usize] = d;
            }
            for (c, s) in frame.states.iter_mut().enumerate() {
                *s = self.state(cycle, c);
            }
            frame.clone()
        })
    }

    /// The transfers of `cycle`: `(channel, data)` in channel order.
    pub fn transfers(&self, cycle: u64) -> impl Iterator<Item = (usize, u64)> + '_ {
        (0..self.channels)
            .filter(move |&c| self.state(cycle, c) == ChannelState::Transfer)
            .filter_map(move |c| self.data(cycle, c).map(|d| (c, d)))
    }
}

/// The handshake state of every channel in one cycle, with the data of its latest token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Per channel, its handshake state.
    pub states: Vec<ChannelState>,
    /// Per channel, the data of the latest token it carried (0 before the first); meaningful
    /// while the channel is valid.
    pub data: Vec<u64>,
}

impl Frame {
    /// The frame before cycle 0: every channel idle, no data.
    pub fn reset(channels: usize) -> Self {
        Frame {
            states: vec![ChannelState::Idle; channels],
            data: vec![0; channels],
        }
    }

    /// The state of channel `c` (`Idle` for a channel out of range).
    pub fn state(&self, c: usize) -> ChannelState {
        self.states.get(c).copied().unwrap_or(ChannelState::Idle)
    }

    /// The data of channel `c` if it is valid.
    pub fn data(&self, c: usize) -> Option<u64> {
        self.state(c).valid().then(|| self.data[c])
    }
}

/// Accumulates a [`Trace`] cycle by cycle.
#[derive(Clone, Debug)]
pub struct TraceBuilder {
    trace: Trace,
    /// Per channel: whether it holds a token that is not taken (so the token carries over to
    /// the next cycle), and that token's data.
    held: Vec<(bool, u64)>,
}

impl TraceBuilder {
    /// An empty trace of `channels` channels.
    pub fn new(channels: usize) -> Self {
        Self {
            trace: Trace {
                channels,
                cycles: 0,
                states: Vec::new(),
                starts: vec![0],
                tokens: Vec::new(),
            },
            held: vec![(false, 0); channels],
        }
    }

    /// Records the settled signals of the next cycle.
    pub fn record(&mut self, sig: &Signals) {
        let t = &mut self.trace;
        let n = t.channels;
        t.states.reserve(n.div_ceil(4));
        for base in (0..n).step_by(4) {
            let mut byte = 0u8;
            for c in base..(base + 4).min(n) {
                let (v, r, d) = (sig.valid[c], sig.ready[c], sig.data[c]);
                byte |= (u8::from(v) << 1 | u8::from(r)) << (2 * (c - base));
                let held = &mut self.held[c];
                if v && *held != (true, d) {
                    t.tokens.push((c as u32, d));
                }
                *held = (v && !r, d);
            }
            t.states.push(byte);
        }
        t.starts.push(t.tokens.len() as u32);
        t.cycles += 1;
    }

    /// The trace of the first `cycles` recorded cycles.
    pub fn finish(mut self, cycles: u64) -> Trace {
        debug_assert!(cycles <= self.trace.cycles);
        self.trace.cycles = self.trace.cycles.min(cycles);
        self.trace
    }
}
