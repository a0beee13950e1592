//! The custom syntax of each Handshake operation, in Dynamatic's spelling and in the spec's:
//! [`Parser::custom_syntax`] dispatches on the operation's kind to one method per family of
//! operations sharing a syntax.
//!
//! Each method reads the operands, attributes and types after the mnemonic into a
//! [`Parsed`] whose kind it may refine (a callee, a predicate, inline buffer parameters);
//! operand types left `None` are filled in from their definitions later.

use super::lexer::Tok;
use super::ops::Parsed;
use super::parser::{PResult, Parser, ValueRef};
use crate::handshake::ops::{BufferParams, BufferType, CmpFPred, CmpIPred, OpKind};
use crate::handshake::signals::{bundle_layout, merged_extras, unbundle_layout};
use crate::handshake::types::{RawType, Type};
use std::collections::BTreeMap;

/// `channel<i1>` carrying the extras of `like`.
fn i1_like(like: &Type) -> Type {
    Type::Channel {
        data: RawType::Int(1),
        extras: like.extras().to_vec(),
    }
}

impl Parser<'_> {
    /// Parses what follows the mnemonic of an operation of `kind` in its custom syntax.
    pub(super) fn custom_syntax(&mut self, kind: OpKind) -> PResult<Parsed> {
        let mut p = Parsed::new(kind.clone());
        match kind {
            OpKind::End | OpKind::Return => self.end_or_return(&mut p)?,
            OpKind::Instance { .. } => self.instance(&mut p)?,
            OpKind::Fork | OpKind::LazyFork => self.fork(&mut p)?,
            OpKind::Merge | OpKind::Join | OpKind::Blocker | OpKind::Source => {
                self.merge_like(&mut p)?
            }
            OpKind::Mux => self.mux(&mut p)?,
            OpKind::ControlMerge => self.control_merge(&mut p)?,
            OpKind::Br | OpKind::Sink | OpKind::Buffer(_) | OpKind::Un(_) | OpKind::Bin(_) => {
                self.same_typed(&mut p)?
            }
            OpKind::CmpI(_) | OpKind::CmpF(_) => self.compare(&mut p)?,
            OpKind::CondBr | OpKind::Constant { .. } => self.cond_br_or_constant(&mut p)?,
            OpKind::Select => self.select(&mut p)?,
            OpKind::Cast(_) | OpKind::Compose | OpKind::Decompose => self.conversion(&mut p)?,
            OpKind::Load | OpKind::Store => self.load_or_store(&mut p)?,
            OpKind::MemController { .. } => self.mem_controller(&mut p)?,
            OpKind::Lsq { .. } => self.lsq(&mut p)?,
            OpKind::Bundle => self.bundle(&mut p)?,
            OpKind::Unbundle => self.unbundle(&mut p)?,
        }
        Ok(p)
    }

    /// `end %a, … : T, …` and `return %a, … : T, …` (attributes anywhere between); a
    /// `return` yields its operands' types.
    fn end_or_return(&mut self, p: &mut Parsed) -> PResult<()> {
        self.opt_attrs(p)?;
        let refs = self.value_list()?;
        self.opt_attrs(p)?;
        let n = refs.len();
        p.untyped(refs);
        let at = self.peek_start();
        let types = if n > 0 || self.peek_is_punct(':') {
            self.colon()?;
            self.type_list()?
        } else {
            Vec::new()
        };
        self.check_count(&types, &[n], at, p.kind.mnemonic())?;
        self.opt_attrs(p)?;
        for ((_, e), t) in p.operands.iter_mut().zip(&types) {
            *e = Some(t.clone());
        }
        if p.kind == OpKind::Return {
            p.results = types;
        }
        Ok(())
    }

    /// `instance @f(%a, …) : (T, …) -> (U, …)`.
    fn instance(&mut self, p: &mut Parsed) -> PResult<()> {
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
        self.call_syntax(p, p.kind.mnemonic())
    }

    /// `fork [n] %a : T`: `n` results of the operand's type.
    fn fork(&mut self, p: &mut Parsed) -> PResult<()> {
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
        self.opt_attrs(p)?;
        self.colon()?;
        let ty = self.type_()?;
        p.operands.push((r, Some(ty.clone())));
        p.results = vec![ty; n];
        Ok(())
    }

    /// `merge`, `join`, `blocker` and `source`: variadic operands (none for `source`), then
    /// the result type alone, the operand types, or `[T, …] to U`; a `source` may omit its
    /// type (control).
    fn merge_like(&mut self, p: &mut Parsed) -> PResult<()> {
        let source = p.kind == OpKind::Source;
        let refs = if source {
            Vec::new()
        } else {
            self.variadic_values()?
        };
        self.opt_attrs(p)?;
        let n = refs.len();
        p.untyped(refs);
        if source && !self.peek_is_punct(':') {
            p.results = vec![Type::control()];
            return Ok(());
        }
        self.colon()?;
        let (ins, result) = self.merge_like_types(n, p.kind.mnemonic())?;
        if let Some(ins) = &ins {
            for ((_, e), t) in p.operands.iter_mut().zip(ins) {
                *e = Some(t.clone());
            }
        }
        let result = match (result, &ins) {
            (Some(r), _) => r,
            (None, Some(ins)) => merged_result(&p.kind, ins),
            (None, None) => Type::control(),
        };
        p.results = vec![result];
        Ok(())
    }

    /// The types of a merge-like operation `mn` of `n` operands after its colon: `[T, …] to
    /// U` (operands and result), the result's type alone, or the `n` operand types.
    fn merge_like_types(
        &mut self,
        n: usize,
        mn: &str,
    ) -> PResult<(Option<Vec<Type>>, Option<Type>)> {
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
        }
        Ok((ins, result))
    }

    /// `mux %sel [%a, …] : S, T` or `: S, [T, …] to U`.
    fn mux(&mut self, p: &mut Parsed) -> PResult<()> {
        let sel = self.value_ref()?;
        let data = self.bracket_values()?;
        self.opt_attrs(p)?;
        self.colon()?;
        let sel_ty = self.type_()?;
        self.expect_punct(',')?;
        let at = self.peek_start();
        let result = if self.peek_is_punct('[') {
            let ins = self.bracket_types()?;
            self.check_count(&ins, &[data.len()], at, p.kind.mnemonic())?;
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
        Ok(())
    }

    /// `control_merge %a, … : T, I` or `: [T, …] to T, I`.
    fn control_merge(&mut self, p: &mut Parsed) -> PResult<()> {
        let mn = p.kind.mnemonic();
        let refs = self.variadic_values()?;
        self.opt_attrs(p)?;
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
        Ok(())
    }

    /// `br`, `sink`, `buffer` (with its inline parameters), unary and binary operations:
    /// one or two operands and the result of one type, `: T` (a `sink` has no result).
    fn same_typed(&mut self, p: &mut Parsed) -> PResult<()> {
        let n = if matches!(p.kind, OpKind::Bin(_)) {
            2
        } else {
            1
        };
        let mut refs = vec![self.value_ref()?];
        for _ in 1..n {
            self.expect_punct(',')?;
            refs.push(self.value_ref()?);
        }
        if let OpKind::Buffer(_) = p.kind {
            let (params, given) = self.buffer_inline_params()?;
            p.kind = OpKind::Buffer(params);
            p.inline_buffer = given;
        }
        self.opt_attrs(p)?;
        self.colon()?;
        let ty = self.type_()?;
        p.operands = refs.into_iter().map(|r| (r, Some(ty.clone()))).collect();
        if p.kind != OpKind::Sink {
            p.results = vec![ty];
        }
        Ok(())
    }

    /// `cmpi <pred>, %a, %b : T` and `cmpf …`: an `i1` result with the operands' extras.
    fn compare(&mut self, p: &mut Parsed) -> PResult<()> {
        p.kind = self.predicate(&p.kind)?;
        self.expect_punct(',')?;
        let a = self.value_ref()?;
        self.expect_punct(',')?;
        let b = self.value_ref()?;
        self.opt_attrs(p)?;
        self.colon()?;
        let ty = self.type_()?;
        p.results = vec![i1_like(&ty)];
        p.operands = vec![(a, Some(ty.clone())), (b, Some(ty))];
        Ok(())
    }

    /// The predicate of a comparison `kind`: `kind` with it.
    fn predicate(&mut self, kind: &OpKind) -> PResult<OpKind> {
        let t = self.next();
        let pred = match (kind, &t.tok) {
            (OpKind::CmpI(_), Tok::Ident(s)) => CmpIPred::from_text(s).map(OpKind::CmpI),
            (_, Tok::Ident(s)) => CmpFPred::from_text(s).map(OpKind::CmpF),
            _ => None,
        };
        pred.ok_or_else(|| {
            let valid: Vec<&str> = match kind {
                OpKind::CmpI(_) => CmpIPred::ALL.iter().map(|p| p.as_str()).collect(),
                _ => CmpFPred::ALL.iter().map(|p| p.as_str()).collect(),
            };
            self.err_at(
                &t,
                format!(
                    "expected a '{}' predicate ({}), found {}",
                    kind.mnemonic(),
                    valid.join(", "),
                    t.tok.describe()
                ),
            )
        })
    }

    /// `cond_br %c, %d : [C,] T` (two results of the data's type) and `constant %ctrl :
    /// [C,] T`.
    fn cond_br_or_constant(&mut self, p: &mut Parsed) -> PResult<()> {
        let mut refs = vec![self.value_ref()?];
        if p.kind == OpKind::CondBr {
            self.expect_punct(',')?;
            refs.push(self.value_ref()?);
        }
        self.opt_attrs(p)?;
        self.colon()?;
        let at = self.peek_start();
        let types = self.type_list()?;
        self.check_count(&types, &[1, 2], at, p.kind.mnemonic())?;
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
        Ok(())
    }

    /// `select %c [%a, %b] : [C,] T` or `select %c, %a, %b : …`.
    fn select(&mut self, p: &mut Parsed) -> PResult<()> {
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
        self.opt_attrs(p)?;
        self.colon()?;
        let at = self.peek_start();
        let types = self.type_list()?;
        self.check_count(&types, &[1, 2], at, p.kind.mnemonic())?;
        let ty = types[types.len() - 1].clone();
        p.operands
            .push((c, types.first().filter(|_| types.len() == 2).cloned()));
        p.operands
            .extend(vals.into_iter().map(|v| (v, Some(ty.clone()))));
        p.results = vec![ty];
        Ok(())
    }

    /// Casts, `compose` and `decompose`: `%a : T to U` (or `T -> U`).
    fn conversion(&mut self, p: &mut Parsed) -> PResult<()> {
        let r = self.value_ref()?;
        self.opt_attrs(p)?;
        self.colon()?;
        let from = self.type_()?;
        if !self.eat_ident("to") {
            self.expect_arrow()?;
        }
        let to = self.type_()?;
        p.operands.push((r, Some(from)));
        p.results = vec![to];
        Ok(())
    }

    /// `load [%addr] %data : A, D[, A, D]` and `store [%addr] %data[, %ctrl] : …`: the
    /// operands' types, then the results' (the last as many types as operands).
    fn load_or_store(&mut self, p: &mut Parsed) -> PResult<()> {
        self.expect_punct('[')?;
        let addr = self.value_ref()?;
        self.expect_punct(']')?;
        let mut refs = vec![addr, self.value_ref()?];
        if p.kind == OpKind::Store && matches!(self.peek(), Tok::Value(..)) {
            refs.push(self.value_ref()?);
        }
        self.opt_attrs(p)?;
        self.colon()?;
        let at = self.peek_start();
        let types = self.type_list()?;
        let n = refs.len();
        let allowed: &[usize] = if n == 2 { &[2, 4] } else { &[2 * n] };
        self.check_count(&types, allowed, at, p.kind.mnemonic())?;
        p.operands = refs
            .into_iter()
            .zip(types.iter().cloned().map(Some))
            .collect();
        p.results = types[types.len() - n..].to_vec();
        Ok(())
    }

    /// `mem_controller [%mem : M] %start (%a, …) %end : (T, …) -> (U, …)`: the results,
    /// then the end token.
    fn mem_controller(&mut self, p: &mut Parsed) -> PResult<()> {
        self.expect_punct('[')?;
        let mem = self.value_ref()?;
        self.colon()?;
        let mem_ty = self.type_()?;
        self.expect_punct(']')?;
        let start = self.value_ref()?;
        let ins = self.paren_values()?;
        let end = self.value_ref()?;
        let mn = p.kind.mnemonic();
        let (in_types, outs) = self.attrs_and_function_type(p, ins.len(), mn)?;
        p.operands.push((mem, Some(mem_ty)));
        p.operands.push((start, None));
        p.operands
            .extend(ins.into_iter().zip(in_types.into_iter().map(Some)));
        p.operands.push((end, None));
        p.results = outs;
        p.results.push(Type::control());
        Ok(())
    }

    /// `lsq [%mem : M] (%a, …) : (T, …) -> (U, …)` or `lsq [MC] (…) : …` (through a memory
    /// controller).
    fn lsq(&mut self, p: &mut Parsed) -> PResult<()> {
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
        self.call_syntax(p, p.kind.mnemonic())
    }

    /// `bundle %a, … [%e, …] : T, …` or `: _ to T` (the results: the bundle and its
    /// extras' layout).
    fn bundle(&mut self, p: &mut Parsed) -> PResult<()> {
        let mut refs = self.value_list()?;
        if self.peek_is_punct('[') {
            refs.extend(self.bracket_values()?);
        }
        self.opt_attrs(p)?;
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
        Ok(())
    }

    /// `unbundle %a [%r, …] : T to _` (the results: the unbundled layout of `T`) or
    /// `: U, …` (the results' types).
    fn unbundle(&mut self, p: &mut Parsed) -> PResult<()> {
        let mut refs = vec![self.value_ref()?];
        if self.peek_is_punct('[') {
            refs.extend(self.bracket_values()?);
        } else if self.eat_punct(',') {
            refs.extend(self.value_list()?);
        }
        self.opt_attrs(p)?;
        self.colon()?;
        let at = self.peek_start();
        let types = self.type_list()?;
        if self.eat_ident("to") {
            self.expect_ident("_")?;
            self.check_count(&types, &[1], at, p.kind.mnemonic())?;
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
        Ok(())
    }

    /// `[%a, %b]` or `%a, %b`.
    fn variadic_values(&mut self) -> PResult<Vec<ValueRef>> {
        if self.peek_is_punct('[') {
            self.bracket_values()
        } else {
            self.value_list()
        }
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
}

/// The result of a `merge`, `join` or `blocker` written with its operand types only: a
/// `join` yields control with the operands' merged extras, the others the first operand's
/// type.
fn merged_result(kind: &OpKind, ins: &[Type]) -> Type {
    match kind {
        OpKind::Join => {
            let extras = merged_extras(ins.iter().map(Type::extras)).unwrap_or_default();
            Type::Control(extras)
        }
        _ => ins[0].clone(),
    }
}
