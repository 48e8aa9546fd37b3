//! Expressions, C's fifteen precedence levels, each node typed as it is
//! built (the promotions and conversions of [`super::super::types`]).

use super::super::ast::{BinOp, Builtin, Expr, ExprKind, Pos, Slot, UnOp, WordOp};
use super::super::lex::Tok;
use super::super::math::MathFn;
use super::super::types::{Scalar, Value};
use super::super::{CError, ErrorKind};
use super::Parser;

const ASSIGN_OPS: [(&str, Option<WordOp>); 11] = [
    ("=", None),
    ("+=", Some(WordOp::Add)),
    ("-=", Some(WordOp::Sub)),
    ("*=", Some(WordOp::Mul)),
    ("/=", Some(WordOp::Div)),
    ("%=", Some(WordOp::Rem)),
    ("&=", Some(WordOp::And)),
    ("|=", Some(WordOp::Or)),
    ("^=", Some(WordOp::Xor)),
    ("<<=", Some(WordOp::Shl)),
    (">>=", Some(WordOp::Shr)),
];

const BINARY: [(&str, BinOp); 18] = [
    ("*", BinOp::Word(WordOp::Mul)),
    ("/", BinOp::Word(WordOp::Div)),
    ("%", BinOp::Word(WordOp::Rem)),
    ("+", BinOp::Word(WordOp::Add)),
    ("-", BinOp::Word(WordOp::Sub)),
    ("<<", BinOp::Word(WordOp::Shl)),
    (">>", BinOp::Word(WordOp::Shr)),
    ("<", BinOp::Word(WordOp::Lt)),
    ("<=", BinOp::Word(WordOp::Le)),
    (">", BinOp::Word(WordOp::Gt)),
    (">=", BinOp::Word(WordOp::Ge)),
    ("==", BinOp::Word(WordOp::Eq)),
    ("!=", BinOp::Word(WordOp::Ne)),
    ("&", BinOp::Word(WordOp::And)),
    ("^", BinOp::Word(WordOp::Xor)),
    ("|", BinOp::Word(WordOp::Or)),
    ("&&", BinOp::LogAnd),
    ("||", BinOp::LogOr),
];

/// The GCC builtins: name, kind, argument type.
const BUILTINS: [(&str, Builtin, Scalar); 15] = [
    ("__builtin_popcount", Builtin::Popcount, Scalar::UInt),
    ("__builtin_popcountl", Builtin::Popcount, Scalar::ULong),
    ("__builtin_popcountll", Builtin::Popcount, Scalar::ULongLong),
    ("__builtin_ctz", Builtin::Ctz, Scalar::UInt),
    ("__builtin_ctzl", Builtin::Ctz, Scalar::ULong),
    ("__builtin_ctzll", Builtin::Ctz, Scalar::ULongLong),
    ("__builtin_clz", Builtin::Clz, Scalar::UInt),
    ("__builtin_clzl", Builtin::Clz, Scalar::ULong),
    ("__builtin_clzll", Builtin::Clz, Scalar::ULongLong),
    ("__builtin_parity", Builtin::Parity, Scalar::UInt),
    ("__builtin_parityl", Builtin::Parity, Scalar::ULong),
    ("__builtin_parityll", Builtin::Parity, Scalar::ULongLong),
    ("__builtin_bswap16", Builtin::Bswap, Scalar::UShort),
    ("__builtin_bswap32", Builtin::Bswap, Scalar::UInt),
    ("__builtin_bswap64", Builtin::Bswap, Scalar::ULong),
];

