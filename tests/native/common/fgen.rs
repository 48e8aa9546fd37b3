//! Random C functions that compute with `float` and `double`, for the
//! differential test of `bitscope::lang::c` against gcc
//! (`tests/native/c_gcc_float.rs`).
//!
//! Each function takes two `unsigned long long` words, reads a float from
//! the first (through a union, as a data lab's `u2f` does), a double from
//! the second (through `memcpy`-free pointer punning), and an `int` and an
//! `unsigned` from their bits; then declares up to six temporaries of
//! random arithmetic types, each from a random expression: `+ - * /`,
//! unary minus, comparisons, `?:`, casts both ways between every integer
//! and floating type, the exact `<math.h>` functions and the
//! classification macros. It returns every temporary's bits mixed, so a
//! NaN's payload or sign that differs shows.
//!
//! Defined on every input, and computed at run time: integer operators
//! are `+ - * ^ & |` (wrapping under `-fwrapv`), and every operator and
//! function has a variable operand, so gcc folds no constant expression
//! (its folding may give a NaN another sign than SSE does). gcc's
//! algebraic folds that change a NaN's bits are kept out: no literal 0 or
//! ±1 (`x * 1.0` is folded to `x`), a unary minus only on a
//! variable as a whole initialiser (`a / -b` is folded to `-a / b`,
//! `-(a * 2)` to `a * -2`, `-(a - b)` to `b - a`), and no rounding
//! function of a `fabs` (gcc inlines `floor(fabs(x))` without quieting a
//! signalling NaN).
//! A float converted to an integer type is in range unless it is a
//! variable (an undefined conversion gcc may fold as it likes). And one
//! operand of `+ - * /` is never a NaN (`isnan(b) ? 2.5 : b`):
//! with two NaN operands x86-64 keeps the instruction's first, and which
//! one gcc puts first depends on its code generation (a call's result
//! lands in the first register), while bitscope keeps the first written.

use super::rng::Rng;

/// The helpers every function uses.
pub const HELPERS: &str = "\
static float u2f(unsigned u) { union { unsigned u; float f; } a; a.u = u; return a.f; }
static unsigned f2u(float f) { union { unsigned u; float f; } a; a.f = f; return a.u; }
static double u2d(unsigned long long u) { return *(double *)&u; }
static unsigned long long d2u(double d) { return *(unsigned long long *)&d; }
";

#[derive(Clone, Copy, PartialEq, Eq)]
enum T {
    F,
    D,
    I,
    U,
    L,
    UL,
}

impl T {
    fn name(self) -> &'static str {
        match self {
            T::F => "float",
            T::D => "double",
            T::I => "int",
            T::U => "unsigned",
            T::L => "long",
            T::UL => "unsigned long",
        }
    }

    fn floating(self) -> bool {
        matches!(self, T::F | T::D)
    }
}

const ALL: [T; 6] = [T::F, T::D, T::I, T::U, T::L, T::UL];

/// Literals that matter: exact and inexact, around the rounding and
/// conversion boundaries.
/// (No 0, -0 or 1: gcc folds `x + -0.0`, `x * 1.0` and `x / 1.0` to
/// `x` even at -O0, which keeps a signalling NaN unquieted.)
const FLOAT_LITS: [&str; 11] = [
    "0.5f",
    "2.0f",
    "0.1f",
    "3.0f",
    "1e30f",
    "0x1p-149f",
    "16777217.0f",
    "2147483648.0f",
    "1.5f",
    "0x1.fffffep127f",
    "-3.5f",
];
const DOUBLE_LITS: [&str; 9] = [
    "0.1",
    "2.0",
    "1e300",
    "0x1p-1074",
    "9007199254740993.0",
    "9223372036854775808.0",
    "0.3",
    "4294967296.0",
    "1e-310",
];
const INT_LITS: [&str; 5] = ["3", "7", "16777217", "2147483647", "-2147483647"];

struct Gen<'a> {
    rng: &'a mut Rng,
    /// Variables in scope and their types.
    vars: Vec<(String, T)>,
}

