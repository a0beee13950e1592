//! The reducibility check of a freshly built function: with `goto`, C can express loops that
//! are entered somewhere other than their head, which no later stage supports (natural loops,
//! SSA over loop headers, the circuit's loop structure).
//!
//! A control-flow graph is reducible exactly when every retreating edge of a depth-first
//! search (an edge to a block no later in reverse post-order) goes to a block that dominates
//! its source. When one does not, the cycle it closes has a second entry; the diagnostic
//! points at the `goto` that makes that entry (or, failing one, at the branch that does).

use super::analysis::Cfg;
use super::ir::{Block, Function};
use crate::diag::{Diagnostic, Span};
use std::collections::BTreeSet;

/// The error for `f` when its control flow is irreducible. `gotos` are the blocks ending in a
/// `goto` with its span; `fallback` locates the error when no branch has a span.
pub fn check(f: &Function, gotos: &[(Block, Span)], fallback: Span) -> Option<Diagnostic> {
    let cfg = Cfg::new(f);
    let (from, head) = cfg.rpo.iter().find_map(|&b| {
        f.block(b)
            .term
            .successors()
            .into_iter()
            .find(|s| cfg.order[s] <= cfg.order[&b] && !cfg.dominates(*s, b))
            .map(|s| (b, s))
    })?;
    // The cycle's blocks: reachable from `head` and reaching `from`.
    let forward = closure(head, |b| f.block(b).term.successors());
    let backward = closure(from, |b| cfg.preds[&b].clone());
    let region: BTreeSet<Block> = forward.intersection(&backward).copied().collect();
    // Edges entering the cycle from outside, those that bypass its head first.
    let mut entries: Vec<(Block, Block)> = region
        .iter()
        .flat_map(|&y| cfg.preds[&y].iter().map(move |&p| (p, y)))
        .filter(|(p, _)| !region.contains(p))
        .collect();
    entries.sort_by_key(|&(p, y)| (y == head, cfg.order[&p]));
    let goto_of = |p: Block| gotos.iter().find(|g| g.0 == p).map(|g| g.1);
    let span = entries
        .iter()
        .find_map(|&(p, _)| goto_of(p))
        .or_else(|| entries.first().and_then(|&(p, _)| f.block(p).term_span))
        .unwrap_or(fallback);
    Some(
        Diagnostic::error(
            "this jump enters a loop without passing through its head: the control flow is \
             irreducible",
        )
        .with_span(span)
        .with_note(
            "a circuit needs every loop entered at its head; jump to a label before the loop, \
             or use `break` and `continue`",
        ),
    )
}

/// Every block reachable from `start` through `next` (`start` included).
fn closure(start: Block, next: impl Fn(Block) -> Vec<Block>) -> BTreeSet<Block> {
    let mut seen = BTreeSet::from([start]);
    let mut work = vec![start];
    while let Some(b) = work.pop() {
        for n in next(b) {
            if seen.insert(n) {
                work.push(n);
            }
        }
    }
    seen
}
