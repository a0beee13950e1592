//! Each loop's measured initiation interval, read from the simulator's report (its lines
//! `loop at bb1 (control_merge0): 65 header tokens, II = 2`), and matched to the loops
//! (CFDFCs, named by their blocks: `bb1-bb2`) the placement predicts a throughput for.

/// The simulator report's loops, each `(header block, II)`: `("bb1", "2")` (`-` when it
/// could not be measured).
pub fn measured(report: &str) -> Vec<(String, String)> {
    report
        .lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("loop at ")?;
            let block = rest.split_whitespace().next()?;
            let ii = rest.rsplit_once("II = ")?.1.trim();
            Some((block.to_string(), ii.to_string()))
        })
        .collect()
}

/// The measured II of the loop named `cfdfc` (`bb1-bb2`): that of the first of its blocks
/// that heads a simulated loop, with that block (`bb1: 2`).
pub fn measured_for(cfdfc: &str, loops: &[(String, String)]) -> Option<String> {
    cfdfc.split('-').find_map(|b| {
        loops
            .iter()
            .find(|(block, _)| block == b)
            .map(|(block, ii)| format!("{ii} (loop at {block})"))
    })
}

/// The initiation interval a throughput of `tokens_per_cycle` means (`1 / throughput`).
pub fn predicted_ii(tokens_per_cycle: f64) -> String {
    if tokens_per_cycle > 0.0 {
        format!("{:.2}", 1.0 / tokens_per_cycle)
    } else {
        "–".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REPORT: &str = "loop at bb1 (control_merge0): 65 header tokens, II = 2\n\
                          loop at bb3 (control_merge1): 1 header tokens, II = -";

    #[test]
    fn reads_the_loops_and_matches_them_by_block() {
        let loops = measured(REPORT);
        assert_eq!(
            loops,
            [
                ("bb1".to_string(), "2".to_string()),
                ("bb3".to_string(), "-".to_string())
            ]
        );
        assert_eq!(
            measured_for("bb2-bb1", &loops).as_deref(),
            Some("2 (loop at bb1)")
        );
        assert_eq!(measured_for("bb2", &loops), None);
        assert_eq!(predicted_ii(0.5), "2.00");
        assert_eq!(predicted_ii(0.0), "–");
    }
}
