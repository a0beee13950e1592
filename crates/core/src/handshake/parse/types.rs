//! Parsing of types and attributes.
//!
//! Types: long (`!handshake.channel<i32, [spec: i1]>`, `!handshake.control<>`), short (`<i32>`,
//! `<>`, `<[spec: i1]>`), the spec's unprefixed forms (`channel<i32>`, `control`), raw types
//! (`i32`, `f32`) and memrefs (`memref<8x8xi32>`). Extra signals: `name: i1`, `name: i1 (U)`,
//! `name: (U) i1`, and unnamed `i1`, `(U) i1`, `i1 (U)`.

use super::lexer::Tok;
use super::parser::{PResult, Parser};
use crate::handshake::attr::{Attr, FloatTy, IntTy, Timing};
use crate::handshake::types::{Direction, ExtraSignal, RawType, Type};
use std::collections::BTreeMap;

/// How deeply attribute values (arrays, dictionaries) may nest.
pub const MAX_ATTR_DEPTH: u32 = 64;

/// Parses `iN`, `f16`, `f32`, `f64`.
pub fn raw_type_of(s: &str) -> Option<RawType> {
    match s {
        "f16" => Some(RawType::F16),
        "f32" => Some(RawType::F32),
        "f64" => Some(RawType::F64),
        _ => {
            let digits = s.strip_prefix('i')?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            digits.parse().ok().map(RawType::Int)
        }
    }
}

fn int_ty_of(s: &str) -> Option<IntTy> {
    let width = |d: &str| {
        if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
            None
        } else {
            d.parse().ok()
        }
    };
    if s == "index" {
        return Some(IntTy::Index);
    }
    if let Some(d) = s.strip_prefix("ui") {
        return width(d).map(IntTy::Unsigned);
    }
    if let Some(d) = s.strip_prefix("si") {
        return width(d).map(IntTy::Signed);
    }
    s.strip_prefix('i').and_then(width).map(IntTy::Signless)
}

impl<'a> Parser<'a> {
    /// Parses a raw type.
    pub fn raw_type(&mut self) -> PResult<RawType> {
        let t = self.next();
        match t.tok {
            Tok::Ident(s) => match raw_type_of(s) {
                Some(r) => Ok(r),
                None if s == "index" => Err(self.err_at(
                    &t,
                    "type 'index' is not supported: use a sized integer type such as i32",
                )),
                None => Err(self.err_at(
                    &t,
                    format!("expected an integer or float type (iN, f16, f32, f64), found '{s}'"),
                )),
            },
            _ => Err(self.err_at(
                &t,
                format!(
                    "expected an integer or float type (iN, f16, f32, f64), found {}",
                    t.tok.describe()
                ),
            )),
        }
    }

    fn direction_mark(&mut self) -> PResult<bool> {
        if !self.peek_is_punct('(') {
            return Ok(false);
        }
        self.next();
        let t = self.next();
        if t.tok != Tok::Ident("U") {
            return Err(self.err_at(&t, "expected 'U' in the upstream marker '(U)'"));
        }
        self.expect_punct(')')?;
        Ok(true)
    }

    fn extra_signal(&mut self) -> PResult<ExtraSignal> {
        let mut up = self.direction_mark()?;
        let mut name = None;
        let ty = if up {
            self.raw_type()?
        } else {
            let t = self.next();
            let Tok::Ident(s) = t.tok else {
                return Err(self.err_at(
                    &t,
                    format!("expected an extra signal, found {}", t.tok.describe()),
                ));
            };
            if self.eat_punct(':') {
                name = Some(s.to_string());
                up = self.direction_mark()?;
                self.raw_type()?
            } else {
                raw_type_of(s).ok_or_else(|| {
                    self.err_at(&t, format!("expected an extra signal type, found '{s}'"))
                })?
            }
        };
        if self.direction_mark()? {
            up = true;
        }
        Ok(ExtraSignal {
            name,
            ty,
            dir: if up { Direction::Up } else { Direction::Down },
        })
    }

