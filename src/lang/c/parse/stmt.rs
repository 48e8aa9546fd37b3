//! Statements: blocks, declarations, `if`, the three loops, `switch`,
//! `break`, `continue`, `return`; `goto` is refused by name.

use super::super::ast::{Case, Loop, LoopKind, Stmt, StmtKind, Switch};
use super::super::types::Value;
use super::super::{CError, ErrorKind};
use super::Parser;
use std::collections::HashMap;

impl Parser<'_> {
    /// `{ … }` in a scope of its own.
    pub(super) fn block(&mut self) -> Result<Stmt, CError> {
        let pos = self.pos();
        self.expect("{")?;
        self.scopes.push(HashMap::new());
        let mut body = Vec::new();
        while !self.eat("}") {
            if self.peek().is_none() {
                return Err(self.err(pos, ErrorKind::Syntax, "this `{` is never closed"));
            }
            body.push(self.statement()?);
        }
        self.scopes.pop();
        Ok(Stmt {
            kind: StmtKind::Block(body),
            pos,
        })
    }

    pub(super) fn statement(&mut self) -> Result<Stmt, CError> {
        self.deeper()?;
        let s = self.statement_inner();
        self.depth -= 1;
        s
    }

    fn statement_inner(&mut self) -> Result<Stmt, CError> {
        let pos = self.pos();
        let word = self.peek().and_then(|t| t.ident()).unwrap_or("");
        let kind = match word {
            _ if self.at("{") => return self.block(),
            _ if self.eat(";") => StmtKind::Empty,
            "if" => {
                self.i += 1;
                let c = self.condition()?;
                let then = Box::new(self.sub_statement()?);
                let other = if self.eat_word("else") {
                    Some(Box::new(self.sub_statement()?))
                } else {
                    None
                };
                StmtKind::If(c, then, other)
            }
            "while" => {
                self.i += 1;
                let c = self.condition()?;
                StmtKind::Loop(Loop::conditional(LoopKind::While, c, self.loop_body()?))
            }
            "do" => {
                self.i += 1;
                let body = self.loop_body()?;
                if !self.eat_word("while") {
                    return Err(self.syntax(format!(
                        "expected `while` after a `do` body, found {}",
                        self.found()
                    )));
                }
                let c = self.condition()?;
                self.expect(";")?;
                StmtKind::Loop(Loop::conditional(LoopKind::DoWhile, c, body))
            }
            "for" => return self.for_loop(pos),
            "break" | "continue" => {
                self.i += 1;
                if self.loops == 0 && (word == "continue" || self.switches == 0) {
                    let outside = if word == "break" { "a loop or a `switch`" } else { "a loop" };
                    return Err(self.err(
                        pos,
                        ErrorKind::Syntax,
                        format!("`{word}` outside {outside}"),
                    ));
                }
                self.expect(";")?;
                if word == "break" {
                    StmtKind::Break
                } else {
                    StmtKind::Continue
                }
            }
            "return" => {
                self.i += 1;
                let value = if self.at(";") {
                    None
                } else {
                    Some(self.expression()?)
                };
                match (&value, self.ret) {
                    (None, Some(_)) => {
                        return Err(self.err(
                            pos,
                            ErrorKind::Type,
                            "this function returns a value: `return` needs one",
                        ))
                    }
                    (Some(_), None) => {
                        return Err(self.err(
                            pos,
                            ErrorKind::Type,
                            "a `void` function returns no value",
                        ))
                    }
                    _ => {}
                }
                self.expect(";")?;
                StmtKind::Return(value)
            }
            "goto" => return Err(self.err(pos, ErrorKind::Refused, "`goto` is not supported")),
            "switch" => return self.switch(pos),
            "case" | "default" if self.switches > 0 => {
                return Err(self.err(
                    pos,
                    ErrorKind::Refused,
                    format!("`{word}` inside a statement of a `switch` is not supported: label only the `switch` block's own statements"),
                ))
            }
            "case" | "default" => {
                return Err(self.err(pos, ErrorKind::Syntax, format!("`{word}` outside a `switch`")))
            }
            "else" => return Err(self.syntax("`else` without an `if`")),
            _ if self.at_type() => {
                let spec = self.spec()?;
                if spec.is_typedef {
                    return Err(self.err(
                        pos,
                        ErrorKind::Refused,
                        "a typedef inside a function is not supported",
                    ));
                }
                let decls = self.declarators(spec, None, false)?;
                self.expect(";")?;
                StmtKind::Decl(decls)
            }
            _ => {
                let e = self.expression()?;
                if self.at(":") && matches!(e.kind, super::super::ast::ExprKind::Var(..)) {
                    return Err(self.err(
                        pos,
                        ErrorKind::Refused,
                        "labels and `goto` are not supported",
                    ));
                }
                self.expect(";")?;
                StmtKind::Expr(e)
            }
        };
        Ok(Stmt { kind, pos })
    }

    /// The body of an `if` or `else`: a declaration there gets a scope.
    fn sub_statement(&mut self) -> Result<Stmt, CError> {
        self.scopes.push(HashMap::new());
        let s = self.statement();
        self.scopes.pop();
        s
    }

    fn loop_body(&mut self) -> Result<Stmt, CError> {
        self.loops += 1;
        let s = self.sub_statement();
        self.loops -= 1;
        s
    }

    /// `switch (value) { case K: … default: … }`: the labels of the block's
    /// own statements ([`Switch`]).
    fn switch(&mut self, pos: super::super::ast::Pos) -> Result<Stmt, CError> {
        self.i += 1;
        let value = self.condition()?;
        if value.ty.is_float() {
            return Err(self.err(
                value.pos,
                ErrorKind::Type,
                "`switch` needs an integer, not a floating value",
            ));
        }
        let ty = value.ty.promote();
        let open = self.pos();
        self.expect("{")?;
        self.scopes.push(HashMap::new());
        self.switches += 1;
        let mut sw = Switch {
            value,
            body: Vec::new(),
            cases: Vec::new(),
            default: None,
        };
        let body = self.switch_body(&mut sw, ty, open);
        self.switches -= 1;
        self.scopes.pop();
        body?;
        Ok(Stmt {
            kind: StmtKind::Switch(Box::new(sw)),
            pos,
        })
    }

    /// The statements and labels of a `switch` block, up to its `}`.
    fn switch_body(
        &mut self,
        sw: &mut Switch,
        ty: super::super::Scalar,
        open: super::super::ast::Pos,
    ) -> Result<(), CError> {
        while !self.eat("}") {
            let at = self.pos();
            if self.peek().is_none() {
                return Err(self.err(open, ErrorKind::Syntax, "this `{` is never closed"));
            }
            if self.eat_word("case") {
                let k = self.constant()?;
                self.expect(":")?;
                let value = Value::new(ty, k);
                if sw.cases.iter().any(|c| c.value == value) {
                    return Err(self.err(at, ErrorKind::Type, format!("duplicate `case {k}`")));
                }
                sw.cases.push(Case {
                    value,
                    at: sw.body.len(),
                    pos: at,
                });
            } else if self.eat_word("default") {
                self.expect(":")?;
                if sw.default.is_some() {
                    return Err(self.err(
                        at,
                        ErrorKind::Type,
                        "a second `default` in one `switch`",
                    ));
                }
                sw.default = Some(sw.body.len());
            } else if self.at_type() {
                return Err(self.err(
                    at,
                    ErrorKind::Refused,
                    "a declaration directly in a `switch` block is not supported: declare it before the `switch`, or put the case's statements in braces",
                ));
            } else {
                let s = self.statement()?;
                sw.body.push(s);
            }
        }
        Ok(())
    }

    /// `( expr )` of an `if`, `while` or `do`.
    fn condition(&mut self) -> Result<super::super::ast::Expr, CError> {
        self.expect("(")?;
        let c = self.expression()?;
        self.expect(")")?;
        Ok(c)
    }

    /// `for (init; cond; step) body`; `init` may declare (C99), in a scope
    /// of the loop's own.
    fn for_loop(&mut self, pos: super::super::ast::Pos) -> Result<Stmt, CError> {
        self.i += 1;
        self.expect("(")?;
        self.scopes.push(HashMap::new());
        let mut init = Vec::new();
        let init_pos = self.pos();
        if self.at_type() {
            let spec = self.spec()?;
            let decls = self.declarators(spec, None, false)?;
            init.push(Stmt {
                kind: StmtKind::Decl(decls),
                pos: init_pos,
            });
        } else if !self.at(";") {
            init.push(Stmt {
                kind: StmtKind::Expr(self.expression()?),
                pos: init_pos,
            });
        }
        self.expect(";")?;
        let cond = if self.at(";") {
            None
        } else {
            Some(self.expression()?)
        };
        self.expect(";")?;
        let step = if self.at(")") {
            None
        } else {
            Some(self.expression()?)
        };
        self.expect(")")?;
        let body = Box::new(self.loop_body()?);
        self.scopes.pop();
        Ok(Stmt {
            kind: StmtKind::Loop(Loop {
                kind: LoopKind::For,
                init,
                cond,
                step,
                body,
            }),
            pos,
        })
    }
}
