//! Writes generated kernels (`tests/it/support/kernel_gen.rs`) as a kernel corpus:
//! `DIR/rand<seed>/rand<seed>.c` for each seed, so that the corpus scripts (e.g.
//! `tests/rtl-random/run.sh`) can run them.
//!
//! Usage: `cargo run -p rivulet-core --example random_kernels -- DIR FIRST COUNT`

#[path = "../tests/it/support/kernel_gen.rs"]
mod kernel_gen;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, first, count] = args.as_slice() else {
        eprintln!("usage: random_kernels DIR FIRST COUNT");
        return ExitCode::FAILURE;
    };
    let (Ok(first), Ok(count)) = (first.parse::<u64>(), count.parse::<u64>()) else {
        eprintln!("error: FIRST and COUNT must be whole numbers");
        return ExitCode::FAILURE;
    };
    for seed in first..first + count {
        let name = format!("rand{seed}");
        let kernel_dir = PathBuf::from(dir).join(&name);
        let file = kernel_dir.join(format!("{name}.c"));
        let written = std::fs::create_dir_all(&kernel_dir)
            .and_then(|()| std::fs::write(&file, kernel_gen::kernel(&name, seed)));
        if let Err(e) = written {
            eprintln!("error: cannot write {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
