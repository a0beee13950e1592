//! Separation: the placement closest to given targets that keeps every separation constraint
//! `x[b] >= x[a] + gap`, found by merging blocks of items (the `satisfy` step of Dwyer, Marriott
//! and Stuckey's VPSC, "Fast node overlap removal", GD 2005).
//!
//! Items are visited in a topological order of the constraints. Each starts as a block of its
//! own at its target; while some constraint into the block is violated, the block merges with
//! the block on the other end of the most violated one, the two then sitting exactly `gap`
//! apart, and the merged block moves to the mean target of its items (each less its offset in
//! the block). Unlike pushing every item one way, blocks only form where targets actually
//! collide, so crowded layers do not spread the rest of the drawing. A final push to the right
//! restores any constraint a later merge undid, so the result always satisfies every constraint.
//!
//! Deterministic: ties between equally violated constraints go to the first found.

use super::rank::topo_order;

/// Separation constraints over items `0..n`, which must form a DAG.
pub(crate) struct Separation {
    /// The constraints into every item, as `(left item, gap)`.
    pred: Vec<Vec<(usize, f64)>>,
    /// A topological order of the items (every constraint's left item comes first).
    order: Vec<usize>,
}

/// A group of items that move together.
struct Block {
    items: Vec<usize>,
    /// Sum of the items' weights (all 1).
    weight: f64,
    /// Sum of the items' targets less their offsets.
    target: f64,
    /// Constraints `(left, right, gap)` into the block's items; some may have become internal.
    ins: Vec<(usize, usize, f64)>,
}

impl Block {
    fn pos(&self) -> f64 {
        self.target / self.weight
    }
}

/// Violation below which a constraint counts as satisfied.
const SLACK: f64 = 1e-6;

impl Separation {
    /// The constraints `x[b] >= x[a] + gap` given as `(a, b, gap)` over items `0..n`.
    pub fn new(n: usize, constraints: impl IntoIterator<Item = (usize, usize, f64)>) -> Self {
        let mut pred = vec![Vec::new(); n];
        let mut succ = vec![Vec::new(); n];
        for (a, b, d) in constraints {
            pred[b].push((a, d));
            succ[a].push(b);
        }
        let order = topo_order(n, &succ);
        Separation { pred, order }
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        self.pred.len()
    }

    /// Pushes targets right, in topological order, until every constraint holds.
    pub fn push_right(&self, t: &[f64]) -> Vec<f64> {
        let mut x = t.to_vec();
        for &v in &self.order {
            for &(a, d) in &self.pred[v] {
                x[v] = x[v].max(x[a] + d);
            }
        }
        x
    }

    /// The feasible placement close to `t` that merging blocks finds.
    pub fn place(&self, t: &[f64]) -> Vec<f64> {
        let n = t.len();
        let mut block_of = vec![usize::MAX; n];
        let mut offset = vec![0.0; n];
        let mut blocks: Vec<Block> = Vec::with_capacity(n);
        for &v in &self.order {
            let mut b = blocks.len();
            block_of[v] = b;
            blocks.push(Block {
                items: vec![v],
                weight: 1.0,
                target: t[v],
                ins: self.pred[v].iter().map(|&(a, d)| (a, v, d)).collect(),
            });
            while let Some((a, r, d)) = most_violated(&mut blocks, b, &block_of, &offset) {
                let l = block_of[a];
                // Offset of `b`'s items relative to `l`'s once the constraint is tight.
                let dist = offset[a] + d - offset[r];
                b = if blocks[b].items.len() > blocks[l].items.len() {
                    merge(&mut blocks, &mut block_of, &mut offset, l, b, -dist)
                } else {
                    merge(&mut blocks, &mut block_of, &mut offset, b, l, dist)
                };
            }
        }
        let x: Vec<f64> = (0..n)
            .map(|v| match blocks.get(block_of[v]) {
                Some(b) => b.pos() + offset[v],
                None => t[v],
            })
            .collect();
        self.push_right(&x)
    }
}

/// The most violated constraint into block `b` from another block, dropping internal ones.
fn most_violated(
    blocks: &mut [Block],
    b: usize,
    block_of: &[usize],
    offset: &[f64],
) -> Option<(usize, usize, f64)> {
    let mut ins = std::mem::take(&mut blocks[b].ins);
    ins.retain(|&(a, _, _)| block_of[a] != b);
    let here = blocks[b].pos();
    let mut best = None;
    let mut worst = SLACK;
    for &(a, r, d) in &ins {
        let left = blocks
            .get(block_of[a])
            .map_or(f64::NEG_INFINITY, Block::pos)
            + offset[a];
        let violation = left + d - (here + offset[r]);
        if violation > worst {
            worst = violation;
            best = Some((a, r, d));
        }
    }
    blocks[b].ins = ins;
    best
}

/// Moves block `from` into block `into`, its items' offsets shifted by `dist`; returns `into`.
fn merge(
    blocks: &mut [Block],
    block_of: &mut [usize],
    offset: &mut [f64],
    from: usize,
    into: usize,
    dist: f64,
) -> usize {
    let moved = std::mem::take(&mut blocks[from].items);
    let ins = std::mem::take(&mut blocks[from].ins);
    for &v in &moved {
        offset[v] += dist;
        block_of[v] = into;
    }
    let (weight, target) = (blocks[from].weight, blocks[from].target);
    let b = &mut blocks[into];
    b.weight += weight;
    b.target += target - dist * weight;
    b.items.extend(moved);
    b.ins.extend(ins);
    into
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds(s: &Separation, x: &[f64]) -> bool {
        (0..s.len()).all(|b| s.pred[b].iter().all(|&(a, d)| x[b] >= x[a] + d - SLACK))
    }

    #[test]
    fn items_apart_stay_at_their_targets() {
        let s = Separation::new(3, [(0, 1, 10.0), (1, 2, 10.0)]);
        assert_eq!(s.place(&[0.0, 50.0, 100.0]), [0.0, 50.0, 100.0]);
    }

    #[test]
    fn colliding_items_centre_on_their_mean_target() {
        // Both want 20; they end up 10 apart around it, and the third stays put.
        let s = Separation::new(3, [(0, 1, 10.0), (1, 2, 10.0)]);
        let x = s.place(&[20.0, 20.0, 100.0]);
        assert_eq!(x, [15.0, 25.0, 100.0]);
        assert!(holds(&s, &x));
    }

    #[test]
    fn a_chain_of_constraints_does_not_spread_unrelated_items() {
        // 0 < 1 < 2 < 3 in a chain, but only 1 and 2 collide.
        let s = Separation::new(4, [(0, 1, 5.0), (1, 2, 5.0), (2, 3, 5.0)]);
        let x = s.place(&[0.0, 40.0, 40.0, 100.0]);
        assert_eq!(x, [0.0, 37.5, 42.5, 100.0]);
        assert_eq!(s.push_right(&[0.0; 4]), [0.0, 5.0, 10.0, 15.0]);
    }

    #[test]
    fn every_placement_satisfies_the_constraints() {
        // Two layers sharing items 0 and 4 (like cluster borders), targets reversed.
        let s = Separation::new(
            5,
            [
                (0, 1, 3.0),
                (1, 4, 3.0),
                (0, 2, 7.0),
                (2, 3, 1.0),
                (3, 4, 2.0),
            ],
        );
        let x = s.place(&[9.0, 7.0, 5.0, 3.0, 1.0]);
        assert!(holds(&s, &x), "{x:?}");
    }
}
