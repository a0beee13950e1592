//! Writes a [`Model`] as a CPLEX LP file, the text format HiGHS, CBC, GLPK and CPLEX read.
//!
//! Layout: a comment header, `Minimize`/`Maximize` with the objective row `obj`, `Subject To`
//! with one named row per constraint, `Bounds` for every non-binary variable (written out
//! explicitly, since the format's default is `[0, +inf)`), `Generals`, `Binaries`, `End`.
//! Numbers use Rust's shortest round-trip formatting, so reading the file back gives the same
//! `f64` values. Long rows are wrapped; continuation lines start with a space. The objective
//! offset (a constant) is not expressible in every reader's dialect: it is written as a comment
//! `\ objective offset: <c>` and must be added to the objective a reader reports.
//!
//! The output depends only on the model, so it is byte-for-byte reproducible.

use super::model::{Cmp, Model, Sense, VarId, VarKind};
use std::fmt::Write;

/// Rows are wrapped before they grow past this many characters (readers accept 255 or more).
const WRAP: usize = 200;

/// The model as CPLEX LP text.
pub fn write_lp(model: &Model) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "\\ Model: {}", model.name.replace(['\n', '\r'], " "));
    let _ = writeln!(
        out,
        "\\ {} variables ({} integral), {} constraints",
        model.vars().len(),
        model.num_integral(),
        model.constraints().len()
    );
    if model.objective_offset != 0.0 {
        let _ = writeln!(out, "\\ objective offset: {}", num(model.objective_offset));
    }
    out.push_str(match model.sense {
        Sense::Minimize => "Minimize\n",
        Sense::Maximize => "Maximize\n",
    });
    write_row(&mut out, model, "obj", model.objective(), None);
    out.push_str("Subject To\n");
    for c in model.constraints() {
        let op = match c.cmp {
            Cmp::Le => "<=",
            Cmp::Ge => ">=",
            Cmp::Eq => "=",
        };
        write_row(&mut out, model, &c.name, &c.terms, Some((op, c.rhs)));
    }
    out.push_str("Bounds\n");
    for v in model.vars().iter().filter(|v| v.kind != VarKind::Binary) {
        let line = match (v.lb.is_finite(), v.ub.is_finite()) {
            (false, false) => format!(" {} free", v.name),
            (true, true) if v.lb == v.ub => format!(" {} = {}", v.name, num(v.lb)),
            (true, true) => format!(" {} <= {} <= {}", num(v.lb), v.name, num(v.ub)),
            (true, false) => format!(" {} >= {}", v.name, num(v.lb)),
            (false, true) => format!(" -inf <= {} <= {}", v.name, num(v.ub)),
        };
        out.push_str(&line);
        out.push('\n');
    }
    // Binaries whose bounds were tightened (e.g. fixed) need an explicit bound too.
    for v in model.vars().iter().filter(|v| v.kind == VarKind::Binary) {
        if v.lb != 0.0 || v.ub != 1.0 {
            let _ = writeln!(out, " {} <= {} <= {}", num(v.lb), v.name, num(v.ub));
        }
    }
    write_names(&mut out, model, "Generals", VarKind::Integer);
    write_names(&mut out, model, "Binaries", VarKind::Binary);
    out.push_str("End\n");
    out
}

/// A solution `values` of `model` as a solution file in the common `name value` layout
/// (Gurobi's `.sol`, which CBC and HiGHS's scripts read line by line): a comment with the
/// objective (offset included), then one line per variable, in the model's order.
pub fn write_solution(model: &Model, values: &[f64]) -> String {
    let mut out = String::new();
    let objective = model.objective_value(values);
    let _ = writeln!(out, "# Objective value = {}", num(objective));
    for (v, x) in model.vars().iter().zip(values) {
        let _ = writeln!(out, "{} {}", v.name, num(*x));
    }
    out
}

/// Writes ` name: t1 + t2 ... [op rhs]`, wrapping long lines.
fn write_row(
    out: &mut String,
    model: &Model,
    name: &str,
    terms: &[(VarId, f64)],
    tail: Option<(&str, f64)>,
) {
    let mut line = format!(" {name}:");
    let mut pieces: Vec<String> = terms
        .iter()
        .enumerate()
        .map(|(i, &(v, c))| term(i == 0, c, &model.var(v).name))
        .collect();
    if terms.is_empty() {
        // An empty row: the LP format needs some expression, `0 x` is the usual idiom.
        let filler = model.vars().first().map_or("", |v| v.name.as_str());
        if filler.is_empty() {
            pieces.push(" 0".to_string());
        } else {
            pieces.push(format!(" 0 {filler}"));
        }
    }
    if let Some((op, rhs)) = tail {
        pieces.push(format!(" {op} {}", num(rhs)));
    }
    for piece in pieces {
        if line.len() + piece.len() > WRAP {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        line.push_str(&piece);
    }
    out.push_str(&line);
    out.push('\n');
}

/// One signed term: ` 3 x`, ` - 2.5 y`, ` + y` (the first term keeps a bare minus only).
fn term(first: bool, coef: f64, name: &str) -> String {
    let sign = if coef < 0.0 {
        " -"
    } else if first {
        ""
    } else {
        " +"
    };
    let mag = coef.abs();
    if mag == 1.0 {
        format!("{sign} {name}")
    } else {
        format!("{sign} {} {name}", num(mag))
    }
}

fn write_names(out: &mut String, model: &Model, header: &str, kind: VarKind) {
    let names: Vec<&str> = model
        .vars()
        .iter()
        .filter(|v| v.kind == kind)
        .map(|v| v.name.as_str())
        .collect();
    if names.is_empty() {
        return;
    }
    out.push_str(header);
    out.push('\n');
    let mut line = String::new();
    for n in names {
        if line.len() + n.len() + 1 > WRAP {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        line.push(' ');
        line.push_str(n);
    }
    out.push_str(&line);
    out.push('\n');
}

/// A number as LP readers parse it: shortest round-trip form, `inf`/`-inf` for infinities.
fn num(x: f64) -> String {
    if x == f64::INFINITY {
        "inf".to_string()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_string()
    } else if x == 0.0 {
        "0".to_string()
    } else {
        // `{:?}` gives the shortest string that parses back to the same value and uses
        // exponent notation for very large/small magnitudes (`1e-7`, `1e20`).
        let s = format!("{x:?}");
        s.strip_suffix(".0").map_or(s.clone(), str::to_string)
    }
}

#[cfg(test)]
mod tests {
    use super::num;

    #[test]
    fn numbers_round_trip() {
        for x in [0.0, 1.0, -2.5, 1e-7, 1e20, 0.1 + 0.2, 123456789.0] {
            let s = num(x);
            assert_eq!(s.parse::<f64>().unwrap(), x, "{s}");
        }
        assert_eq!(num(3.0), "3");
        assert_eq!(num(f64::INFINITY), "inf");
    }
}
