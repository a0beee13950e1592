//! The order of a load-store queue's groups once buffers are placed (docs/memory-ordering.md,
//! "Allocation in program order").
//!
//! A queue allocates the groups whose allocation inputs are valid in the same cycle in group
//! order. Groups are valid together only when the queue's single allocation token passes
//! several groups' lazy forks in one cycle: it leaves a fork in the cycle the queue allocates
//! that group and reaches the next fork through muxes, branches and buffers that do not break
//! the valid path. The order of those forks along the token's path is the program order, and
//! it is not the blocks' order: the last block of a loop body may pass the token back to the
//! loop header's group within the cycle.
//!
//! [`order_lsq_groups`] therefore renumbers each queue's groups in an order that every such
//! combinational path follows: a topological order of "group `a`'s fork reaches group `b`'s
//! fork without crossing a data/valid-breaking buffer", ties broken by the lowering's order
//! (increasing `handshake.bb`). A placed circuit has no combinational cycle, so the order
//! exists; a circuit that has one (`--buffers none`) keeps the lowering's order for the
//! groups on it.
//!
//! Invariant after the pass: if two groups of a queue can be valid in the same cycle, the
//! one the token passes first has the smaller index. Renumbering moves each group's operands
//! and its loads' results together; the values and their users are unchanged.

use crate::handshake::{Func, OpId, OpKind, ValueId};
use crate::lower::lsq::lsq_ports;
use std::collections::BTreeSet;

/// Renumbers the groups of every load-store queue of `func` in the order the allocation
/// token can pass them within one cycle (see the module doc). Returns how many queues changed.
pub fn order_lsq_groups(func: &mut Func) -> usize {
    let queues: Vec<OpId> = func
        .ops()
        .filter(|(_, op)| matches!(op.kind, OpKind::Lsq { .. }))
        .map(|(id, _)| id)
        .collect();
    let mut changed = 0;
    for q in queues {
        let Some(order) = combinational_order(func, q) else {
            continue;
        };
        if order.iter().enumerate().any(|(i, &g)| i != g) {
            permute_groups(func, q, &order);
            changed += 1;
        }
    }
    changed
}

/// The groups of queue `q` in an order consistent with the combinational paths between their
/// allocation forks (smallest index first among the groups free to go next). None when `q`
/// is not a queue on a memref whose operands fit its groups.
fn combinational_order(func: &Func, q: OpId) -> Option<Vec<usize>> {
    let ports = lsq_ports(func, q)?;
    let op = func.op(q)?;
    let forks: Vec<Option<OpId>> = ports
        .ctrl
        .iter()
        .map(|&k| func.defining_op(op.operands[k]))
        .collect();
    let uses = func.use_lists();
    let n = forks.len();
    // reaches[a][b]: group a's fork reaches group b's fork combinationally.
    let reaches: Vec<Vec<bool>> = forks
        .iter()
        .map(|&fork| {
            let reached = fork.map_or_else(BTreeSet::new, |f| reached_ops(func, &uses, f, q));
            forks
                .iter()
                .map(|g| g.is_some_and(|g| reached.contains(&g)))
                .collect()
        })
        .collect();
    let mut order = Vec::with_capacity(n);
    let mut placed = vec![false; n];
    while order.len() < n {
        let free = |b: usize| !placed[b] && (0..n).all(|a| a == b || placed[a] || !reaches[a][b]);
        // On a combinational cycle no group is free: the lowering's order decides.
        let next = (0..n)
            .find(|&b| free(b))
            .or_else(|| (0..n).find(|&b| !placed[b]))?;
        placed[next] = true;
        order.push(next);
    }
    Some(order)
}

/// The ops reachable from `from`'s results without crossing a data/valid-breaking buffer or
/// the queue `q` (whose registered allocation ends the path).
fn reached_ops(func: &Func, uses: &[Vec<(OpId, usize)>], from: OpId, q: OpId) -> BTreeSet<OpId> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from];
    while let Some(op) = stack.pop() {
        let Some(o) = func.op(op) else { continue };
        for &v in &o.results {
            for &(user, _) in uses.get(v.0 as usize).into_iter().flatten() {
                if user == q || !seen.insert(user) {
                    continue;
                }
                let cuts = matches!(
                    func.op(user).map(|u| &u.kind),
                    Some(OpKind::Buffer(p)) if p.effective_type().breaks_dv()
                );
                if !cuts {
                    stack.push(user);
                }
            }
        }
    }
    seen
}

/// Renumbers the groups of queue `q`: new group `i` is old group `order[i]`, with its
/// allocation input, its accesses and its loads' results. Results keep their position's
/// name hint (a queue's results are printed as one group `%name:k`).
fn permute_groups(func: &mut Func, q: OpId, order: &[usize]) {
    let Some(ports) = lsq_ports(func, q) else {
        return;
    };
    let Some(op) = func.op(q) else { return };
    // IR text may give a queue other results than its loads, its channels to a controller
    // and `memEnd`: leave it to the verifier.
    let nl = ports.ld_addr.len();
    let link = if ports.from_mc.is_some() {
        crate::lower::lsq::MC_LINK_RESULTS
    } else {
        0
    };
    if op.results.len() != nl + link + 1 {
        return;
    }
    // The operands after the groups: `ctrlEnd`, after `ldDataFromMC` beside a controller.
    let tail = ports.from_mc.unwrap_or(op.operands.len() - 1);
    let first = ports.ctrl.first().copied().unwrap_or(tail);
    let group_operands = |g: usize| {
        let end = ports.ctrl.get(g + 1).copied().unwrap_or(tail);
        &op.operands[ports.ctrl[g]..end]
    };
    let loads_before: Vec<usize> = ports
        .shape
        .groups
        .iter()
        .scan(0, |n, g| {
            let first = *n;
            *n += g.iter().filter(|&&st| !st).count();
            Some(first)
        })
        .collect();
    let group_results = |g: usize| {
        let loads = ports.shape.groups[g].iter().filter(|&&st| !st).count();
        &op.results[loads_before[g]..loads_before[g] + loads]
    };
    let mut operands: Vec<ValueId> = op.operands[..first].to_vec();
    let mut results: Vec<ValueId> = Vec::with_capacity(op.results.len());
    let mut sizes = Vec::with_capacity(order.len());
    for &g in order {
        operands.extend_from_slice(group_operands(g));
        results.extend_from_slice(group_results(g));
        sizes.push(ports.shape.groups[g].len() as i64);
    }
    operands.extend_from_slice(&op.operands[tail..]);
    results.extend_from_slice(&op.results[nl..]);
    let hints: Vec<Option<String>> = op
        .results
        .iter()
        .map(|&v| func.value(v).and_then(|x| x.name()).map(str::to_string))
        .collect();
    for &v in &results {
        func.set_name_hint(v, None);
    }
    for (index, (&v, hint)) in results.iter().zip(&hints).enumerate() {
        if let Some(value) = func.value_mut(v) {
            value.def = crate::handshake::ValueDef::Result {
                op: q,
                index: index as u32,
            };
        }
        func.set_name_hint(v, hint.as_deref());
    }
    if let Some(o) = func.op_mut(q) {
        o.operands = operands;
        o.results = results;
        if let OpKind::Lsq { group_sizes, .. } = &mut o.kind {
            *group_sizes = sizes;
        }
    }
}