impl Parser<'_> {
    /// A full expression, commas included.
    pub(in super::super) fn expression(&mut self) -> Result<Expr, CError> {
        let mut e = self.assignment()?;
        while self.at(",") {
            let pos = self.pos();
            self.i += 1;
            let r = self.assignment()?;
            e = Expr {
                ty: r.ty,
                kind: ExprKind::Comma(Box::new(e), Box::new(r)),
                pos,
            };
        }
        Ok(e)
    }

    /// An integer constant expression (an array's size), evaluated now.
    pub(super) fn constant(&mut self) -> Result<i128, CError> {
        let at = self.pos();
        let e = self.conditional()?;
        if e.ty.is_float() {
            return Err(self.err(
                at,
                ErrorKind::Type,
                "an integer constant is needed here, not a floating one",
            ));
        }
        super::super::eval::constant(&e)
            .ok_or_else(|| self.err(at, ErrorKind::Type, "expected a constant here"))
    }

    pub(super) fn assignment(&mut self) -> Result<Expr, CError> {
        self.deeper()?;
        let lhs = self.conditional()?;
        let op = self
            .peek()
            .and_then(|t| ASSIGN_OPS.iter().find(|(s, _)| t.is(s)));
        let out = match op {
            Some(&(_, op)) => {
                let pos = self.pos();
                self.i += 1;
                self.lvalue(&lhs)?;
                let rhs = self.assignment()?;
                if let Some(w) = op {
                    self.integer_operands(w, &lhs, &rhs, pos)?;
                }
                Ok(Expr {
                    ty: lhs.ty,
                    kind: ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
                    pos,
                })
            }
            None => Ok(lhs),
        };
        self.depth -= 1;
        out
    }

    /// Refuses what cannot be assigned to.
    fn lvalue(&self, e: &Expr) -> Result<(), CError> {
        let (name, slot) = match &e.kind {
            ExprKind::Var(s, n) | ExprKind::Index(s, n, _) => (n, *s),
            ExprKind::View(v) => (&v.var, v.slot),
            _ => {
                return Err(self.err(
                    e.pos,
                    ErrorKind::Type,
                    format!("`{}` cannot be assigned to", e.show()),
                ))
            }
        };
        let info = match slot {
            Slot::Local(k) => &self.locals[k],
            Slot::Global(k) => &self.globals[k],
        };
        if info.is_const {
            return Err(self.err(e.pos, ErrorKind::Type, format!("`{name}` is const")));
        }
        Ok(())
    }

    fn conditional(&mut self) -> Result<Expr, CError> {
        let c = self.binary(1)?;
        if !self.at("?") {
            return Ok(c);
        }
        let pos = self.pos();
        self.i += 1;
        let t = self.expression()?;
        self.expect(":")?;
        let f = self.conditional()?;
        let ty = Scalar::common(t.ty, f.ty);
        Ok(Expr {
            ty,
            kind: ExprKind::Cond(Box::new(c), Box::new(t), Box::new(f)),
            pos,
        })
    }

    /// Binary operators binding at `min` or tighter (precedence climbing).
    fn binary(&mut self, min: u8) -> Result<Expr, CError> {
        let mut lhs = self.unary()?;
        loop {
            let Some(&(_, op)) = self
                .peek()
                .and_then(|t| BINARY.iter().find(|(s, _)| t.is(s)))
            else {
                return Ok(lhs);
            };
            if op.precedence() < min {
                return Ok(lhs);
            }
            let pos = self.pos();
            self.i += 1;
            self.deeper()?;
            let rhs = self.binary(op.precedence() + 1)?;
            self.depth -= 1;
            if let BinOp::Word(w) = op {
                self.integer_operands(w, &lhs, &rhs, pos)?;
            }
            let ty = match op {
                BinOp::Word(WordOp::Shl | WordOp::Shr) => lhs.ty.promote(),
                BinOp::LogAnd | BinOp::LogOr => Scalar::Int,
                BinOp::Word(o) if o.is_comparison() => Scalar::Int,
                _ => Scalar::common(lhs.ty, rhs.ty),
            };
            lhs = Expr {
                ty,
                kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                pos,
            };
        }
    }

    fn unary(&mut self) -> Result<Expr, CError> {
        let pos = self.pos();
        let Some(t) = self.peek() else {
            return Err(self.syntax("expected an expression, found the end of the source"));
        };
        let un = [
            ("-", UnOp::Neg),
            ("+", UnOp::Plus),
            ("~", UnOp::Not),
            ("!", UnOp::LogNot),
        ];
        if let Some(&(_, op)) = un.iter().find(|(s, _)| t.is(s)) {
            self.i += 1;
            self.deeper()?;
            let a = self.unary()?;
            self.depth -= 1;
            if op == UnOp::Not && a.ty.is_float() {
                return Err(self.err(
                    pos,
                    ErrorKind::Type,
                    format!("`~` needs an integer, not a `{}`", a.ty.name()),
                ));
            }
            let ty = if op == UnOp::LogNot {
                Scalar::Int
            } else {
                a.ty.promote()
            };
            return Ok(Expr {
                ty,
                kind: ExprKind::Unary(op, Box::new(a)),
                pos,
            });
        }
        if t.is("++") || t.is("--") {
            self.i += 1;
            let target = self.unary()?;
            self.lvalue(&target)?;
            let ty = target.ty;
            return Ok(Expr {
                ty,
                kind: ExprKind::IncDec {
                    pre: true,
                    inc: t.is("++"),
                    target: Box::new(target),
                },
                pos,
            });
        }
        if t.is("*") {
            self.i += 1;
            return self.deref_pun(pos);
        }
        if t.is("&") {
            return Err(self.err(
                pos,
                ErrorKind::Refused,
                format!("pointers are not supported (unary `{}`)", t.text()),
            ));
        }
        if t.ident() == Some("sizeof") {
            self.i += 1;
            let size = self.sizeof()?;
            return Ok(Expr {
                ty: Scalar::ULong,
                kind: ExprKind::Lit(Value::new(Scalar::ULong, i128::from(size))),
                pos,
            });
        }
        if self.at_parenthesized_type() {
            self.i += 1;
            let ty = self.type_name()?;
            self.expect(")")?;
            self.deeper()?;
            let a = self.unary()?;
            self.depth -= 1;
            return Ok(Expr {
                ty,
                kind: ExprKind::Cast(ty, Box::new(a)),
                pos,
            });
        }
        self.postfix()
    }

    /// `%`, the shifts and the bitwise operators take integers only (C11
    /// 6.5.5, 6.5.7, 6.5.10-12).
    pub(super) fn integer_operands(
        &self,
        op: WordOp,
        a: &Expr,
        b: &Expr,
        pos: Pos,
    ) -> Result<(), CError> {
        use WordOp::*;
        let integer_only = matches!(op, Rem | Shl | Shr | And | Or | Xor);
        match [a, b].iter().find(|e| e.ty.is_float()) {
            Some(f) if integer_only => Err(self.err(
                pos,
                ErrorKind::Type,
                format!(
                    "`{}` needs integers, not a `{}` (read a float's bits through a union or `memcpy`)",
                    op.symbol(),
                    f.ty.name()
                ),
            )),
            _ => Ok(()),
        }
    }

    /// `(` and a type word: a cast, or `sizeof(type)`.
    fn at_parenthesized_type(&self) -> bool {
        self.at("(")
            && self
                .peek_at(1)
                .is_some_and(|n| n.ident().is_some_and(|w| self.is_type_word(w)))
    }

    pub(super) fn is_type_word(&self, w: &str) -> bool {
        super::TYPE_WORDS.contains(&w)
            || self.typedefs.contains_key(w)
            || self.records.contains_key(&format!("typedef {w}"))
            || super::REFUSED_TYPES.iter().any(|r| r.0 == w)
    }

    /// `sizeof(type)`, `sizeof expr`, `sizeof array`, in bytes.
    fn sizeof(&mut self) -> Result<u64, CError> {
        let record = self.peek_at(1).and_then(|t| t.ident()).is_some_and(|w| {
            w == "union" || w == "struct" || self.records.contains_key(&format!("typedef {w}"))
        });
        if self.at("(") && record {
            self.i += 1;
            let spec = self.spec()?;
            self.expect(")")?;
            return Ok(spec
                .record
                .map_or(spec.ty.map_or(1, |t| t.size()), |r| r.size));
        }
        if self.at_parenthesized_type() {
            self.i += 1;
            let ty = self.type_name()?;
            self.expect(")")?;
            return Ok(ty.size());
        }
        let parens = usize::from(self.at("("));
        if let Some(name) = self.peek_at(parens).and_then(|t| t.ident()) {
            let closes = parens == 0 || self.peek_at(2).is_some_and(|t| t.is(")"));
            // `sizeof t[i]` and `sizeof (t)[i]` are an element's size
            let indexed = self.peek_at(1 + 2 * parens).is_some_and(|t| t.is("["));
            let array = self
                .lookup(name)
                .and_then(|s| self.info(s).len.map(|n| (n, self.info(s).ty)));
            let record = self
                .lookup(name)
                .and_then(|s| self.info(s).record.as_ref().map(|r| r.size));
            let selects = self.peek_at(1 + parens).is_some_and(|t| t.is("."));
            if let (true, false, Some(size)) = (closes, selects, record) {
                self.i += 1 + 2 * parens;
                return Ok(size);
            }
            if let (true, Some((n, ty))) = (closes, array) {
                self.i += 1 + 2 * parens;
                if indexed {
                    self.i += 1;
                    self.expression()?; // not evaluated, as C
                    self.expect("]")?;
                    return Ok(ty.size());
                }
                return Ok(n as u64 * ty.size());
            }
        }
        Ok(self.unary()?.ty.size())
    }

    fn postfix(&mut self) -> Result<Expr, CError> {
        let mut e = self.primary()?;
        loop {
            let pos = self.pos();
            if self.at("++") || self.at("--") {
                let inc = self.at("++");
                self.i += 1;
                self.lvalue(&e)?;
                let ty = e.ty;
                e = Expr {
                    ty,
                    kind: ExprKind::IncDec {
                        pre: false,
                        inc,
                        target: Box::new(e),
                    },
                    pos,
                };
            } else if self.at("[") || self.at("(") || self.at(".") || self.at("->") {
                let what = if self.at("(") {
                    "only a function's name can be called"
                } else {
                    "this cannot be indexed or selected"
                };
                let kind = if self.at(".") || self.at("->") {
                    ErrorKind::Refused
                } else {
                    ErrorKind::Type
                };
                return Err(self.err(pos, kind, what));
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> Result<Expr, CError> {
        let pos = self.pos();
        let Some(t) = self.peek() else {
            return Err(self.syntax("expected an expression, found the end of the source"));
        };
        match &t.tok {
            Tok::Num(n) => {
                self.i += 1;
                let ty = n.ty().ok_or_else(|| {
                    self.err(
                        pos,
                        ErrorKind::Type,
                        format!(
                            "`{}` is too large for `long long`: add a `U` suffix",
                            t.text()
                        ),
                    )
                })?;
                Ok(Expr {
                    ty,
                    kind: ExprKind::Lit(Value::new(ty, n.value as i128)),
                    pos,
                })
            }
            Tok::Float { bits, double, .. } => {
                self.i += 1;
                let ty = if *double {
                    Scalar::Double
                } else {
                    Scalar::Float
                };
                Ok(Expr {
                    ty,
                    kind: ExprKind::Lit(Value { ty, bits: *bits }),
                    pos,
                })
            }
            Tok::Char(v) => {
                self.i += 1;
                Ok(Expr {
                    ty: Scalar::Int,
                    kind: ExprKind::Lit(Value::new(Scalar::Int, *v)),
                    pos,
                })
            }
            Tok::Str => Err(self.err(pos, ErrorKind::Refused, "strings are not supported")),
            Tok::Punct("(") => {
                if let Some(view) = self.indexed_pun(pos)? {
                    return Ok(view);
                }
                self.i += 1;
                self.deeper()?;
                let mut e = self.expression()?;
                self.depth -= 1;
                self.expect(")")?;
                e.pos = pos;
                Ok(e)
            }
            Tok::Ident(name) if !super::is_keyword(name) => {
                self.i += 1;
                if self.at("(") {
                    return self.call(name, pos);
                }
                self.variable(name, pos)
            }
            _ => Err(self.syntax(format!("expected an expression, found {}", self.found()))),
        }
    }

    fn variable(&mut self, name: &str, pos: Pos) -> Result<Expr, CError> {
        let Some(slot) = self.lookup(name) else {
            let hint = if self.sigs.iter().any(|s| s.name == name) {
                " (a function: call it)"
            } else {
                ""
            };
            return Err(self.err(
                pos,
                ErrorKind::Type,
                format!("`{name}` is not declared{hint}"),
            ));
        };
        let info = self.info(slot).clone();
        if info.record.is_some() {
            return self.member(slot, &info, pos);
        }
        if info.len.is_none() {
            return Ok(Expr {
                ty: info.ty,
                kind: ExprKind::Var(slot, name.to_string()),
                pos,
            });
        }
        if !self.eat("[") {
            return Err(self.err(
                pos,
                ErrorKind::Refused,
                format!("the array `{name}` is used without an index (pointers are not supported)"),
            ));
        }
        let index = self.expression()?;
        self.expect("]")?;
        if index.ty.is_float() {
            return Err(self.err(
                index.pos,
                ErrorKind::Type,
                format!(
                    "an array index must be an integer, not a `{}`",
                    index.ty.name()
                ),
            ));
        }
        Ok(Expr {
            ty: info.ty,
            kind: ExprKind::Index(slot, name.to_string(), Box::new(index)),
            pos,
        })
    }

    fn call(&mut self, name: &str, pos: Pos) -> Result<Expr, CError> {
        if name == "memcpy" && !self.sigs.iter().any(|s| s.name == name) {
            return self.memcpy(pos);
        }
        self.expect("(")?;
        let mut args = Vec::new();
        while !self.eat(")") {
            if !args.is_empty() {
                self.expect(",")?;
            }
            args.push(self.assignment()?);
        }
        if let Some(&(n, b, ty)) = BUILTINS.iter().find(|(n, _, _)| *n == name) {
            let [arg] = <[Expr; 1]>::try_from(args)
                .map_err(|_| self.err(pos, ErrorKind::Type, format!("`{n}` takes one argument")))?;
            let ret = if b == Builtin::Bswap { ty } else { Scalar::Int };
            return Ok(Expr {
                ty: ret,
                kind: ExprKind::Builtin(b, n.to_string(), ty, Box::new(arg)),
                pos,
            });
        }
        let own = self.sigs.iter().position(|s| s.name == name);
        if let (None, Some((f, ty))) = (own, super::super::math::lookup(name)) {
            return self.math(f, ty, name, args, pos);
        }
        if let (None, Some(why)) = (own, super::super::math::refusal(name)) {
            return Err(self.err(pos, ErrorKind::Refused, why));
        }
        let Some(k) = own else {
            let what = if name.starts_with("__builtin") {
                "this builtin is not supported"
            } else {
                "only the file's own functions and the GCC builtins can be called"
            };
            return Err(self.err(pos, ErrorKind::Refused, format!("`{name}`: {what}")));
        };
        let sig = &self.sigs[k];
        if args.len() != sig.params.len() {
            return Err(self.err(
                pos,
                ErrorKind::Type,
                format!(
                    "`{name}` takes {} argument(s), {} given",
                    sig.params.len(),
                    args.len()
                ),
            ));
        }
        Ok(Expr {
            ty: sig.ret,
            kind: ExprKind::Call(k, name.to_string(), args),
            pos,
        })
    }

    /// A `<math.h>` call: its arguments' count and types checked, the type
    /// it computes in (a type-generic macro: its argument's, `double` for
    /// an integer).
    fn math(
        &self,
        f: MathFn,
        ty: Option<Scalar>,
        name: &str,
        args: Vec<Expr>,
        pos: Pos,
    ) -> Result<Expr, CError> {
        if args.len() != f.arity() {
            let n = f.arity();
            let s = if n == 1 { "" } else { "s" };
            return Err(self.err(
                pos,
                ErrorKind::Type,
                format!("`{name}` takes {n} argument{s}"),
            ));
        }
        let ty = ty.unwrap_or(if args[0].ty.is_float() {
            args[0].ty
        } else {
            Scalar::Double
        });
        let ret = if f.is_predicate() { Scalar::Int } else { ty };
        Ok(Expr {
            ty: ret,
            kind: ExprKind::Math(f, name.to_string(), ty, args),
            pos,
        })
    }

    pub(super) fn lookup(&self, name: &str) -> Option<Slot> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    pub(super) fn info(&self, slot: Slot) -> &super::super::ast::VarInfo {
        match slot {
            Slot::Local(k) => &self.locals[k],
            Slot::Global(k) => &self.globals[k],
        }
    }
}
