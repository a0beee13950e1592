//! Circuit inputs and outputs: kernel entries (one token each) and test stimuli (script sources
//! with an offer pattern, script sinks with a ready pattern). Kernel exits use the sink model;
//! the engine records their tokens.

use super::{Comb, Edge, UnitModel};

/// Offers one token from cycle 0 until it is taken.
#[derive(Clone)]
pub struct Entry {
    pub outs: usize,
    pub value: u64,
    pub sent: bool,
}

impl UnitModel for Entry {
    fn eval(&self, c: &mut Comb<'_>) {
        c.out(self.outs, !self.sent, self.value);
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        if !self.sent && e.fires(self.outs) {
            self.sent = true;
            return true;
        }
        false
    }

    fn has_state(&self) -> bool {
        true
    }
}

/// `pattern[cycle]`, true past the end.
#[inline]
fn at(pattern: &[bool], cycle: u64) -> bool {
    usize::try_from(cycle)
        .ok()
        .and_then(|c| pattern.get(c))
        .copied()
        .unwrap_or(true)
}

/// Offers `tokens` in order following the `offer` pattern (see `UnitKind::ScriptSource`).
#[derive(Clone)]
pub struct ScriptSource {
    outs: usize,
    tokens: Vec<u64>,
    offer: Vec<bool>,
    /// Tokens transferred so far.
    sent: usize,
    /// Whether token `sent` is offered in the current cycle.
    valid: bool,
}

impl ScriptSource {
    pub fn new(outs: usize, tokens: &[u64], offer: &[bool]) -> Self {
        let valid = !tokens.is_empty() && at(offer, 0);
        Self {
            outs,
            tokens: tokens.to_vec(),
            offer: offer.to_vec(),
            sent: 0,
            valid,
        }
    }
}

impl UnitModel for ScriptSource {
    fn eval(&self, c: &mut Comb<'_>) {
        let data = self.tokens.get(self.sent).copied().unwrap_or(0);
        c.out(self.outs, self.valid, data);
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        let fire = e.fires(self.outs);
        if self.valid && !fire {
            return false;
        }
        self.sent += usize::from(fire);
        let old = self.valid;
        let more = self.sent < self.tokens.len();
        self.valid = more && at(&self.offer, e.cycle + 1);
        // While a token waits for its offer cycle, the pattern may still change the output.
        let pending = more && !self.valid && e.cycle + 1 < self.offer.len() as u64;
        fire || old != self.valid || pending
    }

    fn has_state(&self) -> bool {
        true
    }
}

/// Ready in cycle c is `ready[c]` (true past the end).
#[derive(Clone)]
pub struct ScriptSink {
    pub ins: usize,
    pub ready: Vec<bool>,
}

impl UnitModel for ScriptSink {
    fn eval(&self, c: &mut Comb<'_>) {
        c.set_ready(self.ins, at(&self.ready, c.cycle));
    }

    fn clock(&mut self, e: &mut Edge<'_>) -> bool {
        // The pattern changes the output by itself until its end.
        e.cycle < self.ready.len() as u64
    }

    fn has_state(&self) -> bool {
        true
    }
}
