//! The critical paths of a placed circuit as the Buffers panel lists them and the graph view
//! marks them: the longest combinational data/valid path and the longest ready path, each as
//! the units it passes (named as in the graph view) with the delay each adds and the delay
//! so far, and the channels it takes (by value id, as the graph view's channels carry them).
//!
//! Ready flows against data: the ready path's units run from a consumer up to its producers.

use super::buffers::placed_circuit;
use crate::buffer::channel_id::ChannelVec;
use crate::buffer::circuit::Circuit;
use crate::buffer::path_timing::{PathTiming, Route};
use crate::buffer::unit_timing::PathRule;
use crate::handshake::{Func, Namer, OpId, ValueDef, ValueId};
use crate::timing::TimingModel;
use crate::view::{arg_name, op_name};

/// One unit of a critical path.
#[derive(Clone, Debug, PartialEq)]
pub struct PathStep {
    /// The unit's name, as in the graph view (`fork3`, `n`).
    pub unit: String,
    /// The delay it adds, in ns (a unit ending the path at its registered input adds none).
    pub delay_ns: f64,
    /// The path's delay up to and including this unit (and the channel into it), in ns.
    pub cumulative_ns: f64,
}

/// A critical path of the placed circuit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CriticalPath {
    /// Its units in the order the signal passes them.
    pub steps: Vec<PathStep>,
    /// The value ids of its channels, in order (channel `k` leads from step `k` to `k + 1`).
    pub channels: Vec<u32>,
    /// Its length in ns (the last step's cumulative delay).
    pub total_ns: f64,
}

/// The longest combinational data/valid path of the buffered `func` (the one
/// [`super::buffers::forward_path_ns`] measures with [`PathRule::DataAndValid`]); `None`
/// when it has a combinational cycle or the timing model is unusable.
pub fn data_valid_path(func: &Func, timing: &TimingModel) -> Option<CriticalPath> {
    let circuit = placed_circuit(func, timing, PathRule::DataAndValid)?;
    let route = route(&circuit, PathTiming::new(&circuit))?;
    Some(named(func, &circuit, &route))
}

/// The longest combinational ready path of the buffered `func` (the one
/// [`super::buffers::ready_path_ns`] measures), the same way.
pub fn ready_path(func: &Func, timing: &TimingModel) -> Option<CriticalPath> {
    let circuit = placed_circuit(func, timing, PathRule::DataAndValid)?;
    let route = route(&circuit, PathTiming::ready(&circuit, 0.0))?;
    Some(named(func, &circuit, &route))
}

/// The critical route of `paths` with no channel broken and no buffer delay on channels
/// (the circuit's buffers are units).
fn route(circuit: &Circuit, paths: PathTiming) -> Option<Route> {
    let n = circuit.channels.len();
    paths.critical_route(&ChannelVec::filled(false, n), &ChannelVec::filled(0.0, n))
}

/// `route` with its units named and its delays summed.
fn named(func: &Func, circuit: &Circuit, route: &Route) -> CriticalPath {
    let namer = Namer::new(func);
    let ops: Vec<OpId> = circuit.units.keys().copied().collect();
    let value_of = |k: usize| {
        route
            .channels
            .get(k)
            .map(|(c, _)| circuit.channels[*c].value)
    };
    // A step that is no unit of the circuit is an argument (or a break): the value of the
    // channel next to it says which.
    let name_of = |k: usize| match route.units[k].0.and_then(|u| ops.get(u)) {
        Some(&id) => func.op(id).map_or_else(String::new, |op| op_name(op, id)),
        None => {
            let next = if k == 0 { value_of(0) } else { value_of(k - 1) };
            next.map_or_else(String::new, |v| value_source(func, &namer, v))
        }
    };
    let mut total = 0.0;
    let steps = (0..route.units.len())
        .map(|k| {
            let into = if k == 0 { 0.0 } else { route.channels[k - 1].1 };
            let delay = route.units[k].1;
            total += into + delay;
            PathStep {
                unit: name_of(k),
                delay_ns: delay,
                cumulative_ns: total,
            }
        })
        .collect();
    CriticalPath {
        steps,
        channels: (0..route.channels.len())
            .filter_map(|k| value_of(k).map(|v| v.0))
            .collect(),
        total_ns: total,
    }
}

/// The name of the unit producing `value`: an argument's, or its producer's.
fn value_source(func: &Func, namer: &Namer, value: ValueId) -> String {
    match func.value(value).map(|v| v.def) {
        Some(ValueDef::Arg(i)) => arg_name(func, namer, i as usize),
        Some(ValueDef::Result { op: id, .. }) => {
            func.op(id).map_or_else(String::new, |op| op_name(op, id))
        }
        None => String::new(),
    }
}
