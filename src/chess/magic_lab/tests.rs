use super::*;
use crate::bits::trace::Outcome;
use proptest::prelude::*;
use std::ops::ControlFlow;
use std::sync::OnceLock;

fn sq(i: usize) -> Square {
    Square::from_index_masked(i as u32)
}

fn go_on(_: u64) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// A magic found by `find` for every square of both pieces (usual bits).
fn found() -> &'static Vec<(SliderPiece, usize, u64)> {
    static FOUND: OnceLock<Vec<(SliderPiece, usize, u64)>> = OnceLock::new();
    FOUND.get_or_init(|| {
        let mut v = Vec::new();
        for piece in SliderPiece::ALL {
            for i in 0..64 {
                let bits = usual_bits(piece, sq(i));
                let f = find(
                    piece,
                    sq(i),
                    bits,
                    7 + i as u64,
                    DEFAULT_MAX_ATTEMPTS,
                    go_on,
                )
                .unwrap_or_else(|e| panic!("{piece} {}: {e}", sq(i)));
                v.push((piece, i, f.magic));
            }
        }
        v
    })
}

fn traced(piece: SliderPiece, s: Square, occ: u64, magic: u64) -> u64 {
    let t = lookup_trace(piece, s, occ, magic, usual_bits(piece, s)).unwrap();
    match t.result {
        Outcome::Word(w) => w.bits,
        other => panic!("{other:?}"),
    }
}

proptest! {
    #[test]
    fn builtin_lookup_matches_the_ray_walk(i in 0usize..64, occ in any::<u64>(), rook in any::<bool>()) {
        let piece = if rook { SliderPiece::Rook } else { SliderPiece::Bishop };
        let s = sq(i);
        let walk = ray_walk(piece, s, occ);
        prop_assert_eq!(traced(piece, s, occ, builtin_magic(piece, s)), walk);
        let table = Table::fill(piece, s, builtin_magic(piece, s), usual_bits(piece, s));
        prop_assert_eq!(table.attacks(occ), walk);
    }

    #[test]
    fn found_magics_match_the_ray_walk(k in 0usize..128, occ in any::<u64>()) {
        let (piece, i, magic) = found()[k];
        prop_assert_eq!(traced(piece, sq(i), occ, magic), ray_walk(piece, sq(i), occ));
    }

    #[test]
    fn parsing_never_panics(s in "\\PC{0,20}") {
        let _ = parse_square(&s);
        let _ = parse_magic(&s);
        let _ = parse_bits(SliderPiece::Rook, Square::D4, &s);
        let _ = occupancy_from_fen(&s);
        let _ = s.parse::<SliderPiece>();
    }
}

#[test]
fn builtin_and_found_magics_are_valid_on_every_square() {
    for piece in SliderPiece::ALL {
        for i in 0..64 {
            let s = sq(i);
            let bits = usual_bits(piece, s);
            let r = check(piece, s, builtin_magic(piece, s), bits).unwrap();
            assert!(r.valid, "{piece} {s}");
            assert_eq!(r.breaking, 0);
            assert!(r.collisions.iter().all(|c| c.harmless));
            assert_eq!(r.harmless + r.used, 1 << bits, "every key lands somewhere");
        }
    }
    for &(piece, i, magic) in found() {
        let s = sq(i);
        assert!(check(piece, s, magic, usual_bits(piece, s)).unwrap().valid);
    }
}

