//! Name resolution and type checking: from the syntax tree to the typed program.
//!
//! Resolves every name through nested scopes, finds the kernel (the function named like the
//! file) and `main`, evaluates global ROM initializers, rejects recursion and calls of
//! functions that are neither defined, built in nor placeholders, and checks statements.
//! Expressions are checked in `sema_expr.rs`. Errors are collected, never fatal: checking goes
//! on after each one so a run reports as many as possible.

use super::ast::*;
use super::const_arith::{arithmetic_constant, convert as convert_const, substitute_constants};
use super::typed::*;
use super::types::{CType, ScalarTy};
use crate::diag::{Diagnostic, Span};
use std::collections::BTreeMap;

/// What a name refers to.
#[derive(Clone, Debug)]
pub(super) enum Sym {
    Local(LocalId),
    Global(GlobalId),
    GlobalConst(ConstVal, ScalarTy),
}

/// A function known by name: its declaration index and, once checked, its id.
pub(super) struct FuncInfo {
    pub decl: usize,
    pub id: Option<FuncId>,
}

/// Checks a parsed program. `kernel` is the kernel's name (the file's stem).
pub fn check_program(
    prog: &Program,
    kernel: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<TProgram> {
    let mut cx = Checker {
        prog,
        diags,
        funcs: BTreeMap::new(),
        globals: Vec::new(),
        global_syms: BTreeMap::new(),
        placeholders: Vec::new(),
        out_funcs: Vec::new(),
        calls: Vec::new(),
        fx: None,
    };
    cx.collect_functions();
    cx.collect_globals();
    let kernel_id = match cx.funcs.get(kernel).map(|f| f.decl) {
        Some(d) if prog.functions[d].body.is_some() => cx.function(d),
        _ => {
            cx.diags.push(
                Diagnostic::error(format!("no kernel function `{kernel}` in this file")).with_note(
                    "the kernel function must be named like the file (fir.c holds `fir`)",
                ),
            );
            None
        }
    };
    let main_id = match cx.funcs.get("main").map(|f| f.decl) {
        Some(d) if prog.functions[d].body.is_some() => cx.function(d),
        _ => None,
    };
    // Check the other functions too, so their errors are reported even when unused.
    for (d, f) in prog.functions.iter().enumerate() {
        if f.body.is_some() && cx.funcs.get(&f.name).is_some_and(|i| i.decl == d) {
            cx.function(d);
        }
    }
    cx.check_recursion();
    let kernel = kernel_id?;
    Some(TProgram {
        funcs: cx
            .out_funcs
            .into_iter()
            .map(|f| f.expect("every checked function is stored"))
            .collect(),
        globals: cx.globals,
        kernel,
        main: main_id,
        placeholders: cx.placeholders,
    })
}

pub(super) struct Checker<'a> {
    pub prog: &'a Program,
    pub diags: &'a mut Vec<Diagnostic>,
    pub funcs: BTreeMap<String, FuncInfo>,
    pub globals: Vec<TGlobal>,
    pub global_syms: BTreeMap<String, Sym>,
    pub placeholders: Vec<Placeholder>,
    /// Checked functions by id (`None` while being checked).
    pub out_funcs: Vec<Option<TFunc>>,
    /// Call edges (caller, callee, call span) for the recursion check.
    pub calls: Vec<(FuncId, FuncId, Span)>,
    /// The function being checked.
    pub fx: Option<FnCx>,
}

/// Per-function checking state.
pub(super) struct FnCx {
    pub id: FuncId,
    pub ret: Option<ScalarTy>,
    pub locals: Vec<TLocal>,
    pub scopes: Vec<BTreeMap<String, LocalId>>,
    pub loops: usize,
    pub switches: usize,
    /// Local arrays and scalars declared `const`.
    pub consts: Vec<LocalId>,
    /// The function is `main` (its assertions may have side effects).
    pub is_main: bool,
    /// Labels by name: id and, once defined, where.
    pub labels: BTreeMap<String, (LabelId, Option<Span>)>,
    /// Every `goto`: label name and where it is named.
    pub gotos: Vec<(String, Span)>,
}

