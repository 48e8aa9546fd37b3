//! Arithmetic in any format, exactly: the exact result (integers, with a
//! sticky bit where bits fall off), rounded once.
//!
//! ```text
//! a + b:  align   1.0110 × 2^3  +  0.0011|011 × 2^3   (b shifted 3 right)
//!         add     1.1001|011 × 2^3                    (exact, every bit kept)
//!         round   1.1001|0 1 1 → G R S = 0 1 1 → down → 1.1001 × 2^3
//! ```
//!
//! Special cases follow IEEE 754 and, for the NaN bits, x86-64's SSE: a
//! NaN operand gives the first NaN operand (a, then b, then c) quieted; an
//! invalid operation (∞ - ∞, 0 × ∞, 0/0, ∞/∞, √negative) gives the
//! default NaN (sign 1, quiet, payload 0). An exact zero sum is +0 unless
//! both addends are -0.

use super::decode::{decoded, unpack, Unpacked};
use super::error::FloatError;
use super::exact::bit_len;
use super::format::{Format, Overflow};
use super::round::{round, shift_grs, Magnitude, Rounded};
use super::steps::{float_step, word, Steps};
use crate::bits::trace::{Step, Trace};
use crate::bits::word::Word;
use num_bigint::BigInt;
use num_traits::Signed;

/// An operation of [`compute`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Sqrt,
    /// `a × b + c`, rounded once.
    Fma,
}

impl Op {
    /// Every operation, in the order a menu lists them.
    pub const ALL: [Op; 6] = [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Sqrt, Op::Fma];

    /// Its name in a word: "add", "sub", "mul", "div", "sqrt", "fma".
    pub const fn name(self) -> &'static str {
        match self {
            Op::Add => "add",
            Op::Sub => "sub",
            Op::Mul => "mul",
            Op::Div => "div",
            Op::Sqrt => "sqrt",
            Op::Fma => "fma",
        }
    }

    /// How many operands it takes.
    pub const fn arity(self) -> usize {
        match self {
            Op::Sqrt => 1,
            Op::Fma => 3,
            _ => 2,
        }
    }

    /// Its symbol or name: "+", "-", "*", "/", "sqrt", "fma".
    pub const fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Sqrt => "sqrt",
            Op::Fma => "fma",
        }
    }

    /// The operation a symbol or name stands for (`×` and `x` multiply).
    pub fn from_symbol(s: &str) -> Option<Op> {
        Some(match s.to_ascii_lowercase().as_str() {
            "+" | "add" => Op::Add,
            "-" | "sub" => Op::Sub,
            "*" | "×" | "x" | "mul" => Op::Mul,
            "/" | "÷" | "div" => Op::Div,
            "sqrt" | "√" => Op::Sqrt,
            "fma" => Op::Fma,
            _ => return None,
        })
    }
}

/// A finite operand: `(-1)^negative × sig × 2^exp` (zero: `sig == 0`).
#[derive(Clone, Copy, Debug)]
struct Fin {
    negative: bool,
    sig: u64,
    exp: i64,
}

/// `op` on `args` in `format`, with the steps.
///
/// # Errors
/// [`FloatError::Arity`] for the wrong number of operands,
/// [`FloatError::TooWide`] for an operand wider than the format.
pub fn compute(
    format: Format,
    op: Op,
    args: &[u64],
    overflow: Overflow,
) -> Result<(Rounded, Trace), FloatError> {
    check(format, op, args)?;
    let mut steps = Steps::on();
    let rounded = run(format, op, args, overflow, &mut steps);
    let names: Vec<String> = args.iter().map(|&a| word(format, a).hex()).collect();
    let title = match op {
        Op::Add | Op::Sub | Op::Mul | Op::Div => {
            format!("{}: {} {} {}", format.name, names[0], op.symbol(), names[1])
        }
        _ => format!("{}: {}({})", format.name, op.symbol(), names.join(", ")),
    };
    Ok((
        rounded,
        steps.into_trace("float-op", title, format, rounded.bits),
    ))
}

/// [`compute`] without the steps (the same code, not recorded).
///
/// # Errors
/// As [`compute`].
pub fn evaluate(
    format: Format,
    op: Op,
    args: &[u64],
    overflow: Overflow,
) -> Result<Rounded, FloatError> {
    check(format, op, args)?;
    Ok(run(format, op, args, overflow, &mut Steps::off()))
}

