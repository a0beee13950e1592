//! Yosys scripts for a bundle's Verilog sources (`sources`: file names in compilation order,
//! relative to the directory Yosys runs in; `top`: the kernel's top module).
//!
//! * [`check_script`]: the structural check, fast enough for every bundle: elaborate with
//!   `hierarchy -check`, convert processes, flatten, then `check -assert` before any
//!   optimisation (so a register driven from two processes is still visible) and require that
//!   no latch was inferred.
//! * [`area_script`]: `synth_xilinx -family xc7` twice: flattened (the circuit's totals, the
//!   netlist written to [`FLAT_JSON`], then `sta` for the longest path) and, unless `flat_only`,
//!   with the hierarchy kept (the per-instance breakdown, [`HIER_JSON`]). The Xilinx cell
//!   library's blackboxes are deleted before each netlist is written, so the files hold only
//!   the design.

/// The flattened netlist [`area_script`] writes.
pub const FLAT_JSON: &str = "synth-flat.json";
/// The hierarchical netlist [`area_script`] writes (unless `flat_only`).
pub const HIER_JSON: &str = "synth-hier.json";

/// Latch cells of Yosys's internal library after `proc`.
const LATCH_CELLS: &str = "t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_*";

fn read(sources: &[String]) -> String {
    format!("read_verilog {}\n", sources.join(" "))
}

/// The structural check (see the module doc); Yosys exits non-zero when it fails.
pub fn check_script(top: &str, sources: &[String]) -> String {
    format!(
        "{}hierarchy -check -top {top}\nproc\nflatten\ncheck -assert\nselect -assert-none {LATCH_CELLS}\n",
        read(sources)
    )
}

/// Full synthesis for the area report (see the module doc).
pub fn area_script(top: &str, sources: &[String], flat_only: bool) -> String {
    let synth = format!("synth_xilinx -family xc7 -top {top} -noiopad -noclkbuf");
    let mut s = read(sources);
    s += "design -save read\n";
    s += &format!("{synth} -flatten\ncheck -assert\ndesign -save mapped\nsta\n");
    s += &format!("design -load mapped\ndelete =A:blackbox\nwrite_json {FLAT_JSON}\n");
    if !flat_only {
        s += &format!("design -load read\n{synth}\ndelete =A:blackbox\nwrite_json {HIER_JSON}\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn srcs() -> Vec<String> {
        vec!["addi.v".into(), "k.v".into()]
    }

    #[test]
    fn check_reads_every_source_and_asserts() {
        let s = check_script("k", &srcs());
        assert!(s.starts_with("read_verilog addi.v k.v\n"));
        assert!(s.contains("hierarchy -check -top k\n"));
        // `check` must run before any optimisation removes a doubly driven register.
        let check = s.find("check -assert").unwrap();
        assert!(!s[..check].contains("opt"));
        assert!(s.contains("select -assert-none t:$dlatch"));
    }

    #[test]
    fn area_writes_both_netlists_unless_flat_only() {
        let full = area_script("k", &srcs(), false);
        assert!(full.contains(FLAT_JSON) && full.contains(HIER_JSON));
        assert!(full.contains("-flatten") && full.contains("\nsta\n"));
        let flat = area_script("k", &srcs(), true);
        assert!(flat.contains(FLAT_JSON) && !flat.contains(HIER_JSON));
    }
}
