//! SWAR: lane-wise add, subtract and average inside one register.
//!
//! A 32- or 64-bit word is cut into lanes of 2, 4, 8 or 16 bits. One plain
//! `+` would let a carry run from one lane into the next, so the tricks keep
//! the top bit of every lane (`H`) out of the arithmetic and put it back with
//! xor, which adds without carrying:
//!
//! ```text
//! nibble lanes in 32 bits:  H = 0x88888888   L = 0x11111111
//!
//! add      z = ((x & ~H) + (y & ~H)) ^ ((x ^ y) & H)
//! sub      z = ((x | H) - (y & ~H)) ^ ((x ^ ~y) & H)
//! average  z = (x & y) + (((x ^ y) & ~L) >> 1)       (floor, per lane)
//! signed   z = average ^ ((x ^ y) & H)                (floor, two's complement lanes)
//!
//! lane:        3    2    1    0
//! x         0111 1000 0011 1111
//! y         0001 1000 0101 0001
//! x + y     1001 0000 1001 0000   plain add: lane 3 got lane 2's carry
//! swar add  1000 0000 1000 0000   each lane mod 16: 8, 0, 8, 0
//! ```
//!
//! Every result is checked against [`reference`], which loops over the
//! lanes with ordinary arithmetic.

use super::trace::{Outcome, Step, Trace};
use super::word::{lane_high_bits, lane_low_bits, mask, sign_extend, Word};
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Word widths the tricks take.
pub const WIDTHS: [u32; 2] = [32, 64];
/// Lane widths the tricks take.
pub const LANE_BITS: [u32; 4] = [2, 4, 8, 16];

/// Why a SWAR request was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SwarError {
    #[error("word width {0} is not supported: use 32 or 64 bits")]
    BadWidth(u32),
    #[error("lane width {0} is not supported: use 2, 4, 8 or 16 bits")]
    BadLaneBits(u32),
    #[error("{name} = {value:#x} does not fit in {width} bits")]
    TooWide {
        name: &'static str,
        value: u64,
        width: u32,
    },
}

/// The lane-wise operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SwarOp {
    /// `x + y` in every lane, mod `2^lane`.
    Add,
    /// `x - y` in every lane, mod `2^lane`.
    Sub,
    /// `floor((x + y) / 2)` in every lane, lanes unsigned.
    Average,
    /// `floor((x + y) / 2)` in every lane, lanes two's complement.
    SignedAverage,
}

impl SwarOp {
    /// Every operation, in tab order.
    pub const ALL: [SwarOp; 4] = [
        SwarOp::Add,
        SwarOp::Sub,
        SwarOp::Average,
        SwarOp::SignedAverage,
    ];
}

impl SwarOp {
    /// The trick's name in a trace: `swar-add`, `swar-sub`, `swar-average`.
    pub fn trick(self) -> &'static str {
        match self {
            SwarOp::Add => "swar-add",
            SwarOp::Sub => "swar-sub",
            SwarOp::Average => "swar-average",
            SwarOp::SignedAverage => "swar-signed-average",
        }
    }
}

impl fmt::Display for SwarOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SwarOp::Add => "add",
            SwarOp::Sub => "sub",
            SwarOp::Average => "average",
            SwarOp::SignedAverage => "signed average",
        })
    }
}

/// A checked word width and lane width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LaneLayout {
    width: u32,
    lane_bits: u32,
}

impl LaneLayout {
    /// # Errors
    /// A width other than 32 or 64, or a lane width other than 2, 4, 8, 16.
    pub fn new(width: u32, lane_bits: u32) -> Result<LaneLayout, SwarError> {
        if !WIDTHS.contains(&width) {
            return Err(SwarError::BadWidth(width));
        }
        if !LANE_BITS.contains(&lane_bits) {
            return Err(SwarError::BadLaneBits(lane_bits));
        }
        Ok(LaneLayout { width, lane_bits })
    }

