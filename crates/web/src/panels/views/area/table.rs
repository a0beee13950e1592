//! The area view's sortable table of unit instances (hierarchical synthesis): one row per
//! instance with its template and cells per resource class. A click on a column heading sorts
//! by it (again: the other way); a click on a row selects the unit, as in the graph.

use crate::state::use_session;
use leptos::prelude::*;
use rivulet_core::yosys::{Area, InstanceArea};
use std::cmp::Ordering;
use std::sync::Arc;

/// A column of the table; the numeric ones are also the heat map's metrics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The instance (unit) name.
    Instance,
    /// Its template.
    Template,
    /// Look-up tables.
    Lut,
    /// Flip-flops.
    Ff,
    /// LUT-RAM and shift-register LUTs.
    Lutram,
    /// `CARRY4` chains.
    Carry,
    /// `MUXF7`/`MUXF8`.
    Muxf,
    /// DSP slices.
    Dsp,
    /// Block RAMs.
    Bram,
}

impl Column {
    /// Every column, in display order.
    pub const ALL: [Column; 9] = [
        Column::Instance,
        Column::Template,
        Column::Lut,
        Column::Ff,
        Column::Lutram,
        Column::Carry,
        Column::Muxf,
        Column::Dsp,
        Column::Bram,
    ];

    /// The numeric columns.
    pub const METRICS: [Column; 7] = [
        Column::Lut,
        Column::Ff,
        Column::Lutram,
        Column::Carry,
        Column::Muxf,
        Column::Dsp,
        Column::Bram,
    ];

    /// Its heading.
    pub fn title(self) -> &'static str {
        match self {
            Column::Instance => "unit",
            Column::Template => "template",
            Column::Lut => "LUT",
            Column::Ff => "FF",
            Column::Lutram => "LUTRAM/SRL",
            Column::Carry => "CARRY4",
            Column::Muxf => "MUXF",
            Column::Dsp => "DSP",
            Column::Bram => "BRAM",
        }
    }

    /// A short stable name (test ids, the metric selector's values).
    pub fn key(self) -> &'static str {
        match self {
            Column::Instance => "instance",
            Column::Template => "template",
            Column::Lut => "lut",
            Column::Ff => "ff",
            Column::Lutram => "lutram",
            Column::Carry => "carry",
            Column::Muxf => "muxf",
            Column::Dsp => "dsp",
            Column::Bram => "bram",
        }
    }

    /// Its count in `a` (0 for the text columns).
    pub fn value(self, a: &Area) -> u64 {
        match self {
            Column::Instance | Column::Template => 0,
            Column::Lut => a.luts,
            Column::Ff => a.ffs,
            Column::Lutram => a.lutram,
            Column::Carry => a.carry,
            Column::Muxf => a.muxf,
            Column::Dsp => a.dsps,
            Column::Bram => a.brams,
        }
    }

    fn compare(self, a: &InstanceArea, b: &InstanceArea) -> Ordering {
        match self {
            Column::Instance => a.instance.cmp(&b.instance),
            Column::Template => a.template.cmp(&b.template),
            _ => self.value(&a.area).cmp(&self.value(&b.area)),
        }
    }
}

/// The instances sorted by `by` (numbers largest first unless `ascending`), ties by name.
pub fn sorted(instances: &[InstanceArea], by: Column, ascending: bool) -> Vec<InstanceArea> {
    let mut rows = instances.to_vec();
    rows.sort_by(|a, b| {
        let o = by.compare(a, b);
        let o = if ascending { o } else { o.reverse() };
        o.then_with(|| a.instance.cmp(&b.instance))
    });
    rows
}

/// The table of `instances`.
#[component]
pub fn InstanceTable(instances: Arc<Vec<InstanceArea>>) -> impl IntoView {
    let session = use_session();
    // Largest first by LUTs, as the CLI prints it.
    let sort = RwSignal::new((Column::Lut, false));
    let headings = Column::ALL
        .iter()
        .map(|&c| {
            let mark = move || {
                let (by, ascending) = sort.get();
                match (by == c, ascending) {
                    (false, _) => "",
                    (true, true) => " ▲",
                    (true, false) => " ▼",
                }
            };
            let aria = move || {
                let (by, ascending) = sort.get();
                match (by == c, ascending) {
                    (false, _) => "none",
                    (true, true) => "ascending",
                    (true, false) => "descending",
                }
            };
            view! {
                <th aria-sort=aria class:num=!matches!(c, Column::Instance | Column::Template)>
                    <button
                        class="sort"
                        data-testid=format!("area-sort-{}", c.key())
                        on:click=move |_| {
                            sort.update(|(by, ascending)| {
                                if *by == c {
                                    *ascending = !*ascending;
                                } else {
                                    // Names read A to Z, numbers largest first.
                                    *by = c;
                                    *ascending = matches!(c, Column::Instance | Column::Template);
                                }
                            })
                        }
                    >
                        {c.title()}
                        {mark}
                    </button>
                </th>
            }
        })
        .collect_view();
    let rows = move || {
        let (by, ascending) = sort.get();
        sorted(&instances, by, ascending)
            .into_iter()
            .map(|i| {
                let name = i.instance.clone();
                let here = i.instance.clone();
                let selected = move || {
                    session
                        .selected_unit
                        .with(|s| s.as_deref() == Some(here.as_str()))
                };
                let cells = Column::METRICS
                    .iter()
                    .map(|c| view! { <td class="num">{c.value(&i.area)}</td> })
                    .collect_view();
                view! {
                    <tr
                        data-testid="area-row"
                        data-name=i.instance.clone()
                        class:selected=selected
                        on:click=move |_| session.selected_unit.set(Some(name.clone()))
                    >
                        <td>{i.instance.clone()}</td>
                        <td class="muted">{i.template.clone()}</td>
                        {cells}
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <table class="area-table" data-testid="area-table">
            <thead>
                <tr>{headings}</tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inst(name: &str, luts: u64) -> InstanceArea {
        InstanceArea {
            instance: name.into(),
            template: "t".into(),
            area: Area {
                luts,
                ..Area::default()
            },
        }
    }

    #[test]
    fn sorts_numbers_largest_first_and_breaks_ties_by_name() {
        let rows = [inst("b", 3), inst("a", 3), inst("c", 9)];
        let names = |v: Vec<InstanceArea>| v.into_iter().map(|i| i.instance).collect::<Vec<_>>();
        assert_eq!(names(sorted(&rows, Column::Lut, false)), ["c", "a", "b"]);
        assert_eq!(names(sorted(&rows, Column::Lut, true)), ["a", "b", "c"]);
        assert_eq!(
            names(sorted(&rows, Column::Instance, true)),
            ["a", "b", "c"]
        );
    }
}
