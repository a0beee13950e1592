//! A unit's latency at one bitwidth: a fixed number of cycles, or a choice among the pipelines
//! a core generator offers, each a depth in cycles and the delay of its longest stage.
//!
//! Invariant: a choice has at least one pipeline, sorted by increasing depth, with distinct
//! depths and finite, non-negative delays. At a clock period the shallowest pipeline whose
//! stages fit it is taken; when none fits, the one with the shortest stage (its unit cannot
//! meet the clock, as with any too-slow combinational unit).

use super::TIME_TOLERANCE_NS;

/// One pipelining of a unit: `cycles` deep, its longest stage `delay_ns` long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pipeline {
    /// Depth in cycles.
    pub cycles: u32,
    /// Delay of its longest stage in ns.
    pub delay_ns: f64,
}

/// A unit's latency at one bitwidth (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub enum Latency {
    /// The same depth at every clock period.
    Fixed(u32),
    /// The depth depends on the clock period.
    Pipelines(Vec<Pipeline>),
}

impl Latency {
    /// A choice among `pipelines` in any order; `None` when empty, when a depth repeats or a
    /// delay is negative or not finite.
    pub fn choice(mut pipelines: Vec<Pipeline>) -> Option<Latency> {
        pipelines.sort_by_key(|p| p.cycles);
        let distinct = pipelines.windows(2).all(|p| p[0].cycles < p[1].cycles);
        let delays_ok = pipelines
            .iter()
            .all(|p| p.delay_ns.is_finite() && p.delay_ns >= 0.0);
        (!pipelines.is_empty() && distinct && delays_ok).then_some(Latency::Pipelines(pipelines))
    }

    /// The depth in cycles at a clock period of `clock_period_ns`.
    pub fn at(&self, clock_period_ns: f64) -> u32 {
        match self {
            Latency::Fixed(cycles) => *cycles,
            Latency::Pipelines(pipelines) => pipelines
                .iter()
                .find(|p| p.delay_ns <= clock_period_ns + TIME_TOLERANCE_NS)
                .or_else(|| {
                    pipelines
                        .iter()
                        .min_by(|a, b| a.delay_ns.total_cmp(&b.delay_ns))
                })
                .map_or(0, |p| p.cycles),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(cycles: u32, delay_ns: f64) -> Pipeline {
        Pipeline { cycles, delay_ns }
    }

    #[test]
    fn the_shallowest_pipeline_that_fits_the_clock_is_taken() {
        let l = Latency::choice(vec![p(36, 2.798), p(6, 3.649), p(10, 2.922)]).unwrap();
        assert_eq!(l.at(5.0), 6);
        assert_eq!(l.at(3.649), 6);
        assert_eq!(l.at(3.0), 10);
        assert_eq!(l.at(2.8), 36);
        // Nothing fits: the fastest stage.
        assert_eq!(l.at(1.0), 36);
        assert_eq!(Latency::Fixed(4).at(1.0), 4);
    }

    #[test]
    fn malformed_choices_are_rejected() {
        assert!(Latency::choice(vec![]).is_none());
        assert!(Latency::choice(vec![p(2, 1.0), p(2, 3.0)]).is_none());
        assert!(Latency::choice(vec![p(2, -1.0)]).is_none());
        assert!(Latency::choice(vec![p(2, f64::NAN)]).is_none());
    }
}
