//! State of the Gray code panel: `width` (4 | 8 | 16 | 32 | 64), `x` (bare
//! hex), `step` (to Gray), `dstep` (back); Gosper's next subset: `n`
//! (1..=16 bits), `k` (ones), `at` (the current subset, bare hex),
//! `gstep`.

use super::url::url_state;
use super::PanelState;
use crate::bits::word::mask;

pub const GRAY_WIDTHS: [u32; 5] = [4, 8, 16, 32, 64];
/// The most bits of a subset drawn in full (2^16 words at most).
pub const MAX_SUBSET_BITS: u32 = 16;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrayState {
    pub width: u32,
    pub x: u64,
    pub step: usize,
    pub dstep: usize,
    pub n: u32,
    pub k: u32,
    /// A word of `n` bits with `k` ones.
    pub at: u64,
    pub gstep: usize,
}

impl Default for GrayState {
    fn default() -> Self {
        GrayState {
            width: 8,
            x: 0x5b,
            step: 0,
            dstep: 0,
            n: 6,
            k: 3,
            at: 0b1011,
            gstep: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrayAction {
    SetWidth(u32),
    SetX(u64),
    Toggle(u32),
    Step(usize),
    DecodeStep(usize),
    /// `n` bits: `k` and the subset are kept where they still fit.
    SetN(u32),
    SetK(u32),
    /// A subset of the list (ignored unless it has `k` ones in `n` bits).
    SetAt(u64),
    GosperStep(usize),
}

/// The first subset: the `k` low bits.
pub fn first_subset(k: u32) -> u64 {
    if k == 0 {
        0
    } else {
        u64::MAX >> (64 - k)
    }
}

fn subset_fits(at: u64, n: u32, k: u32) -> bool {
    at & !mask(n) == 0 && at.count_ones() == k
}

url_state!(GrayState {
    width: "width" if |w| GRAY_WIDTHS.contains(w),
    x: "x",
    step (sparse): "step",
    dstep (sparse): "dstep",
    n: "n" if |n| (1..=MAX_SUBSET_BITS).contains(n),
    k: "k",
    at: "at",
    gstep (sparse): "gstep",
} then settle);

/// `x` cut to the width; `k` at most `n`; a subset that is not one of
/// `k` in `n` becomes the first.
fn settle(s: GrayState) -> GrayState {
    let k = s.k.min(s.n);
    let at = if subset_fits(s.at, s.n, k) {
        s.at
    } else {
        first_subset(k)
    };
    GrayState {
        x: s.x & mask(s.width),
        k,
        at,
        ..s
    }
}

impl PanelState for GrayState {
    type Action = GrayAction;

    fn apply(self, action: GrayAction) -> Self {
        let gray = GrayState {
            step: 0,
            dstep: 0,
            ..self.clone()
        };
        let subset = GrayState {
            gstep: 0,
            ..self.clone()
        };
        match action {
            GrayAction::SetWidth(w) if GRAY_WIDTHS.contains(&w) => {
                settle(GrayState { width: w, ..gray })
            }
            GrayAction::SetX(x) if x & !mask(self.width) == 0 => GrayState { x, ..gray },
            GrayAction::Toggle(bit) if bit < self.width => GrayState {
                x: self.x ^ 1 << bit,
                ..gray
            },
            GrayAction::Step(step) => GrayState { step, ..self },
            GrayAction::DecodeStep(dstep) => GrayState { dstep, ..self },
            GrayAction::SetN(n) if (1..=MAX_SUBSET_BITS).contains(&n) => {
                settle(GrayState { n, ..subset })
            }
            GrayAction::SetK(k) if k <= self.n => settle(GrayState {
                k,
                at: first_subset(k),
                ..subset
            }),
            GrayAction::SetAt(at) if subset_fits(at, self.n, self.k) => GrayState { at, ..subset },
            GrayAction::GosperStep(gstep) => GrayState { gstep, ..self },
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

    /// Every width with edge words, and every (n, k) with its first and
    /// last subset.
    #[test]
    fn every_width_word_and_subset_survives_the_url() {
        let xs = [0u64, 1, 0x5b, 1 << 63, u64::MAX];
        let words =
            iproduct!(GRAY_WIDTHS, xs, [(0, 0), (2, 3)]).map(|(width, x, (step, dstep))| {
                GrayState {
                    width,
                    x: x & mask(width),
                    step,
                    dstep,
                    ..GrayState::default()
                }
            });
        assert_eq!(all_survive_the_url(words), 5 * 5 * 2);
        let subsets = (1..=MAX_SUBSET_BITS).flat_map(|n| {
            (0..=n).flat_map(move |k| {
                let last = first_subset(k) << (n - k);
                [first_subset(k), last].map(|at| GrayState {
                    n,
                    k,
                    at,
                    gstep: 1,
                    ..GrayState::default()
                })
            })
        });
        assert_eq!(all_survive_the_url(subsets), 2 * (2..=17).sum::<usize>());
    }

    #[test]
    fn bad_links_take_the_defaults() {
        let read = |h: &str| GrayState::from_params(&Route::parse(h).params);
        assert_eq!(read("#/gray?width=12").width, 8);
        assert_eq!(read("#/gray?width=4&x=ff").x, 0xf);
        let s = read("#/gray?n=4&k=9&at=ff");
        assert_eq!((s.n, s.k, s.at), (4, 4, 0xf));
        assert_eq!(read("#/gray?n=40").n, 6);
        assert_eq!(read("#/gray?n=6&k=2&at=7").at, 0b11, "7 has three ones");
    }

    #[test]
    fn actions_keep_the_subset_one_of_k_in_n() {
        let s = GrayState::default();
        assert_eq!(s.clone().apply(GrayAction::SetAt(0b111000)).at, 0b111000);
        assert_eq!(s.clone().apply(GrayAction::SetAt(0b11)), s);
        let t = s.clone().apply(GrayAction::SetK(2));
        assert_eq!((t.k, t.at), (2, 0b11));
        let u = s.clone().apply(GrayAction::SetN(2));
        assert_eq!((u.n, u.k, u.at), (2, 2, 0b11));
        assert_eq!(s.clone().apply(GrayAction::SetWidth(4)).x, 0xb);
        assert_eq!(s.clone().apply(GrayAction::SetN(17)), s);
    }
}
