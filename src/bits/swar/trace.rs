//! The SWAR tricks stepped: every sub-expression its own step, grouped by
//! lanes, the result checked lane by lane, and the plain whole-word
//! operation last with the lanes a carry, borrow or sign leaked into.

use super::{
    apply, average, lanes_signed, lanes_unsigned, reference, LaneLayout, SwarError, SwarOp,
};
use crate::bits::trace::{Outcome, Step, Trace};
use crate::bits::word::{mask, sign_extend, Word};

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
    let c = Stepper {
        op,
        lay,
        x,
        y,
        result: apply(op, lay, x, y),
    };
    let mut t = Trace::new(
        op.trick(),
        format!(
            "{op} of {} and {} in {lane_bits}-bit lanes of a {width}-bit word",
            c.word(x).hex(),
            c.word(y).hex(),
        ),
        Outcome::Word(c.word(c.result)),
    );
    t.push(c.step("the first operand", "x", x).note(format!(
        "{} lanes of {lane_bits} bits, lane 0 (least significant) first: {}",
        lay.lanes(),
        list(&c.lanes_of(x))
    )));
    t.push(
        c.step("the second operand", "y", y)
            .note(format!("lanes: {}", list(&c.lanes_of(y)))),
    );
    c.push_masks(&mut t);
    match op {
        SwarOp::Add => c.push_add(&mut t),
        SwarOp::Sub => c.push_sub(&mut t),
        SwarOp::Average | SwarOp::SignedAverage => c.push_average(&mut t),
    }
    t.push(c.leak_step(c.plain()));
    Ok(t)
}

/// The plain whole-word operation a trick is compared with (`label`,
/// `expr`, its `value`), and `what` leaks across the lanes in it.
struct Leak {
    value: u64,
    label: &'static str,
    expr: &'static str,
    what: &'static str,
}

/// One trace being built: the operation, its operands and its result.
struct Stepper {
    op: SwarOp,
    lay: LaneLayout,
    x: u64,
    y: u64,
    result: u64,
}

impl Stepper {
    fn word(&self, v: u64) -> Word {
        Word::new(v, self.lay.width)
    }

    fn lanes_of(&self, v: u64) -> Vec<u64> {
        lanes_unsigned(self.word(v), self.lay.lane_bits)
    }

    fn signed_lanes(&self, v: u64) -> Vec<i64> {
        lanes_signed(self.word(v), self.lay.lane_bits)
    }

    fn step(&self, label: &str, expr: &str, v: u64) -> Step {
        Step::new(label, expr, self.word(v)).lanes(self.lay.lane_bits)
    }

    /// `name & ~H`: the operand with every lane's top bit cleared.
    fn clear_top(&self, name: &str, v: u64) -> Step {
        self.step(
            &format!("clear the top bits of {name}"),
            &format!("{name} & ~H"),
            v,
        )
        .note(format!(
            "lanes below 2^{}: {}",
            self.lay.lane_bits - 1,
            list(&self.lanes_of(v))
        ))
    }

    /// The result, lane by lane, checked against the per-lane reference.
    fn last(&self, label: &str) -> Step {
        self.step(label, self.op.formula(), self.result)
            .cells(self.lanes_of(self.result).into_iter().map(|v| v as i64))
            .note(self.check_note())
    }

    /// H and ~H (add, sub) or L and ~L (the averages).
    fn push_masks(&self, t: &mut Trace) {
        let (lay, m) = (self.lay, self.lay.mask());
        let (h, l) = (lay.high(), lay.low());
        match self.op {
            SwarOp::Add | SwarOp::Sub => {
                t.push(
                    self.step("the lane top bits", "H", h)
                        .highlight(h)
                        .note(format!(
                            "H = {}: bit {} of every lane, made from the lane width",
                            self.word(h).hex(),
                            lay.lane_bits - 1
                        )),
                );
                t.push(self.step("everything but the top bits", "~H", !h & m));
            }
            SwarOp::Average | SwarOp::SignedAverage => {
                t.push(
                    self.step("the lane low bits", "L", l)
                        .highlight(l)
                        .note(format!("L = {}: bit 0 of every lane", self.word(l).hex())),
                );
                t.push(self.step("everything but the low bits", "~L", !l & m));
            }
        }
    }

