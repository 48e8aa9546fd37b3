//! The CLI of the bit lab: `bitscope eval` and `bitscope trace board-op`.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

fn bitscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bitscope"))
        .args(args)
        .output()
        .expect("bitscope runs")
}

/// The last stdout line parsed as JSON.
fn last_json(out: &Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().last().expect("some output");
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

#[test]
fn eval_prints_steps_and_json_with_a_hex_result() {
    let out = bitscope(&[
        "eval",
        "x & (x - 1)",
        "--width",
        "8",
        "--var",
        "x=0x68",
        "--json",
    ]);
    assert!(out.status.success());
    let json = last_json(&out);
    assert_eq!(json["result"], "0x60");
    assert_eq!(json["trick"], "expr");
    let exprs: Vec<_> = json["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["expr"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(exprs, ["x", "x", "1", "x - 1", "x & (x - 1)"]);

    // default width 64, three variables, negative values, text output
    let out = bitscope(&[
        "eval",
        "(x + y) * z",
        "--var",
        "x=-1",
        "--var",
        "y=2",
        "--var",
        "z=0b11",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("result: 0x0000000000000003"), "{text}");

    // C precedence, unsigned comparison, logical shift
    let out = bitscope(&["eval", "1 | 2 ^ 3 & 4 == 0", "--width", "16", "--json"]);
    assert_eq!(last_json(&out)["result"], "0x0003");
    let out = bitscope(&["eval", "-1 >> 4 > 1", "--width", "32", "--json"]);
    assert_eq!(last_json(&out)["result"], "0x00000001");
}

#[test]
fn eval_errors_name_the_column_and_exit_2() {
    for (args, col, what) in [
        (&["eval", "x / (y - 0)"][..], 3, "division by zero"),
        (&["eval", "1 << 8", "--width", "8"][..], 3, "shift by 8"),
        (
            &["eval", "x + 0x100", "--width", "8"][..],
            5,
            "does not fit in 8 bits",
        ),
        (&["eval", "(x + 1"][..], 7, "expected ')'"),
        (&["eval", "x + w"][..], 5, "not a variable"),
        (&["eval", ""][..], 1, "expected an operand"),
    ] {
        let out = bitscope(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("column {col}: ")), "{args:?}: {err}");
        assert!(err.contains(what), "{args:?}: {err}");
        let caret = err.lines().last().unwrap_or("");
        assert_eq!(caret.find('^'), Some(2 + col - 1), "{err}");
        assert!(out.stdout.is_empty());
    }
    for args in [
        &["eval", "x", "--var", "w=1"][..],
        &["eval", "x", "--var", "x=256", "--width", "8"][..],
        &["eval", "x", "--var", "x"][..],
        &["eval", "x", "--width", "12"][..],
    ] {
        assert_eq!(bitscope(args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn board_op_traces_every_operation() {
    let out = bitscope(&[
        "trace",
        "board-op",
        "--op",
        "flip-vertical",
        "0x0102030405060708",
        "--json",
    ]);
    assert!(out.status.success());
    let json = last_json(&out);
    assert_eq!(json["result"], "0x0807060504030201");
    assert_eq!(json["trick"], "board-op");
    let out = bitscope(&["trace", "board-op", "--op", "east", "0x8080", "--json"]);
    assert_eq!(last_json(&out)["result"], "0x0000000000000000");
    let out = bitscope(&["trace", "board-op", "--op", "rotate90", "1"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("result: 0x0100000000000000"), "{text}");
    let out = bitscope(&["trace", "board-op", "--op", "spin", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("rotate90"));
    let out = bitscope(&["trace", "board-op", "--op", "north", "0xzz"]);
    assert_eq!(out.status.code(), Some(2));
}