    pub fn width(self) -> u32 {
        self.width
    }
    pub fn lane_bits(self) -> u32 {
        self.lane_bits
    }
    /// Number of lanes.
    pub fn lanes(self) -> u32 {
        self.width / self.lane_bits
    }
    /// `H`: the top bit of every lane.
    pub fn high(self) -> u64 {
        lane_high_bits(self.width, self.lane_bits)
    }
    /// `L`: the low bit of every lane.
    pub fn low(self) -> u64 {
        lane_low_bits(self.width, self.lane_bits)
    }
    /// All bits of the word.
    pub fn mask(self) -> u64 {
        mask(self.width)
    }
    /// Lane `i` of `v` (lane 0 is the least significant).
    pub fn lane(self, v: u64, i: u32) -> u64 {
        (v >> (i * self.lane_bits)) & mask(self.lane_bits)
    }

    fn check(self, name: &'static str, v: u64) -> Result<u64, SwarError> {
        if v & !self.mask() != 0 {
            Err(SwarError::TooWide {
                name,
                value: v,
                width: self.width,
            })
        } else {
            Ok(v)
        }
    }
}

/// Lane-wise `x + y`: `((x & ~H) + (y & ~H)) ^ ((x ^ y) & H)`.
#[inline]
pub fn add(layout: LaneLayout, x: u64, y: u64) -> u64 {
    let (m, h) = (layout.mask(), layout.high());
    ((((x & !h) & m).wrapping_add((y & !h) & m)) ^ ((x ^ y) & h)) & m
}

/// Lane-wise `x - y`: `((x | H) - (y & ~H)) ^ ((x ^ ~y) & H)`.
#[inline]
pub fn sub(layout: LaneLayout, x: u64, y: u64) -> u64 {
    let (m, h) = (layout.mask(), layout.high());
    (((x | h) & m).wrapping_sub((y & !h) & m) ^ ((x ^ !y) & h)) & m
}

/// Lane-wise floor average: `(x & y) + (((x ^ y) & ~L) >> 1)`.
#[inline]
pub fn average(layout: LaneLayout, x: u64, y: u64) -> u64 {
    let (m, l) = (layout.mask(), layout.low());
    ((x & y).wrapping_add(((x ^ y) & !l & m) >> 1)) & m
}

/// Lane-wise floor average of two's complement lanes:
/// `average(x, y) ^ ((x ^ y) & H)`.
///
/// With sign bits `s`, a lane's signed value is `a - 2^k s`, so the signed
/// sum is the unsigned one less `2^k (s_x + s_y)` and its half the unsigned
/// half less `2^(k-1) (s_x + s_y)`. Mod `2^k` that is nothing when the signs
/// agree and `2^(k-1)` (the lane's top bit, flipped) when they differ.
///
/// ```
/// use bitscope::bits::swar::{average, signed_average, LaneLayout};
/// let lay = LaneLayout::new(32, 4).unwrap();
/// assert_eq!(average(lay, 0xF, 0x1), 0x8); // -1 and 1: 8, read as -8
/// assert_eq!(signed_average(lay, 0xF, 0x1), 0x0); // their signed average
/// ```
#[inline]
pub fn signed_average(layout: LaneLayout, x: u64, y: u64) -> u64 {
    average(layout, x, y) ^ ((x ^ y) & layout.high())
}

/// Applies `op` the SWAR way.
pub fn apply(op: SwarOp, layout: LaneLayout, x: u64, y: u64) -> u64 {
    match op {
        SwarOp::Add => add(layout, x, y),
        SwarOp::Sub => sub(layout, x, y),
        SwarOp::Average => average(layout, x, y),
        SwarOp::SignedAverage => signed_average(layout, x, y),
    }
}

/// One lane by plain arithmetic.
pub fn lane_reference(op: SwarOp, lane_bits: u32, a: u64, b: u64) -> u64 {
    let m = mask(lane_bits);
    match op {
        SwarOp::Add => (a + b) & m,
        SwarOp::Sub => a.wrapping_sub(b) & m,
        SwarOp::Average => (a + b) >> 1,
        SwarOp::SignedAverage => {
            let sum = sign_extend(a, lane_bits) + sign_extend(b, lane_bits);
            sum.div_euclid(2) as u64 & m
        }
    }
}

