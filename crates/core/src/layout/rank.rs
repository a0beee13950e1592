//! Layer assignment: give every node of a DAG a rank so that each edge goes to a higher rank.
//!
//! First the longest-path layering from the sources (every node as high as its predecessors
//! allow), then a balancing pass that moves each node within the interval its neighbours leave
//! to the end that shortens its edges: a node with more outgoing than incoming edges sinks toward
//! its successors (so a constant or a source sits just above its consumer), one with more incoming
//! edges rises toward its predecessors. Each move strictly lowers the total edge length, so the
//! pass terminates; it is also bounded. Chains that hang from one consumer then move down to
//! it ([`hang_chains`]). Ranks start at 0. Nodes without edges join the first
//! rank of their cluster ([`settle_isolated`]).
//!
//! Invariant of the result: `rank[from] < rank[to]` for every edge.

/// Maximum number of balancing rounds (each round visits every node once).
const BALANCE_ROUNDS: usize = 64;

/// A deterministic topological order of a DAG (Kahn's algorithm, ties by index). Nodes on a
/// cycle, which a correct caller never passes, are appended in index order.
pub(crate) fn topo_order(n: usize, succ: &[Vec<usize>]) -> Vec<usize> {
    let mut indeg = vec![0usize; n];
    for list in succ {
        for &v in list {
            indeg[v] += 1;
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&v| indeg[v] == 0).collect();
    let mut head = 0;
    while head < order.len() {
        let u = order[head];
        head += 1;
        for &v in &succ[u] {
            indeg[v] -= 1;
            if indeg[v] == 0 {
                order.push(v);
            }
        }
    }
    if order.len() < n {
        let mut seen = vec![false; n];
        for &v in &order {
            seen[v] = true;
        }
        order.extend((0..n).filter(|&v| !seen[v]));
    }
    order
}

/// Ranks of the nodes `0..n` of the DAG given by `edges` (pairs `(from, to)`).
pub(crate) fn assign(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in edges {
        succ[a].push(b);
        pred[b].push(a);
    }
    let order = topo_order(n, &succ);
    let mut rank = vec![0usize; n];
    for &v in &order {
        rank[v] = pred[v].iter().map(|&p| rank[p] + 1).max().unwrap_or(0);
    }
    for _ in 0..BALANCE_ROUNDS {
        let mut changed = false;
        for &v in order.iter().rev() {
            let (ins, outs) = (pred[v].len(), succ[v].len());
            if outs > ins {
                let hi = succ[v].iter().map(|&s| rank[s]).min().unwrap_or(0);
                if hi > rank[v] + 1 {
                    rank[v] = hi - 1;
                    changed = true;
                }
            } else if ins > outs {
                let lo = pred[v].iter().map(|&p| rank[p] + 1).max().unwrap_or(0);
                if lo < rank[v] {
                    rank[v] = lo;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    hang_chains(&order, &pred, &succ, &mut rank);
    let min = rank.iter().copied().min().unwrap_or(0);
    rank.iter_mut().for_each(|r| *r -= min);
    rank
}

/// Moves every hanging chain just above the node it feeds. A node hangs when it has exactly one
/// successor and every predecessor hangs (a source feeding a constant feeding one consumer):
/// single-node balancing cannot move such a chain, since each of its edges keeps its length,
/// and left at the top it would stretch its cluster over ranks that belong to earlier ones.
/// Hanging nodes only move down, each to one rank above its successor, so edges still descend.
fn hang_chains(order: &[usize], pred: &[Vec<usize>], succ: &[Vec<usize>], rank: &mut [usize]) {
    let mut hangs = vec![false; rank.len()];
    for &v in order {
        hangs[v] = succ[v].len() == 1 && pred[v].iter().all(|&p| hangs[p]);
    }
    for &v in order.iter().rev() {
        if hangs[v] {
            rank[v] = rank[v].max(rank[succ[v][0]] - 1);
        }
    }
}

/// Moves every node without edges to the first rank used by the connected nodes of its cluster,
/// so that it does not stretch the cluster's box; `linked[v]` tells whether `v` has an edge.
pub(crate) fn settle_isolated(rank: &mut [usize], cluster: &[Option<usize>], linked: &[bool]) {
    let mut first: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
    for v in 0..rank.len() {
        if let (Some(c), true) = (cluster[v], linked[v]) {
            let r = first.entry(c).or_insert(rank[v]);
            *r = (*r).min(rank[v]);
        }
    }
    for v in 0..rank.len() {
        if let (Some(c), false) = (cluster[v], linked[v]) {
            if let Some(&r) = first.get(&c) {
                rank[v] = r;
            }
        }
    }
}
