//! Variables as bytes, for unions, structs and pointer puns: each object
//! is its little-endian bytes (x86-64), a byte never written is `None`, and
//! a view reads or writes a scalar at an offset.
//!
//! ```text
//! union { float f; unsigned u; } a;   a.f = 1.0f;
//!   bytes  00 00 80 3f                a.u reads 0x3f800000
//! ```

use super::super::ast::{Decl, Expr, Init, MemCopy, Member, Slot, VarInfo, View};
use super::super::types::{Scalar, Value, Why};
use super::super::{CError, ErrorKind};
use super::{Cell, Frame, Machine, Place, R};

/// The little-endian bytes of a scalar.
fn bytes_of(v: Value) -> Vec<Option<u8>> {
    let n = v.ty.size() as usize;
    (0..n).map(|i| Some((v.bits >> (8 * i)) as u8)).collect()
}

/// A scalar from little-endian bytes, `None` if one was never written.
fn from_bytes(ty: Scalar, bytes: &[Option<u8>]) -> Option<Value> {
    let mut bits = 0u64;
    for (i, b) in bytes.iter().enumerate() {
        bits |= u64::from((*b)?) << (8 * i);
    }
    Some(match ty {
        Scalar::Bool => Value::new(ty, i128::from(bits != 0)),
        _ => Value { ty, bits },
    })
}

