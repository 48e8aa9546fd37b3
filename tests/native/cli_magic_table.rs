//! `bitscope magic check` (1..=20 bits, at most 16 collisions listed, exit 0
//! valid / 1 not valid / 2 bad input), `debruijn check`'s exit rule, and
//! `bitscope magic check-table` on a real engine's table (Pradyumna
//! Kannan's magicmoves: tests/data/magicmoves_*.c).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::cli::{last_json, run, stderr, with_stdin};

const ROOK: &str = "tests/data/magicmoves_rook.c";
const BISHOP: &str = "tests/data/magicmoves_bishop.c";

#[test]
fn magic_check_takes_engine_bits_and_exits_by_validity() {
    // 13 bits for a rook on a1 (its mask has 12): valid, exit 0
    let out = run(&[
        "magic",
        "check",
        "--piece",
        "rook",
        "--square",
        "a1",
        "0x0080001020400080",
        "--bits",
        "13",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json = last_json(&out);
    assert_eq!(
        (json["valid"].clone(), json["bits"].clone()),
        (true.into(), 13.into())
    );
    // magic 1 on a1: 4095 collisions, 16 listed, exit 1
    let out = run(&[
        "magic", "check", "--piece", "rook", "--square", "a1", "1", "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.len() < 4000, "{} bytes", out.stdout.len());
    let json = last_json(&out);
    assert_eq!(json["valid"], false);
    assert_eq!(json["collisions"].as_array().unwrap().len(), 16);
    let (h, b) = (
        json["harmless"].as_u64().unwrap(),
        json["breaking"].as_u64().unwrap(),
    );
    assert_eq!(h + b + json["used"].as_u64().unwrap(), 4096);
    assert!(b > 0 && json["first_breaking"]["harmless"] == false);
    let out = run(&["magic", "check", "--piece", "rook", "--square", "a1", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("NOT valid"));
    // 21 bits: bad input
    let out = run(&[
        "magic", "check", "--piece", "rook", "--square", "a1", "1", "--bits", "21",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("expected 1..=20"), "{}", stderr(&out));
    // debruijn check: the same rule
    let code = |args: &[&str]| run(args).status.code();
    assert_eq!(code(&["debruijn", "check", "--bits", "8", "0x1D"]), Some(0));
    assert_eq!(
        code(&["debruijn", "check", "--bits", "8", "0x1f", "--json"]),
        Some(1)
    );
    assert_eq!(code(&["debruijn", "check", "--bits", "8", "0xzz"]), Some(2));
    for cmd in ["magic", "debruijn"] {
        let help = run(&[cmd, "check", "--help"]);
        let text = String::from_utf8_lossy(&help.stdout);
        assert!(
            text.contains(
                "Exit status: 0 when the magic is valid, 1 when it is not, 2 on bad input"
            ),
            "{text}"
        );
    }
}

#[test]
fn a_real_engines_table_checks_valid_whole() {
    let out = run(&["magic", "check-table", "--piece", "rook", ROOK, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json = last_json(&out);
    assert_eq!(json["valid_squares"], 64);
    assert_eq!(json["bits_from"], "text-shifts");
    assert_eq!(json["usual_kb"], 800.0);
    assert_eq!(json["squares"].as_array().unwrap().len(), 64);
    assert_eq!(json["squares"][56]["square"], "a8");
    assert_eq!(json["squares"][56]["bits"], 11);
    assert_eq!(json["squares"][56]["usual_bits"], 12);
    // the engine's fixed shift: 12 bits everywhere, above most masks
    let json = last_json(&run(&[
        "magic",
        "check-table",
        "--piece",
        "rook",
        ROOK,
        "--shifts",
        "52",
        "--json",
    ]));
    assert_eq!(
        (json["valid_squares"].clone(), json["size_kb"].clone()),
        (64.into(), 2048.0.into())
    );
    assert_eq!(
        json["biggest"],
        serde_json::json!({"square": "a1", "bits": 12, "entries": 4096})
    );
    let out = run(&[
        "magic",
        "check-table",
        "--piece",
        "bishop",
        BISHOP,
        "--bits",
        "9",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("64 of 64 squares valid"), "{text}");
    assert!(
        text.contains("size 256.0 KB of u64 entries (the usual layout: 41.0 KB)"),
        "{text}"
    );
    let json = last_json(&run(&[
        "magic",
        "check-table",
        "--piece",
        "bishop",
        BISHOP,
        "--json",
    ]));
    assert_eq!(
        (json["size_kb"].clone(), json["usual_kb"].clone()),
        (41.0.into(), 41.0.into())
    );
}

#[test]
fn a_corrupted_copy_fails_on_exactly_those_squares_and_repair_fixes_it() {
    let text = std::fs::read_to_string(ROOK).unwrap();
    // c1 and d4's magics (each written once in the file)
    let bad = text
        .replace("0x0000080080100080", "0x0000000000000005")
        .replace("0x0080081000200080", "0x0000000000000003");
    assert_ne!(bad, text);
    let out = with_stdin(
        &["magic", "check-table", "--piece", "rook", "-", "--json"],
        &bad,
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let json = last_json(&out);
    let invalid: Vec<&str> = json["squares"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["valid"] == false)
        .map(|s| s["square"].as_str().unwrap())
        .collect();
    assert_eq!(invalid, ["c1", "d4"]);
    assert_eq!(json["valid_squares"], 62);
    assert!(json["squares"][27]["collision"]["occupancies"].is_array());
    let out = with_stdin(&["magic", "check-table", "--piece", "rook", "-"], &bad);
    assert_eq!(out.status.code(), Some(1));
    let words = String::from_utf8_lossy(&out.stdout);
    assert!(words.contains("62 of 64 squares valid"), "{words}");
    assert!(
        words.contains("d4: 0x0000000000000005 NOT valid with 10 bits"),
        "{words}"
    );
    // --repair: the table alone on stdout, in the input's form
    let out = with_stdin(
        &["magic", "check-table", "--piece", "rook", "-", "--repair"],
        &bad,
    );
    assert_eq!(out.status.code(), Some(1), "the input was invalid");
    let fixed = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(stderr(&out).contains("repaired d4"), "{}", stderr(&out));
    assert_eq!(fixed.lines().count(), bad.lines().count());
    let changed = fixed
        .lines()
        .zip(bad.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(changed, 2);
    assert!(fixed.contains("C64(0x"));
    let out = with_stdin(
        &["magic", "check-table", "--piece", "rook", "-", "--json"],
        &fixed,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(last_json(&out)["valid_squares"], 64);
    // --repair --json: the replacements and the text
    let out = with_stdin(
        &[
            "magic",
            "check-table",
            "--piece",
            "rook",
            "-",
            "--repair",
            "--json",
        ],
        &bad,
    );
    let json = last_json(&out);
    assert_eq!(json["repair"]["replaced"].as_array().unwrap().len(), 2);
    assert_eq!(json["repair"]["text"].as_str().unwrap(), fixed);
}

#[test]
fn bad_tables_exit_2_with_a_clear_error() {
    let text = std::fs::read_to_string(BISHOP).unwrap();
    // 63 entries: the last magic removed
    let short = text.replace(", C64(0x0002020202020200)\n};", "\n};");
    assert_ne!(short, text);
    let out = with_stdin(&["magic", "check-table", "--piece", "bishop", "-"], &short);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim(),
        "error: 63 magics where a table has 64 (one per square, a1 first)"
    );
    // a non-number, named with its line
    let junk = text.replace("C64(0x0000800400A00000)", "C64(0x0000800400AZ0000)");
    let out = with_stdin(&["magic", "check-table", "--piece", "bishop", "-"], &junk);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.starts_with("error: line 28: \"C64(0x0000800400AZ0000)\" is not a number"),
        "{err}"
    );
    for args in [
        &["magic", "check-table", "--piece", "queen", ROOK][..],
        &["magic", "check-table", "--piece", "rook", "no/such/file"],
        &[
            "magic",
            "check-table",
            "--piece",
            "rook",
            ROOK,
            "--bits",
            "0",
        ],
        &[
            "magic",
            "check-table",
            "--piece",
            "rook",
            ROOK,
            "--bits",
            "9",
            "--shifts",
            "52",
        ],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("error"), "{args:?}");
    }
}
