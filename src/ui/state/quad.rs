//! State of the Quad-bitboards panel: `fen`, `op` (`to` | `from` | `read` |
//! `set`: which trace is stepped), `sq` (0..63, the square read), `set`
//! (a [`QuadSet`] slug), `step`.

use super::url::{url_names, url_state};
use super::PanelState;
use crate::bits::quad::QuadSet;
use crate::chess::CPW_POSITIONS;

/// The trace the panel steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuadOp {
    /// Nibble board to the four boards.
    ToQuad,
    /// The four boards back to a nibble board.
    FromQuad,
    /// One square's code, gathered from the four boards.
    Read,
    /// A whole-board set, one expression of the four boards.
    Set,
}

impl QuadOp {
    pub const ALL: [QuadOp; 4] = [QuadOp::ToQuad, QuadOp::FromQuad, QuadOp::Read, QuadOp::Set];

    pub fn param(self) -> &'static str {
        match self {
            QuadOp::ToQuad => "to",
            QuadOp::FromQuad => "from",
            QuadOp::Read => "read",
            QuadOp::Set => "set",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            QuadOp::ToQuad => "nibbles → 4 boards",
            QuadOp::FromQuad => "4 boards → nibbles",
            QuadOp::Read => "read a square",
            QuadOp::Set => "whole-board set",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuadState {
    /// The FEN as given (its piece placement is used).
    pub fen: String,
    pub op: QuadOp,
    /// The square read, 0..=63 (a1 = 0).
    pub square: u32,
    pub set: QuadSet,
    pub step: usize,
}

impl Default for QuadState {
    fn default() -> Self {
        QuadState {
            fen: CPW_POSITIONS[1].1.to_string(),
            op: QuadOp::ToQuad,
            square: 4,
            set: QuadSet::Sliders,
            step: 0,
        }
    }
}

impl QuadState {
    /// The FEN's first field, the piece placement.
    pub fn placement(&self) -> &str {
        crate::bits::nibble_board::fen_placement(&self.fen)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuadAction {
    /// A new (already checked) FEN: the steps start again.
    SetFen(String),
    SetOp(QuadOp),
    /// A square clicked (clamped to 63): it is read, from the first step.
    Read(u32),
    /// A set picked: it is stepped, from the first step.
    PickSet(QuadSet),
    Step(usize),
}

url_names!(QuadOp, QuadOp::ALL, |o| o.param());
url_names!(QuadSet, QuadSet::ALL, |s| s.slug());

url_state!(QuadState {
    fen: "fen",
    op: "op",
    square: "sq",
    set: "set",
    step (sparse): "step",
} then |s: QuadState| QuadState { square: s.square.min(63), ..s });

impl PanelState for QuadState {
    type Action = QuadAction;

    fn apply(self, action: QuadAction) -> Self {
        let restart = QuadState { step: 0, ..self };
        match action {
            QuadAction::SetFen(fen) => QuadState {
                fen: fen.trim().to_string(),
                ..restart
            },
            QuadAction::SetOp(op) => QuadState { op, ..restart },
            QuadAction::Read(sq) => QuadState {
                square: sq.min(63),
                op: QuadOp::Read,
                ..restart
            },
            QuadAction::PickSet(set) => QuadState {
                set,
                op: QuadOp::Set,
                ..restart
            },
            QuadAction::Step(step) => QuadState { step, ..restart },
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
    fn every_op_set_and_square_survives_the_url() {
        let fens = [
            CPW_POSITIONS[1].1,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "odd + text % with/slashes",
        ];
        let states = iproduct!(fens, QuadOp::ALL, QuadSet::ALL, [0, 4, 28, 63])
            .enumerate()
            .map(|(n, (fen, op, set, square))| QuadState {
                fen: fen.to_string(),
                op,
                square,
                set,
                step: n % 5,
            });
        assert_eq!(all_survive_the_url(states), 4 * 4 * 12 * 4);
        let reads = (0..64).map(|square| QuadState::default().apply(QuadAction::Read(square)));
        assert_eq!(all_survive_the_url(reads), 64);
    }

    #[test]
    fn clicks_and_picks_choose_the_trace() {
        let s = QuadState {
            step: 3,
            ..QuadState::default()
        };
        let r = s.clone().apply(QuadAction::Read(99));
        assert_eq!((r.op, r.square, r.step), (QuadOp::Read, 63, 0));
        let p = s.clone().apply(QuadAction::PickSet(QuadSet::Kings));
        assert_eq!((p.op, p.set, p.step), (QuadOp::Set, QuadSet::Kings, 0));
        assert_eq!(s.clone().apply(QuadAction::Step(2)).step, 2);
        let f = s.apply(QuadAction::SetFen(" 8/8/8/8/8/8/8/K1k5 ".into()));
        assert_eq!(f.placement(), "8/8/8/8/8/8/8/K1k5");
        let read = |h: &str| QuadState::from_params(&Route::parse(h).params);
        let d = read("#/quad?op=nope&set=nope&sq=x");
        assert_eq!(
            (d.op, d.set, d.square),
            (QuadOp::ToQuad, QuadSet::Sliders, 4)
        );
    }
}
