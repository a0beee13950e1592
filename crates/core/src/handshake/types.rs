//! The types of Handshake values (spec/type-system.md).
//!
//! * [`Type::Control`]: a control-only token (valid/ready), optionally with extra signals;
//!   printed `!handshake.control<>` (long form) or `<>` (short form inside operations).
//! * [`Type::Channel`]: a data bus of a [`RawType`] plus valid/ready and optional extra signals;
//!   printed `!handshake.channel<i32, [spec: i1, tag: i4 (U)]>` or `<i32, [spec: i1]>`.
//! * [`Type::Raw`]: an un-handshaked signal (`i1`, `i32`, `f32`), the results of `unbundle` and
//!   the operands of `bundle`.
//! * [`Type::MemRef`]: a memory argument (`memref<64xi32>`, `memref<8x8xf32>`).
//!
//! Types are plain values (no interning); equality is structural, extra-signal names included.
//! Whether a type is *valid* (non-zero widths, unique extra names…) is the verifier's business:
//! every type can be represented and printed, so invalid input survives to get a diagnostic.

use std::fmt;

/// A raw (un-handshaked) scalar type: a signless integer of some width or a float.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RawType {
    /// A signless integer `iN` (`i0` is representable and rejected by the verifier).
    Int(u32),
    /// `f16`.
    F16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
}

impl RawType {
    /// The number of wires of the signal.
    pub fn bit_width(self) -> u32 {
        match self {
            RawType::Int(w) => w,
            RawType::F16 => 16,
            RawType::F32 => 32,
            RawType::F64 => 64,
        }
    }

    /// True for integer types.
    pub fn is_int(self) -> bool {
        matches!(self, RawType::Int(_))
    }

    /// True for floating-point types.
    pub fn is_float(self) -> bool {
        !self.is_int()
    }
}

impl fmt::Display for RawType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RawType::Int(w) => write!(f, "i{w}"),
            RawType::F16 => f.write_str("f16"),
            RawType::F32 => f.write_str("f32"),
            RawType::F64 => f.write_str("f64"),
        }
    }
}

/// The direction of an extra signal relative to the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Direction {
    /// Travels with data and valid (the default).
    #[default]
    Down,
    /// Travels with ready, against the data (`(U)` in the text).
    Up,
}

/// One extra signal of a channel or control type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExtraSignal {
    /// The signal's name, if it has one (`spec` in `[spec: i1]`).
    pub name: Option<String>,
    /// The signal's type.
    pub ty: RawType,
    /// Its direction.
    pub dir: Direction,
}

impl ExtraSignal {
    /// A named downstream signal.
    pub fn down(name: &str, ty: RawType) -> Self {
        ExtraSignal {
            name: Some(name.to_string()),
            ty,
            dir: Direction::Down,
        }
    }

    /// A named upstream signal.
    pub fn up(name: &str, ty: RawType) -> Self {
        ExtraSignal {
            name: Some(name.to_string()),
            ty,
            dir: Direction::Up,
        }
    }
}

impl fmt::Display for ExtraSignal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = &self.name {
            write!(f, "{n}: ")?;
        }
        write!(f, "{}", self.ty)?;
        if self.dir == Direction::Up {
            f.write_str(" (U)")?;
        }
        Ok(())
    }
}

/// The type of a Handshake SSA value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// A control-only token with its extra signals.
    Control(Vec<ExtraSignal>),
    /// A data channel.
    Channel {
        /// The data bus.
        data: RawType,
        /// Extra signals, in order.
        extras: Vec<ExtraSignal>,
    },
    /// An un-handshaked signal.
    Raw(RawType),
    /// A memory reference (function arguments of memory interfaces).
    MemRef {
        /// The static shape (at least one dimension).
        shape: Vec<u64>,
        /// The element type.
        elem: RawType,
    },
}

impl Type {
    /// `control` without extra signals.
    pub fn control() -> Type {
        Type::Control(Vec::new())
    }

    /// `channel<data>` without extra signals.
    pub fn channel(data: RawType) -> Type {
        Type::Channel {
            data,
            extras: Vec::new(),
        }
    }

    /// `channel<iN>`.
    pub fn int_channel(width: u32) -> Type {
        Type::channel(RawType::Int(width))
    }

    /// True for channels and control tokens (the handshaked types).
    pub fn is_dataflow(&self) -> bool {
        matches!(self, Type::Control(_) | Type::Channel { .. })
    }

    /// True for control tokens.
    pub fn is_control(&self) -> bool {
        matches!(self, Type::Control(_))
    }