/// `a + b` in `format` (its default overflow), with the steps.
///
/// # Errors
/// [`FloatError::TooWide`] for an operand wider than the format.
pub fn add(format: Format, a: u64, b: u64) -> Result<(Rounded, Trace), FloatError> {
    compute(format, Op::Add, &[a, b], Overflow::default_for(format))
}

/// `a - b`; see [`add`].
///
/// # Errors
/// As [`add`].
pub fn sub(format: Format, a: u64, b: u64) -> Result<(Rounded, Trace), FloatError> {
    compute(format, Op::Sub, &[a, b], Overflow::default_for(format))
}

/// `a × b`; see [`add`].
///
/// # Errors
/// As [`add`].
pub fn mul(format: Format, a: u64, b: u64) -> Result<(Rounded, Trace), FloatError> {
    compute(format, Op::Mul, &[a, b], Overflow::default_for(format))
}

/// `a / b`; see [`add`].
///
/// # Errors
/// As [`add`].
pub fn div(format: Format, a: u64, b: u64) -> Result<(Rounded, Trace), FloatError> {
    compute(format, Op::Div, &[a, b], Overflow::default_for(format))
}

/// `√a`; see [`add`].
///
/// # Errors
/// As [`add`].
pub fn sqrt(format: Format, a: u64) -> Result<(Rounded, Trace), FloatError> {
    compute(format, Op::Sqrt, &[a], Overflow::default_for(format))
}

/// `a × b + c` rounded once; see [`add`].
///
/// # Errors
/// As [`add`].
pub fn fma(format: Format, a: u64, b: u64, c: u64) -> Result<(Rounded, Trace), FloatError> {
    compute(format, Op::Fma, &[a, b, c], Overflow::default_for(format))
}

fn check(format: Format, op: Op, args: &[u64]) -> Result<(), FloatError> {
    if args.len() != op.arity() {
        return Err(FloatError::Arity {
            op: op.symbol(),
            expected: op.arity(),
            got: args.len(),
        });
    }
    args.iter().try_for_each(|&a| format.check(a).map(|_| ()))
}

fn run(format: Format, op: Op, args: &[u64], overflow: Overflow, steps: &mut Steps) -> Rounded {
    for (name, &bits) in ["a", "b", "c"].iter().zip(args) {
        steps.add(|| {
            let exact = decoded(format, bits).map(|d| d.exact).unwrap_or_default();
            float_step(&format!("operand {name}"), name, format, bits)
                .note(format!("{name} = {exact}"))
        });
    }
    if let Some(&nan) = args.iter().find(|&&a| format.is_nan(a)) {
        return nan_operand(format, nan, steps);
    }
    let u = |i: usize| unpack(format, args.get(i).copied().unwrap_or(0));
    match op {
        Op::Add => add_sub(format, u(0), u(1), overflow, steps),
        Op::Sub => add_sub(format, u(0), negate(u(1)), overflow, steps),
        Op::Mul => multiply(format, u(0), u(1), overflow, steps),
        Op::Div => divide(format, u(0), u(1), overflow, steps),
        Op::Sqrt => square_root(format, u(0), overflow, steps),
        Op::Fma => fused(format, [u(0), u(1), u(2)], overflow, steps),
    }
}

fn negate(u: Unpacked) -> Unpacked {
    match u {
        Unpacked::Infinity { negative } => Unpacked::Infinity {
            negative: !negative,
        },
        Unpacked::Finite { negative, sig, exp } => Unpacked::Finite {
            negative: !negative,
            sig,
            exp,
        },
        Unpacked::Nan => Unpacked::Nan,
    }
}

/// x86-64's rule: the first NaN operand, quieted, payload and sign kept.
fn nan_operand(format: Format, nan: u64, steps: &mut Steps) -> Rounded {
    let bits = format.quieted(nan);
    steps.add(|| {
        float_step("a NaN operand: the result is that NaN, quieted", "first NaN operand", format, bits)
            .highlight(format.quiet_bit())
            .note("x86-64 (SSE/AVX) returns the first NaN operand in operand order with its quiet bit set; IEEE 754 only says \"a NaN\"")
    });
    Rounded::exact(bits)
}

