//! The timing model of dataflow units: latencies in cycles and combinational delays in ns of
//! the data, valid and ready paths, by bitwidth, plus the target clock period.
//!
//! The model is loaded from JSON (the built-in one is `configs/timing.json`, embedded; its
//! sources are documented in `docs/timing-model.md`). Unit kinds are operation names without
//! dialect prefix (`addi`, `mulf`, `load`, `fork`, `cond_br`, …); buffer types are the six
//! names of the buffering specification (`ONE_SLOT_BREAK_DV`, …).
//!
//! Semantics: for a unit of latency 0 a delay is the combinational in→out delay of that signal
//! through the unit; for a pipelined unit it is the delay from its last register to the output
//! (0 for registered outputs). Cross-signal delays (valid→ready, condition→valid,
//! condition→ready) are scalars. Invariants: every delay is finite and non-negative, the
//! clock period is finite and positive, and all six buffer types are present.

mod dto;
mod latency;
mod table;

pub use dto::parse_timing_model;
pub use latency::{Latency, Pipeline};
pub use table::BitwidthTable;

use crate::diag::Diagnostic;
use std::collections::BTreeMap;

/// The six buffer types of the buffering specification, in its order.
pub const BUFFER_TYPES: [&str; 6] = [
    "ONE_SLOT_BREAK_DV",
    "ONE_SLOT_BREAK_R",
    "ONE_SLOT_BREAK_DVR",
    "FIFO_BREAK_DV",
    "FIFO_BREAK_NONE",
    "SHIFT_REG_BREAK_DV",
];

/// One of the three handshake signals of a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Signal {
    /// The data bits.
    Data,
    /// The valid bit (forward).
    Valid,
    /// The ready bit (backward).
    Ready,
}

/// Timing of one unit kind.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitTiming {
    /// Pipeline latency in cycles, by bitwidth (possibly depending on the clock period).
    pub latency: BitwidthTable<Latency>,
    /// Data path delay in ns, by bitwidth.
    pub data: BitwidthTable<f64>,
    /// Valid path delay in ns.
    pub valid: f64,
    /// Ready path delay in ns.
    pub ready: f64,
    /// Valid-to-ready delay in ns.
    pub valid_to_ready: f64,
    /// Condition-to-valid delay in ns (mux, branch).
    pub cond_to_valid: f64,
    /// Condition-to-ready delay in ns (mux, branch).
    pub cond_to_ready: f64,
}

impl UnitTiming {
    /// The delay of `signal` at `width` bits (valid and ready do not depend on the width).
    pub fn delay(&self, signal: Signal, width: u32) -> f64 {
        match signal {
            Signal::Data => self.data.get(width),
            Signal::Valid => self.valid,
            Signal::Ready => self.ready,
        }
    }

    /// The latency in cycles at `width` bits and a clock period of `clock_period_ns`.
    pub fn latency_at(&self, width: u32, clock_period_ns: f64) -> u32 {
        self.latency.at(width).at(clock_period_ns)
    }
}

/// Latency in cycles per signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignalLatency {
    /// Data path.
    pub data: u32,
    /// Valid path.
    pub valid: u32,
    /// Ready path.
    pub ready: u32,
}

/// Timing of one buffer type.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferTiming {
    /// Cycles of latency per signal (1 where the buffer breaks the path).
    pub latency: SignalLatency,
    /// Combinational delay through the buffer per signal in ns (paths it does not break).
    pub data: f64,
    /// Valid delay in ns.
    pub valid: f64,
    /// Ready delay in ns.
    pub ready: f64,
}

impl BufferTiming {
    /// True when the buffer breaks the data and valid paths.
    pub fn breaks_dv(&self) -> bool {
        self.latency.data > 0 && self.latency.valid > 0
    }

    /// True when the buffer breaks the ready path.
    pub fn breaks_r(&self) -> bool {
        self.latency.ready > 0
    }
}

/// The timing model: units, buffers, clock period.
#[derive(Clone, Debug, PartialEq)]
pub struct TimingModel {
    /// Target clock period in ns.
    pub clock_period_ns: f64,
    units: BTreeMap<String, UnitTiming>,
    buffers: BTreeMap<String, BufferTiming>,
}

/// Delays within this of the clock period meet it (ns): sums of delays carry rounding
/// error, so a path exactly as long as the clock period may come out a hair longer.
pub const TIME_TOLERANCE_NS: f64 = 1e-9;

/// The clock periods a placement accepts, in nanoseconds.
pub const CLOCK_PERIOD_RANGE_NS: std::ops::RangeInclusive<f64> = 0.1..=10_000.0;

/// The built-in model's JSON text.
pub const BUILTIN_JSON: &str = include_str!("../../../../configs/timing.json");

impl TimingModel {
    /// A model from its parts (callers normally use [`parse_timing_model`] or [`Self::builtin`]).
    pub(crate) fn from_parts(
        clock_period_ns: f64,
        units: BTreeMap<String, UnitTiming>,
        buffers: BTreeMap<String, BufferTiming>,
    ) -> Self {
        TimingModel {
            clock_period_ns,
            units,
            buffers,
        }
    }

    /// The built-in model (`configs/timing.json`). Its validity is checked by the tests.
    pub fn builtin() -> Result<Self, Vec<Diagnostic>> {
        let mut sources = crate::diag::SourceMap::new();
        let file = sources.add("configs/timing.json", BUILTIN_JSON);
        parse_timing_model(BUILTIN_JSON, file)
    }

    /// The same model with another target clock period, within [`CLOCK_PERIOD_RANGE_NS`].
    pub fn with_clock_period(mut self, ns: f64) -> Result<Self, Diagnostic> {
        if !CLOCK_PERIOD_RANGE_NS.contains(&ns) {
            return Err(Diagnostic::error(format!(
                "the clock period must be between {} and {} ns, not {ns}",
                CLOCK_PERIOD_RANGE_NS.start(),
                CLOCK_PERIOD_RANGE_NS.end()
            ))
            .with_note(
                "outside this range the placement models' timing rows lose their numerical \
                 meaning (10 GHz to 100 kHz covers every FPGA and ASIC target)",
            ));
        }
        self.clock_period_ns = ns;
        Ok(self)
    }

    /// The same model with every latency fixed at its value at the current clock period, so
    /// that a later change of the clock period (a report's unclamped timing) keeps them.
    pub fn with_latencies_fixed(mut self) -> Self {
        let cp = self.clock_period_ns;
        for unit in self.units.values_mut() {
            unit.latency = unit.latency.map(|l| Latency::Fixed(l.at(cp)));
        }
        self
    }

    /// The timing of a unit kind, if the model has it.
    pub fn unit(&self, kind: &str) -> Option<&UnitTiming> {
        self.units.get(kind)
    }

    /// All unit kinds with their timing, by name.
    pub fn units(&self) -> impl Iterator<Item = (&str, &UnitTiming)> {
        self.units.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The latency in cycles of a unit kind at `width` bits, at the model's clock period.
    pub fn latency(&self, kind: &str, width: u32) -> Option<u32> {
        self.unit(kind)
            .map(|u| u.latency_at(width, self.clock_period_ns))
    }

    /// The delay in ns of `signal` through a unit kind at `width` bits.
    pub fn delay(&self, kind: &str, signal: Signal, width: u32) -> Option<f64> {
        self.unit(kind).map(|u| u.delay(signal, width))
    }

    /// The timing of a buffer type (one of [`BUFFER_TYPES`]).
    pub fn buffer(&self, buffer_type: &str) -> Option<&BufferTiming> {
        self.buffers.get(buffer_type)
    }
}
