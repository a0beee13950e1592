//! Parsing of operations: the custom syntax of each Handshake operation (in Dynamatic's
//! spelling and in the spec's), the generic form `"handshake.x"(…) : (…) -> (…)`, and the
//! lifting of known attributes into typed fields.

use super::lexer::Tok;
use super::parser::{BodyState, PResult, Parser, ValueRef};
use crate::handshake::attr::Attr;
use crate::handshake::func::{Func, SourceLoc, ValueId};
use crate::handshake::ops::{
    BinOp, BufferParams, BufferType, CastOp, CmpFPred, CmpIPred, OpKind, UnOp,
};
use crate::handshake::signals::{bundle_layout, merged_extras, unbundle_layout};
use crate::handshake::types::{RawType, Type};
use std::collections::BTreeMap;

/// What the syntax of one operation yields before it is added to the function.
pub(super) struct Parsed {
    pub(super) kind: OpKind,
    /// Buffer parameters written inline (`bufferType = …, numSlots = …`): (type, slots) given.
    pub(super) inline_buffer: (bool, bool),
    pub(super) operands: Vec<(ValueRef, Option<Type>)>,
    pub(super) results: Vec<Type>,
    pub(super) attrs: Vec<(String, Attr, u32)>,
}

impl Parsed {
    fn new(kind: OpKind) -> Self {
        Parsed {
            kind,
            inline_buffer: (false, false),
            operands: Vec::new(),
            results: Vec::new(),
            attrs: Vec::new(),
        }
    }

    fn untyped(&mut self, refs: Vec<ValueRef>) {
        self.operands.extend(refs.into_iter().map(|r| (r, None)));
    }
}

/// The operation kind for a mnemonic (typed attributes at their defaults).
fn kind_of(mn: &str) -> Option<OpKind> {
    Some(match mn {
        "end" => OpKind::End,
        "return" => OpKind::Return,
        "instance" => OpKind::Instance {
            callee: String::new(),
            params: BTreeMap::new(),
        },
        "fork" => OpKind::Fork,
        "lazy_fork" => OpKind::LazyFork,
        "merge" => OpKind::Merge,
        "mux" => OpKind::Mux,
        "control_merge" => OpKind::ControlMerge,
        "br" => OpKind::Br,
        "cond_br" => OpKind::CondBr,
        "sink" => OpKind::Sink,
        "source" => OpKind::Source,
        "join" => OpKind::Join,
        "blocker" => OpKind::Blocker,
        "constant" => OpKind::Constant { value: Attr::Unit },
        "buffer" => OpKind::Buffer(BufferParams::default()),
        "load" => OpKind::Load,
        "store" => OpKind::Store,
        "mem_controller" => OpKind::MemController {
            connected_blocks: Vec::new(),
        },
        "lsq" => OpKind::Lsq {
            group_sizes: Vec::new(),
            through_mc: false,
        },
        "bundle" => OpKind::Bundle,
        "unbundle" => OpKind::Unbundle,
        "compose" => OpKind::Compose,
        "decompose" => OpKind::Decompose,
        "select" => OpKind::Select,
        "noti" => OpKind::Un(UnOp::NotI),
        "cmpi" => OpKind::CmpI(CmpIPred::Eq),
        "cmpf" => OpKind::CmpF(CmpFPred::False),
        _ => {
            if let Some(b) = BinOp::from_text(mn) {
                OpKind::Bin(b)
            } else if let Some(u) = UnOp::from_text(mn) {
                OpKind::Un(u)
            } else {
                OpKind::Cast(CastOp::from_text(mn)?)
            }
        }
    })
}

/// `channel<i1>` carrying the extras of `like`.
fn i1_like(like: &Type) -> Type {
    Type::Channel {
        data: RawType::Int(1),
        extras: like.extras().to_vec(),
    }
}

