//! The CPLEX LP writer: golden text for a small model, and a parse-back check that the text
//! of larger generated models describes exactly the model (names, coefficients, bounds, kinds).

use crate::support::milp_common;
use milp_common::fpga20_like;
use rivulet_core::milp::{write_lp, Cmp, LinExpr, Model, Sense, VarKind};
use std::collections::BTreeMap;

#[test]
fn small_model_golden() {
    let mut m = Model::new("golden");
    let x = m.continuous("x", 0.0, 10.0);
    let y = m.integer("y count", -3.0, f64::INFINITY);
    let b = m.binary("cut");
    let f = m.continuous("free", f64::NEG_INFINITY, f64::INFINITY);
    let u = m.continuous("up", f64::NEG_INFINITY, 2.5);
    let k = m.continuous("k", 1.5, 1.5);
    m.add_constraint(
        "c1",
        &LinExpr::new().term(x, 1.0).term(y, -2.0).term(b, 0.5),
        Cmp::Le,
        4.0,
    );
    m.add_constraint(
        "c1",
        &LinExpr::new().term(f, -1.0).term(u, 1e-7).plus(1.0),
        Cmp::Ge,
        -1.0,
    );
    m.add_constraint(
        "balance",
        &LinExpr::new().term(k, 3.0).term(x, 1.0),
        Cmp::Eq,
        2.0,
    );
    m.set_objective(
        Sense::Maximize,
        &LinExpr::new().term(x, 1.0).term(b, -0.25).plus(7.0),
    );
    let expected = "\
\\ Model: golden
\\ 6 variables (2 integral), 3 constraints
\\ objective offset: 7
Maximize
 obj: x - 0.25 cut
Subject To
 c1: x - 2 y_count + 0.5 cut <= 4
 c1_1: - x_free + 1e-7 up >= -2
 balance: 3 k + x = 2
Bounds
 0 <= x <= 10
 y_count >= -3
 x_free free
 -inf <= up <= 2.5
 k = 1.5
Generals
 y_count
Binaries
 cut
End
";
    assert_eq!(write_lp(&m), expected);
}

/// A parsed row: terms by variable name, sense, right-hand side.
type Row = (Vec<(String, f64)>, String, f64);

/// What a reader recovers from an LP file: per row name its terms (by variable name), sense
/// and right-hand side; per variable its bounds and kind.
#[derive(Debug, Default, PartialEq)]
struct Parsed {
    maximize: bool,
    objective: Vec<(String, f64)>,
    rows: BTreeMap<String, Row>,
    bounds: BTreeMap<String, (f64, f64)>,
    generals: Vec<String>,
    binaries: Vec<String>,
}

fn number(s: &str) -> f64 {
    match s {
        "inf" | "+inf" => f64::INFINITY,
        "-inf" => f64::NEG_INFINITY,
        _ => s.parse().unwrap_or_else(|_| panic!("not a number: {s}")),
    }
}

/// Terms of `tokens` like `3 x - y + 0.5 z`.
fn terms(tokens: &[&str]) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    let mut sign = 1.0;
    let mut coef = 1.0;
    for &t in tokens {
        match t {
            "+" => sign = 1.0,
            "-" => sign = -1.0,
            _ if t.parse::<f64>().is_ok() => coef = number(t),
            name => {
                out.push((name.to_string(), sign * coef));
                sign = 1.0;
                coef = 1.0;
            }
        }
    }
    out
}

