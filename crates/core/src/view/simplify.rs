//! The simplified circuit: buffers, forks (`fork`, `lazy_fork`), sinks and constants hidden.
//!
//! A channel is drawn from each visible producer port to each visible consumer port it reaches
//! through hidden buffers and forks (a buffer or a fork has one input, so tracing a consumer's
//! channel back through them is a simple chain). The drawn channel is the last segment's (its
//! value, name and type, so the simulator animates the consumer's side), leaves from the first
//! segment's producer port, is a back edge when any segment is, and lists the hidden units it
//! passes in `through`. Channels into sinks vanish. A constant vanishes with the channels it
//! feeds; its value is written on each consumer's label (`cmpi slt · in1 = 10`, or the port's
//! role: `address = 0`). A source left without channels (it only fed constants) is hidden too.
//!
//! Invariants: visible units keep their order and names; every drawn channel joins two visible
//! units, and two visible units are joined exactly when the full view joins them directly or
//! through buffers and forks.

use super::model::{ViewChannel, ViewUnit};
use super::options::retain_units;

/// What simplification does with a unit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fate {
    Shown,
    /// Hidden, channels drawn through it (buffers, forks).
    Through,
    /// Hidden with its channels (sinks, constants).
    Dropped,
}

fn fate(u: &ViewUnit) -> Fate {
    match u.mnemonic.as_str() {
        "buffer" | "fork" | "lazy_fork" => Fate::Through,
        "sink" | "constant" => Fate::Dropped,
        _ => Fate::Shown,
    }
}

/// Where tracing a consumer's channel back through hidden units ends.
enum Origin {
    /// A visible producer: the first segment, the hidden units passed (producer first) and
    /// whether any segment closes a loop.
    Unit {
        first: usize,
        through: Vec<String>,
        back: bool,
    },
    /// A constant, with the text of its value.
    Constant(String),
    /// Nothing drawable (a cycle of hidden units, a dangling input).
    Nothing,
}

/// The simplified units and channels (see the module documentation).
pub(super) fn simplify(
    mut units: Vec<ViewUnit>,
    channels: Vec<ViewChannel>,
) -> (Vec<ViewUnit>, Vec<ViewChannel>) {
    let fates: Vec<Fate> = units.iter().map(fate).collect();
    // The channel into input 0 of every unit channels are drawn through.
    let mut feed = vec![None; units.len()];
    for (i, c) in channels.iter().enumerate() {
        if fates[c.to.0] == Fate::Through && c.to.1 == 0 {
            feed[c.to.0] = Some(i);
        }
    }
    let mut drawn: Vec<ViewChannel> = Vec::new();
    let mut constants: Vec<Vec<String>> = vec![Vec::new(); units.len()];
    for (i, c) in channels.iter().enumerate() {
        if fates[c.to.0] != Fate::Shown {
            continue;
        }
        match origin(&units, &fates, &feed, &channels, i) {
            Origin::Unit {
                first,
                through,
                back,
            } => {
                let mut d = c.clone();
                d.from = channels[first].from;
                d.from_role = channels[first].from_role.clone();
                d.back = back;
                d.through = through;
                drawn.push(d);
            }
            Origin::Constant(value) => {
                let port = match c.to_role.as_str() {
                    "" => format!("in{}", c.to.1),
                    role => role.to_string(),
                };
                constants[c.to.0].push(format!("{port} = {value}"));
            }
            Origin::Nothing => {}
        }
    }
    let mut has_channel = vec![false; units.len()];
    for d in &drawn {
        has_channel[d.from.0] = true;
        has_channel[d.to.0] = true;
    }
    let keep: Vec<bool> = (0..units.len())
        .map(|i| fates[i] == Fate::Shown && (units[i].mnemonic != "source" || has_channel[i]))
        .collect();
    for (u, values) in units.iter_mut().zip(&constants) {
        if !values.is_empty() {
            u.label = format!("{} · {}", u.label, values.join(", "));
        }
    }
    retain_units(units, drawn, &keep)
}

/// Traces channel `last` back from its consumer through buffers and forks.
fn origin(
    units: &[ViewUnit],
    fates: &[Fate],
    feed: &[Option<usize>],
    channels: &[ViewChannel],
    last: usize,
) -> Origin {
    let mut seg = last;
    let mut through = Vec::new();
    let mut back = false;
    loop {
        back |= channels[seg].back;
        let p = channels[seg].from.0;
        match fates[p] {
            Fate::Shown => {
                through.reverse();
                return Origin::Unit {
                    first: seg,
                    through,
                    back,
                };
            }
            Fate::Dropped if units[p].mnemonic == "constant" => {
                let u = &units[p];
                let value = u.label.strip_prefix(u.mnemonic.as_str()).unwrap_or("");
                return Origin::Constant(value.trim().to_string());
            }
            Fate::Dropped => return Origin::Nothing,
            Fate::Through => {
                // A chain longer than the units is a cycle of hidden units.
                let Some(i) = feed[p].filter(|_| through.len() < units.len()) else {
                    return Origin::Nothing;
                };
                through.push(units[p].name.clone());
                seg = i;
            }
        }
    }
}
