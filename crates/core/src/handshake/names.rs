//! Printed names of values: `%arg0`, `%5`, `%4#1`, `%trueResult`, `%outputs#0`.
//!
//! The [`Namer`] is shared by the printer and the verifier (so that diagnostics name values the
//! way the printed IR does). Rules, in order:
//! * a value with a name hint is printed with it; hints `b#0`, `b#1`… on consecutive results
//!   form a group printed `%b:k` and used as `%b#i`;
//! * an argument without a hint is `%argN` (N = its index, suffixed if a hint already took it);
//! * the other results are numbered in program order: a multi-result op whose results all lack
//!   hints gets one number `%N:k` (used as `%N#i`), other unhinted results one number each.
//!
//! Values that no live op or argument defines print as `%<dangling N>` (never parsed back).

use super::func::{Func, ValueDef, ValueId};
use std::collections::BTreeSet;

/// The printed names of one function's values.
pub struct Namer {
    refs: Vec<Option<String>>,
    defs: Vec<Vec<String>>,
}

impl Namer {
    /// Names every value of `func`.
    pub fn new(func: &Func) -> Namer {
        let mut refs = vec![None; func.num_values()];
        let taken: BTreeSet<&str> = func.values().filter_map(|(_, v)| v.name()).collect();
        for (i, &a) in func.args.iter().enumerate() {
            let name = match func.value(a).and_then(|v| v.name()) {
                Some(h) if !h.contains('#') => h.to_string(),
                _ => {
                    let mut n = format!("arg{i}");
                    let mut k = 0;
                    while taken.contains(n.as_str()) {
                        k += 1;
                        n = format!("arg{i}_{k}");
                    }
                    n
                }
            };
            if let Some(slot) = refs.get_mut(a.0 as usize) {
                *slot = Some(format!("%{name}"));
            }
        }
        let mut counter = 0u32;
        let mut defs = vec![Vec::new(); func.op_ids().len()];
        for (pos, (_, op)) in func.ops().enumerate() {
            let hint = |v: ValueId| func.value(v).and_then(|x| x.name());
            let mut lhs = Vec::new();
            if op.results.len() > 1 && op.results.iter().all(|&r| hint(r).is_none()) {
                let n = counter;
                counter += 1;
                lhs.push(format!("%{n}:{}", op.results.len()));
                for (i, &r) in op.results.iter().enumerate() {
                    set(&mut refs, r, format!("%{n}#{i}"));
                }
                defs[pos] = lhs;
                continue;
            }
            let mut i = 0;
            while i < op.results.len() {
                let r = op.results[i];
                let run = hint(r).and_then(|h| group_run(func, &op.results[i..], h));
                if let Some((base, k)) = run {
                    lhs.push(format!("%{base}:{k}"));
                    for (j, &m) in op.results[i..i + k].iter().enumerate() {
                        set(&mut refs, m, format!("%{base}#{j}"));
                    }
                    i += k;
                    continue;
                }
                let name = match hint(r) {
                    Some(h) if !h.contains('#') => format!("%{h}"),
                    _ => {
                        counter += 1;
                        format!("%{}", counter - 1)
                    }
                };
                lhs.push(name.clone());
                set(&mut refs, r, name);
                i += 1;
            }
            defs[pos] = lhs;
        }
        Namer { refs, defs }
    }

    /// How a use of `v` is printed.
    pub fn name(&self, v: ValueId) -> String {
        self.refs
            .get(v.0 as usize)
            .and_then(Clone::clone)
            .unwrap_or_else(|| format!("%<dangling {}>", v.0))
    }

    /// The result list of the op at position `pos` of the program order (`%a, %b:2`).
    pub fn lhs(&self, pos: usize) -> &[String] {
        self.defs.get(pos).map_or(&[], Vec::as_slice)
    }
}

fn set(refs: &mut [Option<String>], v: ValueId, name: String) {
    if let Some(slot) = refs.get_mut(v.0 as usize) {
        *slot = Some(name);
    }
}

/// If `results[0]` has hint `base#0` and the following ones `base#1`…, the base and run length.
fn group_run(func: &Func, results: &[ValueId], first: &str) -> Option<(String, usize)> {
    let base = first.strip_suffix("#0")?;
    let k = results
        .iter()
        .enumerate()
        .take_while(|(j, &r)| {
            func.value(r).and_then(|x| x.name()) == Some(format!("{base}#{j}").as_str())
                && matches!(func.value(r).map(|x| x.def), Some(ValueDef::Result { .. }))
        })
        .count();
    Some((base.to_string(), k))
}
