use super::*;
use crate::chess::magic_lab::{builtin_magic, check_bits};
use proptest::prelude::*;

const ROOK_C: &str = include_str!("../../../tests/data/magicmoves_rook.c");
const BISHOP_C: &str = include_str!("../../../tests/data/magicmoves_bishop.c");

fn go_on(_: usize, _: usize) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Replaces the literal of `square` (by its hex text) in the rook file.
fn corrupt(text: &str, table: &MagicTable, squares: &[&str]) -> String {
    let mut out = text.to_string();
    for name in squares {
        let old = format!("{:016X}", table.magics[sq(name).index()]);
        assert_eq!(out.matches(&old).count(), 1, "{name} {old}");
        out = out.replace(&old, "0000000000000011");
    }
    out
}

#[test]
fn a_real_engines_table_is_valid_with_its_shifts_and_with_fixed_shifts() {
    let t = parse_table(SliderPiece::Rook, ROOK_C, BitsGiven::Usual).unwrap();
    assert_eq!(t.bits_from, BitsFrom::TextShifts);
    assert_eq!(t.magics[0], 0x0080001020400080);
    assert_eq!(t.magics[63], 0x0001FFFAABFAD1A2);
    // Grant Osborne's keys: fewer bits than the mask on a8, b8, c8, h8
    assert_eq!(t.bits[sq("a8").index()], 11);
    assert_eq!(t.bits[sq("b8").index()], 10);
    let r = check_table(&t).unwrap();
    assert_eq!(
        r.valid_squares,
        64,
        "{:?}",
        r.squares.iter().filter(|s| !s.valid).collect::<Vec<_>>()
    );
    assert!(r.valid);
    assert_eq!(r.usual_kb, 800.0);
    assert!(r.size_kb < 800.0, "{}", r.size_kb);
    assert_eq!(r.biggest.bits, 12);
    assert_eq!(r.biggest.square, sq("a1"));
    // the engine's fixed shift 52: 12 bits on every square
    let t = parse_table(SliderPiece::Rook, ROOK_C, BitsGiven::Shift(52)).unwrap();
    let r = check_table(&t).unwrap();
    assert_eq!(r.valid_squares, 64);
    assert_eq!(r.bits_from, BitsFrom::Given);
    assert_eq!(r.size_kb, 2048.0);
    assert!(r.squares.iter().filter(|s| s.bits > s.usual_bits).count() > 50);
    // the bishops: their shifts, and the fixed 9 bits
    let t = parse_table(SliderPiece::Bishop, BISHOP_C, BitsGiven::Usual).unwrap();
    let r = check_table(&t).unwrap();
    assert_eq!((r.valid_squares, r.size_kb, r.usual_kb), (64, 41.0, 41.0));
    let t = parse_table(SliderPiece::Bishop, BISHOP_C, BitsGiven::All(9)).unwrap();
    let r = check_table(&t).unwrap();
    assert_eq!((r.valid_squares, r.size_kb), (64, 256.0));
    assert_eq!(r.biggest.square, sq("a1"));
}

#[test]
fn a_corrupted_copy_fails_on_exactly_those_squares_and_repair_fixes_them() {
    let t = parse_table(SliderPiece::Rook, ROOK_C, BitsGiven::Usual).unwrap();
    let bad = corrupt(ROOK_C, &t, &["a1", "d4", "f3"]);
    let t2 = parse_table(SliderPiece::Rook, &bad, BitsGiven::Usual).unwrap();
    let r = check_table(&t2).unwrap();
    let invalid: Vec<String> = r
        .squares
        .iter()
        .filter(|s| !s.valid)
        .map(|s| s.square.to_string())
        .collect();
    assert_eq!(invalid, ["a1", "f3", "d4"]);
    assert_eq!(r.valid_squares, 61);
    for s in r.squares.iter().filter(|s| !s.valid) {
        let c = s.collision.as_ref().unwrap();
        assert!(!c.harmless);
        assert_eq!(s.magic, 0x11);
    }
    let fixed = repair(&t2, &r, 1, DEFAULT_TRIES, go_on).unwrap();
    assert_eq!(fixed.replaced.len(), 3);
    assert!(fixed.not_found.is_empty());
    // printed back in the input's form: only the three literals changed
    let t3 = parse_table(SliderPiece::Rook, &fixed.text, BitsGiven::Usual).unwrap();
    assert_eq!(check_table(&t3).unwrap().valid_squares, 64);
    assert_eq!(fixed.text.lines().count(), ROOK_C.lines().count());
    let changed: Vec<(&str, &str)> = fixed
        .text
        .lines()
        .zip(bad.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 3, "{changed:?}");
    for r in &fixed.replaced {
        let lit = format!("C64(0x{:016X})", r.found.magic);
        assert!(fixed.text.contains(&lit), "{lit}");
        assert_eq!(r.found.bits, t2.bits[r.square.index()]);
    }
}

