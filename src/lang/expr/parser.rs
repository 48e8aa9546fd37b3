//! Recursive descent, one function per precedence level.
//!
//! ```text
//! expr    := level0
//! levelN  := levelN+1 (opN levelN+1)*      N = 0 (|) .. 7 (* / %), left-assoc
//! unary   := ('~' | '-' | '!') unary | primary
//! primary := literal | x | y | z | '(' expr ')'
//! ```

use super::lexer::{tokens, Tok, Token};
use super::{BinOp, Expr, ExprError, ExprKind, UnOp, MAX_DEPTH, MAX_LEN, WIDTHS};

/// The loosest level is 0 (`|`); past the tightest binary level comes unary.
const UNARY_LEVEL: u8 = 8;

/// Reads `src` at `width` bits into a tree.
///
/// # Errors
/// A bad width, character, name or literal, a missing operand or `)`, text
/// after a complete expression, or nesting past [`MAX_DEPTH`].
pub fn parse(src: &str, width: u32) -> Result<Expr, ExprError> {
    if !WIDTHS.contains(&width) {
        return Err(ExprError::BadWidth { col: 1, width });
    }
    if src.chars().count() > MAX_LEN {
        return Err(ExprError::TooLong { col: MAX_LEN + 1 });
    }
    let mut p = Parser {
        src,
        toks: tokens(src, width)?,
        pos: 0,
        nest: 0,
    };
    let e = p.binary(0)?;
    let t = p.peek();
    if t.tok != Tok::End {
        return Err(ExprError::Trailing {
            col: t.col(),
            found: t.describe(src),
        });
    }
    Ok(e.expr)
}

/// A sub-tree with its span including any parentheses around it (its
/// `Expr` span leaves the outermost pair out) and its height.
struct Parsed {
    expr: Expr,
    start: usize,
    end: usize,
    height: usize,
}

struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    /// Open parentheses and unary operators being read (bounds the recursion).
    nest: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Token {
        self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn next(&mut self) -> Token {
        let t = self.peek();
        self.pos += 1;
        t
    }

    fn enter(&mut self, t: Token) -> Result<(), ExprError> {
        self.nest += 1;
        if self.nest > MAX_DEPTH {
            return Err(ExprError::TooDeep { col: t.col() });
        }
        Ok(())
    }

    fn node(
        kind: ExprKind,
        start: usize,
        end: usize,
        col: usize,
        height: usize,
    ) -> Result<Parsed, ExprError> {
        if height > MAX_DEPTH {
            return Err(ExprError::TooDeep { col });
        }
        Ok(Parsed {
            expr: Expr {
                kind,
                start,
                end,
                col,
            },
            start,
            end,
            height,
        })
    }

    fn binary(&mut self, level: u8) -> Result<Parsed, ExprError> {
        if level == UNARY_LEVEL {
            return self.unary();
        }
        let mut lhs = self.binary(level + 1)?;
        loop {
            let t = self.peek();
            let op = match t.tok {
                Tok::Binary(op) if op.level() == level => op,
                Tok::Minus if BinOp::Sub.level() == level => BinOp::Sub,
                _ => return Ok(lhs),
            };
            self.next();
            let rhs = self.binary(level + 1)?;
            let height = 1 + lhs.height.max(rhs.height);
            let (start, end) = (lhs.start, rhs.end);
            let kind = ExprKind::Binary(op, Box::new(lhs.expr), Box::new(rhs.expr));
            lhs = Self::node(kind, start, end, t.col(), height)?;
        }
    }

    fn unary(&mut self) -> Result<Parsed, ExprError> {
        let t = self.peek();
        let op = match t.tok {
            Tok::Unary(op) => op,
            Tok::Minus => UnOp::Neg,
            _ => return self.primary(),
        };
        self.next();
        self.enter(t)?;
        let operand = self.unary()?;
        self.nest -= 1;
        let (end, height) = (operand.end, operand.height + 1);
        let kind = ExprKind::Unary(op, Box::new(operand.expr));
        Self::node(kind, t.start, end, t.col(), height)
    }

    fn primary(&mut self) -> Result<Parsed, ExprError> {
        let t = self.next();
        let kind = match t.tok {
            Tok::Num(v) => ExprKind::Lit(v),
            Tok::Var(v) => ExprKind::Var(v),
            Tok::Open => {
                self.enter(t)?;
                let mut inner = self.binary(0)?;
                self.nest -= 1;
                let close = self.next();
                if close.tok != Tok::Close {
                    return Err(ExprError::Unclosed {
                        col: close.col(),
                        open: t.col(),
                        found: close.describe(self.src),
                    });
                }
                inner.start = t.start;
                inner.end = close.end;
                return Ok(inner);
            }
            _ => {
                return Err(ExprError::ExpectedOperand {
                    col: t.col(),
                    found: t.describe(self.src),
                })
            }
        };
        Self::node(kind, t.start, t.end, t.col(), 1)
    }
}
