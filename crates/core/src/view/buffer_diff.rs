//! Which buffers two placements of the same circuit do not share, for the buffers lab's
//! side-by-side comparison.
//!
//! Buffer names differ between placements (`buffer3` in one is not `buffer3` in the other),
//! but the units around them do not: buffer placement only inserts buffers. A buffer is
//! therefore identified by where it sits — the nearest non-buffer unit and port upstream and
//! downstream of it — and by its label (type and slots). Two placements are compared as
//! multisets of these identities. Invariant: comparing a graph with itself finds nothing.

use super::model::GraphView;
use std::collections::BTreeMap;

/// Where a buffer sits and what it is: (upstream unit, its output port, downstream unit, its
/// input port, the buffer's label).
type Identity = (String, u32, String, u32, String);

/// The buffers one placement has and the other lacks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BufferDiff {
    /// Unit indices, in the first graph, of its buffers the second lacks.
    pub only_in_first: Vec<usize>,
    /// Unit indices, in the second graph, of its buffers the first lacks.
    pub only_in_second: Vec<usize>,
}

/// Compares the buffers of two placements of one circuit.
pub fn buffer_diff(first: &GraphView, second: &GraphView) -> BufferDiff {
    let a = identities(first);
    let b = identities(second);
    BufferDiff {
        only_in_first: unmatched(&a, &b),
        only_in_second: unmatched(&b, &a),
    }
}

/// The buffers of `mine` left over once each is matched with an equal one of `theirs`.
fn unmatched(mine: &[(usize, Identity)], theirs: &[(usize, Identity)]) -> Vec<usize> {
    let mut available: BTreeMap<&Identity, usize> = BTreeMap::new();
    for (_, id) in theirs {
        *available.entry(id).or_default() += 1;
    }
    mine.iter()
        .filter(|(_, id)| match available.get_mut(id) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        })
        .map(|(u, _)| *u)
        .collect()
}

fn identities(g: &GraphView) -> Vec<(usize, Identity)> {
    let is_buffer = |u: usize| g.units.get(u).is_some_and(|u| u.class.is_buffer());
    let input = |u: usize| g.channels.iter().find(|c| c.to.0 == u);
    let output = |u: usize| g.channels.iter().find(|c| c.from.0 == u);
    let name = |u: usize| g.units.get(u).map_or(String::new(), |u| u.name.clone());
    (0..g.units.len())
        .filter(|&u| is_buffer(u))
        .map(|u| {
            // Walk through neighbouring buffers (a chain of them) to the real units; a
            // malformed chain (a cycle of buffers) stops after every unit was visited.
            let (mut up, mut up_port) = (u, 0);
            for _ in 0..g.units.len() {
                match input(up) {
                    Some(c) => (up, up_port) = (c.from.0, c.from.1),
                    None => break,
                }
                if !is_buffer(up) {
                    break;
                }
            }
            let (mut down, mut down_port) = (u, 0);
            for _ in 0..g.units.len() {
                match output(down) {
                    Some(c) => (down, down_port) = (c.to.0, c.to.1),
                    None => break,
                }
                if !is_buffer(down) {
                    break;
                }
            }
            let id = (
                name(up),
                up_port,
                name(down),
                down_port,
                g.units[u].label.clone(),
            );
            (u, id)
        })
        .collect()
}
