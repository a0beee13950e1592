//! Signal-level type computations shared by the parser, the printer and the verifier: the
//! operand/result layouts of `bundle` and `unbundle`, the merging of extra signals at
//! merge-like operations, and per-direction widths for `compose`/`decompose`.

use super::types::{Direction, ExtraSignal, RawType, Type};

/// The raw types of the extra signals going in one direction.
fn extras_of(ty: &Type, dir: Direction) -> Vec<Type> {
    ty.extras()
        .iter()
        .filter(|e| e.dir == dir)
        .map(|e| Type::Raw(e.ty))
        .collect()
}

/// The layout of `unbundle` of a value of type `ty`: (extra operand types after the bundled
/// value, result types). Control: ready and upstream extras in; valid and downstream extras
/// out. Channel: upstream extras in; `control`, data and downstream extras out. None for types
/// that cannot be unbundled.
pub fn unbundle_layout(ty: &Type) -> Option<(Vec<Type>, Vec<Type>)> {
    let up = extras_of(ty, Direction::Up);
    let down = extras_of(ty, Direction::Down);
    match ty {
        Type::Control(_) => {
            let ins = std::iter::once(Type::Raw(RawType::Int(1)))
                .chain(up)
                .collect();
            let outs = std::iter::once(Type::Raw(RawType::Int(1)))
                .chain(down)
                .collect();
            Some((ins, outs))
        }
        Type::Channel { data, .. } => {
            let outs = [Type::control(), Type::Raw(*data)]
                .into_iter()
                .chain(down)
                .collect();
            Some((up, outs))
        }
        _ => None,
    }
}

/// The layout of `bundle` producing a value of type `ty`: (operand types, result types after
/// the bundled value). The mirror image of [`unbundle_layout`].
pub fn bundle_layout(ty: &Type) -> Option<(Vec<Type>, Vec<Type>)> {
    unbundle_layout(ty).map(|(ins, outs)| (outs, ins))
}

/// The total width of a dataflow type's signals going in one direction (data counts as
/// downstream).
pub fn direction_width(ty: &Type, dir: Direction) -> u64 {
    let extras: u64 = ty
        .extras()
        .iter()
        .filter(|e| e.dir == dir)
        .map(|e| e.ty.bit_width() as u64)
        .sum();
    match dir {
        Direction::Down => extras + ty.data_width() as u64,
        Direction::Up => extras,
    }
}

/// The extra signals a merge-like operation must produce from its inputs' extras. Inputs
/// without extra signals do not constrain the result; the others must agree (their common list
/// is the result) or have named signals (the result is their union by name, in order of first
/// appearance).
/// Err(message) when the inputs conflict (same name, different type or direction) or when
/// differing lists contain unnamed signals.
pub fn merged_extras<'a>(
    inputs: impl IntoIterator<Item = &'a [ExtraSignal]>,
) -> Result<Vec<ExtraSignal>, String> {
    let lists: Vec<&[ExtraSignal]> = inputs.into_iter().filter(|l| !l.is_empty()).collect();
    let Some(first) = lists.first() else {
        return Ok(Vec::new());
    };
    if lists.iter().all(|l| l == first) {
        return Ok(first.to_vec());
    }
    let mut union: Vec<ExtraSignal> = Vec::new();
    for e in lists.iter().flat_map(|l| l.iter()) {
        let Some(name) = &e.name else {
            return Err(
                "inputs carry different extra signals and some are unnamed, so they cannot be merged"
                    .to_string(),
            );
        };
        match union.iter().find(|u| u.name.as_ref() == Some(name)) {
            Some(u) if u != e => {
                return Err(format!(
                    "inputs disagree on extra signal '{name}': {u} versus {e}"
                ))
            }
            Some(_) => {}
            None => union.push(e.clone()),
        }
    }
    Ok(union)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unbundle_of_channel_with_extras() {
        let t = Type::Channel {
            data: RawType::Int(32),
            extras: vec![
                ExtraSignal::up("e1", RawType::Int(1)),
                ExtraSignal::down("e2", RawType::F16),
            ],
        };
        let (ins, outs) = unbundle_layout(&t).unwrap();
        assert_eq!(ins, vec![Type::Raw(RawType::Int(1))]);
        assert_eq!(
            outs,
            vec![
                Type::control(),
                Type::Raw(RawType::Int(32)),
                Type::Raw(RawType::F16)
            ]
        );
        assert_eq!(direction_width(&t, Direction::Down), 48);
    }

    #[test]
    fn merging_extras_unions_by_name() {
        let a = vec![ExtraSignal::down("e1", RawType::Int(2))];
        let b = vec![ExtraSignal::down("e3", RawType::Int(6))];
        let m = merged_extras([a.as_slice(), b.as_slice()]).unwrap();
        assert_eq!(m.len(), 2);
        let c = vec![ExtraSignal::down("e1", RawType::Int(3))];
        assert!(merged_extras([a.as_slice(), c.as_slice()]).is_err());
    }
}
