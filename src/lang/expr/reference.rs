//! The plain reference: evaluates a tree in `u128` with an explicit modulus
//! `2^W`, no wrapping operations and no masks, and no trace. The property
//! test checks the lab's evaluator against it on random trees.

use super::{BinOp, Expr, ExprError, ExprKind, UnOp, Vars};

/// The value of `e` at `width` bits, or the first error (operands first).
///
/// # Errors
/// Division or remainder by zero, or a shift by `width` or more.
pub fn value(e: &Expr, width: u32, vars: Vars) -> Result<u64, ExprError> {
    let modulus: u128 = 1u128 << width;
    let r = match &e.kind {
        ExprKind::Lit(v) => u128::from(*v),
        ExprKind::Var(v) => u128::from(v.get(vars)) % modulus,
        ExprKind::Unary(op, a) => {
            let a = u128::from(value(a, width, vars)?);
            match op {
                UnOp::Not => modulus - 1 - a,
                UnOp::Neg => (modulus - a) % modulus,
                UnOp::LogicalNot => u128::from(a == 0),
            }
        }
        ExprKind::Binary(op, a, b) => {
            let a = u128::from(value(a, width, vars)?);
            let b = u128::from(value(b, width, vars)?);
            let col = e.col;
            let truth = |t: bool| if t { 1 } else { 0 };
            match op {
                BinOp::Mul => (a * b) % modulus,
                BinOp::Div | BinOp::Rem if b == 0 => {
                    return Err(if *op == BinOp::Div {
                        ExprError::DivisionByZero { col }
                    } else {
                        ExprError::RemainderByZero { col }
                    })
                }
                BinOp::Div => a / b,
                BinOp::Rem => a - (a / b) * b,
                BinOp::Add => (a + b) % modulus,
                BinOp::Sub => (a + modulus - b) % modulus,
                BinOp::Shl | BinOp::Shr if b >= u128::from(width) => {
                    return Err(ExprError::ShiftTooFar {
                        col,
                        amount: b as u64,
                        width,
                    })
                }
                BinOp::Shl => (a * (1u128 << b)) % modulus,
                BinOp::Shr => a / (1u128 << b),
                BinOp::Lt => truth(a < b),
                BinOp::Le => truth(a <= b),
                BinOp::Gt => truth(a > b),
                BinOp::Ge => truth(a >= b),
                BinOp::Eq => truth(a == b),
                BinOp::Ne => truth(a != b),
                BinOp::And | BinOp::Xor | BinOp::Or => bitwise(*op, a, b, width),
            }
        }
    };
    Ok(r as u64)
}

/// And / xor / or one bit at a time.
fn bitwise(op: BinOp, a: u128, b: u128, width: u32) -> u128 {
    (0..width).fold(0, |acc, i| {
        let (x, y) = ((a >> i) & 1 == 1, (b >> i) & 1 == 1);
        let bit = match op {
            BinOp::And => x && y,
            BinOp::Xor => x != y,
            _ => x || y,
        };
        acc | (u128::from(bit) << i)
    })
}
