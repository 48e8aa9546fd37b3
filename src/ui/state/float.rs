//! State of the Float panel: `f` (the format's name: binary16, bfloat16,
//! binary32, binary64, e5m2, e4m3), `mode` (what makes the value shown:
//! `bits`, `number`, `op`, `convert`), `bits` (bare hex, in `bits` mode),
//! `n` (a typed number, in `number` mode), `op` (`add sub mul div sqrt
//! fma`) with `a`, `b`, `c` (numbers or `0x` bits), `to` (the format a
//! value is converted to) and `step`.

use super::url::{url_names, url_state};
use super::PanelState;
use crate::bits::float::arith::Op;
use crate::bits::float::format::{Format, ALL, BINARY32};
use crate::bits::float::tricks::FloatTrick;

/// What makes the value the panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatMode {
    /// A bit pattern, decoded.
    Bits,
    /// A typed number rounded into the format.
    Number,
    /// One operation, rounded once.
    Op,
    /// The value of `n` in the format, converted to `to`.
    Convert,
    /// A float trick ([`FloatTrick`]) on `n`.
    Trick,
}

impl FloatMode {
    pub const ALL: [FloatMode; 5] = [
        FloatMode::Bits,
        FloatMode::Number,
        FloatMode::Op,
        FloatMode::Convert,
        FloatMode::Trick,
    ];

    pub fn param(self) -> &'static str {
        match self {
            FloatMode::Bits => "bits",
            FloatMode::Number => "number",
            FloatMode::Op => "op",
            FloatMode::Convert => "convert",
            FloatMode::Trick => "trick",
        }
    }

    /// The tab's words.
    pub fn label(self) -> &'static str {
        match self {
            FloatMode::Bits => "the bits",
            FloatMode::Number => "a number",
            FloatMode::Op => "arithmetic",
            FloatMode::Convert => "convert",
            FloatMode::Trick => "a trick",
        }
    }
}

url_names!(FloatMode, FloatMode::ALL, |m: &FloatMode| m.param());
url_names!(Op, Op::ALL, |o: &Op| o.name());
url_names!(FloatTrick, FloatTrick::ALL, |t: &FloatTrick| t.name());
url_names!(Format, ALL, |f: &Format| f.name);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FloatState {
    pub format: Format,
    pub mode: FloatMode,
    /// The pattern decoded in `bits` mode (the format's low bits).
    pub bits: u64,
    /// The number typed in `number` mode, and converted in `convert` mode.
    pub number: String,
    pub op: Op,
    pub a: String,
    pub b: String,
    pub c: String,
    /// The format `convert` rounds into.
    pub to: Format,
    pub trick: FloatTrick,
    pub step: usize,
}

