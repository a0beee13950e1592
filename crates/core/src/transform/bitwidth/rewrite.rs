//! The rewriting of the bitwidth optimization: every value gets the width of its [`Need`],
//! every unit a width that keeps its semantics (see the rules in [`super`]), and a conversion
//! joins each use whose width differs from its value's.
//!
//! Steps: (1) the need of every value from its producer's class; (2) the width each unit
//! computes at; (3) result types (and constant values) set, with a `trunci` after a unit that
//! computes wider than its result needs; (4) each operand converted to the width its unit
//! reads it at (`trunci` to drop high bits, `extsi` to rebuild them, a new constant for a
//! constant); (5) the original `extsi`/`extui`/`trunci` units replaced by the conversions
//! their narrowed operand and result call for (none when the widths agree).
//!
//! Invariant: conversions and units only ever produce the low bits of the value the
//! original unit computed (see [`super`]), so outputs are unchanged; the interface (arguments,
//! results, memory data, controller control ports, instances) keeps its types.

use super::interval::Interval;
use super::{int_width, Analysis, Need};
use crate::bits::{mask, sign_extend};
use crate::handshake::{Attr, BinOp, CastOp, Func, OpId, OpKind, Type, UnOp, ValueId};

/// How a unit is narrowed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Class {
    /// Keeps the types of its operands and results.
    Fixed,
    /// Reads its operands at any width (`sink`, `join`).
    Any,
    /// Computes at its result's width from its operands' low bits.
    LowBits,
    /// `shli`: low bits, with room for the shift amount.
    ShiftLeft,
    /// Computes exactly at a width holding every operand's and the result's range.
    Exact,
    /// Passes values through; `first_fixed`: operand 0 is a select or condition.
    Pass { first_fixed: bool },
    /// An integer constant.
    Constant,
    /// An integer conversion of `operand` (replaced by the conversions its new widths call
    /// for).
    Cast {
        /// The conversion.
        op: CastOp,
        /// Its operand before the rewriting.
        operand: ValueId,
    },
    /// A load or store whose address becomes this wide.
    Access(u32),
    /// A memory controller whose address ports become narrower.
    Controller,
}

fn classify(f: &Func, id: OpId, a: &Analysis) -> Class {
    let Some(op) = f.op(id) else {
        return Class::Fixed;
    };
    let int_operands = op.operands.iter().all(|&v| int_width(f, v).is_some());
    let int_results = op.results.iter().all(|&v| int_width(f, v).is_some());
    match &op.kind {
        OpKind::Bin(b) if int_operands && int_results => match b {
            BinOp::AddI | BinOp::SubI | BinOp::MulI | BinOp::AndI | BinOp::OrI | BinOp::XorI => {
                Class::LowBits
            }
            BinOp::ShlI => Class::ShiftLeft,
            _ => Class::Exact,
        },
        OpKind::Un(UnOp::NotI) if int_operands && int_results => Class::LowBits,
        OpKind::Un(UnOp::AbsI) if int_operands && int_results => Class::Exact,
        OpKind::CmpI(_) if int_operands => Class::Exact,
        OpKind::Cast(c @ (CastOp::ExtSI | CastOp::ExtUI | CastOp::TruncI))
            if int_operands && int_results && op.operands.len() == 1 =>
        {
            Class::Cast {
                op: *c,
                operand: op.operands[0],
            }
        }
        OpKind::Constant {
            value: Attr::Int { .. },
        } if int_results => Class::Constant,
        OpKind::Fork | OpKind::LazyFork | OpKind::Br | OpKind::Buffer(_) | OpKind::Merge => {
            Class::Pass { first_fixed: false }
        }
        OpKind::Mux | OpKind::CondBr | OpKind::Select => Class::Pass { first_fixed: true },
        OpKind::Load | OpKind::Store => match a.addresses.ports.get(&(id, 0)) {
            Some(&w) => Class::Access(w),
            None => Class::Fixed,
        },
        OpKind::MemController { .. } | OpKind::Lsq { .. } => Class::Controller,
        OpKind::Sink | OpKind::Join => Class::Any,
        _ => Class::Fixed,
    }
}

pub(super) struct Rewriter<'a> {
    a: &'a Analysis,
    /// The width of every integer channel before the rewriting.
    orig: Vec<Option<u32>>,
    /// The need of every integer channel.
    pub(super) need: Vec<Option<Need>>,
}