impl<'a> Parser<'a> {
    /// Parses one operation of a body and adds it to `f`.
    pub fn op(&mut self, f: &mut Func, st: &mut BodyState) -> PResult<()> {
        let start = self.peek_start();
        let mut lhs: Vec<(ValueRef, Option<u32>)> = Vec::new();
        if matches!(self.peek(), Tok::Value(..)) {
            loop {
                let r = self.value_ref()?;
                if r.index.is_some() {
                    return Err(self.err_span(
                        r.start,
                        r.end,
                        "a result name cannot carry a '#' index",
                    ));
                }
                let group = if self.eat_punct(':') {
                    let t = self.next();
                    match t.tok {
                        Tok::Int(n) => match n.parse::<u32>() {
                            Ok(k) if k > 0 => Some(k),
                            _ => return Err(self.err_at(&t, "expected a positive result count")),
                        },
                        _ => {
                            return Err(self.err_at(
                                &t,
                                format!("expected a result count, found {}", t.tok.describe()),
                            ))
                        }
                    }
                } else {
                    None
                };
                lhs.push((r, group));
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.expect_punct('=')?;
        }
        let result = self.op_after_results(f, st, start, &lhs);
        if result.is_err() {
            st.poisoned.extend(lhs.into_iter().map(|(r, _)| r.name));
        }
        result
    }

    fn op_after_results(
        &mut self,
        f: &mut Func,
        st: &mut BodyState,
        start: u32,
        lhs: &[(ValueRef, Option<u32>)],
    ) -> PResult<()> {
        let t = self.next();
        let (mn, generic) = match &t.tok {
            Tok::Ident(s) => (s.strip_prefix("handshake.").unwrap_or(s).to_string(), false),
            Tok::Str(s) => (s.strip_prefix("handshake.").unwrap_or(s).to_string(), true),
            _ => {
                return Err(self.err_at(
                    &t,
                    format!("expected an operation, found {}", t.tok.describe()),
                ))
            }
        };
        let Some(kind) = kind_of(&mn) else {
            let hint = if mn.starts_with("arith.") {
                ": arithmetic is written with Handshake operations (handshake.addi, not arith.addi)"
            } else {
                ""
            };
            return Err(self.err_at(&t, format!("unknown operation '{mn}'{hint}")));
        };
        let mut p = if generic {
            self.generic_syntax(kind)?
        } else {
            self.custom_syntax(kind)?
        };
        let end = self.last_end;
        let span = self.span(start, end);
        let (kind, bb, name, hw_params, attrs) = self.lift_attrs(&mut p, start)?;
        let bound: u32 = lhs.iter().map(|(_, g)| g.unwrap_or(1)).sum();
        if bound as usize != p.results.len() {
            return Err(self.err_span(
                start,
                end,
                format!(
                    "operation '{mn}' defines {} result(s) but {bound} were bound",
                    p.results.len()
                ),
            ));
        }
        let placeholder = vec![ValueId(u32::MAX); p.operands.len()];
        let id = f.add_op(kind, placeholder, p.results);
        let results = f.op(id).map(|o| o.results.clone()).unwrap_or_default();
        if let Some(op) = f.op_mut(id) {
            op.bb = bb;
            op.name = name;
            op.hw_params = hw_params;
            op.attrs = attrs;
            op.loc = SourceLoc(Some(span));
        }
        let mut next = 0usize;
        for (r, group) in lhs {
            let k = group.unwrap_or(1) as usize;
            let vals: Vec<ValueId> = results[next..next + k].to_vec();
            next += k;
            let numeric = r.name.bytes().all(|b| b.is_ascii_digit());
            if !numeric {
                for (j, &v) in vals.iter().enumerate() {
                    let hint = match group {
                        Some(_) => format!("{}#{j}", r.name),
                        None => r.name.clone(),
                    };
                    f.set_name_hint(v, Some(&hint));
                }
            }
            self.define(f, st, r, vals, group.is_some())?;
        }
        for (i, (r, expected)) in p.operands.into_iter().enumerate() {
            Parser::add_fixup(st, id, i, r, expected);
        }
        Ok(())
    }

    fn opt_attrs(&mut self, p: &mut Parsed) -> PResult<()> {
        if self.peek_is_punct('{') {
            p.attrs.extend(self.attr_dict()?);
        }
        Ok(())
    }

    fn colon(&mut self) -> PResult<()> {
        self.expect_punct(':').map(|_| ())
    }

    /// `[%a, %b]` or `%a, %b`.
    fn variadic_values(&mut self) -> PResult<Vec<ValueRef>> {
        if self.peek_is_punct('[') {
            self.bracket_values()
        } else {
            self.value_list()
        }
    }

    /// Checks that a type list has one of the allowed lengths.
    fn check_count(&self, types: &[Type], allowed: &[usize], at: u32, what: &str) -> PResult<()> {
        if allowed.contains(&types.len()) {
            Ok(())
        } else {
            let list: Vec<String> = allowed.iter().map(usize::to_string).collect();
            Err(self.err_span(
                at,
                self.last_end,
                format!(
                    "'{what}' expects {} type(s) here, found {}",
                    list.join(" or "),
                    types.len()
                ),
            ))
        }
    }

    fn custom_syntax(&mut self, kind: OpKind) -> PResult<Parsed> {
        let mut p = Parsed::new(kind.clone());
        let mn = kind.mnemonic();
        match kind {
            OpKind::End | OpKind::Return => {
                self.opt_attrs(&mut p)?;
                let refs = self.value_list()?;
                self.opt_attrs(&mut p)?;
                let n = refs.len();
                p.untyped(refs);
                let at = self.peek_start();
                let types = if n > 0 || self.peek_is_punct(':') {
                    self.colon()?;
                    self.type_list()?
                } else {
                    Vec::new()
                };
                self.check_count(&types, &[n], at, mn)?;
                self.opt_attrs(&mut p)?;
                for ((_, e), t) in p.operands.iter_mut().zip(&types) {
                    *e = Some(t.clone());
                }
                if kind == OpKind::Return {
                    p.results = types;
                }
            }
            OpKind::Instance { .. } => {
                let t = self.next();
                let Tok::Symbol(callee) = t.tok else {
                    return Err(self.err_at(
                        &t,
                        format!(
                            "expected the callee such as '@f', found {}",
                            t.tok.describe()
                        ),
                    ));
                };
                p.kind = OpKind::Instance {
                    callee: callee.to_string(),
                    params: BTreeMap::new(),
                };
                self.call_syntax(&mut p, mn)?;
            }
            OpKind::Fork | OpKind::LazyFork => {
                self.expect_punct('[')?;
                let t = self.next();
                let n = match t.tok {
                    Tok::Int(s) => s.parse::<usize>().ok().filter(|&n| n <= 1 << 16),
                    _ => None,
                };
                let Some(n) = n else {
                    return Err(self.err_at(&t, "expected the number of fork outputs"));
                };
                self.expect_punct(']')?;
                let r = self.value_ref()?;
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let ty = self.type_()?;
                p.operands.push((r, Some(ty.clone())));
                p.results = vec![ty; n];
            }
            OpKind::Merge | OpKind::Join | OpKind::Blocker | OpKind::Source => {
                let refs = if kind == OpKind::Source {
                    Vec::new()
                } else {
                    self.variadic_values()?
                };
                self.opt_attrs(&mut p)?;
                let n = refs.len();
                p.untyped(refs);
                if kind == OpKind::Source && !self.peek_is_punct(':') {
                    p.results = vec![Type::control()];
                    return Ok(p);
                }
                self.colon()?;
                let at = self.peek_start();
                let (ins, result) = if self.peek_is_punct('[') {
                    let ins = self.bracket_types()?;
                    self.expect_ident("to")?;
                    (Some(ins), Some(self.type_()?))
                } else {
                    let types = self.type_list()?;
                    if types.len() == 1 {
                        (None, types.into_iter().next())
                    } else {
                        self.check_count(&types, &[1, n], at, mn)?;
                        (Some(types), None)
                    }
                };
                if let Some(ins) = &ins {
                    self.check_count(ins, &[n], at, mn)?;
                    for ((_, e), t) in p.operands.iter_mut().zip(ins) {
                        *e = Some(t.clone());
                    }
                }
                let result = match (result, &ins) {
                    (Some(r), _) => r,
                    (None, Some(ins)) => match kind {
                        OpKind::Join => {
                            let extras =
                                merged_extras(ins.iter().map(Type::extras)).unwrap_or_default();
                            Type::Control(extras)
                        }
                        _ => ins[0].clone(),
                    },
                    (None, None) => Type::control(),
                };
                p.results = vec![result];
            }
            OpKind::Mux => {
                let sel = self.value_ref()?;
                let data = self.bracket_values()?;
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let sel_ty = self.type_()?;
                self.expect_punct(',')?;
                let at = self.peek_start();
                let result = if self.peek_is_punct('[') {
                    let ins = self.bracket_types()?;
                    self.check_count(&ins, &[data.len()], at, mn)?;
                    self.expect_ident("to")?;
                    let r = self.type_()?;
                    p.operands.push((sel, Some(sel_ty)));
                    p.operands
                        .extend(data.into_iter().zip(ins.into_iter().map(Some)));
                    r
                } else {
                    let r = self.type_()?;
                    p.operands.push((sel, Some(sel_ty)));
                    p.untyped(data);
                    r
                };
                p.results = vec![result];
            }
            OpKind::ControlMerge => {
                let refs = self.variadic_values()?;
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let at = self.peek_start();
                if self.peek_is_punct('[') {
                    let ins = self.bracket_types()?;
                    self.check_count(&ins, &[refs.len()], at, mn)?;
                    self.expect_ident("to")?;
                    p.operands = refs.into_iter().zip(ins.into_iter().map(Some)).collect();
                } else {
                    p.untyped(refs);
                }
                let at = self.peek_start();
                let outs = self.type_list()?;
                self.check_count(&outs, &[2], at, mn)?;
                p.results = outs;
            }
            OpKind::Br | OpKind::Sink | OpKind::Buffer(_) | OpKind::Un(_) | OpKind::Bin(_) => {
                let n = if matches!(kind, OpKind::Bin(_)) { 2 } else { 1 };
                let mut refs = vec![self.value_ref()?];
                for _ in 1..n {
                    self.expect_punct(',')?;
                    refs.push(self.value_ref()?);
                }
                if let OpKind::Buffer(_) = kind {
                    let (params, given) = self.buffer_inline_params()?;
                    p.kind = OpKind::Buffer(params);
                    p.inline_buffer = given;
                }
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let ty = self.type_()?;
                p.operands = refs.into_iter().map(|r| (r, Some(ty.clone()))).collect();
                if kind != OpKind::Sink {
                    p.results = vec![ty];
                }
            }
            OpKind::CmpI(_) | OpKind::CmpF(_) => {
                let t = self.next();
                let pred = match (&kind, &t.tok) {
                    (OpKind::CmpI(_), Tok::Ident(s)) => CmpIPred::from_text(s).map(OpKind::CmpI),
                    (_, Tok::Ident(s)) => CmpFPred::from_text(s).map(OpKind::CmpF),
                    _ => None,
                };
                let Some(k) = pred else {
                    let valid: Vec<&str> = match kind {
                        OpKind::CmpI(_) => CmpIPred::ALL.iter().map(|p| p.as_str()).collect(),
                        _ => CmpFPred::ALL.iter().map(|p| p.as_str()).collect(),
                    };
                    return Err(self.err_at(
                        &t,
                        format!(
                            "expected a '{mn}' predicate ({}), found {}",
                            valid.join(", "),
                            t.tok.describe()
                        ),
                    ));
                };
                p.kind = k;
                self.expect_punct(',')?;
                let a = self.value_ref()?;
                self.expect_punct(',')?;
                let b = self.value_ref()?;
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let ty = self.type_()?;
                p.results = vec![i1_like(&ty)];
                p.operands = vec![(a, Some(ty.clone())), (b, Some(ty))];
            }
            OpKind::CondBr | OpKind::Constant { .. } => {
                let mut refs = vec![self.value_ref()?];
                if kind == OpKind::CondBr {
                    self.expect_punct(',')?;
                    refs.push(self.value_ref()?);
                }
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let at = self.peek_start();
                let types = self.type_list()?;
                self.check_count(&types, &[1, 2], at, mn)?;
                let last = types[types.len() - 1].clone();
                let first_ty = (types.len() == 2).then(|| types[0].clone());
                let mut refs = refs.into_iter();
                if let Some(first) = refs.next() {
                    p.operands.push((first, first_ty));
                }
                if let Some(data) = refs.next() {
                    p.operands.push((data, Some(last.clone())));
                    p.results = vec![last.clone(), last];
                } else {
                    p.results = vec![last];
                }
            }
            OpKind::Select => {
                let c = self.value_ref()?;
                let vals = if self.peek_is_punct('[') {
                    self.bracket_values()?
                } else {
                    self.expect_punct(',')?;
                    self.value_list()?
                };
                if vals.len() != 2 {
                    return Err(self.err_span(
                        c.start,
                        self.last_end,
                        "'select' takes a condition and two values",
                    ));
                }
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let at = self.peek_start();
                let types = self.type_list()?;
                self.check_count(&types, &[1, 2], at, mn)?;
                let ty = types[types.len() - 1].clone();
                p.operands
                    .push((c, types.first().filter(|_| types.len() == 2).cloned()));
                p.operands
                    .extend(vals.into_iter().map(|v| (v, Some(ty.clone()))));
                p.results = vec![ty];
            }
            OpKind::Cast(_) | OpKind::Compose | OpKind::Decompose => {
                let r = self.value_ref()?;
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let from = self.type_()?;
                if !self.eat_ident("to") {
                    self.expect_arrow()?;
                }
                let to = self.type_()?;
                p.operands.push((r, Some(from)));
                p.results = vec![to];
            }
            OpKind::Load | OpKind::Store => {
                self.expect_punct('[')?;
                let addr = self.value_ref()?;
                self.expect_punct(']')?;
                let mut refs = vec![addr, self.value_ref()?];
                if kind == OpKind::Store && matches!(self.peek(), Tok::Value(..)) {
                    refs.push(self.value_ref()?);
                }
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let at = self.peek_start();
                let types = self.type_list()?;
                let n = refs.len();
                let allowed: &[usize] = if n == 2 { &[2, 4] } else { &[2 * n] };
                self.check_count(&types, allowed, at, mn)?;
                p.operands = refs
                    .into_iter()
                    .zip(types.iter().cloned().map(Some))
                    .collect();
                p.results = types[types.len() - n..].to_vec();
            }
            OpKind::MemController { .. } => {
                self.expect_punct('[')?;
                let mem = self.value_ref()?;
                self.colon()?;
                let mem_ty = self.type_()?;
                self.expect_punct(']')?;
                let start = self.value_ref()?;
                let ins = self.paren_values()?;
                let end = self.value_ref()?;
                let (in_types, outs) = self.attrs_and_function_type(&mut p, ins.len(), mn)?;
                p.operands.push((mem, Some(mem_ty)));
                p.operands.push((start, None));
                p.operands
                    .extend(ins.into_iter().zip(in_types.into_iter().map(Some)));
                p.operands.push((end, None));
                p.results = outs;
                p.results.push(Type::control());
            }
            OpKind::Lsq { .. } => {
                self.expect_punct('[')?;
                let through_mc = self.eat_ident("MC");
                if !through_mc {
                    let mem = self.value_ref()?;
                    self.colon()?;
                    let mem_ty = self.type_()?;
                    p.operands.push((mem, Some(mem_ty)));
                }
                self.expect_punct(']')?;
                p.kind = OpKind::Lsq {
                    group_sizes: Vec::new(),
                    through_mc,
                };
                self.call_syntax(&mut p, mn)?;
            }
            OpKind::Bundle => {
                let mut refs = self.value_list()?;
                if self.peek_is_punct('[') {
                    refs.extend(self.bracket_values()?);
                }
                self.opt_attrs(&mut p)?;
                self.colon()?;
                p.untyped(refs);
                let at = self.peek_start();
                let types = if self.eat_ident("_") {
                    self.expect_ident("to")?;
                    vec![self.type_()?]
                } else {
                    self.type_list()?
                };
                p.results = if types.len() == 1 {
                    let (_, extra) = bundle_layout(&types[0]).ok_or_else(|| {
                        self.err_span(
                            at,
                            self.last_end,
                            format!(
                                "'bundle' produces a channel or control value, not {}",
                                types[0].long()
                            ),
                        )
                    })?;
                    std::iter::once(types[0].clone()).chain(extra).collect()
                } else {
                    types
                };
            }
            OpKind::Unbundle => {
                let mut refs = vec![self.value_ref()?];
                if self.peek_is_punct('[') {
                    refs.extend(self.bracket_values()?);
                } else if self.eat_punct(',') {
                    refs.extend(self.value_list()?);
                }
                self.opt_attrs(&mut p)?;
                self.colon()?;
                let at = self.peek_start();
                let types = self.type_list()?;
                if self.eat_ident("to") {
                    self.expect_ident("_")?;
                    self.check_count(&types, &[1], at, mn)?;
                    let (_, outs) = unbundle_layout(&types[0]).ok_or_else(|| {
                        self.err_span(
                            at,
                            self.last_end,
                            format!(
                                "'unbundle' takes a channel or control value, not {}",
                                types[0].long()
                            ),
                        )
                    })?;
                    let first = refs.remove(0);
                    p.operands.push((first, Some(types[0].clone())));
                    p.untyped(refs);
                    p.results = outs;
                } else {
                    p.untyped(refs);
                    p.results = types;
                }
            }
        }
        Ok(p)
    }

    /// `, bufferType = X, numSlots = N` after a buffer's operand.
    fn buffer_inline_params(&mut self) -> PResult<(BufferParams, (bool, bool))> {
        let mut params = BufferParams::default();
        let mut given = (false, false);
        while self.eat_punct(',') {
            let t = self.next();
            self.expect_punct('=')?;
            let v = self.next();
            match (&t.tok, &v.tok) {
                (Tok::Ident("bufferType"), Tok::Ident(s)) => {
                    params.buffer_type = Some(self.buffer_type(s, &v)?);
                    given.0 = true;
                }
                (Tok::Ident("numSlots"), Tok::Int(s)) => {
                    params.num_slots = s
                        .parse()
                        .map_err(|_| self.err_at(&v, "expected a slot count"))?;
                    given.1 = true;
                }
                (Tok::Ident(k @ ("dvLatency" | "rLatency")), Tok::Int(s)) => {
                    let n: u32 = s
                        .parse()
                        .map_err(|_| self.err_at(&v, "expected a latency"))?;
                    let t = params.timing.get_or_insert_with(Default::default);
                    if *k == "dvLatency" {
                        (t.d, t.v) = (Some(n), Some(n));
                    } else {
                        t.r = Some(n);
                    }
                }
                _ => return Err(self.err_at(
                    &t,
                    "expected 'bufferType = …', 'numSlots = …', 'dvLatency = …' or 'rLatency = …'",
                )),
            }
        }
        Ok((params, given))
    }

    fn buffer_type(&self, s: &str, t: &super::lexer::Token<'_>) -> PResult<BufferType> {
        self.buffer_type_at(s, t.start)
    }

    pub(super) fn buffer_type_at(&self, s: &str, at: u32) -> PResult<BufferType> {
        BufferType::from_text(s).ok_or_else(|| {
            let valid: Vec<&str> = BufferType::ALL.iter().map(|b| b.as_str()).collect();
            self.err_span(
                at,
                at + s.len() as u32,
                format!(
                    "unknown buffer type '{s}'; expected one of {}",
                    valid.join(", ")
                ),
            )
        })
    }

    fn generic_syntax(&mut self, kind: OpKind) -> PResult<Parsed> {
        let mut p = Parsed::new(kind);
        self.call_syntax(&mut p, "generic operation")?;
        Ok(p)
    }

    /// `(%a, …) {attrs}? : (T, …) -> …`: appends the operands with their types, sets the results.
    fn call_syntax(&mut self, p: &mut Parsed, what: &str) -> PResult<()> {
        let refs = self.paren_values()?;
        let (ins, outs) = self.attrs_and_function_type(p, refs.len(), what)?;
        p.operands
            .extend(refs.into_iter().zip(ins.into_iter().map(Some)));
        p.results = outs;
        Ok(())
    }

    /// `{attrs}? : (T, …) -> …` whose operand list has exactly `operands` types.
    fn attrs_and_function_type(
        &mut self,
        p: &mut Parsed,
        operands: usize,
        what: &str,
    ) -> PResult<(Vec<Type>, Vec<Type>)> {
        self.opt_attrs(p)?;
        self.colon()?;
        let at = self.peek_start();
        let (ins, outs) = self.function_type()?;
        self.check_count(&ins, &[operands], at, what)?;
        Ok((ins, outs))
    }
}
