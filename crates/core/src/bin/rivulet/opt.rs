//! `rivulet opt`: parse, verify and print Handshake IR.
//!
//! Files made of `// -----` separated cases are handled case by case and printed back with the
//! same separators. `--emit-synth` prints each case lowered to Synth instead. Exit code 1 when any case has a parse or (requested) verification error.

use crate::output::out;
use rivulet_core::diag::{has_errors, render, SourceMap};
use rivulet_core::handshake::{dot, parse_cases, print_module, verify_module, VerifyOptions};
use rivulet_core::synth;
use std::path::Path;
use std::process::ExitCode;

/// What `rivulet opt` should do besides parsing and printing.
pub struct OptArgs<'a> {
    /// The input file.
    pub file: &'a Path,
    /// Run the verifier.
    pub verify: bool,
    /// Run the verifier and require materialized channels (one producer, one consumer).
    pub verify_materialized: bool,
    /// Print Graphviz DOT of every function instead of the IR.
    pub print_dot: bool,
    /// Lower every case to Synth and print that instead of the IR.
    pub emit_synth: bool,
}

/// Runs the subcommand.
pub fn run(args: &OptArgs<'_>) -> ExitCode {
    let text = match std::fs::read_to_string(args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("rivulet opt: cannot read {}: {e}", args.file.display());
            return ExitCode::from(1);
        }
    };
    let mut sources = SourceMap::new();
    let file = sources.add(args.file.display().to_string(), text.clone());
    let opts = VerifyOptions {
        materialized: args.verify_materialized,
    };
    let mut failed = false;
    let mut outputs = Vec::new();
    for (module, mut diags) in parse_cases(&text, file) {
        if !has_errors(&diags) && (args.verify || args.verify_materialized) {
            diags.extend(verify_module(&module, &opts));
        }
        if !diags.is_empty() {
            eprint!("{}", render(&sources, &diags));
        }
        failed |= has_errors(&diags);
        outputs.push(if args.print_dot {
            module.funcs.iter().map(dot::to_dot).collect::<String>()
        } else if args.emit_synth && !has_errors(&diags) {
            match synth::lower_module(&module) {
                Ok(lowered) => synth::print(&lowered),
                Err(errs) => {
                    eprint!("{}", render(&sources, &errs));
                    failed = true;
                    String::new()
                }
            }
        } else {
            print_module(&module)
        });
    }
    if failed {
        return ExitCode::from(1);
    }
    out!("{}", outputs.join("\n// -----\n\n"));
    ExitCode::SUCCESS
}
