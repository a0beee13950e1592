//! Builds the [`GraphView`] of a function: units and channels from the IR, geometry from the
//! layered layout (one cluster per basic block, back edges hinted so loops are drawn upward).

use super::explain::{explain, ARGUMENT};
use super::hardware;
use super::lsq::lsq_drawing;
use super::model::{BlockBox, GraphView, UnitClass, ViewChannel, ViewUnit};
use super::options::ViewOptions;
use super::source::{carried_var, view_origin};
use super::unit::{arg_name, class, label, op_name, operand_role, result_role};
use crate::buffer::cyclic_channels;
use crate::handshake::graph::{FuncGraph, Node};
use crate::handshake::{Func, Namer, OpKind};
use crate::layout::{layout, svg::path_data, ClusterId, LayoutEdge, LayoutGraph, LayoutNode};
use crate::layout::{LayoutOptions, Rect};
use crate::synth::ir::Netlist;
use std::collections::BTreeMap;

/// Width of one label character, in layout units (the page draws 11 px monospace text).
const CHAR_WIDTH: f64 = 6.8;
/// Height of a unit's box (two text lines).
const UNIT_HEIGHT: f64 = 34.0;
/// Height of each further text line (a load-store queue's groups).
const LINE_HEIGHT: f64 = 12.0;

/// The graph view of `func`, with each unit's hardware from `netlist` (the Synth netlist of
/// `func` after ready inversion) when given; see the module documentation of [`super`].
pub fn graph_view(func: &Func, netlist: Option<&Netlist>) -> GraphView {
    graph_view_with(func, netlist, &ViewOptions::default())
}

/// The graph view of `func` drawn as `options` say (simplified, blocks collapsed).
pub fn graph_view_with(func: &Func, netlist: Option<&Netlist>, options: &ViewOptions) -> GraphView {
    let fg = FuncGraph::new(func);
    let namer = Namer::new(func);
    let nodes: Vec<Node> = fg.graph.node_weights().copied().collect();
    // The load-store queues' drawings and port roles, by node.
    let queues: BTreeMap<usize, _> = nodes
        .iter()
        .enumerate()
        .filter_map(|(n, node)| match *node {
            Node::Op(id) => Some((n, lsq_drawing(func, &namer, id)?)),
            Node::Arg(_) => None,
        })
        .collect();
    let mut units: Vec<ViewUnit> = nodes
        .iter()
        .map(|node| match *node {
            Node::Arg(i) => {
                let name = arg_name(func, &namer, i);
                let ty = func.ty(func.args[i]).map(ToString::to_string);
                let mut u = unit(
                    name,
                    UnitClass::Argument,
                    "argument",
                    ty.unwrap_or_default(),
                    None,
                    (1, 1),
                );
                u.about = ARGUMENT.to_string();
                u
            }
            Node::Op(id) => match func.op(id) {
                Some(op) => {
                    let name = op_name(op, id);
                    let ports = (op.operands.len() as u32, op.results.len() as u32);
                    let mut u = unit(
                        name,
                        class(&op.kind),
                        op.kind.mnemonic(),
                        label(op),
                        op.bb,
                        ports,
                    );
                    u.about = explain(op);
                    u.origin = op.origin.as_ref().map(view_origin);
                    u
                }
                // Not reached: the graph holds live ops only.
                None => unit(
                    format!("op{}", id.0),
                    UnitClass::Other,
                    "?",
                    String::new(),
                    None,
                    (1, 1),
                ),
            },
        })
        .collect();
    for (&n, q) in &queues {
        units[n].label = q.lsq.label();
        units[n].lsq = Some(q.lsq.clone());
    }
    if let Some(net) = netlist {
        for (u, (ports, hw)) in units.iter_mut().zip(hardware::of_nodes(func, net, &nodes)) {
            u.ports = ports;
            u.hw = hw;
        }
    }
    let cycles = cyclic_channels(func);
    let mut channels = Vec::with_capacity(fg.graph.edge_count());
    for e in fg.graph.edge_indices() {
        let (Some((a, b)), Some(w)) = (fg.graph.edge_endpoints(e), fg.graph.edge_weight(e)) else {
            continue;
        };
        let (from, to) = (a.index(), b.index());
        let ty = func.ty(w.value);
        // The edge closing a loop: on a cycle, into a data input of a merge-like unit, from a
        // block not before the unit's (the loop's latch or a buffer on its back edge).
        let back = cycles.channels.contains(&w.value)
            && closes_loop(func, nodes[from], nodes[to], w.to_port);
        let kind = |n: Node| match n {
            Node::Op(id) => func.op(id).map(|op| &op.kind),
            Node::Arg(_) => None,
        };
        let from_role = match queues.get(&from) {
            Some(q) => q.result_roles.get(w.from_port).map_or("", String::as_str),
            None => kind(nodes[from]).map_or("", |k| result_role(k, w.from_port)),
        };
        let to_role = match queues.get(&to) {
            Some(q) => q.operand_roles.get(w.to_port).map_or("", String::as_str),
            None => kind(nodes[to]).map_or("", |k| operand_role(k, w.to_port)),
        };
        channels.push(ViewChannel {
            name: namer.name(w.value),
            value: w.value.0,
            ty: ty.map(ToString::to_string).unwrap_or_default(),
            var: carried_var(func, nodes[from], ty, [from_role, to_role]),
            control: ty.is_some_and(|t| t.is_control()),
            back,
            from: (from, w.from_port as u32),
            to: (to, w.to_port as u32),
            from_role: from_role.to_string(),
            to_role: to_role.to_string(),
            path: String::new(),
            tail: (0.0, 0.0),
            head: (0.0, 0.0),
            through: Vec::new(),
        });
    }
    let (units, channels) = options.apply(units, channels);
    place(func, units, channels)
}

