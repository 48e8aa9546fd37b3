//! The operators a synthesized program may use, computed on words of the
//! specification's type exactly as C does (gcc `-fwrapv`): each value is
//! the type's bits in a `u64`, the sign read from the top bit.
//!
//! ```text
//!   unary   ~  -x  !                  (`!` and comparisons give 0 or 1)
//!   binary  +  -  *  /  %  &  |  ^  <<  >>  <  <=  >  >=  ==  !=
//!   (`/` and `%` only when asked for: a division by 0, or of the least
//!   int by -1, has no value; C's quotient is truncated)
//!   x >> 1 on int:      1111_0110 -> 1111_1011   (arithmetic)
//!   x >> 1 on unsigned: 1111_0110 -> 0111_1011   (logical)
//!   a shift by a count outside 0..W-1 has no value (undefined in C)
//! ```

use crate::lang::c::Scalar;

/// One operator. The order here is the search's order (and the key of its
/// canonical programs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    Not,
    Neg,
    LNot,
    And,
    Or,
    Xor,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Op {
    /// Every operator, in the search's order.
    pub const ALL: [Op; 19] = [
        Op::Not,
        Op::Neg,
        Op::LNot,
        Op::And,
        Op::Or,
        Op::Xor,
        Op::Add,
        Op::Sub,
        Op::Mul,
        Op::Div,
        Op::Rem,
        Op::Shl,
        Op::Shr,
        Op::Lt,
        Op::Le,
        Op::Gt,
        Op::Ge,
        Op::Eq,
        Op::Ne,
    ];

    /// Whether a search takes it when no operators are named: all but
    /// the division's two (slow in gates, and rarely the shortest way).
    pub fn by_default(self) -> bool {
        !matches!(self, Op::Div | Op::Rem)
    }

    /// Its name in the data lab's notation (`-x` is negation, `-` the
    /// difference), as `--ops` lists it.
    pub fn name(self) -> &'static str {
        match self {
            Op::Neg => "-x",
            op => op.symbol(),
        }
    }

    /// Its C symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Not => "~",
            Op::Neg | Op::Sub => "-",
            Op::LNot => "!",
            Op::And => "&",
            Op::Or => "|",
            Op::Xor => "^",
            Op::Add => "+",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Rem => "%",
            Op::Shl => "<<",
            Op::Shr => ">>",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Eq => "==",
            Op::Ne => "!=",
        }
    }

    /// The operator `--ops` names `token`.
    pub fn from_name(token: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|op| op.name() == token)
    }

    pub fn unary(self) -> bool {
        matches!(self, Op::Not | Op::Neg | Op::LNot)
    }

    /// `a op b == b op a`: the search takes its operands in one order.
    pub fn commutative(self) -> bool {
        matches!(
            self,
            Op::And | Op::Or | Op::Xor | Op::Add | Op::Mul | Op::Eq | Op::Ne
        )
    }

    /// Gives 0 or 1 as a C `int` (a cast is needed to use it as another type).
    pub fn gives_int(self) -> bool {
        matches!(
            self,
            Op::LNot | Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Eq | Op::Ne
        )
    }

    /// C's precedence, higher binds tighter (unary above all).
    pub fn precedence(self) -> u8 {
        match self {
            Op::Not | Op::Neg | Op::LNot => 10,
            Op::Mul | Op::Div | Op::Rem => 9,
            Op::Add | Op::Sub => 8,
            Op::Shl | Op::Shr => 7,
            Op::Lt | Op::Le | Op::Gt | Op::Ge => 6,
            Op::Eq | Op::Ne => 5,
            Op::And => 4,
            Op::Xor => 3,
            Op::Or => 2,
        }
    }
}

/// The words of one C type: width, mask and signedness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ty {
    pub int: Scalar,
    pub bits: u32,
    pub mask: u64,
    pub signed: bool,
}

impl Ty {
    pub fn new(int: Scalar) -> Ty {
        Ty {
            int,
            bits: int.bits(),
            mask: int.mask(),
            signed: int.signed(),
        }
    }

    /// The value of the bits `v` as a number (sign-extended when signed).
    #[inline]
    pub fn get(self, v: u64) -> i64 {
        if self.signed {
            let s = 64 - self.bits;
            ((v << s) as i64) >> s
        } else {
            v as i64
        }
    }