const DEFAULT_TRIES: u64 = crate::chess::magic_lab::DEFAULT_MAX_ATTEMPTS;

fn builtin(piece: SliderPiece) -> Vec<u64> {
    Square::all().map(|s| builtin_magic(piece, s)).collect()
}

/// Each item written by `each`, joined by `sep` (a table as some source
/// writes it).
fn joined<T>(items: &[T], each: impl Fn(&T) -> String, sep: &str) -> String {
    items.iter().map(each).collect::<Vec<_>>().join(sep)
}

#[test]
fn the_usual_forms_read_the_same() {
    let m = builtin(SliderPiece::Rook);
    let hex: Vec<String> = m.iter().map(|v| format!("0x{v:x}")).collect();
    let rust = format!(
        "#[rustfmt::skip]\npub const ROOK: [u64; 64] = [\n    {}, // h8\n];\n",
        joined(&m, |v| format!("0x{v:016x}_u64"), ",\n    /* next */ ")
    );
    let decimal = format!(
        "uint64_t r[64] = {{{}}};",
        joined(&m, |v| format!("{v}ULL"), ",")
    );
    let lines = hex.join("\n") + "\n";
    let bits: Vec<u32> = Square::all()
        .map(|s| usual_bits(SliderPiece::Rook, s))
        .collect();
    let pairs: String = hex
        .iter()
        .zip(&bits)
        .map(|(h, b)| format!("{h} {}\n", 64 - b))
        .collect();
    let with_bits = format!(
        "{decimal}\nint bits[] = {{ {} }};",
        joined(&bits, u32::to_string, ", ")
    );
    for (name, text, from) in [
        ("rust", rust, BitsFrom::Usual),
        ("decimal", decimal, BitsFrom::Usual),
        ("lines", lines, BitsFrom::Usual),
        ("pairs", pairs, BitsFrom::TextShifts),
        ("bits", with_bits, BitsFrom::TextBits),
    ] {
        let t = parse_table(SliderPiece::Rook, &text, BitsGiven::Usual)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(t.magics, m, "{name}");
        assert_eq!(t.bits, bits, "{name}");
        assert_eq!(t.bits_from, from, "{name}");
        assert!(check_table(&t).unwrap().valid, "{name}");
    }
}

