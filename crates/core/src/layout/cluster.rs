//! Cluster boxes: one rectangle per cluster around all its nodes, with a label band on top.
//!
//! Horizontally a box runs between the cluster's border items (placed by `coords`, which keeps
//! the borders of clusters sharing a layer apart). Vertically it runs from its first layer's top,
//! less the padding and label band, to its last layer's bottom plus the padding; `coords` sizes
//! the gaps between layers so that boxes ending and starting there do not meet.

use super::coords::{left_item, right_item};
use super::result::Rect;
use super::route::Geometry;

/// `(global cluster id, box)` for every cluster of the component.
pub(crate) fn boxes(geo: &Geometry, padding: f64, label_height: f64) -> Vec<(usize, Rect)> {
    let p = geo.p;
    p.cluster_ids
        .iter()
        .enumerate()
        .map(|(c, &id)| {
            let (first, last) = p.spans[c];
            let x0 = geo.x[left_item(p, c)];
            let x1 = geo.x[right_item(p, c)];
            let y0 = geo.tops[first] - padding - label_height;
            let y1 = geo.tops[last] + geo.heights[last] + padding;
            let rect = Rect {
                x: x0,
                y: y0,
                width: x1 - x0,
                height: y1 - y0,
            };
            (id, rect)
        })
        .collect()
}