/// An invalid operation: the default NaN.
fn invalid(format: Format, why: &str, steps: &mut Steps) -> Rounded {
    let bits = format.default_nan();
    steps.add(|| {
        float_step("invalid operation: the default NaN", why, format, bits)
            .highlight(format.exp_mask() | format.quiet_bit())
            .note(format!("{why} has no meaningful value; x86-64 returns the default NaN: sign 1, quiet, payload 0"))
    });
    Rounded::exact(bits)
}

/// An exactly infinite result (∞ operand, x/0): ∞, or where the format
/// has none, what its overflow rule gives.
fn infinite(format: Format, negative: bool, overflow: Overflow, steps: &mut Steps) -> Rounded {
    if format.has_infinity() {
        let bits = overflow.bits(format, negative);
        steps.add(|| {
            float_step("the result is infinite", "±∞", format, bits).highlight(format.exp_mask())
        });
        let saturated = overflow == Overflow::Saturate;
        return Rounded {
            bits,
            inexact: saturated,
            overflow: saturated,
            underflow: false,
        };
    }
    super::round::overflowed(format, negative, overflow, steps)
}

fn fin(u: Unpacked) -> Option<Fin> {
    match u {
        Unpacked::Finite { negative, sig, exp } => Some(Fin { negative, sig, exp }),
        _ => None,
    }
}

fn add_sub(
    format: Format,
    a: Unpacked,
    b: Unpacked,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    match (a, b) {
        (Unpacked::Infinity { negative: x }, Unpacked::Infinity { negative: y }) if x != y => {
            invalid(format, "∞ - ∞", steps)
        }
        (Unpacked::Infinity { negative }, _) | (_, Unpacked::Infinity { negative }) => {
            infinite(format, negative, overflow, steps)
        }
        _ => match (fin(a), fin(b)) {
            (Some(x), Some(y)) => add_finite(format, x, y, overflow, steps),
            _ => invalid(format, "NaN", steps),
        },
    }
}

/// The sum of two finite values: aligned exactly (or, past 64 bits of
/// shift, with the smaller's low bits folded into a sticky bit), added,
/// rounded once.
fn add_finite(
    format: Format,
    mut x: Fin,
    mut y: Fin,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    if x.sig == 0 && y.sig == 0 {
        let negative = x.negative && y.negative;
        steps.add(|| {
            zero_step(
                format,
                negative,
                "a sum of zeros is -0 only when both are -0",
            )
        });
        return round(format, negative, Magnitude::exact(0, 0), overflow, steps);
    }
    if x.sig == 0 {
        x.exp = y.exp;
    } else if y.sig == 0 {
        y.exp = x.exp;
    }
    if y.exp > x.exp {
        std::mem::swap(&mut x, &mut y);
    }
    let d = x.exp - y.exp;
    steps.add(|| align_step(format, x, y, d));
    let (big, small, exp, sticky) = if d <= 64 {
        ((x.sig as u128) << d, y.sig as u128, y.exp, false)
    } else {
        let (kept, g, r, s) = shift_grs(y.sig as u128, d - 64);
        ((x.sig as u128) << 64, kept, x.exp - 64, g || r || s)
    };
    let (negative, n) = match (x.negative == y.negative, sticky, big >= small) {
        (true, _, _) => (x.negative, big + small),
        (false, true, _) => (x.negative, big - small - 1),
        (false, false, true) => (x.negative, big - small),
        (false, false, false) => (y.negative, small - big),
    };
    let mag = Magnitude { n, exp, sticky };
    if mag.is_zero() {
        steps.add(|| zero_step(format, false, "x + (-x) is +0 when rounding to nearest"));
        return round(format, false, mag, overflow, steps);
    }
    let verb = if x.negative == y.negative {
        "add"
    } else {
        "subtract"
    };
    steps.add(|| exact_step(&format!("{verb} the aligned significands"), negative, mag));
    round(format, negative, mag, overflow, steps)
}

fn zero_step(format: Format, negative: bool, note: &str) -> Step {
    float_step(
        "the exact result is zero",
        "±0",
        format,
        if negative { format.sign_mask() } else { 0 },
    )
    .highlight(format.sign_mask())
    .note(note)
}

