//! `bitscope class fewest` (issue 54): each puzzle's shortest program over
//! its legal operators, stored, and shown in the gradebook's scoreboard;
//! a puzzle whose legal operators the search lacks is said so.

use bitscope::class::store::Store;
use bitscope::class::{self, fewest, gradebook, grading::Class};
use serde_json::Value;
use std::path::{Path, PathBuf};

const SET: &str = r"/*
 * lowBit - the lowest set bit of x alone
 *   Legal ops: ~ & +
 *   Max ops: 6
 *   Rating: 1
 */
int lowBit(int x) { return 2; }

/*
 * isNotEqual - 0 when x == y, else 1
 *   Legal ops: ! ~ & ^ | + << >>
 *   Max ops: 6
 *   Rating: 2
 */
int isNotEqual(int x, int y) { return 2; }

/*
 * third - x / 3 for x >= 0
 *   Assume: x >= 0
 *   Legal ops: / >>
 *   Max ops: 2
 *   Rating: 1
 */
int third(int x) { return 2; }
";

/// The prof's answers: lowBit in 4 operators, isNotEqual in 4 (the fewest
/// are 3 each).
const REFERENCE: &str = r"
int lowBit(int x) { int m = ~x + 1; return x & m & m; }
int isNotEqual(int x, int y) { return !!(x ^ y) & 1; }
int third(int x) { return x / 3; }
";

fn temp_db(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("class-fewest-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("class.db")
}

#[test]
fn each_puzzle_has_its_fewest_and_the_scoreboard_shows_it() {
    let db = temp_db("lib");
    let store = Store::open(&db).unwrap();
    class::create(&store, "c1", SET, REFERENCE, &[]).unwrap();
    let row = store.class("c1").unwrap().unwrap();
    let c = Class::read(row.id, &row.name, &row.puzzles, &row.reference).unwrap();
    assert_eq!(c.reference_ops, [4, 4, 1]);
    let found: Vec<_> = (0..3).map(|k| fewest::search(&c, k, 60.0)).collect();
    for f in &found {
        store.set_fewest(c.id, f).unwrap();
    }
    let (low, ne, third) = (&found[0], &found[1], &found[2]);
    assert_eq!(
        (low.ops, low.proven, low.at_least),
        (Some(3), true, 3),
        "{low:?}"
    );
    assert_eq!(
        (ne.ops, ne.proven, ne.at_least),
        (Some(3), true, 3),
        "{ne:?}"
    );
    assert!(
        low.program.as_deref().is_some_and(|p| p.contains("lowBit")),
        "{low:?}"
    );
    assert_eq!((third.ops, third.proven), (None, false));
    assert!(third.note.contains('/'), "{third:?}");
    // stored (a second search replaces the first), and in the gradebook
    store.set_fewest(c.id, low).unwrap();
    let stored = store.fewest(c.id).unwrap();
    assert_eq!(stored.len(), 3);
    let book = gradebook::gradebook(&c, &[], &[], &stored);
    let json: Value = serde_json::to_value(&book).unwrap();
    assert_eq!(json["puzzles"][0]["fewest"]["ops"], 3);
    assert_eq!(json["puzzles"][0]["fewest"]["proven"], true);
    assert_eq!(json["puzzles"][2]["fewest"]["proven"], false);
}

#[test]
fn the_cli_searches_and_stores_each_puzzle() {
    let db = temp_db("cli");
    let store = Store::open(&db).unwrap();
    class::create(&store, "c2", SET, REFERENCE, &[]).unwrap();
    drop(store);
    let exe = env!("CARGO_BIN_EXE_bitscope");
    let out = std::process::Command::new(exe)
        .args(["class", "fewest", "--db"])
        .arg(&db)
        .args(["--name", "c2", "--seconds", "60", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let names: Vec<&str> = rows.iter().map(|r| r["puzzle"].as_str().unwrap()).collect();
    assert_eq!(names, ["lowBit", "isNotEqual", "third"]);
    assert_eq!(rows[1]["ops"], 3);
    let store = Store::open(&db).unwrap();
    let id = store.class("c2").unwrap().unwrap().id;
    assert_eq!(store.fewest(id).unwrap().len(), 3);
    // an unknown class is bad input
    let out = std::process::Command::new(exe)
        .args(["class", "fewest", "--db"])
        .arg(&db)
        .args(["--name", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
