//! State of the Magic bitboards panel: `piece` (`rook` | `bishop`), `sq`
//! (a square name), `occ` and `magic` (bare hex), `bits` (index bits,
//! 1..=20, as `chess::magic_lab::check_bits` allows), `step`.

use super::url::{url_parsed, url_state};
use super::{PanelState, Params, UrlValue};
use crate::bits::square::Square;
use crate::chess::magic_lab::{builtin_magic, check_bits, usual_bits, SliderPiece};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MagicState {
    pub piece: SliderPiece,
    pub square: Square,
    /// The whole board's occupancy (a1 = bit 0); only the mask's part counts.
    pub occupancy: u64,
    /// Any 64-bit multiplier, valid or not (the panel says).
    pub magic: u64,
    /// Index bits, always in `1..=MAX_BITS` (20; more than the mask's
    /// squares too, as engines use).
    pub bits: u32,
    pub step: usize,
}

/// Blockers on d6, b4 and g4, and a piece on h8 outside every d4 mask.
const DEFAULT_OCCUPANCY: u64 =
    Square::D6.bit() | Square::B4.bit() | Square::G4.bit() | Square::H8.bit();

impl Default for MagicState {
    fn default() -> Self {
        MagicState::at(SliderPiece::Rook, Square::D4, DEFAULT_OCCUPANCY)
    }
}

impl MagicState {
    /// `piece` on `square` with its built-in magic and usual bits.
    pub fn at(piece: SliderPiece, square: Square, occupancy: u64) -> MagicState {
        MagicState {
            piece,
            square,
            occupancy,
            magic: builtin_magic(piece, square),
            bits: usual_bits(piece, square),
            step: 0,
        }
    }

