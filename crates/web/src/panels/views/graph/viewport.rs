//! The graph's visible window (the SVG `viewBox`) and the arithmetic of fit, zoom and pan.
//!
//! The SVG keeps the default `preserveAspectRatio` (`xMidYMid meet`): the whole view box is
//! shown, scaled uniformly and centred, so one client pixel spans [`ViewBox::scale`] user units.
//! A [`ViewBox`] is the session's (and share links') [`Viewport`] with the arithmetic.

use rivulet_core::share::Viewport;
use rivulet_core::view::GraphView;

/// The smallest scale (client pixels per drawing unit) the graph opens at: unit names are
/// 11 drawing units tall, so they read at 11 px or more.
const READABLE: f64 = 1.0;

/// A rectangle of the drawing's coordinate system, shown in the SVG element.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewBox {
    /// Left side.
    pub x: f64,
    /// Top side.
    pub y: f64,
    /// Width (> 0).
    pub w: f64,
    /// Height (> 0).
    pub h: f64,
}

impl From<Viewport> for ViewBox {
    fn from(v: Viewport) -> ViewBox {
        ViewBox {
            x: v.x,
            y: v.y,
            w: v.w,
            h: v.h,
        }
    }
}

impl From<ViewBox> for Viewport {
    fn from(v: ViewBox) -> Viewport {
        Viewport {
            x: v.x,
            y: v.y,
            w: v.w,
            h: v.h,
        }
    }
}

/// Space kept around the drawing when fitting it.
const MARGIN: f64 = 16.0;
/// Zoom limits, as drawing units per view-box unit.
const MIN_SIZE: f64 = 40.0;
const MAX_SIZE: f64 = 200_000.0;

impl ViewBox {
    /// The whole drawing of `width` × `height` with a margin.
    pub fn fit(width: f64, height: f64) -> ViewBox {
        ViewBox {
            x: -MARGIN,
            y: -MARGIN,
            w: width.max(1.0) + 2.0 * MARGIN,
            h: height.max(1.0) + 2.0 * MARGIN,
        }
    }

    /// Where `graph` opens in an element of `cw` × `ch` pixels: all of it when it reads that
    /// way; else fitted to the width, top first, when that reads; else at [`READABLE`] scale
    /// centred on the busiest loop (the block receiving back edges with the most units; the
    /// busiest block when there is no loop).
    pub fn opening(graph: &GraphView, cw: f64, ch: f64) -> ViewBox {
        let fit = ViewBox::fit(graph.width, graph.height);
        if cw <= 0.0 || ch <= 0.0 || 1.0 / fit.scale(cw, ch) >= READABLE {
            return fit;
        }
        let width_scale = cw / fit.w;
        if width_scale >= READABLE {
            return ViewBox {
                h: ch / width_scale,
                ..fit
            };
        }
        let units_in = |label: &str| {
            graph
                .units
                .iter()
                .filter(|u| u.bb.is_some_and(|bb| format!("bb{bb}") == label))
                .count()
        };
        let loop_header = |label: &str| {
            graph.channels.iter().any(|c| {
                c.back
                    && graph
                        .units
                        .get(c.to.0)
                        .and_then(|u| u.bb)
                        .is_some_and(|bb| format!("bb{bb}") == label)
            })
        };
        let busiest = graph
            .blocks
            .iter()
            .max_by_key(|b| (loop_header(&b.label), units_in(&b.label)));
        let (cx, cy) = busiest.map_or(fit.centre(), |b| {
            (
                b.rect.x + b.rect.width / 2.0,
                b.rect.y + b.rect.height / 2.0,
            )
        });
        let (w, h) = (cw / READABLE, ch / READABLE);
        ViewBox {
            x: cx - w / 2.0,
            y: cy - h / 2.0,
            w,
            h,
        }
    }

    /// The view box keeping `points` in sight: the same one when their centre lies in the
    /// middle half of it (no jitter while they move a little), else one centred on them at
    /// the same zoom. None when there are no points or no change is needed.
    pub fn following(&self, points: &[(f64, f64)]) -> Option<ViewBox> {
        if points.is_empty() {
            return None;
        }
        let n = points.len() as f64;
        let cx = points.iter().map(|p| p.0).sum::<f64>() / n;
        let cy = points.iter().map(|p| p.1).sum::<f64>() / n;
        let inside = (cx - self.x - self.w / 2.0).abs() <= self.w / 4.0
            && (cy - self.y - self.h / 2.0).abs() <= self.h / 4.0;
        (!inside).then_some(ViewBox {
            x: cx - self.w / 2.0,
            y: cy - self.h / 2.0,
            ..*self
        })
    }

    /// The `viewBox` attribute.
    pub fn attr(&self) -> String {
        format!("{:.1} {:.1} {:.1} {:.1}", self.x, self.y, self.w, self.h)
    }

    /// User units per client pixel in an element of `cw` × `ch` pixels.
    pub fn scale(&self, cw: f64, ch: f64) -> f64 {
        if cw <= 0.0 || ch <= 0.0 {
            return 1.0;
        }
        (self.w / cw).max(self.h / ch)
    }

