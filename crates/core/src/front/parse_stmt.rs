//! Statement parsing: blocks, declarations, control flow, labels and `goto`.

use super::ast::*;
use super::lex::TokKind;
use super::parse::Parser;

impl Parser<'_> {
    /// Parses `{ … }` and returns the statements inside.
    pub(super) fn block_body(&mut self) -> Vec<Stmt> {
        self.expect("{");
        let mut stmts = Vec::new();
        if !self.enter() {
            self.leave();
            self.skip_block();
            return stmts;
        }
        while !self.is("}") && !self.at_end() {
            let before = self.pos;
            if let Some(s) = self.stmt() {
                stmts.push(s);
            }
            if self.pos == before {
                self.pos += 1;
            }
        }
        self.leave();
        self.expect("}");
        stmts
    }

    /// Skips to just after the `}` that closes a block whose `{` is already consumed.
    pub(super) fn skip_block(&mut self) {
        let mut depth = 1usize;
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.is_punct("{") {
                depth += 1;
            } else if t.is_punct("}") {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
        }
    }

    /// Parses one statement; `None` after an error (already reported and recovered from).
    pub(super) fn stmt(&mut self) -> Option<Stmt> {
        if !self.enter() {
            self.leave();
            self.recover();
            return None;
        }
        let s = self.stmt_inner();
        self.leave();
        s
    }

    fn stmt_inner(&mut self) -> Option<Stmt> {
        let start = self.span();
        let Some(t) = self.peek() else {
            self.error(start, "expected a statement, found the end of the file");
            return None;
        };
        let kind = if t.is_punct("{") {
            StmtKind::Block(self.block_body())
        } else if t.is_punct(";") {
            self.pos += 1;
            StmtKind::Empty
        } else if t.kind == TokKind::Ident {
            match t.text.as_str() {
                "if" => self.if_stmt()?,
                "while" => {
                    self.pos += 1;
                    let c = self.paren_expr()?;
                    StmtKind::While(c, Box::new(self.stmt()?))
                }
                "do" => {
                    self.pos += 1;
                    let body = self.stmt()?;
                    if !self.eat_kw("while") {
                        let s = self.span();
                        self.error(s, "expected `while` after the body of `do`");
                        self.recover();
                        return None;
                    }
                    let c = self.paren_expr()?;
                    self.semi()?;
                    StmtKind::DoWhile(Box::new(body), c)
                }
                "for" => self.for_stmt()?,
                "switch" => {
                    self.pos += 1;
                    let c = self.paren_expr()?;
                    StmtKind::Switch(c, Box::new(self.stmt()?))
                }
                "case" => {
                    self.pos += 1;
                    let e = self.cond_expr();
                    self.expect(":");
                    StmtKind::Case(e?)
                }
                "default" => {
                    self.pos += 1;
                    self.expect(":")?;
                    StmtKind::Default
                }
                "break" => {
                    self.pos += 1;
                    self.semi()?;
                    StmtKind::Break
                }
                "continue" => {
                    self.pos += 1;
                    self.semi()?;
                    StmtKind::Continue
                }
                "return" => {
                    self.pos += 1;
                    let e = if self.is(";") {
                        None
                    } else {
                        Some(self.expr_or_recover()?)
                    };
                    self.semi()?;
                    StmtKind::Return(e)
                }
                "goto" => {
                    self.pos += 1;
                    let (name, span) = self.label_name()?;
                    self.semi()?;
                    StmtKind::Goto(name, span)
                }
                "else" => {
                    self.error(start, "`else` without a matching `if`");
                    self.pos += 1;
                    return None;
                }
                _ if self.peek_at(1).is_some_and(|n| n.is_punct(":"))
                    && !self.typedefs.contains_key(&t.text)
                    && !super::parse::is_keyword(&t.text) =>
                {
                    self.labeled(t.text.clone(), start)?
                }
                _ if self.starts_type() => StmtKind::Decl(self.local_decl()?),
                _ => self.expr_stmt()?,
            }
        } else {
            self.expr_stmt()?
        };
        Some(Stmt {
            kind,
            span: start.join(self.prev_span()),
        })
    }

    /// The label name after `goto`.
    fn label_name(&mut self) -> Option<(String, crate::diag::Span)> {
        let span = self.span();
        match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !super::parse::is_keyword(&t.text) => {
                let name = t.text.clone();
                self.pos += 1;
                Some((name, span))
            }
            _ => {
                self.error(span, "expected a label name after `goto`");
                self.recover();
                None
            }
        }
    }

    /// `name: statement`, the name and colon not yet consumed. As in C11, the label must be
    /// followed by a statement: neither a declaration nor the end of the block.
    fn labeled(&mut self, name: String, span: crate::diag::Span) -> Option<StmtKind> {
        self.pos += 2;
        let missing = if self.is("}") {
            Some((
                format!("label `{name}` at the end of a block"),
                "C11 needs a statement after a label: write `;` after the colon",
            ))
        } else if self.starts_type() {
            Some((
                format!("label `{name}` before a declaration"),
                "in C11 a label can only be part of a statement and a declaration is not a \
                 statement: write `;` after the colon",
            ))
        } else {
            None
        };
        // After the error the label still labels an empty statement, so `goto`s resolve.
        let s = match missing {
            Some((msg, note)) => {
                self.error_note(span, msg, note);
                Stmt {
                    kind: StmtKind::Empty,
                    span,
                }
            }
            None => self.stmt()?,
        };
        Some(StmtKind::Label(name, span, Box::new(s)))
    }

    fn semi(&mut self) -> Option<()> {
        if self.expect(";").is_none() {
            self.recover();
            return None;
        }
        Some(())
    }

    fn expr_or_recover(&mut self) -> Option<Expr> {
        let e = self.expr();
        if e.is_none() {
            self.recover();
        }
        e
    }

    fn expr_stmt(&mut self) -> Option<StmtKind> {
        let e = self.expr_or_recover()?;
        self.semi()?;
        Some(StmtKind::Expr(e))
    }

    /// `( expr )`.
    fn paren_expr(&mut self) -> Option<Expr> {
        if self.expect("(").is_none() {
            self.recover();
            return None;
        }
        let e = self.expr_or_recover()?;
        if self.expect(")").is_none() {
            self.recover();
            return None;
        }
        Some(e)
    }

    fn if_stmt(&mut self) -> Option<StmtKind> {
        self.pos += 1;
        let c = self.paren_expr()?;
        let then = self.stmt()?;
        let els = if self.eat_kw("else") {
            Some(Box::new(self.stmt()?))
        } else {
            None
        };
        Some(StmtKind::If(c, Box::new(then), els))
    }

    fn for_stmt(&mut self) -> Option<StmtKind> {
        self.pos += 1;
        if self.expect("(").is_none() {
            self.recover();
            return None;
        }
        let init_start = self.span();
        let init = if self.eat(";") {
            None
        } else if self.starts_type() {
            let d = self.local_decl()?;
            Some(Box::new(Stmt {
                kind: StmtKind::Decl(d),
                span: init_start.join(self.prev_span()),
            }))
        } else {
            let e = self.expr_or_recover()?;
            self.semi()?;
            Some(Box::new(Stmt {
                span: e.span,
                kind: StmtKind::Expr(e),
            }))
        };
        let cond = if self.is(";") {
            None
        } else {
            Some(self.expr_or_recover()?)
        };
        self.semi()?;
        let step = if self.is(")") {
            None
        } else {
            Some(self.expr_or_recover()?)
        };
        if self.expect(")").is_none() {
            self.recover();
            return None;
        }
        let body = Box::new(self.stmt()?);
        Some(StmtKind::For {
            init,
            cond,
            step,
            body,
        })
    }

    /// A local declaration up to and including its `;`.
    fn local_decl(&mut self) -> Option<Vec<VarDecl>> {
        let Some(specs) = self.specs() else {
            self.recover();
            return None;
        };
        let mut decls = Vec::new();
        loop {
            let Some((name, span)) = self.declarator_name() else {
                self.recover();
                return None;
            };
            if self.is("(") {
                self.error_note(
                    span,
                    "functions cannot be declared inside a function",
                    "declare helper functions at file scope",
                );
                self.recover();
                return None;
            }
            let before = self.diags.len();
            let d = self.var_rest(&specs, name, span);
            if let Some(d) = d {
                if specs.is_typedef {
                    self.typedefs.insert(d.name, d.ty);
                } else {
                    decls.push(d);
                }
            }
            if self.diags.len() > before {
                // Keep the declaration (so later uses resolve) and skip the rest.
                self.recover();
                return Some(decls);
            }
            if !self.eat(",") {
                break;
            }
        }
        if self.expect(";").is_none() {
            self.recover();
        }
        Some(decls)
    }
}
