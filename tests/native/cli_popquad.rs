//! The CLI of issue 13's popcount and quad-bitboards:
//! `bitscope trace popcount` and `bitscope trace quad`.
#![cfg(not(target_arch = "wasm32"))]

use crate::common::cli::{run as bitscope, succeeds_with_json as json};

fn exits_2(args: &[&str], says: &str) {
    let out = bitscope(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: ") || err.contains("error:"),
        "{err}"
    );
    assert!(err.contains(says), "{args:?}: {err}");
}

#[test]
fn popcount_result_is_the_count_for_every_width() {
    let j = json(&["trace", "popcount", "0xf0f0000000000001", "--json"]);
    assert_eq!(j["result"], 9);
    assert_eq!(j["trick"], "popcount");
    let lanes: Vec<_> = j["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["lane_bits"].as_u64())
        .collect();
    assert_eq!(lanes, [None, Some(2), Some(4), Some(8), Some(8), None]);
    for (width, x, count) in [
        ("8", "0xb6", 5),
        ("16", "0xffff", 16),
        ("32", "-1", 32),
        ("64", "0", 0),
    ] {
        let j = json(&["trace", "popcount", x, "--width", width, "--json"]);
        assert_eq!(j["result"], count, "{width} {x}");
    }
    let j = json(&["trace", "popcount", "0xb6", "--width", "8", "--json"]);
    assert_eq!(
        j["steps"].as_array().unwrap().len(),
        5,
        "no multiply at 8 bits"
    );
    let text = bitscope(&["trace", "popcount", "0b1011"]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("result: 3"));
}

#[test]
fn popcount_bad_input_exits_2() {
    exits_2(
        &["trace", "popcount", "0x100", "--width", "8"],
        "does not fit in 8 bits",
    );
    exits_2(&["trace", "popcount", "zz"], "not a decimal digit");
    exits_2(&["trace", "popcount", "1", "--width", "12"], "width 12");
    exits_2(&["trace", "popcount", "1", "--width", "x"], "invalid value");
}

#[test]
fn quad_of_the_start_position_by_hand() {
    // board k = bit k of the codes (1 P .. 6 K, +8 black):
    // q0: B Q B on c1 d1 f1 and the pawns; q1: N B K B N on b1 c1 e1 f1 g1;
    // q2: R Q K R on a1 d1 e1 h1; q3: the black pieces
    let j = json(&[
        "trace",
        "quad",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "--json",
    ]);
    assert_eq!(
        j["result"],
        serde_json::json!({"quad": [
            "0x2cff00000000ff2c",
            "0x7600000000000076",
            "0x9900000000000099",
            "0xffff000000000000"
        ]})
    );
    assert_eq!(j["steps"].as_array().unwrap().len(), 4);
    exits_2(&["trace", "quad", "--fen", "8/8/8"], "3 ranks");
    exits_2(
        &[
            "trace",
            "quad",
            "--fen",
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        ],
        "'x'",
    );
}

#[test]
fn bench_popcount_times_every_form_and_checks_the_sums() {
    let out = bitscope(&["bench", "popcount", "--rounds", "1"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.matches("ns/word").count() >= 6, "{text}");
    for form in ["SWAR", "Kernighan", "count_ones"] {
        assert!(text.contains(form), "{form}: {text}");
    }
    assert!(!text.contains("WRONG"), "{text}");
}