fn parse(text: &str) -> Parsed {
    let mut p = Parsed::default();
    let mut section = "";
    // Join continuation lines (they start with a space but carry no `name:`) per section.
    let mut statements: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.starts_with('\\') {
            continue;
        }
        if !line.starts_with(' ') {
            section = match line {
                "Maximize" => {
                    p.maximize = true;
                    "obj"
                }
                "Minimize" => "obj",
                "Subject To" => "rows",
                "Bounds" => "bounds",
                "Generals" => "generals",
                "Binaries" => "binaries",
                "End" => "end",
                other => panic!("unknown section {other}"),
            };
            continue;
        }
        let starts_row = matches!(section, "obj" | "rows")
            && line.split_whitespace().next().unwrap().ends_with(':');
        if starts_row || matches!(section, "bounds" | "generals" | "binaries") {
            statements.push((section.to_string(), line.to_string()));
        } else {
            statements.last_mut().unwrap().1.push_str(line);
        }
    }
    for (section, line) in statements {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match section.as_str() {
            "obj" => p.objective = terms(&tokens[1..]),
            "rows" => {
                let name = tokens[0].trim_end_matches(':').to_string();
                let op = tokens.len() - 2;
                p.rows.insert(
                    name,
                    (
                        terms(&tokens[1..op]),
                        tokens[op].to_string(),
                        number(tokens[op + 1]),
                    ),
                );
            }
            "bounds" => {
                let (name, b) = match tokens.as_slice() {
                    [n, "free"] => (n, (f64::NEG_INFINITY, f64::INFINITY)),
                    [n, "=", v] => (n, (number(v), number(v))),
                    [n, ">=", v] => (n, (number(v), f64::INFINITY)),
                    [l, "<=", n, "<=", u] => (n, (number(l), number(u))),
                    other => panic!("bad bound {other:?}"),
                };
                p.bounds.insert(name.to_string(), b);
            }
            "generals" => p.generals.extend(tokens.iter().map(|t| t.to_string())),
            "binaries" => p.binaries.extend(tokens.iter().map(|t| t.to_string())),
            _ => {}
        }
    }
    p
}

fn expected(m: &Model) -> Parsed {
    let name = |v: rivulet_core::milp::VarId| m.var(v).name.clone();
    let mut p = Parsed {
        maximize: m.sense == Sense::Maximize,
        objective: m.objective().iter().map(|&(v, c)| (name(v), c)).collect(),
        ..Parsed::default()
    };
    for c in m.constraints() {
        let op = match c.cmp {
            Cmp::Le => "<=",
            Cmp::Ge => ">=",
            Cmp::Eq => "=",
        };
        p.rows.insert(
            c.name.clone(),
            (
                c.terms.iter().map(|&(v, a)| (name(v), a)).collect(),
                op.to_string(),
                c.rhs,
            ),
        );
    }
    for v in m.vars() {
        match v.kind {
            VarKind::Binary => p.binaries.push(v.name.clone()),
            VarKind::Integer => p.generals.push(v.name.clone()),
            VarKind::Continuous => {}
        }
        if v.kind != VarKind::Binary {
            p.bounds.insert(v.name.clone(), (v.lb, v.ub));
        }
    }
    p
}

#[test]
fn generated_models_parse_back_exactly() {
    for (channels, seed) in [(10, 1), (60, 4), (150, 9)] {
        let m = fpga20_like(channels, seed);
        let text = write_lp(&m);
        assert!(text.lines().all(|l| l.len() <= 255), "over-long line");
        assert_eq!(parse(&text), expected(&m), "{channels} channels");
    }
}

#[test]
fn long_rows_wrap_and_parse_back() {
    let mut m = Model::new("wide");
    let vars: Vec<_> = (0..300)
        .map(|i| m.integer(&format!("long_variable_name_{i}"), 0.0, 3.0))
        .collect();
    let row: Vec<_> = vars
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, 1.0 + i as f64 / 7.0))
        .collect();
    m.add_constraint("wide_row", &LinExpr::from_terms(&row), Cmp::Le, 100.0);
    m.set_objective(Sense::Minimize, &LinExpr::from_terms(&row));
    let text = write_lp(&m);
    assert!(text.lines().all(|l| l.len() <= 255));
    assert_eq!(parse(&text), expected(&m));
}

#[test]
fn output_is_reproducible() {
    assert_eq!(write_lp(&fpga20_like(40, 3)), write_lp(&fpga20_like(40, 3)));
}
