//! The layout's input model: an abstract graph of boxes with ports, grouped in flat clusters.
//!
//! The layout engine knows nothing of any IR: callers describe nodes (size, cluster, number of
//! input and output ports), directed edges between ports, and clusters (one per basic block).
//! [`sanitize`] turns a possibly malformed [`LayoutGraph`] into the internal [`Clean`] form the
//! phases work on, reporting every problem as a [`LayoutIssue`] instead of panicking.
//!
//! Invariants of [`Clean`]: every edge's endpoints are valid node indices; port indices are below
//! the (at least 1) port counts of their nodes; sizes are finite and non-negative; clusters are
//! valid cluster indices.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Index of a node in [`LayoutGraph::nodes`].
pub type NodeIdx = usize;

/// Index of a cluster in [`LayoutGraph::clusters`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ClusterId(pub u32);

/// One box to place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LayoutNode {
    /// Width of the box.
    pub width: f64,
    /// Height of the box.
    pub height: f64,
    /// The cluster (basic block) the box belongs to, if any.
    pub cluster: Option<ClusterId>,
    /// Number of input ports, spread evenly along the top side.
    pub in_ports: u32,
    /// Number of output ports, spread evenly along the bottom side.
    pub out_ports: u32,
}

impl LayoutNode {
    /// A box of the given size with one input and one output port and no cluster.
    pub fn new(width: f64, height: f64) -> Self {
        LayoutNode {
            width,
            height,
            cluster: None,
            in_ports: 1,
            out_ports: 1,
        }
    }

    /// The same box with the given number of input and output ports.
    pub fn with_ports(mut self, in_ports: u32, out_ports: u32) -> Self {
        self.in_ports = in_ports;
        self.out_ports = out_ports;
        self
    }

    /// The same box placed in `cluster`.
    pub fn in_cluster(mut self, cluster: ClusterId) -> Self {
        self.cluster = Some(cluster);
        self
    }
}

/// A directed edge from an output port to an input port.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayoutEdge {
    /// Source node and its output port index.
    pub from: (NodeIdx, u32),
    /// Target node and its input port index.
    pub to: (NodeIdx, u32),
    /// Hint: the caller knows this edge closes a cycle (a loop back edge); the layout prefers
    /// to draw such edges upward.
    pub back: bool,
}

impl LayoutEdge {
    /// A forward edge between two ports.
    pub fn new(from: (NodeIdx, u32), to: (NodeIdx, u32)) -> Self {
        LayoutEdge {
            from,
            to,
            back: false,
        }
    }

    /// An edge the caller marks as a back edge.
    pub fn back(from: (NodeIdx, u32), to: (NodeIdx, u32)) -> Self {
        LayoutEdge {
            from,
            to,
            back: true,
        }
    }
}

/// A group of nodes drawn inside one box (a basic block).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterInfo {
    /// Text shown in the cluster's label band.
    pub label: String,
}

/// The graph to lay out.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LayoutGraph {
    /// The boxes.
    pub nodes: Vec<LayoutNode>,
    /// The edges; malformed ones are ignored and reported.
    pub edges: Vec<LayoutEdge>,
    /// The clusters nodes may refer to.
    pub clusters: Vec<ClusterInfo>,
}

impl LayoutGraph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a node and returns its index.
    pub fn add_node(&mut self, node: LayoutNode) -> NodeIdx {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// Adds an edge.
    pub fn add_edge(&mut self, edge: LayoutEdge) {
        self.edges.push(edge);
    }

    /// Adds a cluster and returns its id.
    pub fn add_cluster(&mut self, label: impl Into<String>) -> ClusterId {
        self.clusters.push(ClusterInfo {
            label: label.into(),
        });
        ClusterId(u32::try_from(self.clusters.len() - 1).unwrap_or(u32::MAX))
    }
}

/// Spacing and effort parameters of the layout.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LayoutOptions {
    /// Minimum vertical space between two consecutive layers.
    pub layer_gap: f64,
    /// Minimum horizontal space between two boxes of a layer.
    pub node_gap: f64,
    /// Minimum horizontal space next to an edge passing through a layer.
    pub edge_gap: f64,
    /// Space between a cluster's border and its nodes.
    pub cluster_padding: f64,
    /// Height of the label band at the top of a cluster (inside its border).
    pub cluster_label_height: f64,
    /// Minimum horizontal space between two clusters side by side.
    pub cluster_gap: f64,
    /// Horizontal space between disconnected components.
    pub component_gap: f64,
    /// How far back edges and self loops stick out of the boxes they leave or enter.
    pub loop_stub: f64,
    /// Maximum number of median sweep rounds of crossing reduction.
    pub order_rounds: u32,
    /// Number of smoothing rounds of the horizontal coordinate assignment.
    pub coord_rounds: u32,
}

impl Default for LayoutOptions {
    fn default() -> Self {
        LayoutOptions {
            layer_gap: 40.0,
            node_gap: 24.0,
            edge_gap: 10.0,
            cluster_padding: 12.0,
            cluster_label_height: 16.0,
            cluster_gap: 24.0,
            component_gap: 40.0,
            loop_stub: 10.0,
            order_rounds: 12,
            coord_rounds: 8,
        }
    }
}

