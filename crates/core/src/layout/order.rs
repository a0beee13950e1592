//! Crossing reduction: order the vnodes of each layer so that few edges cross.
//!
//! Start from a depth-first order, then alternate downward and upward median sweeps (each
//! layer sorted by the median port position of its neighbours in the fixed adjacent layer) and
//! keep the best order seen. This runs twice, from depth-first orders visiting children first to
//! last and last to first (sweeps settle in a local optimum that depends on the start; the
//! second start removes 2 % of the corpus's crossings), and the better result is finished with
//! adjacent transpositions that strictly lower crossings.
//!
//! Clusters: one global left-to-right order of clusters (`Proper::corder`) holds in every layer
//! and the nodes of a cluster are contiguous in each layer; free nodes are merged between the
//! cluster groups by their keys. Between sweeps the cluster order is re-sorted by the mean
//! key its members asked for. Anchored dummies always follow their anchor directly.
//! Everything is deterministic: ties are broken by current position.

use super::dummy::{Port, Proper};
use std::cmp::Ordering;

/// Rounds without improvement after which the sweeps stop.
const PATIENCE: u32 = 3;
/// Maximum rounds of transposition.
const TRANSPOSE_ROUNDS: usize = 8;

/// Reorders the layers of `p` in place and returns the number of crossings left.
pub(crate) fn reduce(p: &mut Proper, rounds: u32) -> usize {
    let mut best: Option<(usize, Vec<Vec<usize>>, Vec<usize>)> = None;
    for flip in [false, true] {
        let found = sweeps(p, rounds, flip);
        if best.as_ref().is_none_or(|b| found.0 < b.0) {
            best = Some(found);
        }
    }
    if let Some((_, layers, corder)) = best {
        p.layers = layers;
        p.corder = corder;
    }
    let mut pos = positions(p);
    transpose(p, &mut pos);
    count_crossings(p, &pos)
}

/// Median sweeps from the depth-first order (children visited last to first when `flip`);
/// returns the best ordering seen and its crossings.
fn sweeps(p: &mut Proper, rounds: u32, flip: bool) -> (usize, Vec<Vec<usize>>, Vec<usize>) {
    let mut pos = initial_positions(p, flip);
    for l in 0..p.layers.len() {
        p.layers[l].sort_by_key(|&v| pos[v]);
    }
    pos = positions(p);
    p.corder = (0..p.cluster_ids.len()).collect();
    let mut ckey = cluster_keys_from_positions(p, &pos);
    normalize(p, &mut pos, &ckey);
    let mut best = (count_crossings(p, &pos), p.layers.clone(), p.corder.clone());
    let mut stale = 0;
    for round in 0..rounds.saturating_mul(2) {
        if best.0 == 0 || stale >= PATIENCE * 2 {
            break;
        }
        if round > 0 {
            normalize(p, &mut pos, &ckey);
        }
        let mut acc = vec![(0.0, 0usize); ckey.len()];
        let down = round % 2 == 0;
        let layers: Vec<usize> = if down {
            (1..p.layers.len()).collect()
        } else {
            (0..p.layers.len().saturating_sub(1)).rev().collect()
        };
        for l in layers {
            let fixed = if down { l - 1 } else { l + 1 };
            let scale = p.layers[fixed].len().max(1) as f64;
            let keys = medians(p, l, down, &pos);
            for &(v, k) in &keys {
                if let Some(c) = p.vnodes[v].cluster {
                    acc[c].0 += k / scale;
                    acc[c].1 += 1;
                }
            }
            arrange(p, l, &keys, &pos);
            update_positions(p, l, &mut pos);
        }
        for (c, &(sum, n)) in acc.iter().enumerate() {
            if n > 0 {
                ckey[c] = sum / n as f64;
            }
        }
        let crossings = count_crossings(p, &pos);
        if crossings < best.0 {
            best = (crossings, p.layers.clone(), p.corder.clone());
            stale = 0;
        } else {
            stale += 1;
        }
    }
    best
}

/// Re-sorts the clusters by `ckey` and regroups every layer accordingly, keeping the relative
/// order of free vnodes and of the members of each cluster.
fn normalize(p: &mut Proper, pos: &mut [usize], ckey: &[f64]) {
    set_cluster_order(p, ckey);
    for l in 0..p.layers.len() {
        let keys: Vec<(usize, f64)> = p.layers[l]
            .iter()
            .filter(|&&v| p.vnodes[v].anchor.is_none())
            .map(|&v| (v, pos[v] as f64))
            .collect();
        arrange(p, l, &keys, pos);
        update_positions(p, l, pos);
    }
}

