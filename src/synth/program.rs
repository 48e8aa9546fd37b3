//! A straight-line program: its leaves (the parameters, then the
//! constants), then its instructions, each an operator on earlier values;
//! the last one is the answer. Printed as one C expression (every value
//! inlined) or as a whole C function (a value used twice in a temporary).
//!
//! ```text
//!   leaves  v0 = x   v1 = 0   v2 = 1   v3 = -1   v4 = 31
//!   t5 = v0 - v2              x - 1
//!   t6 = v0 & t5              x & (x - 1)     2 ops, dlc 2
//! ```

use super::ops::{Op, Ty};
use crate::lang::c::Scalar;

/// One instruction: `op` on values `a` (and `b`), numbered leaves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Instr {
    pub op: Op,
    pub a: u8,
    pub b: u8,
}

impl Instr {
    /// Its place in the search's order (operator, then operands).
    pub fn key(self) -> u32 {
        ((self.op as u32) << 16) | (u32::from(self.a) << 8) | u32::from(self.b)
    }

    pub fn uses(self, v: usize) -> bool {
        usize::from(self.a) == v || (!self.op.unary() && usize::from(self.b) == v)
    }
}

/// A straight-line program over one C type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Straight {
    pub ty: Ty,
    /// The parameters' names.
    pub params: Vec<String>,
    /// The constants' bits (leaves after the parameters).
    pub consts: Vec<u64>,
    pub instrs: Vec<Instr>,
    /// The answer's value: the last instruction, or a leaf when there is
    /// none.
    pub result: usize,
}

impl Straight {
    pub fn leaves(&self) -> usize {
        self.params.len() + self.consts.len()
    }

    /// Its value on one input (the parameters' bits); `None` where a shift
    /// count is out of range.
    pub fn eval(&self, args: &[u64]) -> Option<u64> {
        let mut v: Vec<u64> = args.iter().chain(&self.consts).copied().collect();
        for i in &self.instrs {
            let (a, b) = (v[usize::from(i.a)], v[usize::from(i.b)]);
            v.push(self.ty.eval(i.op, a, b)?);
        }
        v.get(self.result).copied()
    }

    /// The constants the program reads (or returns), in leaf order.
    pub fn used_consts(&self) -> Vec<u64> {
        let np = self.params.len();
        (0..self.consts.len())
            .filter(|&k| self.result == np + k || self.readers(np + k) > 0)
            .map(|k| self.consts[k])
            .collect()
    }

    /// How many instructions read value `v`.
    fn readers(&self, v: usize) -> usize {
        self.instrs.iter().filter(|i| i.uses(v)).count()
    }

    /// The dlc count: the operators of the inlined expression (a value used
    /// twice counted twice).
    pub fn dlc_ops(&self) -> usize {
        self.size(self.result)
    }

    fn size(&self, v: usize) -> usize {
        match v.checked_sub(self.leaves()) {
            None => 0,
            Some(k) => {
                let i = self.instrs[k];
                let b = if i.op.unary() {
                    0
                } else {
                    self.size(usize::from(i.b))
                };
                1 + self.size(usize::from(i.a)) + b
            }
        }
    }

    /// The program as one C expression.
    pub fn expr(&self) -> String {
        self.show(self.result, &[])
    }

    /// A whole C function `T name(T a, T b) { ... }`: a value used more
    /// than once in a temporary of the type, the rest inlined.
    pub fn source(&self, name: &str) -> String {
        let t = self.ty.int.name();
        let params: Vec<String> = self.params.iter().map(|p| format!("{t} {p}")).collect();
        let mut out = format!("{t} {name}({})\n{{\n", params.join(", "));
        let prefix = if self.params.iter().any(|p| p.starts_with('t')) {
            "tmp_"
        } else {
            "t"
        };
        let mut named: Vec<(usize, String)> = Vec::new();
        let n = self.leaves();
        for k in 0..self.instrs.len() {
            let v = n + k;
            if v != self.result && self.readers(v) > 1 {
                let text = self.show(v, &named);
                let var = format!("{prefix}{}", named.len() + 1);
                out.push_str(&format!("    {t} {var} = {text};\n"));
                named.push((v, var));
            }
        }
        out.push_str(&format!(
            "    return {};\n}}\n",
            self.show(self.result, &named)
        ));
        out
    }

    /// Value `v` as C text; `named` values are temporaries.
    fn show(&self, v: usize, named: &[(usize, String)]) -> String {
        if let Some((_, var)) = named.iter().find(|(u, _)| *u == v) {
            return var.clone();
        }
        let np = self.params.len();
        if v < np {
            return self.params[v].clone();
        }
        if v < self.leaves() {
            return literal(self.ty, self.consts[v - np]);
        }
        let i = self.instrs[v - self.leaves()];
        let a = self.operand(usize::from(i.a), i.op, true, named);
        if i.op.unary() {
            return format!("{}{a}", i.op.symbol());
        }
        let (b, np) = (usize::from(i.b), self.params.len());
        // x + -1 is written x - 1 (the same operation in C)
        if i.op == Op::Add && (np..self.leaves()).contains(&b) {
            let c = self.consts[b - np];
            let minus = c.wrapping_neg() & self.ty.mask;
            if minus < c && self.ty.get(minus) > 0 {
                return format!("{a} - {}", literal(self.ty, minus));
            }
        }
        let b = self.operand(b, i.op, false, named);
        format!("{a} {} {b}", i.op.symbol())
    }

    /// An operand of `parent`: compound ones in parentheses (but the left
    /// one of the same associative operator), and cast to the type where C
    /// would compute it in another (below `int`, or a 0/1 `int`).
    fn operand(&self, v: usize, parent: Op, left: bool, named: &[(usize, String)]) -> String {
        let text = self.show(v, named);
        let Some(k) = v.checked_sub(self.leaves()) else {
            return text;
        };
        if named.iter().any(|(u, _)| *u == v) {
            return text;
        }
        let op = self.instrs[k].op;
        let narrow = self.ty.bits < 32;
        if narrow || (op.gives_int() && self.ty.int != Scalar::Int) {
            return format!("({})({text})", self.ty.int.name());
        }
        let assoc = matches!(parent, Op::And | Op::Or | Op::Xor | Op::Add | Op::Mul);
        if (op.unary() && !parent.unary()) || (left && assoc && op == parent) {
            text
        } else {
            format!("({text})")
        }
    }
}

/// A constant as a C literal of the type's value (`0xffffffffu`, `(-1)`,
/// `(-2147483647 - 1)`).
pub fn literal(ty: Ty, bits: u64) -> String {
    let v = ty.get(bits);
    let (u, l) = match ty.int {
        Scalar::UInt => ("u", ""),
        Scalar::ULong => ("u", "l"),
        Scalar::ULongLong => ("u", "ll"),
        Scalar::Long => ("", "l"),
        Scalar::LongLong => ("", "ll"),
        _ => ("", ""),
    };
    if !ty.signed {
        return if bits <= 4096 {
            format!("{bits}{u}{l}")
        } else {
            format!("{bits:#x}{u}{l}")
        };
    }
    if ty.bits >= 32 && v == i64::MIN >> (64 - ty.bits) {
        return format!("(-{}{l} - 1)", -(v + 1));
    }
    if v < 0 {
        format!("(-{}{l})", -v)
    } else {
        format!("{v}{l}")
    }
}
