//! Walking the graph from the keyboard. A [`Cursor`] is the focused unit and the channel in
//! hand (one of its inputs or outputs): Down follows an output channel to its consumer, Up an
//! input channel to its producer, Left and Right cycle through the unit's channels (inputs by
//! operand, then outputs by result) to choose which one Up or Down takes. Moving along a
//! channel keeps it in hand, so the opposite arrow walks back. Enter or Space selects the
//! focused unit and Escape clears (the canvas handles those).

use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::view::{GraphView, ViewChannel};
use std::sync::Arc;

/// An arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    /// Along an input channel, to its producer.
    Up,
    /// Along an output channel, to its consumer.
    Down,
    /// The previous channel of the unit.
    Left,
    /// The next channel of the unit.
    Right,
}

impl Arrow {
    /// The arrow of a `KeyboardEvent.key`, if it is one.
    pub fn of_key(key: &str) -> Option<Arrow> {
        Some(match key {
            "ArrowUp" => Arrow::Up,
            "ArrowDown" => Arrow::Down,
            "ArrowLeft" => Arrow::Left,
            "ArrowRight" => Arrow::Right,
            _ => return None,
        })
    }
}

/// The focused unit and the channel in hand (indices into the graph's units and channels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cursor {
    /// The focused unit.
    pub unit: usize,
    /// One of its channels, if one is in hand.
    pub channel: Option<usize>,
}

/// The channels of unit `u`: its inputs by operand, then its outputs by result.
fn channels_of(graph: &GraphView, u: usize) -> Vec<usize> {
    let ends = |end: fn(&ViewChannel) -> (usize, u32)| {
        let mut v: Vec<(u32, usize)> = graph
            .channels
            .iter()
            .enumerate()
            .filter(|(_, c)| end(c).0 == u)
            .map(|(i, c)| (end(c).1, i))
            .collect();
        v.sort_unstable();
        v.into_iter().map(|(_, i)| i)
    };
    ends(|c| c.to).chain(ends(|c| c.from)).collect()
}

/// Where `arrow` moves the cursor from `at` (`None`: nothing focused yet, any arrow focuses
/// the first unit). A move with nowhere to go keeps the cursor.
pub fn step(graph: &GraphView, at: Option<Cursor>, arrow: Arrow) -> Option<Cursor> {
    let Some(at) = at.filter(|c| c.unit < graph.units.len()) else {
        return (!graph.units.is_empty()).then_some(Cursor {
            unit: 0,
            channel: None,
        });
    };
    let mine = channels_of(graph, at.unit);
    let held = at.channel.filter(|c| mine.contains(c));
    let along = |towards_consumer: bool| {
        let leaves = |i: &usize| {
            let c = &graph.channels[*i];
            if towards_consumer {
                c.from.0 == at.unit
            } else {
                c.to.0 == at.unit
            }
        };
        let i = held
            .filter(leaves)
            .or_else(|| mine.iter().copied().find(leaves))?;
        let c = &graph.channels[i];
        let unit = if towards_consumer { c.to.0 } else { c.from.0 };
        Some(Cursor {
            unit,
            channel: Some(i),
        })
    };
    let cycle = |by: isize| {
        if mine.is_empty() {
            return None;
        }
        let n = mine.len() as isize;
        let next = match held.and_then(|h| mine.iter().position(|&c| c == h)) {
            Some(k) => (k as isize + by).rem_euclid(n),
            None if by > 0 => 0,
            None => n - 1,
        };
        Some(Cursor {
            unit: at.unit,
            channel: Some(mine[next as usize]),
        })
    };
    let moved = match arrow {
        Arrow::Down => along(true),
        Arrow::Up => along(false),
        Arrow::Right => cycle(1),
        Arrow::Left => cycle(-1),
    };
    Some(moved.unwrap_or(at))
}

/// What a screen reader says about the cursor: the unit, its channel counts and the channel
/// in hand with where it leads.
pub fn describe(graph: &GraphView, at: Cursor) -> String {
    let Some(u) = graph.units.get(at.unit) else {
        return String::new();
    };
    let ins = graph.channels.iter().filter(|c| c.to.0 == at.unit).count();
    let outs = graph
        .channels
        .iter()
        .filter(|c| c.from.0 == at.unit)
        .count();
    let mut text = format!("{} ({}): {ins} in, {outs} out", u.name, u.label);
    if let Some(c) = at.channel.and_then(|i| graph.channels.get(i)) {
        let name = |i: usize| graph.units.get(i).map_or("?", |u| u.name.as_str());
        let (dir, other) = if c.from.0 == at.unit {
            ("output", name(c.to.0))
        } else {
            ("input", name(c.from.0))
        };
        text.push_str(&format!("; {dir} {} with {other}", c.name));
    }
    text
}

