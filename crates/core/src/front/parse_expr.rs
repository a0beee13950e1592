//! Expression parsing by precedence climbing, and the classification of numeric literals
//! (C's rules for the type of an integer constant, `f` suffixes).

use super::ast::*;
use super::lex::TokKind;
use super::parse::{is_keyword, Parser};
use super::types::{CType, ScalarTy};
use crate::diag::Span;

/// Binary operators by precedence level, loosest first.
const LEVELS: [&[(&str, BinOp)]; 10] = [
    &[("||", BinOp::LogOr)],
    &[("&&", BinOp::LogAnd)],
    &[("|", BinOp::BitOr)],
    &[("^", BinOp::BitXor)],
    &[("&", BinOp::BitAnd)],
    &[("==", BinOp::Eq), ("!=", BinOp::Ne)],
    &[
        ("<", BinOp::Lt),
        (">", BinOp::Gt),
        ("<=", BinOp::Le),
        (">=", BinOp::Ge),
    ],
    &[("<<", BinOp::Shl), (">>", BinOp::Shr)],
    &[("+", BinOp::Add), ("-", BinOp::Sub)],
    &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Rem)],
];

const ASSIGN_OPS: [(&str, Option<BinOp>); 11] = [
    ("=", None),
    ("+=", Some(BinOp::Add)),
    ("-=", Some(BinOp::Sub)),
    ("*=", Some(BinOp::Mul)),
    ("/=", Some(BinOp::Div)),
    ("%=", Some(BinOp::Rem)),
    ("<<=", Some(BinOp::Shl)),
    (">>=", Some(BinOp::Shr)),
    ("&=", Some(BinOp::BitAnd)),
    ("|=", Some(BinOp::BitOr)),
    ("^=", Some(BinOp::BitXor)),
];

