//! Backward demanded bits: for every integer channel, how many of its low bits any consumer
//! can observe, by fixed-point iteration from the consumers back (a value's demand is the
//! largest its uses place on it).
//!
//! What a use demands of its operand, given the demand `d` on the user's results:
//! * `addi`, `subi`, `muli`, `ori`, `xori`, `not` and the shifted value of `shli`: `d` (the
//!   low `d` bits of the result depend only on the low `d` bits of the operands);
//! * `andi` with a constant mask: at most the mask's highest set bit (`x & 0xFF`: 8);
//! * `trunci`, `extsi`, `extui`: `d`, at most the operand's width;
//! * forks, branches, buffers, merges, the data of `mux`, `cond_br` and `select`: `d`;
//! * a load's or store's address, and a memory controller's address port: the memory's
//!   address width ([`super::memory`]);
//! * `sink` and `join`: nothing (they never read the data);
//! * anything else (comparisons, divisions, right shifts, shift amounts, selects and
//!   conditions, memory data, instances, `end`): every bit.
//!
//! Invariant: a value's demand is at least the width its consumers read it at after the
//! rewriting (so a value narrowed to its demand always holds the bits they read).

use super::interval::unsigned_bits;
use super::memory::AddressWidths;
use super::{int_width, root};
use crate::bits::mask;
use crate::handshake::{Attr, BinOp, CastOp, Func, OpId, OpKind, UnOp, ValueId};
use std::collections::{BTreeSet, VecDeque};

/// The demanded bits of every value, indexed by `ValueId` (0 for values nothing reads and
/// for values that are not integer channels).
pub fn analyze(f: &Func, addresses: &AddressWidths) -> Vec<u32> {
    let mut demand = vec![0u32; f.num_values()];
    let mut queue: VecDeque<OpId> = f.op_ids().iter().rev().copied().collect();
    let mut queued: BTreeSet<OpId> = queue.iter().copied().collect();
    while let Some(id) = queue.pop_front() {
        queued.remove(&id);
        let ops = f.operands(id).to_vec();
        for (v, d) in ops.iter().zip(on_operands(f, id, &demand, addresses)) {
            let Some(slot) = demand.get_mut(v.0 as usize) else {
                continue;
            };
            if d > *slot && int_width(f, *v).is_some() {
                *slot = d;
                if let Some(p) = f.defining_op(*v).filter(|p| queued.insert(*p)) {
                    queue.push_back(p);
                }
            }
        }
    }
    demand
}

/// What op `id` demands of each of its operands, given the current demands of its results.
fn on_operands(f: &Func, id: OpId, demand: &[u32], addresses: &AddressWidths) -> Vec<u32> {
    let Some(op) = f.op(id) else {
        return Vec::new();
    };
    let full = |i: usize| {
        op.operands
            .get(i)
            .and_then(|&v| int_width(f, v))
            .unwrap_or(0)
    };
    let of = |v: &ValueId| demand.get(v.0 as usize).copied().unwrap_or(0);
    let d = op.results.iter().map(of).max().unwrap_or(0);
    let n = op.operands.len();
    match &op.kind {
        OpKind::Bin(BinOp::AddI | BinOp::SubI | BinOp::MulI | BinOp::OrI | BinOp::XorI)
        | OpKind::Un(UnOp::NotI) => vec![d; n],
        OpKind::Bin(BinOp::AndI) => (0..n)
            .map(|i| {
                let mask_bits = op
                    .operands
                    .get(1 - i.min(1))
                    .and_then(|&m| constant_bits(f, m));
                d.min(mask_bits.unwrap_or(u32::MAX))
            })
            .collect(),
        OpKind::Bin(BinOp::ShlI) => vec![d, full(1)],
        OpKind::Cast(CastOp::TruncI | CastOp::ExtSI | CastOp::ExtUI) => vec![d.min(full(0))],
        OpKind::Fork | OpKind::LazyFork | OpKind::Br | OpKind::Buffer(_) | OpKind::Merge => {
            vec![d; n]
        }
        OpKind::Mux => (0..n).map(|i| if i == 0 { full(0) } else { d }).collect(),
        OpKind::CondBr => vec![full(0), d],
        OpKind::Select => vec![full(0), d, d],
        OpKind::Sink | OpKind::Join => vec![0; n],
        _ => (0..n)
            .map(|i| {
                addresses
                    .ports
                    .get(&(id, i))
                    .copied()
                    .unwrap_or_else(|| full(i))
            })
            .collect(),
    }
}

/// The bits up to the highest set one of the constant `v` (looking through forks), if `v`
/// is an integer constant.
fn constant_bits(f: &Func, v: ValueId) -> Option<u32> {
    let w = int_width(f, v)?;
    let op = f.op(f.defining_op(root(f, v))?)?;
    match op.kind {
        OpKind::Constant {
            value: Attr::Int { value, .. },
        } => Some(unsigned_bits(i128::from((value as u64) & mask(w)))),
        _ => None,
    }
}
