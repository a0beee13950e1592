//! `rivulet interp K.c [--json]`: runs the kernel's `main` in the reference interpreter.

use crate::compile::{load, lookup_next_to};
use crate::output::outln;
use rivulet_core::diag::{has_errors, render};
use rivulet_core::driver::{self, DriverOptions, StageGroup};
use rivulet_core::interp::json;
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
    let mut options = DriverOptions {
        golden: true,
        stop_after: Some(StageGroup::Golden),
        ..DriverOptions::default()
    };
    if let Some(n) = max_steps {
        options.interp.max_steps = n;
    }
    let out = driver::compile(&mut sources, id, &mut lookup, &options, &mut |_| {});
    eprint!("{}", render(&sources, &out.diagnostics));
    let (Some(result), Some(cfg)) = (&out.golden, &out.cfg) else {
        return ExitCode::from(1);
    };
    if has_errors(&out.diagnostics) {
        return ExitCode::from(1);
    }
    let Some(call) = result.last_call() else {
        eprintln!("error: `main` never called the kernel `{}`", cfg.kernel);
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
