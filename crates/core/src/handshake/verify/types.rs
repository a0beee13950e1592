//! Well-formedness of types: non-zero widths, unique and unreserved extra-signal names, static
//! memref shapes. Every value's type is checked once, at its definition.

use crate::handshake::types::{RawType, Type};

/// Names that extra signals may not take (they name the handshake wires themselves).
pub const RESERVED_SIGNAL_NAMES: &[&str] = &["valid", "ready"];

/// The problems of a type, as messages (empty when the type is well formed).
pub fn type_problems(ty: &Type) -> Vec<String> {
    let mut out = Vec::new();
    match ty {
        Type::Channel { data, .. } if data.bit_width() == 0 => out.push(format!(
            "type {} is invalid: channel data must have a non-zero width",
            ty.long()
        )),
        Type::Raw(RawType::Int(0)) => {
            out.push("type i0 is invalid: a signal needs at least one bit".to_string())
        }
        Type::MemRef { shape, elem } => {
            if shape.contains(&0) {
                out.push(format!(
                    "type {} is invalid: memref dimensions must be positive",
                    ty.long()
                ));
            }
            if elem.bit_width() == 0 {
                out.push(format!(
                    "type {} is invalid: memref elements need at least one bit",
                    ty.long()
                ));
            }
        }
        _ => {}
    }
    let extras = ty.extras();
    for (i, e) in extras.iter().enumerate() {
        if e.ty.bit_width() == 0 {
            out.push(format!(
                "type {} is invalid: extra signal {} has zero width",
                ty.long(),
                e.name
                    .as_deref()
                    .map_or(format!("#{i}"), |n| format!("'{n}'"))
            ));
        }
        let Some(name) = &e.name else { continue };
        if RESERVED_SIGNAL_NAMES.contains(&name.as_str()) {
            out.push(format!(
                "type {} is invalid: '{name}' is a reserved name and cannot name an extra signal",
                ty.long()
            ));
        }
        if extras[..i].iter().any(|p| p.name.as_ref() == Some(name)) {
            out.push(format!(
                "type {} is invalid: extra signal name '{name}' appears more than once",
                ty.long()
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handshake::types::ExtraSignal;

    #[test]
    fn rejects_zero_widths_and_bad_names() {
        assert_eq!(type_problems(&Type::int_channel(0)).len(), 1);
        assert!(type_problems(&Type::int_channel(8)).is_empty());
        let dup = Type::Control(vec![
            ExtraSignal::down("e", RawType::Int(1)),
            ExtraSignal::down("e", RawType::Int(2)),
            ExtraSignal::up("valid", RawType::Int(1)),
        ]);
        assert_eq!(type_problems(&dup).len(), 2);
    }
}