/// A unit without geometry, explanation or hardware.
pub(super) fn unit(
    name: String,
    class: UnitClass,
    mnemonic: &str,
    label: String,
    bb: Option<u32>,
    (ins, outs): (u32, u32),
) -> ViewUnit {
    ViewUnit {
        name,
        class,
        mnemonic: mnemonic.to_string(),
        label,
        about: String::new(),
        bb,
        rect: Rect {
            x: 0.0,
            y: 0.0,
            width: 0.0,
            height: 0.0,
        },
        in_ports: ins.max(1),
        out_ports: outs.max(1),
        ports: Vec::new(),
        hw: String::new(),
        origin: None,
        lsq: None,
    }
}

/// Lays the units and channels out and fills in their geometry.
fn place(func: &Func, mut units: Vec<ViewUnit>, mut channels: Vec<ViewChannel>) -> GraphView {
    let mut graph = LayoutGraph::new();
    let blocks: BTreeMap<u32, ClusterId> = units
        .iter()
        .filter_map(|u| u.bb)
        .collect::<std::collections::BTreeSet<u32>>()
        .into_iter()
        .map(|bb| (bb, graph.add_cluster(format!("bb{bb}"))))
        .collect();
    for u in &units {
        let lines = u.lsq.as_ref().map(|q| q.group_lines()).unwrap_or_default();
        let chars = lines
            .iter()
            .chain([&u.name, &u.label])
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0) as f64;
        let height = UNIT_HEIGHT + LINE_HEIGHT * lines.len() as f64;
        let mut node = LayoutNode::new((chars * CHAR_WIDTH + 16.0).max(44.0), height)
            .with_ports(u.in_ports, u.out_ports);
        node.cluster = u.bb.and_then(|bb| blocks.get(&bb).copied());
        graph.add_node(node);
    }
    for c in &channels {
        graph.add_edge(LayoutEdge {
            from: (c.from.0, c.from.1),
            to: (c.to.0, c.to.1),
            back: c.back,
        });
    }
    let l = layout(&graph, &LayoutOptions::default());
    for (u, r) in units.iter_mut().zip(&l.nodes) {
        u.rect = round_rect(*r);
    }
    for (c, route) in channels.iter_mut().zip(&l.edges) {
        c.path = path_data(&route.points);
        let (x, y) = route.points.last().copied().unwrap_or_default();
        c.head = (round(x), round(y));
        let (x, y) = route.points.first().copied().unwrap_or_default();
        c.tail = (round(x), round(y));
    }
    let blocks = blocks
        .iter()
        .filter_map(|(bb, id)| {
            let rect = (*l.clusters.get(id.0 as usize)?)?;
            Some(BlockBox {
                label: format!("bb{bb}"),
                rect: round_rect(rect),
            })
        })
        .collect();
    GraphView {
        func: func.name.clone(),
        units,
        channels,
        blocks,
        width: round(l.width),
        height: round(l.height),
        stats: l.stats,
    }
}

