//! The `rivulet` command line: the same compiler as the web app, on files.
//!
//! Each subcommand reads its inputs, calls the core, renders diagnostics and sets the exit code:
//! 0 on success, 1 when the input is rejected or a check fails, 2 for usage errors.

mod buffers;
mod compile;
mod compile_hs;
mod interp;
mod opt;
mod output;
mod rtl;
mod sim;
mod synth;

use clap::{Parser, Subcommand};
use rivulet_core::driver::BufferOptions;
use rivulet_core::options::{BufferAlgorithm, Hdl, MemoryMode};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "rivulet",
    version,
    about = "Compile C kernels into dataflow circuits"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a C kernel and emit one of its intermediate forms or RTL.
    Compile {
        /// The kernel's C file.
        file: std::path::PathBuf,
        /// What to print (default: `cfg`, or `handshake` with `--buffers` or `--dump-milp`).
        #[arg(long, value_enum)]
        emit: Option<compile::Emit>,
        /// Emit RTL in this language (with `-o` and/or `--zip`).
        #[arg(long, value_enum)]
        hdl: Option<Hdl>,
        /// Write the RTL, testbench, run-sim.sh, IR stages and report to this directory.
        #[arg(short = 'o', long = "out")]
        out: Option<std::path::PathBuf>,
        /// Write the same files as a zip bundle.
        #[arg(long)]
        zip: Option<std::path::PathBuf>,
        /// RTL configuration file (repeatable; default: the built-in one of the HDL).
        #[arg(long = "rtl-config")]
        rtl_config: Vec<std::path::PathBuf>,
        /// Let RTL configurations run external generator commands.
        #[arg(long)]
        allow_generators: bool,
        /// Place buffers with this algorithm (the IR printed is then the buffered one).
        #[arg(long, value_enum)]
        buffers: Option<BufferAlgorithm>,
        /// Target clock period in ns for the MILP placements.
        #[arg(long, default_value_t = 4.0)]
        clock_period: f64,
        /// Unit timing characterisation (JSON, the format of configs/timing.json; default:
        /// the built-in one).
        #[arg(long)]
        timing: Option<std::path::PathBuf>,
        /// Write the placement's MILPs as CPLEX LP files into this directory.
        #[arg(long)]
        dump_milp: Option<std::path::PathBuf>,
        /// Keep every unit at its C type's width (skip the optimize-bitwidths stage).
        #[arg(long)]
        no_bitwidth_opt: bool,
        /// How loads and stores that may conflict are ordered: per array by the analysis
        /// (`auto`), a load-store queue, or the ordering token (docs/memory-ordering.md).
        #[arg(long, value_enum, default_value = "auto")]
        memory: MemoryMode,
        /// Entries of every load-store queue's load queue and store queue, 1 to 64 (default:
        /// sized on the kernel's run, docs/memory-ordering.md).
        #[arg(long)]
        lsq_depth: Option<usize>,
        /// Most cycles the testbench waits for the outputs (default: scaled to the work the
        /// interpreter measured, see docs/simulation.md).
        #[arg(long)]
        max_cycles: Option<u64>,
        /// Check that the Verilog synthesizes with Yosys without multiple drivers, latches,
        /// combinational loops or undriven signals (needs `yosys`).
        #[arg(long)]
        check_synth: bool,
        /// Synthesize the Verilog with Yosys for a Xilinx 7-series part and print LUTs,
        /// flip-flops, LUT-RAM/SRL, carry chains, DSPs and block RAMs for the circuit and
        /// (`units`, the default) per unit instance, with the longest path (needs `yosys`).
        #[arg(long, value_enum, num_args = 0..=1, default_missing_value = "units")]
        report_area: Option<synth::AreaDetail>,
        /// Also simulate the circuit on the golden call (as `rivulet sim`) and record its
        /// cycle count in report.txt (`simulator: N cycles`); fails when it does not finish
        /// with the interpreter's outputs.
        #[arg(long)]
        simulate: bool,
    },
    /// Run a kernel's `main` in the reference interpreter and print its golden outputs.
    Interp {
        /// The kernel's C file.
        file: std::path::PathBuf,
        /// Print the golden outputs as one JSON object on the last line.
        #[arg(long)]
        json: bool,
        /// Most instructions the run may execute before it is stopped.
        #[arg(long)]
        max_steps: Option<u64>,
    },
    /// Simulate a kernel's circuit cycle by cycle and check it against the interpreter.
    Sim {
        /// The kernel's C file.
        file: std::path::PathBuf,
        /// Buffer placement before simulating.
        #[arg(long, value_enum, default_value = "on-merges")]
        buffers: BufferAlgorithm,
        /// Target clock period in ns for the MILP placements.
        #[arg(long, default_value_t = 4.0)]
        clock_period: f64,
        /// Unit timing characterisation (JSON, the format of configs/timing.json; default:
        /// the built-in one).
        #[arg(long)]
        timing: Option<std::path::PathBuf>,
        /// Write the trace as VCD to this file.
        #[arg(long)]
        vcd: Option<std::path::PathBuf>,
        /// Print the simulated outputs as one JSON object (with "cycles") on the last line.
        #[arg(long)]
        json: bool,
        /// Keep every unit at its C type's width (skip the optimize-bitwidths stage).
        #[arg(long)]
        no_bitwidth_opt: bool,
        /// How loads and stores that may conflict are ordered: per array by the analysis
        /// (`auto`), a load-store queue, or the ordering token (docs/memory-ordering.md).
        #[arg(long, value_enum, default_value = "auto")]
        memory: MemoryMode,
        /// Entries of every load-store queue's load queue and store queue, 1 to 64 (default:
        /// sized on the kernel's run, docs/memory-ordering.md).
        #[arg(long)]
        lsq_depth: Option<usize>,
        /// Stop after this many cycles (default: scaled to the work the interpreter measured,
        /// see docs/simulation.md).
        #[arg(long)]
        max_cycles: Option<u64>,
    },
    /// Parse, verify and print Handshake IR.
    Opt {
        /// The Handshake IR file (cases may be separated by `// -----` lines).
        file: std::path::PathBuf,
        /// Check the IR's type and structure rules.
        #[arg(long)]
        verify: bool,
        /// Also require every channel to have exactly one producer and one consumer.
        #[arg(long)]
        verify_materialized: bool,
        /// Print Graphviz DOT (one cluster per basic block) instead of the IR.
        #[arg(long)]
        print_dot: bool,
        /// Lower to Synth (unbundled, ready-inverted, single-bit `hw.module`s) and print it.
        #[arg(long)]
        emit_synth: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Compile {
            file,
            emit,
            hdl,
            out,
            zip,
            rtl_config,
            allow_generators,
            buffers,
            clock_period,
            timing,
            dump_milp,
            no_bitwidth_opt,
            memory,
            lsq_depth,
            max_cycles,
            check_synth,
            report_area,
            simulate,
        } => {
            let buffers = buffers.map(|algorithm| BufferOptions {
                algorithm,
                clock_period_ns: clock_period,
            });
            let placement = match compile::Placement::new(
                buffers,
                timing.as_deref(),
                dump_milp,
                no_bitwidth_opt,
                memory,
                lsq_depth,
            ) {
                Ok(p) => p,
                Err(code) => return code,
            };
            let emit = emit.unwrap_or(
                if placement.buffers.is_some() || placement.dump_milp.is_some() {
                    compile::Emit::Handshake
                } else {
                    compile::Emit::Cfg
                },
            );
            let rtl = rtl::RtlArgs {
                hdl,
                out,
                zip,
                configs: rtl_config,
                allow_generators,
                max_cycles,
                synth: synth::SynthArgs {
                    check: check_synth,
                    area: report_area,
                },
                simulate,
            };
            compile::run(&file, emit, &rtl, &placement)
        }
        Command::Interp {
            file,
            json,
            max_steps,
        } => interp::run_cmd(&file, json, max_steps),
        Command::Sim {
            file,
            buffers,
            clock_period,
            timing,
            vcd,
            json,
            no_bitwidth_opt,
            memory,
            lsq_depth,
            max_cycles,
        } => {
            let buffers = Some(BufferOptions {
                algorithm: buffers,
                clock_period_ns: clock_period,
            });
            let placement = match compile::Placement::new(
                buffers,
                timing.as_deref(),
                None,
                no_bitwidth_opt,
                memory,
                lsq_depth,
            ) {
                Ok(p) => p,
                Err(code) => return code,
            };
            sim::run_cmd(&file, &placement, vcd.as_deref(), json, max_cycles)
        }
        Command::Opt {
            file,
            verify,
            verify_materialized,
            print_dot,
            emit_synth,
        } => opt::run(&opt::OptArgs {
            file: &file,
            verify,
            verify_materialized,
            print_dot,
            emit_synth,
        }),
    }
}