    fn push_add(&self, t: &mut Trace) {
        let (x, y, lay) = (self.x, self.y, self.lay);
        let (h, m, k) = (lay.high(), lay.mask(), lay.lane_bits);
        let (xa, ya) = (x & !h, y & !h);
        let sum = xa.wrapping_add(ya) & m;
        let top = (x ^ y) & h;
        t.push(self.clear_top("x", xa));
        t.push(self.clear_top("y", ya));
        t.push(
            self.step("add the low parts", "(x & ~H) + (y & ~H)", sum)
                .highlight(sum & h)
                .note(format!(
                    "each lane sum is at most 2 * (2^{} - 1) < 2^{k}, so no carry leaves its lane; a carry out of the low bits lands in the lane's top bit (highlighted): {}",
                    k - 1,
                    list(&self.lanes_of(sum))
                )),
        );
        t.push(
            self.step("top bits without carry", "x ^ y", x ^ y)
                .note("xor is addition without carries: bit by bit, x + y mod 2"),
        );
        t.push(
            self.step("keep the top bits", "(x ^ y) & H", top)
                .highlight(top)
                .note(format!(
                    "the sum mod 2 of the two top bits of every lane: {}",
                    self.word(top).hex()
                )),
        );
        t.push(self.last("add the top bits back"));
    }

    fn push_sub(&self, t: &mut Trace) {
        let (x, y, lay) = (self.x, self.y, self.lay);
        let (h, m) = (lay.high(), lay.mask());
        let xo = (x | h) & m;
        let ya = y & !h;
        let diff = xo.wrapping_sub(ya) & m;
        let ny = !y & m;
        let top = (x ^ ny) & h;
        t.push(self.step("set the top bits of x", "x | H", xo).highlight(h).note(
            "every lane of x now has its top bit set, so a borrow from the low bits stops there",
        ));
        t.push(self.clear_top("y", ya));
        t.push(
            self.step("subtract the low parts", "(x | H) - (y & ~H)", diff)
                .note(format!(
                    "no lane borrows from the next: each lane of x | H is at least 2^{} and each lane of y & ~H below it; lanes: {}",
                    lay.lane_bits - 1,
                    list(&self.lanes_of(diff))
                )),
        );
        t.push(self.step("invert y", "~y", ny));
        t.push(self.step("top bits of x - y, without the borrow", "x ^ ~y", x ^ ny).note(
            "a lane's top bit should be x_top ^ y_top ^ borrow; the subtraction above gave 1 ^ borrow (x's top forced to 1, y's cleared), and xor with x_top ^ ~y_top = x_top ^ y_top ^ 1 turns it into the right bit",
        ));
        t.push(
            self.step("keep the top bits", "(x ^ ~y) & H", top)
                .highlight(top),
        );
        t.push(self.last("fix the top bits"));
    }

    fn push_average(&self, t: &mut Trace) {
        let (x, y, lay) = (self.x, self.y, self.lay);
        let (l, m, k) = (lay.low(), lay.mask(), lay.lane_bits);
        let xy = x ^ y;
        let dropped = xy & !l & m;
        let half = dropped >> 1;
        t.push(
            self.step("the bits both have", "x & y", x & y)
                .note("x + y = 2 * (x & y) + (x ^ y), so (x + y) / 2 = (x & y) + (x ^ y) / 2"),
        );
        t.push(self.step("the bits one has", "x ^ y", xy));
        t.push(
            self.step("drop each lane's low bit", "(x ^ y) & ~L", dropped)
                .highlight(xy & l)
                .note("the low bit of a lane would shift into the top of the lane below; halving floors it away anyway"),
        );
        t.push(
            self.step("halve", "((x ^ y) & ~L) >> 1", half)
                .note(format!("lanes: {}", list(&self.lanes_of(half)))),
        );
        if self.op == SwarOp::Average {
            t.push(self.last("add"));
            return;
        }
        let avg = average(lay, x, y);
        let signs = xy & lay.high();
        t.push(
            self.step(
                "the unsigned average",
                &format!("avg = {}", SwarOp::Average.formula()),
                avg,
            )
            .note(format!("read as signed: {}", list(&self.signed_lanes(avg)))),
        );
        t.push(self.step("lanes whose signs differ", "(x ^ y) & H", signs).highlight(signs).note(
            format!(
                "a lane's signed value is its unsigned value less 2^{k} when its sign bit is set; halved, that is 2^{} per sign bit: nothing mod 2^{k} when both or neither sign is set, the top bit flipped when one is",
                k - 1
            ),
        ));
        t.push(
            self.step("flip their top bits", "avg ^ ((x ^ y) & H)", self.result)
                .highlight(signs)
                .cells(self.signed_lanes(self.result))
                .note(self.check_note()),
        );
    }

