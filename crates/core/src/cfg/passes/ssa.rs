//! SSA construction: turns the scalar variables (`read_var`/`write_var`) into SSA values and
//! block parameters.
//!
//! Block parameters are placed at the iterated dominance frontier of each variable's writes;
//! a walk of the dominator tree then renames reads to the reaching value and appends the
//! reaching values to the branches. A read that no write reaches on any path is an
//! uninitialized read: it is reported (with the read's C span) and reads `undef`. Unused
//! block parameters are left for dead code elimination. Each block parameter, and each value
//! written to exactly one variable, remembers the variable's name ([`ValueData::var`]; a value
//! written to several, such as a shared constant, names none), so the circuit's channels can
//! say which C variable they carry.

use super::super::analysis::Cfg;
use super::super::ir::*;
use crate::diag::Diagnostic;
use std::collections::{BTreeMap, BTreeSet};

/// Runs SSA construction on `f`.
pub fn run(f: &mut Function, diags: &mut Vec<Diagnostic>) {
    let cfg = Cfg::new(f);
    let nvars = f.vars.len();
    if nvars == 0 {
        return;
    }
    // Blocks writing each variable.
    let mut defs: Vec<BTreeSet<Block>> = vec![BTreeSet::new(); nvars];
    for &b in &cfg.rpo {
        for &i in &f.block(b).insts {
            if let Op::WriteVar(v, _) = f.inst(i).op {
                defs[v.index()].insert(b);
            }
        }
    }
    // Parameter placement at the iterated dominance frontier.
    let df = cfg.frontiers();
    let mut placed: BTreeMap<Block, Vec<(Var, Value)>> = BTreeMap::new();
    for (vi, dblocks) in defs.iter().enumerate() {
        let var = Var(vi as u32);
        let ty = f.vars[vi].ty;
        let mut has = BTreeSet::new();
        let mut work: Vec<Block> = dblocks.iter().copied().collect();
        while let Some(b) = work.pop() {
            for &y in &df[&b] {
                if has.insert(y) {
                    let p = f.add_param(y, ty);
                    f.values[p.index()].var = variable_name(f, var);
                    placed.entry(y).or_default().push((var, p));
                    if !dblocks.contains(&y) {
                        work.push(y);
                    }
                }
            }
        }
    }
    let mut r = Renamer {
        stacks: vec![Vec::new(); nvars],
        subst: BTreeMap::new(),
        undef: vec![None; nvars],
        reported: BTreeSet::new(),
        written: BTreeMap::new(),
    };
    let children = cfg.dom_children();
    // Iterative dominator-tree walk: (block, entered?) with the stack heights to restore.
    let mut walk: Vec<(Block, Option<Vec<usize>>)> = vec![(f.entry(), None)];
    while let Some((b, heights)) = walk.pop() {
        if let Some(h) = heights {
            for (s, n) in r.stacks.iter_mut().zip(h) {
                s.truncate(n);
            }
            continue;
        }
        let h: Vec<usize> = r.stacks.iter().map(|s| s.len()).collect();
        walk.push((b, Some(h)));
        r.block(f, b, &placed, diags);
        for &c in children[&b].iter().rev() {
            walk.push((c, None));
        }
    }
    f.replace_uses(&r.subst);
    // Undef definitions go first in the entry block.
    let undefs: Vec<Inst> = r
        .undef
        .iter()
        .flatten()
        .map(|v| match f.values[v.index()].def {
            ValueDef::Inst(i) => i,
            ValueDef::Param(..) => unreachable!("undef values are instructions"),
        })
        .collect();
    let entry = f.entry();
    let insts = &mut f.blocks[entry.index()].insts;
    let rest: Vec<Inst> = std::mem::take(insts);
    insts.extend(undefs);
    insts.extend(rest);
    f.vars.clear();
}

struct Renamer {
    stacks: Vec<Vec<Value>>,
    subst: BTreeMap<Value, Value>,
    undef: Vec<Option<Value>>,
    reported: BTreeSet<Var>,
    /// The variable each value was first written to (`None` once written to a second one).
    written: BTreeMap<Value, Option<Var>>,
}

impl Renamer {
    /// Names `x` after `var`, or after no variable if it was written to another one.
    fn name(&mut self, f: &mut Function, x: Value, var: Var) {
        let first = *self.written.entry(x).or_insert(Some(var));
        let var = first.filter(|&v| v == var);
        if var.is_none() {
            self.written.insert(x, None);
        }
        f.values[x.index()].var = var.and_then(|v| variable_name(f, v));
    }

    fn current(&mut self, f: &mut Function, var: Var) -> (Value, bool) {
        if let Some(&v) = self.stacks[var.index()].last() {
            return (v, false);
        }
        let u = *self.undef[var.index()].get_or_insert_with(|| {
            let ty = f.vars[var.index()].ty;
            let i = f.make_inst(Op::Undef, Some(ty), None);
            f.insts[i.index()].result.expect("has a result")
        });
        (u, true)
    }

    fn block(
        &mut self,
        f: &mut Function,
        b: Block,
        placed: &BTreeMap<Block, Vec<(Var, Value)>>,
        diags: &mut Vec<Diagnostic>,
    ) {
        for &(var, p) in placed.get(&b).map_or(&[][..], |v| v) {
            self.stacks[var.index()].push(p);
        }
        let insts = std::mem::take(&mut f.blocks[b.index()].insts);
        let mut kept = Vec::with_capacity(insts.len());
        for i in insts {
            match f.insts[i.index()].op.clone() {
                Op::ReadVar(var) => {
                    let (v, undef) = self.current(f, var);
                    if undef && self.reported.insert(var) {
                        report(f, var, f.insts[i.index()].span, diags);
                    }
                    let r = f.insts[i.index()].result.expect("read_var has a result");
                    self.subst.insert(r, v);
                }
                Op::WriteVar(var, x) => {
                    self.name(f, x, var);
                    self.stacks[var.index()].push(x)
                }
                _ => kept.push(i),
            }
        }
        f.blocks[b.index()].insts = kept;
        let succs = f.block(b).term.successors();
        for (k, s) in succs.iter().enumerate() {
            let Some(ps) = placed.get(s) else { continue };
            let mut args = Vec::new();
            for &(var, _) in ps {
                args.push(self.current(f, var).0);
            }
            let mut term = f.blocks[b.index()].term.clone();
            term.targets_mut()[k].args.extend(args);
            f.blocks[b.index()].term = term;
        }
    }
}

/// The C name of `var`, unless it is the compiler's own (`f.result`, the return value).
fn variable_name(f: &Function, var: Var) -> Option<std::sync::Arc<str>> {
    let name = &f.vars[var.index()].name;
    (!name.contains('.')).then(|| name.as_str().into())
}

fn report(f: &Function, var: Var, span: Option<crate::diag::Span>, diags: &mut Vec<Diagnostic>) {
    let vd = &f.vars[var.index()];
    let mut d = match vd.name.strip_suffix(".result") {
        Some(func) => {
            Diagnostic::error(format!("function `{func}` ends without returning a value"))
                .with_note("add a `return` statement on every path")
        }
        None => Diagnostic::error(format!(
            "variable `{}` is used before it is initialized",
            vd.name
        ))
        .with_label(vd.span, "declared here")
        .with_note("give the variable a value before reading it"),
    };
    d.span = span.or(Some(vd.span));
    diags.push(d);
}
