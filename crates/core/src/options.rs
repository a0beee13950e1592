//! The typed options of a compilation, one type per concept, shared by the CLI, the driver, the
//! web worker's protocol and share links: the buffer placement algorithm, the memory ordering
//! mode and the RTL language.
//! Other closed sets of names that cross the same boundaries (stage groups, severities, solver
//! and simulation statuses) are declared next to their owners with [`named_enum!`].
//!
//! Invariant: every value has one stable lowercase name; [`std::str::FromStr`] and serde
//! accept exactly those names and reject anything else with an error listing them, so an
//! unknown value is never silently mapped to a default.

use std::fmt;

/// An unknown name for a value of a named enum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being named, e.g. `buffer algorithm`.
    pub what: &'static str,
    /// The name given.
    pub name: String,
    /// The accepted names.
    pub accepted: &'static [&'static str],
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} `{}` (expected one of: {})",
            self.what,
            self.name,
            self.accepted.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

/// Gives a fieldless enum its stable names: `ALL`, `NAMES`, `name()`, `from_name()`,
/// `FromStr` (an [`UnknownName`] error), `Display`, and serde as the name string.
#[macro_export]
macro_rules! named_enum {
    ($ty:ident, $what:literal { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in display order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];
            /// Every value's name, in display order.
            pub const NAMES: &'static [&'static str] = &[$($name),+];

            /// The value's stable lowercase name.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }

            /// The value with this name, if any.
            pub fn from_name(name: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.name() == name)
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::options::UnknownName;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::from_name(s).ok_or_else(|| $crate::options::UnknownName {
                    what: $what,
                    name: s.to_string(),
                    accepted: Self::NAMES,
                })
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                // A visitor, so that an unknown name is an error of the string's own
                // deserialization (error paths then name the field).
                struct Names;
                impl<'de> ::serde::de::Visitor<'de> for Names {
                    type Value = $ty;

                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        write!(f, "a {} name", $what)
                    }

                    fn visit_str<E: ::serde::de::Error>(self, name: &str) -> Result<$ty, E> {
                        <$ty>::from_name(name)
                            .ok_or_else(|| E::unknown_variant(name, <$ty>::NAMES))
                    }
                }
                d.deserialize_str(Names)
            }
        }
    };
}

/// The buffer placement algorithm (spec/buffering.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum BufferAlgorithm {
    /// The correctness-first placement: a slot after every merge-like unit on a cycle.
    #[default]
    OnMerges,
    /// The FPGA'20 MILP: data/valid timing, throughput per loop.
    Fpga20,
    /// The FPL'22 MILP: data/valid and ready timing, throughput per loop.
    Fpl22,
    /// No buffers beyond those the lowering places (loops usually keep combinational cycles).
    None,
}

named_enum!(BufferAlgorithm, "buffer algorithm" {
    OnMerges => "on-merges",
    Fpga20 => "fpga20",
    Fpl22 => "fpl22",
    None => "none",
});

impl BufferAlgorithm {
    /// Whether the algorithm solves a MILP weighted by the interpreter's profile.
    pub fn is_milp(self) -> bool {
        matches!(self, BufferAlgorithm::Fpga20 | BufferAlgorithm::Fpl22)
    }
}

/// How the loads and stores of an array that may conflict are kept in order
/// (docs/memory-ordering.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum MemoryMode {
    /// Per array, by the dependence analysis and the cost rule: a memory controller when no
    /// pair may conflict, else a load-store queue where one measurably pays, or the ordering
    /// token.
    #[default]
    Auto,
    /// A load-store queue on every array with a pair that may conflict.
    Lsq,
    /// The ordering token on every array with a pair that may conflict.
    Token,
}

named_enum!(MemoryMode, "memory mode" {
    Auto => "auto",
    Lsq => "lsq",
    Token => "token",
});

/// The hardware description language of the generated RTL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Hdl {
    /// VHDL-2008 (simulated with GHDL).
    #[default]
    Vhdl,
    /// Verilog-2005 (simulated with Icarus Verilog).
    Verilog,
}

named_enum!(Hdl, "HDL" { Vhdl => "vhdl", Verilog => "verilog" });

impl Hdl {
    /// The file extension of a source in this language, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Hdl::Vhdl => "vhd",
            Hdl::Verilog => "v",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_rejected() {
        for &a in BufferAlgorithm::ALL {
            assert_eq!(a.name().parse::<BufferAlgorithm>(), Ok(a));
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<BufferAlgorithm>(&json).unwrap(), a);
        }
        let err = "fpga21".parse::<BufferAlgorithm>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown buffer algorithm `fpga21` (expected one of: on-merges, fpga20, fpl22, none)"
        );
        assert!(serde_json::from_str::<Hdl>("\"systemverilog\"").is_err());
        assert_eq!(serde_json::to_string(&Hdl::Verilog).unwrap(), "\"verilog\"");
    }
}
