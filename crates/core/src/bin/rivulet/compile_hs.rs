//! `rivulet compile K.c --emit handshake|handshake-loc|dot|synth`: the kernel's materialized
//! Handshake IR (with C origins for `handshake-loc`), its graph, or its Synth lowering; with `--buffers`, of the circuit the driver buffered.

use crate::compile::{Emit, Placement};
use crate::output::out;
use rivulet_core::diag::{has_errors, render, FileId, SourceMap};
use rivulet_core::driver::{self, DriverOptions, StageGroup};
use rivulet_core::handshake::{dot, print_module, print_module_with_locations};
use rivulet_core::synth;
use std::process::ExitCode;

/// Compiles to Handshake and prints the IR or its graph.
pub fn run(
    sources: &mut SourceMap,
    id: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    emit: Emit,
    placement: &Placement,
) -> ExitCode {
    // Without `--buffers`, the materialized circuit before buffer placement.
    let options = DriverOptions {
        stop_after: Some(match placement.buffers {
            Some(_) => StageGroup::Hw,
            None => StageGroup::Handshake,
        }),
        ..placement.options()
    };
    let out = driver::compile(sources, id, lookup, &options, &mut |_| {});
    if let Err(e) = placement.finish(out.buffers.as_ref()) {
        eprintln!("error: {e}");
        return ExitCode::from(1);
    }
    let (module, diagnostics) = (out.module, out.diagnostics);
    eprint!("{}", render(sources, &diagnostics));
    let Some(module) = module.filter(|_| !has_errors(&diagnostics)) else {
        return ExitCode::from(1);
    };
    match emit {
        Emit::Dot => match module.funcs.first() {
            Some(f) => out!("{}", dot::to_dot(f)),
            None => return ExitCode::from(1),
        },
        Emit::Synth => match synth::lower_module(&module) {
            Ok(lowered) => out!("{}", synth::print(&lowered)),
            Err(diags) => {
                eprint!("{}", render(sources, &diags));
                return ExitCode::from(1);
            }
        },
        Emit::HandshakeLoc => out!("{}", print_module_with_locations(&module)),
        _ => out!("{}", print_module(&module)),
    }
    ExitCode::SUCCESS
}
