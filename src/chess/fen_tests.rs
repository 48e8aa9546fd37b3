//! FEN parsing tests: round trips, every error named, random text never
//! panics (native only: proptest is a native dev-dependency).

use super::*;
use proptest::prelude::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn start_round_trip() {
    let s = Setup::from_fen(START).unwrap();
    assert_eq!(s.position, Position::startpos());
    assert_eq!(s.to_fen(), START);
    assert_eq!(Position::startpos().to_fen(), START);
    let s = Setup::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(
        s.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
}

#[test]
fn setup_play_updates_clocks() {
    let s = Setup::from_fen(START).unwrap();
    let uci = |s: &Setup, u: &str| s.position.move_from_uci(u).unwrap();
    let s = s.play(uci(&s, "g1f3"));
    assert_eq!((s.halfmove_clock, s.fullmove_number), (1, 1));
    let s = s.play(uci(&s, "e7e5"));
    assert_eq!(
        s.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2"
    );
}

#[test]
fn missing_clocks_default() {
    let s = Setup::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
        .unwrap();
    assert_eq!((s.halfmove_clock, s.fullmove_number), (0, 1));
}

fn err(fen: &str) -> FenError {
    match Setup::from_fen(fen) {
        Err(e) => e,
        Ok(s) => panic!("accepted {fen}: {s}"),
    }
}

#[test]
fn board_errors_name_the_problem() {
    use FenError::*;
    assert_eq!(err(""), WrongFieldCount { found: 0 });
    assert_eq!(err("8/8 w - - 0 1 x"), WrongFieldCount { found: 7 });
    assert_eq!(err("8/8/8/8 w - - 0 1"), WrongRankCount { found: 4 });
    assert_eq!(
        err("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        BadPieceChar { ch: 'x', rank: 7 }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        BadPieceChar { ch: '9', rank: 6 }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        RankTooLong { rank: 2 }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/44P/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        RankTooLong { rank: 4 }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/7/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        RankTooShort {
            rank: 5,
            squares: 7
        }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"),
        MissingKing {
            color: Color::White
        }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/2k5/PPPPPPPP/RNBQKBNR w KQ - 0 1"),
        TooManyKings {
            color: Color::Black,
            count: 2
        }
    );
}

#[test]
fn field_errors_name_the_problem() {
    use FenError::*;
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
        BadSideToMove { found: "x".into() }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1"),
        BadCastlingChar { ch: 'x' }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1"),
        DuplicateCastling { ch: 'K' }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"),
        CastlingWithoutRook {
            right: 'K',
            color: Color::White,
            square: Square::H1
        }
    );
    assert_eq!(
        err("rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        CastlingWithoutKing {
            right: 'k',
            color: Color::Black,
            square: Square::E8
        }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
        BadEnPassant { found: "e9".into() }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1"),
        EnPassantWrongRank {
            square: Square::E6,
            side: Color::Black,
            expected: 3
        }
    );
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1"),
        ImpossibleEnPassant { .. }
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1"),
        ImpossibleEnPassant { .. }
    ));
}

#[test]
fn counter_and_legality_errors_name_the_problem() {
    use FenError::*;
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"),
        BadHalfmove { found: "x".into() }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"),
        BadFullmove { found: "0".into() }
    );
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1"),
        BadHalfmove { found: "-1".into() }
    );
    assert_eq!(
        err("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1"),
        PawnOnBackRank { square: Square::H8 }
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1"),
        OppositeCheck {
            color: Color::Black
        }
    );
    assert_eq!(
        err("8/8/8/8/8/8/3kK3/8 b - - 0 1"),
        OppositeCheck {
            color: Color::White
        }
    );
    // Messages mention the field.
    assert!(
        err("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .to_string()
            .contains("rank 7")
    );
}

proptest! {
    #[test]
    fn never_panics_on_random_text(s in "\\PC{0,100}") {
        let _ = Setup::from_fen(&s);
    }

    #[test]
    fn never_panics_on_fen_like_text(s in "[pnbrqkPNBRQK1-9/]{0,80} [wb-] [KQkq-]{1,5} [a-h1-8-]{1,2}( [0-9]{1,3}){0,2}") {
        if let Ok(setup) = Setup::from_fen(&s) {
            // Anything accepted round-trips to the same position.
            let again = Setup::from_fen(&setup.to_fen()).unwrap();
            prop_assert_eq!(again, setup);
        }
    }

    #[test]
    fn never_panics_on_mutated_fen(pos in 0usize..60, c in any::<char>(), del in any::<bool>()) {
        let base = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mut chars: Vec<char> = base.chars().collect();
        let i = pos % chars.len();
        if del { chars.remove(i); } else { chars[i] = c; }
        let s: String = chars.into_iter().collect();
        if let Ok(setup) = Setup::from_fen(&s) {
            prop_assert_eq!(Setup::from_fen(&setup.to_fen()).unwrap(), setup);
            let _ = setup.position.legal_moves();
        }
    }
}
