//! Where each of a unit's channels leads: for every input and output, its role (a mux's
//! select, a branch's true output…), the C variable it carries, and the unit and port at its
//! other end, so that the hardware view can walk the circuit port by port.

use rivulet_core::view::{GraphView, ViewChannel};

/// One channel of a unit, seen from the unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    /// True for an input (operand), false for an output (result).
    pub operand: bool,
    /// The operand or result index.
    pub index: u32,
    /// The port's role at this unit (`select`, `true`…), or empty.
    pub role: String,
    /// The channel's value as printed, with the C variable it carries (`%5#1 (tmp)`).
    pub channel: String,
    /// The unit at the other end.
    pub other: String,
    /// Its port: `out 1`, `in 0`, with its role there if it has one (`out 0 (true)`).
    pub other_port: String,
}

/// A channel's value as printed, with the C variable it carries if any.
fn channel_text(c: &ViewChannel) -> String {
    match c.var.as_str() {
        "" => c.name.clone(),
        var => format!("{} ({var})", c.name),
    }
}

/// The channels of unit `u` of `graph`, inputs by operand, then outputs by result.
pub fn links(graph: &GraphView, u: usize) -> Vec<Link> {
    let name = |i: usize| {
        graph
            .units
            .get(i)
            .map_or("?", |u| u.name.as_str())
            .to_string()
    };
    let port = |dir: &str, index: u32, role: &str| {
        if role.is_empty() {
            format!("{dir} {index}")
        } else {
            format!("{dir} {index} ({role})")
        }
    };
    // The unit's inputs (`operand`) or outputs, by index.
    let side = |operand: bool| {
        let mut links: Vec<Link> = graph
            .channels
            .iter()
            .filter_map(|c| {
                let ((here, here_role), (there, there_role), there_dir) = if operand {
                    ((c.to, &c.to_role), (c.from, &c.from_role), "out")
                } else {
                    ((c.from, &c.from_role), (c.to, &c.to_role), "in")
                };
                (here.0 == u).then(|| Link {
                    operand,
                    index: here.1,
                    role: here_role.clone(),
                    channel: channel_text(c),
                    other: name(there.0),
                    other_port: port(there_dir, there.1, there_role),
                })
            })
            .collect();
        links.sort_by_key(|l| l.index);
        links
    };
    let mut links = side(true);
    links.extend(side(false));
    links
}

/// The role of a unit's port (operand or result `index`) among its `links`, or empty.
pub fn role_of(links: &[Link], operand: bool, index: u32) -> &str {
    links
        .iter()
        .find(|l| l.operand == operand && l.index == index)
        .map_or("", |l| l.role.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panels::views::fixture::{graph, with_roles};

    #[test]
    fn each_channel_says_its_role_and_where_it_leads() {
        let graph = graph(
            &["br0", "mux0", "add0"],
            vec![
                with_roles(1, (1, 0), (2, 0), ("", "")),
                with_roles(2, (0, 1), (1, 0), ("false", "select")),
                with_roles(3, (0, 0), (1, 1), ("true", "")),
            ],
        );
        let l = links(&graph, 1);
        let seen: Vec<(bool, u32, &str, &str, &str)> = l
            .iter()
            .map(|l| {
                let (role, other, port) = (&l.role, &l.other, &l.other_port);
                (
                    l.operand,
                    l.index,
                    role.as_str(),
                    other.as_str(),
                    port.as_str(),
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                (true, 0, "select", "br0", "out 1 (false)"),
                (true, 1, "", "br0", "out 0 (true)"),
                (false, 0, "", "add0", "in 0"),
            ]
        );
        assert_eq!(l[0].channel, "%2");
        let mut named = graph.clone();
        named.channels[1].var = "i".into();
        assert_eq!(links(&named, 1)[0].channel, "%2 (i)");
        assert_eq!(role_of(&l, true, 0), "select");
        assert_eq!(role_of(&l, false, 0), "");
        assert!(links(&graph, 7).is_empty());
    }
}
