//! Reading a Yosys log: the warnings that mean broken hardware, and the longest path `sta`
//! reports.
//!
//! A [`Problem`] is one signal or message, however many bits Yosys reports it for: the
//! per-bit warnings of a multi-bit signal (`\k [31]`, `\k [30]`, …) collapse into one. Every
//! other warning (memories replaced by registers, ABC's notes, `sta` endpoints without an
//! arrival time) is not a problem. A line starting with `ERROR:` always is.

/// What kind of broken hardware a warning means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProblemKind {
    /// A signal driven by more than one cell or process.
    MultipleDrivers,
    /// A latch inferred from a process that does not assign a signal on every path.
    Latch,
    /// A combinational loop.
    CombinationalLoop,
    /// A wire or port read but never driven.
    Undriven,
    /// An instance port connected to a signal of another width.
    PortWidth,
    /// A signal used without a declaration.
    ImplicitWire,
    /// Yosys stopped with an error (syntax, a missing module or port, a failed assertion).
    Error,
}

impl ProblemKind {
    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            ProblemKind::MultipleDrivers => "multiple drivers",
            ProblemKind::Latch => "latch inferred",
            ProblemKind::CombinationalLoop => "combinational loop",
            ProblemKind::Undriven => "undriven signal",
            ProblemKind::PortWidth => "port width mismatch",
            ProblemKind::ImplicitWire => "implicit wire",
            ProblemKind::Error => "error",
        }
    }
}

/// One broken-hardware finding of a log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Its kind.
    pub kind: ProblemKind,
    /// The log line, with a trailing bit index (` [31]:`) removed.
    pub message: String,
}

/// The kind of a log line, if it reports broken hardware.
fn classify(line: &str) -> Option<ProblemKind> {
    if line.starts_with("ERROR:") {
        return Some(ProblemKind::Error);
    }
    if line.starts_with("Latch inferred for signal") {
        return Some(ProblemKind::Latch);
    }
    let warning = line.strip_prefix("Warning: ")?;
    let kinds = [
        ("multiple conflicting drivers", ProblemKind::MultipleDrivers),
        ("found logic loop", ProblemKind::CombinationalLoop),
        ("has no driver", ProblemKind::Undriven),
        ("Resizing cell port", ProblemKind::PortWidth),
        ("is implicitly declared", ProblemKind::ImplicitWire),
    ];
    kinds
        .iter()
        .find(|(needle, _)| warning.contains(needle))
        .map(|&(_, kind)| kind)
}

/// Removes a trailing bit index and colon: `… \k [31]:` → `… \k`.
fn without_bit(line: &str) -> &str {
    let line = line.trim_end().trim_end_matches(':');
    match line.rfind(" [") {
        Some(i)
            if line.ends_with(']')
                && line[i + 2..line.len() - 1]
                    .bytes()
                    .all(|b| b.is_ascii_digit()) =>
        {
            &line[..i]
        }
        _ => line,
    }
}

/// The broken-hardware findings of a Yosys log, each signal once, in order of appearance.
pub fn problems(log: &str) -> Vec<Problem> {
    let mut out: Vec<Problem> = Vec::new();
    for line in log.lines() {
        let Some(kind) = classify(line) else { continue };
        let message = without_bit(line).to_string();
        if !out.iter().any(|p| p.kind == kind && p.message == message) {
            out.push(Problem { kind, message });
        }
    }
    out
}

/// The longest path of the last `sta` in the log, in nanoseconds (`sta` reports picoseconds:
/// `Latest arrival time in 'top' is 6941:`).
pub fn longest_path_ns(log: &str) -> Option<f64> {
    log.lines()
        .rev()
        .filter_map(|l| l.strip_prefix("Latest arrival time in '"))
        .filter_map(|rest| rest.split_once("' is ").map(|(_, t)| t))
        .find_map(|t| t.trim_end_matches(':').trim().parse::<f64>().ok())
        .map(|ps| ps / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Captured from Yosys 0.23: `proc; check` on a bundle whose shift register assigned its
    /// loop variable from two processes, plus the warnings every bundle prints.
    const TWO_DRIVERS: &str = r"31. Executing CHECK pass (checking for obvious problems).
Checking module $paramod$0f476eddac3cf449497c69b09c2ec9e27d14b5a5\muli...
Warning: Replacing memory \ld_cnt with list of registers. See mem_controller.v:131
Warning: multiple conflicting drivers for $paramod$c36d5697532d3c0db2a6a1354a2557cc40325fcd\shift_reg_break_dv.\k [31]:
    port Q[31] of cell $procdff$783 ($dff)
    port Q[31] of cell $procdff$778 ($dff)
Warning: multiple conflicting drivers for $paramod$c36d5697532d3c0db2a6a1354a2557cc40325fcd\shift_reg_break_dv.\k [30]:
    port Q[30] of cell $procdff$783 ($dff)
    port Q[30] of cell $procdff$778 ($dff)
No latch inferred for signal `\mux.\outs' from process `\mux.$proc$mux.v:28$1639'.
Found and reported 64 problems.
";

    #[test]
    fn per_bit_driver_warnings_collapse_to_one_signal() {
        let p = problems(TWO_DRIVERS);
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!(p[0].kind, ProblemKind::MultipleDrivers);
        assert!(
            p[0].message.ends_with("shift_reg_break_dv.\\k"),
            "{}",
            p[0].message
        );
    }

    #[test]
    fn latches_loops_undriven_and_errors_are_problems() {
        let log = "Latch inferred for signal `\\m.\\q' from process `\\m.$proc$m.v:3$1': $auto$proc_dlatch.cc:427$2\n\
            No latch inferred for signal `\\m.\\r' from process `\\m.$proc$m.v:3$1'.\n\
            Warning: found logic loop in module m:\n\
            Warning: Wire m.\\w is used but has no driver.\n\
            Warning: Resizing cell port m.u.a from 8 bits to 32 bits.\n\
            Warning: Identifier `\\x' is implicitly declared at m.v:4.\n\
            ERROR: Found 3 problems in 'check -assert'.\n";
        let kinds: Vec<_> = problems(log).iter().map(|p| p.kind).collect();
        use ProblemKind::*;
        assert_eq!(
            kinds,
            [
                Latch,
                CombinationalLoop,
                Undriven,
                PortWidth,
                ImplicitWire,
                Error
            ]
        );
    }

    #[test]
    fn harmless_warnings_are_not_problems() {
        let log = "Warning: Replacing memory \\data_r with list of registers. See shift_reg_break_dv.v:40\n\
            ABC: Warning: The network is combinational (run \"fraig\" or \"fraig_sweep\").\n\
            Warning: Endpoint fir.\\di_storeEn has no (* sta_arrival *) value.\n\
            Warning: Module 'MUXF7' has no timing arcs!\n";
        assert_eq!(problems(log), []);
    }

    #[test]
    fn longest_path_is_the_last_sta_in_nanoseconds() {
        let log = "Latest arrival time in 'fir' is 1200:\n\
            31. Executing STA pass (static timing analysis).\n\
            Warning: Module 'CARRY4' has no timing arcs!\n\
            Latest arrival time in 'fir' is 6941:\n    6941 $flatten\\muli0 (DSP48E1.PCIN)\n";
        assert_eq!(longest_path_ns(log), Some(6.941));
        assert_eq!(longest_path_ns("no sta here"), None);
    }
}
