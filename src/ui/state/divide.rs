//! State of the Division panel: `d` (decimal; negative when `signed`),
//! `width` (8 | 16 | 32 | 64), `signed` (0 | 1), `x` (the dividend's bits,
//! bare hex), `step` (the quotient's steps), `tstep` (the divisibility
//! test's).

use super::url::url_state;
use super::PanelState;
use crate::bits::word::mask;

/// The widths a divisor is derived for.
pub const DIVIDE_WIDTHS: [u32; 4] = [8, 16, 32, 64];

const DEFAULT_D: i64 = 7;
const DEFAULT_X: u64 = 1_000_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivideState {
    pub d: i64,
    pub width: u32,
    pub signed: bool,
    /// The dividend's `width` bits (read as signed when `signed`).
    pub x: u64,
    pub step: usize,
    pub tstep: usize,
}

impl Default for DivideState {
    fn default() -> Self {
        DivideState {
            d: DEFAULT_D,
            width: 32,
            signed: false,
            x: DEFAULT_X,
            step: 0,
            tstep: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivideAction {
    /// A new divisor (ignored when the width cannot hold it).
    SetD(i64),
    /// Another width: `x` keeps its low bits; `d` must still fit.
    SetWidth(u32),
    SetSigned(bool),
    SetX(u64),
    Toggle(u32),
    Step(usize),
    TestStep(usize),
}

/// Whether `d` is a divisor at this width and signedness.
pub fn divisor_fits(d: i64, width: u32, signed: bool) -> bool {
    if signed {
        let min = -(1i128 << (width - 1));
        d != 0 && (min..=-min - 1).contains(&i128::from(d))
    } else {
        d > 0 && (d as u64) <= mask(width)
    }
}

url_state!(DivideState {
    d: "d" if |d| *d != 0,
    width: "width" if |w| DIVIDE_WIDTHS.contains(w),
    signed (sparse): "signed",
    x: "x",
    step (sparse): "step",
    tstep (sparse): "tstep",
} then settle);

/// A divisor the width cannot hold takes the default; `x` is cut to it.
fn settle(s: DivideState) -> DivideState {
    let d = if divisor_fits(s.d, s.width, s.signed) {
        s.d
    } else {
        DEFAULT_D
    };
    DivideState {
        d,
        x: s.x & mask(s.width),
        ..s
    }
}

impl PanelState for DivideState {
    type Action = DivideAction;

    fn apply(self, action: DivideAction) -> Self {
        let restart = DivideState {
            step: 0,
            tstep: 0,
            ..self.clone()
        };
        let (width, signed) = (self.width, self.signed);
        match action {
            DivideAction::SetD(d) if divisor_fits(d, width, signed) => DivideState { d, ..restart },
            DivideAction::SetWidth(w) if DIVIDE_WIDTHS.contains(&w) => settle(DivideState {
                width: w,
                ..restart
            }),
            DivideAction::SetSigned(signed) => settle(DivideState {
                signed,
                d: self.d.abs().max(1),
                ..restart
            }),
            DivideAction::SetX(x) if x & !mask(width) == 0 => DivideState { x, ..restart },
            DivideAction::Toggle(bit) if bit < width => DivideState {
                x: self.x ^ 1 << bit,
                ..restart
            },
            DivideAction::Step(step) => DivideState { step, ..self },
            DivideAction::TestStep(tstep) => DivideState { tstep, ..self },
            _ => self,
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
    fn every_divisor_width_sign_and_word_survives_the_url() {
        let ds = [1i64, 2, 3, 7, 10, 127, 641, -1, -3, -7, -128];
        let xs = [0u64, 1, 0x80, 0xffff, u64::MAX, DEFAULT_X];
        let steps = [(0, 0), (2, 0), (0, 3)];
        let states = iproduct!(ds, DIVIDE_WIDTHS, [false, true], xs, steps)
            .filter(|&(d, w, s, ..)| divisor_fits(d, w, s))
            .map(|(d, width, signed, x, (step, tstep))| DivideState {
                d,
                width,
                signed,
                x: x & mask(width),
                step,
                tstep,
            });
        assert!(all_survive_the_url(states) > 500);
    }

    #[test]
    fn bad_links_take_the_defaults() {
        let read = |h: &str| DivideState::from_params(&Route::parse(h).params);
        assert_eq!(read("#/divide?d=0&width=12").d, 7);
        assert_eq!(read("#/divide?d=-3").d, 7, "negative only when signed");
        assert_eq!(read("#/divide?d=-3&signed=1").d, -3);
        assert_eq!(read("#/divide?d=300&width=8").d, 7);
        assert_eq!(read("#/divide?width=8&x=1ff").x, 0xff);
        assert_eq!(read("#/divide?d=10&x=zz").x, DEFAULT_X);
    }

    #[test]
    fn actions_keep_the_divisor_in_range() {
        let s = DivideState::default().apply(DivideAction::SetD(1000));
        assert_eq!(s.d, 1000);
        assert_eq!(s.clone().apply(DivideAction::SetWidth(8)).d, 7);
        assert_eq!(s.clone().apply(DivideAction::SetD(-5)), s);
        let signed = s.clone().apply(DivideAction::SetSigned(true));
        assert_eq!((signed.d, signed.signed), (1000, true));
        assert_eq!(signed.clone().apply(DivideAction::SetD(-5)).d, -5);
        assert_eq!(
            s.clone().apply(DivideAction::Toggle(31)).x,
            DEFAULT_X | 1 << 31
        );
        assert_eq!(s.clone().apply(DivideAction::Toggle(32)), s);
        let stepped = s.clone().apply(DivideAction::Step(3));
        assert_eq!(stepped.clone().apply(DivideAction::SetX(5)).step, 0);
    }
}
