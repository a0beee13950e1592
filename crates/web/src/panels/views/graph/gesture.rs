//! Pointer gestures on the graph: one pointer (mouse or finger) pans, two fingers pinch-zoom
//! about their midpoint and pan with it.
//!
//! Pure arithmetic over [`ViewBox`]: the component feeds pointer positions in element pixels
//! and sets the view box it gets back. Invariant: a gesture is measured from the view box and
//! pointer positions at its start (re-taken whenever a pointer comes or goes), so rounding never
//! accumulates over a long drag.

use super::viewport::ViewBox;

/// Movement in pixels beyond which a press is a drag, not a click.
const CLICK_SLOP: f64 = 3.0;

/// A pointer: its id and position in element pixels.
type Pointer = (i32, f64, f64);

/// The pointers down on the graph and where the gesture started.
#[derive(Default)]
pub struct Gesture {
    pointers: Vec<Pointer>,
    start: Vec<Pointer>,
    start_box: Option<ViewBox>,
    dragged: bool,
}

impl Gesture {
    /// A pointer went down at (`x`, `y`) while `current` was shown.
    pub fn down(&mut self, id: i32, x: f64, y: f64, current: ViewBox) {
        self.pointers.retain(|p| p.0 != id);
        self.pointers.push((id, x, y));
        if self.pointers.len() == 1 {
            self.dragged = false;
        }
        self.restart(current);
    }

    /// A pointer went up (or was cancelled) while `current` was shown.
    pub fn up(&mut self, id: i32, current: ViewBox) {
        self.pointers.retain(|p| p.0 != id);
        self.restart(current);
    }

    /// True when no pointer is down.
    pub fn idle(&self) -> bool {
        self.pointers.is_empty()
    }

    /// True when the last press moved far enough to be a drag (its release is not a click).
    pub fn dragged(&self) -> bool {
        self.dragged
    }

    /// Pointer `id` moved to (`x`, `y`) in an element of `cw` × `ch` pixels: the view box to
    /// show, if the gesture changes it.
    pub fn moved(&mut self, id: i32, x: f64, y: f64, cw: f64, ch: f64) -> Option<ViewBox> {
        let p = self.pointers.iter_mut().find(|p| p.0 == id)?;
        (p.1, p.2) = (x, y);
        let start_box = self.start_box?;
        match (&self.pointers[..], &self.start[..]) {
            ([a], [a0]) => {
                let (dx, dy) = (a.1 - a0.1, a.2 - a0.2);
                if dx.abs() + dy.abs() > CLICK_SLOP {
                    self.dragged = true;
                }
                if !self.dragged {
                    return None;
                }
                let s = start_box.scale(cw, ch);
                Some(start_box.pan(-dx * s, -dy * s))
            }
            ([a, b, ..], [a0, b0, ..]) => {
                self.dragged = true;
                let d0 = distance(a0, b0);
                let d1 = distance(a, b);
                if d0 < 1.0 || d1 < 1.0 {
                    return None;
                }
                let (m0, m1) = (midpoint(a0, b0), midpoint(a, b));
                let at = start_box.user_point(cw, ch, m0.0, m0.1);
                let zoomed = start_box.zoom(d1 / d0, at);
                let s = zoomed.scale(cw, ch);
                Some(zoomed.pan(-(m1.0 - m0.0) * s, -(m1.1 - m0.1) * s))
            }
            _ => None,
        }
    }

    fn restart(&mut self, current: ViewBox) {
        self.start = self.pointers.clone();
        self.start_box = (!self.pointers.is_empty()).then_some(current);
    }
}

fn distance(a: &Pointer, b: &Pointer) -> f64 {
    (a.1 - b.1).hypot(a.2 - b.2)
}

fn midpoint(a: &Pointer, b: &Pointer) -> (f64, f64) {
    ((a.1 + b.1) / 2.0, (a.2 + b.2) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: f64 = 400.0;
    const H: f64 = 300.0;

    #[test]
    fn a_small_press_is_a_click_and_a_long_one_pans() {
        let start = ViewBox::actual(0.0, 0.0, W, H);
        let mut g = Gesture::default();
        g.down(1, 100.0, 100.0, start);
        assert_eq!(g.moved(1, 101.0, 101.0, W, H), None);
        assert!(!g.dragged());
        let v = g.moved(1, 150.0, 80.0, W, H).expect("pans");
        assert!(g.dragged());
        assert_eq!((v.x, v.y), (-50.0, 20.0));
        g.up(1, v);
        assert!(g.idle());
    }

    #[test]
    fn spreading_two_fingers_zooms_in_about_their_midpoint() {
        let start = ViewBox::actual(0.0, 0.0, W, H);
        let mut g = Gesture::default();
        g.down(1, 150.0, 150.0, start);
        g.down(2, 250.0, 150.0, start);
        let at = start.user_point(W, H, 200.0, 150.0);
        let v = g.moved(2, 350.0, 150.0, W, H).expect("zooms");
        // The fingers moved apart from 100 to 200 px: twice the zoom.
        assert!((v.w - start.w / 2.0).abs() < 1e-9);
        // The drawing point under the fingers' midpoint (now at 250 px) is the one that was
        // under it at the start.
        let under = v.user_point(W, H, 250.0, 150.0);
        assert!((under.0 - at.0).abs() < 1e-9 && (under.1 - at.1).abs() < 1e-9);
    }

    #[test]
    fn lifting_one_finger_continues_as_a_pan_from_where_the_pinch_left() {
        let start = ViewBox::actual(0.0, 0.0, W, H);
        let mut g = Gesture::default();
        g.down(1, 150.0, 150.0, start);
        g.down(2, 250.0, 150.0, start);
        let pinched = g.moved(2, 350.0, 150.0, W, H).expect("zooms");
        g.up(2, pinched);
        let v = g.moved(1, 160.0, 150.0, W, H).expect("pans");
        assert!((v.w - pinched.w).abs() < 1e-9);
        assert!(v.x < pinched.x);
    }
}
