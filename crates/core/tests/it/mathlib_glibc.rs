//! The interpreter's math library (`rivulet_core::mathlib`, the `libm` crate) against glibc's:
//! every function of the table, both forms, on a sweep of inputs, compiled with `gcc -O0
//! -fno-builtin -lm` (inputs are read from memory, so gcc folds nothing). Exact functions
//! must agree bit for bit, the others within 1 ulp; NaNs agree when both are NaN (their sign is
//! not specified). Skipped, saying why, when gcc is absent.

use rivulet_core::mathlib::MathFn;
use std::fmt::Write;
use std::process::Command;

/// The sweep: signed values over several magnitudes, the unit interval densely, zeros, huge
/// values and infinities.
fn inputs() -> Vec<f64> {
    let mut xs = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        2.0,
        1e300,
        -1e-300,
        f64::INFINITY,
    ];
    xs.push(f64::NEG_INFINITY);
    for k in 0..160 {
        let t = k as f64;
        xs.push((t - 80.0) / 79.0); // [-1, 1]
        xs.push((t - 80.0) * 0.37 + 0.011); // about [-30, 30]
        xs.push((t * 0.173).exp() * 1e-6); // 1e-6 .. 1e6, positive
        xs.push(-(t * 0.21).exp()); // -1 .. -2e14
    }
    xs
}

/// `(function, arguments, glibc's result bits)` for every function and input.
fn glibc(xs: &[f64]) -> Result<Vec<(MathFn, Vec<f64>, u64)>, String> {
    let pair = |i: usize| (xs[i], xs[(i * 7 + 3) % xs.len()]);
    let mut c = String::from(
        "#include <math.h>\n#include <stdio.h>\n#include <string.h>\n\
         static const unsigned long long D[] = {",
    );
    for x in xs {
        write!(c, "0x{:x}ull,", x.to_bits()).unwrap();
    }
    let n = xs.len();
    write!(
        c,
        "}};\nstatic double d(int i) {{ double x; memcpy(&x, &D[i], 8); return x; }}\n\
         static float f(int i) {{ return (float)d(i); }}\n\
         static void pd(double r) {{ unsigned long long b; memcpy(&b, &r, 8); printf(\"%llx\\n\", b); }}\n\
         static void pf(float r) {{ unsigned b; memcpy(&b, &r, 4); printf(\"%x\\n\", b); }}\n\
         int main(void) {{\n"
    )
    .unwrap();
    let mut expect = Vec::new();
    for m in MathFn::all() {
        let (get, print) = if m.single { ("f", "pf") } else { ("d", "pd") };
        let args = if m.arity() == 1 {
            format!("{get}(i)")
        } else {
            format!("{get}(i), {get}((i * 7 + 3) % {n})")
        };
        writeln!(
            c,
            "  for (int i = 0; i < {n}; i++) {print}({}({args}));",
            m.name()
        )
        .unwrap();
        for i in 0..n {
            let (x, y) = pair(i);
            let round = |v: f64| if m.single { v as f32 as f64 } else { v };
            let a = [round(x), round(y)];
            expect.push((m, a[..m.arity()].to_vec(), 0));
        }
    }
    c.push_str("  return 0;\n}\n");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("mathlib_glibc");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("sweep.c"), c).map_err(|e| e.to_string())?;
    let exe = dir.join("sweep");
    let out = Command::new("gcc")
        .args(["-O0", "-fno-builtin", "-w"])
        .arg(dir.join("sweep.c"))
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    assert!(
        out.status.success(),
        "gcc failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().map_err(|e| e.to_string())?;
    let lines: Vec<&str> = std::str::from_utf8(&run.stdout).unwrap().lines().collect();
    assert_eq!(
        lines.len(),
        expect.len(),
        "the sweep printed the wrong number of results"
    );
    for (e, l) in expect.iter_mut().zip(lines) {
        e.2 = u64::from_str_radix(l, 16).unwrap();
    }
    Ok(expect)
}

/// The distance in ulps between two floats of one format given as bits (`None` when exactly
/// one is NaN; 0 when both are).
fn ulps(a: u64, b: u64, single: bool) -> Option<u64> {
    let (nan, key) = if single {
        let f = |v: u64| f32::from_bits(v as u32);
        (
            [f(a).is_nan(), f(b).is_nan()],
            [a, b].map(|v| {
                let v = v as u32;
                i64::from(if v >> 31 == 1 {
                    -((v & 0x7fff_ffff) as i32)
                } else {
                    v as i32
                })
            }),
        )
    } else {
        let f = f64::from_bits;
        (
            [f(a).is_nan(), f(b).is_nan()],
            [a, b].map(|v| {
                let m = (v & 0x7fff_ffff_ffff_ffff) as i64;
                if v >> 63 == 1 {
                    -m
                } else {
                    m
                }
            }),
        )
    };
    match nan {
        [true, true] => Some(0),
        [false, false] => Some(key[0].abs_diff(key[1])),
        _ => None,
    }
}

#[test]
fn libm_agrees_with_glibc() {
    if Command::new("gcc").arg("--version").output().is_err() {
        eprintln!("skipped: gcc is not installed, so glibc's results cannot be computed");
        return;
    }
    let cases = glibc(&inputs()).unwrap();
    let mut bad = Vec::new();
    let mut inexact = std::collections::BTreeMap::<&str, usize>::new();
    for (m, args, want) in &cases {
        let bits: Vec<u64> = args
            .iter()
            .map(|&a| {
                if m.single {
                    u64::from((a as f32).to_bits())
                } else {
                    a.to_bits()
                }
            })
            .collect();
        let got = m.eval(&bits);
        let d = ulps(got, *want, m.single);
        let limit = match m.op {
            _ if m.exact() => 0,
            _ => 1,
        };
        match d {
            Some(0) => {}
            Some(d) if d <= limit => *inexact.entry(m.name()).or_default() += 1,
            _ => bad.push(format!(
                "{}{args:?}: libm {got:#x}, glibc {want:#x}",
                m.name()
            )),
        }
    }
    eprintln!(
        "results that differ from glibc's (of {} per function): {inexact:?}",
        inputs().len()
    );
    assert!(
        bad.is_empty(),
        "{} results differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
