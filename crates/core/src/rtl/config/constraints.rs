//! Parameter types and value constraints: `unsigned` with `lb`, `ub`, `range`, `eq`, `ne`, and
//! `string` with `eq`, `ne`, as parameter declarations and timing-model constraints write them.
//!
//! Invariant: a [`ValueConstraints`] built by [`from_keys`] holds only keys valid for its type and
//! is satisfiable (bounds are ordered, `eq` lies within the bounds and differs from `ne`).

use super::dto::{ConstraintKeysDto, ParamTypeDto};
use super::model::RtlParamValue;
use serde_json::Value;

/// The type of a parameter and the constraints on its values (all must hold).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueConstraints {
    /// An unsigned integer parameter.
    Unsigned(Vec<UnsignedConstraint>),
    /// A string parameter.
    String(Vec<StringConstraint>),
}

/// A constraint on an unsigned value; bounds are inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnsignedConstraint {
    /// `lb`: at least this.
    Lb(u64),
    /// `ub`: at most this.
    Ub(u64),
    /// `range`: between the two, inclusive.
    Range(u64, u64),
    /// `eq`: exactly this.
    Eq(u64),
    /// `ne`: anything but this.
    Ne(u64),
}

/// A constraint on a string value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StringConstraint {
    /// `eq`: exactly this.
    Eq(String),
    /// `ne`: anything but this.
    Ne(String),
}

/// A key of a constraint object that is invalid, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KeyError {
    /// The offending key.
    pub key: &'static str,
    /// What is wrong with it.
    pub message: String,
}

impl ValueConstraints {
    /// `unsigned` or `string`.
    pub fn type_name(&self) -> &'static str {
        match self {
            ValueConstraints::Unsigned(_) => "unsigned",
            ValueConstraints::String(_) => "string",
        }
    }

    /// Checks a value; the error says which constraint fails and how.
    pub fn check(&self, value: &RtlParamValue) -> Result<(), String> {
        match (self, value) {
            (ValueConstraints::Unsigned(cs), RtlParamValue::Unsigned(v)) => {
                cs.iter().try_for_each(|c| check_unsigned(*c, *v))
            }
            (ValueConstraints::String(cs), RtlParamValue::String(v)) => {
                cs.iter().try_for_each(|c| check_string(c, v))
            }
            (ValueConstraints::Unsigned(_), RtlParamValue::String(s)) => {
                Err(format!("expected an unsigned value, got the string {s:?}"))
            }
            (ValueConstraints::String(_), RtlParamValue::Unsigned(v)) => {
                Err(format!("expected a string value, got the unsigned {v}"))
            }
        }
    }
}

fn check_unsigned(c: UnsignedConstraint, v: u64) -> Result<(), String> {
    match c {
        UnsignedConstraint::Lb(lb) if v < lb => Err(format!("{v} is below the lower bound {lb}")),
        UnsignedConstraint::Ub(ub) if v > ub => Err(format!("{v} is above the upper bound {ub}")),
        UnsignedConstraint::Range(lo, hi) if v < lo || v > hi => {
            Err(format!("{v} is outside the range [{lo}, {hi}]"))
        }
        UnsignedConstraint::Eq(e) if v != e => Err(format!("{v} is not equal to {e}")),
        UnsignedConstraint::Ne(n) if v == n => Err(format!("{v} is excluded (ne {n})")),
        _ => Ok(()),
    }
}

fn check_string(c: &StringConstraint, v: &str) -> Result<(), String> {
    match c {
        StringConstraint::Eq(e) if v != e => Err(format!("{v:?} is not equal to {e:?}")),
        StringConstraint::Ne(n) if v == n => Err(format!("{v:?} is excluded (ne {n:?})")),
        _ => Ok(()),
    }
}

/// Builds the constraints of a value of type `ty` from the keys of its JSON object, reporting
/// keys that do not fit the type and combinations no value satisfies.
pub(crate) fn from_keys(
    ty: ParamTypeDto,
    keys: ConstraintKeysDto,
) -> Result<ValueConstraints, Vec<KeyError>> {
    match ty {
        ParamTypeDto::Unsigned => unsigned_from_keys(keys).map(ValueConstraints::Unsigned),
        ParamTypeDto::String => string_from_keys(keys).map(ValueConstraints::String),
    }
}

fn unsigned_from_keys(keys: ConstraintKeysDto) -> Result<Vec<UnsignedConstraint>, Vec<KeyError>> {
    let mut errors = Vec::new();
    let mut unsigned = |key: &'static str, value: Option<Value>| match value {
        Some(Value::Number(n)) if n.as_u64().is_some() => n.as_u64(),
        Some(other) => {
            errors.push(KeyError {
                key,
                message: format!("expected an unsigned integer, found {}", describe(&other)),
            });
            None
        }
        None => None,
    };
    let eq = unsigned("eq", keys.eq);
    let ne = unsigned("ne", keys.ne);
    let mut cs = Vec::new();
    cs.extend(keys.lb.map(UnsignedConstraint::Lb));
    cs.extend(keys.ub.map(UnsignedConstraint::Ub));
    cs.extend(keys.range.map(|[lo, hi]| UnsignedConstraint::Range(lo, hi)));
    cs.extend(eq.map(UnsignedConstraint::Eq));
    cs.extend(ne.map(UnsignedConstraint::Ne));
    check_satisfiable(&cs, &mut errors);
    if errors.is_empty() {
        Ok(cs)
    } else {
        Err(errors)
    }
}