impl Checker<'_> {
    pub fn error(&mut self, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(msg).with_span(span));
    }

    pub fn error_note(&mut self, span: Span, msg: impl Into<String>, note: impl Into<String>) {
        self.diags
            .push(Diagnostic::error(msg).with_span(span).with_note(note));
    }

    fn collect_functions(&mut self) {
        for (i, f) in self.prog.functions.iter().enumerate() {
            match self.funcs.get(&f.name) {
                Some(prev) if self.prog.functions[prev.decl].body.is_some() && f.body.is_some() => {
                    let msg = format!("function `{}` is defined twice", f.name);
                    self.error(f.name_span, msg);
                }
                Some(prev) if f.body.is_none() && self.prog.functions[prev.decl].body.is_some() => {
                }
                _ => {
                    self.funcs
                        .insert(f.name.clone(), FuncInfo { decl: i, id: None });
                }
            }
        }
    }

    fn collect_globals(&mut self) {
        for g in &self.prog.globals {
            if self.global_syms.contains_key(&g.name) || self.funcs.contains_key(&g.name) {
                self.error(g.span, format!("`{}` is declared twice", g.name));
                continue;
            }
            if !g.is_const {
                self.error_note(
                    g.span,
                    format!("global variable `{}` is not supported", g.name),
                    "only `const` global arrays (read-only tables) are allowed; declare \
                     other data in `main` and pass it to the kernel",
                );
                continue;
            }
            let Some(init) = &g.init else {
                self.error(
                    g.span,
                    format!("the constant `{}` needs an initializer", g.name),
                );
                continue;
            };
            let values = self.const_init(init, &g.ty);
            if g.ty.is_array() {
                self.global_syms
                    .insert(g.name.clone(), Sym::Global(self.globals.len() as GlobalId));
                self.globals.push(TGlobal {
                    name: g.name.clone(),
                    ty: g.ty.clone(),
                    init: values,
                    span: g.span,
                });
            } else {
                let v = values.first().copied().unwrap_or(ConstVal::Int(0));
                self.global_syms
                    .insert(g.name.clone(), Sym::GlobalConst(v, g.ty.scalar));
            }
        }
    }

    /// Evaluates a constant initializer of a global into one value per element.
    fn const_init(&mut self, init: &Init, ty: &CType) -> Vec<ConstVal> {
        let mut slots: Vec<Option<&Expr>> = vec![None; ty.len() as usize];
        self.layout(init, &ty.dims, 0, &mut slots);
        let known: BTreeMap<String, (ConstVal, ScalarTy)> = (self.global_syms.iter())
            .filter_map(|(n, s)| match s {
                Sym::GlobalConst(v, t) => Some((n.clone(), (*v, *t))),
                _ => None,
            })
            .collect();
        slots
            .into_iter()
            .map(|e| match e {
                None => zero(ty.scalar),
                Some(e) => {
                    match arithmetic_constant(&substitute_constants(e, &|n| known.get(n).copied()))
                    {
                        Some((v, _)) => convert_const(v, ty.scalar),
                        None => {
                            self.error_note(
                                e.span,
                                "a global initializer must be a constant",
                                "use literals, `#define` constants and arithmetic on them",
                            );
                            zero(ty.scalar)
                        }
                    }
                }
            })
            .collect()
    }

    /// Places the expressions of a (possibly nested, possibly brace-elided) initializer into
    /// row-major slots.
    pub fn layout<'e>(
        &mut self,
        init: &'e Init,
        dims: &[u32],
        base: usize,
        slots: &mut [Option<&'e Expr>],
    ) {
        let (items, span) = match init {
            Init::Expr(e) => {
                if dims.is_empty() {
                    if let Some(s) = slots.get_mut(base) {
                        *s = Some(e);
                    }
                } else {
                    self.error(e.span, "an array needs a braced initializer `{ … }`");
                }
                return;
            }
            Init::List(items, span) => (items, *span),
        };
        if dims.is_empty() {
            match items.first() {
                Some(first) => self.layout(first, dims, base, slots),
                None => self.error(span, "empty initializer"),
            }
            return;
        }
        let size: usize = dims.iter().map(|&d| d as usize).product();
        let stride: usize = dims[1..].iter().map(|&d| d as usize).product();
        let mut pos = 0usize;
        for item in items {
            match item {
                Init::List(_, s) if dims.len() > 1 => {
                    pos = pos.div_ceil(stride) * stride;
                    if pos >= size {
                        self.error(*s, "too many initializers for the array");
                        return;
                    }
                    self.layout(item, &dims[1..], base + pos, slots);
                    pos += stride;
                }
                _ => {
                    if pos >= size {
                        let s = match item {
                            Init::Expr(e) => e.span,
                            Init::List(_, s) => *s,
                        };
                        self.error(s, "too many initializers for the array");
                        return;
                    }
                    self.layout(item, &[], base + pos, slots);
                    pos += 1;
                }
            }
        }
    }

    /// Checks function `decl` (once) and returns its id.
    pub fn function(&mut self, decl: usize) -> Option<FuncId> {
        let f = &self.prog.functions[decl];
        if let Some(id) = self.funcs.get(&f.name).and_then(|i| i.id) {
            return Some(id);
        }
        let body = f.body.as_ref()?;
        let id = self.out_funcs.len() as FuncId;
        self.out_funcs.push(None);
        if let Some(info) = self.funcs.get_mut(&f.name) {
            info.id = Some(id);
        }
        let saved = self.fx.replace(FnCx {
            id,
            ret: f.ret,
            locals: Vec::new(),
            scopes: vec![BTreeMap::new()],
            loops: 0,
            switches: 0,
            consts: Vec::new(),
            is_main: f.name == "main",
            labels: BTreeMap::new(),
            gotos: Vec::new(),
        });
        let mut params = Vec::new();
        for p in &f.params {
            if p.name.is_empty() {
                self.error(p.span, "a parameter needs a name in a function definition");
            }
            params.push(self.declare(&p.name, p.ty.clone(), p.span, false));
        }
        let body = self.block(body);
        self.check_gotos();
        let fx = std::mem::replace(&mut self.fx, saved).expect("set above");
        self.out_funcs[id as usize] = Some(TFunc {
            name: f.name.clone(),
            span: f.name_span,
            ret: f.ret,
            params,
            locals: fx.locals,
            body,
        });
        Some(id)
    }

    pub fn fx(&mut self) -> &mut FnCx {
        self.fx.as_mut().expect("inside a function")
    }

    /// Declares a local in the innermost scope.
    pub fn declare(&mut self, name: &str, ty: CType, span: Span, is_const: bool) -> LocalId {
        let fx = self.fx.as_mut().expect("inside a function");
        let id = fx.locals.len() as LocalId;
        fx.locals.push(TLocal {
            name: name.to_string(),
            ty,
            span,
            read_only: is_const,
        });
        if is_const {
            fx.consts.push(id);
        }
        let scope = fx.scopes.last_mut().expect("a scope is open");
        if !name.is_empty() && scope.insert(name.to_string(), id).is_some() {
            self.error(
                span,
                format!("`{name}` is declared twice in the same scope"),
            );
        }
        id
    }

    /// Resolves a name through the scopes, then the globals.
    pub fn lookup(&self, name: &str) -> Option<Sym> {
        if let Some(fx) = &self.fx {
            for s in fx.scopes.iter().rev() {
                if let Some(&id) = s.get(name) {
                    return Some(Sym::Local(id));
                }
            }
        }
        self.global_syms.get(name).cloned()
    }

    fn block(&mut self, stmts: &[Stmt]) -> Vec<TStmt> {
        self.fx().scopes.push(BTreeMap::new());
        let mut out = Vec::new();
        for s in stmts {
            self.stmt(s, &mut out);
        }
        self.fx().scopes.pop();
        out
    }

    /// A statement as a block of its own (for loop and `if` bodies).
    fn sub(&mut self, s: &Stmt) -> Vec<TStmt> {
        match &s.kind {
            StmtKind::Block(b) => self.block(b),
            _ => self.block(std::slice::from_ref(s)),
        }
    }

    fn stmt(&mut self, s: &Stmt, out: &mut Vec<TStmt>) {
        match &s.kind {
            StmtKind::Block(b) => out.push(TStmt::Block(self.block(b))),
            StmtKind::Decl(ds) => {
                for d in ds {
                    self.local_decl(d, out);
                }
            }
            StmtKind::Expr(e) if super::sema_labels::is_assert(e) => self.assert(e, out),
            StmtKind::Expr(e) => {
                if let Some(e) = self.expr_effect(e) {
                    out.push(TStmt::Expr(e));
                }
            }
            StmtKind::Empty => {}
            StmtKind::If(c, a, b) => {
                let c = self.cond(c);
                let a = self.sub(a);
                let b = b.as_ref().map(|b| self.sub(b)).unwrap_or_default();
                if let Some(c) = c {
                    out.push(TStmt::If(c, a, b));
                }
            }
            StmtKind::While(c, body) => {
                let c = self.cond(c);
                self.fx().loops += 1;
                let body = self.sub(body);
                self.fx().loops -= 1;
                if let Some(c) = c {
                    out.push(TStmt::While(c, body));
                }
            }
            StmtKind::DoWhile(body, c) => {
                self.fx().loops += 1;
                let body = self.sub(body);
                self.fx().loops -= 1;
                if let Some(c) = self.cond(c) {
                    out.push(TStmt::DoWhile(body, c));
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.fx().scopes.push(BTreeMap::new());
                let mut block = Vec::new();
                if let Some(i) = init {
                    self.stmt(i, &mut block);
                }
                let cond = cond.as_ref().and_then(|c| self.cond(c));
                let step = step.as_ref().and_then(|e| self.expr_effect(e));
                self.fx().loops += 1;
                let body = self.sub(body);
                self.fx().loops -= 1;
                self.fx().scopes.pop();
                block.push(TStmt::For { cond, step, body });
                out.push(TStmt::Block(block));
            }
            StmtKind::Switch(v, body) => self.switch(v, body, out),
            StmtKind::Case(_) | StmtKind::Default => {
                self.error(
                    s.span,
                    "`case` and `default` labels must be directly inside a `switch` block",
                );
            }
            StmtKind::Break => {
                let fx = self.fx();
                if fx.loops == 0 && fx.switches == 0 {
                    self.error(s.span, "`break` outside of a loop or `switch`");
                } else {
                    out.push(TStmt::Break);
                }
            }
            StmtKind::Continue => {
                if self.fx().loops == 0 {
                    self.error(s.span, "`continue` outside of a loop");
                } else {
                    out.push(TStmt::Continue);
                }
            }
            StmtKind::Return(e) => self.ret(e.as_ref(), s.span, out),
            StmtKind::Label(name, span, inner) => {
                let id = self.define_label(name, *span);
                out.push(TStmt::Label(id));
                self.stmt(inner, out);
            }
            StmtKind::Goto(name, span) => {
                let id = self.label_id(name);
                self.fx().gotos.push((name.clone(), *span));
                out.push(TStmt::Goto(id, *span));
            }
        }
    }

    fn ret(&mut self, e: Option<&Expr>, span: Span, out: &mut Vec<TStmt>) {
        let ret = self.fx().ret;
        match (e, ret) {
            (None, None) => out.push(TStmt::Return(None, span)),
            (Some(e), None) => {
                self.error(e.span, "a `void` function cannot return a value");
            }
            (None, Some(_)) => {
                self.error(span, "this function must return a value");
            }
            (Some(e), Some(t)) => {
                if let Some(v) = self.value(e) {
                    out.push(TStmt::Return(Some(convert(v, t)), span));
                }
            }
        }
    }

    fn switch(&mut self, v: &Expr, body: &Stmt, out: &mut Vec<TStmt>) {
        let value = self.value(v);
        if value.as_ref().is_some_and(|v| v.ty.is_float()) {
            self.error(v.span, "`switch` needs an integer value");
        }
        let ty = value.as_ref().map_or(ScalarTy::I32, |v| v.ty.promote());
        let items: &[Stmt] = match &body.kind {
            StmtKind::Block(b) => b,
            _ => std::slice::from_ref(body),
        };
        self.fx().switches += 1;
        self.fx().scopes.push(BTreeMap::new());
        let mut tbody = Vec::new();
        let mut seen: Vec<i128> = Vec::new();
        let mut has_default = false;
        for s in items {
            match &s.kind {
                StmtKind::Case(e) => match super::consteval::const_int(e) {
                    Some(c) => {
                        let c = ty.wrap(c);
                        if seen.contains(&c) {
                            self.error(e.span, format!("duplicate `case {c}`"));
                        }
                        seen.push(c);
                        tbody.push(TStmt::Case(c));
                    }
                    None => self.error(e.span, "a `case` value must be an integer constant"),
                },
                StmtKind::Default => {
                    if has_default {
                        self.error(s.span, "more than one `default` in a `switch`");
                    }
                    has_default = true;
                    tbody.push(TStmt::Default);
                }
                _ => self.stmt(s, &mut tbody),
            }
        }
        self.fx().scopes.pop();
        self.fx().switches -= 1;
        if let Some(v) = value {
            out.push(TStmt::Switch(convert(v, ty), tbody));
        }
    }

    fn local_decl(&mut self, d: &VarDecl, out: &mut Vec<TStmt>) {
        if d.is_static && !d.is_const {
            self.error_note(
                d.span,
                "`static` local variables are not supported",
                "use a normal local variable, or a `const` table",
            );
        }
        // Check the initializer before the name is in scope (as C does for most uses).
        let init = match &d.init {
            None => None,
            Some(init) if d.ty.is_array() => {
                let mut slots: Vec<Option<&Expr>> = vec![None; d.ty.len() as usize];
                self.layout(init, &d.ty.dims, 0, &mut slots);
                let mut values = Vec::new();
                for s in slots {
                    values.push(match s {
                        None => const_expr(zero(d.ty.scalar), d.ty.scalar, d.span),
                        Some(e) => match self.value(e) {
                            Some(v) => convert(v, d.ty.scalar),
                            None => const_expr(zero(d.ty.scalar), d.ty.scalar, e.span),
                        },
                    });
                }
                Some(TStmt::ArrayInit(0, values))
            }
            Some(init) => {
                let mut slots: Vec<Option<&Expr>> = vec![None];
                self.layout(init, &[], 0, &mut slots);
                slots[0]
                    .and_then(|e| self.value(e))
                    .map(|v| TStmt::Init(0, convert(v, d.ty.scalar)))
            }
        };
        if d.is_const && d.init.is_none() {
            self.error(
                d.span,
                format!("the constant `{}` needs an initializer", d.name),
            );
        }
        let id = self.declare(&d.name, d.ty.clone(), d.span, d.is_const);
        match init {
            Some(TStmt::ArrayInit(_, v)) => out.push(TStmt::ArrayInit(id, v)),
            Some(TStmt::Init(_, v)) => out.push(TStmt::Init(id, v)),
            _ => {}
        }
    }

    /// Reports every call cycle (recursion).
    fn check_recursion(&mut self) {
        let n = self.out_funcs.len();
        let mut adj: Vec<Vec<(FuncId, Span)>> = vec![Vec::new(); n];
        for &(a, b, s) in &self.calls {
            adj[a as usize].push((b, s));
        }
        // Iterative DFS with colors; report each back edge.
        let mut color = vec![0u8; n];
        for root in 0..n {
            if color[root] != 0 {
                continue;
            }
            let mut stack = vec![(root, 0usize)];
            color[root] = 1;
            while let Some(&mut (v, ref mut i)) = stack.last_mut() {
                if let Some(&(w, span)) = adj[v].get(*i) {
                    *i += 1;
                    match color[w as usize] {
                        0 => {
                            color[w as usize] = 1;
                            stack.push((w as usize, 0));
                        }
                        1 => {
                            let callee = self.out_funcs[w as usize]
                                .as_ref()
                                .map_or(String::new(), |f| f.name.clone());
                            self.error_note(
                                span,
                                format!("recursion is not supported (`{callee}` calls itself)"),
                                "rewrite the recursion as a loop",
                            );
                        }
                        _ => {}
                    }
                } else {
                    color[v] = 2;
                    stack.pop();
                }
            }
        }
    }
}

/// Zero of a scalar type.
pub(super) fn zero(t: ScalarTy) -> ConstVal {
    if t.is_float() {
        ConstVal::Float(0.0)
    } else {
        ConstVal::Int(0)
    }
}

/// A literal (possibly negated) or an integer constant expression.
/// A constant expression node.
pub(super) fn const_expr(v: ConstVal, ty: ScalarTy, span: Span) -> TExpr {
    TExpr {
        kind: TExprKind::Const(v),
        ty,
        span,
    }
}

/// Wraps `e` in a conversion to `t` unless it already has that type (constants fold).
pub(super) fn convert(e: TExpr, t: ScalarTy) -> TExpr {
    if e.ty == t {
        return e;
    }
    if let TExprKind::Const(v) = e.kind {
        return const_expr(convert_const(v, t), t, e.span);
    }
    let span = e.span;
    TExpr {
        kind: TExprKind::Convert(Box::new(e)),
        ty: t,
        span,
    }
}
