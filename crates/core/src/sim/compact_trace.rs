//! A run's record for long runs: per cycle only what changed, plus a full checkpoint every
//! `interval` cycles, within a byte budget. Any cycle's [`Frame`] is rebuilt from the
//! checkpoint at or before it by replaying at most `interval` cycles of changes, so scrubbing
//! is cheap and the memory grows with the circuit's activity, not with cycles × channels.
//!
//! Encoding (all numbers LEB128 varints): per cycle, the number of records, then one record
//! per channel that changed in the cycle, in channel order: `gap << 3 | token << 2 | state`
//! (`gap` = channel − previous record's channel − 1, the first counting from −1; `state` =
//! the channel's new 2-bit handshake state; `token` = a data word follows). A channel's data
//! is recorded when it is valid and differs from its last recorded data, so a frame's data of
//! a valid channel is always the channel's current data. Checkpoint k holds the frame before
//! cycle k·interval (the reset frame for k = 0): the states packed 4 to a byte, then each
//! channel's data.
//!
//! Invariants: `frame(c)` equals the simulator's signals of cycle c for every recorded cycle
//! (the integration test `sim_trace_compact` checks it against [`super::Trace`] on corpus
//! kernels); once the budget is reached, recording stops for good (`cycles` stays put).

use super::trace::{ChannelState, Frame};
use super::units::Signals;

/// The compact record of a run (see the module documentation).
#[derive(Clone, Debug)]
pub struct CompactTrace {
    channels: usize,
    interval: u64,
    budget: usize,
    cycles: u64,
    full: bool,
    /// The per-cycle records.
    changes: Vec<u8>,
    /// Per checkpoint: its offset in `changes` and in `snapshots`.
    checkpoints: Vec<(usize, usize)>,
    snapshots: Vec<u8>,
    /// The frame of the last recorded cycle.
    last: Frame,
    /// The records of the cycle being recorded (kept to reuse its allocation).
    scratch: Vec<u8>,
}

impl CompactTrace {
    /// An empty record of `channels` channels with a checkpoint every `interval` cycles (at
    /// least 1) that stops recording once it holds `budget` bytes.
    pub fn new(channels: usize, interval: u64, budget: usize) -> Self {
        CompactTrace {
            channels,
            interval: interval.max(1),
            budget,
            cycles: 0,
            full: false,
            changes: Vec::new(),
            checkpoints: Vec::new(),
            snapshots: Vec::new(),
            last: Frame::reset(channels),
            scratch: Vec::new(),
        }
    }

    /// Number of recorded cycles.
    pub fn cycles(&self) -> u64 {
        self.cycles
    }

    /// Number of channels.
    pub fn channels(&self) -> usize {
        self.channels
    }

    /// Bytes the record holds (changes and checkpoints).
    pub fn bytes(&self) -> usize {
        self.changes.len() + self.snapshots.len() + 16 * self.checkpoints.len()
    }

    /// True once the budget stopped the recording.
    pub fn is_full(&self) -> bool {
        self.full
    }

    /// Whether the next [`CompactTrace::record`] will record its cycle.
    pub fn has_room(&self) -> bool {
        !self.full && self.bytes() < self.budget
    }

    /// Records the settled signals of the next cycle; returns false (and records nothing)
    /// once the budget is reached.
    pub fn record(&mut self, sig: &Signals) -> bool {
        if !self.has_room() {
            self.full = true;
            return false;
        }
        if self.cycles.is_multiple_of(self.interval) {
            self.checkpoint();
        }
        let mut records = std::mem::take(&mut self.scratch);
        records.clear();
        let (mut count, mut next) = (0u64, 0usize);
        for c in 0..self.channels {
            let (v, r, d) = (sig.valid[c], sig.ready[c], sig.data[c]);
            let state = u8::from(v) << 1 | u8::from(r);
            let token = v && d != self.last.data[c];
            if state == self.last.states[c].bits() && !token {
                continue;
            }
            let head = ((c - next) as u64) << 3 | u64::from(token) << 2;
            push_varint(&mut records, head | u64::from(state));
            if token {
                push_varint(&mut records, d);
                self.last.data[c] = d;
            }
            self.last.states[c] = ChannelState::from_bits(state);
            (count, next) = (count + 1, c + 1);
        }
        push_varint(&mut self.changes, count);
        self.changes.extend_from_slice(&records);
        self.scratch = records;
        self.cycles += 1;
        true
    }

    /// The frame of `cycle`, if it was recorded.
    pub fn frame(&self, cycle: u64) -> Option<Frame> {
        self.frames(cycle).next()
    }

