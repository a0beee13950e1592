//! How a placement's MILP solves ended, in words for the reports: optimal, how far from the
//! proven bound, or which deterministic limit stopped the search (the node budget of
//! [`super::milp_placement::limits`], or the size above which a model is not searched at all,
//! [`SEARCH_LIMIT`]).
//!
//! Invariant: the sentence names every group whose search was skipped and never calls a
//! solve optimal unless its status is.

use super::milp_placement::{too_big, GroupSolve, SEARCH_LIMIT};
use crate::milp::SolveStatus;

/// One sentence on how the solves of a placement ended (`solves` in solving order; a whole
/// model solve is one group).
pub fn how_it_ended(solves: &[GroupSolve]) -> String {
    let skipped: Vec<&GroupSolve> = solves
        .iter()
        .filter(|s| s.result.status == SolveStatus::LimitReached && too_big(&s.model))
        .collect();
    let searched: Vec<&GroupSolve> = solves
        .iter()
        .filter(|s| !skipped.iter().any(|k| std::ptr::eq(*k, *s)))
        .collect();
    let mut parts = Vec::new();
    if let Some(biggest) = skipped
        .iter()
        .max_by_key(|s| s.model.vars().len() * s.model.constraints().len())
    {
        let (v, c) = (
            biggest.model.vars().len(),
            biggest.model.constraints().len(),
        );
        let which = if solves.len() == 1 {
            "the model".to_string()
        } else {
            format!("{} of {} groups", skipped.len(), solves.len())
        };
        parts.push(format!(
            "search skipped for {which}: {v} variables × {c} constraints is above the search \
             limit of {SEARCH_LIMIT:.0e}, so the greedy placement stands"
        ));
    }
    let count =
        |pick: fn(SolveStatus) -> bool| searched.iter().filter(|s| pick(s.result.status)).count();
    let stopped = count(|s| matches!(s, SolveStatus::Feasible | SolveStatus::LimitReached));
    let failed = count(|s| {
        matches!(
            s,
            SolveStatus::Infeasible | SolveStatus::Unbounded | SolveStatus::Failed
        )
    });
    let nodes: u64 = searched.iter().map(|s| s.result.stats.nodes).sum();
    if stopped > 0 {
        let gap = match searched.as_slice() {
            [one] => gap_percent(one),
            _ => None,
        }
        .map(|g| format!(", {g:.2} % from the proven bound"))
        .unwrap_or_default();
        parts.push(format!(
            "the node budget stopped the search after {nodes} nodes{gap}"
        ));
    } else if failed == 0 && !searched.is_empty() {
        parts.push(if skipped.is_empty() {
            "the objective meets the proven bound".to_string()
        } else {
            "the other groups were solved to optimality".to_string()
        });
    }
    if failed > 0 {
        parts.push(format!(
            "the solver failed on {failed} of {} groups, whose previous placement stands",
            solves.len()
        ));
    }
    parts.join("; ")
}

/// The relative gap between a solve's objective and its proven bound, in percent.
fn gap_percent(s: &GroupSolve) -> Option<f64> {
    let objective = s.result.objective?;
    let bound = s.result.best_bound?;
    Some(100.0 * (objective - bound).abs() / objective.abs().max(1e-9))
}
