//! `bitscope perft --epd` on the classic 126-position perft suite
//! (tests/data/perftsuite.epd, the ROCE / CPW "perftsuite.epd"), and
//! `bitscope perft D --divide --compare` against Stockfish's own output.
#![cfg(not(target_arch = "wasm32"))]

use crate::common::cli::{bitscope, feed, last_json, run, stderr, with_stdin};
use std::io::Write;
use std::process::{Command, Stdio};

const SUITE: &str = "tests/data/perftsuite.epd";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The suite's lines with one count changed (line 9, D3 564 -> 565).
fn with_one_count_changed() -> String {
    let text = std::fs::read_to_string(SUITE).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[8].contains(";D3 564 "), "{}", lines[8]);
    text.replacen(";D3 564 ", ";D3 565 ", 1)
}

#[test]
fn the_classic_suite_agrees_everywhere_and_a_changed_count_fails_its_line() {
    let text = std::fs::read_to_string(SUITE).unwrap();
    assert_eq!(text.lines().count(), 126);
    // a budget that keeps this test short (the full 10^8 run is measured
    // once, for docs/performance.md)
    let out = run(&["perft", "--epd", SUITE, "--max-nodes", "2000000", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json = last_json(&out);
    let s = &json["summary"];
    assert_eq!(s["positions"], 126);
    assert_eq!(s["all_agree"], true);
    assert!(s["counts_checked"].as_u64().unwrap() > 600, "{s}");
    assert_eq!(s["failed"], serde_json::json!([]));
    let lines = json["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 126);
    assert_eq!(lines[0]["line"], 1);
    assert_eq!(
        lines[0]["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(
        lines[0]["depths"][3],
        serde_json::json!({"depth": 4, "expected": 197281, "counted": 197281, "ok": true, "seconds": lines[0]["depths"][3]["seconds"]})
    );
    assert_eq!(
        lines[0]["depths"][5]["counted"],
        serde_json::Value::Null,
        "over the budget"
    );
    // one count changed: exactly that line fails, exit 1
    let out = with_stdin(
        &["perft", "--epd", "-", "--max-nodes", "100000"],
        &with_one_count_changed(),
    );
    assert_eq!(out.status.code(), Some(1));
    let words = String::from_utf8_lossy(&out.stdout);
    let fails: Vec<&str> = words
        .lines()
        .filter(|l| l.starts_with("line") && l.contains("FAIL"))
        .collect();
    assert_eq!(fails.len(), 1, "{words}");
    assert!(
        fails[0].starts_with("line   9 FAIL") && fails[0].contains("D3 564 (expected 565)"),
        "{}",
        fails[0]
    );
    assert!(
        words.lines().last().unwrap().ends_with("FAILED on line 9"),
        "{words}"
    );
}

#[test]
fn unreadable_lines_are_named_and_the_rest_still_run() {
    let text = "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n\
                ;D1 20\n\
                4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D1 16 ;D2 71\n\
                8/8 w - - ;D1 1\n\
                4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 x\n";
    let out = with_stdin(&["perft", "--epd", "-", "--json"], text);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("error: - line 2: no FEN before the first ';'"),
        "{err}"
    );
    assert!(err.contains("line 4: bad FEN"), "{err}");
    assert!(
        err.contains("line 5: \"D1 x\" is not a depth and count"),
        "{err}"
    );
    let json = last_json(&out);
    assert_eq!(json["summary"]["positions"], 2);
    assert_eq!(json["summary"]["counts_checked"], 4);
    assert_eq!(json["summary"]["failed"], serde_json::json!([]));
    let unreadable: Vec<u64> = json["summary"]["unreadable"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["line"].as_u64().unwrap())
        .collect();
    assert_eq!(unreadable, [2, 4, 5]);
    assert_eq!(
        run(&["perft", "--epd", "no/such.epd"]).status.code(),
        Some(2)
    );
    assert_eq!(run(&["perft", "3", "--epd", SUITE]).status.code(), Some(2));
}

/// Stockfish's own `go perft` output, as a user pastes it (banner included).
fn stockfish_divide(fen: &str, depth: u32) -> Option<String> {
    let path = bitscope::chess::stockfish::STOCKFISH_PATH;
    if std::env::var_os("BITSCOPE_SKIP_STOCKFISH").is_some_and(|v| v == "1") {
        return None;
    }
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("{path}: {e} (make test installs it; BITSCOPE_SKIP_STOCKFISH=1 opts out)")
        });
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "position fen {fen}\ngo perft {depth}").unwrap();
    let out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    for line in std::io::BufRead::lines(out) {
        let line = line.unwrap();
        text += &line;
        text.push('\n');
        if line.starts_with("Nodes searched") {
            break;
        }
    }
    writeln!(stdin, "quit").unwrap();
    child.wait().unwrap();
    Some(text)
}

