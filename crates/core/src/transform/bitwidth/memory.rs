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
use crate::lower::lsq::MC_LINK_RESULTS;
use crate::lower::{controller_ports, lsq_memref, lsq_ports};
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
/// A queue beside a controller is narrowed with it, or neither is: the queue's
/// `ldAddrToMC`/`stAddrToMC` are address operands of the controller, and address paths.
pub fn address_widths(f: &Func) -> AddressWidths {
    let mut out = AddressWidths::default();
    // Queues beside a controller whose own accesses can be narrowed, with their widths.
    let mut beside: BTreeMap<OpId, u32> = BTreeMap::new();
    let queues_first = f
        .ops()
        .filter(|(_, op)| {
            matches!(
                op.kind,
                OpKind::Lsq {
                    through_mc: true,
                    ..
                }
            )
        })
        .chain(f.ops().filter(|(_, op)| {
            !matches!(
                op.kind,
                OpKind::Lsq {
                    through_mc: true,
                    ..
                }
            )
        }));
    for (id, op) in queues_first {
        let ports = controller_ports(f, id)
            .map(|p| (p.ld_addr, p.st_addr))
            .or_else(|| lsq_ports(f, id).map(|p| (p.ld_addr, p.st_addr)));
        let (Some((ld_addr, st_addr)), Some(memref)) =
            (ports, lsq_memref(f, id).or(op.operands.first().copied()))
        else {
            continue;
        };
        let Some(Type::MemRef { shape, .. }) = f.ty(memref) else {
            continue;
        };
        let len = shape.iter().fold(1u64, |n, &d| n.saturating_mul(d));
        let bits = bits_for(len);
        let indices: Vec<usize> = ld_addr.into_iter().chain(st_addr).collect();
        let accesses: Option<Vec<Option<AccessPath>>> = indices
            .iter()
            .map(|&i| {
                let v = *op.operands.get(i)?;
                if let Some(q) = f.defining_op(v).filter(|q| beside.contains_key(q)) {
                    return (beside[&q] == bits).then_some(None);
                }
                let (access, path) = access_of(f, v)?;
                let w = f
                    .operands(access)
                    .first()
                    .and_then(|&a| super::int_width(f, a))?;
                (w >= bits).then_some(Some((access, path)))
            })
            .collect();
        let Some(accesses) = accesses else { continue };
        if matches!(
            op.kind,
            OpKind::Lsq {
                through_mc: true,
                ..
            }
        ) {
            beside.insert(id, bits);
            continue;
        }
        out.ports.extend(indices.iter().map(|&i| ((id, i), bits)));
        for (access, path) in accesses.into_iter().flatten() {
            out.ports.insert((access, 0), bits);
            out.paths.extend(path.into_iter().map(|v| (v, bits)));
        }
        // The queue beside this controller, if any, and its accesses.
        let queue = indices
            .iter()
            .filter_map(|&i| f.defining_op(*op.operands.get(i)?))
            .find(|q| beside.contains_key(q));
        if let Some(q) = queue {
            let Some(qp) = lsq_ports(f, q) else { continue };
            let results = f.results(q);
            // `ldAddrToMC, stAddrToMC` (results before `stDataToMC, memEnd`). The driver
            // verifies the queue's results before this pass; the saturating bounds only keep
            // IR that skipped the verifier from panicking here.
            let start = results.len().saturating_sub(1 + MC_LINK_RESULTS);
            let link = results
                .get(start..results.len().saturating_sub(2))
                .unwrap_or(&[]);
            out.paths.extend(link.iter().map(|&v| (v, bits)));
            for i in qp.ld_addr.into_iter().chain(qp.st_addr) {
                out.ports.insert((q, i), bits);
                let Some((access, path)) = f.operands(q).get(i).and_then(|&v| access_of(f, v))
                else {
                    continue;
                };
                out.ports.insert((access, 0), bits);
                out.paths.extend(path.into_iter().map(|v| (v, bits)));
            }
        }
    }
    out
}

/// A load or store and the channels from its address output to its memory interface.
type AccessPath = (OpId, Vec<ValueId>);

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
