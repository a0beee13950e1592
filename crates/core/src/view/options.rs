//! What a graph view shows: every unit, or a simplified circuit, with some basic blocks
//! collapsed into one unit each ([`ViewOptions`]).
//!
//! The options rewrite the units and channels before the layout runs: first simplification
//! ([`super::simplify`]), then collapsing ([`super::collapse`]). Units that stay visible keep
//! their names, so a selection survives a change of options.

use super::collapse::collapse;
use super::model::{ViewChannel, ViewUnit};
use super::simplify::simplify;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Circuits with more units than this are shown simplified by default
/// ([`ViewOptions::for_units`]): past it the buffers, forks and constants outnumber the units
/// that compute.
pub const SIMPLIFY_ABOVE_UNITS: usize = 150;

/// How to draw a circuit.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewOptions {
    /// Hide buffers, forks, sinks and constants: channels are drawn through buffers and forks,
    /// channels into sinks vanish, and constants are written on their consumers' labels.
    #[serde(default)]
    pub simplified: bool,
    /// Basic blocks (`handshake.bb` numbers) drawn as one unit each.
    #[serde(default)]
    pub collapsed: BTreeSet<u32>,
}

impl ViewOptions {
    /// The default options for a circuit of `units` units: simplified above
    /// [`SIMPLIFY_ABOVE_UNITS`], nothing collapsed.
    pub fn for_units(units: usize) -> Self {
        ViewOptions {
            simplified: units > SIMPLIFY_ABOVE_UNITS,
            collapsed: BTreeSet::new(),
        }
    }

    /// The units and channels to draw under these options, from the full view's.
    pub(super) fn apply(
        &self,
        units: Vec<ViewUnit>,
        channels: Vec<ViewChannel>,
    ) -> (Vec<ViewUnit>, Vec<ViewChannel>) {
        let (units, channels) = if self.simplified {
            simplify(units, channels)
        } else {
            (units, channels)
        };
        if self.collapsed.is_empty() {
            (units, channels)
        } else {
            collapse(units, channels, &self.collapsed)
        }
    }
}

/// Keeps the units `keep` says, in order, and renumbers the channels' ends.
pub(super) fn retain_units(
    units: Vec<ViewUnit>,
    mut channels: Vec<ViewChannel>,
    keep: &[bool],
) -> (Vec<ViewUnit>, Vec<ViewChannel>) {
    let mut index = vec![usize::MAX; units.len()];
    let kept: Vec<ViewUnit> = units
        .into_iter()
        .enumerate()
        .filter(|(i, _)| keep[*i])
        .enumerate()
        .map(|(new, (old, u))| {
            index[old] = new;
            u
        })
        .collect();
    channels.retain(|c| index[c.from.0] != usize::MAX && index[c.to.0] != usize::MAX);
    for c in &mut channels {
        c.from.0 = index[c.from.0];
        c.to.0 = index[c.to.0];
    }
    (kept, channels)
}
