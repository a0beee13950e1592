//! Address widths: a memory of `n` elements is addressed with `bits_for(n)` bits (as the HW
//! lowering sizes the ports of a memory nothing accesses), so every load and store address
//! into it, and the controller's address ports, need only that many low bits (an address
//! outside the array is undefined behaviour in C, and the interpreter rejects it).
//!
//! Invariant: a width is given for a controller's address operands and for its loads' and
//! stores' address operands only when every address operand of the controller traces back
//! (through buffers, forks and branches) to a load or store address output of at least that
//! width; otherwise the controller keeps its addresses as they are.

use crate::bits::bits_for;
use crate::handshake::{Func, OpId, OpKind, Type, ValueId};
use crate::lower::{controller_ports, lsq_ports};
use std::collections::BTreeMap;

/// The address widths of a function's memory accesses.
#[derive(Clone, Debug, Default)]
pub struct AddressWidths {
    /// `(op, operand)` → bits, for the address operand (0) of loads and stores and the
    /// address operands of memory controllers.
    pub ports: BTreeMap<(OpId, usize), u32>,
    /// The channels from a load's or store's address output to its controller (the output,
    /// buffers and forks between them) → bits: they carry exactly the address width, so that
    /// back ends still find the access behind each controller port.
    pub paths: BTreeMap<ValueId, u32>,
}

/// The address widths of every memory controller of `f` whose addresses can be narrowed.
pub fn address_widths(f: &Func) -> AddressWidths {
    let mut out = AddressWidths::default();
    for (id, op) in f.ops() {
        let addresses = controller_ports(f, id)
            .map(|p| [p.ld_addr, p.st_addr])
            .or_else(|| lsq_ports(f, id).map(|p| [p.ld_addr, p.st_addr]));
        let (Some([ld_addr, st_addr]), Some(memref)) = (addresses, op.operands.first()) else {
            continue;
        };
        let Some(Type::MemRef { shape, .. }) = f.ty(*memref) else {
            continue;
        };
        let len = shape.iter().fold(1u64, |n, &d| n.saturating_mul(d));
        let bits = bits_for(len);
        let indices: Vec<usize> = ld_addr.into_iter().chain(st_addr).collect();
        let accesses: Option<Vec<(OpId, Vec<ValueId>)>> = indices
            .iter()
            .map(|&i| {
                let (access, path) = access_of(f, *op.operands.get(i)?)?;
                let w = f
                    .operands(access)
                    .first()
                    .and_then(|&a| super::int_width(f, a))?;
                (w >= bits).then_some((access, path))
            })
            .collect();
        let Some(accesses) = accesses else { continue };
        out.ports.extend(indices.iter().map(|&i| ((id, i), bits)));
        for (access, path) in accesses {
            out.ports.insert((access, 0), bits);
            out.paths.extend(path.into_iter().map(|v| (v, bits)));
        }
    }
    out
}

/// The load or store whose address output `v` is, looking through buffers, forks and
/// branches, with the channels on the way (`v` first).
fn access_of(f: &Func, mut v: ValueId) -> Option<(OpId, Vec<ValueId>)> {
    let mut path = Vec::new();
    for _ in 0..f.num_ops() + 1 {
        path.push(v);
        let d = f.defining_op(v)?;
        let op = f.op(d)?;
        match op.kind {
            OpKind::Buffer(_) | OpKind::LazyFork | OpKind::Fork | OpKind::Br => {
                v = *op.operands.first()?
            }
            OpKind::Load | OpKind::Store if op.results.first() == Some(&v) => {
                return Some((d, path))
            }
            _ => return None,
        }
    }
    None
}