/// The canvas's key handler: arrows move `cursor` over `graph`, Enter or Space selects the
/// focused unit, Escape clears the focus and the selection.
pub fn on_key(
    graph: Arc<GraphView>,
    cursor: RwSignal<Option<Cursor>>,
) -> impl Fn(leptos::ev::KeyboardEvent) + 'static {
    let session = use_session();
    move |ev| {
        let key = ev.key();
        if let Some(arrow) = Arrow::of_key(&key) {
            ev.prevent_default();
            let at = cursor.get_untracked().or_else(|| {
                // Start from the selected unit, if any.
                let name = session.selected_unit.get_untracked()?;
                let unit = graph.units.iter().position(|u| u.name == name)?;
                Some(Cursor {
                    unit,
                    channel: None,
                })
            });
            cursor.set(step(&graph, at, arrow));
            return;
        }
        match key.as_str() {
            "Enter" | " " => {
                ev.prevent_default();
                let name = cursor
                    .get_untracked()
                    .and_then(|c| graph.units.get(c.unit))
                    .map(|u| u.name.clone());
                if name.is_some() {
                    session.selected_unit.set(name);
                }
            }
            "Escape" => {
                cursor.set(None);
                session.selected_unit.set(None);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panels::views::fixture::{channel, graph};

    /// a → b, a → c, b → d, c → d (d's operands 0 and 1).
    fn diamond() -> GraphView {
        graph(
            &["a", "b", "c", "d"],
            vec![
                channel(1, (0, 0), (1, 0)),
                channel(2, (0, 1), (2, 0)),
                channel(3, (1, 0), (3, 0)),
                channel(4, (2, 0), (3, 1)),
            ],
        )
    }

    fn at(unit: usize, channel: Option<usize>) -> Option<Cursor> {
        Some(Cursor { unit, channel })
    }

    #[test]
    fn down_follows_an_output_and_up_walks_back() {
        let g = diamond();
        let start = step(&g, None, Arrow::Down);
        assert_eq!(start, at(0, None));
        let b = step(&g, start, Arrow::Down);
        assert_eq!(b, at(1, Some(0)));
        let d = step(&g, b, Arrow::Down);
        assert_eq!(d, at(3, Some(2)));
        // Up takes the channel in hand back.
        assert_eq!(step(&g, d, Arrow::Up), at(1, Some(2)));
        // At the bottom, Down stays.
        assert_eq!(step(&g, d, Arrow::Down), d);
    }

    #[test]
    fn left_and_right_choose_which_channel_to_follow() {
        let g = diamond();
        // a's channels: outputs 0 then 1.
        let first = step(&g, at(0, None), Arrow::Right);
        assert_eq!(first, at(0, Some(0)));
        let second = step(&g, first, Arrow::Right);
        assert_eq!(second, at(0, Some(1)));
        assert_eq!(step(&g, second, Arrow::Right), first, "wraps around");
        assert_eq!(step(&g, at(0, None), Arrow::Left), second);
        // Down follows the chosen output to c.
        assert_eq!(step(&g, second, Arrow::Down), at(2, Some(1)));
        // d's inputs by operand: from b, then from c; Up follows the chosen one.
        let d = step(&g, at(3, None), Arrow::Left);
        assert_eq!(d, at(3, Some(3)));
        assert_eq!(step(&g, d, Arrow::Up), at(2, Some(3)));
    }

    #[test]
    fn stale_cursors_and_empty_graphs_are_safe() {
        let g = diamond();
        assert_eq!(step(&g, at(9, Some(9)), Arrow::Up), at(0, None));
        assert_eq!(step(&g, at(1, Some(3)), Arrow::Up), at(0, Some(0)));
        let empty = graph(&[], Vec::new());
        assert_eq!(step(&empty, None, Arrow::Down), None);
        assert_eq!(
            describe(
                &empty,
                Cursor {
                    unit: 0,
                    channel: None
                }
            ),
            ""
        );
    }

    #[test]
    fn the_description_names_the_unit_and_the_channel_in_hand() {
        let g = diamond();
        assert_eq!(
            describe(
                &g,
                Cursor {
                    unit: 0,
                    channel: Some(1)
                }
            ),
            "a (addi): 0 in, 2 out; output %2 with c"
        );
        assert_eq!(
            describe(
                &g,
                Cursor {
                    unit: 3,
                    channel: Some(2)
                }
            ),
            "d (addi): 2 in, 0 out; input %3 with b"
        );
    }
}
