//! Standard output for every subcommand: `out!` and `outln!` replace `print!` and `println!`.
//!
//! `print!` panics when stdout is a closed pipe (`rivulet compile K.c | head -1`). These macros
//! write to the locked stdout and flush, so every failure surfaces at the call that caused it: a
//! closed pipe ends the process quietly with exit code 0 (the reader has all it wanted), any other
//! write error ends it with a message on stderr and exit code 1.

use std::io::{ErrorKind, Write};

/// Writes `args` to stdout and flushes; never returns on a write error (see the module doc).
pub fn write_stdout(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        drop(out);
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(1);
    }
}

/// `print!` to stdout through [`write_stdout`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write_stdout(format_args!($($arg)*))
    };
}

/// `println!` to stdout through [`write_stdout`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {out, outln};
