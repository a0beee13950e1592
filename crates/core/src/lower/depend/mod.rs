//! Memory dependence analysis: which loads and stores must keep their program order.
//!
//! Two accesses to the same memory, at least one a store, *may conflict* unless one of these
//! proofs applies (indices are decomposed into affine forms `Σ c·s + k` over symbols `s`;
//! anything but `+`, `-`, and multiplication or left shift by a constant is a symbol):
//! 1. *Constant distance*: the forms differ only by a non-zero constant and every symbol is
//!    *fixed* (defined outside every loop that contains either access), so every execution of
//!    the two accesses uses the same two different addresses (`a[0]` vs `a[1]`, `a[n]` vs
//!    `a[n+1]` with `n` a parameter).
//! 2. *Same iteration only*: the forms are identical; every loop containing both accesses has
//!    an induction variable (a header parameter updated by `+ c`, `c ≠ 0`, on every back edge)
//!    with a non-zero coefficient in the form, and every other symbol is fixed. With one such
//!    loop, different iterations use different addresses (assuming the index does not wrap
//!    around). With a nest, the terms must nest like digits: sorted by coefficient, each
//!    coefficient exceeds the largest change all smaller terms can make, from the ranges the
//!    inner induction variables take (known for counted loops): `a[i][j]`, flattened to
//!    `16·i + j` with `j` in `0..16`. Then two different iterations of the nest differ in their
//!    largest differing term by more than all smaller ones can make up, so the addresses are
//!    equal only within one iteration. Within an iteration, either the first access is a load
//!    in the same block as the second, a store whose address or data depends on the loaded
//!    value (`a[i] = a[i] + 5`, `c[i][j] += x`), so the data dependence orders them; or the
//!    two are in exclusive branches of the iteration (proof 3 inside the innermost common
//!    loop: `if (c) a[i] = x; else a[i] = y;`).
//! 3. *Exclusive branches*: neither access's block reaches the other's, so no run executes
//!    both (`if (c) a[k] = 1; else x = a[j];` outside any loop containing both).
//!
//! An access is self-ordered (a port is first-in first-out). Distinct arrays never alias
//! (the kernel's array parameters are assumed not to overlap, as in Dynamatic).
//! Accesses that may conflict with some other access are *ordered*: they are chained through
//! the memory's token in program order ([`super::memory`]), or the whole memory is served by
//! a load-store queue ([`super::lsq`]).

mod carried;

use crate::bits::sign_extend;
use crate::cfg::analysis::{Cfg, Loop};
use crate::cfg::ir::{BinOp, Block, CastOp, Function, Inst, Op, Value, ValueDef};
use crate::cfg::passes::counted::Counted;
use std::collections::{BTreeMap, BTreeSet};

/// An affine form: coefficients per symbol and a constant (wrapping 64-bit arithmetic).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Affine {
    terms: BTreeMap<Value, i64>,
    k: i64,
}

impl Affine {
    fn symbol(v: Value) -> Affine {
        Affine {
            terms: BTreeMap::from([(v, 1)]),
            k: 0,
        }
    }

    fn constant(k: i64) -> Affine {
        Affine {
            terms: BTreeMap::new(),
            k,
        }
    }

    fn add(mut self, o: &Affine, sign: i64) -> Affine {
        for (&s, &c) in &o.terms {
            let e = self.terms.entry(s).or_insert(0);
            *e = e.wrapping_add(sign.wrapping_mul(c));
        }
        self.terms.retain(|_, c| *c != 0);
        self.k = self.k.wrapping_add(sign.wrapping_mul(o.k));
        self
    }

    fn scale(mut self, f: i64) -> Affine {
        self.terms.values_mut().for_each(|c| *c = c.wrapping_mul(f));
        self.terms.retain(|_, c| *c != 0);
        self.k = self.k.wrapping_mul(f);
        self
    }
}

fn const_of(f: &Function, v: Value) -> Option<i64> {
    match f.as_const(v)? {
        crate::cfg::ir::Const::Int(x) => Some(sign_extend(x, f.ty(v).bits())),
        _ => None,
    }
}

