//! Logic synthesis with Yosys: the scripts that synthesize an emitted Verilog bundle for a
//! Xilinx 7-series part, and the readers of what Yosys prints and writes.
//!
//! The core stays pure: it only builds script text ([`script`]) and parses Yosys's log
//! ([`log`]: warnings that mean broken hardware, the longest path of `sta`) and JSON netlist
//! ([`netlist`]: cells per resource class, per unit instance). Running Yosys is the caller's
//! business (the CLI's `--report-area` and `--check-synth`). [`report`] formats the result.

pub mod log;
pub mod netlist;
pub mod report;
pub mod script;

pub use log::{longest_path_ns, problems, Problem, ProblemKind};
pub use netlist::{Area, InstanceArea, Netlist};
pub use report::{format_report, AreaReport};
