//! Links between C lines and the circuit's units, the way Compiler Explorer links source and
//! assembly: each line that produced units gets a colour band shared with its units; a line
//! under the cursor names its units, and a unit names its lines.
//!
//! Invariant: bands are numbered in line order (file, then line) and cycle through [`BANDS`]
//! colours, so neighbouring lines never share one and the colours do not depend on unit order.

use rivulet_core::view::{GraphView, ViewOrigin};
use std::collections::BTreeMap;

/// The number of band colours (`--band-0` … in the stylesheet).
pub const BANDS: usize = 6;

/// A line of a file.
pub type Line = (String, u32);

/// The band of every line that starts some unit's range.
pub fn line_bands(graph: &GraphView) -> BTreeMap<Line, usize> {
    let mut lines: BTreeMap<Line, usize> = graph
        .units
        .iter()
        .filter_map(|u| u.origin.as_ref())
        .map(|o| ((o.file.clone(), o.line), 0))
        .collect();
    for (k, band) in lines.values_mut().enumerate() {
        *band = k % BANDS;
    }
    lines
}

/// Each unit's band (that of its first line), by unit index.
pub fn unit_bands(graph: &GraphView, bands: &BTreeMap<Line, usize>) -> Vec<Option<usize>> {
    graph
        .units
        .iter()
        .map(|u| {
            let o = u.origin.as_ref()?;
            bands.get(&(o.file.clone(), o.line)).copied()
        })
        .collect()
}

/// The units (by index) whose range covers `line` of `file`.
pub fn units_on_line(graph: &GraphView, file: &str, line: u32) -> Vec<usize> {
    graph
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.origin.as_ref().is_some_and(|o| covers(o, file, line)))
        .map(|(i, _)| i)
        .collect()
}

/// True when `o` covers `line` of `file`.
pub fn covers(o: &ViewOrigin, file: &str, line: u32) -> bool {
    o.file == file && (o.line..=o.end_line.max(o.line)).contains(&line)
}

/// The band layer's HTML for a file of `lines` lines: one block per line, tinted with its
/// band (`band_of`) and marked `picked` within `picked` (the selected unit's lines) and `cursor`
/// on `cursor` when that line produced units.
pub fn band_layer(
    lines: usize,
    band_of: impl Fn(u32) -> Option<usize>,
    picked: Option<(u32, u32)>,
    cursor: Option<u32>,
) -> String {
    let mut out = String::with_capacity(lines * 40);
    for line in 1..=lines.max(1) as u32 {
        out.push_str("<span class=\"band-line");
        if let Some(band) = band_of(line) {
            out.push_str(&format!(" band band-{band}"));
            if cursor == Some(line) {
                out.push_str(" cursor");
            }
        }
        if picked.is_some_and(|(first, last)| (first..=last).contains(&line)) {
            out.push_str(" picked");
        }
        out.push_str(&format!("\" data-line=\"{line}\"> </span>"));
    }
    out
}

/// The 1-based line of a byte offset of `text`.
pub fn line_at(text: &str, offset: usize) -> u32 {
    let end = offset.min(text.len());
    let end = (0..=end)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    text[..end].matches('\n').count() as u32 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use rivulet_core::view::ViewUnit;

    fn unit(origin: Option<(&str, u32, u32)>) -> ViewUnit {
        ViewUnit {
            origin: origin.map(|(file, line, end_line)| ViewOrigin {
                file: file.into(),
                line,
                col: 1,
                end_line,
                end_col: 2,
            }),
            ..crate::panels::views::fixture::unit("")
        }
    }

    #[test]
    fn lines_get_bands_in_order_and_units_share_their_first_lines() {
        let g = GraphView {
            units: vec![
                unit(Some(("k.c", 10, 10))),
                unit(Some(("k.c", 9, 11))),
                unit(None),
                unit(Some(("k.c", 10, 10))),
                unit(Some(("k.h", 2, 2))),
            ],
            ..GraphView::default()
        };
        let bands = line_bands(&g);
        assert_eq!(
            bands.into_iter().collect::<Vec<_>>(),
            [
                (("k.c".into(), 9), 0),
                (("k.c".into(), 10), 1),
                (("k.h".into(), 2), 2)
            ]
        );
        let bands = line_bands(&g);
        assert_eq!(
            unit_bands(&g, &bands),
            [Some(1), Some(0), None, Some(1), Some(2)]
        );
        assert_eq!(units_on_line(&g, "k.c", 10), [0, 1, 3]);
        assert_eq!(units_on_line(&g, "k.c", 11), [1]);
        assert_eq!(units_on_line(&g, "k.h", 10), Vec::<usize>::new());
    }

    #[test]
    fn the_band_layer_has_one_block_per_line_with_its_band_and_marks() {
        let html = band_layer(3, |l| (l == 2).then_some(4), Some((2, 3)), Some(2));
        assert_eq!(
            html,
            "<span class=\"band-line\" data-line=\"1\"> </span>\
             <span class=\"band-line band band-4 cursor picked\" data-line=\"2\"> </span>\
             <span class=\"band-line picked\" data-line=\"3\"> </span>"
        );
    }

    #[test]
    fn lines_of_offsets_count_newlines_before_them() {
        let text = "a\nbé\n\nc";
        assert_eq!(line_at(text, 0), 1);
        assert_eq!(line_at(text, 2), 2);
        assert_eq!(line_at(text, 4), 2); // inside `é`
        assert_eq!(line_at(text, 6), 3);
        assert_eq!(line_at(text, 99), 4);
    }
}