#[test]
fn a_divide_with_three_changes_reports_exactly_those() {
    // the reference: Stockfish's divide (or ours, with the opt-out)
    let reference = stockfish_divide(KIWIPETE, 3).unwrap_or_else(|| {
        let json = last_json(&run(&[
            "perft", "3", "--fen", KIWIPETE, "--divide", "--json",
        ]));
        let rows = json["divide"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| format!("{}: {}\n", r[0].as_str().unwrap(), r[1]))
            .collect::<String>();
        rows + "\nNodes searched: 97862\n"
    });
    assert!(reference.contains("Nodes searched: 97862"), "{reference}");
    // it agrees as it is
    let out = with_stdin(
        &[
            "perft",
            "3",
            "--fen",
            KIWIPETE,
            "--divide",
            "--compare",
            "-",
            "--json",
        ],
        &reference,
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(last_json(&out)["agree"], true);
    // one count altered, one move removed, one (illegal) move added
    let changed = reference
        .replace("e1g1: 2059\n", "e1g1: 2060\n")
        .replace("a2a4: 2149\n", "")
        .replace("e2a6: 1907\n", "e2a6: 1907\ne1c3: 7\n");
    assert_eq!(
        changed.lines().count(),
        reference.lines().count(),
        "{reference}"
    );
    let out = with_stdin(
        &[
            "perft",
            "3",
            "--fen",
            KIWIPETE,
            "--divide",
            "--compare",
            "-",
            "--json",
        ],
        &changed,
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let c = last_json(&out);
    assert_eq!(
        c["differ"],
        serde_json::json!([{"move": "e1g1", "ours": 2059, "theirs": 2060}])
    );
    assert_eq!(
        c["missing"],
        serde_json::json!([{"move": "a2a4", "nodes": 2149}])
    );
    assert_eq!(
        c["extra"],
        serde_json::json!([{"move": "e1c3", "nodes": 7}])
    );
    assert_eq!(c["next"]["move"], "e1g1");
    assert_eq!(c["next"]["depth"], 2);
    let fen = c["next"]["fen"].as_str().unwrap();
    assert_eq!(
        fen,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"
    );
    // the words, and the next step's command runs as printed
    let out = with_stdin(
        &[
            "perft",
            "3",
            "--fen",
            KIWIPETE,
            "--divide",
            "--compare",
            "-",
        ],
        &changed,
    );
    let words = String::from_utf8_lossy(&out.stdout);
    assert!(
        words.contains("differ   e1g1   ours         2059  theirs         2060"),
        "{words}"
    );
    assert!(words.contains("missing  a2a4"), "{words}");
    assert!(words.contains("extra    e1c3"), "{words}");
    assert!(
        words.contains(&format!(
            "bitscope perft 2 --fen \"{fen}\" --divide --compare -"
        )),
        "{words}"
    );
    let next = run(&["perft", "2", "--fen", fen, "--divide", "--json"]);
    assert_eq!(last_json(&next)["nodes"], 2059);
}

#[test]
fn a_divide_line_that_is_not_a_move_is_bad_input() {
    let out = with_stdin(
        &["perft", "2", "--divide", "--compare", "-"],
        "e2e4: 20\nzz9: 5\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out).trim(),
        "error: -: line 2: \"zz9\" is not a move (expected UCI such as e2e4 or e7e8q)"
    );
    let out = with_stdin(
        &["perft", "2", "--divide", "--compare", "-"],
        "no rows here\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        run(&["perft", "2", "--compare", "x"]).status.code(),
        Some(2),
        "--compare needs --divide"
    );
}

/// The same suite counted on the GPU (SwiftShader without one), with the
/// depth-first and the breadth-first kernels.
#[test]
fn the_suite_runs_on_the_gpu() {
    let text: String = std::fs::read_to_string(SUITE)
        .unwrap()
        .lines()
        .take(12)
        .map(|l| format!("{l}\n"))
        .collect();
    for variant in ["workgroup", "breadth-first"] {
        let mut cmd = bitscope();
        if std::env::var_os("VK_ICD_FILENAMES").is_none() {
            cmd.env(
                "VK_ICD_FILENAMES",
                "/usr/lib/chromium/vk_swiftshader_icd.json",
            );
        }
        let out = feed(
            cmd.args([
                "perft",
                "--epd",
                "-",
                "--gpu",
                "--variant",
                variant,
                "--max-nodes",
                "20000",
                "--json",
            ]),
            &text,
        );
        assert_eq!(out.status.code(), Some(0), "{variant}: {}", stderr(&out));
        let json = last_json(&out);
        assert!(
            json["backend"].as_str().unwrap().starts_with("gpu: "),
            "{json}"
        );
        assert_eq!(json["summary"]["positions"], 12);
        assert_eq!(json["summary"]["all_agree"], true);
        assert!(json["summary"]["counts_checked"].as_u64().unwrap() >= 40);
    }
}