/// Reports bounds that exclude every value, an `eq` outside the bounds and `eq` equal to `ne`.
fn check_satisfiable(cs: &[UnsignedConstraint], errors: &mut Vec<KeyError>) {
    let (mut lo, mut hi) = (0u64, u64::MAX);
    for c in cs {
        match *c {
            UnsignedConstraint::Range(a, b) if a > b => errors.push(KeyError {
                key: "range",
                message: format!("the range [{a}, {b}] is empty"),
            }),
            UnsignedConstraint::Lb(a) | UnsignedConstraint::Range(a, _) => lo = lo.max(a),
            _ => {}
        }
        match *c {
            UnsignedConstraint::Ub(b) | UnsignedConstraint::Range(_, b) => hi = hi.min(b),
            _ => {}
        }
    }
    if lo > hi && errors.is_empty() {
        errors.push(KeyError {
            key: if cs.iter().any(|c| matches!(c, UnsignedConstraint::Ub(_))) {
                "ub"
            } else {
                "range"
            },
            message: format!("no value satisfies the bounds (at least {lo} and at most {hi})"),
        });
    }
    for c in cs {
        if let UnsignedConstraint::Eq(e) = *c {
            if e < lo || e > hi {
                errors.push(KeyError {
                    key: "eq",
                    message: format!("{e} lies outside the bounds [{lo}, {hi}]"),
                });
            }
            if cs.contains(&UnsignedConstraint::Ne(e)) {
                errors.push(KeyError {
                    key: "ne",
                    message: format!("`eq` and `ne` both name {e}"),
                });
            }
        }
    }
}

fn string_from_keys(keys: ConstraintKeysDto) -> Result<Vec<StringConstraint>, Vec<KeyError>> {
    let mut errors = Vec::new();
    let numeric = [
        ("lb", keys.lb.is_some()),
        ("ub", keys.ub.is_some()),
        ("range", keys.range.is_some()),
    ];
    for (key, present) in numeric {
        if present {
            errors.push(KeyError {
                key,
                message: "only unsigned parameters accept this key (strings take `eq` and `ne`)"
                    .to_string(),
            });
        }
    }
    let mut string = |key: &'static str, value: Option<Value>| match value {
        Some(Value::String(s)) => Some(s),
        Some(other) => {
            errors.push(KeyError {
                key,
                message: format!("expected a string, found {}", describe(&other)),
            });
            None
        }
        None => None,
    };
    let eq = string("eq", keys.eq);
    let ne = string("ne", keys.ne);
    if let (Some(e), Some(n)) = (&eq, &ne) {
        if e == n {
            errors.push(KeyError {
                key: "ne",
                message: format!("`eq` and `ne` both name {e:?}"),
            });
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut cs: Vec<StringConstraint> = eq.into_iter().map(StringConstraint::Eq).collect();
    cs.extend(ne.map(StringConstraint::Ne));
    Ok(cs)
}

/// A short description of a JSON value for messages.
fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {s:?}"),
        Value::Array(_) => "an array".to_string(),
        Value::Object(_) => "an object".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(json: &str) -> ConstraintKeysDto {
        let v: serde_json::Map<String, Value> = serde_json::from_str(json).expect("test JSON");
        ConstraintKeysDto {
            lb: v.get("lb").and_then(Value::as_u64),
            ub: v.get("ub").and_then(Value::as_u64),
            range: v
                .get("range")
                .and_then(|r| Some([r[0].as_u64()?, r[1].as_u64()?])),
            eq: v.get("eq").cloned(),
            ne: v.get("ne").cloned(),
        }
    }

    #[test]
    fn unsigned_constraints_accept_and_reject() {
        let c = from_keys(ParamTypeDto::Unsigned, keys(r#"{"lb":2,"ub":64,"ne":3}"#)).unwrap();
        assert_eq!(c.check(&RtlParamValue::Unsigned(2)), Ok(()));
        assert!(c
            .check(&RtlParamValue::Unsigned(1))
            .unwrap_err()
            .contains("below"));
        assert!(c
            .check(&RtlParamValue::Unsigned(65))
            .unwrap_err()
            .contains("above"));
        assert!(c
            .check(&RtlParamValue::Unsigned(3))
            .unwrap_err()
            .contains("excluded"));
        let s = RtlParamValue::String("x".into());
        assert!(c.check(&s).unwrap_err().contains("expected an unsigned"));
    }

    #[test]
    fn unsatisfiable_or_mistyped_keys_are_reported() {
        let err = |t, j| from_keys(t, keys(j)).unwrap_err();
        assert_eq!(
            err(ParamTypeDto::Unsigned, r#"{"lb":5,"ub":2}"#)[0].key,
            "ub"
        );
        assert_eq!(
            err(ParamTypeDto::Unsigned, r#"{"range":[5,2]}"#)[0].key,
            "range"
        );
        assert_eq!(err(ParamTypeDto::Unsigned, r#"{"eq":"4"}"#)[0].key, "eq");
        assert_eq!(
            err(ParamTypeDto::Unsigned, r#"{"eq":4,"ne":4}"#)[0].key,
            "ne"
        );
        assert_eq!(
            err(ParamTypeDto::Unsigned, r#"{"lb":5,"eq":4}"#)[0].key,
            "eq"
        );
        assert_eq!(err(ParamTypeDto::String, r#"{"lb":1}"#)[0].key, "lb");
        assert_eq!(err(ParamTypeDto::String, r#"{"eq":1}"#)[0].key, "eq");
        assert_eq!(
            err(ParamTypeDto::String, r#"{"eq":"a","ne":"a"}"#)[0].key,
            "ne"
        );
    }
}