/// The plain reference: a loop over the lanes with ordinary arithmetic.
pub fn reference(op: SwarOp, layout: LaneLayout, x: u64, y: u64) -> u64 {
    (0..layout.lanes()).fold(0u64, |acc, i| {
        let r = lane_reference(op, layout.lane_bits, layout.lane(x, i), layout.lane(y, i));
        acc | (r << (i * layout.lane_bits))
    })
}

/// The lanes of a word as unsigned numbers, lane 0 (least significant) first.
/// Lane widths of 0 or wider than the word give no lanes.
pub fn lanes_unsigned(word: Word, lane_bits: u32) -> Vec<u64> {
    if lane_bits == 0 || lane_bits > word.width {
        return Vec::new();
    }
    (0..word.lane_count(lane_bits))
        .map(|i| word.lane(i, lane_bits))
        .collect()
}

/// The lanes of a word read as two's complement, lane 0 first.
///
/// ```
/// use bitscope::bits::{swar::lanes_signed, word::Word};
/// assert_eq!(lanes_signed(Word::new(0x7F80, 16), 8), vec![-128, 127]);
/// ```
pub fn lanes_signed(word: Word, lane_bits: u32) -> Vec<i64> {
    lanes_unsigned(word, lane_bits)
        .into_iter()
        .map(|v| sign_extend(v, lane_bits))
        .collect()
}

/// The plain whole-word operation, no lane masking: what leaks.
pub fn naive(op: SwarOp, layout: LaneLayout, x: u64, y: u64) -> u64 {
    let m = layout.mask();
    match op {
        SwarOp::Add => x.wrapping_add(y) & m,
        SwarOp::Sub => x.wrapping_sub(y) & m,
        SwarOp::Average => ((x as u128 + y as u128) >> 1) as u64 & m,
        // what is wrong without the sign correction: the unsigned average
        SwarOp::SignedAverage => average(layout, x, y),
    }
}

impl SwarOp {
    /// What crosses a lane boundary in the naive operation.
    pub fn leak_name(self) -> &'static str {
        match self {
            SwarOp::Add => "carry",
            SwarOp::Sub => "borrow",
            SwarOp::Average => "bit",
            SwarOp::SignedAverage => "sign",
        }
    }
}

/// One lane of [`lane_checks`]: the operands (also read as signed), the
/// SWAR result, its signed reading where that reading is right, the
/// per-lane reference and whether they agree, and the naive whole-word
/// result with whether something leaked into this lane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaneCheck {
    pub lane: u32,
    pub x: u64,
    pub y: u64,
    /// `x` and `y` read as two's complement.
    pub sx: i64,
    pub sy: i64,
    pub swar: u64,
    /// The result read as two's complement; `None` for the unsigned
    /// average where the two sign bits differ: there that reading is off by
    /// `2^(k-1)` (see [`SwarOp::SignedAverage`]).
    pub signed: Option<i64>,
    pub reference: u64,
    /// The reference read as two's complement.
    pub reference_signed: i64,
    pub ok: bool,
    pub naive: u64,
    pub leaked: bool,
}

/// Every lane of `op` checked against plain per-lane arithmetic and against
/// the naive whole-word operation, lane 0 first.
///
/// ```
/// use bitscope::bits::swar::{lane_checks, SwarOp};
/// let lanes = lane_checks(SwarOp::Add, 32, 4, 0x7830_003F, 0x1850_0051).unwrap();
/// assert!(lanes.iter().all(|l| l.ok));
/// let leaked: Vec<u32> = lanes.iter().filter(|l| l.leaked).map(|l| l.lane).collect();
/// assert_eq!(leaked, [1, 7]);
/// ```
///
/// # Errors
/// A bad word or lane width, or `x`/`y` wider than the word.
pub fn lane_checks(
    op: SwarOp,
    width: u32,
    lane_bits: u32,
    x: u64,
    y: u64,
) -> Result<Vec<LaneCheck>, SwarError> {
    let lay = LaneLayout::new(width, lane_bits)?;
    let x = lay.check("x", x)?;
    let y = lay.check("y", y)?;
    let z = apply(op, lay, x, y);
    let n = naive(op, lay, x, y);
    Ok((0..lay.lanes())
        .map(|i| {
            let (a, b, r) = (lay.lane(x, i), lay.lane(y, i), lay.lane(z, i));
            let reference = lane_reference(op, lane_bits, a, b);
            let top = 1 << (lane_bits - 1);
            let signs_differ = (a ^ b) & top != 0;
            LaneCheck {
                lane: i,
                x: a,
                y: b,
                sx: sign_extend(a, lane_bits),
                sy: sign_extend(b, lane_bits),
                swar: r,
                signed: (op != SwarOp::Average || !signs_differ).then(|| sign_extend(r, lane_bits)),
                reference,
                reference_signed: sign_extend(reference, lane_bits),
                ok: r == reference,
                naive: lay.lane(n, i),
                leaked: lay.lane(n, i) != r,
            }
        })
        .collect())
}

