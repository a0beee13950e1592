//! Parsing of operations: results, mnemonic, then the operation's custom syntax
//! ([`super::custom`]) or the generic form `"handshake.x"(…) : (…) -> (…)`, and the lifting
//! of known attributes into typed fields; the pieces of syntax both forms share.

use super::lexer::Tok;
use super::parser::{BodyState, PResult, Parser, ValueRef};
use crate::handshake::attr::Attr;
use crate::handshake::func::{Func, SourceLoc, ValueId};
use crate::handshake::ops::{
    BinOp, BufferParams, BufferType, CastOp, CmpFPred, CmpIPred, OpKind, UnOp,
};
use crate::handshake::origin::{parse_origin, Origin};
use crate::handshake::types::Type;
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
    pub(super) fn new(kind: OpKind) -> Self {
        Parsed {
            kind,
            inline_buffer: (false, false),
            operands: Vec::new(),
            results: Vec::new(),
            attrs: Vec::new(),
        }
    }

    pub(super) fn untyped(&mut self, refs: Vec<ValueRef>) {
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
        let origin = self.trailing_origin()?;
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
            op.origin = origin;
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

    pub(super) fn opt_attrs(&mut self, p: &mut Parsed) -> PResult<()> {
        if self.peek_is_punct('{') {
            p.attrs.extend(self.attr_dict()?);
        }
        Ok(())
    }

    pub(super) fn colon(&mut self) -> PResult<()> {
        self.expect_punct(':').map(|_| ())
    }

    /// Checks that a type list has one of the allowed lengths.
    pub(super) fn check_count(
        &self,
        types: &[Type],
        allowed: &[usize],
        at: u32,
        what: &str,
    ) -> PResult<()> {
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
    pub(super) fn call_syntax(&mut self, p: &mut Parsed, what: &str) -> PResult<()> {
        let refs = self.paren_values()?;
        let (ins, outs) = self.attrs_and_function_type(p, refs.len(), what)?;
        p.operands
            .extend(refs.into_iter().zip(ins.into_iter().map(Some)));
        p.results = outs;
        Ok(())
    }

    /// `{attrs}? : (T, …) -> …` whose operand list has exactly `operands` types.
    pub(super) fn attrs_and_function_type(
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

impl Parser<'_> {
    /// An optional trailing `loc(…)` after an operation: its [`Origin`] when it is a C range
    /// (see [`parse_origin`]); other locations (aliases, `unknown`) are read and dropped. The
    /// parentheses must balance (strings may hold any character).
    fn trailing_origin(&mut self) -> PResult<Option<Origin>> {
        if !self.eat_ident("loc") {
            return Ok(None);
        }
        let open = self.expect_punct('(')?;
        self.unpeek();
        let rest = self.lexer_mut().rest();
        let (mut depth, mut in_string, mut escaped) = (1u32, false, false);
        let mut close = None;
        for (i, c) in rest.char_indices() {
            match (in_string, escaped, c) {
                (true, true, _) => escaped = false,
                (true, false, '\\') => escaped = true,
                (true, false, '"') | (false, _, '"') => in_string = !in_string,
                (false, _, '(') => depth += 1,
                (false, _, ')') => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(i);
                        break;
                    }
                }
                (false, _, '\n') => break,
                _ => {}
            }
        }
        let Some(close) = close else {
            return Err(self.err_span(open.start, open.end, "unclosed `loc(`"));
        };
        let origin = parse_origin(&rest[..close]);
        self.lexer_mut().bump(close + 1);
        self.last_end = self.lexer_mut().offset();
        Ok(origin)
    }
}
