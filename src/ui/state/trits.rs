//! State of the Trits panel: `a`, `b` (bare-hex bitboards), `order` (`a8` |
//! `file`: the other square order shown), `step`.

use super::url::{url_names, url_state};
use super::PanelState;
use crate::bits::trit::SquareOrder;

/// The orders the panel compares ours with, and their URL names.
pub const OTHER_ORDERS: [(SquareOrder, &str); 2] = [
    (SquareOrder::RankFileA8, "a8"),
    (SquareOrder::FileRankA1, "file"),
];

/// Which of the two occupancy boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TritBoard {
    A,
    B,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TritsState {
    /// The first board (trit 1).
    pub a: u64,
    /// The second board (trit 2).
    pub b: u64,
    /// The order shown beside ours: one of [`OTHER_ORDERS`].
    pub other: SquareOrder,
    pub step: usize,
}

impl Default for TritsState {
    /// The white and the black pieces of the start position.
    fn default() -> Self {
        TritsState {
            a: 0x0000_0000_0000_ffff,
            b: 0xffff_0000_0000_0000,
            other: SquareOrder::RankFileA8,
            step: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TritsAction {
    /// A new board: the steps start again.
    Set(TritBoard, u64),
    /// A square flipped on a board: the steps start again.
    Toggle(TritBoard, u32),
    SetOrder(SquareOrder),
    Step(usize),
}

fn order_param(order: SquareOrder) -> &'static str {
    OTHER_ORDERS
        .iter()
        .find(|(o, _)| *o == order)
        .map_or(OTHER_ORDERS[0].1, |o| o.1)
}

url_names!(SquareOrder, OTHER_ORDERS.map(|o| o.0), |o| order_param(*o));

url_state!(TritsState { a: "a", b: "b", other: "order", step (sparse): "step" });

impl PanelState for TritsState {
    type Action = TritsAction;

    fn apply(self, action: TritsAction) -> Self {
        let board = |s: TritsState, which: TritBoard, v: u64| match which {
            TritBoard::A => TritsState { a: v, step: 0, ..s },
            TritBoard::B => TritsState { b: v, step: 0, ..s },
        };
        match action {
            TritsAction::Set(which, v) => board(self, which, v),
            TritsAction::Toggle(which, sq) => {
                let old = match which {
                    TritBoard::A => self.a,
                    TritBoard::B => self.b,
                };
                board(self, which, old ^ (1u64 << (sq & 63)))
            }
            TritsAction::SetOrder(other) if OTHER_ORDERS.iter().any(|o| o.0 == other) => {
                TritsState { other, ..self }
            }
            TritsAction::SetOrder(_) => self,
            TritsAction::Step(step) => TritsState { step, ..self },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::through_url;
    use super::*;
    use crate::ui::route::Route;
    use crate::ui::state::UrlState;

    #[test]
    fn every_order_and_board_survives_the_url() {
        for (other, _) in OTHER_ORDERS {
            for (a, b) in [
                (0, 0),
                (0xffff, 0xffff_0000_0000_0000),
                (0x0000_0008_1000_0000, 0x0000_0000_0000_0001),
                (u64::MAX, u64::MAX),
            ] {
                for step in [0, 5] {
                    let s = TritsState { a, b, other, step };
                    assert_eq!(through_url(&s), s);
                }
            }
        }
    }

    #[test]
    fn actions() {
        let s = TritsState {
            step: 3,
            ..TritsState::default()
        };
        let t = s.clone().apply(TritsAction::Toggle(TritBoard::B, 63));
        assert_eq!((t.b, t.step), (0x7fff_0000_0000_0000, 0));
        assert_eq!(s.clone().apply(TritsAction::Set(TritBoard::A, 7)).a, 7);
        let t = s
            .clone()
            .apply(TritsAction::SetOrder(SquareOrder::FileRankA1));
        assert_eq!((t.other, t.step), (SquareOrder::FileRankA1, 3));
        assert_eq!(
            s.clone()
                .apply(TritsAction::SetOrder(SquareOrder::RankFileA1))
                .other,
            SquareOrder::RankFileA8,
            "ours is not an 'other' order"
        );
        let read = TritsState::from_params(
            &Route::parse("#/trits?a=10000000&b=10000001&order=file").params,
        );
        assert_eq!(
            (read.a, read.b, read.other),
            (0x1000_0000, 0x1000_0001, SquareOrder::FileRankA1)
        );
    }
}
