//! The CLI of the magic bitboards: `bitscope magic check|find` and
//! `bitscope trace magic-lookup`, with bad input exiting 2.
#![cfg(not(target_arch = "wasm32"))]

use crate::common::cli::{bitscope, exits_2_with_a_message, last_json, run, succeeds_with_json};

/// Two index bits for a rook on a1: no magic exists, so the search gives up.
const NO_MAGIC_IN_100: &[&str] = &[
    "magic",
    "find",
    "--piece",
    "rook",
    "--square",
    "a1",
    "--bits",
    "2",
    "--max-attempts",
    "100",
];

#[test]
fn magic_check_find_and_lookup_trace() {
    // the built-in rook magic of d4 is valid with the usual 10 bits
    let json = succeeds_with_json(&[
        "magic",
        "check",
        "--piece",
        "rook",
        "--square",
        "d4",
        "0x4600240900100100",
        "--json",
    ]);
    assert_eq!(json["valid"], true);
    assert_eq!(json["bits"], 10);
    let collisions = json["collisions"].as_array().unwrap();
    assert!(collisions.iter().all(|c| c["harmless"] == true));
    // 1 is no magic: breaking collisions, each with two occupancies (exit 1)
    let out = run(&[
        "magic", "check", "--piece", "bishop", "--square", "a1", "1", "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let json = last_json(&out);
    assert_eq!(json["valid"], false);
    assert_eq!(json["bits"], 6);
    let breaking: Vec<_> = json["collisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["harmless"] == false)
        .collect();
    assert!(!breaking.is_empty());
    assert_eq!(breaking[0]["occupancies"].as_array().unwrap().len(), 2);

    // find: seeded, so the same seed gives the same magic; check agrees
    let args = [
        "magic", "find", "--piece", "bishop", "--square", "c3", "--seed", "5", "--json",
    ];
    let found = succeeds_with_json(&args);
    assert_eq!(found, succeeds_with_json(&args));
    assert_eq!(found["bits"], 7);
    assert!(found["attempts"].as_u64().unwrap() >= 1);
    let magic = found["magic"].as_str().unwrap();
    assert!(magic.starts_with("0x"), "{magic}");
    let json = succeeds_with_json(&[
        "magic", "check", "--piece", "bishop", "--square", "c3", magic, "--json",
    ]);
    assert_eq!(json["valid"], true);
    // the usual bits of a rook in the corner: 12
    let found = succeeds_with_json(&[
        "magic", "find", "--piece", "rook", "--square", "h8", "--json",
    ]);
    assert_eq!(found["bits"], 12);

    // the stepped lookup: rook d4, blockers d6 and b4 (and h8, outside the mask)
    let json = succeeds_with_json(&[
        "trace",
        "magic-lookup",
        "--piece",
        "rook",
        "--square",
        "d4",
        "--occupancy",
        "0x8000080002000000",
        "--json",
    ]);
    assert_eq!(json["trick"], "magic-lookup");
    assert_eq!(json["steps"].as_array().unwrap().len(), 5);
    // up to d6, b4; right to h4; down to d1
    assert_eq!(json["result"], "0x00000808f6080808");
    let out = bitscope()
        .args([
            "trace",
            "magic-lookup",
            "--piece",
            "rook",
            "--square",
            "d4",
            "--occupancy",
            "0",
            "--magic",
            "0",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("NOT valid"), "{text}");

    exits_2_with_a_message(&[
        &["magic", "check", "--piece", "rook", "--square", "i9", "1"],
        &["magic", "check", "--piece", "queen", "--square", "d4", "1"],
        &[
            "magic", "check", "--piece", "rook", "--square", "d4", "0xzz",
        ],
        &[
            "magic", "check", "--piece", "rook", "--square", "d4", "1", "--bits", "21",
        ],
        &[
            "magic", "find", "--piece", "rook", "--square", "d4", "--bits", "x",
        ],
        NO_MAGIC_IN_100,
        &[
            "trace",
            "magic-lookup",
            "--piece",
            "rook",
            "--square",
            "d4",
            "--occupancy",
            "0xg",
        ],
        &[
            "trace",
            "magic-lookup",
            "--piece",
            "rook",
            "--square",
            "d9",
            "--occupancy",
            "0",
        ],
    ]);
    let out = bitscope()
        .args(["magic", "check", "--piece", "rook", "--square", "i9", "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: ") && err.contains("'i9'"), "{err}");
    let out = bitscope().args(NO_MAGIC_IN_100).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no magic found in 100 attempts"), "{err}");
}

/// `magic find --all`: a whole table on every core, which `check-table`
/// reads back as valid on all 64 squares, in both languages; each
/// square's magic is the one `find --square` gives it with the same seed.
#[test]
fn magic_find_all_prints_a_table_check_table_accepts() {
    for (piece, lang) in [("rook", "rust"), ("bishop", "c")] {
        let json = succeeds_with_json(&[
            "magic", "find", "--all", "--piece", piece, "--lang", lang, "--seed", "5", "--json",
        ]);
        let squares = json["squares"].as_array().unwrap();
        assert_eq!(
            (squares.len(), json["not_found"].as_array().unwrap().len()),
            (64, 0)
        );
        let text = json["text"].as_str().unwrap();
        let dir =
            std::env::temp_dir().join(format!("bitscope-find-all-{piece}-{}", std::process::id()));
        std::fs::write(&dir, text).unwrap();
        let out = run(&[
            "magic",
            "check-table",
            "--piece",
            piece,
            dir.to_str().unwrap(),
            "--json",
        ]);
        let report = last_json(&out);
        assert_eq!(
            (out.status.code(), report["valid_squares"].as_u64()),
            (Some(0), Some(64)),
            "{text}"
        );
        let _ = std::fs::remove_file(&dir);
        // e4 (index 28), alone with the same seed: the same magic
        let alone = succeeds_with_json(&[
            "magic", "find", "--piece", piece, "--square", "e4", "--seed", "5", "--json",
        ]);
        assert_eq!(squares[28]["square"], "e4");
        assert_eq!(squares[28]["magic"], alone["magic"]);
    }
    // two index bits everywhere: no rook magic in 100 attempts, said per square
    let json = succeeds_with_json(&[
        "magic",
        "find",
        "--all",
        "--piece",
        "rook",
        "--bits",
        "2",
        "--max-attempts",
        "100",
        "--json",
    ]);
    assert_eq!(json["not_found"].as_array().unwrap().len(), 64);
    assert!(
        json["text"]
            .as_str()
            .unwrap()
            .contains("/* a1: none found */")
            || json["text"].as_str().unwrap().contains("// a1: none found")
    );
    exits_2_with_a_message(&[
        &["magic", "find", "--all", "--piece", "queen"],
        &["magic", "find", "--all", "--piece", "rook", "--lang", "go"],
        &[
            "magic", "find", "--all", "--piece", "rook", "--square", "d4",
        ],
        &["magic", "find", "--piece", "rook"],
    ]);
}