fn affine(f: &Function, v: Value, depth: u32) -> Affine {
    if let Some(k) = const_of(f, v) {
        return Affine::constant(k);
    }
    let ValueDef::Inst(i) = f.values[v.index()].def else {
        return Affine::symbol(v);
    };
    if depth > 16 {
        return Affine::symbol(v);
    }
    match &f.inst(i).op {
        Op::Bin(BinOp::AddI, a, b) => affine(f, *a, depth + 1).add(&affine(f, *b, depth + 1), 1),
        Op::Bin(BinOp::SubI, a, b) => affine(f, *a, depth + 1).add(&affine(f, *b, depth + 1), -1),
        Op::Bin(BinOp::MulI, a, b) => match (const_of(f, *a), const_of(f, *b)) {
            (_, Some(c)) => affine(f, *a, depth + 1).scale(c),
            (Some(c), _) => affine(f, *b, depth + 1).scale(c),
            _ => Affine::symbol(v),
        },
        Op::Bin(BinOp::ShLI, a, b) => match const_of(f, *b) {
            Some(c) if (0..31).contains(&c) => affine(f, *a, depth + 1).scale(1 << c),
            _ => Affine::symbol(v),
        },
        Op::Cast(CastOp::ExtSI, a) => affine(f, *a, depth + 1),
        _ => Affine::symbol(v),
    }
}

struct Access {
    inst: Inst,
    block: Block,
    pos: usize,
    store: bool,
    form: Affine,
}

struct Ctx<'a> {
    f: &'a Function,
    cfg: &'a Cfg,
    loops: Vec<Loop>,
    inst_block: BTreeMap<Inst, Block>,
}

