//! The golden-output JSON every stage reuses:
//! `{"args": {"<param>": [values after the call …], …}, "return": <value>}`.
//!
//! Arrays are flattened row-major and a scalar is a one-element list; there is no `"return"`
//! for a void kernel. Integers print as integers; floats print as the shortest decimal that
//! reads back to the same `float`/`double` (so `0.1f` prints as `0.1`), and NaN and the
//! infinities as the strings `"nan"`, `"inf"` and `"-inf"`.

use super::{KernelCall, Scalar};

/// Formats one scalar as a JSON value.
pub fn scalar(v: Scalar) -> String {
    fn float(x: f64, text: String) -> String {
        if x.is_nan() {
            "\"nan\"".into()
        } else if x.is_infinite() {
            if x > 0.0 { "\"inf\"" } else { "\"-inf\"" }.into()
        } else {
            text
        }
    }
    match v {
        Scalar::Int(i) => i.to_string(),
        Scalar::F32(f) => float(f as f64, format!("{f:?}")),
        Scalar::F64(f) => float(f, format!("{f:?}")),
    }
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The golden-output JSON object of a kernel call, on one line.
pub fn call_json(call: &KernelCall) -> String {
    let args: Vec<String> = call
        .outputs
        .iter()
        .map(|a| {
            let vs: Vec<String> = a.values.iter().map(|&v| scalar(v)).collect();
            format!("\"{}\": [{}]", escape(&a.name), vs.join(", "))
        })
        .collect();
    let mut s = format!("{{\"args\": {{{}}}", args.join(", "));
    if let Some(r) = call.ret {
        s.push_str(&format!(", \"return\": {}", scalar(r)));
    }
    s.push('}');
    s
}
