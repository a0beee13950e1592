//! `rivulet compile K.c --emit <kind>`: compiles a kernel and prints one of its forms.

use rivulet_core::cfg::{compile_c, print};
use rivulet_core::diag::{has_errors, render, SourceMap};
use std::path::Path;
use std::process::ExitCode;

/// What `compile` prints.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Emit {
    /// The optimized CFG IR of the kernel.
    Cfg,
    /// The materialized Handshake IR (kernel and placeholder declarations).
    Handshake,
    /// The Handshake graph in Graphviz DOT (one cluster per basic block).
    Dot,
}

/// Reads the kernel and returns the source map, its file id and a header lookup next to it.
pub fn load(file: &Path) -> Result<(SourceMap, rivulet_core::diag::FileId), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let mut sources = SourceMap::new();
    let name = file
        .file_name()
        .map_or("kernel.c".into(), |n| n.to_string_lossy().into_owned());
    let id = sources.add(name, text);
    Ok((sources, id))
}

/// A header lookup reading files next to the kernel.
pub fn lookup_next_to(file: &Path) -> impl FnMut(&str) -> Option<String> {
    let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
    move |name: &str| std::fs::read_to_string(dir.join(name)).ok()
}

/// Runs the subcommand.
pub fn run(file: &Path, emit: Emit) -> ExitCode {
    let (mut sources, id) = match load(file) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
    };
    let mut lookup = lookup_next_to(file);
    if !matches!(emit, Emit::Cfg) {
        return crate::compile_hs::run(&mut sources, id, &mut lookup, emit);
    }
    let out = compile_c(&mut sources, id, &mut lookup, false);
    eprint!("{}", render(&sources, &out.diagnostics));
    if has_errors(&out.diagnostics) {
        return ExitCode::from(1);
    }
    let Some(module) = out.module else {
        return ExitCode::from(1);
    };
    match emit {
        Emit::Handshake | Emit::Dot => {}
        Emit::Cfg => {
            let mut kernel_only = module.clone();
            kernel_only.functions.truncate(1);
            print!("{}", print::print_module(&kernel_only));
        }
    }
    ExitCode::SUCCESS
}