    /// `v`'s bits when it counts a shift: `None` outside 0..W-1.
    #[inline]
    fn count(self, v: u64) -> Option<u32> {
        let n = self.get(v);
        (0..i64::from(self.bits)).contains(&n).then_some(n as u32)
    }

    /// Orders two values as C compares them in this type.
    #[inline]
    fn less(self, a: u64, b: u64, or_equal: bool) -> bool {
        let (x, y) = if self.signed {
            (self.get(a), self.get(b))
        } else {
            (a as i64 ^ i64::MIN, b as i64 ^ i64::MIN)
        };
        x < y || (or_equal && x == y)
    }

    /// `a >> c` in this type (arithmetic when signed), `c` a count in range.
    #[inline(always)]
    pub fn shr(self, a: u64, c: u64) -> u64 {
        match self.signed {
            true => (self.get(a) >> c) as u64 & self.mask,
            false => a >> c,
        }
    }

    /// Whether the bits `c` are a shift count (0..W-1): a negative count's
    /// bits are at least 2^(W-1), above W-1.
    #[inline(always)]
    pub fn counts(self, c: u64) -> bool {
        c < u64::from(self.bits)
    }

    /// `op` on `a` (and `b`): the result's bits, or `None` (a shift count
    /// out of range). A unary operator ignores `b`.
    #[inline(always)]
    pub fn eval(self, op: Op, a: u64, b: u64) -> Option<u64> {
        let m = self.mask;
        Some(match op {
            Op::Not => !a & m,
            Op::Neg => a.wrapping_neg() & m,
            Op::LNot => u64::from(a == 0),
            Op::And => a & b,
            Op::Or => a | b,
            Op::Xor => a ^ b,
            Op::Add => a.wrapping_add(b) & m,
            Op::Sub => a.wrapping_sub(b) & m,
            Op::Mul => a.wrapping_mul(b) & m,
            Op::Div | Op::Rem => self.divide(op, a, b)?,
            Op::Shl => (a << self.count(b)?) & m,
            Op::Shr => self.shr(a, u64::from(self.count(b)?)),
            Op::Lt => u64::from(self.less(a, b, false)),
            Op::Le => u64::from(self.less(a, b, true)),
            Op::Gt => u64::from(self.less(b, a, false)),
            Op::Ge => u64::from(self.less(b, a, true)),
            Op::Eq => u64::from(a == b),
            Op::Ne => u64::from(a != b),
        })
    }

    /// `op` on two vectors into `out`; false when a shift count is out of
    /// range anywhere. One loop an operator (the hot path of the search).
    pub fn apply(self, op: Op, a: &[u64], b: &[u64], out: &mut [u64]) -> bool {
        let m = self.mask;
        macro_rules! each {
            (|$x:ident, $y:ident| $e:expr) => {{
                for ((o, &$x), &$y) in out.iter_mut().zip(a).zip(b) {
                    *o = $e;
                }
                true
            }};
        }
        match op {
            Op::Not => each!(|x, _y| !x & m),
            Op::Neg => each!(|x, _y| x.wrapping_neg() & m),
            Op::LNot => each!(|x, _y| u64::from(x == 0)),
            Op::And => each!(|x, y| x & y),
            Op::Or => each!(|x, y| x | y),
            Op::Xor => each!(|x, y| x ^ y),
            Op::Add => each!(|x, y| x.wrapping_add(y) & m),
            Op::Sub => each!(|x, y| x.wrapping_sub(y) & m),
            Op::Mul => each!(|x, y| x.wrapping_mul(y) & m),
            Op::Eq => each!(|x, y| u64::from(x == y)),
            Op::Ne => each!(|x, y| u64::from(x != y)),
            // (each comparison a loop of its own, as C orders the type)
            Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                let key = |v: u64| match self.signed {
                    true => self.get(v),
                    false => v as i64 ^ i64::MIN,
                };
                match op {
                    Op::Lt => each!(|x, y| u64::from(key(x) < key(y))),
                    Op::Le => each!(|x, y| u64::from(key(x) <= key(y))),
                    Op::Gt => each!(|x, y| u64::from(key(y) < key(x))),
                    _ => each!(|x, y| u64::from(key(y) <= key(x))),
                }
            }
            // (a count out of range stops the loop: the value is none)
            Op::Shl => out.iter_mut().zip(a).zip(b).all(|((o, &x), &y)| {
                *o = (x << (y & 63)) & m;
                self.counts(y)
            }),
            Op::Shr => out.iter_mut().zip(a).zip(b).all(|((o, &x), &y)| {
                *o = self.shr(x, y & 63);
                self.counts(y)
            }),
            Op::Div | Op::Rem => out.iter_mut().zip(a).zip(b).all(|((o, &x), &y)| {
                let q = self.divide(op, x, y);
                *o = q.unwrap_or(0);
                q.is_some()
            }),
        }
    }

    /// `a / b` or `a % b` as C computes them in this type (the quotient
    /// truncated); `None` for a division by 0 or of the least int by -1.
    #[inline]
    fn divide(self, op: Op, a: u64, b: u64) -> Option<u64> {
        let (x, y) = (self.get(a), self.get(b));
        let least = self.signed && x == self.get(1 << (self.bits - 1)) && y == -1;
        if y == 0 || least {
            return None;
        }
        let (q, r) = match self.signed {
            true => (x.wrapping_div(y), x.wrapping_rem(y)),
            false => ((a / b) as i64, (a % b) as i64),
        };
        let v = if op == Op::Div { q } else { r };
        Some(v as u64 & self.mask)
    }
}