/// Visit numbers of a depth-first search along downward edges, real sources first; children
/// are visited first to last, or last to first when `flip`.
fn initial_positions(p: &Proper, flip: bool) -> Vec<usize> {
    let n = p.vnodes.len();
    let mut visit = vec![usize::MAX; n];
    let mut next = 0;
    let roots = (0..n)
        .filter(|&v| p.up[v].is_empty() && p.vnodes[v].real.is_some())
        .chain(0..n);
    let mut stack = Vec::new();
    for root in roots {
        if visit[root] != usize::MAX {
            continue;
        }
        stack.push(root);
        while let Some(v) = stack.pop() {
            if visit[v] != usize::MAX {
                continue;
            }
            visit[v] = next;
            next += 1;
            let children = p.down[v].iter().map(|&e| p.vedges[e].lower);
            if flip {
                stack.extend(children);
            } else {
                stack.extend(children.rev());
            }
        }
    }
    visit
}

/// Position of every vnode in its layer.
fn positions(p: &Proper) -> Vec<usize> {
    let mut pos = vec![0; p.vnodes.len()];
    for l in 0..p.layers.len() {
        update_positions(p, l, &mut pos);
    }
    pos
}

fn update_positions(p: &Proper, l: usize, pos: &mut [usize]) {
    for (i, &v) in p.layers[l].iter().enumerate() {
        pos[v] = i;
    }
}

fn cluster_keys_from_positions(p: &Proper, pos: &[usize]) -> Vec<f64> {
    let mut acc = vec![(0.0, 0usize); p.cluster_ids.len()];
    for (v, node) in p.vnodes.iter().enumerate() {
        if let Some(c) = node.cluster {
            acc[c].0 += pos[v] as f64 / p.layers[node.layer].len().max(1) as f64;
            acc[c].1 += 1;
        }
    }
    acc.iter().map(|&(s, n)| s / n.max(1) as f64).collect()
}

/// Sorts the clusters by key, ties by their previous order.
fn set_cluster_order(p: &mut Proper, ckey: &[f64]) {
    let mut rank = vec![0; ckey.len()];
    for (i, &c) in p.corder.iter().enumerate() {
        rank[c] = i;
    }
    p.corder
        .sort_by(|&a, &b| ckey[a].total_cmp(&ckey[b]).then(rank[a].cmp(&rank[b])));
}

/// Key of a vedge end in its layer: node position plus port fraction.
fn end_key(pos: &[usize], v: usize, port: Port) -> f64 {
    pos[v] as f64 + port.frac()
}

/// Median key of each non-anchored vnode of layer `l` over its neighbours' port positions in the
/// layer above (`from_above`) or below (the mean of the two middle ones for an even count);
/// vnodes without such neighbours keep their position as key. The median, unlike the mean,
/// ignores a far outlier neighbour, which leaves fewer crossings on the corpus.
fn medians(p: &Proper, l: usize, from_above: bool, pos: &[usize]) -> Vec<(usize, f64)> {
    let mut ends = Vec::new();
    p.layers[l]
        .iter()
        .filter(|&&v| p.vnodes[v].anchor.is_none())
        .map(|&v| {
            let edges = if from_above { &p.up[v] } else { &p.down[v] };
            ends.clear();
            ends.extend(edges.iter().map(|&e| far_key(p, pos, e, from_above)));
            ends.sort_by(f64::total_cmp);
            let m = ends.len();
            let key = match m {
                0 => pos[v] as f64,
                _ if m % 2 == 1 => ends[m / 2],
                _ => (ends[m / 2 - 1] + ends[m / 2]) / 2.0,
            };
            (v, key)
        })
        .collect()
}

/// A clustered vnode while arranging a layer: (rank of its cluster, vnode, key).
type Member = (usize, usize, f64);

