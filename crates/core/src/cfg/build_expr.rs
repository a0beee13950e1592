//! Lowering of typed expressions to CFG IR instructions: C conversions, arithmetic,
//! comparisons, short-circuit logic, assignments and calls.

use super::build::Builder;
use super::ir::*;
use crate::front::typed::*;
use crate::front::types::ScalarTy;
use crate::mathlib::MathOp;

/// A resolved assignable place (indices evaluated once).
enum Place {
    Var(Var),
    Elem(Mem, Vec<Value>),
}

impl Builder<'_> {
    /// Lowers an expression evaluated for its effects only.
    pub fn effect(&mut self, e: &TExpr) {
        self.span = Some(e.span);
        match &e.kind {
            TExprKind::Call(f, args, _) => {
                self.call(*f, args, None);
            }
            TExprKind::Placeholder(name, args, ret) => {
                self.placeholder(name, args, *ret);
            }
            TExprKind::Builtin(Builtin::Srand, args) => {
                self.builtin(Builtin::Srand, args, Type::I32);
            }
            TExprKind::Comma(a, b) => {
                self.effect(a);
                self.effect(b);
            }
            _ => {
                self.value(e);
            }
        }
    }

    /// Lowers an expression to a value of its type.
    pub fn value(&mut self, e: &TExpr) -> Value {
        self.span = Some(e.span);
        let ty = Type::of(e.ty);
        match &e.kind {
            TExprKind::Const(c) => self.konst(super::build::const_of(*c, e.ty), ty),
            TExprKind::Local(l) => {
                let var = self.var_of(*l);
                self.val(Op::ReadVar(var), ty)
            }
            TExprKind::Load(a, idx) => {
                let m = self.mem_of(*a);
                let idx = idx.iter().map(|i| self.value(i)).collect();
                self.span = Some(e.span);
                self.val(Op::Load(m, idx), ty)
            }
            TExprKind::Neg(a) => {
                let v = self.value(a);
                self.span = Some(e.span);
                if e.ty.is_float() {
                    self.val(Op::Un(UnOp::NegF, v), ty)
                } else {
                    let z = self.konst(Const::Int(0), ty);
                    self.val(Op::Bin(BinOp::SubI, z, v), ty)
                }
            }
            TExprKind::BitNot(a) => {
                let v = self.value(a);
                self.span = Some(e.span);
                let ones = self.konst(Const::int(-1, ty), ty);
                self.val(Op::Bin(BinOp::XOrI, v, ones), ty)
            }
            TExprKind::Not(_) | TExprKind::Compare(..) | TExprKind::Logical(..) => {
                let c = self.cond(e);
                self.val(Op::Cast(CastOp::ExtUI, c), ty)
            }
            TExprKind::Arith(op, a, b) => {
                let (x, y) = (self.value(a), self.value(b));
                self.span = Some(e.span);
                self.arith(*op, e.ty, x, y)
            }
            TExprKind::Cond(c, a, b) => self.select_or_branch(c, a, b, ty),
            TExprKind::Convert(a) => {
                let v = self.value(a);
                self.span = Some(e.span);
                self.convert(v, a.ty, e.ty)
            }
            TExprKind::Assign(target, v) => {
                let place = self.place(target);
                let x = self.value(v);
                self.span = Some(e.span);
                self.write(&place, x);
                x
            }
            TExprKind::CompoundAssign {
                target,
                op,
                op_ty,
                rhs,
            } => {
                let place = self.place(target);
                let old = self.read(&place, ty);
                let r = self.value(rhs);
                self.span = Some(e.span);
                let wide = self.convert(old, e.ty, *op_ty);
                let res = self.arith(*op, *op_ty, wide, r);
                let new = self.convert(res, *op_ty, e.ty);
                self.write(&place, new);
                new
            }
            TExprKind::IncDec {
                target,
                inc,
                prefix,
            } => {
                let place = self.place(target);
                let old = self.read(&place, ty);
                let op_ty = e.ty.promote();
                let wide = self.convert(old, e.ty, op_ty);
                let one = if op_ty.is_float() {
                    self.konst(Const::float(1.0, Type::of(op_ty)), Type::of(op_ty))
                } else {
                    self.konst(Const::Int(1), Type::of(op_ty))
                };
                let op = if *inc { ArithOp::Add } else { ArithOp::Sub };
                let res = self.arith(op, op_ty, wide, one);
                let new = self.convert(res, op_ty, e.ty);
                self.write(&place, new);
                if *prefix {
                    new
                } else {
                    old
                }
            }
            TExprKind::Call(f, args, _) => match self.call(*f, args, Some(ty)) {
                Some(v) => v,
                None => self.val(Op::Undef, ty),
            },
            TExprKind::Placeholder(name, args, ret) => match self.placeholder(name, args, *ret) {
                Some(v) => v,
                None => self.val(Op::Undef, ty),
            },
            TExprKind::Builtin(b, args) => self.builtin(*b, args, ty),
            TExprKind::Comma(a, b) => {
                self.effect(a);
                self.value(b)
            }
        }
    }

    fn builtin(&mut self, b: Builtin, args: &[TExpr], ty: Type) -> Value {
        let span = self.span;
        let args: Vec<Value> = args.iter().map(|a| self.value(a)).collect();
        self.span = span;
        match b {
            Builtin::Rand => self.val(Op::Call(Callee::Rand, Vec::new()), ty),
            Builtin::Srand => {
                self.emit(Op::Call(Callee::Srand, vec![Arg::Value(args[0])]), None);
                self.konst(Const::Int(0), ty)
            }
            Builtin::Abs => {
                let v = args[0];
                let z = self.konst(Const::Int(0), ty);
                let neg = self.val(Op::Cmp(CmpPred::Slt, v, z), Type::I1);
                let minus = self.val(Op::Bin(BinOp::SubI, z, v), ty);
                self.val(Op::Select(neg, minus, v), ty)
            }
            Builtin::Math(f) => match f.op {
                MathOp::Fabs => self.val(Op::Un(UnOp::AbsF, args[0]), ty),
                MathOp::Fmin => self.min_max(CmpPred::Ole, args[0], args[1], ty),
                MathOp::Fmax => self.min_max(CmpPred::Oge, args[0], args[1], ty),
                _ => {
                    let args = args.into_iter().map(Arg::Value).collect();
                    self.val(Op::Call(Callee::Math(f), args), ty)
                }
            },
        }
    }

    /// glibc's `fmin` (`pred` = `ole`) or `fmax` (`oge`): `x pred y || y != y ? x : y`, so the
    /// non-NaN operand wins and `x` wins ties (`fmax(-0.0, 0.0)` is `-0.0`).
    fn min_max(&mut self, pred: CmpPred, x: Value, y: Value, ty: Type) -> Value {
        let keep = self.val(Op::Cmp(pred, x, y), Type::I1);
        let y_nan = self.val(Op::Cmp(CmpPred::Une, y, y), Type::I1);
        let take_x = self.val(Op::Bin(BinOp::OrI, keep, y_nan), Type::I1);
        self.val(Op::Select(take_x, x, y), ty)
    }

    fn call(&mut self, f: FuncId, args: &[TArg], ty: Option<Type>) -> Option<Value> {
        if f != self.prog.kernel {
            return self.inline(f, args);
        }
        let span = self.span;
        let mut ir_args = Vec::new();
        for a in args {
            ir_args.push(match a {
                TArg::Value(e) => Arg::Value(self.value(e)),
                TArg::Array(r) => Arg::Mem(self.mem_of(*r)),
            });
        }
        self.span = span;
        let name = self.prog.funcs[f as usize].name.clone();
        let ret = self.prog.funcs[f as usize].ret.map(Type::of);
        let r = self.emit(Op::Call(Callee::Func(name), ir_args), ret);
        r.or_else(|| ty.map(|t| self.val(Op::Undef, t)))
    }

    fn placeholder(&mut self, name: &str, args: &[TExpr], ret: Option<ScalarTy>) -> Option<Value> {
        let span = self.span;
        let vals: Vec<Arg> = args.iter().map(|a| Arg::Value(self.value(a))).collect();
        self.span = span;
        self.emit(
            Op::Call(Callee::Placeholder(name.to_string()), vals),
            ret.map(Type::of),
        )
    }

    /// `c ? a : b`: a `select` when both arms are cheap and have no effects, else branches.
    fn select_or_branch(&mut self, c: &TExpr, a: &TExpr, b: &TExpr, ty: Type) -> Value {
        if speculable(a) && speculable(b) {
            let cv = self.cond(c);
            let (x, y) = (self.value(a), self.value(b));
            return self.val(Op::Select(cv, x, y), ty);
        }
        let (tb, eb, join) = (self.f.new_block(), self.f.new_block(), self.f.new_block());
        let r = self.f.add_param(join, ty);
        self.branch_on(c, tb, eb);
        self.cur = tb;
        let x = self.value(a);
        self.br(join, vec![x]);
        self.cur = eb;
        let y = self.value(b);
        self.br(join, vec![y]);
        self.cur = join;
        r
    }

    /// Lowers a condition to an `i1`.
    pub fn cond(&mut self, e: &TExpr) -> Value {
        self.span = Some(e.span);
        match &e.kind {
            TExprKind::Compare(op, a, b) => {
                let (x, y) = (self.value(a), self.value(b));
                self.span = Some(e.span);
                let pred = cmp_pred(*op, a.ty);
                self.val(Op::Cmp(pred, x, y), Type::I1)
            }
            TExprKind::Not(a) => {
                let c = self.cond(a);
                let t = self.konst(Const::Int(1), Type::I1);
                self.val(Op::Bin(BinOp::XOrI, c, t), Type::I1)
            }
            TExprKind::Logical(..) => {
                let (tb, eb, join) = (self.f.new_block(), self.f.new_block(), self.f.new_block());
                let r = self.f.add_param(join, Type::I1);
                self.branch_on(e, tb, eb);
                self.cur = tb;
                let one = self.konst(Const::Int(1), Type::I1);
                self.br(join, vec![one]);
                self.cur = eb;
                let zero = self.konst(Const::Int(0), Type::I1);
                self.br(join, vec![zero]);
                self.cur = join;
                r
            }
            _ => {
                let v = self.value(e);
                self.truth(v, e.ty)
            }
        }
    }

    /// Branches to `t` when `e` is true and to `f` otherwise, short-circuiting `&&`/`||`.
    pub fn branch_on(&mut self, e: &TExpr, t: Block, f: Block) {
        match &e.kind {
            TExprKind::Logical(and, a, b) => {
                let mid = self.f.new_block();
                if *and {
                    self.branch_on(a, mid, f);
                } else {
                    self.branch_on(a, t, mid);
                }
                self.cur = mid;
                self.branch_on(b, t, f);
            }
            TExprKind::Not(a) => self.branch_on(a, f, t),
            _ => {
                let c = self.cond(e);
                self.span = Some(e.span);
                self.cond_br(c, t, f);
            }
        }
    }

    fn truth(&mut self, v: Value, from: ScalarTy) -> Value {
        let ty = Type::of(from);
        if from == ScalarTy::Bool {
            return v;
        }
        if from.is_float() {
            let z = self.konst(Const::float(0.0, ty), ty);
            self.val(Op::Cmp(CmpPred::Une, v, z), Type::I1)
        } else {
            let z = self.konst(Const::Int(0), ty);
            self.val(Op::Cmp(CmpPred::Ne, v, z), Type::I1)
        }
    }

    /// Converts `v` from C type `from` to C type `to`.
    pub fn convert(&mut self, v: Value, from: ScalarTy, to: ScalarTy) -> Value {
        let (ft, tt) = (Type::of(from), Type::of(to));
        if from == to || (ft == tt && to != ScalarTy::Bool) {
            return v;
        }
        if to == ScalarTy::Bool {
            return self.truth(v, from);
        }
        let op = match (from.is_float(), to.is_float()) {
            (false, false) if tt.bits() > ft.bits() => {
                if from.is_signed() {
                    CastOp::ExtSI
                } else {
                    CastOp::ExtUI
                }
            }
            (false, false) => CastOp::TruncI,
            (false, true) => {
                if from.is_signed() {
                    CastOp::SIToFP
                } else {
                    CastOp::UIToFP
                }
            }
            (true, false) => {
                if to.is_signed() {
                    CastOp::FPToSI
                } else {
                    CastOp::FPToUI
                }
            }
            (true, true) if tt.bits() > ft.bits() => CastOp::ExtF,
            (true, true) => CastOp::TruncF,
        };
        self.val(Op::Cast(op, v), tt)
    }

    fn arith(&mut self, op: ArithOp, t: ScalarTy, x: Value, y: Value) -> Value {
        let s = t.is_signed();
        let bop = if t.is_float() {
            match op {
                ArithOp::Add => BinOp::AddF,
                ArithOp::Sub => BinOp::SubF,
                ArithOp::Mul => BinOp::MulF,
                _ => BinOp::DivF,
            }
        } else {
            match op {
                ArithOp::Add => BinOp::AddI,
                ArithOp::Sub => BinOp::SubI,
                ArithOp::Mul => BinOp::MulI,
                ArithOp::Div if s => BinOp::DivSI,
                ArithOp::Div => BinOp::DivUI,
                ArithOp::Rem if s => BinOp::RemSI,
                ArithOp::Rem => BinOp::RemUI,
                ArithOp::Shl => BinOp::ShLI,
                ArithOp::Shr if s => BinOp::ShRSI,
                ArithOp::Shr => BinOp::ShRUI,
                ArithOp::And => BinOp::AndI,
                ArithOp::Or => BinOp::OrI,
                ArithOp::Xor => BinOp::XOrI,
            }
        };
        self.val(Op::Bin(bop, x, y), Type::of(t))
    }

    fn place(&mut self, lv: &LValue) -> Place {
        match lv {
            LValue::Local(l) => Place::Var(self.var_of(*l)),
            LValue::Elem(a, idx) => {
                let m = self.mem_of(*a);
                Place::Elem(m, idx.iter().map(|i| self.value(i)).collect())
            }
        }
    }

    fn read(&mut self, p: &Place, ty: Type) -> Value {
        match p {
            Place::Var(v) => self.val(Op::ReadVar(*v), ty),
            Place::Elem(m, idx) => self.val(Op::Load(*m, idx.clone()), ty),
        }
    }

    fn write(&mut self, p: &Place, x: Value) {
        match p {
            Place::Var(v) => self.emit(Op::WriteVar(*v, x), None),
            Place::Elem(m, idx) => self.emit(Op::Store(*m, idx.clone(), x), None),
        };
    }
}

