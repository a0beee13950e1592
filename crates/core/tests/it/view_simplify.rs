//! The graph view's options on every corpus kernel: the simplified view hides buffers, forks,
//! sinks and constants and joins exactly the visible units the full view joins directly or
//! through buffers and forks; collapsing a block leaves one unit for it and no channel inside
//! it; every drawing keeps its boxes apart and its layout is deterministic.

use crate::support::corpus::{kernel_files, kernel_name, load};
use rivulet_core::driver::{compile, DriverOptions};
use rivulet_core::view::{
    graph_view, graph_view_with, GraphView, UnitClass, ViewOptions, SIMPLIFY_ABOVE_UNITS,
};
use std::collections::{BTreeMap, BTreeSet};

/// Units the simplified view draws channels through.
const THROUGH: [&str; 3] = ["buffer", "fork", "lazy_fork"];
/// Units the simplified view hides.
const HIDDEN: [&str; 5] = ["buffer", "fork", "lazy_fork", "sink", "constant"];

/// The full views of every corpus kernel, by kernel name.
fn corpus_views(mut check: impl FnMut(&str, &rivulet_core::handshake::Func, &GraphView)) {
    let mut kernels = 0;
    for file in kernel_files() {
        let (mut sources, id, mut lookup) = load(&file).unwrap();
        let out = compile(
            &mut sources,
            id,
            &mut lookup,
            &DriverOptions::default(),
            &mut |_| {},
        );
        let Some(func) = out.kernel() else { continue };
        check(&kernel_name(&file), func, &graph_view(func, None));
        kernels += 1;
    }
    assert!(kernels > 50, "only {kernels} kernels compiled");
}

fn assert_apart(name: &str, v: &GraphView) {
    for (i, a) in v.units.iter().enumerate() {
        for b in &v.units[i + 1..] {
            assert!(
                !a.rect.overlaps(&b.rect),
                "{name}: {} overlaps {}",
                a.name,
                b.name
            );
        }
    }
    for c in &v.channels {
        assert!(c.from.0 < v.units.len() && c.to.0 < v.units.len(), "{name}");
        assert!(c.path.starts_with('M'), "{name}: {} not routed", c.name);
    }
}

/// `(producer, consumer)` names of the visible units the full view joins directly or through
/// buffers and forks (a search forward from every visible unit).
fn visible_links(full: &GraphView) -> BTreeSet<(String, String)> {
    let mnemonic = |u: usize| full.units[u].mnemonic.as_str();
    let mut succ: Vec<Vec<usize>> = vec![Vec::new(); full.units.len()];
    for c in &full.channels {
        succ[c.from.0].push(c.to.0);
    }
    let mut links = BTreeSet::new();
    for p in (0..full.units.len()).filter(|&u| !HIDDEN.contains(&mnemonic(u))) {
        let mut seen = vec![false; full.units.len()];
        let mut stack = succ[p].clone();
        while let Some(u) = stack.pop() {
            if std::mem::replace(&mut seen[u], true) {
                continue;
            }
            if THROUGH.contains(&mnemonic(u)) {
                stack.extend(&succ[u]);
            } else if !HIDDEN.contains(&mnemonic(u)) {
                links.insert((full.units[p].name.clone(), full.units[u].name.clone()));
            }
        }
    }
    links
}

#[test]
fn simplified_views_hide_plumbing_and_keep_connectivity() {
    let simplified = ViewOptions {
        simplified: true,
        ..ViewOptions::default()
    };
    let mut drawn_through = 0;
    let mut constants_shown = 0;
    corpus_views(|name, func, full| {
        let v = graph_view_with(func, None, &simplified);
        assert_apart(name, &v);
        let by_name: BTreeMap<&str, usize> = full
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| (u.name.as_str(), i))
            .collect();
        for u in &v.units {
            assert!(!HIDDEN.contains(&u.mnemonic.as_str()), "{name}: {}", u.name);
            assert!(
                !u.class.is_buffer()
                    && !matches!(
                        u.class,
                        UnitClass::Fork
                            | UnitClass::LazyFork
                            | UnitClass::Sink
                            | UnitClass::Constant
                    ),
                "{name}: {}",
                u.name
            );
            // Visible units keep their names (and what they are).
            let full_unit = &full.units[by_name[u.name.as_str()]];
            assert_eq!(full_unit.class, u.class, "{name}: {}", u.name);
        }
        let links: BTreeSet<(String, String)> = v
            .channels
            .iter()
            .map(|c| (v.units[c.from.0].name.clone(), v.units[c.to.0].name.clone()))
            .collect();
        assert_eq!(links, visible_links(full), "{name}");
        for c in &v.channels {
            // The value animated is the one entering the consumer in the full view.
            let consumer = by_name[v.units[c.to.0].name.as_str()];
            let last = full
                .channels
                .iter()
                .find(|f| f.to == (consumer, c.to.1))
                .unwrap_or_else(|| panic!("{name}: no channel into {}", c.name));
            assert_eq!((c.value, &c.name), (last.value, &last.name), "{name}");
            for t in &c.through {
                let hidden = &full.units[by_name[t.as_str()]];
                assert!(THROUGH.contains(&hidden.mnemonic.as_str()), "{name}: {t}");
            }
            drawn_through += usize::from(!c.through.is_empty());
        }
        // A constant's value is written on the consumers it feeds directly.
        for c in &full.channels {
            let (p, q) = (&full.units[c.from.0], &full.units[c.to.0]);
            if p.mnemonic == "constant" && !HIDDEN.contains(&q.mnemonic.as_str()) {
                let value = p.label.trim_start_matches("constant ");
                let shown = v.units.iter().find(|u| u.name == q.name).unwrap();
                assert!(
                    shown.label.contains(&format!(" = {value}")),
                    "{name}: {} lacks {value}",
                    shown.label
                );
                constants_shown += 1;
            }
        }
        assert!(v.units.len() < full.units.len(), "{name}");
    });
    assert!(drawn_through > 0 && constants_shown > 0);
}