fn list(v: &[u64]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn lanes_text(idx: &[u32]) -> String {
    idx.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The lanes where `a` and `b` differ, and a mask covering them whole.
fn differing_lanes(layout: LaneLayout, a: u64, b: u64) -> (Vec<u32>, u64) {
    let mut idx = Vec::new();
    let mut m = 0u64;
    for i in 0..layout.lanes() {
        if layout.lane(a, i) != layout.lane(b, i) {
            idx.push(i);
            m |= mask(layout.lane_bits) << (i * layout.lane_bits);
        }
    }
    (idx, m)
}

/// The trick stepped: every sub-expression its own step, grouped by lanes;
/// the final step carries the lane results in `cells` (lane 0 first) and is
/// checked against [`reference`]; a last step shows the plain whole-word
/// operation with the lanes where a carry or borrow leaked highlighted.
///
/// ```
/// use bitscope::bits::swar::{trace, SwarOp};
/// let t = trace(SwarOp::Add, 32, 4, 0x7830_003F, 0x1850_0051).unwrap();
/// assert!(t.steps.iter().any(|s| s.expr == "(x & ~H) + (y & ~H)"));
/// ```
///
/// # Errors
/// A bad word or lane width, or `x`/`y` wider than the word.
pub fn trace(op: SwarOp, width: u32, lane_bits: u32, x: u64, y: u64) -> Result<Trace, SwarError> {
    let lay = LaneLayout::new(width, lane_bits)?;
    let x = lay.check("x", x)?;
    let y = lay.check("y", y)?;
    let m = lay.mask();
    let h = lay.high();
    let l = lay.low();
    let w = |v: u64| Word::new(v, width);
    let lanes_of = |v: u64| lanes_unsigned(w(v), lane_bits);
    let s = |label: &str, expr: &str, v: u64| Step::new(label, expr, w(v)).lanes(lane_bits);
    let result = apply(op, lay, x, y);
    let expect = reference(op, lay, x, y);
    // `name & ~H`: the operand with every lane's top bit cleared
    let clear_top = |name: &str, v: u64| {
        s(
            &format!("clear the top bits of {name}"),
            &format!("{name} & ~H"),
            v,
        )
        .note(format!(
            "lanes below 2^{}: {}",
            lane_bits - 1,
            list(&lanes_of(v))
        ))
    };
    // every operation ends on its result, lane by lane, checked
    let last = |label: &str, expr: &str| {
        s(label, expr, result)
            .cells(lanes_of(result).into_iter().map(|v| v as i64))
            .note(check_note(op, lay, x, y, result, expect))
    };
    let mut t = Trace::new(
        op.trick(),
        format!(
            "{op} of {} and {} in {}-bit lanes of a {width}-bit word",
            w(x).hex(),
            w(y).hex(),
            lane_bits
        ),
        Outcome::Word(w(result)),
    );
    t.push(s("the first operand", "x", x).note(format!(
        "{} lanes of {lane_bits} bits, lane 0 (least significant) first: {}",
        lay.lanes(),
        list(&lanes_of(x))
    )));
    t.push(s("the second operand", "y", y).note(format!("lanes: {}", list(&lanes_of(y)))));
    match op {
        SwarOp::Add | SwarOp::Sub => {
            t.push(s("the lane top bits", "H", h).highlight(h).note(format!(
                "H = {}: bit {} of every lane, made from the lane width",
                w(h).hex(),
                lane_bits - 1
            )));
            t.push(s("everything but the top bits", "~H", !h & m));
        }
        SwarOp::Average | SwarOp::SignedAverage => {
            t.push(
                s("the lane low bits", "L", l)
                    .highlight(l)
                    .note(format!("L = {}: bit 0 of every lane", w(l).hex())),
            );
            t.push(s("everything but the low bits", "~L", !l & m));
        }
    }
    let signed_lanes = |v: u64| lanes_signed(w(v), lane_bits);
    let leak_label;
    let naive;
    match op {
        SwarOp::Add => {
            let xa = x & !h;
            let ya = y & !h;
            let sum = xa.wrapping_add(ya) & m;
            let xy = x ^ y;
            let top = xy & h;
            t.push(clear_top("x", xa));
            t.push(clear_top("y", ya));
            t.push(
                s("add the low parts", "(x & ~H) + (y & ~H)", sum)
                    .highlight(sum & h)
                    .note(format!(
                        "each lane sum is at most 2 * (2^{} - 1) < 2^{lane_bits}, so no carry leaves its lane; a carry out of the low bits lands in the lane's top bit (highlighted): {}",
                        lane_bits - 1,
                        list(&lanes_of(sum))
                    )),
            );
            t.push(
                s("top bits without carry", "x ^ y", xy)
                    .note("xor is addition without carries: bit by bit, x + y mod 2"),
            );
            t.push(
                s("keep the top bits", "(x ^ y) & H", top)
                    .highlight(top)
                    .note(format!(
                        "the sum mod 2 of the two top bits of every lane: {}",
                        w(top).hex()
                    )),
            );
            t.push(last(
                "add the top bits back",
                "((x & ~H) + (y & ~H)) ^ ((x ^ y) & H)",
            ));
            naive = x.wrapping_add(y) & m;
            leak_label = ("plain add of the whole word", "x + y", "carry");
        }
        SwarOp::Sub => {
            let xo = (x | h) & m;
            let ya = y & !h;
            let diff = xo.wrapping_sub(ya) & m;
            let ny = !y & m;
            let xny = x ^ ny;
            let top = xny & h;
            t.push(s("set the top bits of x", "x | H", xo).highlight(h).note(
                "every lane of x now has its top bit set, so a borrow from the low bits stops there",
            ));
            t.push(clear_top("y", ya));
            t.push(
                s("subtract the low parts", "(x | H) - (y & ~H)", diff)
                    .note(format!(
                        "no lane borrows from the next: each lane of x | H is at least 2^{} and each lane of y & ~H below it; lanes: {}",
                        lane_bits - 1,
                        list(&lanes_of(diff))
                    )),
            );
            t.push(s("invert y", "~y", ny));
            t.push(s("top bits of x - y, without the borrow", "x ^ ~y", xny).note(
                "a lane's top bit should be x_top ^ y_top ^ borrow; the subtraction above gave 1 ^ borrow (x's top forced to 1, y's cleared), and xor with x_top ^ ~y_top = x_top ^ y_top ^ 1 turns it into the right bit",
            ));
            t.push(s("keep the top bits", "(x ^ ~y) & H", top).highlight(top));
            t.push(last(
                "fix the top bits",
                "((x | H) - (y & ~H)) ^ ((x ^ ~y) & H)",
            ));
            naive = x.wrapping_sub(y) & m;
            leak_label = ("plain subtract of the whole word", "x - y", "borrow");
        }
        SwarOp::Average | SwarOp::SignedAverage => {
            let and = x & y;
            let xy = x ^ y;
            let dropped = xy & !l & m;
            let half = dropped >> 1;
            t.push(
                s("the bits both have", "x & y", and)
                    .note("x + y = 2 * (x & y) + (x ^ y), so (x + y) / 2 = (x & y) + (x ^ y) / 2"),
            );
            t.push(s("the bits one has", "x ^ y", xy));
            t.push(
                s("drop each lane's low bit", "(x ^ y) & ~L", dropped)
                    .highlight(xy & l)
                    .note("the low bit of a lane would shift into the top of the lane below; halving floors it away anyway"),
            );
            t.push(
                s("halve", "((x ^ y) & ~L) >> 1", half)
                    .note(format!("lanes: {}", list(&lanes_of(half)))),
            );
            let avg = average(lay, x, y);
            if op == SwarOp::Average {
                t.push(last("add", "(x & y) + (((x ^ y) & ~L) >> 1)"));
                naive = ((x as u128 + y as u128) >> 1) as u64 & m;
                leak_label = ("plain average of the whole word", "(x + y) >> 1", "low bit");
            } else {
                let signs = xy & h;
                t.push(
                    s(
                        "the unsigned average",
                        "avg = (x & y) + (((x ^ y) & ~L) >> 1)",
                        avg,
                    )
                    .note(format!(
                        "read as signed: {}",
                        signed_list(&signed_lanes(avg))
                    )),
                );
                t.push(s("lanes whose signs differ", "(x ^ y) & H", signs).highlight(signs).note(
                    format!(
                        "a lane's signed value is its unsigned value less 2^{lane_bits} when its sign bit is set; halved, that is 2^{} per sign bit: nothing mod 2^{lane_bits} when both or neither sign is set, the top bit flipped when one is",
                        lane_bits - 1
                    ),
                ));
                t.push(
                    s("flip their top bits", "avg ^ ((x ^ y) & H)", result)
                        .highlight(signs)
                        .cells(signed_lanes(result))
                        .note(check_note(op, lay, x, y, result, expect)),
                );
                naive = avg;
                leak_label = ("the unsigned average", "avg", "sign");
            }
        }
    }
    let (bad, hl) = differing_lanes(lay, naive, result);
    let note = if bad.is_empty() {
        format!(
            "here no {} crossed a lane boundary, so the plain {} happens to agree",
            leak_label.2, leak_label.1
        )
    } else {
        match op {
            SwarOp::Average => format!(
                "lane(s) {} differ: the low bit of the lane above was shifted into their top bit",
                lanes_text(&bad)
            ),
            SwarOp::SignedAverage => format!(
                "lane(s) {} differ: their sign bits differ, so the unsigned average read as signed is off by 2^{}",
                lanes_text(&bad),
                lane_bits - 1
            ),
            _ => format!(
                "lane(s) {} differ: a {} from the lane below leaked into them",
                lanes_text(&bad),
                leak_label.2
            ),
        }
    };
    t.push(
        s(leak_label.0, leak_label.1, naive)
            .highlight(hl)
            .note(note),
    );
    Ok(t)
}

fn signed_list(v: &[i64]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_note(op: SwarOp, lay: LaneLayout, x: u64, y: u64, result: u64, expect: u64) -> String {
    let sym = match op {
        SwarOp::Add => "+",
        SwarOp::Sub => "-",
        SwarOp::Average | SwarOp::SignedAverage => "avg",
    };
    let k = lay.lane_bits;
    let read = |v: u64, i: u32| {
        let u = lay.lane(v, i);
        if op == SwarOp::SignedAverage {
            sign_extend(u, k)
        } else {
            u as i64
        }
    };
    let parts: Vec<String> = (0..lay.lanes())
        .map(|i| format!("{} {sym} {} = {}", read(x, i), read(y, i), read(result, i)))
        .collect();
    let verdict = if result == expect {
        format!(
            "all {} lanes match plain per-lane arithmetic{}",
            lay.lanes(),
            if op == SwarOp::Average {
                " (floor)".to_string()
            } else if op == SwarOp::SignedAverage {
                " (signed, floor)".to_string()
            } else {
                format!(" mod 2^{}", lay.lane_bits)
            }
        )
    } else {
        "MISMATCH with the per-lane reference".to_string()
    };
    format!("{}: {}", verdict, parts.join("; "))
}

// proptest is a native-only dev-dependency in the main crate
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