    /// The user point under client offset (`px`, `py`) of an element of `cw` × `ch` pixels.
    pub fn user_point(&self, cw: f64, ch: f64, px: f64, py: f64) -> (f64, f64) {
        let s = self.scale(cw, ch);
        let ox = (cw - self.w / s) / 2.0;
        let oy = (ch - self.h / s) / 2.0;
        (self.x + (px - ox) * s, self.y + (py - oy) * s)
    }

    /// Zoomed by `factor` (> 1 zooms in) keeping the user point `at` in place.
    pub fn zoom(&self, factor: f64, at: (f64, f64)) -> ViewBox {
        let w = (self.w / factor).clamp(MIN_SIZE, MAX_SIZE);
        let f = self.w / w;
        let h = self.h / f;
        ViewBox {
            x: at.0 - (at.0 - self.x) / f,
            y: at.1 - (at.1 - self.y) / f,
            w,
            h,
        }
    }

    /// Moved by (`dx`, `dy`) user units.
    pub fn pan(&self, dx: f64, dy: f64) -> ViewBox {
        ViewBox {
            x: self.x + dx,
            y: self.y + dy,
            ..*self
        }
    }

    /// The centre.
    pub fn centre(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

#[cfg(test)]
impl ViewBox {
    /// One drawing unit per pixel of an element of `cw` × `ch` pixels, from (`x`, `y`).
    pub fn actual(x: f64, y: f64, cw: f64, ch: f64) -> ViewBox {
        ViewBox {
            x,
            y,
            w: cw.max(1.0),
            h: ch.max(1.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panels::views::fixture;
    use rivulet_core::layout::Rect;
    use rivulet_core::view::{BlockBox, ViewChannel, ViewUnit};

    fn graph(width: f64, height: f64) -> GraphView {
        GraphView {
            width,
            height,
            ..GraphView::default()
        }
    }

    #[test]
    fn following_recentres_only_when_the_activity_leaves_the_middle() {
        let v = ViewBox {
            x: 0.0,
            y: 0.0,
            w: 400.0,
            h: 300.0,
        };
        assert_eq!(v.following(&[]), None);
        assert_eq!(v.following(&[(210.0, 160.0), (230.0, 140.0)]), None);
        let moved = v.following(&[(900.0, 150.0)]).expect("recentres");
        assert_eq!((moved.centre(), moved.w), ((900.0, 150.0), 400.0));
    }

    #[test]
    fn a_small_graph_opens_whole_and_a_tall_one_fitted_to_width() {
        assert_eq!(
            ViewBox::opening(&graph(300.0, 200.0), 800.0, 600.0),
            ViewBox::fit(300.0, 200.0)
        );
        let tall = ViewBox::opening(&graph(500.0, 5000.0), 800.0, 600.0);
        assert_eq!((tall.x, tall.y, tall.w), (-16.0, -16.0, 532.0));
        assert!((tall.scale(800.0, 600.0) - 532.0 / 800.0).abs() < 1e-9);
    }

    #[test]
    fn a_large_graph_opens_readable_on_its_loop() {
        let mut g = graph(5000.0, 4000.0);
        let block = |label: &str, x: f64| BlockBox {
            label: label.into(),
            rect: Rect {
                x,
                y: 1000.0,
                width: 400.0,
                height: 600.0,
            },
        };
        g.blocks = vec![block("bb0", 0.0), block("bb1", 3000.0)];
        let unit = |bb: u32| ViewUnit {
            bb: Some(bb),
            ..fixture::unit("")
        };
        // bb0 has more units, but bb1 is a loop (a back edge arrives there).
        g.units = vec![unit(0), unit(0), unit(0), unit(1)];
        g.channels = vec![ViewChannel {
            back: true,
            ..fixture::channel(0, (3, 0), (3, 0))
        }];
        let v = ViewBox::opening(&g, 800.0, 600.0);
        assert_eq!(v.scale(800.0, 600.0), 1.0);
        assert_eq!(v.centre(), (3200.0, 1300.0));
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let v = ViewBox::fit(800.0, 600.0);
        let at = v.user_point(400.0, 300.0, 100.0, 50.0);
        let z = v.zoom(2.0, at);
        assert!((z.w - v.w / 2.0).abs() < 1e-9);
        let again = z.user_point(400.0, 300.0, 100.0, 50.0);
        assert!((again.0 - at.0).abs() < 1e-9 && (again.1 - at.1).abs() < 1e-9);
    }

    #[test]
    fn actual_size_maps_one_pixel_to_one_unit() {
        let v = ViewBox::actual(-16.0, -16.0, 640.0, 480.0);
        assert_eq!(v.scale(640.0, 480.0), 1.0);
        assert_eq!(v.user_point(640.0, 480.0, 16.0, 16.0), (0.0, 0.0));
    }

    #[test]
    fn a_letterboxed_drawing_maps_its_centre_to_the_elements_centre() {
        let v = ViewBox::fit(1000.0, 100.0);
        let (x, y) = v.user_point(500.0, 500.0, 250.0, 250.0);
        let (cx, cy) = v.centre();
        assert!((x - cx).abs() < 1e-9 && (y - cy).abs() < 1e-9);
    }
}
