//! Labels and `goto` accepted wherever C allows them: a kernel with labels on loops, blocks,
//! `if`, `switch` cases, a `do` body and empty statements, `goto` out of a `switch` and out of
//! two loops, loops made of `goto`, and a helper with a label inlined several times. Its
//! interpreted result must equal the same computation written in Rust, and its circuit must
//! simulate to the interpreter's outputs.

use crate::support::corpus;
use rivulet_core::diag::has_errors;
use rivulet_core::interp::{run, InterpOptions, Scalar};

const SRC: &str = r#"
#include "dynamatic/Integration.h"

int step(int x) {
  int r = 0;
again:
  if (x > 10) {
    x -= 7;
    r++;
    goto again;
  }
  return r * 100 + x;
}

int labels_everywhere(int a[16]) {
  int s = 0;
  int i = 0;
top:
  if (i < 16) {
  body:
    switch (a[i] % 4) {
    case 0:
    zero:
      s += 1;
      break;
    case 1:
      if (a[i] > 20)
        goto skip;
      s += step(a[i]);
      break;
    default:
    other:;
    }
    do {
    inner:
      s += 2;
    } while (0);
  skip:
    i++;
    goto top;
  }
ROWS:
  for (int r = 0; r < 4; r++) {
  COLS:
    for (int c = 0; c < 4; c++) {
      if (a[r * 4 + c] == 7)
        goto out;
      s += step(c + 9);
    }
  }
  s = -s;
out: {
  done:
    return s;
  }
}

int main(void) {
  int a[16];
  for (int i = 0; i < 16; i++)
    a[i] = (i * 7 + 3) % 30;
  a[9] = 7;
  CALL_KERNEL(labels_everywhere, a);
  return 0;
}
"#;

fn step(mut x: i32) -> i32 {
    let mut r = 0;
    while x > 10 {
        x -= 7;
        r += 1;
    }
    r * 100 + x
}

/// The kernel written with structured control flow.
fn expected(a: &[i32]) -> i32 {
    let mut s = 0;
    for &v in a {
        match v % 4 {
            0 => s += 1,
            1 if v > 20 => continue,
            1 => s += step(v),
            _ => {}
        }
        s += 2;
    }
    for r in 0..4 {
        for c in 0..4 {
            if a[r * 4 + c] == 7 {
                return s;
            }
            s += step(c as i32 + 9);
        }
    }
    -s
}

#[test]
fn labels_and_gotos_run_like_structured_code() {
    let (out, _) = corpus::compile_text(
        "labels_everywhere.c",
        SRC,
        &mut |_| None,
        &corpus::through_cfg(),
    );
    assert!(!has_errors(&out.diagnostics), "{:?}", out.diagnostics);
    let r = run(out.cfg.as_ref().expect("a CFG"), &InterpOptions::default()).expect("runs");
    let call = r.last_call().expect("one kernel call");
    let a: Vec<i32> = (0..16)
        .map(|i| if i == 9 { 7 } else { (i * 7 + 3) % 30 })
        .collect();
    assert_eq!(call.ret, Some(Scalar::Int(expected(&a) as i128)));
}

#[test]
fn labels_and_gotos_simulate_to_the_interpreters_outputs() {
    let dir = std::env::temp_dir().join(format!("rivulet-labels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("labels_everywhere.c");
    std::fs::write(&file, SRC).unwrap();
    let result = corpus::simulate(&file, Default::default());
    std::fs::remove_dir_all(&dir).ok();
    if let Err(why) = result {
        panic!("{why}");
    }
}