/// Narrows `f` given its analyses.
pub fn rewrite(f: &mut Func, a: &Analysis) {
    let orig: Vec<Option<u32>> = (0..f.num_values())
        .map(|v| int_width(f, ValueId(v as u32)))
        .collect();
    let ids: Vec<OpId> = f.op_ids().to_vec();
    let classes: Vec<(OpId, Class)> = ids.iter().map(|&id| (id, classify(f, id, a))).collect();
    let mut r = Rewriter {
        a,
        need: vec![None; orig.len()],
        orig,
    };
    r.needs(f, &classes);
    super::coalesce::run(&mut r, f, &classes);
    let widths: Vec<Option<u32>> = classes
        .iter()
        .map(|&(id, class)| r.op_width(f, id, class))
        .collect();
    for (&(id, class), &w) in classes.iter().zip(&widths) {
        r.set_results(f, id, class, w);
    }
    r.orig.resize(f.num_values(), None);
    r.need.resize(f.num_values(), None);
    for (&(id, class), &w) in classes.iter().zip(&widths) {
        r.convert_operands(f, id, class, w);
    }
    for &(id, class) in &classes {
        if let Class::Cast { op, operand } = class {
            r.replace_cast(f, id, op, operand);
        }
    }
}

impl Rewriter<'_> {
    fn orig(&self, v: ValueId) -> Option<u32> {
        self.orig.get(v.0 as usize).copied().flatten()
    }

    pub(super) fn need(&self, v: ValueId) -> Option<Need> {
        self.need.get(v.0 as usize).copied().flatten()
    }

    fn range(&self, v: ValueId) -> Interval {
        self.a.range(v, self.orig(v).unwrap_or(64))
    }

    /// Step 1: the need of every integer channel.
    fn needs(&mut self, f: &Func, classes: &[(OpId, Class)]) {
        for &arg in &f.args {
            if let Some(w) = self.orig(arg) {
                self.need[arg.0 as usize] = Some(Need::fixed(w));
            }
        }
        for &(id, class) in classes {
            let results: Vec<ValueId> = f
                .results(id)
                .iter()
                .copied()
                .filter(|&v| self.orig(v).is_some())
                .collect();
            let narrowable = matches!(
                class,
                Class::LowBits
                    | Class::ShiftLeft
                    | Class::Exact
                    | Class::Pass { .. }
                    | Class::Constant
                    | Class::Cast { .. }
            );
            // Units whose results share one type share one need.
            let joint = results
                .iter()
                .map(|&v| (self.range(v), self.a.demand(v), self.orig(v).unwrap_or(64)))
                .reduce(|(r1, d1, w1), (r2, d2, w2)| (r1.join(r2), d1.max(d2), w1.max(w2)));
            // Address paths carry exactly the address width (shared by a unit's results).
            let path = results
                .iter()
                .find_map(|v| self.a.addresses.paths.get(v).copied())
                .filter(|_| matches!(class, Class::Pass { .. } | Class::Access(_)));
            for (k, &v) in results.iter().enumerate() {
                let w = self.orig(v).unwrap_or(64);
                let need = match class {
                    Class::Access(bits) if f.results(id).first() == Some(&v) => Need {
                        width: bits,
                        exact: self.range(v).signed_width() <= bits,
                    },
                    Class::Pass { .. } if path.is_some() => {
                        let bits = path.unwrap_or(w);
                        Need {
                            width: bits,
                            exact: self.range(v).signed_width() <= bits,
                        }
                    }
                    Class::Exact if f.op(id).is_some_and(|o| matches!(o.kind, OpKind::CmpI(_))) => {
                        Need::fixed(w)
                    }
                    _ if narrowable && k == 0 || matches!(class, Class::Pass { .. }) => {
                        let (r, d, cap) = joint.unwrap_or((self.range(v), 0, w));
                        self.inherit(f, id, Need::of(r, d, cap))
                    }
                    _ => Need::fixed(w),
                };
                self.need[v.0 as usize] = Some(need);
            }
        }
    }

    /// `need`, or the need of the one value a branch, fork or buffer passes on when that is
    /// exact and at most [`super::coalesce::MAX_GROWTH`] bits wider: a value that leaves a
    /// loop's header keeps its width through the loop body (no truncation on the way in and
    /// extension on the way back to the header).
    fn inherit(&self, f: &Func, id: OpId, need: Need) -> Need {
        let input = match f.op(id).map(|o| &o.kind) {
            Some(OpKind::Fork | OpKind::LazyFork | OpKind::Br | OpKind::Buffer(_)) => 0,
            Some(OpKind::CondBr) => 1,
            _ => return need,
        };
        match f.operands(id).get(input).and_then(|&x| self.need(x)) {
            Some(n)
                if n.exact
                    && n.width > need.width
                    && n.width - need.width <= super::coalesce::MAX_GROWTH =>
            {
                n
            }
            _ => need,
        }
    }

    /// Step 2: the width unit `id` computes at (`None`: it keeps its types).
    pub(super) fn op_width(&self, f: &Func, id: OpId, class: Class) -> Option<u32> {
        let op = f.op(id)?;
        let result = op.results.first().and_then(|&v| self.need(v));
        match class {
            Class::LowBits | Class::Constant | Class::Pass { .. } => result.map(|n| n.width),
            Class::ShiftLeft => {
                let orig = self.orig(*op.results.first()?)?;
                let need = result?.width;
                let amount = shift_bound(self.range(*op.operands.get(1)?), orig);
                Some(amount.map_or(orig, |b| need.max(b)))
            }
            Class::Exact => {
                let orig = self.orig(*op.operands.first()?)?;
                let ins: Vec<Interval> = op.operands.iter().map(|&v| self.range(v)).collect();
                let res = op
                    .results
                    .first()
                    .filter(|_| !matches!(op.kind, OpKind::CmpI(_)))
                    .map(|&v| (self.range(v), self.need(v).map_or(orig, |n| n.width)));
                let actual = op
                    .operands
                    .iter()
                    .filter_map(|&v| self.need(v))
                    .map(|n| n.width);
                let w = exact_width(&op.kind, &ins, res.map(|r| r.0), orig)
                    .max(res.map_or(1, |r| r.1))
                    .max(actual.max().unwrap_or(1));
                Some(w.min(orig))
            }
            Class::Access(bits) => Some(bits),
            Class::Fixed | Class::Any | Class::Cast { .. } | Class::Controller => None,
        }
    }

    /// Step 3: result types (and constant values) at the unit's width, and a truncation
    /// after a unit that computes wider than its result needs.
    fn set_results(&mut self, f: &mut Func, id: OpId, class: Class, w: Option<u32>) {
        let results = f.results(id).to_vec();
        match (class, w) {
            (Class::Cast { .. }, _) => {
                for &v in &results {
                    if let Some(n) = self.need(v) {
                        set_width(f, v, n.width);
                    }
                }
            }
            (Class::Access(_), Some(w)) => {
                if let Some(&v) = results.first() {
                    set_width(f, v, w);
                }
            }
            (Class::Controller, _) => {
                // A queue's channels to the controller beside it carry addresses.
                for &v in &results {
                    if let Some(&bits) = self.a.addresses.paths.get(&v) {
                        set_width(f, v, bits);
                    }
                }
            }
            (Class::Exact, _) if f.op(id).is_some_and(|o| matches!(o.kind, OpKind::CmpI(_))) => {}
            (
                Class::LowBits
                | Class::ShiftLeft
                | Class::Exact
                | Class::Pass { .. }
                | Class::Constant,
                Some(w),
            ) => {
                let ints: Vec<ValueId> = results
                    .iter()
                    .copied()
                    .filter(|&v| self.orig(v).is_some())
                    .collect();
                for v in ints {
                    set_width(f, v, w);
                    if let Some(n) = self.need(v).filter(|n| n.width < w) {
                        let next = after(f, id);
                        let bb = f.op(id).and_then(|o| o.bb);
                        let t = insert_cast(f, v, CastOp::TruncI, n.width, next, bb);
                        if let Some(&out) = f.results(t).first() {
                            f.replace_all_uses(v, out);
                            f.set_operand(t, 0, v);
                            // The truncation stands for the value from now on.
                            let slot = out.0 as usize;
                            self.orig.resize(slot + 1, None);
                            self.need.resize(slot + 1, None);
                            self.orig[slot] = self.orig(v);
                            self.need[slot] = Some(n);
                        }
                    }
                }
                if class == Class::Constant {
                    let orig = results.first().and_then(|&v| self.orig(v));
                    if let (Some(op), Some(o)) = (f.op_mut(id), orig) {
                        if let OpKind::Constant {
                            value: Attr::Int { value, .. },
                        } = &op.kind
                        {
                            let narrow = sign_extend((*value as u64) & mask(o), w);
                            op.kind = OpKind::Constant {
                                value: Attr::int(narrow, w),
                            };
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Step 4: converts each operand of `id` to the width the unit reads it at.
    fn convert_operands(&self, f: &mut Func, id: OpId, class: Class, w: Option<u32>) {
        let operands = f.operands(id).to_vec();
        let bb = f.op(id).and_then(|o| o.bb);
        for (i, &v) in operands.iter().enumerate() {
            let target = self.use_width(id, class, w, i, v);
            let (Some(target), Some(actual)) = (target, int_width(f, v)) else {
                continue;
            };
            if target != actual {
                let kind = if target < actual {
                    CastOp::TruncI
                } else {
                    CastOp::ExtSI
                };
                let producer_bb = f.defining_op(v).and_then(|p| f.op(p)).and_then(|o| o.bb);
                let c = cast(f, v, kind, target, id, bb.or(producer_bb));
                f.set_operand(id, i, c);
            }
        }
    }

    /// The width unit `id` (of `class`, computing at `w`) reads its operand `i`, `v`, at
    /// (`None`: as it is, or `v` is not an integer channel).
    pub(super) fn use_width(
        &self,
        id: OpId,
        class: Class,
        w: Option<u32>,
        i: usize,
        v: ValueId,
    ) -> Option<u32> {
        let orig = self.orig(v)?;
        match class {
            Class::Any | Class::Cast { .. } | Class::Constant => None,
            Class::Fixed => Some(orig),
            Class::LowBits | Class::ShiftLeft | Class::Exact => w,
            Class::Pass { first_fixed } if first_fixed && i == 0 => Some(orig),
            Class::Pass { .. } => w,
            Class::Access(bits) if i == 0 => Some(bits),
            Class::Access(_) => Some(orig),
            Class::Controller => Some(*self.a.addresses.ports.get(&(id, i)).unwrap_or(&orig)),
        }
    }

    /// Whether `v` is on a path from a memory access to its controller.
    pub(super) fn on_address_path(&self, v: ValueId) -> bool {
        self.a.addresses.paths.contains_key(&v)
    }

    /// Step 5: replaces an original conversion by the conversions from its narrowed operand
    /// to its narrowed result (none when they have the same width).
    fn replace_cast(&self, f: &mut Func, id: OpId, c: CastOp, operand: ValueId) {
        let (Some(&x), Some(&res)) = (f.operands(id).first(), f.results(id).first()) else {
            return;
        };
        let (Some(k), Some(k0), Some(target)) = (
            int_width(f, x),
            self.orig(operand),
            self.need(res).map(|n| n.width),
        ) else {
            return;
        };
        let bb = f.op(id).and_then(|o| o.bb);
        let new = if k == target {
            x
        } else if k > target {
            cast(f, x, CastOp::TruncI, target, id, bb)
        } else if c == CastOp::ExtUI && k == k0 {
            cast(f, x, CastOp::ExtUI, target, id, bb)
        } else if c == CastOp::ExtUI && target > k0 && !self.range(operand).non_negative() {
            // zext(sext(x)) of a narrowed x that may be negative: rebuild the original
            // operand, then zero-extend it.
            let wide = cast(f, x, CastOp::ExtSI, k0, id, bb);
            cast(f, wide, CastOp::ExtUI, target, id, bb)
        } else {
            cast(f, x, CastOp::ExtSI, target, id, bb)
        };
        f.replace_all_uses(res, new);
        f.erase_op(id);
    }
}

/// The width an exact unit must compute at so that its result equals the wide one: every
/// operand and the result fit it as signed values (sign extension keeps both the signed and
/// the unsigned order, so comparisons of either kind agree); unsigned divisions and right
/// shifts of possibly negative values, and shifts by amounts that may reach the width, keep
/// `orig`.
fn exact_width(kind: &OpKind, ins: &[Interval], res: Option<Interval>, orig: u32) -> u32 {
    let signed = ins
        .iter()
        .chain(&res)
        .map(|r| r.signed_width())
        .max()
        .unwrap_or(orig);
    let all_non_negative = ins.iter().all(|r| r.non_negative());
    let amount = || ins.get(1).and_then(|&b| shift_bound(b, orig));
    let w = match kind {
        OpKind::Bin(BinOp::DivUI) if !all_non_negative => orig,
        OpKind::Bin(BinOp::ShrUI) if !ins.first().is_some_and(|a| a.non_negative()) => orig,
        OpKind::Bin(BinOp::ShrSI | BinOp::ShrUI) => amount().map_or(orig, |b| signed.max(b)),
        _ => signed,
    };
    w.min(orig)
}

/// The width that keeps a shift amount in `b` below it (`None` when the amount may reach
/// `orig` or be negative, where the hardware takes it modulo the width).
fn shift_bound(b: Interval, orig: u32) -> Option<u32> {
    (b.lo >= 0 && b.hi < i128::from(orig)).then(|| b.hi as u32 + 1)
}

/// The op after `id` in program order (an unknown id, meaning the end, if it is last).
fn after(f: &Func, id: OpId) -> OpId {
    let order = f.op_ids();
    order
        .iter()
        .position(|&o| o == id)
        .and_then(|p| order.get(p + 1).copied())
        .unwrap_or(OpId(u32::MAX))
}

/// Sets the data width of an integer channel (its extra signals unchanged).
fn set_width(f: &mut Func, v: ValueId, w: u32) {
    if let Some(value) = f.value_mut(v) {
        value.ty = with_width(&value.ty, w);
    }
}

fn with_width(t: &Type, w: u32) -> Type {
    match t {
        Type::Channel { extras, .. } => Type::Channel {
            data: crate::handshake::RawType::Int(w),
            extras: extras.clone(),
        },
        other => other.clone(),
    }
}

/// `v` converted by `c` to `to` bits, placed before `anchor` in block `bb`: a new constant
/// when `v` is an integer constant, else a new conversion unit.
pub(super) fn cast(
    f: &mut Func,
    v: ValueId,
    c: CastOp,
    to: u32,
    anchor: OpId,
    bb: Option<u32>,
) -> ValueId {
    let Some(ty) = f.ty(v).map(|t| with_width(t, to)) else {
        return v;
    };
    let from = int_width(f, v).unwrap_or(to);
    let constant = f
        .defining_op(v)
        .and_then(|d| f.op(d))
        .and_then(|o| match o.kind {
            OpKind::Constant {
                value: Attr::Int { value, .. },
            } => Some((value, *o.operands.first()?, o.bb)),
            _ => None,
        });
    let (id, prefix) = match constant {
        Some((value, trigger, cbb)) => {
            let bits = (value as u64) & mask(from);
            let wide = match c {
                CastOp::ExtSI => sign_extend(bits, from) as u64,
                _ => bits,
            };
            let kind = OpKind::Constant {
                value: Attr::int(sign_extend(wide & mask(to), to), to),
            };
            let id = f.insert_op_before(anchor, kind, vec![trigger], vec![ty]);
            (id, ("constant", cbb))
        }
        None => {
            let id = insert_cast(f, v, c, to, anchor, bb);
            return f.result(id, 0).unwrap_or(v);
        }
    };
    name(f, id, prefix.0, prefix.1);
    f.result(id, 0).unwrap_or(v)
}

/// A new conversion unit `c` of `v` to `to` bits, placed before `anchor` in block `bb`.
fn insert_cast(
    f: &mut Func,
    v: ValueId,
    c: CastOp,
    to: u32,
    anchor: OpId,
    bb: Option<u32>,
) -> OpId {
    let ty = f.ty(v).map_or_else(Type::control, |t| with_width(t, to));
    let id = f.insert_op_before(anchor, OpKind::Cast(c), vec![v], vec![ty]);
    name(f, id, c.as_str(), bb);
    id
}

/// Gives a new unit its block and a fresh name.
fn name(f: &mut Func, id: OpId, prefix: &str, bb: Option<u32>) {
    let name = f.unique_op_name(prefix);
    if let Some(op) = f.op_mut(id) {
        op.bb = bb;
        op.name = Some(name);
    }
}
