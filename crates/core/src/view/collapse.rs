//! Collapsed basic blocks: all the units of a block replaced by one unit standing for it.
//!
//! The block's unit (class [`UnitClass::Block`], named `bb3`, labelled `bb3 · 14 units`) takes
//! the place of the block's first unit. Channels inside the block vanish; a channel entering it
//! goes to an input port of the block's unit, one port per outside producer port, and a channel
//! leaving it comes from an output port, one per inside producer port. Channels that end up
//! joining the same two ports are drawn once (the first).
//!
//! Invariants: units of other blocks keep their order and names; no channel joins a collapsed
//! block to itself; every channel's ends index the returned units.

use super::build::unit;
use super::model::{UnitClass, ViewChannel, ViewUnit};
use super::options::retain_units;
use std::collections::{BTreeMap, BTreeSet};

/// What a collapsed block's unit is (its hover text).
const ABOUT: &str =
    "a collapsed basic block: its units and the channels between them are hidden; expand it to see them";

/// The units and channels with every block of `collapsed` drawn as one unit.
pub(super) fn collapse(
    units: Vec<ViewUnit>,
    channels: Vec<ViewChannel>,
    collapsed: &BTreeSet<u32>,
) -> (Vec<ViewUnit>, Vec<ViewChannel>) {
    let block_of = |u: &ViewUnit| u.bb.filter(|bb| collapsed.contains(bb));
    let mut members: BTreeMap<u32, usize> = BTreeMap::new();
    for bb in units.iter().filter_map(block_of) {
        *members.entry(bb).or_default() += 1;
    }
    // Every unit's stand-in: itself, or its block's unit (the block's first unit's index).
    let mut first: BTreeMap<u32, usize> = BTreeMap::new();
    let stand_in: Vec<usize> = units
        .iter()
        .enumerate()
        .map(|(i, u)| block_of(u).map_or(i, |bb| *first.entry(bb).or_insert(i)))
        .collect();
    let grouped: Vec<bool> = units.iter().map(|u| block_of(u).is_some()).collect();
    let mut ins: BTreeMap<usize, Vec<(usize, u32)>> = BTreeMap::new();
    let mut outs: BTreeMap<usize, Vec<(usize, u32)>> = BTreeMap::new();
    let mut seen = BTreeSet::new();
    let mut kept = Vec::new();
    for mut c in channels {
        let (f, t) = (c.from.0, c.to.0);
        let (from, to) = (stand_in[f], stand_in[t]);
        if grouped[f] && grouped[t] && from == to {
            continue;
        }
        if grouped[f] {
            c.from = (from, port_of(outs.entry(from).or_default(), c.from));
        }
        if grouped[t] {
            c.to = (to, port_of(ins.entry(to).or_default(), c.from));
        }
        if seen.insert((c.from, c.to)) {
            kept.push(c);
        }
    }
    let mut units = units;
    for (&bb, &i) in &first {
        let count = members[&bb];
        let ports = (
            ins.get(&i).map_or(0, Vec::len) as u32,
            outs.get(&i).map_or(0, Vec::len) as u32,
        );
        let label = format!("bb{bb} · {count} unit{}", if count == 1 { "" } else { "s" });
        let mut b = unit(
            format!("bb{bb}"),
            UnitClass::Block,
            "block",
            label,
            Some(bb),
            ports,
        );
        b.about = ABOUT.to_string();
        units[i] = b;
    }
    let keep: Vec<bool> = (0..units.len()).map(|i| stand_in[i] == i).collect();
    retain_units(units, kept, &keep)
}

/// The index of `end` among a block unit's ports, added if new.
fn port_of(ports: &mut Vec<(usize, u32)>, end: (usize, u32)) -> u32 {
    let i = ports.iter().position(|&p| p == end).unwrap_or_else(|| {
        ports.push(end);
        ports.len() - 1
    });
    i as u32
}
