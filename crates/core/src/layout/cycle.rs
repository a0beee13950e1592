//! Cycle breaking: choose which edges to draw reversed so that the rest forms a DAG.
//!
//! Edges the caller marks as back edges (loop back edges) are reversed first. A depth-first
//! search over the resulting orientation then reverses every edge that still closes a cycle
//! (an edge into a node on the DFS stack). Roots are tried sources first, then in index order,
//! so the result is deterministic. Reversing all DFS back edges leaves a DAG: every remaining
//! edge leads from a node that finishes later to one that finishes earlier.
//!
//! Self loops are not part of the input here; they are drawn separately.

/// Returns, for each edge `(from, to, back_hint)` over nodes `0..n`, whether it is reversed.
/// Endpoints must be below `n` and distinct.
pub(crate) fn orient(n: usize, edges: &[(usize, usize, bool)]) -> Vec<bool> {
    let mut reversed: Vec<bool> = edges.iter().map(|e| e.2).collect();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut indeg = vec![0usize; n];
    for (i, &(a, b, _)) in edges.iter().enumerate() {
        let (u, v) = if reversed[i] { (b, a) } else { (a, b) };
        adj[u].push(i);
        indeg[v] += 1;
    }
    let roots = (0..n)
        .filter(|&v| indeg[v] == 0)
        .chain((0..n).filter(|&v| indeg[v] != 0));
    // 0 = unvisited, 1 = on the stack, 2 = finished.
    let mut state = vec![0u8; n];
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in roots {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        stack.push((root, 0));
        while let Some(top) = stack.last_mut() {
            let (u, next) = *top;
            let Some(&e) = adj[u].get(next) else {
                state[u] = 2;
                stack.pop();
                continue;
            };
            top.1 += 1;
            let (a, b, _) = edges[e];
            let w = if a == u { b } else { a };
            match state[w] {
                0 => {
                    state[w] = 1;
                    stack.push((w, 0));
                }
                1 => reversed[e] = !reversed[e],
                _ => {}
            }
        }
    }
    reversed
}
