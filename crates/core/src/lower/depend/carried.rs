//! Loops that carry no dependence: for a memory whose accesses are ordered by its token, the
//! loops whose iterations may run their accesses of that memory at the same time (each
//! iteration still orders its own accesses, and the loop as a whole still waits for what
//! comes before it and is waited for by what comes after it; docs/memory-ordering.md, "Loops
//! whose iterations need no ordering"), and among them those where sharing the token pays:
//! the loop may run its body twice, holds a load and a store of the memory that run in every
//! iteration, and every loop nested in it that holds an access of the memory is free too.
//!
//! Two ordered accesses `a` and `b` of loop `l` (one a store) cannot touch the same word in
//! two different iterations of one run of `l` when, writing the forms as
//! `c·i + Σ inner + Σ outer + k` with `i` the induction variable of `l` (step `s`):
//! * every *outer* symbol (defined outside `l`, so fixed while `l` runs) has the same
//!   coefficient in both forms, so they cancel;
//! * every *inner* symbol (defined inside `l`) is the induction variable of a counted loop
//!   nested in `l` containing the access, so it lies in a known range, independently for `a`
//!   and `b` (they are in different iterations of `l`, hence different runs of that loop);
//! * `i` has the same coefficient `c` in both, and the range of
//!   `Σ inner(a) − Σ inner(b) + k(a) − k(b)` contains no non-zero multiple of `c·s` (the
//!   difference between two iterations' `c·i`) of size at most `c·(max i − min i)` (when `l` is
//!   counted), or, when `c = 0`, does not contain 0.
//!
//! Examples: `c[i][j] += a[i][k] * b[k][j]` with `k` innermost: neither the `j` loop nor the
//! `i` loop carries a dependence on `c` (16·i + j differs in any two of their iterations), the
//! `k` loop does (every `k` updates the same element). `a[i + 1][j] = a[i][j] + 1`: the `i`
//! loop carries it (distance 1), the `j` loop does not (distance 0 in `j`).

use super::{Access, Affine, Ctx};
use crate::cfg::analysis::Loop;
use crate::cfg::ir::{Block, Value};
use std::collections::BTreeSet;

/// The range of an affine expression's value, as a closed interval.
type Interval = (i128, i128);

