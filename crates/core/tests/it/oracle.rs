//! The external oracle: every kernel directory (`tests/front/*/`, `tests/kernels/*/`,
//! `tests/cfg-passes/*/`) is compiled natively with gcc and a shim that prints the kernel's
//! arguments after the call in the interpreter's JSON format; the interpreter's golden
//! outputs must equal gcc's, value for value (locals zero-initialised, as Rivulet's unwritten
//! memory reads 0). One test per kernel (`oracle::front::fir`,
//! `oracle::kernels::fir`, …).

use crate::support::corpus;
use rivulet_core::diag::render;
use rivulet_core::front::types::{CType, ScalarTy};
use rivulet_core::front::Signature;
use rivulet_core::interp::{json, run, InterpOptions};
use std::path::Path;
use std::process::Command;

/// The interpreter's JSON line for a kernel file, or an error text.
fn interpret(file: &Path) -> Result<(String, Signature), String> {
    let (out, sources) = corpus::compile(file, &corpus::through_cfg())?;
    let (Some(module), Some(sig)) = (out.cfg, out.signature) else {
        return Err(render(&sources, &out.diagnostics));
    };
    let result = run(&module, &InterpOptions::default()).map_err(|d| render(&sources, &[d]))?;
    let call = result.last_call().ok_or("main never called the kernel")?;
    Ok((json::call_json(call), sig))
}

fn c_decl(name: &str, ty: &CType) -> String {
    let dims: String = ty.dims.iter().map(|d| format!("[{d}]")).collect();
    format!("{} {name}{dims}", ty.scalar.c_name())
}

fn print_stmt(expr: &str, t: ScalarTy) -> String {
    match t {
        ScalarTy::F32 => format!("rv_pf((double)({expr}), 9);"),
        ScalarTy::F64 => format!("rv_pf({expr}, 17);"),
        t if t.is_signed() => format!("printf(\"%lld\", (long long)({expr}));"),
        _ => format!("printf(\"%llu\", (unsigned long long)({expr}));"),
    }
}

/// The shim's prototype header and its translation unit.
fn shim(sig: &Signature) -> (String, String) {
    let k = &sig.name;
    let ret = sig.ret.map_or("void", |t| t.c_name());
    let params: Vec<String> = sig.params.iter().map(|(n, t)| c_decl(n, t)).collect();
    let params = if params.is_empty() {
        "void".to_string()
    } else {
        params.join(", ")
    };
    let proto = format!("{ret} rivulet_call_{k}({params});\n");
    let mut c = String::from("#include <stdio.h>\n#include <math.h>\n");
    c.push_str("static void rv_pf(double x, int p) {\n  if (isnan(x)) printf(\"\\\"nan\\\"\");\n  else if (isinf(x)) printf(x > 0 ? \"\\\"inf\\\"\" : \"\\\"-inf\\\"\");\n  else printf(\"%.*g\", p, x);\n}\n");
    c.push_str(&format!("{ret} {k}({params});\n"));
    c.push_str(&format!("{ret} rivulet_call_{k}({params}) {{\n"));
    let args: Vec<&str> = sig.params.iter().map(|(n, _)| n.as_str()).collect();
    if sig.ret.is_some() {
        c.push_str(&format!("  {ret} rv_ret = {k}({});\n", args.join(", ")));
    } else {
        c.push_str(&format!("  {k}({});\n", args.join(", ")));
    }
    c.push_str("  printf(\"{\\\"args\\\": {\");\n");
    for (i, (n, t)) in sig.params.iter().enumerate() {
        let sep = if i > 0 { ", " } else { "" };
        c.push_str(&format!("  printf(\"{sep}\\\"{n}\\\": [\");\n"));
        if t.is_array() {
            let elem = t.scalar.c_name();
            c.push_str(&format!(
                "  {{ const {elem} *p = (const {elem} *){n}; for (long i = 0; i < {}; i++) {{ if (i) printf(\", \"); {} }} }}\n",
                t.len(),
                print_stmt("p[i]", t.scalar)
            ));
        } else {
            c.push_str(&format!("  {}\n", print_stmt(n, t.scalar)));
        }
        c.push_str("  printf(\"]\");\n");
    }
    c.push_str("  printf(\"}\");\n");
    if let Some(t) = sig.ret {
        c.push_str(&format!(
            "  printf(\", \\\"return\\\": \"); {}\n",
            print_stmt("rv_ret", t)
        ));
    }
    c.push_str("  printf(\"}\\n\");\n  fflush(stdout);\n");
    if sig.ret.is_some() {
        c.push_str("  return rv_ret;\n");
    }
    c.push_str("}\n");
    (proto, c)
}