    /// The data type of a channel.
    pub fn data(&self) -> Option<RawType> {
        match self {
            Type::Channel { data, .. } => Some(*data),
            _ => None,
        }
    }

    /// The extra signals of a channel or control token (empty for other types).
    pub fn extras(&self) -> &[ExtraSignal] {
        match self {
            Type::Control(e) | Type::Channel { extras: e, .. } => e,
            _ => &[],
        }
    }

    /// The same dataflow type with other extra signals (other types are returned unchanged).
    pub fn with_extras(&self, extras: Vec<ExtraSignal>) -> Type {
        match self {
            Type::Control(_) => Type::Control(extras),
            Type::Channel { data, .. } => Type::Channel {
                data: *data,
                extras,
            },
            other => other.clone(),
        }
    }

    /// The data width of a channel (0 for control tokens, the width for raw types).
    pub fn data_width(&self) -> u32 {
        match self {
            Type::Channel { data, .. } | Type::Raw(data) => data.bit_width(),
            _ => 0,
        }
    }

    /// The long form, as in function signatures: `!handshake.channel<i32>`.
    pub fn long(&self) -> LongType<'_> {
        LongType(self)
    }

    /// The short form Dynamatic prints inside operations: `<i32>`, `<>`.
    pub fn short(&self) -> ShortType<'_> {
        ShortType(self)
    }
}

fn write_extras(f: &mut fmt::Formatter<'_>, extras: &[ExtraSignal]) -> fmt::Result {
    f.write_str("[")?;
    for (i, e) in extras.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{e}")?;
    }
    f.write_str("]")
}

fn write_body(f: &mut fmt::Formatter<'_>, ty: &Type) -> fmt::Result {
    match ty {
        Type::Control(extras) if !extras.is_empty() => write_extras(f, extras)?,
        Type::Channel { data, extras } => {
            write!(f, "{data}")?;
            if !extras.is_empty() {
                f.write_str(", ")?;
                write_extras(f, extras)?;
            }
        }
        _ => {}
    }
    Ok(())
}

fn write_memref(f: &mut fmt::Formatter<'_>, shape: &[u64], elem: RawType) -> fmt::Result {
    f.write_str("memref<")?;
    for d in shape {
        write!(f, "{d}x")?;
    }
    write!(f, "{elem}>")
}

/// Displays a type in its long form (see [`Type::long`]).
pub struct LongType<'a>(&'a Type);

impl fmt::Display for LongType<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Type::Control(_) => f.write_str("!handshake.control<")?,
            Type::Channel { .. } => f.write_str("!handshake.channel<")?,
            Type::Raw(r) => return write!(f, "{r}"),
            Type::MemRef { shape, elem } => return write_memref(f, shape, *elem),
        }
        write_body(f, self.0)?;
        f.write_str(">")
    }
}

/// Displays a type in its short form (see [`Type::short`]).
pub struct ShortType<'a>(&'a Type);

impl fmt::Display for ShortType<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Type::Control(_) | Type::Channel { .. } => {
                f.write_str("<")?;
                write_body(f, self.0)?;
                f.write_str(">")
            }
            other => write!(f, "{}", other.long()),
        }
    }
}

/// The spec's unprefixed spelling (`channel<i32>`, `control`), used in messages.
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Control(e) if e.is_empty() => f.write_str("control"),
            Type::Control(_) => {
                f.write_str("control<")?;
                write_body(f, self)?;
                f.write_str(">")
            }
            Type::Channel { .. } => {
                f.write_str("channel<")?;
                write_body(f, self)?;
                f.write_str(">")
            }
            other => write!(f, "{}", other.long()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_print_as_documented() {
        let t = Type::Channel {
            data: RawType::Int(32),
            extras: vec![
                ExtraSignal::down("spec", RawType::Int(1)),
                ExtraSignal::up("tag", RawType::Int(4)),
            ],
        };
        assert_eq!(
            t.long().to_string(),
            "!handshake.channel<i32, [spec: i1, tag: i4 (U)]>"
        );
        assert_eq!(t.short().to_string(), "<i32, [spec: i1, tag: i4 (U)]>");
        assert_eq!(t.to_string(), "channel<i32, [spec: i1, tag: i4 (U)]>");
        assert_eq!(Type::control().short().to_string(), "<>");
        assert_eq!(Type::control().to_string(), "control");
        let m = Type::MemRef {
            shape: vec![8, 8],
            elem: RawType::F32,
        };
        assert_eq!(m.short().to_string(), "memref<8x8xf32>");
    }
}