impl Ctx<'_> {
    /// True when loop `l` holds both a load and a store of `accs` in blocks that run in every
    /// iteration (they dominate every back edge). Only there does the chained token make each
    /// iteration's accesses wait for a *different kind* of access of the previous iteration (a
    /// load for a store's acceptance, a store for a load's data). Where they are all loads or
    /// all stores, iterations already follow one another a cycle apart; where they run only in
    /// some iterations, the chain rarely waits; in both cases a shared token's bookkeeping (two
    /// more tokens around the loop, a `join` per iteration) would only cost cycles (measured on
    /// jacobi_1d and bfs_distances).
    pub(super) fn loads_and_stores(&self, l: &Loop, accs: &[&Access]) -> bool {
        let latches: Vec<_> = self.cfg.preds[&l.header]
            .iter()
            .filter(|p| l.blocks.contains(p))
            .collect();
        let every_iteration = || {
            accs.iter().filter(|a| {
                l.blocks.contains(&a.block)
                    && latches.iter().all(|&&p| self.cfg.dominates(a.block, p))
            })
        };
        every_iteration().any(|a| a.store) && every_iteration().any(|a| !a.store)
    }

    /// True when every loop nested in `l` that holds one of `accs` is in `free` too. Where an
    /// inner loop carries a dependence, its iterations run one after the other whatever `l`
    /// does, and the control enters the inner loop of `l`'s next iteration only after it has
    /// left this one's, so sharing the token across `l`'s iterations overlaps little and
    /// costs its bookkeeping (measured: up to 15 % more cycles on generated kernels).
    pub(super) fn inner_loops_free(
        &self,
        l: &Loop,
        accs: &[&Access],
        free: &BTreeSet<Block>,
    ) -> bool {
        self.loops
            .iter()
            .filter(|j| j.header != l.header && l.blocks.is_superset(&j.blocks))
            .filter(|j| accs.iter().any(|a| j.blocks.contains(&a.block)))
            .all(|j| free.contains(&j.header))
    }

    /// True when no two of the accesses `accs` inside loop `l` (at least one a store) can
    /// touch the same word in two different iterations of one run of `l`.
    pub(super) fn iterations_independent(&self, l: &Loop, accs: &[&Access]) -> bool {
        let inside: Vec<&&Access> = accs
            .iter()
            .filter(|a| l.blocks.contains(&a.block))
            .collect();
        inside.iter().enumerate().all(|(x, a)| {
            inside[x + 1..].iter().all(|b| {
                !(a.store || b.store)
                    || self.independent(a, b)
                    || self.apart_across_iterations(l, a, b)
            })
        })
    }

    /// The pair test of the module doc.
    fn apart_across_iterations(&self, l: &Loop, a: &Access, b: &Access) -> bool {
        let ivs: Vec<(Value, i64)> = a
            .form
            .terms
            .keys()
            .chain(b.form.terms.keys())
            .filter_map(|&s| Some((s, self.induction_step(s, l)?)))
            .collect();
        let (iv, step) = match ivs.first() {
            Some(&(iv, step)) => (Some(iv), step),
            None => (None, 0),
        };
        let coef = |f: &Affine| iv.and_then(|v| f.terms.get(&v).copied()).unwrap_or(0);
        if coef(&a.form) != coef(&b.form) {
            return false;
        }
        let Some((lo_a, hi_a)) = self.rest_range(l, a, b, iv) else {
            return false;
        };
        let Some((lo_b, hi_b)) = self.rest_range(l, b, a, iv) else {
            return false;
        };
        let k = i128::from(a.form.k) - i128::from(b.form.k);
        let (mut lo, mut hi) = (lo_a - hi_b + k, hi_a - lo_b + k);
        let c = i128::from(coef(&a.form)).abs();
        let period = c * i128::from(step).abs();
        if period == 0 {
            return lo > 0 || hi < 0;
        }
        // Two iterations' `c·i` differ by at most `c·span` when `l` is counted.
        if let Some(span) = iv.and_then(|v| self.span(v, l)) {
            let reach = c * i128::from(span);
            (lo, hi) = (lo.max(-reach), hi.min(reach));
        }
        !has_nonzero_multiple(period, lo, hi)
    }

    /// The range of the inner terms of `a`'s form (every term but `iv`'s and the constant),
    /// when every outer symbol has the same coefficient in `other`'s form and every inner one
    /// is a counted nested loop's induction variable (see the module doc). Called both ways
    /// round, so an outer symbol of either form that the other lacks fails one of the calls.
    fn rest_range(
        &self,
        l: &Loop,
        a: &Access,
        other: &Access,
        iv: Option<Value>,
    ) -> Option<Interval> {
        let (mut lo, mut hi) = (0i128, 0i128);
        for (&s, &c) in &a.form.terms {
            if Some(s) == iv {
                continue;
            }
            let def = self.def_block(s)?;
            if !l.blocks.contains(&def) {
                if other.form.terms.get(&s) != Some(&c) {
                    return None;
                }
                continue;
            }
            let inner = self.loops.iter().find(|j| {
                j.header != l.header
                    && l.blocks.is_superset(&j.blocks)
                    && j.blocks.contains(&a.block)
                    && self.is_induction(s, j)
            })?;
            let (min, max) = self.range(s, inner, Some(a.block))?;
            let (x, y) = (
                i128::from(c) * i128::from(min),
                i128::from(c) * i128::from(max),
            );
            lo += x.min(y);
            hi += x.max(y);
        }
        Some((lo, hi))
    }
}

/// True when some multiple `n·period`, `n ≠ 0`, lies in `[lo, hi]` (`period > 0`).
fn has_nonzero_multiple(period: i128, lo: i128, hi: i128) -> bool {
    let mut first = lo.div_euclid(period) * period;
    if first < lo {
        first += period;
    }
    if first == 0 {
        first = period;
    }
    first <= hi
}

#[cfg(test)]
mod tests {
    use super::has_nonzero_multiple;

    #[test]
    fn multiples_in_ranges() {
        assert!(!has_nonzero_multiple(16, -15, 15));
        assert!(has_nonzero_multiple(16, -16, 0));
        assert!(has_nonzero_multiple(1, 1, 1));
        assert!(!has_nonzero_multiple(1, 0, 0));
        assert!(!has_nonzero_multiple(2, -1, -1));
        assert!(has_nonzero_multiple(3, -7, -5));
        assert!(!has_nonzero_multiple(4, 5, 7));
    }
}