impl Ctx<'_> {
    fn def_block(&self, v: Value) -> Option<Block> {
        match self.f.values.get(v.index())?.def {
            ValueDef::Param(b, _) => Some(b),
            ValueDef::Inst(i) => self.inst_block.get(&i).copied(),
        }
    }

    /// True when no loop contains both `v`'s definition and one of the blocks.
    fn fixed(&self, v: Value, blocks: &[Block]) -> bool {
        let Some(d) = self.def_block(v) else {
            return true;
        };
        !self
            .loops
            .iter()
            .any(|l| l.blocks.contains(&d) && blocks.iter().any(|b| l.blocks.contains(b)))
    }

    /// The step of `p` if it is an induction variable of loop `l`: a header parameter updated
    /// by the same non-zero constant on every back edge.
    fn induction_step(&self, p: Value, l: &Loop) -> Option<i64> {
        let ValueDef::Param(h, n) = self.f.values.get(p.index())?.def else {
            return None;
        };
        if h != l.header {
            return None;
        }
        let mut step = None;
        for &pred in &self.cfg.preds[&h] {
            if !l.blocks.contains(&pred) {
                continue;
            }
            for t in self.f.block(pred).term.targets() {
                if t.block != h {
                    continue;
                }
                let arg = *t.args.get(n as usize)?;
                let d = affine(self.f, arg, 0).add(&Affine::symbol(p), -1);
                if !d.terms.is_empty() || d.k == 0 || step.is_some_and(|s| s != d.k) {
                    return None;
                }
                step = Some(d.k);
            }
        }
        step
    }

    fn is_induction(&self, p: Value, l: &Loop) -> bool {
        self.induction_step(p, l).is_some()
    }

    /// True when `v` depends (through instructions of its block) on the result of `src`.
    fn depends_on(&self, v: Value, src: Value, depth: u32) -> bool {
        if v == src {
            return true;
        }
        let ValueDef::Inst(i) = self.f.values[v.index()].def else {
            return false;
        };
        depth < 64
            && self
                .f
                .inst(i)
                .op
                .operands()
                .into_iter()
                .any(|o| self.depends_on(o, src, depth + 1))
    }

    /// True when the form `form` of two accesses in `blocks` takes different values in any two
    /// different iterations of the loops containing both (proof 2 of the module doc): each
    /// such loop has an induction variable in the form, every other symbol is fixed, and the
    /// terms nest like the digits of a number (each coefficient exceeds the largest change the
    /// smaller terms can make, from the counted loops' values).
    fn distinct_across_iterations(&self, form: &Affine, blocks: &[Block]) -> bool {
        let common: Vec<&Loop> = self
            .loops
            .iter()
            .filter(|l| blocks.iter().all(|b| l.blocks.contains(b)))
            .collect();
        if common.is_empty() {
            return false;
        }
        let mut terms = Vec::new();
        for l in &common {
            let Some((&iv, &coef)) = form.terms.iter().find(|(&s, _)| self.is_induction(s, l))
            else {
                return false;
            };
            terms.push((coef.unsigned_abs(), iv, *l));
        }
        let ivs: BTreeSet<Value> = terms.iter().map(|t| t.1).collect();
        if ivs.len() != terms.len()
            || !form
                .terms
                .keys()
                .all(|s| ivs.contains(s) || self.fixed(*s, blocks))
        {
            return false;
        }
        terms.sort_by_key(|t| t.0);
        let mut reach: u64 = 0;
        for (k, &(coef, iv, l)) in terms.iter().enumerate() {
            if coef <= reach {
                return false;
            }
            if k + 1 == terms.len() {
                break;
            }
            let Some(span) = self.span(iv, l) else {
                return false;
            };
            let Some(r) = coef.checked_mul(span).and_then(|x| x.checked_add(reach)) else {
                return false;
            };
            reach = r;
        }
        true
    }

    /// How far apart the values of the induction variable `iv` of loop `l` lie while its body
    /// runs (max − min), when the loop is counted and all of them are known.
    fn span(&self, iv: Value, l: &Loop) -> Option<u64> {
        let (min, max) = self.range(iv, l, None)?;
        u64::try_from(i128::from(max) - i128::from(min)).ok()
    }

    /// The smallest and largest value of the header parameter `iv` of loop `l` seen by an
    /// access in `block` (None: in the body, where the exit value is not seen), when the loop
    /// is counted and all of them are known.
    fn range(&self, iv: Value, l: &Loop, block: Option<Block>) -> Option<(i64, i64)> {
        let ValueDef::Param(_, n) = self.f.values.get(iv.index())?.def else {
            return None;
        };
        let counted = Counted::find(self.f, self.cfg, l)?;
        let bits = self.f.ty(iv).bits();
        let seen = if block == Some(l.header) {
            &counted.states[..]
        } else {
            &counted.states[..counted.trips()]
        };
        let values: Option<Vec<i64>> = seen
            .iter()
            .map(|s| {
                s.get(n as usize)
                    .copied()
                    .flatten()
                    .map(|x| sign_extend(x, bits))
            })
            .collect();
        let values = values?;
        Some((*values.iter().min()?, *values.iter().max()?))
    }

    /// True when control can go from block `from` to block `to` (to `from` itself only
    /// around a cycle): anywhere when `within` is None, else inside that loop without passing
    /// its header again (within one iteration of it).
    fn reaches(&self, from: Block, to: Block, within: Option<&Loop>) -> bool {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(b) = stack.pop() {
            for t in self.f.block(b).term.targets() {
                let next = t.block;
                if within.is_some_and(|l| next == l.header || !l.blocks.contains(&next)) {
                    continue;
                }
                if next == to {
                    return true;
                }
                if seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        false
    }

    /// True when no run executes both blocks (in one iteration of `within`, when given):
    /// they are different and neither reaches the other (proof 3 of the module doc).
    fn exclusive(&self, a: Block, b: Block, within: Option<&Loop>) -> bool {
        a != b && !self.reaches(a, b, within) && !self.reaches(b, a, within)
    }

    /// True when control enters loop `l` only through its header, which is not the entry.
    fn single_entry(&self, l: &Loop) -> bool {
        l.header != self.f.entry()
            && l.blocks
                .iter()
                .all(|b| *b == l.header || self.cfg.preds[b].iter().all(|p| l.blocks.contains(p)))
    }

    /// False when loop `l` is counted and runs its body at most once.
    fn may_repeat(&self, l: &Loop) -> bool {
        Counted::find(self.f, self.cfg, l).is_none_or(|c| c.trips() > 1)
    }

    /// The innermost loop containing both blocks.
    fn innermost_common_loop(&self, a: Block, b: Block) -> Option<&Loop> {
        self.loops
            .iter()
            .filter(|l| l.blocks.contains(&a) && l.blocks.contains(&b))
            .min_by_key(|l| l.blocks.len())
    }

    /// True when, of two accesses with the same form, the first is a load and the second a
    /// store in the same block whose address or data depends on the loaded value.
    fn load_feeds_store(&self, a: &Access, b: &Access) -> bool {
        let (first, second) = if (a.block, a.pos) <= (b.block, b.pos) {
            (a, b)
        } else {
            (b, a)
        };
        if first.block != second.block || first.store || !second.store {
            return false;
        }
        let Some(loaded) = self.f.inst(first.inst).result else {
            return false;
        };
        self.f
            .inst(second.inst)
            .op
            .operands()
            .into_iter()
            .any(|o| self.depends_on(o, loaded, 0))
    }

    fn independent(&self, a: &Access, b: &Access) -> bool {
        if self.exclusive(a.block, b.block, None) {
            return true;
        }
        let blocks = [a.block, b.block];
        let diff = a.form.clone().add(&b.form, -1);
        if diff.terms.is_empty() && diff.k != 0 {
            return a.form.terms.keys().all(|&s| self.fixed(s, &blocks));
        }
        if diff.terms.is_empty() && diff.k == 0 {
            if !self.distinct_across_iterations(&a.form, &blocks) {
                return false;
            }
            let within = self.innermost_common_loop(a.block, b.block);
            return self.exclusive(a.block, b.block, within) || self.load_feeds_store(a, b);
        }
        false
    }
}

/// What the analysis found about the memories' accesses.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MemoryOrdering {
    /// The accesses that may conflict with another, with their memory's index.
    pub ordered: BTreeMap<Inst, u32>,
    /// The memories with a pair that may conflict inside one loop (both accesses in the
    /// same loop body).
    pub conflict_in_loop: BTreeSet<u32>,
    /// Every access of each memory, in program order (reverse post-order of blocks).
    pub accesses: BTreeMap<u32, Vec<Inst>>,
    /// Per memory, the first pair that may conflict (preferring one inside a loop).
    pub example: BTreeMap<u32, (Inst, Inst)>,
    /// Per memory, the headers of the loops containing an ordered access of it whose
    /// iterations need no ordering among themselves ([`carried`]).
    pub independent_iterations: BTreeMap<u32, BTreeSet<Block>>,
    /// Per memory, those of `independent_iterations` where sharing the token across the
    /// iterations pays (see [`carried`]); the lowering builds them for token-ordered memories.
    pub shared_token_loops: BTreeMap<u32, BTreeSet<Block>>,
}

