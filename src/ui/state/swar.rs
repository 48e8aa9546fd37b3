//! State of the SWAR panel: `op` (`add` | `sub` | `avg` | `savg`), `width` (32 | 64),
//! `lanes` (2 | 4 | 8 | 16), `x`, `y` (bare hex), `step`.

use super::url::{url_names, url_state};
use super::PanelState;
use crate::bits::swar::{SwarOp, LANE_BITS, WIDTHS};
use crate::bits::word::mask;

/// The operations, in tab order.
pub const OPS: [SwarOp; 4] = SwarOp::ALL;

/// The URL's name of an operation.
pub fn op_param(op: SwarOp) -> &'static str {
    match op {
        SwarOp::Add => "add",
        SwarOp::Sub => "sub",
        SwarOp::Average => "avg",
        SwarOp::SignedAverage => "savg",
    }
}

const DEFAULT_X: u64 = 0x7a5c_3f18_9e2d_6b41;
const DEFAULT_Y: u64 = 0x28f3_4c61_57ba_9d0e;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwarState {
    pub op: SwarOp,
    /// Word width: one of [`WIDTHS`].
    pub width: u32,
    /// Lane width: one of [`LANE_BITS`].
    pub lane_bits: u32,
    /// Operands, each within `width` bits.
    pub x: u64,
    pub y: u64,
    pub step: usize,
}

impl Default for SwarState {
    fn default() -> Self {
        SwarState {
            op: SwarOp::Add,
            width: 32,
            lane_bits: 4,
            x: DEFAULT_X & mask(32),
            y: DEFAULT_Y & mask(32),
            step: 0,
        }
    }
}

/// Which operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    X,
    Y,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwarAction {
    SetOp(SwarOp),
    /// Another word width; an operand that no longer fits takes its default.
    SetWidth(u32),
    SetLaneBits(u32),
    /// A new operand value (ignored when wider than the word).
    Set(Operand, u64),
    /// Flips one bit of an operand.
    Toggle(Operand, u32),
    Step(usize),
}

impl SwarState {
    /// The value of an operand.
    pub fn operand(&self, which: Operand) -> u64 {
        match which {
            Operand::X => self.x,
            Operand::Y => self.y,
        }
    }
}

url_names!(SwarOp, OPS, |o| op_param(*o));

url_state!(SwarState {
    op: "op",
    width: "width" if |w| WIDTHS.contains(w),
    lane_bits: "lanes" if |l| LANE_BITS.contains(l),
    x: "x",
    y: "y",
    step (sparse): "step",
} then fit_width);

/// A word wider than the width is no word of it: the default's, cut.
fn fit_width(s: SwarState) -> SwarState {
    let fit = |v: u64, default: u64| {
        if v & !mask(s.width) == 0 {
            v
        } else {
            default & mask(s.width)
        }
    };
    SwarState {
        x: fit(s.x, DEFAULT_X),
        y: fit(s.y, DEFAULT_Y),
        ..s
    }
}

impl PanelState for SwarState {
    type Action = SwarAction;

    fn apply(self, action: SwarAction) -> Self {
        if let SwarAction::Step(step) = action {
            return SwarState { step, ..self };
        }
        let restart = SwarState { step: 0, ..self };
        match action {
            SwarAction::SetOp(op) => SwarState { op, ..restart },
            SwarAction::SetWidth(width) if WIDTHS.contains(&width) => {
                let keep = |v: u64, default: u64| {
                    if v & !mask(width) == 0 {
                        v
                    } else {
                        default & mask(width)
                    }
                };
                SwarState {
                    width,
                    x: keep(restart.x, DEFAULT_X),
                    y: keep(restart.y, DEFAULT_Y),
                    ..restart
                }
            }
            SwarAction::SetLaneBits(lane_bits) if LANE_BITS.contains(&lane_bits) => SwarState {
                lane_bits,
                ..restart
            },
            SwarAction::Set(which, v) => restart.with(which, v),
            SwarAction::Toggle(which, bit) => {
                let v = restart.operand(which) ^ (1u64 << (bit & 63));
                restart.with(which, v)
            }
            SwarAction::SetWidth(_) | SwarAction::SetLaneBits(_) | SwarAction::Step(_) => restart,
        }
    }
}

impl SwarState {
    /// The state with an operand set, unless it is wider than the word.
    fn with(self, which: Operand, v: u64) -> Self {
        if v & !mask(self.width) != 0 {
            return self;
        }
        match which {
            Operand::X => SwarState { x: v, ..self },
            Operand::Y => SwarState { y: v, ..self },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::all_survive_the_url;
    use super::*;
    use crate::ui::route::Route;
    use crate::ui::state::UrlState;
    use itertools::iproduct;

    #[test]
    fn every_op_width_and_lane_width_survives_the_url() {
        let words = [
            (0, 0),
            (0x7830_003f, 0x1850_0051),
            (u64::MAX, 1),
            (0x8000_0000_0000_0000, 0xa5),
        ];
        let states = iproduct!(OPS, WIDTHS, LANE_BITS, words).enumerate().map(
            |(n, (op, width, lane_bits, (x, y)))| SwarState {
                op,
                width,
                lane_bits,
                x: x & mask(width),
                y: y & mask(width),
                step: n % 4,
            },
        );
        assert_eq!(all_survive_the_url(states), OPS.len() * 2 * 4 * 4);
    }

    #[test]
    fn the_url_reads_as_before() {
        let s = SwarState::from_params(
            &Route::parse("#/swar?op=sub&width=64&lanes=8&x=7830003f&y=18500051&step=3").params,
        );
        assert_eq!(
            s,
            SwarState {
                op: SwarOp::Sub,
                width: 64,
                lane_bits: 8,
                x: 0x7830_003f,
                y: 0x1850_0051,
                step: 3
            }
        );
        // a 64-bit x at width 32 does not fit: the default
        let s = SwarState::from_params(
            &Route::parse("#/swar?width=32&x=123456789&lanes=3&op=mul").params,
        );
        assert_eq!(s.x, DEFAULT_X & mask(32));
        assert_eq!(s.lane_bits, 4);
        assert_eq!(s.op, SwarOp::Add);
    }

    #[test]
    fn actions_restart_the_steps_and_keep_operands_in_the_word() {
        let s = SwarState {
            width: 64,
            x: 0xffff_ffff_ffff,
            y: 5,
            step: 4,
            ..SwarState::default()
        };
        let t = s.clone().apply(SwarAction::SetWidth(32));
        assert_eq!(
            (t.width, t.x, t.y, t.step),
            (32, DEFAULT_X & mask(32), 5, 0)
        );
        assert_eq!(s.clone().apply(SwarAction::SetWidth(16)).width, 64);
        assert_eq!(s.clone().apply(SwarAction::Toggle(Operand::Y, 0)).y, 4);
        assert_eq!(s.clone().apply(SwarAction::Set(Operand::X, 9)).x, 9);
        assert_eq!(s.clone().apply(SwarAction::SetLaneBits(8)).lane_bits, 8);
        assert_eq!(s.clone().apply(SwarAction::SetOp(SwarOp::Average)).step, 0);
        assert_eq!(s.clone().apply(SwarAction::Step(2)).step, 2);
        let narrow = SwarState::default();
        assert_eq!(
            narrow.clone().apply(SwarAction::Set(Operand::X, 1 << 40)).x,
            narrow.x
        );
    }
}