impl Default for FloatState {
    fn default() -> Self {
        FloatState {
            format: BINARY32,
            mode: FloatMode::Number,
            bits: 0x3dcc_cccd,
            number: "0.1".into(),
            op: Op::Add,
            a: "0.1".into(),
            b: "0.2".into(),
            c: "0.3".into(),
            to: crate::bits::float::format::BFLOAT16,
            trick: FloatTrick::InvSqrt,
            step: 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FloatAction {
    SetFormat(Format),
    SetMode(FloatMode),
    /// A pattern to decode (bits mode) in the format chosen.
    SetBits(u64),
    /// A pattern of `format` to decode (a neighbour or a special value
    /// clicked): the panel switches to it.
    Show {
        format: Format,
        bits: u64,
    },
    /// Bit `bit` of the value shown (in `format`) flipped: that pattern,
    /// decoded.
    Flip {
        format: Format,
        shown: u64,
        bit: u32,
    },
    SetNumber(String),
    SetOp(Op),
    /// Operand 0, 1 or 2.
    SetOperand(usize, String),
    SetTo(Format),
    SetTrick(FloatTrick),
    Step(usize),
}

/// The longest text an input keeps (a decimal of binary64's smallest
/// subnormal has 767 significant digits).
pub const MAX_TEXT: usize = 2000;

url_state!(FloatState {
    format: "f",
    mode: "mode",
    bits: "bits",
    number (sparse): "n",
    op (sparse): "op",
    a (sparse): "a",
    b (sparse): "b",
    c (sparse): "c",
    to (sparse): "to",
    trick (sparse): "trick",
    step (sparse): "step",
} then fit);

/// The pattern cut to the format's width; texts cut to [`MAX_TEXT`].
fn fit(s: FloatState) -> FloatState {
    let cut = |t: String| t.chars().take(MAX_TEXT).collect::<String>();
    FloatState {
        bits: s.bits & crate::bits::word::mask(s.format.width()),
        number: cut(s.number),
        a: cut(s.a),
        b: cut(s.b),
        c: cut(s.c),
        ..s
    }
}

impl PanelState for FloatState {
    type Action = FloatAction;

    fn apply(self, action: FloatAction) -> Self {
        let fresh = FloatState {
            step: 0,
            ..self.clone()
        };
        let next = match action {
            FloatAction::SetFormat(format) => FloatState { format, ..fresh },
            FloatAction::SetMode(mode) => FloatState { mode, ..fresh },
            FloatAction::SetBits(bits) => FloatState {
                bits,
                mode: FloatMode::Bits,
                ..fresh
            },
            FloatAction::Show { format, bits } => FloatState {
                format,
                bits,
                mode: FloatMode::Bits,
                ..fresh
            },
            FloatAction::Flip { format, shown, bit } if bit < format.width() => FloatState {
                format,
                bits: shown ^ 1 << bit,
                mode: FloatMode::Bits,
                ..fresh
            },
            FloatAction::SetNumber(number) => FloatState { number, ..fresh },
            FloatAction::SetOp(op) => FloatState { op, ..fresh },
            FloatAction::SetOperand(k, text) => match k {
                0 => FloatState { a: text, ..fresh },
                1 => FloatState { b: text, ..fresh },
                2 => FloatState { c: text, ..fresh },
                _ => self,
            },
            FloatAction::SetTo(to) => FloatState { to, ..fresh },
            FloatAction::SetTrick(trick) => FloatState { trick, ..fresh },
            FloatAction::Step(step) => FloatState { step, ..self },
            FloatAction::Flip { .. } => self,
        };
        fit(next)
    }
}

#[cfg(test)]
mod tests {
    use super::super::all_survive_the_url;
    use super::*;
    use crate::ui::route::Route;
    use crate::ui::state::UrlState;
    use itertools::iproduct;

    /// Every format, mode, operation and target format, with edge patterns
    /// and texts that need escaping in a link.
    #[test]
    fn every_format_mode_and_operation_survives_the_url() {
        let patterns = [0u64, 1, 0x3dcc_cccd, u64::MAX];
        let texts = ["0.1", "-0x1.8p3", "1/3", "1e-40 & x=y#?", "inf", ""];
        let states = iproduct!(ALL, FloatMode::ALL, Op::ALL, ALL, patterns, texts).map(
            |(format, mode, op, to, bits, text)| FloatState {
                trick: FloatTrick::ALL[bits as usize % 4],
                format,
                mode,
                op,
                to,
                bits: bits & crate::bits::word::mask(format.width()),
                number: text.to_string(),
                a: text.to_string(),
                b: format!("{text}2"),
                c: "0x3f800000".into(),
                step: 3,
            },
        );
        assert_eq!(all_survive_the_url(states), 6 * 5 * 6 * 6 * 4 * 6);
        let tricks = FloatTrick::ALL.map(|trick| FloatState {
            trick,
            mode: FloatMode::Trick,
            ..FloatState::default()
        });
        assert_eq!(all_survive_the_url(tricks), 4);
    }

    #[test]
    fn bad_links_take_the_defaults() {
        let read = |h: &str| FloatState::from_params(&Route::parse(h).params);
        assert_eq!(read("#/float?f=binary128").format, BINARY32);
        assert_eq!(read("#/float?f=e4m3&bits=1ff").bits, 0xff, "cut to 8 bits");
        assert_eq!(read("#/float?mode=guess").mode, FloatMode::Number);
        assert_eq!(read("#/float?op=pow").op, Op::Add);
        assert_eq!(read("#/float?trick=magic").trick, FloatTrick::InvSqrt);
        assert_eq!(
            read(&format!("#/float?n={}", "9".repeat(5000)))
                .number
                .len(),
            MAX_TEXT
        );
    }

    #[test]
    fn a_flipped_bit_decodes_the_pattern_and_steps_start_again() {
        let s = FloatState {
            step: 4,
            ..FloatState::default()
        };
        let t = s.clone().apply(FloatAction::Flip {
            format: BINARY32,
            shown: 0x3f80_0000,
            bit: 31,
        });
        assert_eq!((t.mode, t.bits, t.step), (FloatMode::Bits, 0xbf80_0000, 0));
        let bit32 = FloatAction::Flip {
            format: BINARY32,
            shown: 0,
            bit: 32,
        };
        assert_eq!(s.clone().apply(bit32), s);
        // a converted value's bit: the panel goes to its format
        let e4m3 = crate::bits::float::format::E4M3;
        let u = s.clone().apply(FloatAction::Flip {
            format: e4m3,
            shown: 0x7e,
            bit: 0,
        });
        assert_eq!((u.format, u.bits), (e4m3, 0x7f));
        let e = s.apply(FloatAction::SetFormat(crate::bits::float::format::E4M3));
        assert_eq!(e.bits, 0xcd, "the pattern cut to the new width");
    }
}
