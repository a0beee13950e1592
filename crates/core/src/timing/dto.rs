//! The JSON form of the timing model and its conversion, with diagnostics, into
//! [`TimingModel`].
//!
//! Format (every object rejects unknown fields):
//! `{ "clock_period_ns": 4.0, "units": { "<kind>": UNIT, … }, "buffers": { "<TYPE>": BUFFER, … } }`
//! with `UNIT = { "latency": TABLE, "data": TABLE, "valid": ns, "ready": ns,
//! ["valid_to_ready": ns], ["cond_to_valid": ns], ["cond_to_ready": ns] }`, `TABLE` either one
//! entry or an object from bitwidth (`"32"`) to entry, a data entry a number (ns) and a
//! latency entry a number of cycles or a list of pipelines
//! `[{ "cycles": n, "delay": ns }, …]` chosen by the clock period ([`Latency`]), and
//! `BUFFER = { "latency": { "data": n, "valid": n, "ready": n }, "data": ns, "valid": ns, "ready": ns }`.
//! Every problem found is reported, each with a span on the offending name where possible.

use super::{
    BitwidthTable, BufferTiming, Latency, Pipeline, SignalLatency, TimingModel, UnitTiming,
    BUFFER_TYPES, CLOCK_PERIOD_RANGE_NS,
};
use crate::diag::{Diagnostic, FileId, Span};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelDto {
    clock_period_ns: f64,
    units: BTreeMap<String, UnitDto>,
    buffers: BTreeMap<String, BufferDto>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitDto {
    latency: TableDto<UnitLatencyDto>,
    data: TableDto<f64>,
    valid: f64,
    ready: f64,
    #[serde(default)]
    valid_to_ready: f64,
    #[serde(default)]
    cond_to_valid: f64,
    #[serde(default)]
    cond_to_ready: f64,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum TableDto<T> {
    Uniform(T),
    ByWidth(BTreeMap<String, T>),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum UnitLatencyDto {
    Cycles(u32),
    Pipelines(Vec<PipelineDto>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PipelineDto {
    cycles: u32,
    delay: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BufferDto {
    latency: LatencyDto,
    data: f64,
    valid: f64,
    ready: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LatencyDto {
    data: u32,
    valid: u32,
    ready: u32,
}

/// Parses a timing model from JSON `text` (the contents of `file`), reporting every problem.
pub fn parse_timing_model(text: &str, file: FileId) -> Result<TimingModel, Vec<Diagnostic>> {
    let dto: ModelDto = serde_json::from_str(text).map_err(|e| {
        let offset = offset_of(text, e.line(), e.column());
        vec![Diagnostic::error(format!("invalid timing model: {e}"))
            .with_span(Span::new(file, offset, (offset + 1).min(text.len() as u32)))
            .with_note(
                "a latency or data table is one entry or an object from bitwidth to entry, \
                 e.g. {\"8\": 1.9, \"32\": 2.3}; a latency entry is a number of cycles or a \
                 list of pipelines [{\"cycles\": 6, \"delay\": 3.65}, …]",
            )]
    })?;
    let mut errors = Vec::new();
    let span_of = |name: &str| {
        let needle = format!("\"{name}\"");
        text.find(&needle)
            .map(|at| Span::new(file, at as u32, (at + needle.len()) as u32))
    };
    let mut report = |name: &str, message: String| {
        let mut d = Diagnostic::error(message);
        if let Some(span) = span_of(name) {
            d = d.with_span(span);
        }
        errors.push(d);
    };

    if !CLOCK_PERIOD_RANGE_NS.contains(&dto.clock_period_ns) {
        report(
            "clock_period_ns",
            format!(
                "the clock period must be between {} and {} ns, not {}",
                CLOCK_PERIOD_RANGE_NS.start(),
                CLOCK_PERIOD_RANGE_NS.end(),
                dto.clock_period_ns
            ),
        );
    }
    let mut units = BTreeMap::new();
    for (kind, u) in dto.units {
        let latency = table(u.latency, latency);
        let data = table(u.data, |d| valid_delay(d).then_some(d));
        let scalars = [
            u.valid,
            u.ready,
            u.valid_to_ready,
            u.cond_to_valid,
            u.cond_to_ready,
        ];
        match (latency, data) {
            (Ok(latency), Ok(data)) if scalars.iter().all(|&d| valid_delay(d)) => {
                units.insert(
                    kind,
                    UnitTiming {
                        latency,
                        data,
                        valid: u.valid,
                        ready: u.ready,
                        valid_to_ready: u.valid_to_ready,
                        cond_to_valid: u.cond_to_valid,
                        cond_to_ready: u.cond_to_ready,
                    },
                );
            }
            (Err(why), _) => report(&kind, format!("unit `{kind}`: latency table {why}")),
            (_, Err(why)) => report(&kind, format!("unit `{kind}`: data delay table {why}")),
            _ => report(
                &kind,
                format!("unit `{kind}`: delays must be finite and non-negative"),
            ),
        }
    }
    let mut buffers = BTreeMap::new();
    for (name, b) in dto.buffers {
        if !BUFFER_TYPES.contains(&name.as_str()) {
            report(
                &name,
                format!(
                    "unknown buffer type `{name}` (known: {})",
                    BUFFER_TYPES.join(", ")
                ),
            );
            continue;
        }
        if ![b.data, b.valid, b.ready].iter().all(|&d| valid_delay(d)) {
            report(
                &name,
                format!("buffer `{name}`: delays must be finite and non-negative"),
            );
            continue;
        }
        let latency = SignalLatency {
            data: b.latency.data,
            valid: b.latency.valid,
            ready: b.latency.ready,
        };
        buffers.insert(
            name,
            BufferTiming {
                latency,
                data: b.data,
                valid: b.valid,
                ready: b.ready,
            },
        );
    }
    for missing in BUFFER_TYPES.iter().filter(|t| !buffers.contains_key(**t)) {
        report("buffers", format!("buffer type `{missing}` is missing"));
    }
    if errors.is_empty() {
        Ok(TimingModel::from_parts(dto.clock_period_ns, units, buffers))
    } else {
        Err(errors)
    }
}

fn valid_delay(d: f64) -> bool {
    d.is_finite() && d >= 0.0
}

/// A latency entry, if valid ([`Latency::choice`]).
fn latency(l: UnitLatencyDto) -> Option<Latency> {
    match l {
        UnitLatencyDto::Cycles(cycles) => Some(Latency::Fixed(cycles)),
        UnitLatencyDto::Pipelines(ps) => Latency::choice(
            ps.into_iter()
                .map(|p| Pipeline {
                    cycles: p.cycles,
                    delay_ns: p.delay,
                })
                .collect(),
        ),
    }
}

/// Converts a table, checking widths and converting entries (`None`: invalid); the error
/// completes "… table <why>".
fn table<T, U>(
    t: TableDto<T>,
    convert: impl Fn(T) -> Option<U>,
) -> Result<BitwidthTable<U>, String> {
    match t {
        TableDto::Uniform(v) => convert(v)
            .map(BitwidthTable::uniform)
            .ok_or_else(|| "has an invalid value".to_string()),
        TableDto::ByWidth(map) => {
            let mut entries = Vec::new();
            for (key, v) in map {
                let width: u32 = key
                    .parse()
                    .map_err(|_| format!("has the key `{key}`, which is not a bitwidth"))?;
                let v =
                    convert(v).ok_or_else(|| format!("has an invalid value at width {width}"))?;
                entries.push((width, v));
            }
            BitwidthTable::from_entries(entries)
                .ok_or_else(|| "is empty or has a zero width".to_string())
        }
    }
}

/// The byte offset of a 1-based line and column (serde_json's error position).
fn offset_of(text: &str, line: usize, column: usize) -> u32 {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len()) as u32
}