    /// The frames of the recorded cycles from `from` on, in order.
    pub fn frames(&self, from: u64) -> Frames<'_> {
        let k = (from / self.interval) as usize;
        let mut frames = Frames {
            trace: self,
            frame: Frame::reset(self.channels),
            cycle: from.min(self.cycles),
            at: self.changes.len(),
        };
        if let Some(&(at, snapshot)) = self.checkpoints.get(k).filter(|_| from < self.cycles) {
            frames.frame = self.snapshot(snapshot);
            frames.at = at;
            frames.cycle = k as u64 * self.interval;
            while frames.cycle < from {
                frames.apply();
            }
        }
        frames
    }

    fn checkpoint(&mut self) {
        self.checkpoints
            .push((self.changes.len(), self.snapshots.len()));
        for chunk in self.last.states.chunks(4) {
            let byte = chunk
                .iter()
                .enumerate()
                .fold(0u8, |b, (i, s)| b | s.bits() << (2 * i));
            self.snapshots.push(byte);
        }
        for &d in &self.last.data {
            push_varint(&mut self.snapshots, d);
        }
    }

    fn snapshot(&self, at: usize) -> Frame {
        let n = self.channels;
        let packed = &self.snapshots[at..at + n.div_ceil(4)];
        let mut frame = Frame::reset(n);
        for (c, s) in frame.states.iter_mut().enumerate() {
            *s = ChannelState::from_bits(packed[c / 4] >> (2 * (c % 4)));
        }
        let mut pos = at + packed.len();
        for d in &mut frame.data {
            *d = read_varint(&self.snapshots, &mut pos);
        }
        frame
    }
}

/// The frames of a [`CompactTrace`] from a cycle on ([`CompactTrace::frames`]).
pub struct Frames<'t> {
    trace: &'t CompactTrace,
    /// The frame before `cycle`.
    frame: Frame,
    cycle: u64,
    /// Offset of `cycle`'s records.
    at: usize,
}

impl Frames<'_> {
    /// Applies the records of `cycle` to the frame.
    fn apply(&mut self) {
        let bytes = &self.trace.changes;
        let count = read_varint(bytes, &mut self.at);
        let mut c = 0usize;
        for _ in 0..count {
            let head = read_varint(bytes, &mut self.at);
            c += (head >> 3) as usize;
            self.frame.states[c] = ChannelState::from_bits(head as u8);
            if head & 4 != 0 {
                self.frame.data[c] = read_varint(bytes, &mut self.at);
            }
            c += 1;
        }
        self.cycle += 1;
    }
}

impl Iterator for Frames<'_> {
    type Item = Frame;

    fn next(&mut self) -> Option<Frame> {
        if self.cycle >= self.trace.cycles {
            return None;
        }
        self.apply();
        Some(self.frame.clone())
    }
}

fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Reads the varint at `pos` and moves past it (the encoder wrote it: always complete).
fn read_varint(bytes: &[u8], pos: &mut usize) -> u64 {
    let mut v = 0u64;
    let mut shift = 0;
    while let Some(&b) = bytes.get(*pos) {
        *pos += 1;
        v |= u64::from(b & 0x7f) << shift;
        shift += 7;
        if b & 0x80 == 0 {
            break;
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signals(rows: &[&[(bool, bool, u64)]]) -> Vec<Signals> {
        rows.iter()
            .map(|row| Signals {
                valid: row.iter().map(|s| s.0).collect(),
                ready: row.iter().map(|s| s.1).collect(),
                data: row.iter().map(|s| s.2).collect(),
            })
            .collect()
    }

    #[test]
    fn varints_round_trip() {
        let mut out = Vec::new();
        let values = [0, 1, 127, 128, 300, u64::MAX, 1 << 35];
        for v in values {
            push_varint(&mut out, v);
        }
        let mut pos = 0;
        for v in values {
            assert_eq!(read_varint(&out, &mut pos), v);
        }
        assert_eq!(pos, out.len());
    }

    #[test]
    fn every_cycle_is_rebuilt_from_any_checkpoint_interval() {
        let rows = signals(&[
            &[(false, true, 9), (true, false, 5), (false, false, 0)],
            &[(true, true, 7), (true, false, 5), (false, false, 1)],
            &[(true, true, 7), (true, true, 5), (true, true, 0)],
            &[(false, false, 7), (true, true, 6), (true, false, 300)],
            &[(true, false, 1 << 40), (false, true, 6), (true, true, 300)],
        ]);
        for interval in 1..=6 {
            let mut t = CompactTrace::new(3, interval, usize::MAX);
            for s in &rows {
                assert!(t.record(s));
            }
            assert_eq!(t.cycles(), 5);
            for (cycle, s) in rows.iter().enumerate() {
                let f = t.frame(cycle as u64).unwrap();
                for c in 0..3 {
                    assert_eq!(f.state(c).valid(), s.valid[c], "{interval} {cycle} {c}");
                    assert_eq!(f.state(c).ready(), s.ready[c], "{interval} {cycle} {c}");
                    assert_eq!(f.data(c), s.valid[c].then_some(s.data[c]));
                }
                let rest: Vec<Frame> = t.frames(cycle as u64).collect();
                assert_eq!(rest.len(), 5 - cycle);
                assert_eq!(rest[0], f);
            }
            assert_eq!(t.frame(5), None);
            assert_eq!(t.frames(9).count(), 0);
        }
    }

    #[test]
    fn the_budget_stops_the_recording() {
        let rows = signals(&[&[(true, true, 1000)], &[(true, true, 2000)]]);
        let mut t = CompactTrace::new(1, 4, 1);
        assert!(t.record(&rows[0]));
        assert!(!t.record(&rows[1]));
        assert!(!t.record(&rows[0]));
        assert!(t.is_full());
        assert_eq!(t.cycles(), 1);
        assert_eq!(t.frame(0).unwrap().data(0), Some(1000));
    }
}
