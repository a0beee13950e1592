//! The area and timing report of `rivulet compile --report-area`: the whole circuit's cells
//! (flattened synthesis), Yosys's longest path beside the timing model's, and the cells per
//! unit instance and per template (hierarchical synthesis).
//!
//! The first line after the heading is a `key=value` summary a script can read; the tables
//! follow. Instance rows are sorted by LUTs, largest first.

use super::log::Problem;
use super::netlist::{Area, InstanceArea};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Everything the report shows.
#[derive(Clone, Debug, Default)]
pub struct AreaReport {
    /// The flattened circuit's cells.
    pub total: Area,
    /// Yosys `sta`'s longest path in nanoseconds.
    pub yosys_path_ns: Option<f64>,
    /// The timing model's critical path of the placed circuit in nanoseconds.
    pub model_path_ns: Option<f64>,
    /// Per instance, from the hierarchical synthesis (empty when not run).
    pub instances: Vec<InstanceArea>,
    /// Broken-hardware findings of the logs.
    pub problems: Vec<Problem>,
}

const HEADER: &str = "   LUT     FF  LUTRAM/SRL  CARRY4   MUXF   DSP  BRAM";

fn row(a: &Area) -> String {
    format!(
        "{:>6} {:>6} {:>11} {:>7} {:>6} {:>5} {:>5}",
        a.luts, a.ffs, a.lutram, a.carry, a.muxf, a.dsps, a.brams
    )
}

/// Writes a table: the heading, then one row per `(name, area)`, names padded to the longest.
fn table(s: &mut String, title: &str, heading: &str, rows: &[(String, Area)]) {
    let w = rows
        .iter()
        .map(|(n, _)| n.len())
        .chain([heading.len(), 20])
        .max()
        .unwrap_or(20)
        + 1;
    let _ = writeln!(s, "\n{title}\n{heading:<w$}{HEADER}");
    for (name, a) in rows {
        let _ = writeln!(s, "{name:<w$}{}", row(a));
    }
}

fn ns(v: Option<f64>) -> String {
    v.map_or("n/a".into(), |v| format!("{v:.3}"))
}

/// Formats the report (see the module doc).
pub fn format_report(r: &AreaReport) -> String {
    let t = &r.total;
    let mut s = String::from("area and timing (Yosys synth_xilinx -family xc7):\n");
    let _ = writeln!(
        s,
        "area: lut={} ff={} lutram={} carry={} muxf={} dsp={} bram={} path_ns={} model_ns={}",
        t.luts,
        t.ffs,
        t.lutram,
        t.carry,
        t.muxf,
        t.dsps,
        t.brams,
        ns(r.yosys_path_ns),
        ns(r.model_path_ns)
    );
    let _ = writeln!(
        s,
        "{:<24}{HEADER}\n{:<24}{}",
        "",
        "circuit (flattened)",
        row(t)
    );
    let _ = writeln!(
        s,
        "longest combinational path: {} ns (Yosys sta); timing model: {} ns",
        ns(r.yosys_path_ns),
        ns(r.model_path_ns)
    );
    if !r.instances.is_empty() {
        let mut rows: Vec<&InstanceArea> = r.instances.iter().collect();
        rows.sort_by(|a, b| {
            b.area
                .luts
                .cmp(&a.area.luts)
                .then(a.instance.cmp(&b.instance))
        });
        let rows: Vec<(String, Area)> = rows
            .iter()
            .map(|i| (format!("{} ({})", i.instance, i.template), i.area))
            .collect();
        table(
            &mut s,
            "per unit instance (hierarchy kept, so no logic is shared across units):",
            "instance (template)",
            &rows,
        );
        let mut per_template: BTreeMap<&str, (usize, Area)> = BTreeMap::new();
        for i in &r.instances {
            let e = per_template.entry(&i.template).or_default();
            e.0 += 1;
            e.1 = e.1.plus(&i.area);
        }
        let mut templates: Vec<_> = per_template.into_iter().collect();
        templates.sort_by(|a, b| b.1 .1.luts.cmp(&a.1 .1.luts).then(a.0.cmp(b.0)));
        let rows: Vec<(String, Area)> = templates
            .into_iter()
            .map(|(name, (n, a))| (format!("{name} ({n})"), a))
            .collect();
        table(&mut s, "per template:", "template (instances)", &rows);
    }
    for p in &r.problems {
        let _ = writeln!(s, "problem: {}: {}", p.kind.name(), p.message);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(luts: u64, ffs: u64) -> Area {
        Area {
            luts,
            ffs,
            ..Area::default()
        }
    }

    #[test]
    fn summary_line_then_instances_by_size_then_templates() {
        let r = AreaReport {
            total: Area {
                luts: 30,
                ffs: 12,
                dsps: 3,
                ..Area::default()
            },
            yosys_path_ns: Some(6.941),
            model_path_ns: Some(4.3),
            instances: vec![
                InstanceArea {
                    instance: "addi0".into(),
                    template: "addi".into(),
                    area: area(8, 0),
                },
                InstanceArea {
                    instance: "muli0".into(),
                    template: "muli".into(),
                    area: area(20, 12),
                },
                InstanceArea {
                    instance: "addi1".into(),
                    template: "addi".into(),
                    area: area(9, 0),
                },
            ],
            problems: vec![],
        };
        let s = format_report(&r);
        assert!(s.contains(
            "area: lut=30 ff=12 lutram=0 carry=0 muxf=0 dsp=3 bram=0 path_ns=6.941 model_ns=4.300"
        ));
        let pos = |needle: &str| s.find(needle).unwrap_or_else(|| panic!("{needle} in {s}"));
        assert!(pos("muli0 (muli)") < pos("addi1 (addi)"));
        assert!(pos("addi1 (addi)") < pos("addi0 (addi)"));
        assert!(pos("muli (1)") < pos("addi (2)"));
        assert!(s.contains(&format!("{:<21}{}", "addi (2)", row(&area(17, 0)))));
    }

    #[test]
    fn missing_paths_read_n_a() {
        let s = format_report(&AreaReport::default());
        assert!(s.contains("path_ns=n/a model_ns=n/a"));
        assert!(!s.contains("per unit instance"));
    }
}