/// Compiles and runs the kernel natively; returns its last output line.
fn native(file: &Path, sig: &Signature) -> Result<String, String> {
    // Per corpus directory: `tests/front/fir` and `tests/kernels/fir` build in parallel.
    let corpus = file.ancestors().nth(2).and_then(Path::file_name).unwrap();
    let work = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("oracle")
        .join(corpus)
        .join(&sig.name);
    std::fs::create_dir_all(work.join("inc/dynamatic")).map_err(|e| e.to_string())?;
    std::fs::write(
        work.join("inc/dynamatic/Integration.h"),
        "#ifndef RIVULET_SHIM\n#define RIVULET_SHIM\n#define CALL_KERNEL(f, ...) rivulet_call_##f(__VA_ARGS__)\n#endif\n",
    )
    .map_err(|e| e.to_string())?;
    let (proto, c) = shim(sig);
    std::fs::write(work.join("proto.h"), proto).map_err(|e| e.to_string())?;
    std::fs::write(work.join("shim.c"), c).map_err(|e| e.to_string())?;
    let exe = work.join("prog");
    let out = Command::new("gcc")
        // Locals start as zeros: unwritten memory reads 0 in Rivulet too.
        .args(["-O0", "-fno-fast-math", "-ffp-contract=off", "-w"])
        .args(["-ftrivial-auto-var-init=zero", "-I"])
        .arg(work.join("inc"))
        .arg("-include")
        .arg(work.join("proto.h"))
        .arg(file)
        .arg(work.join("shim.c"))
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "gcc failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let run = Command::new(&exe).output().map_err(|e| e.to_string())?;
    let stdout = String::from_utf8_lossy(&run.stdout);
    stdout
        .lines()
        .last()
        .map(str::to_string)
        .ok_or_else(|| "the native program printed nothing".to_string())
}

/// The golden-output JSON as raw value texts: arguments by name, and the return value.
/// (Number texts are kept so that floats are parsed with correct rounding.)
type Golden = (
    std::collections::BTreeMap<String, Vec<String>>,
    Option<String>,
);