/// A problem found in the input; the layout goes on without the offending part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LayoutIssue {
    /// Edge `edge` names node `node`, which does not exist; the edge is not drawn.
    EdgeNodeOutOfRange {
        /// The edge's index.
        edge: usize,
        /// The missing node index.
        node: NodeIdx,
    },
    /// Edge `edge` uses a port the node does not have; the node's last port is used instead.
    PortOutOfRange {
        /// The edge's index.
        edge: usize,
        /// The node whose port is missing.
        node: NodeIdx,
        /// The requested port.
        port: u32,
        /// Whether the port is an output (else an input).
        output: bool,
    },
    /// Node `node` has a negative or non-finite size; zero is used instead.
    BadNodeSize {
        /// The node's index.
        node: NodeIdx,
    },
    /// Node `node` names a cluster that does not exist; it is laid out outside any cluster.
    ClusterOutOfRange {
        /// The node's index.
        node: NodeIdx,
        /// The missing cluster.
        cluster: ClusterId,
    },
}

impl fmt::Display for LayoutIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutIssue::EdgeNodeOutOfRange { edge, node } => {
                write!(f, "edge {edge} refers to node {node}, which does not exist")
            }
            LayoutIssue::PortOutOfRange {
                edge,
                node,
                port,
                output,
            } => {
                let kind = if *output { "output" } else { "input" };
                write!(
                    f,
                    "edge {edge} uses {kind} port {port} of node {node}, which it lacks"
                )
            }
            LayoutIssue::BadNodeSize { node } => {
                write!(f, "node {node} has a negative or non-finite size")
            }
            LayoutIssue::ClusterOutOfRange { node, cluster } => {
                write!(
                    f,
                    "node {node} refers to cluster {}, which does not exist",
                    cluster.0
                )
            }
        }
    }
}

/// A node of the sanitized graph.
#[derive(Clone, Debug)]
pub(crate) struct CleanNode {
    pub width: f64,
    pub height: f64,
    pub cluster: Option<usize>,
    pub in_ports: u32,
    pub out_ports: u32,
}

/// An edge of the sanitized graph, remembering its index in the input.
#[derive(Clone, Debug)]
pub(crate) struct CleanEdge {
    pub orig: usize,
    pub from: usize,
    pub out_port: u32,
    pub to: usize,
    pub in_port: u32,
    pub back: bool,
}

impl CleanEdge {
    pub fn is_self_loop(&self) -> bool {
        self.from == self.to
    }
}

/// The sanitized graph (see the module invariants).
#[derive(Clone, Debug, Default)]
pub(crate) struct Clean {
    pub nodes: Vec<CleanNode>,
    pub edges: Vec<CleanEdge>,
}

fn clean_size(v: f64) -> Option<f64> {
    (v.is_finite() && v >= 0.0).then_some(v)
}

fn clamp_port(
    issues: &mut Vec<LayoutIssue>,
    edge: usize,
    node: usize,
    port: u32,
    count: u32,
    output: bool,
) -> u32 {
    if port < count {
        return port;
    }
    issues.push(LayoutIssue::PortOutOfRange {
        edge,
        node,
        port,
        output,
    });
    count.saturating_sub(1)
}

/// Validates `graph`, returning its clean form and every issue found.
pub(crate) fn sanitize(graph: &LayoutGraph) -> (Clean, Vec<LayoutIssue>) {
    let mut issues = Vec::new();
    let nodes: Vec<CleanNode> = graph
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let (w, h) = (clean_size(n.width), clean_size(n.height));
            if w.is_none() || h.is_none() {
                issues.push(LayoutIssue::BadNodeSize { node: i });
            }
            let cluster = n.cluster.and_then(|c| {
                let ok = (c.0 as usize) < graph.clusters.len();
                if !ok {
                    issues.push(LayoutIssue::ClusterOutOfRange {
                        node: i,
                        cluster: c,
                    });
                }
                ok.then_some(c.0 as usize)
            });
            CleanNode {
                width: w.unwrap_or(0.0),
                height: h.unwrap_or(0.0),
                cluster,
                in_ports: n.in_ports.max(1),
                out_ports: n.out_ports.max(1),
            }
        })
        .collect();
    let mut edges = Vec::with_capacity(graph.edges.len());
    for (i, e) in graph.edges.iter().enumerate() {
        let mut ok = true;
        for node in [e.from.0, e.to.0] {
            if node >= nodes.len() {
                issues.push(LayoutIssue::EdgeNodeOutOfRange { edge: i, node });
                ok = false;
            }
        }
        if !ok {
            continue;
        }
        let (from, to) = (e.from.0, e.to.0);
        let out_port = clamp_port(
            &mut issues,
            i,
            from,
            e.from.1,
            graph.nodes[from].out_ports,
            true,
        );
        let in_port = clamp_port(&mut issues, i, to, e.to.1, graph.nodes[to].in_ports, false);
        edges.push(CleanEdge {
            orig: i,
            from,
            out_port,
            to,
            in_port,
            back: e.back,
        });
    }
    (Clean { nodes, edges }, issues)
}