fn mk(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

impl Parser<'_> {
    /// A full expression (with the comma operator).
    pub(crate) fn expr(&mut self) -> Option<Expr> {
        let mut e = self.assign_expr()?;
        let mut depth = 0;
        let mut ok = true;
        while self.eat(",") {
            depth += 1;
            if !self.enter() {
                ok = false;
                break;
            }
            let Some(r) = self.assign_expr() else {
                ok = false;
                break;
            };
            let span = e.span.join(r.span);
            e = mk(ExprKind::Comma(Box::new(e), Box::new(r)), span);
        }
        for _ in 0..depth {
            self.leave();
        }
        ok.then_some(e)
    }

    /// An assignment expression.
    pub(crate) fn assign_expr(&mut self) -> Option<Expr> {
        self.nested(Self::assign_inner)
    }

    fn assign_inner(&mut self) -> Option<Expr> {
        let lhs = self.cond_expr()?;
        for (sym, op) in ASSIGN_OPS {
            if self.eat(sym) {
                let rhs = self.assign_expr()?;
                let span = lhs.span.join(rhs.span);
                return Some(mk(ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)), span));
            }
        }
        Some(lhs)
    }

    /// A conditional expression (`?:` and everything tighter).
    pub(crate) fn cond_expr(&mut self) -> Option<Expr> {
        let c = self.binary(0)?;
        if !self.eat("?") {
            return Some(c);
        }
        let a = self.expr()?;
        self.expect(":")?;
        let b = self.nested(Self::cond_expr)?;
        let span = c.span.join(b.span);
        Some(mk(
            ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
            span,
        ))
    }

    fn binary(&mut self, level: usize) -> Option<Expr> {
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        // Each operator deepens the (left-leaning) tree: count it as nesting so later
        // recursive passes over the tree stay within the stack.
        let mut depth = 0;
        let result = 'outer: loop {
            for (sym, op) in LEVELS[level] {
                if self.eat(sym) {
                    depth += 1;
                    if !self.enter() {
                        break 'outer None;
                    }
                    let Some(rhs) = self.binary(level + 1) else {
                        break 'outer None;
                    };
                    let span = lhs.span.join(rhs.span);
                    lhs = mk(ExprKind::Binary(*op, Box::new(lhs), Box::new(rhs)), span);
                    continue 'outer;
                }
            }
            break Some(lhs);
        };
        for _ in 0..depth {
            self.leave();
        }
        result
    }

    fn unary(&mut self) -> Option<Expr> {
        self.nested(Self::unary_inner)
    }

    fn unary_inner(&mut self) -> Option<Expr> {
        let start = self.span();
        let un = |s: &str| match s {
            "-" => Some(UnOp::Neg),
            "+" => Some(UnOp::Plus),
            "!" => Some(UnOp::Not),
            "~" => Some(UnOp::BitNot),
            _ => None,
        };
        let t = self.peek()?;
        if t.kind == TokKind::Punct {
            if let Some(op) = un(&t.text) {
                self.pos += 1;
                let e = self.unary()?;
                let span = start.join(e.span);
                return Some(mk(ExprKind::Unary(op, Box::new(e)), span));
            }
            if t.text == "++" || t.text == "--" {
                self.pos += 1;
                let e = self.unary()?;
                let span = start.join(e.span);
                let inc = t.text == "++";
                return Some(mk(
                    ExprKind::IncDec {
                        inc,
                        prefix: true,
                        target: Box::new(e),
                    },
                    span,
                ));
            }
            if t.text == "&" || t.text == "*" {
                let what = if t.text == "&" {
                    "taking the address of a variable (`&`)"
                } else {
                    "dereferencing (`*`)"
                };
                self.error_note(
                    start,
                    format!("pointers are not supported: {what}"),
                    "use arrays with indices instead",
                );
                self.pos += 1;
                // Parse the operand for recovery, but do not check it further.
                let e = self.unary()?;
                return Some(mk(ExprKind::Int(0, ScalarTy::I32), start.join(e.span)));
            }
            if t.text == "("
                && self.peek_at(1).is_some_and(|_| {
                    self.pos += 1;
                    let r = self.starts_type();
                    self.pos -= 1;
                    r
                })
            {
                self.pos += 1;
                let ty = self.type_name()?;
                self.expect(")")?;
                let e = self.unary()?;
                let span = start.join(e.span);
                return Some(mk(ExprKind::Cast(ty, Box::new(e)), span));
            }
        }
        if t.is_ident("sizeof") {
            self.pos += 1;
            if self.is("(") && {
                self.pos += 1;
                let r = self.starts_type();
                self.pos -= 1;
                r
            } {
                self.pos += 1;
                let ty = self.type_name()?;
                self.expect(")")?;
                return Some(mk(ExprKind::SizeofType(ty), start.join(self.prev_span())));
            }
            let e = self.unary()?;
            let span = start.join(e.span);
            return Some(mk(ExprKind::SizeofExpr(Box::new(e)), span));
        }
        self.postfix()
    }

    /// A type name inside a cast or `sizeof`.
    fn type_name(&mut self) -> Option<CType> {
        let specs = self.specs()?;
        if self.is("*") {
            let s = self.span();
            self.error_note(
                s,
                "pointers are not supported",
                "use arrays with indices instead",
            );
            while self.eat("*") {}
        }
        let Some(base) = specs.ty else {
            self.error(specs.span, "cannot convert to `void`");
            return None;
        };
        Some(self.dims(&base, specs.span))
    }

    fn postfix(&mut self) -> Option<Expr> {
        let mut e = self.primary()?;
        loop {
            if self.eat("[") {
                let i = self.expr()?;
                self.expect("]")?;
                let span = e.span.join(self.prev_span());
                e = mk(ExprKind::Index(Box::new(e), Box::new(i)), span);
            } else if self.is("++") || self.is("--") {
                let inc = self.is("++");
                self.pos += 1;
                let span = e.span.join(self.prev_span());
                e = mk(
                    ExprKind::IncDec {
                        inc,
                        prefix: false,
                        target: Box::new(e),
                    },
                    span,
                );
            } else if self.is(".") || self.is("->") {
                let s = self.span();
                self.error_note(
                    s,
                    "structs are not supported (member access)",
                    "pass each field as its own scalar or array",
                );
                self.pos += 1;
                self.ident("a member name")?;
            } else if self.is("(") {
                let s = self.span();
                self.error(s, "only named functions can be called");
                return None;
            } else {
                return Some(e);
            }
        }
    }

    fn primary(&mut self) -> Option<Expr> {
        let Some(t) = self.peek() else {
            let s = self.span();
            self.error(s, "expected an expression, found the end of the file");
            return None;
        };
        let span = t.span;
        match &t.kind {
            TokKind::Number => {
                self.pos += 1;
                match classify_number(&t.text) {
                    Ok(k) => Some(mk(k, span)),
                    Err((msg, note)) => {
                        self.error_note(span, msg, note);
                        Some(mk(ExprKind::Int(0, ScalarTy::I32), span))
                    }
                }
            }
            TokKind::Char(v) => {
                self.pos += 1;
                Some(mk(ExprKind::Int(*v as i128, ScalarTy::I32), span))
            }
            TokKind::Str(s) => {
                self.pos += 1;
                let mut s = s.clone();
                while let Some(TokKind::Str(more)) = self.peek().map(|t| &t.kind) {
                    s.push_str(more);
                    self.pos += 1;
                }
                Some(mk(ExprKind::Str(s), span.join(self.prev_span())))
            }
            TokKind::Ident if !is_keyword(&t.text) => {
                self.pos += 1;
                if self.is("(") {
                    self.pos += 1;
                    let mut args = Vec::new();
                    while !self.is(")") && !self.at_end() {
                        args.push(self.assign_expr()?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(")")?;
                    let full = span.join(self.prev_span());
                    return Some(mk(ExprKind::Call(t.text.clone(), span, args), full));
                }
                Some(mk(ExprKind::Name(t.text.clone()), span))
            }
            TokKind::Punct if t.text == "(" => {
                self.pos += 1;
                let e = self.expr()?;
                self.expect(")")?;
                Some(Expr {
                    kind: e.kind,
                    span: span.join(self.prev_span()),
                })
            }
            _ => {
                self.error(span, format!("expected an expression, found `{}`", t.text));
                None
            }
        }
    }
}

type LitError = (String, &'static str);

/// Classifies a preprocessing number as an integer or floating constant with its C type.
pub fn classify_number(text: &str) -> Result<ExprKind, LitError> {
    let lower = text.to_ascii_lowercase();
    let is_hex = lower.starts_with("0x");
    let is_float =
        !is_hex && (lower.contains('.') || lower.contains('e')) || is_hex && lower.contains('p');
    if is_float {
        return classify_float(text, &lower);
    }
    let digits_end = lower
        .char_indices()
        .skip(if is_hex { 2 } else { 0 })
        .find(|(_, c)| !c.is_ascii_hexdigit() || (!is_hex && c.is_ascii_alphabetic()))
        .map_or(lower.len(), |(i, _)| i);
    let (digits, suffix) = lower.split_at(digits_end);
    let bad = || {
        (
            format!("invalid number `{text}`"),
            "check the digits and the suffix",
        )
    };
    let (unsigned, long) = match suffix {
        "" => (false, false),
        "u" => (true, false),
        "l" | "ll" => (false, true),
        "ul" | "lu" | "ull" | "llu" => (true, true),
        _ => return Err(bad()),
    };
    let (radix, body) = if is_hex {
        (16, &digits[2..])
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    let value = u64::from_str_radix(body, radix).map_err(|_| {
        if body.chars().all(|c| c.is_digit(radix)) && !body.is_empty() {
            too_big(text)
        } else {
            bad()
        }
    })?;
    // C11 6.4.4.1: the first type of the suffix's list that holds the value; decimal constants
    // without `u` stay signed, octal and hexadecimal ones may become unsigned.
    let fits = |t: ScalarTy| t.wrap(value as i128) == value as i128;
    let candidates: &[ScalarTy] = match (unsigned, long, radix == 10) {
        (false, false, true) => &[ScalarTy::I32, ScalarTy::I64],
        (false, false, false) => &[ScalarTy::I32, ScalarTy::U32, ScalarTy::I64, ScalarTy::U64],
        (true, false, _) => &[ScalarTy::U32, ScalarTy::U64],
        (false, true, true) => &[ScalarTy::I64],
        (false, true, false) => &[ScalarTy::I64, ScalarTy::U64],
        (true, true, _) => &[ScalarTy::U64],
    };
    let ty = candidates
        .iter()
        .copied()
        .find(|&t| fits(t))
        .ok_or_else(|| too_big(text))?;
    Ok(ExprKind::Int(value as i128, ty))
}

fn too_big(text: &str) -> LitError {
    (
        format!("integer constant `{text}` does not fit in 64 bits"),
        "the largest integer constant is 18446744073709551615 (with a `u` suffix)",
    )
}

fn classify_float(text: &str, lower: &str) -> Result<ExprKind, LitError> {
    if lower.starts_with("0x") {
        return Err((
            format!("hexadecimal floating constants are not supported (`{text}`)"),
            "write the value in decimal",
        ));
    }
    let bad = || {
        (
            format!("invalid floating constant `{text}`"),
            "check the digits and the suffix",
        )
    };
    if let Some(body) = lower.strip_suffix('f') {
        let v: f32 = body.parse().map_err(|_| bad())?;
        return Ok(ExprKind::Float(v as f64, ScalarTy::F32));
    }
    if lower.ends_with('l') {
        return Err((
            format!("`long double` constants are not supported (`{text}`)"),
            "drop the `l` suffix",
        ));
    }
    let v: f64 = lower.parse().map_err(|_| bad())?;
    Ok(ExprKind::Float(v, ScalarTy::F64))
}

#[cfg(test)]
mod tests {
    use super::{classify_number, ExprKind, ScalarTy};

    fn int(text: &str) -> Option<(i128, ScalarTy)> {
        match classify_number(text) {
            Ok(ExprKind::Int(v, t)) => Some((v, t)),
            _ => None,
        }
    }

    #[test]
    fn integer_constants_take_the_first_type_of_their_list() {
        use ScalarTy::*;
        assert_eq!(int("2147483647"), Some((2147483647, I32)));
        assert_eq!(int("2147483648"), Some((2147483648, I64)));
        assert_eq!(int("0x80000000"), Some((0x8000_0000, U32)));
        assert_eq!(int("0x100000000"), Some((1 << 32, I64)));
        assert_eq!(int("0x8000000000000000"), Some((1 << 63, U64)));
        assert_eq!(int("4294967296u"), Some((1 << 32, U64)));
        assert_eq!(int("1L"), Some((1, I64)));
        assert_eq!(int("1ll"), Some((1, I64)));
        assert_eq!(int("1ULL"), Some((1, U64)));
        assert_eq!(int("18446744073709551615u"), Some((u64::MAX as i128, U64)));
        // A decimal constant without `u` never becomes unsigned.
        assert_eq!(int("9223372036854775808"), None);
        assert_eq!(int("18446744073709551616u"), None);
    }
}