/// `y`'s significand moved `d` bits right to `x`'s exponent, cut at `x`'s
/// last bit with guard, round and sticky.
fn align_step(format: Format, x: Fin, y: Fin, d: i64) -> Step {
    let m = format.frac_bits;
    let (kept, g, r, s) = shift_grs(y.sig as u128, d);
    let value = (kept as u64) << 3 | (g as u64) << 2 | (r as u64) << 1 | s as u64;
    Step::new(
        "align the exponents: shift the smaller operand right",
        format!("{:#x} >> {d}", y.sig),
        Word::new(value, m + 4),
    )
    .highlight(0b111)
    .operand(format!("{:#x} × 2^{}", x.sig, x.exp), Word::new(x.sig << 3, m + 4))
    .note(format!(
        "the larger exponent is 2^{}; the other significand moves {d} bit(s) right: the bits shifted past the last kept place are G R S = {} {} {} (the exact sum keeps them all)",
        x.exp + m as i64, g as u8, r as u8, s as u8
    ))
}

/// A step showing an exact intermediate `(n + δ) × 2^exp`.
fn exact_step(label: &str, negative: bool, mag: Magnitude) -> Step {
    let len = bit_len(mag.n).max(1);
    let shown = len.min(64);
    let top = (mag.n >> (len - shown)) as u64;
    let more = if len > 64 {
        format!(" (top 64 of {len} bits)")
    } else {
        String::new()
    };
    let sign = if negative { "-" } else { "" };
    Step::new(
        label,
        format!("{sign}{:#x} × 2^{}", mag.n, mag.exp),
        Word::new(top, shown),
    )
    .note(format!("exactly {sign}{}{more}", mag.text()))
}

fn multiply(
    format: Format,
    a: Unpacked,
    b: Unpacked,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    let negative = sign_of(a) != sign_of(b);
    if (is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b)) {
        return invalid(format, "0 × ∞", steps);
    }
    let (Some(x), Some(y)) = (fin(a), fin(b)) else {
        return infinite(format, negative, overflow, steps);
    };
    let mag = Magnitude::exact(x.sig as u128 * y.sig as u128, x.exp + y.exp);
    if !mag.is_zero() {
        steps.add(|| {
            exact_step(
                "multiply the significands, add the exponents",
                negative,
                mag,
            )
            .note(format!(
                "{:#x} × {:#x} = {:#x}; 2^{} × 2^{} = 2^{}; exactly {}",
                x.sig,
                y.sig,
                mag.n,
                x.exp,
                y.exp,
                mag.exp,
                mag.text()
            ))
        });
    }
    round(format, negative, mag, overflow, steps)
}

fn divide(
    format: Format,
    a: Unpacked,
    b: Unpacked,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    let negative = sign_of(a) != sign_of(b);
    match (a, b) {
        (Unpacked::Infinity { .. }, Unpacked::Infinity { .. }) => invalid(format, "∞ / ∞", steps),
        (Unpacked::Infinity { .. }, _) => infinite(format, negative, overflow, steps),
        (_, Unpacked::Infinity { .. }) => {
            round(format, negative, Magnitude::exact(0, 0), overflow, steps)
        }
        _ => match (fin(a), fin(b)) {
            (Some(x), Some(y)) if y.sig == 0 && x.sig == 0 => invalid(format, "0 / 0", steps),
            (Some(_), Some(y)) if y.sig == 0 => {
                steps.add(|| {
                    Step::new("division by zero", "x / 0", word(format, 0))
                        .note("a nonzero number over zero is ±∞ (the divide-by-zero exception)")
                });
                infinite(format, negative, overflow, steps)
            }
            (Some(x), Some(y)) => divide_finite(format, x, y, negative, overflow, steps),
            _ => invalid(format, "NaN", steps),
        },
    }
}

/// `x / y`: the dividend's significand shifted left so that the integer
/// quotient has 70+ bits; a nonzero remainder is the sticky bit.
fn divide_finite(
    format: Format,
    x: Fin,
    y: Fin,
    negative: bool,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    if x.sig == 0 {
        return round(format, negative, Magnitude::exact(0, 0), overflow, steps);
    }
    let k = 127 - bit_len(x.sig as u128) as i64;
    let num = (x.sig as u128) << k;
    let (q, r) = (num / y.sig as u128, num % y.sig as u128);
    let mag = Magnitude {
        n: q,
        exp: x.exp - y.exp - k,
        sticky: r != 0,
    };
    steps.add(|| {
        exact_step("divide the significands", negative, mag).note(format!(
            "({:#x} << {k}) / {:#x} = {:#x} remainder {r:#x}{}; 2^{} / 2^{} × 2^-{k}",
            x.sig,
            y.sig,
            q,
            if r != 0 {
                " (nonzero: sticky)"
            } else {
                " (exact)"
            },
            x.exp,
            y.exp
        ))
    });
    round(format, negative, mag, overflow, steps)
}