    fn extras(&mut self) -> PResult<Vec<ExtraSignal>> {
        self.expect_punct('[')?;
        let mut v = Vec::new();
        if self.eat_punct(']') {
            return Ok(v);
        }
        loop {
            v.push(self.extra_signal()?);
            if self.eat_punct(']') {
                return Ok(v);
            }
            self.expect_punct(',')?;
        }
    }

    /// The inside of `<…>` after the opening `<`, up to and including the `>`.
    fn dataflow_body(&mut self, control_only: bool) -> PResult<Type> {
        if self.eat_punct('>') {
            return Ok(Type::control());
        }
        if self.peek_is_punct('[') {
            let extras = self.extras()?;
            self.expect_punct('>')?;
            return Ok(Type::Control(extras));
        }
        if control_only {
            let t = self.next();
            return Err(self.err_at(
                &t,
                format!(
                    "expected '>' or extra signals in a control type, found {}",
                    t.tok.describe()
                ),
            ));
        }
        let data = self.raw_type()?;
        let extras = if self.eat_punct(',') {
            self.extras()?
        } else {
            Vec::new()
        };
        self.expect_punct('>')?;
        Ok(Type::Channel { data, extras })
    }

    fn memref_body(&mut self) -> PResult<Type> {
        self.unpeek();
        self.lexer_mut().skip_trivia();
        let start = self.lexer_mut().offset();
        let rest = self.lexer_mut().rest();
        let bad = |p: &Self, len: usize| {
            p.err_span(
                start,
                start + len as u32,
                "expected a static memref type such as memref<64xi32>",
            )
        };
        let Some(close) = rest.find('>') else {
            return Err(bad(self, rest.len().min(1)));
        };
        let inner = &rest[..close + 1];
        let Some(body) = inner.strip_prefix('<').and_then(|s| s.strip_suffix('>')) else {
            return Err(bad(self, close + 1));
        };
        let mut parts: Vec<&str> = body.trim().split('x').collect();
        let elem = parts.pop().and_then(|e| raw_type_of(e.trim()));
        let shape: Option<Vec<u64>> = parts.iter().map(|d| d.trim().parse().ok()).collect();
        match (elem, shape) {
            (Some(elem), Some(shape)) if !shape.is_empty() => {
                self.lexer_mut().bump(close + 1);
                Ok(Type::MemRef { shape, elem })
            }
            _ => Err(bad(self, close + 1)),
        }
    }

    /// Parses a type in any of its accepted spellings.
    pub fn type_(&mut self) -> PResult<Type> {
        let t = self.next();
        match t.tok {
            Tok::Bang("handshake.channel") => {
                self.expect_punct('<')?;
                self.dataflow_body(false)
            }
            Tok::Bang("handshake.control") => {
                self.expect_punct('<')?;
                self.dataflow_body(true)
            }
            Tok::Punct('<') => self.dataflow_body(false),
            Tok::Ident("channel") => {
                self.expect_punct('<')?;
                self.dataflow_body(false)
            }
            Tok::Ident("control") => {
                if self.eat_punct('<') {
                    self.dataflow_body(true)
                } else {
                    Ok(Type::control())
                }
            }
            Tok::Ident("memref") => self.memref_body(),
            Tok::Ident("none") => Err(self.err_at(
                &t,
                "'none' is the legacy control type: write 'control' or '!handshake.control<>'",
            )),
            Tok::Ident(s) => match raw_type_of(s) {
                Some(r) => Ok(Type::Raw(r)),
                None => Err(self.err_at(&t, format!("unknown type '{s}'"))),
            },
            _ => Err(self.err_at(&t, format!("expected a type, found {}", t.tok.describe()))),
        }
    }

    /// Parses one or more comma-separated types.
    pub fn type_list(&mut self) -> PResult<Vec<Type>> {
        let mut v = vec![self.type_()?];
        while self.eat_punct(',') {
            v.push(self.type_()?);
        }
        Ok(v)
    }

