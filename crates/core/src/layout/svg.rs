//! A plain SVG rendering of a [`Layout`], for tests, snapshots and the command line.
//!
//! The web app draws its own SVG from the layout data; it can reuse [`path_data`] to smooth
//! routes. Edges are cubic Bézier curves with vertical tangents at every route point (so they
//! leave and enter ports vertically); back edges are dashed; clusters are labelled boxes.
//! Output is deterministic: numbers are printed with at most two decimals.

use super::graph::LayoutGraph;
use super::result::Layout;
use std::fmt::Write;

fn num(v: f64) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// SVG path data for a route: straight horizontal pieces, and between points at different
/// heights a cubic curve whose control points sit vertically half-way.
pub fn path_data(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    let Some(&(x0, y0)) = points.first() else {
        return d;
    };
    let _ = write!(d, "M{} {}", num(x0), num(y0));
    for w in points.windows(2) {
        let ((ax, ay), (bx, by)) = (w[0], w[1]);
        if ay == by || ax == bx {
            let _ = write!(d, " L{} {}", num(bx), num(by));
        } else {
            let my = (ay + by) / 2.0;
            let _ = write!(
                d,
                " C{} {} {} {} {} {}",
                num(ax),
                num(my),
                num(bx),
                num(my),
                num(bx),
                num(by)
            );
        }
    }
    d
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Renders `layout` of `graph` as a standalone SVG document; nodes are labelled by index.
pub fn render(graph: &LayoutGraph, layout: &Layout) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="10">"#,
        w = num(layout.width),
        h = num(layout.height)
    );
    s.push_str(concat!(
        r#"<defs><marker id="arrow" viewBox="0 0 6 6" refX="6" refY="3" markerWidth="6" "#,
        r#"markerHeight="6" orient="auto"><path d="M0 0 L6 3 L0 6 z"/></marker></defs>"#,
        "\n"
    ));
    for (c, rect) in layout.clusters.iter().enumerate() {
        let Some(r) = rect else { continue };
        let label = graph
            .clusters
            .get(c)
            .map_or(String::new(), |i| escape(&i.label));
        let _ = writeln!(
            s,
            r##"<g class="cluster"><rect x="{}" y="{}" width="{}" height="{}" fill="#f4f4f8" stroke="#99a"/><text x="{}" y="{}">{}</text></g>"##,
            num(r.x),
            num(r.y),
            num(r.width),
            num(r.height),
            num(r.x + 4.0),
            num(r.y + 12.0),
            label
        );
    }
    for route in &layout.edges {
        if route.points.is_empty() {
            continue;
        }
        let dash = if route.reversed {
            r##" stroke-dasharray="4 3" stroke="#c33""##
        } else {
            r##" stroke="#333""##
        };
        let _ = writeln!(
            s,
            r#"<path d="{}" fill="none"{} marker-end="url(#arrow)"/>"#,
            path_data(&route.points),
            dash
        );
    }
    for (i, r) in layout.nodes.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<g class="node"><rect x="{}" y="{}" width="{}" height="{}" fill="#fff" stroke="#000"/><text x="{}" y="{}" text-anchor="middle">{}</text></g>"##,
            num(r.x),
            num(r.y),
            num(r.width),
            num(r.height),
            num(r.x + r.width / 2.0),
            num(r.y + r.height / 2.0 + 3.0),
            i
        );
    }
    s.push_str("</svg>\n");
    s
}
