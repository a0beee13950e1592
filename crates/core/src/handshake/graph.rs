//! A petgraph view of one function: operations (and arguments) as nodes, values as edges.
//!
//! Every use of a value is one edge from its producer (the defining op, or an argument node)
//! to the consuming op, labelled with the value and the port indices at both ends. Uses of
//! dangling values are left out (the verifier reports them). The view is a snapshot: rebuild
//! it after mutating the function.

use super::func::{Func, OpId, ValueDef, ValueId};
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::BTreeMap;

/// A node of the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// A function argument, by index.
    Arg(usize),
    /// An operation.
    Op(OpId),
}

/// An edge: one use of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The value carried.
    pub value: ValueId,
    /// Result index at the producer (argument index for argument nodes).
    pub from_port: usize,
    /// Operand index at the consumer.
    pub to_port: usize,
}

/// The graph with lookups from IR ids to node indices.
pub struct FuncGraph {
    /// The graph.
    pub graph: DiGraph<Node, Edge>,
    /// Node of each live op.
    pub op_nodes: BTreeMap<OpId, NodeIndex>,
    /// Node of each argument, by index.
    pub arg_nodes: Vec<NodeIndex>,
}

impl FuncGraph {
    /// Builds the view of `func` (nodes: arguments first, then ops in program order).
    pub fn new(func: &Func) -> FuncGraph {
        let mut graph = DiGraph::new();
        let arg_nodes: Vec<NodeIndex> = (0..func.args.len())
            .map(|i| graph.add_node(Node::Arg(i)))
            .collect();
        let op_nodes: BTreeMap<OpId, NodeIndex> = func
            .ops()
            .map(|(id, _)| (id, graph.add_node(Node::Op(id))))
            .collect();
        for (id, op) in func.ops() {
            for (to_port, &v) in op.operands.iter().enumerate() {
                if !func.is_live_value(v) {
                    continue;
                }
                let (from, from_port) = match func.value(v).map(|x| x.def) {
                    Some(ValueDef::Arg(i)) => (arg_nodes.get(i as usize).copied(), i as usize),
                    Some(ValueDef::Result { op, index }) => {
                        (op_nodes.get(&op).copied(), index as usize)
                    }
                    None => (None, 0),
                };
                if let (Some(from), Some(&to)) = (from, op_nodes.get(&id)) {
                    graph.add_edge(
                        from,
                        to,
                        Edge {
                            value: v,
                            from_port,
                            to_port,
                        },
                    );
                }
            }
        }
        FuncGraph {
            graph,
            op_nodes,
            arg_nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handshake::{BinOp, OpKind, Type};

    #[test]
    fn edges_carry_ports() {
        let mut f = Func::new("k");
        let a = f.add_arg(Type::int_channel(8), None);
        let add = f.add_op(
            OpKind::Bin(BinOp::AddI),
            vec![a, a],
            vec![Type::int_channel(8)],
        );
        let r = f.result(add, 0).unwrap();
        let end = f.add_op(OpKind::End, vec![r], vec![]);
        let g = FuncGraph::new(&f);
        assert_eq!(g.graph.node_count(), 3);
        assert_eq!(g.graph.edge_count(), 3);
        let e = g
            .graph
            .find_edge(g.op_nodes[&add], g.op_nodes[&end])
            .unwrap();
        assert_eq!(
            g.graph[e],
            Edge {
                value: r,
                from_port: 0,
                to_port: 0
            }
        );
    }
}
