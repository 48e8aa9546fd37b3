//! State of the Bitboard panel: `b` (the board, bare hex, a1 = bit 0),
//! `op` (a [`BoardOperation`] name), `step`.

use super::url::{url_names, url_state};
use super::PanelState;
use crate::bits::board_ops::BoardOperation;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitboardState {
    pub board: u64,
    pub op: BoardOperation,
    pub step: usize,
}

impl Default for BitboardState {
    /// An L on a1-a4 and b1: no symmetry, so every order and operation shows.
    fn default() -> Self {
        BitboardState {
            board: 0x0101_0103,
            op: BoardOperation::FlipVertical,
            step: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitboardAction {
    /// A new board: the steps start again.
    SetBoard(u64),
    /// Flips the square's bit (0..=63): the steps start again.
    Toggle(u32),
    SetOp(BoardOperation),
    Step(usize),
}

url_names!(BoardOperation, BoardOperation::ALL, |o| o.name());

url_state!(BitboardState { board: "b", op: "op", step (sparse): "step" });

impl PanelState for BitboardState {
    type Action = BitboardAction;

    fn apply(self, action: BitboardAction) -> Self {
        let restart = BitboardState { step: 0, ..self };
        match action {
            BitboardAction::SetBoard(board) => BitboardState { board, ..restart },
            BitboardAction::Toggle(sq) => BitboardState {
                board: self.board ^ (1u64 << (sq & 63)),
                ..restart
            },
            BitboardAction::SetOp(op) => BitboardState { op, ..restart },
            BitboardAction::Step(step) => BitboardState { step, ..self },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::through_url;
    use super::*;

    #[test]
    fn every_operation_and_board_survives_the_url() {
        for op in BoardOperation::ALL {
            for board in [0, 1, 0x0101_0103, 1 << 63, u64::MAX] {
                for step in [0, 2] {
                    let s = BitboardState { board, op, step };
                    assert_eq!(through_url(&s), s);
                }
            }
        }
        let s = BitboardState::default().apply(BitboardAction::Step(3));
        assert_eq!(
            s.clone().apply(BitboardAction::Toggle(63)).board,
            0x8000_0000_0101_0103
        );
        assert_eq!(s.clone().apply(BitboardAction::Toggle(63)).step, 0);
        assert_eq!(
            s.apply(BitboardAction::SetOp(BoardOperation::East)).op,
            BoardOperation::East
        );
    }
}
