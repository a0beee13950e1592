//! Attribute values: the typed form of MLIR attributes that Handshake operations carry.
//!
//! Known attributes (basic block, name, constant value, buffer parameters…) are lifted into typed
//! fields of [`super::ops::Op`]; everything else is kept as an [`Attr`] in an ordered map so that
//! IR from other tools round-trips. Attributes the parser does not understand structurally
//! (`#handshake<bufProps{…}>`, `#arith.fastmath<none>`) are kept verbatim as [`Attr::Opaque`].
//!
//! Invariant: printing an attribute and parsing it back yields an equal attribute (floats are
//! stored as bits, so NaN payloads and signed zeros survive).

use super::types::Type;
use std::collections::BTreeMap;
use std::fmt;

/// The type annotation of an integer attribute (`5 : i32`, `0 : ui32`, plain `5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntTy {
    /// No annotation (MLIR's default, 64-bit signless).
    Default,
    /// `iN`.
    Signless(u32),
    /// `uiN`.
    Unsigned(u32),
    /// `siN`.
    Signed(u32),
    /// `index`.
    Index,
}

impl IntTy {
    /// The bit width the value must fit in (64 for the default and `index`).
    pub fn width(self) -> u32 {
        match self {
            IntTy::Default | IntTy::Index => 64,
            IntTy::Signless(w) | IntTy::Unsigned(w) | IntTy::Signed(w) => w,
        }
    }
}

impl fmt::Display for IntTy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntTy::Default => Ok(()),
            IntTy::Signless(w) => write!(f, "i{w}"),
            IntTy::Unsigned(w) => write!(f, "ui{w}"),
            IntTy::Signed(w) => write!(f, "si{w}"),
            IntTy::Index => f.write_str("index"),
        }
    }
}

/// The type of a float attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatTy {
    /// `f32`: the bits are those of an `f32`.
    F32,
    /// `f64` (also the default when no annotation is written).
    F64,
}

/// Latencies of a buffer on its data, valid and ready paths
/// (`#handshake<timing {D: 1, V: 1, R: 0}>`); absent entries are not printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Timing {
    /// Data path latency.
    pub d: Option<u32>,
    /// Valid path latency.
    pub v: Option<u32>,
    /// Ready path latency.
    pub r: Option<u32>,
}

impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("#handshake<timing {")?;
        let mut first = true;
        for (k, v) in [("D", self.d), ("V", self.v), ("R", self.r)] {
            if let Some(v) = v {
                if !first {
                    f.write_str(", ")?;
                }
                first = false;
                write!(f, "{k}: {v}")?;
            }
        }
        f.write_str("}>")
    }
}

/// An attribute value.
#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    /// A unit attribute (a dictionary key written without a value).
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// An integer with its type annotation.
    Int {
        /// The value as written (signed).
        value: i64,
        /// The annotation.
        ty: IntTy,
    },
    /// A float, stored as the bits of its type.
    Float {
        /// The bits (`f32::to_bits` widened for [`FloatTy::F32`]).
        bits: u64,
        /// The type.
        ty: FloatTy,
    },
    /// A string.
    Str(String),
    /// `[a, b]`.
    Array(Vec<Attr>),
    /// `{k = v}` (keys sorted, as MLIR prints them).
    Dict(BTreeMap<String, Attr>),
    /// A type used as an attribute.
    Type(Type),
    /// `@symbol`.
    Symbol(String),
    /// Buffer timing.
    Timing(Timing),
    /// Any other attribute, verbatim (`#arith.fastmath<none>`).
    Opaque(String),
}

impl Attr {
    /// An integer attribute with a signless type.
    pub fn int(value: i64, width: u32) -> Attr {
        Attr::Int {
            value,
            ty: IntTy::Signless(width),
        }
    }

    /// An `f32` attribute.
    pub fn f32(v: f32) -> Attr {
        Attr::Float {
            bits: v.to_bits() as u64,
            ty: FloatTy::F32,
        }
    }

    /// An `f64` attribute.
    pub fn f64(v: f64) -> Attr {
        Attr::Float {
            bits: v.to_bits(),
            ty: FloatTy::F64,
        }
    }

    /// The value of a float attribute.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Attr::Float {
                bits,
                ty: FloatTy::F32,
            } => Some(f32::from_bits(bits as u32) as f64),
            Attr::Float {
                bits,
                ty: FloatTy::F64,
            } => Some(f64::from_bits(bits)),
            _ => None,
        }
    }

    /// The value of an integer or boolean attribute.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Attr::Int { value, .. } => Some(value),
            Attr::Bool(b) => Some(b as i64),
            _ => None,
        }
    }
}

/// Escapes a string the way MLIR prints string attributes.
pub fn escape_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for b in s.bytes() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:02X}")),
        }
    }
    out.push('"');
    out
}

