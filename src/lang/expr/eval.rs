//! The lab's evaluator: walks the tree operands first, so every
//! sub-expression becomes a step, innermost first, and the first error met
//! (left to right) is the one reported.

use super::{BinOp, Expr, ExprError, ExprKind, UnOp, Vars};
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::{mask, Word};

/// Evaluates a parsed `tree` of `src` at `width` bits into its trace.
///
/// # Errors
/// Division or remainder by zero, or a shift by `width` or more.
pub fn evaluate_tree(src: &str, tree: &Expr, width: u32, vars: Vars) -> Result<Trace, ExprError> {
    let mut steps = Vec::new();
    let value = walk(src, tree, width, vars, &mut steps)?;
    let mut trace = Trace::new(
        "expr",
        format!("{} at {width} bits", src.trim()),
        Outcome::Word(Word::new(value, width)),
    );
    trace.steps = steps;
    Ok(trace)
}

/// One operator applied to words of `width` bits (`a` alone for unary).
pub fn apply_binary(op: BinOp, a: u64, b: u64, width: u32, col: usize) -> Result<u64, ExprError> {
    let m = mask(width);
    Ok(match op {
        BinOp::Mul => a.wrapping_mul(b) & m,
        BinOp::Div if b == 0 => return Err(ExprError::DivisionByZero { col }),
        BinOp::Div => a / b,
        BinOp::Rem if b == 0 => return Err(ExprError::RemainderByZero { col }),
        BinOp::Rem => a % b,
        BinOp::Add => a.wrapping_add(b) & m,
        BinOp::Sub => a.wrapping_sub(b) & m,
        BinOp::Shl | BinOp::Shr if b >= u64::from(width) => {
            return Err(ExprError::ShiftTooFar {
                col,
                amount: b,
                width,
            })
        }
        BinOp::Shl => (a << b) & m,
        BinOp::Shr => a >> b,
        BinOp::Lt => u64::from(a < b),
        BinOp::Le => u64::from(a <= b),
        BinOp::Gt => u64::from(a > b),
        BinOp::Ge => u64::from(a >= b),
        BinOp::Eq => u64::from(a == b),
        BinOp::Ne => u64::from(a != b),
        BinOp::And => a & b,
        BinOp::Xor => a ^ b,
        BinOp::Or => a | b,
    })
}

pub fn apply_unary(op: UnOp, a: u64, width: u32) -> u64 {
    match op {
        UnOp::Not => !a & mask(width),
        UnOp::Neg => a.wrapping_neg() & mask(width),
        UnOp::LogicalNot => u64::from(a == 0),
    }
}

fn label(kind: &ExprKind, width: u32) -> String {
    let text = match kind {
        ExprKind::Lit(_) => "literal",
        ExprKind::Var(_) => "variable",
        ExprKind::Unary(UnOp::Not, _) => "flip every bit",
        ExprKind::Unary(UnOp::Neg, _) => "negate: ~v + 1",
        ExprKind::Unary(UnOp::LogicalNot, _) => "logical not: 1 if zero",
        ExprKind::Binary(op, ..) => match op {
            BinOp::Mul => return format!("multiply mod 2^{width}"),
            BinOp::Div => "divide (unsigned, rounds down)",
            BinOp::Rem => "remainder",
            BinOp::Add => return format!("add mod 2^{width}"),
            BinOp::Sub => return format!("subtract mod 2^{width}"),
            BinOp::Shl => "shift left",
            BinOp::Shr => "shift right (logical: zeros come in)",
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => "compare (unsigned): 1 or 0",
            BinOp::Eq | BinOp::Ne => "equality: 1 or 0",
            BinOp::And => "and",
            BinOp::Xor => "xor",
            BinOp::Or => "or",
        },
    };
    text.to_string()
}

fn walk(
    src: &str,
    e: &Expr,
    width: u32,
    vars: Vars,
    steps: &mut Vec<Step>,
) -> Result<u64, ExprError> {
    let text = &src[e.start..e.end];
    let word = |v: u64| Word::new(v, width);
    let step = |v: u64| Step::new(label(&e.kind, width), text, word(v));
    let s = match &e.kind {
        ExprKind::Lit(v) => step(*v),
        ExprKind::Var(v) => step(v.get(vars)).note(format!("{} = {}", v.name(), v.get(vars))),
        ExprKind::Unary(op, a) => {
            let av = walk(src, a, width, vars, steps)?;
            let v = apply_unary(*op, av, width);
            step(v)
                .operand(&src[a.start..a.end], word(av))
                .highlight(if *op == UnOp::LogicalNot { 0 } else { v ^ av })
        }
        ExprKind::Binary(op, a, b) => {
            let av = walk(src, a, width, vars, steps)?;
            let bv = walk(src, b, width, vars, steps)?;
            let v = apply_binary(*op, av, bv, width, e.col)?;
            step(v)
                .operand(&src[a.start..a.end], word(av))
                .operand(&src[b.start..b.end], word(bv))
                .note(format!("{av} {} {bv} = {v}", op.symbol()))
        }
    };
    steps.push(s);
    Ok(steps.last().map_or(0, |s| s.value.bits))
}
