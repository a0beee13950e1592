//! Type checking of expressions: name resolution, the usual arithmetic conversions, lvalues,
//! array indexing, and calls (helpers, built-ins, placeholders).

use super::ast::*;
use super::sema::{const_expr, convert, Checker, Sym};
use super::typed::*;
use super::types::{CType, ScalarTy};
use crate::diag::Span;
use crate::mathlib::MathFn;

fn mk(kind: TExprKind, ty: ScalarTy, span: Span) -> TExpr {
    TExpr { kind, ty, span }
}

fn bx(e: TExpr) -> Box<TExpr> {
    Box::new(e)
}

/// Functions that exist in C libraries but not in the subset, with advice.
fn unsupported_library(name: &str) -> Option<&'static str> {
    Some(match name {
        "malloc" | "calloc" | "realloc" | "free" | "alloca" => {
            "dynamic allocation is not supported; use fixed-size arrays"
        }
        "scanf" | "getchar" | "fopen" => {
            "input is not supported; prepare the inputs in `main` (with `rand()` if needed)"
        }
        "exit" | "abort" => "ending the program early is not supported; return from `main`",
        _ => return None,
    })
}

impl Checker<'_> {
    /// An expression whose value is used.
    pub(super) fn value(&mut self, e: &Expr) -> Option<TExpr> {
        let t = self.expr(e)?;
        if matches!(
            t.kind,
            TExprKind::Call(_, _, None) | TExprKind::Placeholder(_, _, None)
        ) || matches!(t.kind, TExprKind::Builtin(Builtin::Srand, _))
        {
            self.error(e.span, "a `void` function call has no value");
            return None;
        }
        Some(t)
    }

    /// A condition (any scalar).
    pub(super) fn cond(&mut self, e: &Expr) -> Option<TExpr> {
        self.value(e)
    }

    /// An expression evaluated for its effects (void calls allowed).
    pub(super) fn expr_effect(&mut self, e: &Expr) -> Option<TExpr> {
        self.expr(e)
    }

    fn expr(&mut self, e: &Expr) -> Option<TExpr> {
        let span = e.span;
        match &e.kind {
            ExprKind::Int(v, t) => Some(const_expr(ConstVal::Int(*v), *t, span)),
            ExprKind::Float(v, t) => Some(const_expr(ConstVal::Float(*v), *t, span)),
            ExprKind::Str(_) => {
                self.error_note(
                    span,
                    "string literals are not supported",
                    "use integer arrays",
                );
                None
            }
            ExprKind::Name(n) => self.name(n, span),
            ExprKind::Index(..) => {
                let (arr, idx, ty) = self.element(e)?;
                Some(mk(TExprKind::Load(arr, idx), ty, span))
            }
            ExprKind::Call(name, nspan, args) => self.call(name, *nspan, args, span),
            ExprKind::Unary(op, a) => self.unary(*op, a, span),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, span),
            ExprKind::Assign(op, l, r) => self.assign(*op, l, r, span),
            ExprKind::IncDec {
                inc,
                prefix,
                target,
            } => {
                let (target, ty) = self.lvalue(target)?;
                Some(mk(
                    TExprKind::IncDec {
                        target,
                        inc: *inc,
                        prefix: *prefix,
                    },
                    ty,
                    span,
                ))
            }
            ExprKind::Cond(c, a, b) => {
                let c = self.value(c);
                let a = self.value(a);
                let b = self.value(b);
                let (c, a, b) = (c?, a?, b?);
                let t = ScalarTy::common(a.ty, b.ty);
                Some(mk(
                    TExprKind::Cond(bx(c), bx(convert(a, t)), bx(convert(b, t))),
                    t,
                    span,
                ))
            }
            ExprKind::Cast(ty, a) => {
                let a = self.value(a)?;
                if ty.is_array() {
                    self.error(span, "cannot convert to an array type");
                    return None;
                }
                Some(convert(a, ty.scalar))
            }
            ExprKind::Comma(a, b) => {
                let a = self.expr_effect(a);
                let b = self.expr(b);
                let (a, b) = (a?, b?);
                let t = b.ty;
                Some(mk(TExprKind::Comma(bx(a), bx(b)), t, span))
            }
            ExprKind::SizeofType(ty) => Some(sizeof(ty, span)),
            ExprKind::SizeofExpr(a) => {
                let ty = self.type_of(a)?;
                Some(sizeof(&ty, span))
            }
        }
    }

    /// The type of an expression for `sizeof` (arrays keep their dimensions).
    fn type_of(&mut self, e: &Expr) -> Option<CType> {
        let (base, n) = index_base(e);
        if let ExprKind::Name(name) = &base.kind {
            if let Some(ty) = self.array_type(name) {
                if n <= ty.dims.len() {
                    return Some(CType {
                        scalar: ty.scalar,
                        dims: ty.dims[n..].to_vec(),
                    });
                }
            }
        }
        self.value(e).map(|v| CType::scalar(v.ty))
    }

    fn array_type(&self, name: &str) -> Option<CType> {
        match self.lookup(name)? {
            Sym::Local(id) => {
                let ty = &self.fx.as_ref()?.locals[id as usize].ty;
                ty.is_array().then(|| ty.clone())
            }
            Sym::Global(g) => Some(self.globals[g as usize].ty.clone()),
            Sym::GlobalConst(..) => None,
        }
    }

    fn name(&mut self, n: &str, span: Span) -> Option<TExpr> {
        match self.lookup(n) {
            Some(Sym::Local(id)) => {
                let ty = self.fx().locals[id as usize].ty.clone();
                if ty.is_array() {
                    self.error_note(
                        span,
                        format!("array `{n}` used as a value"),
                        "index it (`a[i]`) or pass it whole to a function",
                    );
                    return None;
                }
                Some(mk(TExprKind::Local(id), ty.scalar, span))
            }
            Some(Sym::GlobalConst(v, t)) => Some(const_expr(v, t, span)),
            Some(Sym::Global(_)) => {
                self.error_note(
                    span,
                    format!("array `{n}` used as a value"),
                    "index it (`a[i]`)",
                );
                None
            }
            None => {
                if self.funcs.contains_key(n) {
                    self.error(
                        span,
                        format!("function `{n}` used as a value; call it with `{n}(…)`"),
                    );
                } else {
                    self.error(span, format!("use of undeclared identifier `{n}`"));
                }
                None
            }
        }
    }

    /// Resolves `a[i][j]…` to the array, the indices (as `int`) and the element type.
    fn element(&mut self, e: &Expr) -> Option<(ArrRef, Vec<TExpr>, ScalarTy)> {
        let mut idx_exprs = Vec::new();
        let mut cur = e;
        while let ExprKind::Index(b, i) = &cur.kind {
            idx_exprs.push(&**i);
            cur = b;
        }
        idx_exprs.reverse();
        let ExprKind::Name(name) = &cur.kind else {
            self.error(cur.span, "only named arrays can be indexed");
            return None;
        };
        let (arr, ty) = match self.lookup(name) {
            Some(Sym::Local(id)) => (ArrRef::Local(id), self.fx().locals[id as usize].ty.clone()),
            Some(Sym::Global(g)) => (ArrRef::Global(g), self.globals[g as usize].ty.clone()),
            Some(Sym::GlobalConst(..)) => (ArrRef::Global(0), CType::scalar(ScalarTy::I32)),
            None => {
                self.error(cur.span, format!("use of undeclared identifier `{name}`"));
                return None;
            }
        };
        if !ty.is_array() {
            self.error_note(
                cur.span,
                format!("`{name}` is not an array"),
                "pointers are not supported; only arrays can be indexed",
            );
            return None;
        }
        let mut indices = Vec::new();
        for ie in &idx_exprs {
            let v = self.value(ie)?;
            if v.ty.is_float() {
                self.error(ie.span, "an array index must be an integer");
                return None;
            }
            indices.push(convert(v, ScalarTy::I32));
        }
        if indices.len() != ty.dims.len() {
            self.error_note(
                e.span,
                format!(
                    "`{name}` has {} dimension{} but {} ind{} given",
                    ty.dims.len(),
                    if ty.dims.len() == 1 { "" } else { "s" },
                    indices.len(),
                    if indices.len() == 1 {
                        "ex is"
                    } else {
                        "ices are"
                    }
                ),
                "access single elements with one index per dimension",
            );
            return None;
        }
        Some((arr, indices, ty.scalar))
    }

    /// Resolves an assignable expression.
    fn lvalue(&mut self, e: &Expr) -> Option<(LValue, ScalarTy)> {
        match &e.kind {
            ExprKind::Name(n) => match self.lookup(n) {
                Some(Sym::Local(id)) => {
                    let ty = self.fx().locals[id as usize].ty.clone();
                    if ty.is_array() {
                        self.error(e.span, format!("cannot assign to the whole array `{n}`"));
                        return None;
                    }
                    if self.fx().consts.contains(&id) {
                        self.error(e.span, format!("cannot assign to the constant `{n}`"));
                        return None;
                    }
                    Some((LValue::Local(id), ty.scalar))
                }
                Some(_) => {
                    self.error(e.span, format!("cannot assign to the constant `{n}`"));
                    None
                }
                None => {
                    self.error(e.span, format!("use of undeclared identifier `{n}`"));
                    None
                }
            },
            ExprKind::Index(..) => {
                let (arr, idx, ty) = self.element(e)?;
                let read_only = match arr {
                    ArrRef::Global(_) => true,
                    ArrRef::Local(id) => self.fx().consts.contains(&id),
                };
                if read_only {
                    self.error(e.span, "cannot assign to an element of a `const` array");
                    return None;
                }
                Some((LValue::Elem(arr, idx), ty))
            }
            _ => {
                self.error(e.span, "this expression cannot be assigned to");
                None
            }
        }
    }

    fn unary(&mut self, op: UnOp, a: &Expr, span: Span) -> Option<TExpr> {
        let a = self.value(a)?;
        match op {
            UnOp::Not => Some(mk(TExprKind::Not(bx(a)), ScalarTy::I32, span)),
            UnOp::Plus => {
                let t = a.ty.promote();
                Some(convert(a, t))
            }
            UnOp::Neg => {
                let t = a.ty.promote();
                Some(mk(TExprKind::Neg(bx(convert(a, t))), t, span))
            }
            UnOp::BitNot => {
                if a.ty.is_float() {
                    self.error(span, "`~` needs an integer operand");
                    return None;
                }
                let t = a.ty.promote();
                Some(mk(TExprKind::BitNot(bx(convert(a, t))), t, span))
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, span: Span) -> Option<TExpr> {
        let (a, b) = (self.value(a), self.value(b));
        let (a, b) = (a?, b?);
        let cmp = |c| Some(c);
        let cmp_op = match op {
            BinOp::Lt => cmp(CmpOp::Lt),
            BinOp::Gt => cmp(CmpOp::Gt),
            BinOp::Le => cmp(CmpOp::Le),
            BinOp::Ge => cmp(CmpOp::Ge),
            BinOp::Eq => cmp(CmpOp::Eq),
            BinOp::Ne => cmp(CmpOp::Ne),
            _ => None,
        };
        if let Some(c) = cmp_op {
            let t = ScalarTy::common(a.ty, b.ty);
            let k = TExprKind::Compare(c, bx(convert(a, t)), bx(convert(b, t)));
            return Some(mk(k, ScalarTy::I32, span));
        }
        if matches!(op, BinOp::LogAnd | BinOp::LogOr) {
            let k = TExprKind::Logical(op == BinOp::LogAnd, bx(a), bx(b));
            return Some(mk(k, ScalarTy::I32, span));
        }
        let (arith, t) = self.arith(op, a.ty, b.ty, span)?;
        Some(mk(
            TExprKind::Arith(arith, bx(convert(a, t)), bx(convert(b, t))),
            t,
            span,
        ))
    }

    /// The operation and the type it is computed in, checking operand kinds.
    fn arith(
        &mut self,
        op: BinOp,
        a: ScalarTy,
        b: ScalarTy,
        span: Span,
    ) -> Option<(ArithOp, ScalarTy)> {
        let arith = match op {
            BinOp::Add => ArithOp::Add,
            BinOp::Sub => ArithOp::Sub,
            BinOp::Mul => ArithOp::Mul,
            BinOp::Div => ArithOp::Div,
            BinOp::Rem => ArithOp::Rem,
            BinOp::Shl => ArithOp::Shl,
            BinOp::Shr => ArithOp::Shr,
            BinOp::BitAnd => ArithOp::And,
            BinOp::BitOr => ArithOp::Or,
            BinOp::BitXor => ArithOp::Xor,
            _ => return None,
        };
        let int_only = !matches!(
            arith,
            ArithOp::Add | ArithOp::Sub | ArithOp::Mul | ArithOp::Div
        );
        if int_only && (a.is_float() || b.is_float()) {
            self.error(span, format!("`{}` needs integer operands", op.symbol()));
            return None;
        }
        let t = match arith {
            ArithOp::Shl | ArithOp::Shr => a.promote(),
            _ => ScalarTy::common(a, b),
        };
        Some((arith, t))
    }

    fn assign(&mut self, op: Option<BinOp>, l: &Expr, r: &Expr, span: Span) -> Option<TExpr> {
        let lv = self.lvalue(l);
        let rv = self.value(r);
        let ((target, lt), rv) = (lv?, rv?);
        match op {
            None => Some(mk(TExprKind::Assign(target, bx(convert(rv, lt))), lt, span)),
            Some(op) => {
                let (arith, t) = self.arith(op, lt, rv.ty, span)?;
                let k = TExprKind::CompoundAssign {
                    target,
                    op: arith,
                    op_ty: t,
                    rhs: bx(convert(rv, t)),
                };
                Some(mk(k, lt, span))
            }
        }
    }

    fn call(&mut self, name: &str, nspan: Span, args: &[Expr], span: Span) -> Option<TExpr> {
        if name == super::sema_labels::ASSERT_FN {
            self.error(span, "`assert` can only be used as a statement");
            return None;
        }
        if let Some(f) = self.funcs.get(name).map(|f| f.decl) {
            let decl = &self.prog.functions[f];
            if decl.body.is_some() {
                return self.user_call(f, nspan, args, span);
            }
            if name.starts_with("__") {
                return self.placeholder_call(f, nspan, args, span);
            }
        }
        if name == "__builtin_nanf"
            && matches!(args, [Expr { kind: ExprKind::Str(s), .. }] if s.is_empty())
        {
            return Some(const_expr(ConstVal::Float(f64::NAN), ScalarTy::F32, span));
        }
        if let Some(b) = self.builtin_call(name, args, span) {
            return b;
        }
        if matches!(name, "printf" | "puts" | "putchar" | "fprintf" | "fflush") {
            self.diags.push(
                crate::diag::Diagnostic::warning(format!("`{name}` is ignored"))
                    .with_span(nspan)
                    .with_note("the interpreter prints the kernel's arguments and result instead"),
            );
            return Some(const_expr(ConstVal::Int(0), ScalarTy::I32, span));
        }
        if let Some(advice) = unsupported_library(name) {
            self.error_note(nspan, format!("`{name}` is not supported"), advice);
            return None;
        }
        let declared = self.funcs.contains_key(name);
        self.error_note(
            nspan,
            if declared {
                format!("function `{name}` is declared but not defined")
            } else {
                format!("call of undefined function `{name}`")
            },
            "define the function in the same file (it is inlined), or declare a placeholder \
             named `__name` to instantiate a hardware unit",
        );
        None
    }

    fn builtin_call(&mut self, name: &str, args: &[Expr], span: Span) -> Option<Option<TExpr>> {
        let (b, params, ret) = match name {
            "rand" => (Builtin::Rand, vec![], ScalarTy::I32),
            "srand" => (Builtin::Srand, vec![ScalarTy::U32], ScalarTy::I32),
            "abs" => (Builtin::Abs, vec![ScalarTy::I32], ScalarTy::I32),
            _ => {
                let f = MathFn::lookup(name)?;
                let t = if f.single {
                    ScalarTy::F32
                } else {
                    ScalarTy::F64
                };
                (Builtin::Math(f), vec![t; f.arity()], t)
            }
        };
        if !self.arity_ok(name, params.len(), args.len(), span) {
            return Some(None);
        }
        let mut targs = Vec::new();
        for (a, &t) in args.iter().zip(&params) {
            let v = self.value(a)?;
            targs.push(convert(v, t));
        }
        Some(Some(mk(TExprKind::Builtin(b, targs), ret, span)))
    }

    fn placeholder_call(
        &mut self,
        f: usize,
        nspan: Span,
        args: &[Expr],
        span: Span,
    ) -> Option<TExpr> {
        let decl = &self.prog.functions[f];
        let (name, ret) = (decl.name.clone(), decl.ret);
        let params: Vec<(String, CType)> = decl
            .params
            .iter()
            .map(|p| (p.name.clone(), p.ty.clone()))
            .collect();
        if params.iter().any(|(_, t)| t.is_array()) {
            self.error(nspan, "placeholder functions take scalar parameters only");
            return None;
        }
        if !self.arity_ok(&name, params.len(), args.len(), span) {
            return None;
        }
        let mut targs = Vec::new();
        for (a, (_, t)) in args.iter().zip(&params) {
            targs.push(convert(self.value(a)?, t.scalar));
        }
        if !self.placeholders.iter().any(|p| p.name == name) {
            self.placeholders.push(Placeholder {
                name: name.clone(),
                params: params.iter().map(|(n, t)| (n.clone(), t.scalar)).collect(),
                ret,
            });
        }
        Some(mk(
            TExprKind::Placeholder(name, targs, ret),
            ret.unwrap_or(ScalarTy::I32),
            span,
        ))
    }

    /// Whether a call of `name` passes the `want` arguments it takes; reports it otherwise.
    fn arity_ok(&mut self, name: &str, want: usize, given: usize, span: Span) -> bool {
        if want != given {
            self.error(
                span,
                format!("`{name}` takes {want} argument(s), {given} given"),
            );
        }
        want == given
    }

    fn user_call(&mut self, f: usize, nspan: Span, args: &[Expr], span: Span) -> Option<TExpr> {
        let decl = &self.prog.functions[f];
        let params = decl.params.clone();
        let (name, ret) = (decl.name.clone(), decl.ret);
        if !self.arity_ok(&name, params.len(), args.len(), span) {
            return None;
        }
        let mut targs = Vec::new();
        let mut ok = true;
        for (a, p) in args.iter().zip(&params) {
            if p.ty.is_array() {
                match self.array_arg(a, &p.ty) {
                    Some(r) => targs.push(TArg::Array(r)),
                    None => ok = false,
                }
            } else {
                match self.value(a) {
                    Some(v) => targs.push(TArg::Value(convert(v, p.ty.scalar))),
                    None => ok = false,
                }
            }
        }
        let caller = self.fx().id;
        let callee = self.function(f)?;
        self.calls.push((caller, callee, nspan));
        ok.then(|| {
            mk(
                TExprKind::Call(callee, targs, ret),
                ret.unwrap_or(ScalarTy::I32),
                span,
            )
        })
    }

    fn array_arg(&mut self, a: &Expr, want: &CType) -> Option<ArrRef> {
        let ExprKind::Name(n) = &a.kind else {
            self.error_note(
                a.span,
                "an array parameter needs a whole array as argument",
                "pass the array's name",
            );
            return None;
        };
        let (r, ty) = match self.lookup(n) {
            Some(Sym::Local(id)) => (ArrRef::Local(id), self.fx().locals[id as usize].ty.clone()),
            Some(Sym::Global(g)) => (ArrRef::Global(g), self.globals[g as usize].ty.clone()),
            _ => {
                self.error(a.span, format!("`{n}` is not an array"));
                return None;
            }
        };
        if ty.scalar != want.scalar
            || ty.dims.len() != want.dims.len()
            || ty.dims[1..] != want.dims[1..]
            || ty.dims[0] < want.dims[0]
        {
            self.error(
                a.span,
                format!("array `{n}` has type `{ty}` but the parameter expects `{want}`"),
            );
            return None;
        }
        Some(r)
    }
}

/// Strips indices: the innermost base expression and how many indices were applied.
fn index_base(e: &Expr) -> (&Expr, usize) {
    let mut n = 0;
    let mut cur = e;
    while let ExprKind::Index(b, _) = &cur.kind {
        n += 1;
        cur = b;
    }
    (cur, n)
}

/// `sizeof`: a `size_t` (`unsigned long`, 64 bits on x86-64 Linux).
fn sizeof(ty: &CType, span: Span) -> TExpr {
    let v = ty.len() * ty.scalar.size_of() as u64;
    const_expr(ConstVal::Int(v as i128), ScalarTy::U64, span)
}
