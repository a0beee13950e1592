//! The memory dependence analysis orders exactly the accesses that may conflict.

use crate::support::corpus;
use rivulet_core::cfg::analysis::Cfg;
use rivulet_core::cfg::ir::{Block, Op};
use rivulet_core::lower::depend::{analyze, ordered_accesses};
use std::collections::{BTreeMap, BTreeSet};

/// Compiles `src` (kernel `k`) and returns, per access in program order, `load`/`store`, the
/// memory's name and whether it is ordered.
fn ordered(src: &str) -> Vec<(String, bool)> {
    let (out, _) = corpus::compile_text("k.c", src, &mut |_| None, &corpus::through_cfg());
    let m = out.cfg.expect("compiles");
    let f = m.kernel();
    let cfg = Cfg::new(f);
    let ord = ordered_accesses(f, &cfg);
    let mut list = Vec::new();
    for &b in &cfg.rpo {
        for &i in &f.block(b).insts {
            let (kind, mem) = match &f.inst(i).op {
                Op::Load(m, _) => ("load", m),
                Op::Store(m, ..) => ("store", m),
                _ => continue,
            };
            let name = &f.mems[mem.index()].name;
            list.push((format!("{kind} {name}"), ord.contains_key(&i)));
        }
    }
    list
}

/// Per memory name, nesting depths of loops (1 = outermost).
type MemDepths = Vec<(String, Vec<usize>)>;

/// Compiles `src` and returns, per memory name, the nesting depths (1 = outermost) of the
/// loops whose iterations need no ordering among that memory's ordered accesses, and of those
/// that share the memory's token across their iterations.
fn free_loops(src: &str) -> (MemDepths, MemDepths) {
    let (out, _) = corpus::compile_text("k.c", src, &mut |_| None, &corpus::through_cfg());
    let m = out.cfg.expect("compiles");
    let f = m.kernel();
    let cfg = Cfg::new(f);
    let loops = cfg.loops();
    let analysis = analyze(f, &cfg);
    let depths = |per_mem: &BTreeMap<u32, BTreeSet<Block>>| {
        per_mem
            .iter()
            .map(|(&mem, headers)| {
                let depths = headers
                    .iter()
                    .map(|h| loops.iter().filter(|l| l.blocks.contains(h)).count())
                    .collect();
                (f.mems[mem as usize].name.clone(), depths)
            })
            .collect()
    };
    (
        depths(&analysis.independent_iterations),
        depths(&analysis.shared_token_loops),
    )
}

fn mem_depths(v: &[(&str, &[usize])]) -> MemDepths {
    v.iter().map(|(s, d)| (s.to_string(), d.to_vec())).collect()
}

fn pairs(v: &[(&str, bool)]) -> Vec<(String, bool)> {
    v.iter().map(|(s, b)| (s.to_string(), *b)).collect()
}

#[test]
fn same_index_update_needs_no_ordering() {
    let got = ordered("void k(int a[16]) { for (int i = 0; i < 16; i++) a[i] = a[i] + 5; }");
    assert_eq!(got, pairs(&[("load a", false), ("store a", false)]));
}

#[test]
fn indirect_update_is_ordered() {
    let got =
        ordered("void k(int x[8], int h[4]) { for (int i = 0; i < 8; i++) h[x[i] & 3] += 1; }");
    assert_eq!(
        got,
        pairs(&[("load x", false), ("load h", true), ("store h", true)])
    );
}

#[test]
fn loop_carried_distance_is_ordered() {
    let got = ordered("void k(int a[16]) { for (int i = 1; i < 16; i++) a[i] = a[i - 1] + 1; }");
    assert_eq!(got, pairs(&[("load a", true), ("store a", true)]));
}

#[test]
fn store_not_depending_on_the_load_is_ordered() {
    let got = ordered(
        "int k(int a[16]) { int s = 0; for (int i = 0; i < 16; i++) { s += a[i]; a[i] = 0; } return s; }",
    );
    assert_eq!(got, pairs(&[("load a", true), ("store a", true)]));
}

#[test]
fn constant_distinct_addresses_are_independent() {
    let got = ordered("void k(int a[4], int n) { a[0] = n; a[1] = a[2] + n; }");
    assert!(got.iter().all(|(_, o)| !o), "{got:?}");
}

#[test]
fn inner_loop_accumulation_is_ordered() {
    let got = ordered(
        "void k(int c[4], int b[16]) { for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) c[i] = c[i] + b[i * 4 + j]; }",
    );
    assert_eq!(
        got,
        pairs(&[("load c", true), ("load b", false), ("store c", true)])
    );
}

#[test]
fn nested_same_element_update_needs_no_ordering() {
    let got = ordered(
        "void k(int a[4][16], int b[4][16]) { for (int i = 0; i < 4; i++) for (int j = 0; j < 16; j++) a[i][j] += b[i][j]; }",
    );
    assert_eq!(
        got,
        pairs(&[("load a", false), ("load b", false), ("store a", false)])
    );
}

#[test]
fn nested_update_whose_rows_overlap_is_ordered() {
    // Row i covers a[4i .. 4i + 7]: rows overlap, so iterations of i touch the same words.
    let got = ordered(
        "void k(int a[64]) { for (int i = 0; i < 4; i++) for (int j = 0; j < 8; j++) a[i * 4 + j] += 1; }",
    );
    assert_eq!(got, pairs(&[("load a", true), ("store a", true)]));
}

#[test]
fn nested_update_missing_a_loop_index_is_ordered() {
    // Every iteration of k updates the same element c[i][j]: a dependence through memory.
    let got = ordered(
        "void k(int c[4][4], int a[4][4]) { for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) for (int k = 0; k < 4; k++) c[i][j] += a[i][k]; }",
    );
    assert_eq!(
        got,
        pairs(&[("load c", true), ("load a", false), ("store c", true)])
    );
}