impl Gen<'_> {
    fn pick<X: Copy>(&mut self, xs: &[X]) -> X {
        xs[self.rng.below(xs.len())]
    }

    fn var(&mut self) -> (String, T) {
        let k = self.rng.below(self.vars.len());
        self.vars[k].clone()
    }

    fn literal(&mut self, t: T) -> String {
        match t {
            T::F => self.pick(&FLOAT_LITS).into(),
            T::D => self.pick(&DOUBLE_LITS).into(),
            _ => self.pick(&INT_LITS).into(),
        }
    }

    /// An expression of type `t` that reads at least one variable.
    fn expr(&mut self, t: T, depth: u32) -> String {
        if depth == 0 || self.rng.below(4) == 0 {
            let (v, vt) = self.var();
            return if vt == t {
                v
            } else {
                format!("(({}){v})", t.name())
            };
        }
        if t.floating() {
            self.floating(t, depth)
        } else {
            self.integer(t, depth)
        }
    }

    /// An operand: an expression or, at times, a literal of type `t`.
    fn operand(&mut self, t: T, depth: u32) -> (String, bool) {
        if self.rng.below(4) == 0 {
            (self.literal(t), false)
        } else {
            (self.expr(t, depth), true)
        }
    }

    fn floating(&mut self, t: T, depth: u32) -> String {
        let f = if t == T::F { "f" } else { "" };
        let d = depth - 1;
        match self.rng.below(9) {
            0..=3 => {
                let op = self.pick(&["+", "-", "*", "/"]);
                // (a `-` of an integer operand: gcc folds `(double)i - (long)i`
                // to 0.0, then `0.0 - y` to `-y`, a zero's sign aside)
                let mixed = op != "-" && self.rng.below(3) == 0;
                let other = if mixed { self.pick(&ALL) } else { t };
                let (a, has) = self.operand(t, d);
                let b = if has {
                    self.operand(other, d).0
                } else {
                    self.expr(other, d)
                };
                // gcc folds `x - x` to 0.0 where x cannot be a NaN (an
                // integer converted), then `0.0 - y` to `-y` (a zero's sign)
                let op = if b.contains(&a) || a.contains(&b) {
                    "*"
                } else {
                    op
                };
                let b = if other.floating() {
                    format!("(isnan({b}) ? 2.5 : {b})")
                } else {
                    b
                };
                format!("({}({a} {op} {b}))", cast(t))
            }
            4 => {
                let (v, vt) = self.var();
                let name = self.pick(&["fabs", "sqrt"]);
                if vt == t {
                    format!("{name}{f}({v})")
                } else {
                    format!("{name}{f}(({}){v})", t.name())
                }
            }
            5 => {
                // (fabs of a variable only: gcc folds fabs(a * b) to
                // fabs(a) * fabs(b), a NaN's sign aside)
                let name = self.pick(&["sqrt", "floor", "ceil", "trunc", "round", "rint"]);
                let mut arg = self.expr(t, d);
                // gcc inlines floor(fabs(x)) without quieting a signalling NaN
                if name != "fabs"
                    && name != "sqrt"
                    && (arg.starts_with("fabs") || arg.starts_with("sqrt"))
                {
                    arg = format!("({arg} + 0.5{f})");
                }
                format!("{name}{f}({arg})")
            }
            6 => {
                // (no copysign: gcc folds copysign(a * b, C) to
                // fabs(a) * fabs(b) and copysign(a / b, b) too, a NaN's
                // sign aside)
                let (a, b) = (self.expr(t, d), self.expr(t, d));
                format!("nextafter{f}({a}, {b})")
            }
            7 => {
                let n = self.pick(&["1", "-1", "23", "-149", "200", "-1100", "2000"]);
                let n = if self.rng.below(2) == 0 {
                    n.to_string()
                } else {
                    format!("(({}) & 255) - 128", self.expr(T::I, d))
                };
                format!("ldexp{f}({}, {n})", self.expr(t, d))
            }
            _ => {
                let c = self.comparison(d);
                format!("({c} ? {} : {})", self.expr(t, d), self.operand(t, d).0)
            }
        }
    }

    fn integer(&mut self, t: T, depth: u32) -> String {
        let d = depth - 1;
        match self.rng.below(6) {
            // out of range, a conversion is undefined, and gcc's folds
            // assume it is not (`(int)(double)u` is never negative): a
            // variable converts as it is, an expression only in range
            0 | 1 => {
                let from = self.pick(&[T::F, T::D]);
                let e = self.expr(from, d);
                let f = if from == T::F { "f" } else { "" };
                let low = if matches!(t, T::I | T::L) {
                    "-1e9"
                } else {
                    "0.0"
                };
                if e.chars().all(|c| c.is_alphanumeric()) {
                    format!("(({}){e})", t.name())
                } else {
                    format!("({e} >= {low}{f} && {e} < 1e9{f} ? ({}){e} : 5)", t.name())
                }
            }
            2 => format!("(({}){})", t.name(), self.comparison(d)),
            3 => {
                let f = self.pick(&[T::F, T::D]);
                // (no signbit: gcc folds it to 0 where it proves its
                // argument non-negative, a NaN's sign aside)
                let name = self.pick(&["isnan", "isinf", "isfinite", "isnormal"]);
                format!("(({}){name}({}))", t.name(), self.expr(f, d))
            }
            _ => {
                let op = self.pick(&["+", "-", "*", "^", "&", "|"]);
                let (a, has) = self.operand(t, d);
                let b = if has {
                    self.operand(t, d).0
                } else {
                    self.expr(t, d)
                };
                format!("(({})({a} {op} {b}))", t.name())
            }
        }
    }

    fn comparison(&mut self, depth: u32) -> String {
        let t = self.pick(&[T::F, T::D, T::F, T::I]);
        let op = self.pick(&["<", "<=", ">", ">=", "==", "!="]);
        let a = self.expr(t, depth);
        let other = if self.rng.below(3) == 0 {
            self.pick(&ALL)
        } else {
            t
        };
        let (b, _) = self.operand(other, depth);
        format!("({a} {op} {b})")
    }
}