/// Rebuilds layer `l` from keys of its non-anchored vnodes: cluster groups in cluster order,
/// free vnodes merged between them by key, anchored dummies right after their anchors.
fn arrange(p: &mut Proper, l: usize, keys: &[(usize, f64)], pos: &[usize]) {
    let mut crank = vec![0; p.corder.len()];
    for (i, &c) in p.corder.iter().enumerate() {
        crank[c] = i;
    }
    let by_key = |a: &(usize, f64), b: &(usize, f64)| -> Ordering {
        a.1.total_cmp(&b.1).then(pos[a.0].cmp(&pos[b.0]))
    };
    let mut free: Vec<(usize, f64)> = Vec::new();
    let mut grouped: Vec<Member> = Vec::new();
    for &(v, k) in keys {
        match p.vnodes[v].cluster {
            None => free.push((v, k)),
            Some(c) => grouped.push((crank[c], v, k)),
        }
    }
    free.sort_by(by_key);
    grouped.sort_by(|a, b| a.0.cmp(&b.0).then(by_key(&(a.1, a.2), &(b.1, b.2))));
    // Cluster groups with a monotone key so that the merge keeps the cluster order.
    let mut groups: Vec<(f64, &[Member])> = Vec::new();
    let mut run = f64::NEG_INFINITY;
    for chunk in grouped.chunk_by(|a, b| a.0 == b.0) {
        let mean = chunk.iter().map(|x| x.2).sum::<f64>() / chunk.len() as f64;
        run = run.max(mean);
        groups.push((run, chunk));
    }
    let mut out = Vec::with_capacity(p.layers[l].len());
    let push = |out: &mut Vec<usize>, v: usize| {
        out.push(v);
        out.extend_from_slice(&p.anchored[v]);
    };
    let (mut i, mut j) = (0, 0);
    while i < free.len() || j < groups.len() {
        if j >= groups.len() || (i < free.len() && free[i].1 < groups[j].0) {
            push(&mut out, free[i].0);
            i += 1;
        } else {
            for &(_, v, _) in groups[j].1 {
                push(&mut out, v);
            }
            j += 1;
        }
    }
    p.layers[l] = out;
}

/// Crossings between all pairs of consecutive layers.
fn count_crossings(p: &Proper, pos: &[usize]) -> usize {
    let mut total = 0;
    let mut pairs: Vec<(f64, f64)> = Vec::new();
    for layer in &p.layers {
        pairs.clear();
        for &v in layer {
            for &e in &p.down[v] {
                let ve = &p.vedges[e];
                pairs.push((
                    end_key(pos, ve.upper, ve.upper_port),
                    end_key(pos, ve.lower, ve.lower_port),
                ));
            }
        }
        pairs.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
        let mut lower: Vec<f64> = pairs.iter().map(|x| x.1).collect();
        total += inversions(&mut lower);
    }
    total
}

/// Number of pairs `i < j` with `a[i] > a[j]` (merge sort; sorts `a`).
fn inversions(a: &mut [f64]) -> usize {
    if a.len() < 2 {
        return 0;
    }
    let mid = a.len() / 2;
    let mut count = inversions(&mut a[..mid]) + inversions(&mut a[mid..]);
    let mut merged = Vec::with_capacity(a.len());
    let (mut i, mut j) = (0, mid);
    while i < mid && j < a.len() {
        if a[i] <= a[j] {
            merged.push(a[i]);
            i += 1;
        } else {
            count += mid - i;
            merged.push(a[j]);
            j += 1;
        }
    }
    merged.extend_from_slice(&a[i..mid]);
    merged.extend_from_slice(&a[j..]);
    a.copy_from_slice(&merged);
    count
}

/// Crossings among the edges of `u` and `v` (u left of v) with both adjacent layers.
fn pair_crossings(p: &Proper, pos: &[usize], u: usize, v: usize) -> usize {
    let mut n = 0;
    for (eu, ev, upper) in [(&p.up[u], &p.up[v], true), (&p.down[u], &p.down[v], false)] {
        for &a in eu {
            let ka = far_key(p, pos, a, upper);
            n += ev
                .iter()
                .filter(|&&b| ka > far_key(p, pos, b, upper))
                .count();
        }
    }
    n
}

fn far_key(p: &Proper, pos: &[usize], e: usize, upper: bool) -> f64 {
    let ve = &p.vedges[e];
    if upper {
        end_key(pos, ve.upper, ve.upper_port)
    } else {
        end_key(pos, ve.lower, ve.lower_port)
    }
}

/// Swaps adjacent vnodes of one group while that strictly lowers crossings.
fn transpose(p: &mut Proper, pos: &mut [usize]) {
    for _ in 0..TRANSPOSE_ROUNDS {
        let mut improved = false;
        for l in 0..p.layers.len() {
            for i in 0..p.layers[l].len().saturating_sub(1) {
                let (u, v) = (p.layers[l][i], p.layers[l][i + 1]);
                let (nu, nv) = (&p.vnodes[u], &p.vnodes[v]);
                if nu.anchor.is_some()
                    || nv.anchor.is_some()
                    || !p.anchored[v].is_empty()
                    || nu.cluster != nv.cluster
                {
                    continue;
                }
                if pair_crossings(p, pos, v, u) < pair_crossings(p, pos, u, v) {
                    p.layers[l].swap(i, i + 1);
                    pos[u] = i + 1;
                    pos[v] = i;
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
}