#[test]
fn triangular_update_with_unknown_inner_range_is_ordered() {
    let got = ordered(
        "void k(int a[8][8]) { for (int i = 0; i < 8; i++) for (int j = 0; j < i; j++) a[i][j] += 1; }",
    );
    assert_eq!(got, pairs(&[("load a", true), ("store a", true)]));
}

#[test]
fn stores_in_exclusive_branches_need_no_ordering() {
    // Outside loops: no run takes both branches, whatever the indices.
    let got = ordered(
        "void k(int a[16], int x[2], int n) { if (n > 0) a[x[0] & 15] = 1; else a[x[1] & 15] = 2; }",
    );
    assert_eq!(
        got,
        pairs(&[
            ("load x", false),
            ("store a", false),
            ("load x", false),
            ("store a", false)
        ])
    );
    // In a loop: one iteration takes one branch, and iterations touch different elements.
    let got = ordered(
        "void k(int a[16], int c[16]) { for (int i = 0; i < 16; i++) { if (c[i]) a[i] = 1; else a[i] = 2; } }",
    );
    assert_eq!(
        got,
        pairs(&[("load c", false), ("store a", false), ("store a", false)])
    );
}

#[test]
fn exclusive_branches_touching_neighbours_are_ordered() {
    // Iteration i's `a[i + 1]` is iteration i + 1's `a[i]`.
    let got = ordered(
        "void k(int a[17], int c[16]) { for (int i = 0; i < 16; i++) { if (c[i]) a[i] = 1; else a[i + 1] = 2; } }",
    );
    assert_eq!(
        got,
        pairs(&[("load c", false), ("store a", true), ("store a", true)])
    );
    // A load and a store of the same element in exclusive branches of different loops'
    // bodies: the loops run one after the other, so both execute.
    let got = ordered(
        "int k(int a[16], int c[16]) { int s = 0; for (int i = 0; i < 16; i++) if (c[i]) a[i] = 1; for (int i = 0; i < 16; i++) if (!c[i]) s += a[i]; return s; }",
    );
    assert_eq!(
        got,
        pairs(&[
            ("load c", false),
            ("store a", true),
            ("load c", false),
            ("load a", true)
        ])
    );
}

#[test]
fn read_then_overwrite_in_each_iteration_shares_the_token() {
    let src =
        "void k(int a[16], int b[16]) { for (int i = 0; i < 16; i++) { b[i] = a[i]; a[i] = i; } }";
    assert_eq!(
        ordered(src),
        pairs(&[("load a", true), ("store b", false), ("store a", true)])
    );
    let a1 = mem_depths(&[("a", &[1])]);
    assert_eq!(free_loops(src), (a1.clone(), a1));
}

#[test]
fn accumulation_in_the_innermost_loop_leaves_outer_loops_free() {
    // `k < n`: with a constant trip count, `promote-elements` would keep `c[i][j]` in a
    // register across the `k` loop and leave no access of `c` in it.
    let src = "void k(int a[4][4], int b[4][4], int c[4][4], int n) { \
               for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) \
               for (int k = 0; k < n; k++) c[i][j] += a[i][k] * b[k][j]; }";
    // Free, but the `k` loop inside them carries the dependence: not shared.
    assert_eq!(free_loops(src), (mem_depths(&[("c", &[1, 2])]), vec![]));
}

#[test]
fn distance_in_the_inner_index_leaves_the_outer_loop_free() {
    let src = "void k(int a[4][4]) { for (int i = 0; i < 4; i++) \
               for (int j = 1; j < 4; j++) a[i][j] = a[i][j - 1] + 1; }";
    assert_eq!(free_loops(src).0, mem_depths(&[("a", &[1])]));
}

#[test]
fn distance_in_the_outer_index_leaves_the_inner_loop_free() {
    let src = "void k(int a[4][4]) { for (int i = 0; i < 3; i++) \
               for (int j = 0; j < 4; j++) a[i + 1][j] = a[i][j] + 1; }";
    let a2 = mem_depths(&[("a", &[2])]);
    assert_eq!(free_loops(src), (a2.clone(), a2));
}

#[test]
fn overlapping_rows_and_indirect_indices_keep_every_loop_ordered() {
    let rows = "void k(int a[32]) { for (int i = 0; i < 4; i++) \
                for (int j = 0; j < 8; j++) a[4 * i + j] = a[4 * i + j + 1] + 1; }";
    assert_eq!(free_loops(rows), (vec![], vec![]));
    let indirect = "void k(int x[8], int h[4]) { for (int i = 0; i < 8; i++) h[x[i] & 3] += 1; }";
    assert_eq!(free_loops(indirect), (vec![], vec![]));
}

#[test]
fn free_loops_that_would_not_gain_keep_the_chained_token() {
    let only_loads = "int k(int a[16]) { int s = 0; for (int i = 0; i < 16; i++) s += a[i]; \
                      a[0] = s; return s; }";
    assert_eq!(free_loops(only_loads), (mem_depths(&[("a", &[1])]), vec![]));
    let conditional = "void k(int a[16], int b[16]) { for (int i = 0; i < 16; i++) \
                       if (b[i] > 3) { b[i] = a[i]; a[i] = i; } }";
    let ab1 = mem_depths(&[("a", &[1]), ("b", &[1])]);
    assert_eq!(free_loops(conditional), (ab1, vec![]));
    let once =
        "void k(int a[16], int b[16]) { for (int i = 0; i < 1; i++) { b[i] = a[i]; a[i] = i; } }";
    assert_eq!(free_loops(once), (mem_depths(&[("a", &[1])]), vec![]));
}