    /// Whether the magic is the square's built-in one with the usual bits.
    pub fn is_builtin(&self) -> bool {
        self.magic == builtin_magic(self.piece, self.square)
            && self.bits == usual_bits(self.piece, self.square)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MagicAction {
    /// Another slider: its built-in magic and usual bits, steps again.
    SetPiece(SliderPiece),
    /// Another square: the same.
    SetSquare(Square),
    SetOccupancy(u64),
    /// Flips one square (0..=63) of the occupancy.
    Toggle(u32),
    SetMagic(u64),
    /// Index bits (ignored outside 1..=the mask's popcount).
    SetBits(u32),
    /// A magic found for some bits: both at once.
    UseMagic {
        magic: u64,
        bits: u32,
    },
    /// Back to the square's built-in magic and usual bits.
    Builtin,
    /// One square of a checked table: its square, magic and bits at once
    /// (ignored for bad bits).
    Open {
        square: Square,
        magic: u64,
        bits: u32,
    },
    Step(usize),
}

url_parsed!(SliderPiece, Square);

url_state!(MagicState from for_link {
    piece: "piece",
    square: "sq",
    occupancy: "occ",
    magic: "magic",
    bits: "bits",
    step (sparse): "step",
} then |s: MagicState| MagicState {
    // (bits the lab refuses take the square's usual ones)
    bits: check_bits(s.piece, s.square, s.bits).unwrap_or(usual_bits(s.piece, s.square)),
    ..s
});

/// The defaults of a link: its piece's and square's built-in magic.
fn for_link(p: &Params) -> MagicState {
    let piece = p.get("piece").and_then(SliderPiece::from_url);
    let square = p.get("sq").and_then(Square::from_url);
    let (piece, square) = (
        piece.unwrap_or(SliderPiece::Rook),
        square.unwrap_or(Square::D4),
    );
    MagicState::at(piece, square, DEFAULT_OCCUPANCY)
}

impl PanelState for MagicState {
    type Action = MagicAction;

    fn apply(self, action: MagicAction) -> Self {
        let restart = MagicState { step: 0, ..self };
        match action {
            MagicAction::SetPiece(piece) => MagicState::at(piece, self.square, self.occupancy),
            MagicAction::SetSquare(square) => MagicState::at(self.piece, square, self.occupancy),
            MagicAction::Builtin => MagicState::at(self.piece, self.square, self.occupancy),
            MagicAction::SetOccupancy(occupancy) => MagicState {
                occupancy,
                ..restart
            },
            MagicAction::Toggle(sq) => MagicState {
                occupancy: self.occupancy ^ (1u64 << (sq & 63)),
                ..restart
            },
            MagicAction::SetMagic(magic) => MagicState { magic, ..restart },
            MagicAction::SetBits(bits) => match check_bits(self.piece, self.square, bits) {
                Ok(bits) => MagicState { bits, ..restart },
                Err(_) => self,
            },
            MagicAction::UseMagic { magic, bits } => {
                match check_bits(self.piece, self.square, bits) {
                    Ok(bits) => MagicState {
                        magic,
                        bits,
                        ..restart
                    },
                    Err(_) => self,
                }
            }
            MagicAction::Open {
                square,
                magic,
                bits,
            } => match check_bits(self.piece, square, bits) {
                Ok(bits) => MagicState {
                    square,
                    magic,
                    bits,
                    ..restart
                },
                Err(_) => self,
            },
            MagicAction::Step(step) => MagicState { step, ..self },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{all_survive_the_url, through_url};
    use super::*;
    use crate::chess::magic_lab::MAX_BITS;
    use crate::ui::state::UrlState;
    use itertools::iproduct;

    #[test]
    fn every_piece_square_and_bits_survive_the_url() {
        let squares: Vec<Square> = Square::all().collect();
        let states = iproduct!(SliderPiece::ALL, squares, 1..=MAX_BITS, 0..4).map(
            |(piece, square, bits, k)| {
                let (occupancy, magic, step) = [
                    (0, 0, 0),
                    (DEFAULT_OCCUPANCY, builtin_magic(piece, square), 4),
                    (u64::MAX, u64::MAX, 2),
                    (1 << 63, 1, 99),
                ][k];
                MagicState {
                    piece,
                    square,
                    occupancy,
                    magic,
                    bits,
                    step,
                }
            },
        );
        // 4 x 20 bit counts on 128 squares
        assert_eq!(all_survive_the_url(states), 4 * 20 * 128);
        assert!(MagicState::default().is_builtin());
    }

    #[test]
    fn bad_params_take_defaults_and_rules_live_here() {
        let p = Params::from_pairs([
            ("piece", "queen"),
            ("sq", "i9"),
            ("bits", "21"),
            ("magic", "zz"),
        ]);
        assert_eq!(MagicState::from_params(&p), MagicState::default());
        // more bits than a bishop on a1's mask (6): fixed-shift engines'
        let p = Params::from_pairs([("piece", "bishop"), ("sq", "a1"), ("bits", "9")]);
        assert_eq!(MagicState::from_params(&p).bits, 9);
        let p = Params::from_pairs([("piece", "bishop"), ("sq", "a1"), ("bits", "21")]);
        assert_eq!(MagicState::from_params(&p).bits, 6);

        let s = MagicState::default().apply(MagicAction::Step(3));
        let t = s.clone().apply(MagicAction::SetBits(8));
        assert_eq!((t.bits, t.step, t.magic), (8, 0, s.magic));
        assert_eq!(s.clone().apply(MagicAction::SetBits(11)).bits, 11);
        assert_eq!(s.clone().apply(MagicAction::SetBits(21)), s);
        assert_eq!(s.clone().apply(MagicAction::SetBits(0)), s);
        // a new square: its built-in magic and usual bits, the same occupancy
        let t = t.apply(MagicAction::SetSquare(Square::A1));
        assert_eq!(
            (t.magic, t.bits, t.occupancy),
            (
                builtin_magic(SliderPiece::Rook, Square::A1),
                12,
                DEFAULT_OCCUPANCY
            )
        );
        let t = t.apply(MagicAction::SetPiece(SliderPiece::Bishop));
        assert_eq!(t.bits, 6);
        assert!(t.is_builtin());
        let u = t.clone().apply(MagicAction::UseMagic { magic: 5, bits: 4 });
        assert_eq!((u.magic, u.bits), (5, 4));
        assert!(!u.is_builtin());
        assert!(u.apply(MagicAction::Builtin).is_builtin());
        assert_eq!(
            t.clone()
                .apply(MagicAction::UseMagic { magic: 5, bits: 21 }),
            t
        );
        // a table's square opened: square, magic and bits together
        let o = t.clone().apply(MagicAction::Open {
            square: Square::H8,
            magic: 7,
            bits: 9,
        });
        assert_eq!(
            (o.square, o.magic, o.bits, o.piece),
            (Square::H8, 7, 9, SliderPiece::Bishop)
        );
        assert_eq!(through_url(&o), o);
        assert_eq!(
            t.apply(MagicAction::Toggle(63)).occupancy,
            DEFAULT_OCCUPANCY ^ (1 << 63)
        );
    }
}
