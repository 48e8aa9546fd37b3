//! Unions and structs of scalars and arrays, their members, and the two
//! pointer puns the subset takes: `*(T *)&x` and `((T *)&x)[i]`. Each
//! becomes a [`View`]: bytes of one variable read as a scalar, so reading
//! outside the variable is caught while parsing where the offset is known,
//! and at run time where an index decides it.

use super::super::ast::{
    Expr, ExprKind, MemCopy, Member, Object, Pos, Record, Slot, VarInfo, View,
};
use super::super::types::Scalar;
use super::super::ErrorKind;
use super::{CError, Parser};

/// The largest union or struct, in bytes.
const MAX_RECORD: u64 = 1 << 16;

impl Parser<'_> {
    /// After `union` or `struct`: `TAG`, `{ members }` or `TAG { members }`.
    pub(super) fn record_type(&mut self, is_union: bool) -> Result<Record, CError> {
        let kind = if is_union { "union" } else { "struct" };
        let tag = match self.peek().and_then(|t| t.ident()) {
            Some(_) => Some(self.ident()?.0),
            None => None,
        };
        if !self.eat("{") {
            let Some(tag) = tag else {
                return Err(self.syntax(format!("`{kind}` needs a tag or `{{`")));
            };
            let found = self.records.get(&format!("{kind} {tag}")).cloned();
            return found.ok_or_else(|| {
                let why = format!("`{kind} {tag}` is not defined");
                self.err(self.pos(), ErrorKind::Type, why)
            });
        }
        let members = self.members(is_union)?;
        if members.is_empty() {
            return Err(self.syntax(format!("an empty `{kind}`")));
        }
        // the largest member's alignment (its scalar's size) rounds it up
        let end = members
            .iter()
            .map(|m| m.offset + m.size())
            .max()
            .unwrap_or(0);
        let align = members.iter().map(|m| m.ty.size()).max().unwrap_or(1);
        let size = end.next_multiple_of(align);
        if size > MAX_RECORD {
            return Err(self.refused(format!("a {kind} of {size} bytes (at most {MAX_RECORD})")));
        }
        let record = Record {
            is_union,
            tag: tag.clone(),
            members,
            size,
        };
        if let Some(t) = tag {
            if self
                .records
                .insert(format!("{kind} {t}"), record.clone())
                .is_some()
            {
                let why = format!("`{kind} {t}` is defined twice");
                return Err(self.err(self.pos(), ErrorKind::Type, why));
            }
        }
        Ok(record)
    }

    /// The member declarations up to `}`, each placed: a union's at 0, a
    /// struct's after the one before, aligned to its scalar's size.
    fn members(&mut self, is_union: bool) -> Result<Vec<Member>, CError> {
        let mut members: Vec<Member> = Vec::new();
        while !self.eat("}") {
            let nested = self.peek().and_then(|t| t.ident());
            if nested.is_some_and(|w| w == "union" || w == "struct") {
                return Err(self.refused("a union or struct inside another is not supported"));
            }
            let spec = self.spec()?;
            let ty = spec
                .ty
                .filter(|_| spec.record.is_none())
                .ok_or_else(|| self.refused("a member must be a scalar or an array of scalars"))?;
            loop {
                let (name, len) = self.member_name(&members)?;
                let end = members.last().map_or(0, |m| m.offset + m.size());
                let offset = if is_union {
                    0
                } else {
                    end.next_multiple_of(ty.size())
                };
                members.push(Member {
                    name,
                    ty,
                    len,
                    offset,
                });
                if !self.eat(",") {
                    break;
                }
            }
            self.expect(";")?;
        }
        Ok(members)
    }

    /// One member's declarator: its name, new among `members`, and its
    /// array length.
    fn member_name(&mut self, members: &[Member]) -> Result<(String, Option<usize>), CError> {
        if self.at("*") {
            return Err(self.refused("pointers are not supported"));
        }
        let (name, at) = self.ident()?;
        let len = match self.array_suffix()? {
            Some(Some(n)) => Some(n),
            Some(None) => return Err(self.refused("a flexible array member is not supported")),
            None => None,
        };
        if members.iter().any(|m| m.name == name) {
            let why = format!("two members named `{name}`");
            return Err(self.err(at, ErrorKind::Type, why));
        }
        Ok((name, len))
    }

    /// `u.f` or `u.b[i]` after a record variable's name.
    pub(super) fn member(&mut self, slot: Slot, info: &VarInfo, pos: Pos) -> Result<Expr, CError> {
        let record = info.record.as_ref().expect("a record variable");
        let name = &info.name;
        if !self.eat(".") {
            let hint = if self.at("->") {
                " (`->` needs a pointer: not supported)"
            } else {
                ""
            };
            return Err(self.err(
                pos,
                ErrorKind::Refused,
                format!(
                    "`{name}` is a {}: select a member with `.`{hint}",
                    record.name()
                ),
            ));
        }
        let (m, at) = self.ident()?;
        let Some(member) = record.members.iter().find(|x| x.name == m) else {
            let names: Vec<&str> = record.members.iter().map(|x| x.name.as_str()).collect();
            return Err(self.err(
                at,
                ErrorKind::Type,
                format!(
                    "{} has no member `{m}` (it has {})",
                    record.name(),
                    names.join(", ")
                ),
            ));
        };
        let index = match member.len {
            Some(n) => Some((self.index()?, n)),
            None => None,
        };
        Ok(Expr {
            ty: member.ty,
            kind: ExprKind::View(View {
                slot,
                var: name.clone(),
                text: format!("{name}.{m}"),
                offset: member.offset,
                index,
            }),
            pos,
        })
    }

    /// `[i]`, an integer index.
    pub(super) fn index(&mut self) -> Result<Box<Expr>, CError> {
        if !self.eat("[") {
            return Err(self
                .refused("an array member is used without an index (pointers are not supported)"));
        }
        let i = self.expression()?;
        self.expect("]")?;
        if i.ty.is_float() {
            return Err(self.err(i.pos, ErrorKind::Type, "an array index must be an integer"));
        }
        Ok(Box::new(i))
    }

    /// At `(T *)&x` or `(T *)&x.m` (optionally parenthesised): the type,
    /// the object (its text, first byte and size), the tokens read; else
    /// nothing read.
    fn pointer_cast(&mut self) -> Result<Option<(Scalar, Slot, Object)>, CError> {
        let start = self.i;
        let wrapped = self.at("(") && self.peek_at(1).is_some_and(|t| t.is("("));
        if wrapped {
            self.i += 1;
        }
        let typed = self
            .peek_at(1)
            .and_then(|t| t.ident())
            .is_some_and(|w| self.is_type_word(w));
        if !self.at("(") || !typed {
            self.i = start;
            return Ok(None);
        }
        self.i += 1;
        let spec = self.spec()?;
        if !(self.eat("*") && self.eat(")") && self.eat("&")) {
            self.i = start;
            return Ok(None);
        }
        let ty = spec
            .ty
            .filter(|_| spec.record.is_none())
            .ok_or_else(|| self.refused("a pointer pun must read a scalar type"))?;
        let (slot, object) = self.object()?;
        if wrapped {
            self.expect(")")?;
        }
        Ok(Some((ty, slot, object)))
    }

    /// After `&`: a variable or a member (`x`, `u.f`), the object it names.
    fn object(&mut self) -> Result<(Slot, Object), CError> {
        let (name, at) = self.ident()?;
        let slot = self
            .lookup(&name)
            .ok_or_else(|| self.err(at, ErrorKind::Type, format!("`{name}` is not declared")))?;
        let info = self.info(slot).clone();
        if info.len.is_some() && info.record.is_none() {
            return Err(self.refused(format!(
                "`&{name}` of an array: write `{name}[i]` or use a union"
            )));
        }
        let mut object = Object {
            slot,
            text: name.clone(),
            var: name,
            offset: 0,
            size: info.size(),
        };
        if let (Some(r), true) = (&info.record, self.at(".")) {
            self.i += 1;
            let (m, at) = self.ident()?;
            let member = r.members.iter().find(|x| x.name == m).ok_or_else(|| {
                self.err(
                    at,
                    ErrorKind::Type,
                    format!("{} has no member `{m}`", r.name()),
                )
            })?;
            object.text = format!("{}.{m}", object.var);
            object.offset = member.offset;
            object.size = member.size();
        }
        Ok((slot, object))
    }

    /// After `memcpy`: `(&dst, &src, n)`, `n` a constant no larger than
    /// either object (else undefined behaviour, refused here).
    pub(super) fn memcpy(&mut self, pos: Pos) -> Result<Expr, CError> {
        self.expect("(")?;
        let mut ends = Vec::new();
        for _ in 0..2 {
            if !self.eat("&") {
                return Err(self.refused(
                    "`memcpy` takes `&x` (or `&x.m`) for each object: pointers are not supported",
                ));
            }
            ends.push(self.object()?.1);
            self.expect(",")?;
        }
        let n = self.constant()?;
        self.expect(")")?;
        let src = ends.pop().expect("two objects");
        let dst = ends.pop().expect("two objects");
        for (o, verb) in [(&dst, "into"), (&src, "from")] {
            if n < 0 || n as u64 > o.size {
                return Err(self.err(
                    pos,
                    ErrorKind::Bounds,
                    format!(
                        "`memcpy` copies {n} bytes {verb} the {}-byte `{}`: outside the object, undefined behaviour",
                        o.size, o.text
                    ),
                ));
            }
        }
        let copy = MemCopy {
            dst,
            src,
            n: n as u64,
        };
        Ok(Expr {
            ty: Scalar::ULong,
            kind: ExprKind::Copy(Box::new(copy)),
            pos,
        })
    }

    /// After a unary `*`: `*(T *)&x`, the bytes of `x` read as a `T`.
    pub(super) fn deref_pun(&mut self, pos: Pos) -> Result<Expr, CError> {
        let Some((ty, slot, o)) = self.pointer_cast()? else {
            return Err(self.err(pos, ErrorKind::Refused, ONLY_PUNS));
        };
        let text = format!("*({} *)&{}", ty.name(), o.text);
        self.fits(&text, ty.size(), &o, pos)?;
        let view = View {
            slot,
            var: o.var,
            text,
            offset: o.offset,
            index: None,
        };
        Ok(Expr {
            ty,
            kind: ExprKind::View(view),
            pos,
        })
    }

    /// At `(`: `((T *)&x)[i]`, the i-th `T` in the bytes of `x`.
    pub(super) fn indexed_pun(&mut self, pos: Pos) -> Result<Option<Expr>, CError> {
        let start = self.i;
        if !(self.at("(") && self.peek_at(1).is_some_and(|t| t.is("("))) {
            return Ok(None);
        }
        let Some((ty, slot, o)) = self.pointer_cast()? else {
            return Ok(None);
        };
        if !self.at("[") {
            self.i = start;
            return Err(self.err(pos, ErrorKind::Refused, ONLY_PUNS));
        }
        let i = self.index()?;
        let text = format!("(({} *)&{})", ty.name(), o.text);
        self.fits(&text, ty.size(), &o, pos)?;
        let n = (o.size / ty.size()) as usize;
        let view = View {
            slot,
            var: o.var,
            text,
            offset: o.offset,
            index: Some((i, n)),
        };
        Ok(Some(Expr {
            ty,
            kind: ExprKind::View(view),
            pos,
        }))
    }

    /// Refuses a pun that reads more bytes than the object has.
    fn fits(&self, text: &str, bytes: u64, o: &Object, pos: Pos) -> Result<(), CError> {
        if bytes <= o.size {
            return Ok(());
        }
        Err(self.err(
            pos,
            ErrorKind::Bounds,
            format!(
                "`{text}` reads {bytes} bytes from the {}-byte `{}`: outside the object, undefined behaviour",
                o.size, o.text
            ),
        ))
    }
}

const ONLY_PUNS: &str = "pointers are not supported (only `*(T *)&x` and `((T *)&x)[i]`)";
