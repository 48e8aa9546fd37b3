//! State of the Bit permutations panel: `mode` (ladder | table | network),
//! `width` (8 | 16 | 32 | 64: the reversals), `x` (bare hex), `perm` (an
//! example's name or a list such as `3 2 1 0`: the network), `step`.

use super::url::{url_names, url_state};
use super::PanelState;
use crate::bits::permute::{example, parse_perm, PermuteError, WIDTHS};
use crate::bits::word::mask;

/// What the panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PermuteMode {
    /// Reversal by the swap ladder (1, 2, 4, ... bit swaps).
    Ladder,
    /// Reversal by a 256-entry byte table.
    Table,
    /// Any permutation as a Beneš network of delta swaps.
    Network,
}

impl PermuteMode {
    pub const ALL: [PermuteMode; 3] = [
        PermuteMode::Ladder,
        PermuteMode::Table,
        PermuteMode::Network,
    ];

    pub fn param(self) -> &'static str {
        match self {
            PermuteMode::Ladder => "ladder",
            PermuteMode::Table => "table",
            PermuteMode::Network => "network",
        }
    }
}

url_names!(PermuteMode, PermuteMode::ALL, |m| m.param());

const DEFAULT_X: u64 = 0x0123_4567_89ab_cdef;
/// The network's example at first: the 8x8 transpose of a bitboard.
pub const DEFAULT_PERM: &str = "transpose8x8";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PermuteState {
    pub mode: PermuteMode,
    pub width: u32,
    /// The word (its low `network_width` bits in network mode).
    pub x: u64,
    /// An example's name or a permutation list (bit i goes to perm[i]).
    pub perm: String,
    pub step: usize,
}

impl Default for PermuteState {
    fn default() -> Self {
        PermuteState {
            mode: PermuteMode::Ladder,
            width: 32,
            x: DEFAULT_X & mask(32),
            perm: DEFAULT_PERM.to_string(),
            step: 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PermuteAction {
    SetMode(PermuteMode),
    SetWidth(u32),
    SetX(u64),
    Toggle(u32),
    /// A new permutation text (kept even when wrong: the panel says why).
    SetPerm(String),
    Step(usize),
}

/// The permutation `perm` names or lists (an example at `width`, or at
/// the one width it takes: the transpose 64, Morton 32).
pub fn read_perm(perm: &str, width: u32) -> Result<Vec<u32>, PermuteError> {
    match example(perm.trim(), width) {
        Err(PermuteError::ExampleWidth { name, need, .. }) => example(name, need),
        Err(PermuteError::UnknownExample(_)) => parse_perm(perm),
        known => known,
    }
}

impl PermuteState {
    /// The width the word is shown at: the permutation's length in network
    /// mode (where it reads), else `width`.
    pub fn shown_width(&self) -> u32 {
        match self.mode {
            PermuteMode::Network => read_perm(&self.perm, self.width)
                .map_or(self.width, |p| p.len() as u32)
                .max(1),
            _ => self.width,
        }
    }
}

url_state!(PermuteState {
    mode: "mode",
    width: "width" if |w| WIDTHS.contains(w),
    x: "x",
    perm (sparse): "perm",
    step (sparse): "step",
} then fit_width);

fn fit_width(s: PermuteState) -> PermuteState {
    let x = s.x & mask(s.shown_width());
    PermuteState { x, ..s }
}

impl PanelState for PermuteState {
    type Action = PermuteAction;

    fn apply(self, action: PermuteAction) -> Self {
        let restart = PermuteState {
            step: 0,
            ..self.clone()
        };
        let shown = self.shown_width();
        match action {
            PermuteAction::SetMode(mode) => fit_width(PermuteState { mode, ..restart }),
            PermuteAction::SetWidth(w) if WIDTHS.contains(&w) => fit_width(PermuteState {
                width: w,
                ..restart
            }),
            PermuteAction::SetX(x) if x & !mask(shown) == 0 => PermuteState { x, ..restart },
            PermuteAction::Toggle(bit) if bit < shown => PermuteState {
                x: self.x ^ 1 << bit,
                ..restart
            },
            PermuteAction::SetPerm(perm) => fit_width(PermuteState { perm, ..restart }),
            PermuteAction::Step(step) => PermuteState { step, ..self },
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
    fn every_mode_width_word_and_permutation_survives_the_url() {
        let perms = [
            "transpose8x8",
            "reverse",
            "morton",
            "rotate",
            "3 2 1 0",
            "1,0",
            "0 1 2",
            "",
        ];
        let xs = [0u64, 1, 0xb6, u64::MAX, DEFAULT_X];
        let states = iproduct!(PermuteMode::ALL, WIDTHS, perms, xs, [0usize, 4]).map(
            |(mode, width, perm, x, step)| {
                let s = PermuteState {
                    mode,
                    width,
                    x,
                    perm: perm.to_string(),
                    step,
                };
                PermuteState {
                    x: x & mask(s.shown_width()),
                    ..s
                }
            },
        );
        assert_eq!(all_survive_the_url(states), 3 * 4 * 8 * 5 * 2);
    }

    #[test]
    fn the_network_reads_its_width_from_the_permutation() {
        let read = |h: &str| PermuteState::from_params(&Route::parse(h).params);
        let s = read("#/permute?mode=network&perm=3%202%201%200&x=ff");
        assert_eq!((s.shown_width(), s.x), (4, 0xf));
        assert_eq!(read("#/permute?mode=network").shown_width(), 64);
        assert_eq!(read("#/permute?mode=network&perm=morton").shown_width(), 32);
        // a wrong list keeps the panel's width, and says why on the panel
        assert_eq!(
            read("#/permute?mode=network&perm=0%200&width=16").shown_width(),
            16
        );
        assert_eq!(
            read("#/permute?mode=spiral&width=7").mode,
            PermuteMode::Ladder
        );
    }

    #[test]
    fn actions_restart_and_keep_x_in_the_word() {
        let s = PermuteState::default().apply(PermuteAction::Step(3));
        assert_eq!(s.step, 3);
        let t = s.clone().apply(PermuteAction::SetWidth(8));
        assert_eq!((t.width, t.x, t.step), (8, 0xef, 0));
        assert_eq!(t.clone().apply(PermuteAction::Toggle(8)), t);
        let n = s.apply(PermuteAction::SetMode(PermuteMode::Network));
        assert_eq!(n.shown_width(), 64);
        let four = n.apply(PermuteAction::SetPerm("1 0 3 2".into()));
        assert_eq!((four.shown_width(), four.x), (4, 0xf & DEFAULT_X));
    }
}