fn square_root(format: Format, a: Unpacked, overflow: Overflow, steps: &mut Steps) -> Rounded {
    match a {
        Unpacked::Infinity { negative: false } => infinite(format, false, overflow, steps),
        Unpacked::Finite {
            negative, sig: 0, ..
        } => round(format, negative, Magnitude::exact(0, 0), overflow, steps),
        Unpacked::Finite {
            negative: false,
            sig,
            exp,
        } => {
            let mut k = 126 - bit_len(sig as u128) as i64;
            if (exp - k).rem_euclid(2) == 1 {
                k -= 1;
            }
            let n = (sig as u128) << k;
            let r = n.isqrt();
            let mag = Magnitude {
                n: r,
                exp: (exp - k) / 2,
                sticky: r * r != n,
            };
            steps.add(|| {
                exact_step("integer square root of the significand", false, mag).note(format!(
                    "√({sig:#x} × 2^{exp}) = √({n:#x} × 2^{}) : isqrt = {r:#x}{}",
                    exp - k,
                    if mag.sticky {
                        ", r² < n: sticky"
                    } else {
                        ", exact"
                    }
                ))
            });
            round(format, false, mag, overflow, steps)
        }
        _ => invalid(format, "√ of a negative number", steps),
    }
}

fn sign_of(u: Unpacked) -> bool {
    match u {
        Unpacked::Infinity { negative } | Unpacked::Finite { negative, .. } => negative,
        Unpacked::Nan => false,
    }
}

fn is_zero(u: Unpacked) -> bool {
    matches!(u, Unpacked::Finite { sig: 0, .. })
}

fn is_inf(u: Unpacked) -> bool {
    matches!(u, Unpacked::Infinity { .. })
}

/// `a × b + c`: the product exact, then the exact sum (big integers), then
/// one rounding.
fn fused(
    format: Format,
    [a, b, c]: [Unpacked; 3],
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    let product_negative = sign_of(a) != sign_of(b);
    if (is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b)) {
        return invalid(format, "0 × ∞ in a × b + c", steps);
    }
    match (is_inf(a) || is_inf(b), c) {
        (true, Unpacked::Infinity { negative }) if negative != product_negative => {
            invalid(format, "∞ - ∞ in a × b + c", steps)
        }
        (true, _) => infinite(format, product_negative, overflow, steps),
        (false, Unpacked::Infinity { negative }) => infinite(format, negative, overflow, steps),
        _ => match (fin(a), fin(b), fin(c)) {
            (Some(x), Some(y), Some(z)) => fused_finite(format, x, y, z, overflow, steps),
            _ => invalid(format, "NaN", steps),
        },
    }
}

fn fused_finite(
    format: Format,
    x: Fin,
    y: Fin,
    z: Fin,
    overflow: Overflow,
    steps: &mut Steps,
) -> Rounded {
    let p = x.sig as u128 * y.sig as u128;
    let p_exp = x.exp + y.exp;
    let p_negative = x.negative != y.negative;
    steps.add(|| {
        exact_step(
            "the exact product a × b (nothing rounded)",
            p_negative,
            Magnitude::exact(p, p_exp),
        )
    });
    if p == 0 && z.sig == 0 {
        let negative = p_negative && z.negative;
        steps.add(|| {
            zero_step(
                format,
                negative,
                "a sum of zeros is -0 only when both are -0",
            )
        });
        return round(format, negative, Magnitude::exact(0, 0), overflow, steps);
    }
    let low = if p == 0 {
        z.exp
    } else if z.sig == 0 {
        p_exp
    } else {
        p_exp.min(z.exp)
    };
    let term = |negative: bool, n: u128, e: i64| {
        let v = BigInt::from(n) << (e - low).max(0) as usize;
        if negative {
            -v
        } else {
            v
        }
    };
    let sum = term(p_negative, p, p_exp) + term(z.negative, z.sig as u128, z.exp);
    let negative = sum.is_negative();
    let mag = Magnitude::from_big(sum.magnitude(), low);
    steps.add(|| exact_step("add c exactly, then round once", negative, mag));
    if mag.is_zero() {
        steps.add(|| zero_step(format, false, "x + (-x) is +0 when rounding to nearest"));
    }
    round(format, negative && !mag.is_zero(), mag, overflow, steps)
}
