//! State of the Popcount panel: `width` (8 | 16 | 32 | 64), `x` (bare hex),
//! `step` (the SWAR steps), `kstep` (Kernighan's loop).

use super::url::url_state;
use super::PanelState;
use crate::bits::popcount::WIDTHS;
use crate::bits::word::mask;

const DEFAULT_X: u64 = 0x7a5c_3f18_9e2d_6b41;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PopcountState {
    /// Word width: one of [`WIDTHS`].
    pub width: u32,
    /// The word, within `width` bits.
    pub x: u64,
    pub step: usize,
    pub kstep: usize,
}

impl Default for PopcountState {
    fn default() -> Self {
        PopcountState {
            width: 32,
            x: DEFAULT_X & mask(32),
            step: 0,
            kstep: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PopcountAction {
    /// Another width: x keeps its low `width` bits; the steps start again.
    SetWidth(u32),
    /// A new word (ignored when wider than the width): the steps start again.
    SetX(u64),
    /// Flips one bit: the steps start again.
    Toggle(u32),
    Step(usize),
    KernighanStep(usize),
}

url_state!(PopcountState {
    width: "width" if |w| WIDTHS.contains(w),
    x: "x",
    step (sparse): "step",
    kstep (sparse): "kstep",
} then fit_width);

/// A word wider than the width is no word of it: the default's, cut.
fn fit_width(s: PopcountState) -> PopcountState {
    match s.x & !mask(s.width) {
        0 => s,
        _ => PopcountState {
            x: DEFAULT_X & mask(s.width),
            ..s
        },
    }
}

impl PanelState for PopcountState {
    type Action = PopcountAction;

    fn apply(self, action: PopcountAction) -> Self {
        let restart = PopcountState {
            step: 0,
            kstep: 0,
            ..self.clone()
        };
        match action {
            PopcountAction::SetWidth(width) if WIDTHS.contains(&width) => PopcountState {
                width,
                x: restart.x & mask(width),
                ..restart
            },
            PopcountAction::SetX(x) if x & !mask(self.width) == 0 => PopcountState { x, ..restart },
            PopcountAction::Toggle(bit) if bit < self.width => PopcountState {
                x: self.x ^ 1 << bit,
                ..restart
            },
            PopcountAction::Step(step) => PopcountState { step, ..self },
            PopcountAction::KernighanStep(kstep) => PopcountState { kstep, ..self },
            PopcountAction::SetWidth(_) | PopcountAction::SetX(_) | PopcountAction::Toggle(_) => {
                self
            }
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
    fn every_width_and_word_survives_the_url() {
        let words = [0, 1, 0xb6, 0x8000_0000_0000_0000, u64::MAX, DEFAULT_X];
        let steps = [(0, 0), (3, 0), (0, 7), (5, 64)];
        let states =
            iproduct!(WIDTHS, words, steps).map(|(width, x, (step, kstep))| PopcountState {
                width,
                x: x & mask(width),
                step,
                kstep,
            });
        assert_eq!(all_survive_the_url(states), 4 * 6 * 4);
    }

    #[test]
    fn bad_links_take_the_defaults() {
        let read = |h: &str| PopcountState::from_params(&Route::parse(h).params);
        let s = read("#/popcount?width=12&x=zz&step=1");
        assert_eq!((s.width, s.x, s.step), (32, DEFAULT_X & mask(32), 1));
        assert_eq!(read("#/popcount?width=8&x=100").x, DEFAULT_X & 0xff);
        assert_eq!(read("#/popcount?width=16&x=b6&kstep=2").x, 0xb6);
    }

    #[test]
    fn actions_restart_and_keep_x_in_the_word() {
        let s = PopcountState {
            width: 64,
            x: 0xffff_0000_00ff,
            step: 3,
            kstep: 2,
        };
        let t = s.clone().apply(PopcountAction::SetWidth(8));
        assert_eq!((t.width, t.x, t.step, t.kstep), (8, 0xff, 0, 0));
        assert_eq!(s.clone().apply(PopcountAction::SetWidth(12)), s);
        assert_eq!(t.clone().apply(PopcountAction::SetX(0x100)), t);
        assert_eq!(t.clone().apply(PopcountAction::Toggle(0)).x, 0xfe);
        assert_eq!(t.clone().apply(PopcountAction::Toggle(8)), t);
        assert_eq!(s.clone().apply(PopcountAction::Step(1)).kstep, 2);
        assert_eq!(s.clone().apply(PopcountAction::KernighanStep(5)).step, 3);
    }
}
