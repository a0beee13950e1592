//! The graph's visible window (the SVG `viewBox`) and the arithmetic of fit, zoom and pan.
//!
//! The SVG keeps the default `preserveAspectRatio` (`xMidYMid meet`): the whole view box is
//! shown, scaled uniformly and centred, so one client pixel spans [`ViewBox::scale`] user units.
//! A [`ViewBox`] is the session's (and share links') [`Viewport`] with the arithmetic.

use rivulet_core::share::Viewport;

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

    /// One drawing unit per pixel of an element of `cw` × `ch` pixels, from (`x`, `y`).
    pub fn actual(x: f64, y: f64, cw: f64, ch: f64) -> ViewBox {
        ViewBox {
            x,
            y,
            w: cw.max(1.0),
            h: ch.max(1.0),
        }
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
mod tests {
    use super::*;

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