/// The IR predicate of a C comparison on operands of type `t`.
fn cmp_pred(op: CmpOp, t: ScalarTy) -> CmpPred {
    use CmpPred as P;
    if t.is_float() {
        return match op {
            CmpOp::Lt => P::Olt,
            CmpOp::Gt => P::Ogt,
            CmpOp::Le => P::Ole,
            CmpOp::Ge => P::Oge,
            CmpOp::Eq => P::Oeq,
            CmpOp::Ne => P::Une,
        };
    }
    let s = t.is_signed();
    match op {
        CmpOp::Lt if s => P::Slt,
        CmpOp::Lt => P::Ult,
        CmpOp::Gt if s => P::Sgt,
        CmpOp::Gt => P::Ugt,
        CmpOp::Le if s => P::Sle,
        CmpOp::Le => P::Ule,
        CmpOp::Ge if s => P::Sge,
        CmpOp::Ge => P::Uge,
        CmpOp::Eq => P::Eq,
        CmpOp::Ne => P::Ne,
    }
}

/// True when evaluating `e` unconditionally is safe and cheap (no effects, no loads, no
/// division, small).
fn speculable(e: &TExpr) -> bool {
    fn size(e: &TExpr, budget: &mut i32) -> bool {
        *budget -= 1;
        if *budget < 0 {
            return false;
        }
        match &e.kind {
            TExprKind::Const(_) | TExprKind::Local(_) => true,
            TExprKind::Neg(a)
            | TExprKind::BitNot(a)
            | TExprKind::Convert(a)
            | TExprKind::Not(a) => size(a, budget),
            TExprKind::Arith(op, a, b) => {
                !matches!(op, ArithOp::Div | ArithOp::Rem) && size(a, budget) && size(b, budget)
            }
            TExprKind::Compare(_, a, b) => size(a, budget) && size(b, budget),
            _ => false,
        }
    }
    size(e, &mut 8)
}
