//! The area view's heat map: each unit of the graph filled by its share of one resource
//! (LUTs by default) from the hierarchical synthesis. Units without an instance in the netlist
//! (kernel arguments, the end) are left as drawn.

use super::table::Column;
use crate::panels::views::graph::HeatCell;
use rivulet_core::view::ViewUnit;
use rivulet_core::yosys::InstanceArea;
use std::collections::HashMap;

/// The heat-map cell of each unit (by index), for `metric`. The fill's strength grows with the
/// logarithm of the count, so a 30-LUT fork stays visible beside a 4,000-LUT divider.
pub fn heat_cells(
    units: &[ViewUnit],
    instances: &[InstanceArea],
    metric: Column,
) -> Vec<Option<HeatCell>> {
    let by_name: HashMap<&str, u64> = instances
        .iter()
        .map(|i| (i.instance.as_str(), metric.value(&i.area)))
        .collect();
    let max = by_name.values().copied().max().unwrap_or(0);
    units
        .iter()
        .map(|u| {
            let v = *by_name.get(u.name.as_str())?;
            Some(HeatCell {
                colour: format!(
                    "color-mix(in srgb, var(--danger) {}%, var(--pane))",
                    strength(v, max)
                ),
                caption: format!("{v} {}", metric.title()),
            })
        })
        .collect()
}

/// Percent of the heat colour for `v` of at most `max`: 0 for nothing, 15–90 otherwise.
fn strength(v: u64, max: u64) -> u32 {
    if v == 0 || max == 0 {
        return 0;
    }
    let f = ((v as f64).ln_1p() / (max as f64).ln_1p()).clamp(0.0, 1.0);
    15 + (f * 75.0).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_grows_with_the_count_and_caps_at_the_largest() {
        assert_eq!(strength(0, 100), 0);
        assert_eq!(strength(100, 100), 90);
        let (small, mid) = (strength(2, 100), strength(30, 100));
        assert!(15 < small && small < mid && mid < 90, "{small} {mid}");
    }
}
