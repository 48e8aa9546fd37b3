//! State of the Signed nibbles and the Nibble board panels.
//!
//! Signed nibbles: `x` (bare hex, `x=a`), `op` (`sign-extend` | `negate`),
//! `step`. Nibble board: `fen`, `sq` (0..63), `op` (`get` | `set` | `fen`),
//! `code` (0..15, for set), `step`.

use super::url::{url_names, url_state};
use super::PanelState;
use crate::chess::CPW_POSITIONS;

/// The signed-nibble operation stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NibbleOp {
    SignExtend,
    Negate,
}

impl NibbleOp {
    pub const ALL: [NibbleOp; 2] = [NibbleOp::SignExtend, NibbleOp::Negate];

    /// The URL's name.
    pub fn param(self) -> &'static str {
        match self {
            NibbleOp::SignExtend => "sign-extend",
            NibbleOp::Negate => "negate",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            NibbleOp::SignExtend => "sign extension (x ^ 8) - 8",
            NibbleOp::Negate => "negation (~x + 1) & 15",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NibblesState {
    /// The nibble, 0..=15.
    pub x: u8,
    pub op: NibbleOp,
    pub step: usize,
}

impl Default for NibblesState {
    fn default() -> Self {
        NibblesState {
            x: 0xb,
            op: NibbleOp::SignExtend,
            step: 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NibblesAction {
    /// A new nibble (masked to 4 bits): the steps start again.
    SetX(u64),
    /// Flips one bit of the nibble: the steps start again.
    ToggleBit(u32),
    /// Another operation: the steps start again.
    SetOp(NibbleOp),
    Step(usize),
}

url_names!(NibbleOp, NibbleOp::ALL, |o| o.param());

url_state!(NibblesState {
    x: "x" as u64 if |x| *x < 16,
    op: "op",
    step (sparse): "step",
});

impl PanelState for NibblesState {
    type Action = NibblesAction;

    fn apply(self, action: NibblesAction) -> Self {
        match action {
            NibblesAction::SetX(x) => NibblesState {
                x: (x & 15) as u8,
                step: 0,
                ..self
            },
            NibblesAction::ToggleBit(bit) => NibblesState {
                x: (self.x ^ (1 << (bit & 3))) & 15,
                step: 0,
                ..self
            },
            NibblesAction::SetOp(op) => NibblesState {
                op,
                step: 0,
                ..self
            },
            NibblesAction::Step(step) => NibblesState { step, ..self },
        }
    }
}

/// The nibble board's operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardOp {
    Get,
    Set,
    Fen,
}

impl BoardOp {
    pub const ALL: [BoardOp; 3] = [BoardOp::Get, BoardOp::Set, BoardOp::Fen];

    pub fn param(self) -> &'static str {
        match self {
            BoardOp::Get => "get",
            BoardOp::Set => "set",
            BoardOp::Fen => "fen",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NibbleBoardState {
    /// The FEN as given (its piece placement is used).
    pub fen: String,
    /// The chosen square, 0..=63 (a1 = 0).
    pub square: u32,
    pub op: BoardOp,
    /// The code `set` writes, 0..=15.
    pub code: u8,
    pub step: usize,
}

impl Default for NibbleBoardState {
    fn default() -> Self {
        NibbleBoardState {
            fen: CPW_POSITIONS[1].1.to_string(),
            square: 4,
            op: BoardOp::Get,
            code: 5,
            step: 0,
        }
    }
}

impl NibbleBoardState {
    /// The FEN's first field, the piece placement.
    pub fn placement(&self) -> &str {
        crate::bits::nibble_board::fen_placement(&self.fen)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NibbleBoardAction {
    /// A new (already checked) FEN: the steps start again.
    SetFen(String),
    /// Another square (clamped to 63): the steps start again.
    PickSquare(u32),
    SetOp(BoardOp),
    /// Another code (masked to 4 bits): the steps start again.
    SetCode(u8),
    Step(usize),
}

url_names!(BoardOp, BoardOp::ALL, |o| o.param());

url_state!(NibbleBoardState {
    fen: "fen",
    square: "sq",
    op: "op",
    code: "code",
    step (sparse): "step",
} then |s: NibbleBoardState| NibbleBoardState { square: s.square.min(63), code: s.code.min(15), ..s });

impl PanelState for NibbleBoardState {
    type Action = NibbleBoardAction;

    fn apply(self, action: NibbleBoardAction) -> Self {
        let restart = NibbleBoardState { step: 0, ..self };
        match action {
            NibbleBoardAction::SetFen(fen) => NibbleBoardState {
                fen: fen.trim().to_string(),
                ..restart
            },
            NibbleBoardAction::PickSquare(sq) => NibbleBoardState {
                square: sq.min(63),
                ..restart
            },
            NibbleBoardAction::SetOp(op) => NibbleBoardState { op, ..restart },
            NibbleBoardAction::SetCode(code) => NibbleBoardState {
                code: code & 15,
                ..restart
            },
            NibbleBoardAction::Step(step) => NibbleBoardState { step, ..restart },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::through_url;
    use super::*;
    use crate::ui::route::{Panel, Route};
    use crate::ui::state::UrlState;

    #[test]
    fn every_nibble_and_op_survives_the_url() {
        for x in 0..16u8 {
            for op in NibbleOp::ALL {
                for step in [0, 1, 2] {
                    let s = NibblesState { x, op, step };
                    assert_eq!(through_url(&s), s);
                }
            }
        }
    }

    #[test]
    fn nibbles_are_written_and_read_as_hex() {
        // the bug: x=a was read as decimal, failed, and showed the default 0xb
        for x in 0..16u8 {
            let s = NibblesState::default().apply(NibblesAction::SetX(x as u64));
            let hash = Route {
                panel: Panel::Nibbles,
                params: s.to_params(),
            }
            .to_hash();
            assert!(hash.contains(&format!("x={x:x}")), "{hash}");
            assert_eq!(NibblesState::from_params(&Route::parse(&hash).params).x, x);
        }
        let read = |h: &str| NibblesState::from_params(&Route::parse(h).params);
        assert_eq!(read("#/nibbles?x=0xA").x, 0xa);
        assert_eq!(read("#/nibbles?x=f").x, 0xf);
        assert_eq!(read("#/nibbles?x=10").x, 0xb, "too wide: the default");
        assert_eq!(read("#/nibbles").x, 0xb);
        assert_eq!(read("#/nibbles?op=negate&step=2").op, NibbleOp::Negate);
        assert_eq!(read("#/nibbles?op=negate&step=2").step, 2);
    }

    #[test]
    fn a_new_nibble_or_op_starts_the_steps_again() {
        let s = NibblesState {
            x: 3,
            op: NibbleOp::Negate,
            step: 2,
        };
        assert_eq!(s.clone().apply(NibblesAction::ToggleBit(3)).x, 0xb);
        assert_eq!(s.clone().apply(NibblesAction::ToggleBit(3)).step, 0);
        assert_eq!(s.clone().apply(NibblesAction::SetX(0x1c)).x, 0xc);
        assert_eq!(
            s.clone().apply(NibblesAction::SetOp(NibbleOp::Negate)).step,
            0
        );
        assert_eq!(s.clone().apply(NibblesAction::Step(1)).step, 1);
    }

    #[test]
    fn every_board_state_survives_the_url() {
        let fens = [
            CPW_POSITIONS[1].1,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "odd + text % with/slashes",
        ];
        for fen in fens {
            for square in 0..64 {
                for op in BoardOp::ALL {
                    let s = NibbleBoardState {
                        fen: fen.to_string(),
                        square,
                        op,
                        code: (square % 16) as u8,
                        step: (square % 3) as usize,
                    };
                    assert_eq!(through_url(&s), s);
                }
            }
        }
        for code in 0..16 {
            let s = NibbleBoardState::default().apply(NibbleBoardAction::SetCode(code));
            assert_eq!(through_url(&s), s);
        }
        let s = NibbleBoardState::default().apply(NibbleBoardAction::PickSquare(99));
        assert_eq!(s.square, 63);
        assert_eq!(
            s.placement(),
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R"
        );
    }
}