fn cast(t: T) -> String {
    format!("({})", t.name())
}

/// One generated function.
pub struct Generated {
    pub name: String,
    /// The function alone (the helpers come first in a program).
    pub code: String,
}

impl Generated {
    /// A program of the helpers and this function.
    pub fn program(&self) -> String {
        format!("#include <math.h>\n{HELPERS}{}", self.code)
    }
}

/// The function for `seed`, named `name`.
pub fn generate(seed: u64, name: &str) -> Generated {
    let mut rng = Rng::new(seed ^ 0xF10A_7F10_A7F1_0A7F);
    let vars = vec![
        ("x".to_string(), T::F),
        ("y".to_string(), T::D),
        ("i".to_string(), T::I),
        ("u".to_string(), T::U),
    ];
    let mut g = Gen {
        rng: &mut rng,
        vars,
    };
    let mut body = String::from(
        "    float x = u2f((unsigned)a);\n    double y = u2d(b);\n    int i = (int)a;\n    unsigned u = (unsigned)(a >> 32);\n",
    );
    let temps = 2 + g.rng.below(5);
    let negate = |t: T, e: String| if t.floating() { format!("-({e})") } else { e };
    let mut mix = String::from("    unsigned long long r = 0;\n");
    for k in 0..temps {
        let t = g.pick(&ALL);
        let depth = 1 + g.rng.below(4) as u32;
        let e = if g.rng.below(5) == 0 {
            let (v, vt) = g.var();
            negate(
                t,
                if vt == t {
                    v
                } else {
                    format!("(({}){v})", t.name())
                },
            )
        } else {
            g.expr(t, depth)
        };
        let v = format!("t{k}");
        body.push_str(&format!("    {} {v} = {e};\n", t.name()));
        let bits = match t {
            T::F => format!("f2u({v})"),
            T::D => format!("d2u({v})"),
            _ => format!("(unsigned long long){v}"),
        };
        mix.push_str(&format!("    r = r * 31 + {bits};\n"));
        g.vars.push((v, t));
    }
    let code = format!(
        "unsigned long long {name}(unsigned long long a, unsigned long long b)\n{{\n{body}{mix}    return r;\n}}\n"
    );
    Generated {
        name: name.to_string(),
        code,
    }
}

/// Float and double bit patterns at the edges: zeros, subnormals, the
/// normal range's ends, infinities, quiet and signalling NaNs with
/// payloads, and values around 0.5, 2^24, 2^31, 2^32 and 2^63.
pub const FLOAT_EDGES: [u32; 24] = [
    0,
    0x8000_0000,
    1,
    0x007f_ffff,
    0x0080_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0000,
    0x7fa0_0001,
    0xffc0_1234,
    0x3f80_0000,
    0x3f00_0000,
    0x3fc0_0000,
    0x4b80_0001,
    0x4f00_0000,
    0x4eff_ffff,
    0xcf00_0000,
    0xcf00_0001,
    0x4f80_0000,
    0x5f00_0000,
    0xdf00_0000,
];
pub const DOUBLE_EDGES: [u64; 20] = [
    0,
    0x8000_0000_0000_0000,
    1,
    0x000f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0xfff8_0000_0000_0000,
    0x7ff4_0000_0000_0001,
    0xfff8_0000_dead_beef,
    0x3ff0_0000_0000_0000,
    0x3fe0_0000_0000_0000,
    0x41e0_0000_0000_0000,
    0xc1e0_0000_0000_0000,
    0x41ef_ffff_ffe0_0000,
    0x43e0_0000_0000_0000,
    0x43f0_0000_0000_0000,
    0x3fb9_9999_9999_999a,
];