#[test]
fn a_collapsed_block_is_one_unit_without_inner_channels() {
    corpus_views(|name, func, full| {
        let mut sizes: BTreeMap<u32, usize> = BTreeMap::new();
        for bb in full.units.iter().filter_map(|u| u.bb) {
            *sizes.entry(bb).or_default() += 1;
        }
        let Some((&bb, _)) = sizes
            .iter()
            .max_by_key(|&(bb, n)| (n, std::cmp::Reverse(bb)))
        else {
            return;
        };
        for simplified in [false, true] {
            let options = ViewOptions {
                simplified,
                collapsed: BTreeSet::from([bb]),
            };
            let v = graph_view_with(func, None, &options);
            assert_apart(name, &v);
            let inside: Vec<usize> = (0..v.units.len())
                .filter(|&u| v.units[u].bb == Some(bb))
                .collect();
            assert_eq!(inside.len(), 1, "{name}: bb{bb}");
            let block = &v.units[inside[0]];
            assert_eq!(block.class, UnitClass::Block, "{name}");
            assert_eq!(block.name, format!("bb{bb}"), "{name}");
            assert!(
                v.channels.iter().all(|c| c.from.0 != c.to.0),
                "{name}: a channel inside bb{bb}"
            );
            // Other units stay, by name; a channel crossing the block's border stays.
            let others: BTreeSet<&str> = v
                .units
                .iter()
                .filter(|u| u.bb != Some(bb))
                .map(|u| u.name.as_str())
                .collect();
            let reference = if simplified {
                let simplified = ViewOptions {
                    simplified,
                    ..ViewOptions::default()
                };
                graph_view_with(func, None, &simplified)
            } else {
                full.clone()
            };
            let size = reference.units.iter().filter(|u| u.bb == Some(bb)).count();
            let plural = if size == 1 { "" } else { "s" };
            assert_eq!(
                block.label,
                format!("bb{bb} · {size} unit{plural}"),
                "{name}"
            );
            let expected: BTreeSet<&str> = reference
                .units
                .iter()
                .filter(|u| u.bb != Some(bb))
                .map(|u| u.name.as_str())
                .collect();
            assert_eq!(others, expected, "{name}");
            let block_end = |u: usize| {
                if reference.units[u].bb == Some(bb) {
                    block.name.as_str()
                } else {
                    reference.units[u].name.as_str()
                }
            };
            let crossing: BTreeSet<(&str, &str)> = reference
                .channels
                .iter()
                .map(|c| (block_end(c.from.0), block_end(c.to.0)))
                .filter(|(a, b)| a != b || *a != block.name)
                .collect();
            let drawn: BTreeSet<(&str, &str)> = v
                .channels
                .iter()
                .map(|c| {
                    (
                        v.units[c.from.0].name.as_str(),
                        v.units[c.to.0].name.as_str(),
                    )
                })
                .collect();
            assert_eq!(drawn, crossing, "{name}");
        }
    });
}

#[test]
fn layout_stats_are_positive_and_deterministic() {
    corpus_views(|name, func, full| {
        assert!(full.stats.wire_length > 0, "{name}");
        let again = graph_view(func, None);
        assert_eq!(again.stats, full.stats, "{name}");
        assert_eq!(&again, full, "{name}");
        assert!(!ViewOptions::for_units(SIMPLIFY_ABOVE_UNITS).simplified);
        let simplified = ViewOptions::for_units(SIMPLIFY_ABOVE_UNITS + 1);
        assert!(simplified.simplified && simplified.collapsed.is_empty());
        let a = graph_view_with(func, None, &simplified);
        let b = graph_view_with(func, None, &simplified);
        assert_eq!(a.stats, b.stats, "{name}");
        assert!(a.stats.wire_length > 0, "{name}");
    });
}
