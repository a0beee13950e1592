//! A load-store queue as the graph view draws it: its groups (one per basic block that
//! accesses the array, in allocation order, each with its accesses in program order), its
//! queue depths, and the role of each of its ports (`g0 alloc`, `g1 st addr`…).
//!
//! Invariant: a [`ViewLsq`]'s groups are the `lsq` op's `groupSizes` groups, in order; the
//! roles index the op's operands and results.

use super::unit::arg_name;
use crate::handshake::{Func, Namer, OpId};
use crate::lower::{lsq_memref, lsq_ports};
use serde::{Deserialize, Serialize};

/// The groups and depths of a load-store queue.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewLsq {
    /// The array it serves.
    pub memory: String,
    /// Its groups, in allocation order.
    pub groups: Vec<ViewLsqGroup>,
    /// Load-queue entries.
    pub ldq_depth: u32,
    /// Store-queue entries.
    pub stq_depth: u32,
}

/// One group of a load-store queue: the accesses of one basic block.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewLsqGroup {
    /// The basic block, when known.
    pub bb: Option<u32>,
    /// Its accesses in program order: true for a store.
    pub stores: Vec<bool>,
}

impl ViewLsq {
    /// The unit's label: `lsq hist · 16 ld + 16 st`.
    pub fn label(&self) -> String {
        format!(
            "lsq {} · {} ld + {} st",
            self.memory, self.ldq_depth, self.stq_depth
        )
    }

    /// One line per group: `g0 (bb2): ld st`.
    pub fn group_lines(&self) -> Vec<String> {
        self.groups
            .iter()
            .enumerate()
            .map(|(g, group)| {
                let bb = group.bb.map_or(String::new(), |b| format!(" (bb{b})"));
                let accesses: Vec<&str> = group
                    .stores
                    .iter()
                    .map(|&s| if s { "st" } else { "ld" })
                    .collect();
                format!("g{g}{bb}: {}", accesses.join(" "))
            })
            .collect()
    }
}

/// A load-store queue's drawing and its port roles: per operand, then per result.
pub(super) struct LsqDrawing {
    pub lsq: ViewLsq,
    pub operand_roles: Vec<String>,
    pub result_roles: Vec<String>,
}

/// The drawing of `lsq` op `id` of `func`; `None` for other ops and queues whose operands do
/// not fit their groups.
pub(super) fn lsq_drawing(func: &Func, namer: &Namer, id: OpId) -> Option<LsqDrawing> {
    let ports = lsq_ports(func, id)?;
    let op = func.op(id)?;
    let memory = lsq_memref(func, id).map_or_else(String::new, |m| {
        match func.args.iter().position(|&a| a == m) {
            Some(i) => arg_name(func, namer, i),
            None => namer.name(m),
        }
    });
    let mut operand_roles = vec![String::new(); op.operands.len()];
    let mut result_roles = vec![String::new(); op.results.len()];
    let (mut nl, mut ns) = (0, 0);
    let mut groups = Vec::new();
    for (g, stores) in ports.shape.groups.iter().enumerate() {
        let ctrl = ports.ctrl.get(g).copied();
        if let Some(k) = ctrl {
            operand_roles[k] = format!("g{g} alloc");
        }
        for &store in stores {
            if store {
                if let (Some(&a), Some(&d)) = (ports.st_addr.get(ns), ports.st_data.get(ns)) {
                    operand_roles[a] = format!("g{g} st addr");
                    operand_roles[d] = format!("g{g} st data");
                }
                ns += 1;
            } else {
                if let Some(&a) = ports.ld_addr.get(nl) {
                    operand_roles[a] = format!("g{g} ld addr");
                }
                if let Some(r) = result_roles.get_mut(nl) {
                    *r = format!("g{g} ld data");
                }
                nl += 1;
            }
        }
        let bb = ctrl
            .and_then(|k| func.defining_op(*op.operands.get(k)?))
            .and_then(|p| func.op(p)?.bb);
        groups.push(ViewLsqGroup {
            bb,
            stores: stores.clone(),
        });
    }
    let lsq = ViewLsq {
        memory,
        groups,
        ldq_depth: ports.shape.ldq_depth as u32,
        stq_depth: ports.shape.stq_depth as u32,
    };
    Some(LsqDrawing {
        lsq,
        operand_roles,
        result_roles,
    })
}
