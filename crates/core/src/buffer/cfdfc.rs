//! Choice-free dataflow circuits (CFDFCs): the loops of a kernel as the MILP-based buffer
//! placements see them, extracted from the interpreter's profile.
//!
//! Extraction works on the control-flow graph with the number of times each arc (block to
//! block) was traversed. It is iterative: each round solves a small MILP that picks one cycle
//! of blocks (each picked block has exactly one picked incoming and one picked outgoing arc,
//! exactly one picked arc is a back edge) and its execution count `N` (at most the count of
//! every picked arc; the big-M of that constraint is the largest transition count), maximising
//! `N` times the number of picked arcs (linearised with one bounded variable per arc). The
//! picked arcs' counts then drop by `N`, and rounds repeat until no cycle executes. The most
//! executed loop comes first: for nested loops, the inner one.
//!
//! A cycle of blocks is then mapped onto a Handshake function ([`Cfdfc::in_func`]): its units
//! are the ops of its blocks; its channels are the channels between two of its units that
//! either join consecutive blocks of the cycle, or stay in one block and are not a back edge
//! (for a one-block cycle, every channel of the block). The channels that carry a value into
//! the next iteration (into a merge-like unit of the cycle's first block) are its back edges.
//! Its memory accesses bound its initiation interval from below ([`super::memory_ports`]).
//!
//! Invariants: cycles are returned in extraction order with positive execution counts; a
//! cycle's blocks are listed from its smallest block along its arcs; extraction runs at most
//! [`MAX_CFDFCS`] rounds, so it always ends.

use super::memory_ports::MemoryLimits;
use crate::cfg::ir::Block;
use crate::handshake::{Func, Op, OpId, OpKind, ValueId};
use crate::interp::Profile;
use crate::milp::{Cmp, LinExpr, MicrolpSolver, MilpSolver, Model, Sense, SolveOptions, VarId};
use std::collections::{BTreeMap, BTreeSet};

/// Most CFDFCs extracted from one kernel.
pub const MAX_CFDFCS: usize = 16;

/// Arc traversal counts keyed by Handshake basic block (`handshake.bb`, the position of a
/// block in the CFG layout).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArcProfile {
    /// Traversals of each arc `(from, to)`; only arcs traversed at least once.
    pub arcs: BTreeMap<(u32, u32), u64>,
}

impl ArcProfile {
    /// The interpreter's profile of a kernel whose CFG layout is `layout`.
    pub fn from_profile(profile: &Profile, layout: &[Block]) -> Self {
        let position: BTreeMap<Block, u32> = layout
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i as u32))
            .collect();
        let arcs = profile
            .transitions
            .iter()
            .filter(|(_, n)| **n > 0)
            .filter_map(|(&(a, b), &n)| Some(((*position.get(&a)?, *position.get(&b)?), n)))
            .collect();
        ArcProfile { arcs }
    }

    /// True when `from -> to` goes back in the layout (a loop's back edge).
    pub fn is_back_arc(from: u32, to: u32) -> bool {
        to <= from
    }
}

/// One loop: a cycle of basic blocks and how often it ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockCycle {
    /// The blocks in cycle order, starting from the smallest.
    pub blocks: Vec<u32>,
    /// Executions attributed to the cycle.
    pub execs: u64,
}

impl BlockCycle {
    /// A short name, e.g. `bb1-bb2`.
    pub fn name(&self) -> String {
        let parts: Vec<String> = self.blocks.iter().map(|b| format!("bb{b}")).collect();
        parts.join("-")
    }
}

/// Extracts the CFDFC cycles of `profile` (see the module documentation); also returns the
/// MILP of the first round (for LP output), if one was built.
pub fn extract_cycles(profile: &ArcProfile) -> (Vec<BlockCycle>, Option<Model>) {
    let mut counts = profile.arcs.clone();
    let mut cycles = Vec::new();
    let mut first_model = None;
    for _ in 0..MAX_CFDFCS {
        let Some((model, arc_vars, execs)) = cycle_model(&counts) else {
            break;
        };
        let result = MicrolpSolver.solve(&model, &SolveOptions::default());
        if first_model.is_none() {
            first_model = Some(model);
        }
        let Some(values) = result.values else { break };
        let n = values[execs.index()].round() as u64;
        if n == 0 {
            break;
        }
        let picked: Vec<(u32, u32)> = arc_vars
            .iter()
            .filter(|(_, v)| values[v.index()] > 0.5)
            .map(|(&a, _)| a)
            .collect();
        let Some(blocks) = order_cycle(&picked) else {
            break;
        };
        for a in &picked {
            if let Some(c) = counts.get_mut(a) {
                *c = c.saturating_sub(n);
            }
        }
        counts.retain(|_, c| *c > 0);
        cycles.push(BlockCycle { blocks, execs: n });
    }
    (cycles, first_model)
}