    /// Parses `[T, …]` (possibly empty).
    pub fn bracket_types(&mut self) -> PResult<Vec<Type>> {
        self.expect_punct('[')?;
        if self.eat_punct(']') {
            return Ok(Vec::new());
        }
        let v = self.type_list()?;
        self.expect_punct(']')?;
        Ok(v)
    }

    /// Parses `(T, …)` (possibly empty).
    pub fn paren_types(&mut self) -> PResult<Vec<Type>> {
        self.expect_punct('(')?;
        if self.eat_punct(')') {
            return Ok(Vec::new());
        }
        let v = self.type_list()?;
        self.expect_punct(')')?;
        Ok(v)
    }

    /// Parses a function type `(T, …) -> R` or `(T, …) -> (R, …)`.
    pub fn function_type(&mut self) -> PResult<(Vec<Type>, Vec<Type>)> {
        let ins = self.paren_types()?;
        self.expect_arrow()?;
        let outs = if self.peek_is_punct('(') {
            self.paren_types()?
        } else {
            vec![self.type_()?]
        };
        Ok((ins, outs))
    }

    /// Parses `{k = v, …}` into (key, value, key offset) entries.
    pub fn attr_dict(&mut self) -> PResult<Vec<(String, Attr, u32)>> {
        self.expect_punct('{')?;
        let mut v = Vec::new();
        if self.eat_punct('}') {
            return Ok(v);
        }
        loop {
            let t = self.next();
            let key = match t.tok {
                Tok::Ident(s) => s.to_string(),
                Tok::Str(s) => s,
                _ => {
                    return Err(self.err_at(
                        &t,
                        format!("expected an attribute name, found {}", t.tok.describe()),
                    ))
                }
            };
            let value = if self.eat_punct('=') {
                self.attr()?
            } else {
                Attr::Unit
            };
            v.push((key, value, t.start));
            if self.eat_punct('}') {
                return Ok(v);
            }
            self.expect_punct(',')?;
        }
    }

    /// Parses one attribute value (nested at most [`MAX_ATTR_DEPTH`] levels deep).
    pub fn attr(&mut self) -> PResult<Attr> {
        if self.attr_depth >= MAX_ATTR_DEPTH {
            let at = self.peek_start();
            return Err(self.err_span(at, at + 1, "attribute values are nested too deeply"));
        }
        self.attr_depth += 1;
        let result = self.attr_inner();
        self.attr_depth -= 1;
        result
    }

    fn attr_inner(&mut self) -> PResult<Attr> {
        let t = self.next();
        match t.tok {
            Tok::Int(s) => self.number_attr(&t, s, false),
            Tok::Float(s) => self.number_attr(&t, s, true),
            Tok::Ident("true") => Ok(Attr::Bool(true)),
            Tok::Ident("false") => Ok(Attr::Bool(false)),
            Tok::Ident("unit") => Ok(Attr::Unit),
            Tok::Ident(s) if raw_type_of(s).is_some() => Ok(Attr::Type(Type::Raw(
                raw_type_of(s).unwrap_or(RawType::Int(1)),
            ))),
            Tok::Ident(s) => Ok(Attr::Opaque(s.to_string())),
            Tok::Str(s) => Ok(Attr::Str(s)),
            Tok::Symbol(s) => Ok(Attr::Symbol(s.to_string())),
            Tok::Hash(s) => {
                Ok(timing_of(s).map_or_else(|| Attr::Opaque(s.to_string()), Attr::Timing))
            }
            Tok::Bang(_) => {
                self.push_back(t);
                Ok(Attr::Type(self.type_()?))
            }
            Tok::Punct('[') => {
                let mut items = Vec::new();
                if !self.eat_punct(']') {
                    loop {
                        items.push(self.attr()?);
                        if self.eat_punct(']') {
                            break;
                        }
                        self.expect_punct(',')?;
                    }
                }
                Ok(Attr::Array(items))
            }
            Tok::Punct('{') => {
                self.push_back(t);
                let entries = self.attr_dict()?;
                let mut map = BTreeMap::new();
                for (k, v, at) in entries {
                    if map.insert(k.clone(), v).is_some() {
                        return Err(self.err_span(
                            at,
                            at + k.len() as u32,
                            format!("duplicate key '{k}' in dictionary"),
                        ));
                    }
                }
                Ok(Attr::Dict(map))
            }
            _ => Err(self.err_at(
                &t,
                format!("expected an attribute value, found {}", t.tok.describe()),
            )),
        }
    }