fn parse_golden(s: &str) -> Result<Golden, String> {
    // Tokens: strings (with quotes), numbers and bare words, punctuation.
    let mut toks = Vec::new();
    let cs: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if "{}[]:,".contains(c) {
            toks.push(c.to_string());
            i += 1;
        } else if c == '"' {
            let j = (i + 1..cs.len())
                .find(|&j| cs[j] == '"')
                .ok_or("unterminated string")?;
            toks.push(cs[i..=j].iter().collect());
            i = j + 1;
        } else {
            let j = (i..cs.len())
                .find(|&j| "{}[]:, ".contains(cs[j]))
                .unwrap_or(cs.len());
            toks.push(cs[i..j].iter().collect());
            i = j;
        }
    }
    let bad = || format!("unexpected JSON: {s}");
    let mut args = std::collections::BTreeMap::new();
    let mut ret = None;
    let mut k = 0;
    let expect = |k: &mut usize, t: &str| -> Result<(), String> {
        if toks.get(*k).map(String::as_str) == Some(t) {
            *k += 1;
            Ok(())
        } else {
            Err(bad())
        }
    };
    expect(&mut k, "{")?;
    expect(&mut k, "\"args\"")?;
    expect(&mut k, ":")?;
    expect(&mut k, "{")?;
    while toks.get(k).is_some_and(|t| t.starts_with('"')) {
        let name = toks[k].trim_matches('"').to_string();
        k += 1;
        expect(&mut k, ":")?;
        expect(&mut k, "[")?;
        let mut vals = Vec::new();
        while toks.get(k).is_some_and(|t| t != "]") {
            vals.push(toks[k].clone());
            k += 1;
            if toks.get(k).map(String::as_str) == Some(",") {
                k += 1;
            }
        }
        expect(&mut k, "]")?;
        args.insert(name, vals);
        if toks.get(k).map(String::as_str) == Some(",") {
            k += 1;
        }
    }
    expect(&mut k, "}")?;
    if toks.get(k).map(String::as_str) == Some(",") {
        k += 1;
        expect(&mut k, "\"return\"")?;
        expect(&mut k, ":")?;
        ret = Some(toks.get(k).cloned().ok_or_else(bad)?);
        k += 1;
    }
    expect(&mut k, "}")?;
    Ok((args, ret))
}

/// Compares two value texts of C type `t` (integers exactly as text: 64-bit values do not
/// survive a trip through `f64`).
fn same(a: &str, b: &str, t: ScalarTy) -> bool {
    if a == b || !t.is_float() {
        return a == b;
    }
    match (a.parse::<f64>(), b.parse::<f64>()) {
        (Ok(x), Ok(y)) if t == ScalarTy::F32 => (x as f32).to_bits() == (y as f32).to_bits(),
        (Ok(x), Ok(y)) => x.to_bits() == y.to_bits(),
        _ => false,
    }
}

/// Differences between the interpreter's and gcc's outputs (empty when equal).
fn compare(ours: &str, theirs: &str, sig: &Signature) -> Vec<String> {
    let (a, b) = match (parse_golden(ours), parse_golden(theirs)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return vec![e],
    };
    let mut diffs = Vec::new();
    for (name, ty) in &sig.params {
        let (Some(xs), Some(ys)) = (a.0.get(name), b.0.get(name)) else {
            diffs.push(format!("argument `{name}` missing"));
            continue;
        };
        if xs.len() != ys.len() {
            diffs.push(format!(
                "argument `{name}`: {} values vs {}",
                xs.len(),
                ys.len()
            ));
            continue;
        }
        let bad: Vec<String> = xs
            .iter()
            .zip(ys)
            .enumerate()
            .filter(|(_, (x, y))| !same(x, y, ty.scalar))
            .take(5)
            .map(|(i, (x, y))| format!("[{i}] interp {x} gcc {y}"))
            .collect();
        if !bad.is_empty() {
            diffs.push(format!("argument `{name}`: {}", bad.join("; ")));
        }
    }
    if let Some(t) = sig.ret {
        match (&a.1, &b.1) {
            (Some(x), Some(y)) if same(x, y, t) => {}
            (x, y) => diffs.push(format!("return: interp {x:?} gcc {y:?}")),
        }
    }
    diffs
}

kernel_tests!(front, interpreter_matches_gcc, front);
kernel_tests!(kernels, interpreter_matches_gcc, kernels);
kernel_tests!(kernels_large, interpreter_matches_gcc, large);
kernel_tests!(cfg_passes, interpreter_matches_gcc, cfg_passes);

fn interpreter_matches_gcc(file: &Path) {
    let (ours, sig) =
        interpret(file).unwrap_or_else(|e| panic!("rejected or failed in Rivulet:\n{e}"));
    let theirs = native(file, &sig).unwrap_or_else(|e| panic!("{e}"));
    let diffs = compare(&ours, &theirs, &sig);
    assert!(diffs.is_empty(), "{}", diffs.join("\n  "));
}
