//! Robustness: the front end, the CFG pipeline and the interpreter never panic, whatever the
//! input. Every development kernel and every diagnostics input is mutated many times with a
//! deterministic generator (byte deletions, duplications, insertions of C punctuation and
//! keywords, truncation); each mutant goes through `compile_c`, the verifier-checked pipeline
//! and a short interpreter run. A panic, or IR the verifier rejects after a pass (an internal
//! error), fails the test with the mutant printed.

use crate::support::corpus;
use rivulet_core::diag::render;
use rivulet_core::interp::{run, InterpOptions};
use std::path::{Path, PathBuf};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: [&str; 24] = [
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "*",
    "&",
    "#define X(a) a a\n",
    "X(",
    "int ",
    "for (",
    "while(1)",
    "0x",
    "'",
    "\"",
    "/*",
    "\\\n",
    "#if 1\n",
    "#endif\n",
    "++",
    "1e",
];

fn mutate(src: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut s = src.to_vec();
    for _ in 0..1 + rng.below(4) {
        let pos = rng.below(s.len() + 1).min(s.len());
        match rng.below(5) {
            0 if !s.is_empty() => {
                let len = rng.below(8).min(s.len() - pos.min(s.len()));
                s.drain(pos..pos + len);
            }
            1 => {
                let piece = PIECES[rng.below(PIECES.len())].as_bytes();
                s.splice(pos..pos, piece.iter().copied());
            }
            2 if pos < s.len() => {
                let end = (pos + rng.below(40)).min(s.len());
                let chunk = s[pos..end].to_vec();
                s.splice(pos..pos, chunk);
            }
            3 => s.truncate(pos),
            _ => {
                if pos < s.len() {
                    s[pos] = (rng.next() % 128) as u8;
                }
            }
        }
    }
    s
}

fn inputs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    for dir in ["tests/front", "tests/diagnostics"] {
        let Ok(rd) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                out.push(p.join(format!("{name}.c")));
            } else if p.extension().is_some_and(|x| x == "c") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn exercise(name: &str, text: &str, dir: &Path) {
    let mut lookup = |n: &str| std::fs::read_to_string(dir.join(n)).ok();
    let (out, sources) = corpus::compile_text(name, text, &mut lookup, &corpus::through_cfg());
    let rendered = render(&sources, &out.diagnostics);
    assert!(!rendered.contains("internal error"), "{rendered}");
    if let Some(m) = out.cfg {
        if let Err(d) = run(&m, &InterpOptions { max_steps: 20_000 }) {
            let _ = render(&sources, &[d]);
        }
    }
}

#[test]
fn mutated_kernels_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for file in inputs() {
        let src = std::fs::read(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let dir = file.parent().unwrap().to_path_buf();
        for _ in 0..50 {
            let m = mutate(&src, &mut rng);
            let text = String::from_utf8_lossy(&m).into_owned();
            let r = std::panic::catch_unwind(|| exercise(&name, &text, &dir));
            assert!(r.is_ok(), "panic on a mutant of {name}:\n{text}");
        }
    }
}