/// A magic valid with `b` bits is valid with more (its indices only split),
/// up to [`MAX_BITS`]; the counts agree with a plain table of every key.
#[test]
fn more_bits_than_the_mask_stay_valid_and_counts_match_a_plain_table() {
    for piece in SliderPiece::ALL {
        for i in [0usize, 9, 27, 63] {
            let s = sq(i);
            let magic = builtin_magic(piece, s);
            for bits in usual_bits(piece, s)..=MAX_BITS {
                let r = check(piece, s, magic, bits).unwrap();
                assert!(r.valid, "{piece} {s} {bits}");
                let keys = 1usize << usual_bits(piece, s);
                assert_eq!(r.used + r.harmless, keys, "{piece} {s} {bits}");
            }
        }
    }
    // plain reference: a HashMap from index to the attack sets met there
    for (piece, i, magic, bits) in [
        (SliderPiece::Rook, 0, 1u64 << 50, 14),
        (SliderPiece::Bishop, 27, 0x1234_5678_9abc_def1, 7),
    ] {
        let s = sq(i);
        let mut seen: std::collections::HashMap<usize, Vec<u64>> = Default::default();
        for key in subsets(mask(piece, s)) {
            seen.entry(index_of(key, magic, bits))
                .or_default()
                .push(ray_walk(piece, s, key));
        }
        let breaking: usize = seen
            .values()
            .map(|v| v.iter().filter(|&&a| a != v[0]).count())
            .sum();
        let harmless: usize = seen
            .values()
            .map(|v| v.iter().skip(1).filter(|&&a| a == v[0]).count())
            .sum();
        let r = check(piece, s, magic, bits).unwrap();
        assert_eq!(
            (r.used, r.harmless, r.breaking),
            (seen.len(), harmless, breaking)
        );
        assert_eq!(r.valid, breaking == 0);
    }
}

#[test]
fn bad_magics_break() {
    for magic in [0u64, 1] {
        let r = check(SliderPiece::Rook, Square::D4, magic, 10).unwrap();
        assert!(!r.valid);
        assert!(r.breaking > 0 && r.collisions.iter().any(|c| !c.harmless));
        let c = r.collisions.iter().find(|c| !c.harmless).unwrap();
        let piece = SliderPiece::Rook;
        assert_ne!(
            ray_walk(piece, Square::D4, c.occupancies[0]),
            ray_walk(piece, Square::D4, c.occupancies[1])
        );
        assert_eq!(
            index_of(c.occupancies[0], magic, 10),
            index_of(c.occupancies[1], magic, 10)
        );
    }
    // magic 0: every key on index 0, 1023 collisions, the first 16 listed
    let r = check(SliderPiece::Rook, Square::D4, 0, 10).unwrap();
    assert_eq!(r.harmless + r.breaking, 1023);
    assert_eq!(r.collisions.len(), LISTED_COLLISIONS);
    assert_eq!(r.used, 1);
    // the first breaking one is kept even when the listed are harmless
    let first = r.first_breaking.clone().unwrap();
    assert!(!first.harmless);
    assert_eq!(
        r.collisions.iter().find(|c| !c.harmless),
        Some(&first),
        "listed in key order"
    );
    // the trace says so at step 5, with both sets
    let occ = Square::D6.bit();
    let t = lookup_trace(SliderPiece::Rook, Square::D4, occ, 0, 10).unwrap();
    let last = &t.steps[4];
    assert!(last.note.contains("NOT valid"), "{}", last.note);
    assert_eq!(
        last.operands[0].value.bits,
        ray_walk(SliderPiece::Rook, Square::D4, occ)
    );
    assert_ne!(last.value.bits, last.operands[0].value.bits);
    assert_eq!(
        last.highlight,
        last.value.bits ^ last.operands[0].value.bits
    );
}

#[test]
fn trace_steps_are_the_five_of_the_issue() {
    let s = Square::D4;
    let m = builtin_magic(SliderPiece::Rook, s);
    let occ = Square::D6.bit() | Square::B4.bit() | Square::H8.bit();
    let t = lookup_trace(SliderPiece::Rook, s, occ, m, 10).unwrap();
    assert_eq!(t.steps.len(), 5);
    let key = occ & mask(SliderPiece::Rook, s);
    assert_eq!(key, Square::D6.bit() | Square::B4.bit());
    assert_eq!(t.steps[0].value.bits, key);
    assert_eq!(t.steps[1].value.bits, key.wrapping_mul(m));
    assert_eq!(t.steps[2].value.bits, key.wrapping_mul(m) >> 54);
    assert_eq!(t.steps[3].value.bits, key.wrapping_mul(m) >> 54);
    assert_eq!(t.steps[3].value.width, 10);
    assert!(t.steps[4].note.contains("valid"));
    assert_eq!(t.steps[4].highlight, 0);
    assert!(t.to_json().contains("\"trick\":\"magic-lookup\""));
}