/// Formats a float the way MLIR does: `1.100000e+00` (seven significant digits, truncated)
/// when that reads back to the same bits, else the natural precision (`-0.899999976`: 9
/// significant digits for `f32`, 17 for `f64`), and hexadecimal bits for infinities and NaNs.
/// Either way the text reads back to the same bits.
fn format_float(bits: u64, ty: FloatTy) -> String {
    let (value, digits) = match ty {
        FloatTy::F32 => (f32::from_bits(bits as u32) as f64, 9),
        FloatTy::F64 => (f64::from_bits(bits), 17),
    };
    let reads_back = |text: &str| match ty {
        FloatTy::F32 => text
            .parse::<f32>()
            .is_ok_and(|x| x.to_bits() as u64 == bits),
        FloatTy::F64 => text.parse::<f64>().is_ok_and(|x| x.to_bits() == bits),
    };
    if value.is_finite() {
        let (neg, all_digits, exp) = decimal_digits(value, 40);
        let short = scientific(neg, &all_digits[..7], exp);
        if reads_back(&short) {
            return short;
        }
        let (neg, rounded, exp) = decimal_digits(value, digits);
        let natural = natural(neg, &rounded, exp);
        if reads_back(&natural) {
            return natural;
        }
    }
    match ty {
        FloatTy::F32 => format!("0x{:08X}", bits as u32),
        FloatTy::F64 => format!("0x{bits:016X}"),
    }
}

/// The sign, the first `n` significant decimal digits (correctly rounded) and the decimal
/// exponent of a finite value.
fn decimal_digits(v: f64, n: usize) -> (bool, String, i32) {
    let text = format!("{:.*e}", n - 1, v.abs());
    let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    (v.is_sign_negative(), digits, exp.parse().unwrap_or(0))
}

/// `d.dddddde+XX`.
fn scientific(neg: bool, digits: &str, exp: i32) -> String {
    let sign = if neg { "-" } else { "" };
    let esign = if exp < 0 { '-' } else { '+' };
    format!(
        "{sign}{}.{}e{esign}{:02}",
        &digits[..1],
        &digits[1..],
        exp.abs()
    )
}

/// Plain decimal notation for moderate exponents, `d.dddE+XX` otherwise; trailing zeros
/// dropped (one kept after the point).
fn natural(neg: bool, digits: &str, exp: i32) -> String {
    let sign = if neg { "-" } else { "" };
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let n = digits.len() as i32;
    if !(-4..17).contains(&exp) {
        let frac = if n > 1 { &digits[1..] } else { "0" };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{}.{frac}E{esign}{:02}", &digits[..1], exp.abs());
    }
    if exp < 0 {
        let zeros = "0".repeat((-exp - 1) as usize);
        return format!("{sign}0.{zeros}{digits}");
    }
    let int_len = (exp + 1) as usize;
    if digits.len() <= int_len {
        let zeros = "0".repeat(int_len - digits.len());
        format!("{sign}{digits}{zeros}.0")
    } else {
        format!("{sign}{}.{}", &digits[..int_len], &digits[int_len..])
    }
}

/// Writes `key = value` entries (unit entries as the bare key), comma separated.
pub fn write_entries<'a>(
    f: &mut fmt::Formatter<'_>,
    entries: impl Iterator<Item = (&'a str, &'a Attr)>,
) -> fmt::Result {
    for (i, (k, v)) in entries.enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str(k)?;
        if !matches!(v, Attr::Unit) {
            write!(f, " = {v}")?;
        }
    }
    Ok(())
}

impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Attr::Unit => f.write_str("unit"),
            Attr::Bool(b) => write!(f, "{b}"),
            Attr::Int { value, ty } => match ty {
                IntTy::Default => write!(f, "{value}"),
                ty => write!(f, "{value} : {ty}"),
            },
            Attr::Float { bits, ty } => {
                let text = format_float(*bits, *ty);
                match ty {
                    FloatTy::F32 => write!(f, "{text} : f32"),
                    FloatTy::F64 => write!(f, "{text} : f64"),
                }
            }
            Attr::Str(s) => f.write_str(&escape_string(s)),
            Attr::Array(items) => {
                f.write_str("[")?;
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str("]")
            }
            Attr::Dict(map) => {
                f.write_str("{")?;
                write_entries(f, map.iter().map(|(k, v)| (k.as_str(), v)))?;
                f.write_str("}")
            }
            Attr::Type(t) => write!(f, "{}", t.long()),
            Attr::Symbol(s) => write!(f, "@{s}"),
            Attr::Timing(t) => write!(f, "{t}"),
            Attr::Opaque(s) => f.write_str(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_mlir_literals() {
        assert_eq!(Attr::f32(1.0).to_string(), "1.000000e+00 : f32");
        assert_eq!(Attr::f32(1.1).to_string(), "1.100000e+00 : f32");
        assert_eq!(Attr::f32(0.0).to_string(), "0.000000e+00 : f32");
        assert_eq!(Attr::f32(-0.9).to_string(), "-0.899999976 : f32");
        assert_eq!(Attr::f64(0.1).to_string(), "1.000000e-01 : f64");
        assert_eq!(Attr::f64(0.123456789).to_string(), "0.123456789 : f64");
        assert_eq!(Attr::f64(1e20).to_string(), "1.000000e+20 : f64");
        assert_eq!(Attr::f32(f32::MAX).to_string(), "3.40282347E+38 : f32");
        assert_eq!(Attr::f32(f32::INFINITY).to_string(), "0x7F800000 : f32");
    }

    #[test]
    fn timing_prints_present_entries() {
        let t = Timing {
            d: None,
            v: None,
            r: Some(1),
        };
        assert_eq!(t.to_string(), "#handshake<timing {R: 1}>");
    }
}
