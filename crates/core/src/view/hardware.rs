//! The hardware of each unit for the web app's hardware view: its ports after the Synth
//! lowering's ready inversion (data, valid, ready and extra signals with width and direction;
//! ready and upstream extras point against data) and the text of its `hw.module`.
//!
//! Ops map to the top module's instances in program order (`end` has none: its ports are the
//! top module's result ports); arguments to the top module's argument ports.

use super::model::ViewPort;
use crate::handshake::graph::Node;
use crate::handshake::{Func, OpKind};
use crate::synth::ir::{HwModule, Netlist, Port, Side};
use crate::synth::print_hw_module_of;

/// The ports and module text of each node (in node order: arguments, then live ops).
pub fn of_nodes(func: &Func, net: &Netlist, nodes: &[Node]) -> Vec<(Vec<ViewPort>, String)> {
    let Some(top) = net.top() else {
        return vec![(Vec::new(), String::new()); nodes.len()];
    };
    let mut modules = top.instances.iter().filter_map(|i| net.module(&i.module));
    nodes
        .iter()
        .map(|node| match *node {
            Node::Arg(i) => (
                side_ports(top, Side::Operand, Some(i as u32)),
                String::new(),
            ),
            Node::Op(id) if func.op(id).is_some_and(|o| o.kind == OpKind::End) => {
                (side_ports(top, Side::Result, None), String::new())
            }
            Node::Op(_) => modules.next().map_or((Vec::new(), String::new()), |m| {
                (
                    m.ports.iter().map(view_port).collect(),
                    print_hw_module_of(m, net),
                )
            }),
        })
        .collect()
}

/// The top module's ports of one side (of one channel index, if given).
fn side_ports(top: &HwModule, side: Side, index: Option<u32>) -> Vec<ViewPort> {
    top.ports
        .iter()
        .filter(|p| p.channel.side == side && index.is_none_or(|i| p.channel.index == i))
        .map(view_port)
        .collect()
}

fn view_port(p: &Port) -> ViewPort {
    ViewPort {
        name: p.name.clone(),
        width: p.width,
        dir: p.dir.as_str().to_string(),
        role: p.role.kind().to_string(),
        operand: p.channel.side == Side::Operand,
        index: p.channel.index,
        against: p.role.against_data(),
    }
}
