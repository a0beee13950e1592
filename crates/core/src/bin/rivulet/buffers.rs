//! The placement summary `compile` and `sim` print, and the LP files of `--dump-milp`.

use rivulet_core::driver::BufferReport;
use rivulet_core::options::BufferAlgorithm;
use std::path::Path;

/// A few lines describing what the placement did.
pub fn summary(r: &BufferReport) -> String {
    let mut s = format!(
        "buffers: {} ({} buffer operations, clock period {} ns)\n",
        r.algorithm, r.buffers, r.clock_period_ns
    );
    let against_clock = |ns: f64| {
        if ns <= r.clock_period_ns + rivulet_core::timing::TIME_TOLERANCE_NS {
            "meets the clock period"
        } else {
            "misses the clock period"
        }
    };
    if let Some(ns) = r.critical_path_ns {
        s += &format!("critical path: {ns:.3} ns ({})\n", against_clock(ns));
    }
    if let Some(ns) = r
        .data_path_ns
        .filter(|_| r.algorithm == BufferAlgorithm::Fpga20)
    {
        s += &format!(
            "data path: {ns:.3} ns ({}; FPGA20 times data paths only)\n",
            against_clock(ns)
        );
    }
    if let Some(ns) = r.ready_path_ns {
        s += &format!("ready path: {ns:.3} ns ({})\n", against_clock(ns));
    }
    if let Some(m) = &r.milp {
        let num = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.9}"));
        s += &format!(
            "milp: {} variables ({} integer), {} constraints, {}, objective {}, LP bound {}, \
             {} nodes, solution from {}\n",
            m.variables,
            m.integer_variables,
            m.constraints,
            m.status,
            num(m.objective),
            num(m.lp_bound),
            m.nodes,
            m.source
        );
        s += &format!("milp status: {}\n", m.ended);
    }
    for t in &r.throughput {
        s += &format!(
            "loop {}: predicted throughput {:.3} ({} executions)\n",
            t.name, t.throughput, t.executions
        );
    }
    s
}

/// Writes the report's LP files into `dir`.
pub fn dump_lp(dir: &Path, r: &BufferReport) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (name, text) in &r.lp_files {
        let p = dir.join(name);
        std::fs::write(&p, text).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    Ok(())
}