/// Analyzes every memory's accesses (see the module doc).
pub fn analyze(f: &Function, cfg: &Cfg) -> MemoryOrdering {
    let mut inst_block = BTreeMap::new();
    for &b in &cfg.rpo {
        for &i in &f.block(b).insts {
            inst_block.insert(i, b);
        }
    }
    let cx = Ctx {
        f,
        cfg,
        loops: cfg.loops(),
        inst_block,
    };
    let mut per_mem: BTreeMap<u32, Vec<Access>> = BTreeMap::new();
    for &b in &cfg.rpo {
        for (pos, &i) in f.block(b).insts.iter().enumerate() {
            let (m, idx, store) = match &f.inst(i).op {
                Op::Load(m, idx) => (m, idx, false),
                Op::Store(m, idx, _) => (m, idx, true),
                _ => continue,
            };
            let form = match idx.as_slice() {
                [x] => affine(f, *x, 0),
                _ => Affine::symbol(Value(u32::MAX)),
            };
            per_mem.entry(m.0).or_default().push(Access {
                inst: i,
                block: b,
                pos,
                store,
                form,
            });
        }
    }
    let mut out = MemoryOrdering::default();
    for (m, accs) in per_mem {
        let mut marked = BTreeSet::new();
        for (x, a) in accs.iter().enumerate() {
            for b in &accs[x + 1..] {
                if (a.store || b.store) && !cx.independent(a, b) {
                    marked.insert(a.inst);
                    marked.insert(b.inst);
                    let in_loop = cx
                        .loops
                        .iter()
                        .any(|l| l.blocks.contains(&a.block) && l.blocks.contains(&b.block));
                    if in_loop && out.conflict_in_loop.insert(m) {
                        out.example.insert(m, (a.inst, b.inst));
                    }
                    out.example.entry(m).or_insert((a.inst, b.inst));
                }
            }
        }
        let ordered: Vec<&Access> = accs.iter().filter(|a| marked.contains(&a.inst)).collect();
        let free: BTreeSet<Block> = cx
            .loops
            .iter()
            .filter(|l| cx.single_entry(l) && ordered.iter().any(|a| l.blocks.contains(&a.block)))
            .filter(|l| cx.iterations_independent(l, &ordered))
            .map(|l| l.header)
            .collect();
        let shared: BTreeSet<Block> = cx
            .loops
            .iter()
            .filter(|l| free.contains(&l.header) && cx.may_repeat(l))
            .filter(|l| cx.loads_and_stores(l, &ordered))
            .filter(|l| cx.inner_loops_free(l, &ordered, &free))
            .map(|l| l.header)
            .collect();
        if !free.is_empty() {
            out.independent_iterations.insert(m, free);
        }
        if !shared.is_empty() {
            out.shared_token_loops.insert(m, shared);
        }
        out.ordered.extend(marked.into_iter().map(|i| (i, m)));
        out.accesses
            .insert(m, accs.iter().map(|a| a.inst).collect());
    }
    out
}

/// The accesses that must be ordered, with their memory's index.
pub fn ordered_accesses(f: &Function, cfg: &Cfg) -> BTreeMap<Inst, u32> {
    analyze(f, cfg).ordered
}
