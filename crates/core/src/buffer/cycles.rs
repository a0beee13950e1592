//! Cycles of a Handshake function's channel graph: strongly connected components over
//! [`FuncGraph`] (operations and arguments as nodes, channels as edges).
//!
//! A channel is *on a cycle* when its producer and consumer lie in the same non-trivial
//! strongly connected component (or it is a self-loop). A *combinational* cycle is a cycle
//! that no buffer breaking the data/valid path cuts, or that no buffer breaking the ready
//! path cuts: such a circuit's handshake signals would not settle.

use crate::handshake::graph::{Edge, FuncGraph, Node};
use crate::handshake::{Func, OpId, OpKind, ValueId};
use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;
use std::collections::BTreeSet;

/// The strongly connected components of a function, as op sets.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CycleInfo {
    /// Each non-trivial component (several ops, or one op feeding itself), ops sorted.
    pub components: Vec<Vec<OpId>>,
    /// The channels whose both ends lie in the same component.
    pub channels: BTreeSet<ValueId>,
}

impl CycleInfo {
    /// True when `op` belongs to a non-trivial component.
    pub fn op_on_cycle(&self, op: OpId) -> bool {
        self.components.iter().any(|c| c.binary_search(&op).is_ok())
    }
}

/// The cyclic components and channels of `func`.
pub fn cyclic_channels(func: &Func) -> CycleInfo {
    let g = FuncGraph::new(func);
    cycles_of(&g.graph, |_| true)
}

fn cycles_of(graph: &DiGraph<Node, Edge>, keep_edge: impl Fn(&Edge) -> bool) -> CycleInfo {
    let mut filtered: DiGraph<Node, Edge> = DiGraph::new();
    for n in graph.node_indices() {
        filtered.add_node(graph[n]);
    }
    for e in graph.edge_indices() {
        if let (Some((a, b)), true) = (graph.edge_endpoints(e), keep_edge(&graph[e])) {
            filtered.add_edge(a, b, graph[e]);
        }
    }
    let mut comp_of = vec![usize::MAX; filtered.node_count()];
    let mut info = CycleInfo::default();
    for scc in tarjan_scc(&filtered) {
        let self_loop = scc.len() == 1 && filtered.contains_edge(scc[0], scc[0]);
        if scc.len() < 2 && !self_loop {
            continue;
        }
        let k = info.components.len();
        let mut ops: Vec<OpId> = Vec::new();
        for n in &scc {
            comp_of[n.index()] = k;
            if let Node::Op(op) = filtered[*n] {
                ops.push(op);
            }
        }
        ops.sort();
        info.components.push(ops);
    }
    for e in filtered.edge_indices() {
        if let Some((a, b)) = filtered.edge_endpoints(e) {
            if comp_of[a.index()] != usize::MAX && comp_of[a.index()] == comp_of[b.index()] {
                info.channels.insert(filtered[e].value);
            }
        }
    }
    info
}

/// The cycles of `func` left uncut by buffers: first the components no data/valid-breaking
/// buffer cuts, then those no ready-breaking buffer cuts (ops sorted, each component once per
/// list). Both are empty for a circuit whose handshake signals always settle, provided its
/// other units are combinational in both directions.
pub fn combinational_cycles(func: &Func) -> (Vec<Vec<OpId>>, Vec<Vec<OpId>>) {
    let g = FuncGraph::new(func);
    let breaks = |op: OpId, dv: bool| -> bool {
        let Some(OpKind::Buffer(p)) = func.op(op).map(|o| &o.kind) else {
            return false;
        };
        let ty = p.effective_type();
        if dv {
            ty.breaks_dv()
        } else {
            ty.breaks_r()
        }
    };
    let uncut = |dv: bool| {
        // Cut every edge leaving a breaking buffer.
        let keep = |e: &Edge| {
            let producer = func.defining_op(e.value);
            !producer.is_some_and(|op| breaks(op, dv))
        };
        cycles_of(&g.graph, keep).components
    };
    (uncut(true), uncut(false))
}