    fn number_attr(
        &mut self,
        t: &super::lexer::Token<'a>,
        text: &str,
        is_float: bool,
    ) -> PResult<Attr> {
        let ty = if self.eat_punct(':') {
            let tt = self.next();
            match tt.tok {
                Tok::Ident("f32") => Some(Err(FloatTy::F32)),
                Tok::Ident("f64") => Some(Err(FloatTy::F64)),
                Tok::Ident(s) => match int_ty_of(s) {
                    Some(i) => Some(Ok(i)),
                    None => {
                        return Err(self.err_at(&tt, format!("unsupported attribute type '{s}'")))
                    }
                },
                _ => {
                    return Err(self.err_at(
                        &tt,
                        format!("expected an attribute type, found {}", tt.tok.describe()),
                    ))
                }
            }
        } else {
            None
        };
        let float_ty = match ty {
            Some(Err(f)) => Some(f),
            None if is_float => Some(FloatTy::F64),
            _ => None,
        };
        if let Some(fty) = float_ty {
            return float_attr(text, fty)
                .ok_or_else(|| self.err_at(t, format!("invalid float literal '{text}'")));
        }
        if is_float {
            return Err(self.err_at(t, "a float literal needs a float type (f32 or f64)"));
        }
        let ity = match ty {
            Some(Ok(i)) => i,
            _ => IntTy::Default,
        };
        let value = parse_int(text)
            .and_then(|v| {
                i64::try_from(v)
                    .ok()
                    .or_else(|| u64::try_from(v).ok().map(|u| u as i64))
            })
            .ok_or_else(|| self.err_at(t, format!("integer literal '{text}' is too large")))?;
        Ok(Attr::Int { value, ty: ity })
    }
}

/// Parses a decimal or `0x` integer literal (optionally negative).
pub fn parse_int(text: &str) -> Option<i128> {
    let (neg, body) = match text.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, text),
    };
    let v = match body.strip_prefix("0x") {
        Some(h) => i128::from_str_radix(h, 16).ok()?,
        None => body.parse::<i128>().ok()?,
    };
    Some(if neg { -v } else { v })
}

fn float_attr(text: &str, ty: FloatTy) -> Option<Attr> {
    if let Some(hex) = text.strip_prefix("0x") {
        let bits = u64::from_str_radix(hex, 16).ok()?;
        if ty == FloatTy::F32 && bits > u32::MAX as u64 {
            return None;
        }
        return Some(Attr::Float { bits, ty });
    }
    match ty {
        FloatTy::F32 => text.parse::<f32>().ok().map(Attr::f32),
        FloatTy::F64 => text.parse::<f64>().ok().map(Attr::f64),
    }
}

/// Parses `#handshake<timing {D: 1, V: 1, R: 0}>`.
fn timing_of(raw: &str) -> Option<Timing> {
    let body = raw
        .strip_prefix("#handshake<timing")?
        .trim()
        .strip_prefix('{')?
        .strip_suffix('>')?
        .trim_end()
        .strip_suffix('}')?;
    let mut t = Timing::default();
    for entry in body.split(',').filter(|e| !e.trim().is_empty()) {
        let (k, v) = entry.split_once(':')?;
        let v: u32 = v.trim().parse().ok()?;
        let slot = match k.trim() {
            "D" => &mut t.d,
            "V" => &mut t.v,
            "R" => &mut t.r,
            _ => return None,
        };
        if slot.replace(v).is_some() {
            return None;
        }
    }
    Some(t)
}