/// Rounded to hundredths, as [`path_data`] prints: plenty for drawing, compact in JSON, and
/// exact through JSON (short decimals parse back to the same `f64`).
fn round(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

fn round_rect(r: Rect) -> Rect {
    Rect {
        x: round(r.x),
        y: round(r.y),
        width: round(r.width),
        height: round(r.height),
    }
}

/// Whether a channel from `from` into input `port` of `to` enters a merge-like unit's data
/// input from a block at or after the unit's own.
fn closes_loop(func: &Func, from: Node, to: Node, port: usize) -> bool {
    let op = |n: Node| match n {
        Node::Op(id) => func.op(id),
        Node::Arg(_) => None,
    };
    let (Some(src), Some(dst)) = (op(from), op(to)) else {
        return false;
    };
    let data_input = port >= usize::from(dst.kind == OpKind::Mux);
    dst.kind.is_merge_like()
        && data_input
        && matches!((src.bb, dst.bb), (Some(a), Some(b)) if a >= b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::FileId;
    use crate::handshake::parse_module;

    const ONE_LOOP: &str = include_str!("../../../../tests/lower/one_loop/one_loop.handshake");

    fn one_loop() -> GraphView {
        let (module, diags) = parse_module(ONE_LOOP, FileId(0));
        assert!(diags.is_empty(), "{diags:?}");
        graph_view(&module.funcs[0], None)
    }

    #[test]
    fn units_are_arguments_then_ops() {
        let v = one_loop();
        let ops = ONE_LOOP.matches("handshake.name = ").count();
        assert_eq!(v.units.len(), ops + 2);
        assert_eq!(v.units[0].name, "n");
        assert_eq!(v.units[1].name, "start");
        assert!(v.units[..2].iter().all(|u| u.class == UnitClass::Argument));
        assert_eq!(v.units[2].name, "fork0");
        assert_eq!(v.units[2].label, "fork ×2");
        assert_eq!(v.units[2].bb, Some(0));
    }

    #[test]
    fn channels_carry_types_and_flags() {
        let v = one_loop();
        let start = v.channels.iter().find(|c| c.from.0 == 1).unwrap();
        assert_eq!(start.ty, "control");
        assert!(start.control);
        let n = v.channels.iter().find(|c| c.from.0 == 0).unwrap();
        assert_eq!(n.ty, "channel<i32>");
        assert!(!n.control);
        // The loop closes through the control merge and the three muxes of bb1.
        let back: Vec<&str> = v
            .channels
            .iter()
            .filter(|c| c.back)
            .map(|c| v.units[c.to.0].name.as_str())
            .collect();
        assert_eq!(back, ["control_merge0", "mux0", "mux1", "mux2"]);
        assert!(v.channels.iter().all(|c| c.path.starts_with('M')));
    }

    #[test]
    fn one_box_per_block_around_its_units() {
        let v = one_loop();
        let labels: Vec<&str> = v.blocks.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["bb0", "bb1", "bb2", "bb3"]);
        for u in &v.units {
            if let Some(bb) = u.bb {
                let b = &v.blocks[bb as usize];
                assert!(b.rect.contains(&u.rect), "{} outside bb{bb}", u.name);
            }
        }
        for (i, a) in v.units.iter().enumerate() {
            for b in &v.units[i + 1..] {
                assert!(!a.rect.overlaps(&b.rect), "{} overlaps {}", a.name, b.name);
            }
        }
    }
}