    /// The plain whole-word operation: what the trick is compared with.
    fn plain(&self) -> Leak {
        let (x, y, m) = (self.x, self.y, self.lay.mask());
        let value = match self.op {
            SwarOp::Add => x.wrapping_add(y) & m,
            SwarOp::Sub => x.wrapping_sub(y) & m,
            SwarOp::Average => ((u128::from(x) + u128::from(y)) >> 1) as u64 & m,
            SwarOp::SignedAverage => average(self.lay, x, y),
        };
        let (label, expr, what) = match self.op {
            SwarOp::Add => ("plain add of the whole word", "x + y", "carry"),
            SwarOp::Sub => ("plain subtract of the whole word", "x - y", "borrow"),
            SwarOp::Average => ("plain average of the whole word", "(x + y) >> 1", "low bit"),
            SwarOp::SignedAverage => ("the unsigned average", "avg", "sign"),
        };
        Leak {
            value,
            label,
            expr,
            what,
        }
    }

    /// The plain operation, with the lanes where it differs from the trick.
    fn leak_step(&self, leak: Leak) -> Step {
        let (bad, hl) = differing_lanes(self.lay, leak.value, self.result);
        let note = if bad.is_empty() {
            format!(
                "here no {} crossed a lane boundary, so the plain {} happens to agree",
                leak.what, leak.expr
            )
        } else {
            let lanes = list(&bad);
            match self.op {
                SwarOp::Average => format!(
                    "lane(s) {lanes} differ: the low bit of the lane above was shifted into their top bit"
                ),
                SwarOp::SignedAverage => format!(
                    "lane(s) {lanes} differ: their sign bits differ, so the unsigned average read as signed is off by 2^{}",
                    self.lay.lane_bits - 1
                ),
                _ => format!(
                    "lane(s) {lanes} differ: a {} from the lane below leaked into them",
                    leak.what
                ),
            }
        };
        self.step(leak.label, leak.expr, leak.value)
            .highlight(hl)
            .note(note)
    }

    /// Each lane's sum, difference or average, and whether all match.
    fn check_note(&self) -> String {
        let (op, lay) = (self.op, self.lay);
        let sym = match op {
            SwarOp::Add => "+",
            SwarOp::Sub => "-",
            SwarOp::Average | SwarOp::SignedAverage => "avg",
        };
        let read = |v: u64, i: u32| {
            let u = lay.lane(v, i);
            if op == SwarOp::SignedAverage {
                sign_extend(u, lay.lane_bits)
            } else {
                u as i64
            }
        };
        let parts: Vec<String> = (0..lay.lanes())
            .map(|i| {
                format!(
                    "{} {sym} {} = {}",
                    read(self.x, i),
                    read(self.y, i),
                    read(self.result, i)
                )
            })
            .collect();
        let verdict = if self.result == reference(op, lay, self.x, self.y) {
            let how = match op {
                SwarOp::Average => " (floor)".to_string(),
                SwarOp::SignedAverage => " (signed, floor)".to_string(),
                _ => format!(" mod 2^{}", lay.lane_bits),
            };
            format!(
                "all {} lanes match plain per-lane arithmetic{how}",
                lay.lanes()
            )
        } else {
            "MISMATCH with the per-lane reference".to_string()
        };
        format!("{}: {}", verdict, parts.join("; "))
    }
}

fn list<T: ToString>(v: &[T]) -> String {
    v.iter()
        .map(|x| x.to_string())
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