impl Machine<'_> {
    /// A variable's declaration (a view outside any function, in a constant
    /// expression, has none).
    fn info(&self, f: &Frame, slot: Slot) -> Option<&VarInfo> {
        match slot {
            Slot::Local(k) => self.prog.functions.get(f.func)?.locals.get(k),
            Slot::Global(k) => self.prog.globals.get(k),
        }
    }

    /// An object's bytes as they stand (a scalar's, or each element's).
    pub(super) fn object_bytes(
        &self,
        f: &Frame,
        slot: Slot,
        ty: Scalar,
        size: u64,
    ) -> Vec<Option<u8>> {
        match self.cell(f, slot) {
            Some(Cell::Bytes(b)) => b.clone(),
            Some(Cell::Scalar(v)) => bytes_of(*v),
            Some(Cell::Array(a)) => a
                .iter()
                .flat_map(|e| match e {
                    Some(v) => bytes_of(*v),
                    None => vec![None; ty.size() as usize],
                })
                .collect(),
            _ => vec![None; size as usize],
        }
    }

    /// Where a view reads: its variable, first byte and type, the index
    /// checked against the elements it may reach.
    pub(super) fn view_place(&mut self, f: &mut Frame, v: &View, e: &Expr) -> R<Place> {
        let mut offset = v.offset;
        if let Some((i, n)) = &v.index {
            let k = self.eval(f, i)?.get();
            if k < 0 || k >= *n as i128 {
                return Err(CError::new(
                    ErrorKind::Bounds,
                    e.pos.line,
                    e.pos.col,
                    format!(
                        "index {k} is out of bounds of `{}` (0 to {})",
                        v.text,
                        n.saturating_sub(1)
                    ),
                ));
            }
            offset += k as u64 * e.ty.size();
        }
        Ok(Place::Bytes(v.slot, offset, e.ty))
    }

    /// The scalar at `offset` in a variable's bytes.
    pub(super) fn read_bytes(
        &self,
        f: &Frame,
        slot: Slot,
        offset: u64,
        ty: Scalar,
        e: &Expr,
    ) -> R<Value> {
        let Some(info) = self.info(f, slot) else {
            return Err(CError::new(
                ErrorKind::Type,
                e.pos.line,
                e.pos.col,
                "not a constant",
            ));
        };
        let bytes = self.object_bytes(f, slot, info.ty, info.size());
        let (from, to) = (offset as usize, (offset + ty.size()) as usize);
        from_bytes(ty, &bytes[from..to.min(bytes.len())])
            .filter(|_| to <= bytes.len())
            .ok_or_else(|| {
                let unset: Vec<String> = (from..to)
                    .filter(|&i| bytes.get(i).is_none_or(Option::is_none))
                    .map(|i| i.to_string())
                    .collect();
                CError::new(
                    ErrorKind::Undefined,
                    e.pos.line,
                    e.pos.col,
                    format!(
                        "`{}` reads byte{} {} of `{}` before {} given a value",
                        e.show(),
                        if unset.len() == 1 { "" } else { "s" },
                        unset.join(", "),
                        info.name,
                        if unset.len() == 1 {
                            "it is"
                        } else {
                            "they are"
                        }
                    ),
                )
            })
    }

    /// Writes a scalar's bytes at `offset`.
    pub(super) fn write_bytes(&mut self, f: &mut Frame, slot: Slot, offset: u64, v: Value) {
        self.write_raw(f, slot, offset, &bytes_of(v));
    }

    /// `memcpy`: the source's bytes (unwritten ones stay unwritten) over the
    /// destination's (the parser checked both sizes).
    pub(super) fn copy(&mut self, f: &mut Frame, c: &MemCopy) {
        let Some(info) = self.info(f, c.src.slot).cloned() else {
            return;
        };
        let bytes = self.object_bytes(f, c.src.slot, info.ty, info.size());
        let from = c.src.offset as usize;
        let part = bytes[from..(from + c.n as usize).min(bytes.len())].to_vec();
        self.write_raw(f, c.dst.slot, c.dst.offset, &part);
    }

    /// Writes bytes at `offset`; a scalar variable whose bytes are all
    /// known is a scalar again.
    fn write_raw(&mut self, f: &mut Frame, slot: Slot, offset: u64, new: &[Option<u8>]) {
        let Some(info) = self.info(f, slot).cloned() else {
            return;
        };
        let mut bytes = self.object_bytes(f, slot, info.ty, info.size());
        for (i, &b) in new.iter().enumerate() {
            if let Some(x) = bytes.get_mut(offset as usize + i) {
                *x = b;
            }
        }
        let cell = match (info.record.is_some(), info.len) {
            (false, None) => from_bytes(info.ty, &bytes).map_or(Cell::Bytes(bytes), Cell::Scalar),
            (false, Some(_)) => Cell::Array(
                bytes
                    .chunks(info.ty.size() as usize)
                    .map(|c| from_bytes(info.ty, c))
                    .collect(),
            ),
            (true, _) => Cell::Bytes(bytes),
        };
        match slot {
            Slot::Local(k) => f.cells[k] = cell,
            Slot::Global(k) => self.globals[k] = cell,
        }
    }

    /// A union or struct variable as declared: unset, zero (a global), or
    /// its initialiser list (brace elision: the members' scalars in order;
    /// a union's first member only), the rest zero.
    pub(super) fn record_cell(&mut self, f: &mut Frame, d: &Decl) -> R<Cell> {
        let record = d.info.record.as_ref().expect("a record");
        let items = match &d.init {
            Init::List(items) => items,
            _ if matches!(d.slot, Slot::Global(_)) => {
                return Ok(Cell::Bytes(vec![Some(0); record.size as usize]))
            }
            _ => return Ok(Cell::Bytes(vec![None; record.size as usize])),
        };
        let members: &[Member] = if record.is_union {
            &record.members[..1]
        } else {
            &record.members
        };
        let slots: Vec<(u64, Scalar)> = members
            .iter()
            .flat_map(|m| {
                (0..m.len.unwrap_or(1) as u64).map(move |k| (m.offset + k * m.ty.size(), m.ty))
            })
            .collect();
        if items.len() > slots.len() {
            let e = &items[slots.len()];
            return Err(CError::new(
                ErrorKind::Type,
                e.pos.line,
                e.pos.col,
                format!(
                    "too many initialisers for `{}` ({} at most)",
                    d.info.name,
                    slots.len()
                ),
            ));
        }
        let mut bytes = vec![Some(0u8); record.size as usize];
        for (e, &(offset, ty)) in items.iter().zip(&slots) {
            let v = self.eval(f, e)?;
            let within = || format!("{} = {{… {} …}}", d.info.name, e.show());
            let v = self.convert(v, ty, Why::Initialisation, e, within);
            for (i, b) in bytes_of(v).into_iter().enumerate() {
                bytes[offset as usize + i] = b;
            }
        }
        Ok(Cell::Bytes(bytes))
    }
}