/// The CFDFCs worth modelling: the most executed ones, in order, until they cover
/// `coverage` (a fraction) of all executions, at most `max` of them.
pub fn most_executed(cycles: &[BlockCycle], coverage: f64, max: usize) -> Vec<BlockCycle> {
    let total: u64 = cycles.iter().map(|c| c.execs).sum();
    let mut sorted: Vec<&BlockCycle> = cycles.iter().collect();
    sorted.sort_by_key(|c| std::cmp::Reverse(c.execs));
    let mut out = Vec::new();
    let mut covered = 0u64;
    for c in sorted.into_iter().take(max) {
        if covered as f64 >= coverage * total as f64 {
            break;
        }
        covered += c.execs;
        out.push(c.clone());
    }
    out
}

/// The MILP of one round: the model, the variable of each arc and the executions variable.
type CycleModel = (Model, BTreeMap<(u32, u32), VarId>, VarId);

/// The MILP of one round over the arcs with a positive count; `None` without a back arc.
fn cycle_model(counts: &BTreeMap<(u32, u32), u64>) -> Option<CycleModel> {
    if !counts.keys().any(|&(a, b)| ArcProfile::is_back_arc(a, b)) {
        return None;
    }
    let big_m = counts.values().copied().max().unwrap_or(0) as f64;
    let mut m = Model::new("cfdfc");
    let execs = m.integer("execs", 0.0, big_m);
    let mut arcs = BTreeMap::new();
    let mut objective = LinExpr::new();
    let mut back = LinExpr::new();
    for (&(a, b), &n) in counts {
        let e = m.binary(&format!("arc_bb{a}_bb{b}"));
        let y = m.continuous(&format!("weight_bb{a}_bb{b}"), 0.0, big_m);
        // execs <= n when picked, <= big_m otherwise.
        m.add_constraint(
            &format!("count_bb{a}_bb{b}"),
            &LinExpr::new().term(execs, 1.0).term(e, big_m),
            Cmp::Le,
            n as f64 + big_m,
        );
        // y = execs * e, from above (the objective pushes y up).
        m.add_constraint(
            &format!("weight_execs_bb{a}_bb{b}"),
            &LinExpr::new().term(y, 1.0).term(execs, -1.0),
            Cmp::Le,
            0.0,
        );
        m.add_constraint(
            &format!("weight_pick_bb{a}_bb{b}"),
            &LinExpr::new().term(y, 1.0).term(e, -big_m),
            Cmp::Le,
            0.0,
        );
        objective.add_term(y, 1.0);
        if ArcProfile::is_back_arc(a, b) {
            back.add_term(e, 1.0);
        }
        arcs.insert((a, b), e);
    }
    m.add_constraint("one_back_arc", &back, Cmp::Eq, 1.0);
    let blocks: BTreeSet<u32> = counts.keys().flat_map(|&(a, b)| [a, b]).collect();
    for bb in blocks {
        let s = m.binary(&format!("block_bb{bb}"));
        let mut ins = LinExpr::new().term(s, -1.0);
        let mut outs = LinExpr::new().term(s, -1.0);
        for (&(a, b), &e) in &arcs {
            if b == bb {
                ins.add_term(e, 1.0);
            }
            if a == bb {
                outs.add_term(e, 1.0);
            }
        }
        m.add_constraint(&format!("in_bb{bb}"), &ins, Cmp::Eq, 0.0);
        m.add_constraint(&format!("out_bb{bb}"), &outs, Cmp::Eq, 0.0);
    }
    m.set_objective(Sense::Maximize, &objective);
    Some((m, arcs, execs))
}

/// Orders picked arcs into one cycle starting from its smallest block; `None` when they do
/// not form exactly one cycle.
fn order_cycle(picked: &[(u32, u32)]) -> Option<Vec<u32>> {
    let next: BTreeMap<u32, u32> = picked.iter().copied().collect();
    let start = *next.keys().next()?;
    let mut blocks = vec![start];
    let mut cur = next[&start];
    while cur != start {
        if blocks.len() > picked.len() {
            return None;
        }
        blocks.push(cur);
        cur = *next.get(&cur)?;
    }
    (blocks.len() == picked.len()).then_some(blocks)
}

/// A CFDFC mapped onto a Handshake function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cfdfc {
    /// The loop it comes from.
    pub cycle: BlockCycle,
    /// Its units.
    pub units: BTreeSet<OpId>,
    /// Its channels (producer and consumer both units of the CFDFC).
    pub channels: BTreeSet<ValueId>,
    /// The channels that carry values into the next iteration (one token each at start).
    pub backedges: BTreeSet<ValueId>,
    /// What its memory accesses impose on its throughput.
    pub memory: MemoryLimits,
}