impl Ty {
    /// Bit k set where `x op ys[k]` (`left`; else `ys[k] op x`) gives `t`:
    /// the last instruction's filter on one input (at most 64 values).
    pub fn hits(self, op: Op, x: u64, ys: &[u64], t: u64, left: bool) -> u64 {
        let m = self.mask;
        let mut out = 0u64;
        macro_rules! each {
            (|$a:ident, $b:ident| $e:expr) => {{
                for (k, &y) in ys.iter().enumerate().take(64) {
                    let ($a, $b) = if left { (x, y) } else { (y, x) };
                    out |= u64::from($e) << k;
                }
            }};
        }
        match op {
            Op::And => each!(|a, b| a & b == t),
            Op::Or => each!(|a, b| a | b == t),
            Op::Xor => each!(|a, b| a ^ b == t),
            Op::Add => each!(|a, b| a.wrapping_add(b) & m == t),
            Op::Sub => each!(|a, b| a.wrapping_sub(b) & m == t),
            Op::Mul => each!(|a, b| a.wrapping_mul(b) & m == t),
            Op::Eq => each!(|a, b| u64::from(a == b) == t),
            Op::Ne => each!(|a, b| u64::from(a != b) == t),
            Op::Lt | Op::Le | Op::Gt | Op::Ge if t > 1 => {}
            Op::Lt => each!(|a, b| u64::from(self.less(a, b, false)) == t),
            Op::Le => each!(|a, b| u64::from(self.less(a, b, true)) == t),
            Op::Shl => each!(|a, b| self.counts(b) && (a << (b & 63)) & m == t),
            Op::Shr => each!(|a, b| self.counts(b) && self.shr(a, b & 63) == t),
            _ => each!(|a, b| self.eval(op, a, b) == Some(t)),
        }
        out
    }
}

/// The operators of `--ops` ("! ~ & ^ | + << >>"), or every one for `None`,
/// in the search's order. `>` and `>=` are left out when `<` and `<=` are
/// in (`a > b` is `b < a`, which the search tries).
///
/// # Errors
/// A token that is not an operator (its text), or an empty list.
pub fn parse_ops(text: Option<&str>) -> Result<Vec<Op>, String> {
    let mut ops: Vec<Op> = match text {
        None => Op::ALL.into_iter().filter(|op| op.by_default()).collect(),
        Some(t) => {
            let mut v = Vec::new();
            for token in t.split(|c: char| c.is_whitespace() || c == ',') {
                if token.is_empty() {
                    continue;
                }
                v.push(Op::from_name(token).ok_or_else(|| token.to_string())?);
            }
            v
        }
    };
    ops.sort();
    ops.dedup();
    if ops.contains(&Op::Lt) {
        ops.retain(|&o| o != Op::Gt);
    }
    if ops.contains(&Op::Le) {
        ops.retain(|&o| o != Op::Ge);
    }
    Ok(ops)
}