#[test]
fn repair_keeps_decimal_and_lowercase_forms() {
    let mut m = builtin(SliderPiece::Bishop);
    m[27] = 3;
    let text = format!(
        "[{}]",
        m.iter()
            .map(|v| format!("{v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let t = parse_table(SliderPiece::Bishop, &text, BitsGiven::Usual).unwrap();
    let r = check_table(&t).unwrap();
    let fixed = repair(&t, &r, 7, DEFAULT_TRIES, go_on).unwrap();
    let new = fixed.replaced[0].found.magic;
    assert_eq!(fixed.text, text.replacen(", 3,", &format!(", {new},"), 1));
}

#[test]
fn a_replaced_placeholder_is_written_in_the_tables_own_base() {
    // a hex table with a decimal `0` at d4 (as a half-typed table has)
    let mut m = builtin(SliderPiece::Rook);
    m[27] = 0;
    let items: Vec<String> = m
        .iter()
        .map(|&v| {
            if v == 0 {
                "0".into()
            } else {
                format!("0x{v:016X}ULL")
            }
        })
        .collect();
    let text = format!("{{ {} }}", items.join(", "));
    let t = parse_table(SliderPiece::Rook, &text, BitsGiven::Usual).unwrap();
    let r = check_table(&t).unwrap();
    let fixed = repair(&t, &r, 3, DEFAULT_TRIES, go_on).unwrap();
    let new = fixed.replaced[0].found.magic;
    assert_eq!(
        fixed.text,
        text.replacen(", 0,", &format!(", 0x{new:016X},"), 1)
    );
    // and a decimal table's stray hex placeholder comes back decimal
    let mut items: Vec<String> = builtin(SliderPiece::Bishop)
        .iter()
        .map(u64::to_string)
        .collect();
    items[5] = "0x0".into();
    let text = format!("[{}]", items.join(", "));
    let t = parse_table(SliderPiece::Bishop, &text, BitsGiven::Usual).unwrap();
    let fixed = repair(&t, &check_table(&t).unwrap(), 3, DEFAULT_TRIES, go_on).unwrap();
    let new = fixed.replaced[0].found.magic;
    assert_eq!(fixed.text, text.replacen(", 0x0,", &format!(", {new},"), 1));
}

#[test]
fn bad_tables_say_why() {
    let m = builtin(SliderPiece::Rook);
    let joined = |v: &[u64]| {
        v.iter()
            .map(|x| format!("0x{x:x}"))
            .collect::<Vec<_>>()
            .join(",\n")
    };
    let e = parse_table(
        SliderPiece::Rook,
        &format!("{{{}}}", joined(&m[..63])),
        BitsGiven::Usual,
    )
    .unwrap_err();
    assert_eq!(e, TableError::MagicCount { found: 63 });
    assert_eq!(
        e.to_string(),
        "63 magics where a table has 64 (one per square, a1 first)"
    );
    let mut text = format!("{{{}}}", joined(&m));
    text = text.replacen("0x", "0xzz", 1);
    let e = parse_table(SliderPiece::Rook, &text, BitsGiven::Usual).unwrap_err();
    assert!(matches!(e, TableError::NotANumber { line: 1, .. }), "{e}");
    let e = parse_table(SliderPiece::Rook, "0x12\nfoo\n", BitsGiven::Usual).unwrap_err();
    assert!(
        e.to_string().starts_with("line 2: \"foo\" is not a number"),
        "{e}"
    );
    let e = parse_table(
        SliderPiece::Rook,
        &format!("{{{}}} {{1, 7}}", joined(&m)),
        BitsGiven::Usual,
    )
    .unwrap_err();
    assert_eq!(e, TableError::BitsCount { found: 2 });
    let shifts = vec!["52"; 63].join(",") + ", 30";
    let e = parse_table(
        SliderPiece::Rook,
        &format!("{{{}}} {{{shifts}}}", joined(&m)),
        BitsGiven::Usual,
    )
    .unwrap_err();
    assert!(matches!(e, TableError::BadShift { value: 30, .. }), "{e}");
    let e = parse_table(
        SliderPiece::Rook,
        &format!("{{{}", joined(&m)),
        BitsGiven::Usual,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            TableError::Unbalanced {
                bracket: '{',
                line: 1
            }
        ),
        "{e}"
    );
    assert_eq!(
        parse_table(SliderPiece::Rook, "// nothing\n", BitsGiven::Usual),
        Err(TableError::Empty)
    );
    let e = parse_table(
        SliderPiece::Rook,
        &format!("{{{}}}", joined(&m)),
        BitsGiven::All(21),
    )
    .unwrap_err();
    assert!(
        matches!(e, TableError::Magic(MagicError::BadBits { bits: 21, .. })),
        "{e}"
    );
    let e = parse_table(SliderPiece::Rook, "{1,,2}", BitsGiven::Usual).unwrap_err();
    assert_eq!(e, TableError::EmptyEntry { line: 1 });
    assert!(check_bits(SliderPiece::Rook, sq("a1"), 20).is_ok());
}

#[test]
fn the_report_serializes_with_square_names_and_hex() {
    let t = parse_table(SliderPiece::Bishop, BISHOP_C, BitsGiven::Usual).unwrap();
    let json = serde_json::to_value(check_table(&t).unwrap()).unwrap();
    assert_eq!(json["squares"][0]["square"], "a1");
    assert_eq!(json["squares"][0]["magic"], "0x0002020202020200");
    assert_eq!(json["squares"][0]["entries"], 64);
    assert_eq!(json["squares"][0]["collision"], serde_json::Value::Null);
    assert_eq!(json["bits_from"], "text-shifts");
    assert_eq!(json["biggest"]["square"], "d4");
}

proptest! {
    #[test]
    fn parsing_never_panics(s in "[\\[\\]{}0-9a-fxXuUlL_,;/* \\n#()-]{0,200}") {
        let _ = parse_table(SliderPiece::Rook, &s, BitsGiven::Usual);
    }

    #[test]
    fn any_text_never_panics(s in "\\PC{0,200}") {
        let _ = parse_table(SliderPiece::Bishop, &s, BitsGiven::Usual);
    }
}

#[test]
fn an_array_of_shifts_alone_is_said_to_be_one() {
    // an array of numbers all at most 64 alone: a shift table, said so
    let shifts: Vec<String> = (0..64).map(|k| (52 + k % 3).to_string()).collect();
    let e = parse_table(
        SliderPiece::Rook,
        &format!("const int s[64] = {{{}}};", shifts.join(", ")),
        BitsGiven::Usual,
    )
    .unwrap_err();
    assert_eq!(e, TableError::OnlyShifts { count: 64 });
    assert!(
        e.to_string()
            .contains("reads as a table of shifts or bit counts"),
        "{e}"
    );
}
