//! `rivulet interp K.c [--json]`: runs the kernel's `main` in the reference interpreter.

use crate::compile::{load, lookup_next_to};
use crate::output::outln;
use rivulet_core::cfg::compile_c;
use rivulet_core::diag::{has_errors, render};
use rivulet_core::interp::{json, run, InterpOptions};
use std::path::Path;
use std::process::ExitCode;

/// Runs the subcommand.
pub fn run_cmd(file: &Path, as_json: bool, max_steps: Option<u64>) -> ExitCode {
    let (mut sources, id) = match load(file) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let mut lookup = lookup_next_to(file);
    let out = compile_c(&mut sources, id, &mut lookup, false);
    eprint!("{}", render(&sources, &out.diagnostics));
    if has_errors(&out.diagnostics) {
        return ExitCode::from(1);
    }
    let Some(module) = out.module else {
        return ExitCode::from(1);
    };
    let mut opts = InterpOptions::default();
    if let Some(n) = max_steps {
        opts.max_steps = n;
    }
    let result = match run(&module, &opts) {
        Ok(r) => r,
        Err(d) => {
            eprint!("{}", render(&sources, &[d]));
            return ExitCode::from(1);
        }
    };
    let Some(call) = result.last_call() else {
        eprintln!("error: `main` never called the kernel `{}`", module.kernel);
        return ExitCode::from(1);
    };
    if as_json {
        outln!("{}", json::call_json(call));
    } else {
        for a in &call.outputs {
            let vs: Vec<String> = a.values.iter().map(|&v| json::scalar(v)).collect();
            outln!("{} = [{}]", a.name, vs.join(", "));
        }
        if let Some(r) = call.ret {
            outln!("return = {}", json::scalar(r));
        }
        outln!("steps = {}", result.steps);
    }
    ExitCode::SUCCESS
}
