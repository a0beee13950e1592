//! Origins for ops that passes create: every op without an [`Origin`] takes one from its
//! neighbours, so that each op of a circuit lowered from C can be traced to its source.
//!
//! Rule (applied until nothing changes, in program order): an op without an origin takes the
//! origin of the producer of its first operand that has one — a fork, buffer, sink or width
//! cast thus shares its channel's producer's location and C variable — and, failing that, the
//! origin of its first consumer that has one, without the consumer's variable (a constant or a
//! source feeds a value the consumer computes). Ops with origins are never changed, and IR
//! without any origin (written by hand) stays without.

use crate::handshake::{Func, OpId, OpKind, Origin};

/// The operand whose value an op of this kind passes on unchanged (so its results carry that
/// operand's C variable): the data input of forks, buffers and branches.
pub fn passed_operand(kind: &OpKind) -> Option<usize> {
    match kind {
        OpKind::Fork | OpKind::LazyFork | OpKind::Buffer(_) | OpKind::Br => Some(0),
        OpKind::CondBr => Some(1),
        _ => None,
    }
}

/// Gives every op of `f` without an origin one from its neighbours (see the module doc).
pub fn inherit(f: &mut Func) {
    let uses = f.use_lists();
    loop {
        // Producers first, until they give nothing more, so that a chain of new ops (buffers
        // after buffers) all take their producer's origin; then consumers.
        let mut found = from_producers(f);
        if found.is_empty() {
            found = from_consumers(f, &uses);
        }
        if found.is_empty() {
            return;
        }
        for (id, origin) in found {
            if let Some(op) = f.op_mut(id) {
                op.origin = Some(origin);
            }
        }
    }
}

/// Ops without an origin whose operand's producer has one, with that origin.
fn from_producers(f: &Func) -> Vec<(OpId, Origin)> {
    f.ops()
        .filter(|(_, op)| op.origin.is_none())
        .filter_map(|(id, op)| {
            let origin = op.operands.iter().find_map(|&v| {
                let producer = f.defining_op(v)?;
                f.op(producer)?.origin.clone()
            })?;
            Some((id, origin))
        })
        .collect()
}

/// Ops without an origin whose result's consumer has one, with that origin (no variable).
fn from_consumers(f: &Func, uses: &[Vec<(OpId, usize)>]) -> Vec<(OpId, Origin)> {
    f.ops()
        .filter(|(_, op)| op.origin.is_none())
        .filter_map(|(id, op)| {
            let origin = op.results.iter().find_map(|&r| {
                uses.get(r.0 as usize)?
                    .iter()
                    .find_map(|&(user, _)| Some(f.op(user)?.origin.as_ref()?.with_var(None)))
            })?;
            Some((id, origin))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::LineCol;
    use crate::handshake::Type;

    fn origin(line: u32, var: Option<&str>) -> Origin {
        Origin {
            var: var.map(Into::into),
            file: "k.c".into(),
            start: LineCol { line, col: 1 },
            end: LineCol { line, col: 9 },
        }
    }

    #[test]
    fn forks_take_their_producers_origin_and_constants_their_consumers() {
        let mut f = Func::new("k");
        let start = f.add_arg(Type::control(), Some("start"));
        let c = f.add_op(
            OpKind::Constant {
                value: crate::handshake::Attr::int(3, 32),
            },
            vec![start],
            vec![Type::int_channel(32)],
        );
        let three = f.results(c)[0];
        let add = f.add_op(
            OpKind::Bin(crate::handshake::BinOp::AddI),
            vec![three, three],
            vec![Type::int_channel(32)],
        );
        let sum = f.results(add)[0];
        let fork = f.add_op(OpKind::Fork, vec![sum], vec![Type::int_channel(32); 2]);
        f.op_mut(add).unwrap().origin = Some(origin(4, Some("s")));
        inherit(&mut f);
        assert_eq!(f.op(fork).unwrap().origin, Some(origin(4, Some("s"))));
        assert_eq!(f.op(c).unwrap().origin, Some(origin(4, None)));
        assert_eq!(f.op(add).unwrap().origin, Some(origin(4, Some("s"))));
    }

    #[test]
    fn ir_without_origins_stays_without() {
        let mut f = Func::new("k");
        let a = f.add_arg(Type::int_channel(8), Some("a"));
        let fork = f.add_op(OpKind::Fork, vec![a], vec![Type::int_channel(8); 2]);
        inherit(&mut f);
        assert_eq!(f.op(fork).unwrap().origin, None);
    }
}
