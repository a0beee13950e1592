//! The layout's output: boxes, routed edges and cluster boxes in one coordinate system.
//!
//! Coordinates grow rightward (x) and downward (y); the drawing's bounding box starts at (0, 0)
//! and ends at (`width`, `height`). Every vector is indexed like the input it describes:
//! `nodes[i]` is node `i`, `edges[j]` is edge `j`, `clusters[k]` is cluster `k`.

use super::graph::LayoutIssue;
use serde::{Deserialize, Serialize};

/// An axis-aligned rectangle given by its top-left corner and size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rect {
    /// Left side.
    pub x: f64,
    /// Top side.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

impl Rect {
    /// Right side.
    pub fn right(&self) -> f64 {
        self.x + self.width
    }

    /// Bottom side.
    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }

    /// Whether the interiors of `self` and `other` intersect.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.right()
            && other.x < self.right()
            && self.y < other.bottom()
            && other.y < self.bottom()
    }

    /// Whether `other` lies inside `self` (borders may touch).
    pub fn contains(&self, other: &Rect) -> bool {
        other.x >= self.x
            && other.y >= self.y
            && other.right() <= self.right()
            && other.bottom() <= self.bottom()
    }
}

/// The drawn path of one edge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Route {
    /// Polyline from the source's output port (bottom side) to the target's input port (top
    /// side). Segments through a layer are vertical; smooth it with
    /// [`super::svg::path_data`]. Empty for an edge that was ignored (see the issues).
    pub points: Vec<(f64, f64)>,
    /// Whether the edge runs against the layering (a back edge or a self loop), so drawn
    /// upward; the view should make such edges distinguishable.
    pub reversed: bool,
}

impl Route {
    /// Length of the polyline.
    pub fn length(&self) -> f64 {
        self.points
            .windows(2)
            .map(|w| (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1))
            .sum()
    }
}

/// Counts describing the layout, for tests, benches and the UI.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayoutStats {
    /// Edge crossings between consecutive layers (ports taken into account).
    pub crossings: usize,
    /// Number of layers (of the tallest component).
    pub layers: usize,
    /// Number of dummy points inserted for edges spanning several layers.
    pub dummies: usize,
    /// Number of edges drawn reversed (back edges, excluding self loops).
    pub reversed: usize,
    /// Number of connected components (clusters glue their nodes into one component).
    pub components: usize,
    /// Total length of the routed edges (the sum of [`Route::length`]), rounded.
    #[serde(default)]
    pub wire_length: u64,
}

/// The result of [`super::layout`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    /// Box of every node.
    pub nodes: Vec<Rect>,
    /// The layer (rank) of every node; nodes of one layer share their top y.
    pub node_layers: Vec<usize>,
    /// Route of every edge.
    pub edges: Vec<Route>,
    /// Box of every cluster, including its label band; `None` for a cluster without nodes.
    pub clusters: Vec<Option<Rect>>,
    /// Width of the drawing.
    pub width: f64,
    /// Height of the drawing.
    pub height: f64,
    /// Counts.
    pub stats: LayoutStats,
    /// Problems found in the input.
    pub issues: Vec<LayoutIssue>,
}