impl Cfdfc {
    /// Maps `cycle` onto `func` (see the module documentation).
    pub fn in_func(func: &Func, cycle: &BlockCycle) -> Cfdfc {
        let blocks = &cycle.blocks;
        let pos = |bb: u32| blocks.iter().position(|&b| b == bb);
        let units: BTreeSet<OpId> = func
            .ops()
            .filter(|(_, op)| op.bb.is_some_and(|b| pos(b).is_some()))
            .filter(|(_, op)| !is_memory_interface(&op.kind))
            .map(|(id, _)| id)
            .collect();
        let uses = func.use_lists();
        let mut channels = BTreeSet::new();
        let mut backedges = BTreeSet::new();
        for &u in &units {
            let Some(op) = func.op(u) else { continue };
            for &r in &op.results {
                let Some(&(user, _)) = uses.get(r.0 as usize).and_then(|l| l.first()) else {
                    continue;
                };
                let Some(user_op) = func.op(user).filter(|_| units.contains(&user)) else {
                    continue;
                };
                let (Some(src), Some(dst)) = (op.bb, user_op.bb) else {
                    continue;
                };
                let (Some(i), Some(j)) = (pos(src), pos(dst)) else {
                    continue;
                };
                let back = is_backedge(op, user_op);
                let inside = if src != dst {
                    j == (i + 1) % blocks.len()
                } else {
                    blocks.len() == 1 || !back
                };
                if inside {
                    channels.insert(r);
                    if back {
                        backedges.insert(r);
                    }
                }
            }
        }
        Cfdfc {
            cycle: cycle.clone(),
            memory: MemoryLimits::of(
                func,
                &units,
                &channels.difference(&backedges).copied().collect(),
            ),
            units,
            channels,
            backedges,
        }
    }
}

/// True for memory controllers and LSQs (their ports are not buffered nor part of loops).
pub fn is_memory_interface(kind: &OpKind) -> bool {
    matches!(kind, OpKind::MemController { .. } | OpKind::Lsq { .. })
}

/// True when a channel from `producer` enters the merge-like unit `consumer` from a block at
/// or after the consumer's (a value carried into the next iteration of a loop); within one
/// block, only from a branch.
pub fn is_backedge(producer: &Op, consumer: &Op) -> bool {
    if !matches!(
        consumer.kind,
        OpKind::Merge | OpKind::Mux | OpKind::ControlMerge
    ) {
        return false;
    }
    match (producer.bb, consumer.bb) {
        (Some(a), Some(b)) if a == b => matches!(producer.kind, OpKind::CondBr),
        (Some(a), Some(b)) => a > b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(arcs: &[((u32, u32), u64)]) -> ArcProfile {
        ArcProfile {
            arcs: arcs.iter().copied().collect(),
        }
    }

    #[test]
    fn one_loop_gives_one_cycle() {
        // bb0 -> bb1 (header) <-> bb2 (body), bb1 -> bb3 (exit).
        let p = profile(&[((0, 1), 1), ((1, 2), 10), ((2, 1), 10), ((1, 3), 1)]);
        let (cycles, model) = extract_cycles(&p);
        assert_eq!(
            cycles,
            vec![BlockCycle {
                blocks: vec![1, 2],
                execs: 10
            }]
        );
        assert!(model.is_some());
    }

    #[test]
    fn nested_loops_give_the_inner_loop_first() {
        // Outer header bb1, inner header bb2, inner body bb3, outer latch bb4, exit bb5.
        let p = profile(&[
            ((0, 1), 1),
            ((1, 2), 4),
            ((2, 3), 40),
            ((3, 2), 40),
            ((2, 4), 4),
            ((4, 1), 4),
            ((1, 5), 1),
        ]);
        let (cycles, _) = extract_cycles(&p);
        assert_eq!(cycles[0].blocks, vec![2, 3]);
        assert_eq!(cycles[0].execs, 40);
        assert_eq!(cycles[1].blocks, vec![1, 2, 4]);
        assert_eq!(cycles[1].execs, 4);
        assert_eq!(cycles.len(), 2);
    }

    #[test]
    fn big_m_is_the_largest_count() {
        // A count far above any constant big-M still bounds the executions exactly.
        let p = profile(&[((0, 0), 3_000_000), ((0, 1), 1)]);
        let (cycles, model) = extract_cycles(&p);
        assert_eq!(cycles[0].execs, 3_000_000);
        let model = model.unwrap();
        let execs = &model.vars()[0];
        assert_eq!(execs.ub, 3_000_000.0);
    }

    #[test]
    fn the_most_executed_cycles_cover_the_executions() {
        let c = |b: u32, execs: u64| BlockCycle {
            blocks: vec![b],
            execs,
        };
        let cycles = [c(1, 10), c(2, 80), c(3, 5), c(4, 5)];
        let picked: Vec<u32> = most_executed(&cycles, 0.9, 4)
            .iter()
            .map(|c| c.blocks[0])
            .collect();
        assert_eq!(picked, [2, 1]);
        assert_eq!(most_executed(&cycles, 1.0, 1).len(), 1);
    }

    #[test]
    fn straight_line_code_has_no_cycle() {
        let p = profile(&[((0, 1), 1), ((1, 2), 1)]);
        assert_eq!(extract_cycles(&p), (vec![], None));
    }
}
