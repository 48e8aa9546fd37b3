//! The trace's side of the evaluator: what a step records (the variables
//! after it and the bits that changed, a note on what it changed), the
//! sub-expressions' values and the implicit conversions, each a step of
//! the zoomed-in view.

use super::super::ast::{Decl, Expr, Init};
use super::super::ast::{ExprKind, Pos};
use super::super::trace::{CStep, Conversion, ExprValue, StepKind, VarView};
use super::super::types::{conversion_rule, Scalar, Value, Why};
use super::{Cell, Frame, Machine};

impl<'p> Machine<'p> {
    pub(super) fn snapshot(&self, f: &Frame) -> Vec<Cell> {
        if self.opts.trace && self.steps.len() < self.opts.max_trace {
            f.cells.clone()
        } else {
            Vec::new()
        }
    }

    pub(super) fn record(
        &mut self,
        f: &Frame,
        pos: Pos,
        kind: StepKind,
        text: String,
        value: Option<Value>,
        before: &[Cell],
    ) {
        let exprs = std::mem::take(&mut self.exprs);
        let warnings = std::mem::take(&mut self.step_warnings);
        let note = self.note.take();
        if !self.opts.trace {
            return;
        }
        if self.steps.len() >= self.opts.max_trace {
            self.truncated = true;
            return;
        }
        let func = &self.prog.functions[f.func];
        let vars = f
            .live
            .iter()
            .map(|&k| {
                let mut v = view(
                    &func.locals[k].name,
                    func.locals[k].ty,
                    &f.cells[k],
                    before.get(k),
                );
                v.record = func.locals[k].record.as_ref().map(|r| r.name());
                v
            })
            .collect();
        self.steps.push(CStep {
            line: pos.line,
            function: func.name.clone(),
            text,
            kind,
            value,
            iteration: self.iterations.last().copied(),
            vars,
            exprs,
            note,
            warnings,
        });
    }

    /// What an expression statement changed: `i: 0 → 1`, and the
    /// expression's value when it is not the last new one (`i++`).
    pub(super) fn change_note(&self, f: &Frame, before: &[Cell], v: Value) -> Option<String> {
        let func = self.prog.functions.get(f.func)?;
        let mut last = None;
        let changes: Vec<String> = f
            .live
            .iter()
            .filter_map(|&k| {
                let Cell::Scalar(new) = f.cells[k] else {
                    return None;
                };
                let old = match before.get(k)? {
                    Cell::Scalar(old) if old.bits == new.bits => return None,
                    Cell::Scalar(old) => old.decimal(),
                    _ => "not set".into(),
                };
                last = Some(new);
                Some(format!(
                    "{}: {old} → {}",
                    func.locals[k].name,
                    new.decimal()
                ))
            })
            .collect();
        if changes.is_empty() {
            return None;
        }
        let value = match last {
            Some(n) if n.bits == v.bits && n.ty == v.ty => String::new(),
            _ => format!(", the expression's value {}", v.decimal()),
        };
        Some(format!("{}{value}", changes.join(", ")))
    }

    /// `v` (the value of `operand`) converted to `to` as C converts it
    /// implicitly; traced as a step of its own when the type changes.
    pub(super) fn convert(
        &mut self,
        v: Value,
        to: Scalar,
        why: Why,
        operand: &Expr,
        within: impl FnOnce() -> String,
    ) -> Value {
        let after = v.to(to);
        self.undefined_conversion(v, to, operand.pos);
        let room = self.steps.len() < self.opts.max_trace && self.exprs.len() < 400;
        if self.opts.trace && room && v.ty != to {
            self.exprs.push(ExprValue {
                text: operand.show(),
                value: after,
                conversion: Some(Conversion {
                    before: v,
                    why,
                    within: within(),
                    rule: conversion_rule(v, to),
                    changes: !super::super::types::floats::same_number(after, v),
                }),
            });
        }
        after
    }

    /// An operand of `e` converted: promoted, or to the common type.
    pub(super) fn operand(&mut self, v: Value, to: Scalar, operand: &Expr, e: &Expr) -> Value {
        let why = if operand.ty.promote() == to {
            Why::Promotion
        } else {
            Why::Arithmetic
        };
        self.convert(v, to, why, operand, || e.show())
    }

    pub(super) fn log(&mut self, e: &Expr, v: Value) {
        let room = self.steps.len() < self.opts.max_trace && self.exprs.len() < 400;
        if self.opts.trace && room && !matches!(e.kind, ExprKind::Lit(_)) {
            self.exprs.push(ExprValue {
                text: e.show(),
                value: v,
                conversion: None,
            });
        }
    }
}

pub(super) fn decl_text(d: &Decl) -> String {
    let name = match d.info.len {
        Some(n) => format!("{}[{n}]", d.info.name),
        None => d.info.name.clone(),
    };
    match &d.init {
        Init::None => name,
        Init::Scalar(e) => format!("{name} = {}", e.show()),
        Init::List(items) if items.len() <= 8 => {
            format!(
                "{name} = {{{}}}",
                items.iter().map(Expr::show).collect::<Vec<_>>().join(", ")
            )
        }
        Init::List(items) => format!("{name} = {{… {} values}}", items.len()),
    }
}

fn view(name: &str, ty: Scalar, cell: &Cell, before: Option<&Cell>) -> VarView {
    let (value, elements) = match cell {
        Cell::Scalar(v) => (Some(*v), Vec::new()),
        Cell::Array(a) => (None, a.clone()),
        // the byte view: each byte an unsigned char
        Cell::Bytes(b) => (
            None,
            b.iter()
                .map(|x| x.map(|x| Value::new(Scalar::UChar, i128::from(x))))
                .collect(),
        ),
        Cell::Unset => (None, Vec::new()),
    };
    let changed = match (cell, before) {
        (Cell::Scalar(v), Some(Cell::Scalar(b))) => v.bits ^ b.bits,
        (Cell::Scalar(_), _) => ty.mask(),
        _ => 0,
    };
    let array_changed = match (cell, before) {
        (Cell::Array(a), Some(Cell::Array(b))) => a.iter().zip(b).filter(|(x, y)| x != y).count(),
        (Cell::Bytes(a), Some(Cell::Bytes(b))) => a.iter().zip(b).filter(|(x, y)| x != y).count(),
        _ => 0,
    };
    VarView {
        name: name.to_string(),
        ty,
        value,
        changed: changed & ty.mask(),
        elements,
        elements_changed: array_changed,
        record: None,
    }
}
