//! `rivulet compile K.c --emit handshake|dot`: the kernel's materialized Handshake IR.

use crate::compile::Emit;
use rivulet_core::diag::{has_errors, render, FileId, SourceMap};
use rivulet_core::handshake::{dot, print_module};
use rivulet_core::pipeline::compile_c_to_handshake;
use std::process::ExitCode;

/// Compiles to Handshake and prints the IR or its graph.
pub fn run(
    sources: &mut SourceMap,
    id: FileId,
    lookup: &mut dyn FnMut(&str) -> Option<String>,
    emit: Emit,
) -> ExitCode {
    let out = compile_c_to_handshake(sources, id, lookup, false);
    eprint!("{}", render(sources, &out.diagnostics));
    let Some(module) = out.module.filter(|_| !has_errors(&out.diagnostics)) else {
        return ExitCode::from(1);
    };
    match emit {
        Emit::Dot => match module.funcs.first() {
            Some(f) => print!("{}", dot::to_dot(f)),
            None => return ExitCode::from(1),
        },
        _ => print!("{}", print_module(&module)),
    }
    ExitCode::SUCCESS
}