#[test]
fn fewer_bits_get_harder_and_may_fail() {
    // fewer bits than the mask's squares are allowed: the built-in 10-bit
    // magic of d4 breaks with 9, and the random search gives up
    let r = check(
        SliderPiece::Rook,
        Square::D4,
        builtin_magic(SliderPiece::Rook, Square::D4),
        9,
    )
    .unwrap();
    assert!(!r.valid && r.breaking > 0);
    assert_eq!(
        find(SliderPiece::Rook, Square::D4, 9, 1, 20_000, go_on),
        Err(MagicError::NotFound(20_000))
    );
    // 2 bits cannot hold a bishop on a1's 7 different attack sets
    assert_eq!(
        find(SliderPiece::Bishop, Square::A1, 2, 3, 5000, go_on),
        Err(MagicError::NotFound(5000))
    );
    // the same seed finds the same magic
    let f = find(SliderPiece::Bishop, Square::A1, 6, 3, 1_000_000, go_on).unwrap();
    assert_eq!(
        find(SliderPiece::Bishop, Square::A1, 6, 3, 1_000_000, go_on),
        Ok(f)
    );
    assert_eq!(f.bits, 6);
    assert!(f.attempts >= 1);
    // cancel: the second report breaks
    let mut calls = 0;
    let r = find(SliderPiece::Bishop, Square::A1, 2, 3, 1_000_000, |_| {
        calls += 1;
        if calls == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(r, Err(MagicError::Cancelled(8192)));
}

#[test]
fn typed_errors_for_bad_input() {
    assert!(matches!(parse_square("i9"), Err(MagicError::Square(_))));
    assert_eq!(parse_square(" d4 "), Ok(Square::D4));
    assert!(matches!(
        parse_magic("0xzz"),
        Err(MagicError::BadMagic { .. })
    ));
    assert!(matches!(
        parse_magic("0x1_0000_0000_0000_0000"),
        Err(MagicError::BadMagic { .. })
    ));
    assert_eq!(parse_magic("0x10"), Ok(16));
    // more bits than the mask's 10 squares: what fixed-shift engines use
    assert_eq!(parse_bits(SliderPiece::Rook, Square::D4, "11"), Ok(11));
    assert_eq!(parse_bits(SliderPiece::Rook, Square::D4, "20"), Ok(20));
    assert!(matches!(
        parse_bits(SliderPiece::Rook, Square::D4, "21"),
        Err(MagicError::BadBits { usual: 10, .. })
    ));
    assert!(matches!(
        parse_bits(SliderPiece::Rook, Square::D4, "0"),
        Err(MagicError::BadBits { .. })
    ));
    assert!(matches!(
        parse_bits(SliderPiece::Rook, Square::D4, "x"),
        Err(MagicError::BadBitsText { .. })
    ));
    assert_eq!(parse_bits(SliderPiece::Rook, Square::A1, "12"), Ok(12));
    assert!(matches!(
        "queen".parse::<SliderPiece>(),
        Err(MagicError::BadPiece(_))
    ));
    assert_eq!(
        occupancy_from_fen("8/8/8/3p4/8/8/8/R7 w - - 0 1"),
        Ok(Square::D5.bit() | Square::A1.bit())
    );
    assert!(matches!(occupancy_from_fen("8/8"), Err(MagicError::Fen(_))));
    let e = find(SliderPiece::Rook, Square::A1, 2, 1, 10, go_on).unwrap_err();
    assert_eq!(e.to_string(), "no magic found in 10 attempts");
    assert!(lookup_trace(SliderPiece::Rook, Square::A1, 0, 1, 21).is_err());
    assert!(lookup_trace(SliderPiece::Rook, Square::A1, 0, 1, 13).is_ok());
    assert!(check(SliderPiece::Rook, Square::A1, 1, 0).is_err());
}

#[test]
fn exports_name_the_square() {
    let r = export(Lang::Rust, SliderPiece::Rook, Square::D4, 0x10, 10).unwrap();
    let m = mask(SliderPiece::Rook, Square::D4);
    assert_eq!(
        r,
        format!(
            "// rook on d4: 10 index bits\n\
             pub const ROOK_D4_MASK: u64 = 0x{m:016x};\n\
             pub const ROOK_D4_MAGIC: u64 = 0x0000000000000010;\n\
             pub const ROOK_D4_SHIFT: u32 = 54;\n\
             pub const ROOK_D4_TABLE_SIZE: usize = 1024;\n\
             // attacks = table[((occ & ROOK_D4_MASK)\n\
             //     .wrapping_mul(ROOK_D4_MAGIC) >> ROOK_D4_SHIFT) as usize]\n"
        )
    );
    let c = export(Lang::C, SliderPiece::Bishop, Square::H8, 0x10, 5).unwrap();
    let m = mask(SliderPiece::Bishop, Square::H8);
    assert_eq!(
        c,
        format!(
            "/* bishop on h8: 5 index bits */\n\
             #define BISHOP_H8_MASK 0x{m:016x}ULL\n\
             #define BISHOP_H8_MAGIC 0x0000000000000010ULL\n\
             #define BISHOP_H8_SHIFT 59\n\
             #define BISHOP_H8_TABLE_SIZE 32\n\
             // attacks = table[((occ & BISHOP_H8_MASK)\n\
             //     * BISHOP_H8_MAGIC) >> BISHOP_H8_SHIFT]\n"
        )
    );
    assert!(export(Lang::C, SliderPiece::Bishop, Square::H8, 0x10, 21).is_err());
    let c = export(Lang::C, SliderPiece::Bishop, Square::H8, 0x10, 9).unwrap();
    assert!(c.contains("#define BISHOP_H8_SHIFT 55"), "{c}");
    assert_eq!(Lang::ALL.map(Lang::name), ["Rust", "C"]);
}

#[test]
fn reports_serialize_with_hex_words() {
    let r = check(SliderPiece::Bishop, Square::A1, 0, 6).unwrap();
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["valid"], false);
    assert_eq!(json["bits"], 6);
    let c = &json["collisions"][0];
    assert_eq!(c["index"], 0);
    assert_eq!(c["occupancies"][0], "0x0000000000000000");
    let f = Found {
        magic: 0xab,
        bits: 9,
        attempts: 3,
    };
    assert_eq!(
        serde_json::to_value(f).unwrap(),
        serde_json::json!({"magic": "0x00000000000000ab", "bits": 9, "attempts": 3})
    );
}

/// With one bit fewer than usual, 40 million sparse candidates a square
/// find no magic (docs/performance.md, "Other tricks"): such magics exist
/// for a few squares but are far too rare for a plain random search.
#[test]
#[ignore = "prints how hard fewer bits are"]
fn survey_fewer_bits() {
    for piece in SliderPiece::ALL {
        let mut found = Vec::new();
        let t = std::time::Instant::now();
        for s in Square::all() {
            let bits = usual_bits(piece, s) - 1;
            if let Ok(f) = find(piece, s, bits, 1, 40_000_000, go_on) {
                found.push(format!("{s}:{}", f.attempts));
            }
        }
        println!(
            "{piece} -1: {} found {:?} {:.2}s",
            found.len(),
            found,
            t.elapsed().as_secs_f64()
        );
    }
}
