//! `bitscope tricks`: the JSON shape of `search` and `show`, `check` on a
//! right and a wrong entry (exit codes included), bad input refused with
//! exit code 2.
#![cfg(not(target_arch = "wasm32"))]

use crate::common::cli::{exits_2_with_a_message, run, succeeds_with_json};
use bitscope::lang::c::{Program, RunOptions};

/// The keys issue 55 gives every entry in JSON.
const KEYS: [&str; 10] = [
    "id",
    "title",
    "task",
    "fn",
    "source",
    "spec_fn",
    "spec_source",
    "restriction",
    "ops",
    "proof",
];

#[test]
fn search_json_is_ranked_entries_with_their_sources() {
    let v = succeeds_with_json(&["tricks", "search", "revrse bits", "--json"]);
    let hits = v.as_array().unwrap();
    assert!(!hits.is_empty() && hits.len() <= 10);
    for h in hits {
        for k in KEYS {
            assert!(h.get(k).is_some(), "{k} missing in {h}");
        }
        assert!(h["proof"].is_null());
        assert!(h["ops"].is_u64());
        // the source is a C file of its own: it parses and runs
        let src = h["source"].as_str().unwrap();
        let p = Program::parse(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        let f = h["fn"].as_str().unwrap();
        assert!(p.entry(Some(f)).is_ok());
        let spec = Program::parse(h["spec_source"].as_str().unwrap()).unwrap();
        assert!(spec.entry(h["spec_fn"].as_str()).is_ok());
    }
    assert_eq!(
        hits[..3]
            .iter()
            .filter(|h| h["id"].as_str().unwrap().starts_with("reverse"))
            .count(),
        3
    );
    let all = succeeds_with_json(&["tricks", "search", "reverse", "--limit", "0", "--json"]);
    assert!(all.as_array().unwrap().len() > 10);
}

#[test]
fn show_gives_one_entry_and_checks_it() {
    let v = succeeds_with_json(&["tricks", "show", "ceil-pow2", "--json"]);
    assert_eq!(v["id"], "ceil-pow2");
    assert_eq!(v["restriction"], "x <= 2147483648u");
    assert!(v["proof"].is_null());
    let src = v["source"].as_str().unwrap();
    let p = Program::parse(src).unwrap();
    let r = p.run("ceil_pow2", &[100], &RunOptions::default()).unwrap();
    assert_eq!(r.value.unwrap().get(), 128);
    let v = succeeds_with_json(&["tricks", "show", "ceil-pow2", "--check", "--json"]);
    assert_eq!(v["proof"]["status"], "proven", "{v}");
    assert_eq!(v["proof"]["text"], "proven (bdd)");
    let text = run(&["tricks", "show", "abs-wide-wrong"]);
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(out.contains("WRONG at x=-2147483648"), "{out}");
}

#[test]
fn check_proves_right_entries_and_refutes_wrong_ones_as_stated() {
    let v = succeeds_with_json(&[
        "tricks",
        "check",
        "sign-compare",
        "reverse8-swap",
        "is-pow2-wrong",
        "--json",
    ]);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["proof"]["text"], "proven (bdd)");
    assert_eq!(rows[1]["proof"]["status"], "checked");
    assert_eq!(
        rows[1]["proof"]["text"],
        "checked on every input (256 inputs)"
    );
    let wrong = &rows[2];
    assert_eq!(wrong["wrong"], true);
    assert_eq!(wrong["as_declared"], true);
    assert_eq!(wrong["proof"]["status"], "refuted");
    assert_eq!(wrong["proof"]["stated"], true);
    assert_eq!(wrong["proof"]["counterexample"]["args"]["x"], "0");
    assert_eq!(wrong["proof"]["counterexample"]["gives"], "1");
    assert_eq!(wrong["proof"]["counterexample"]["expected"], "0");
    assert!(rows
        .iter()
        .all(|r| r["as_declared"] == true && r["proof"]["seconds"].is_f64()));
    let text = run(&["tricks", "check", "sign-compare"]);
    assert_eq!(text.status.code(), Some(0));
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(
        out.contains("1 entries in") && out.contains("1 proven"),
        "{out}"
    );
}

#[test]
fn bad_input_exits_2() {
    exits_2_with_a_message(&[
        &["tricks", "search", "  "],
        &["tricks", "show", "no-such-trick"],
        &["tricks", "check", "sign-compare", "no-such-trick"],
        &["tricks", "check", "sign-compare", "--seconds", "0"],
        &["tricks", "search"],
    ]);
}

/// `bitscope divide`: the multiplier and shift of a compiler, proven.
#[test]
fn divide_prints_the_multiplier_and_its_code() {
    let three = succeeds_with_json(&["divide", "3", "--json"]);
    assert_eq!(
        (
            three["method"].as_str(),
            three["multiplier"].as_str(),
            three["total_shift"].as_u64()
        ),
        (Some("multiply"), Some("0xaaaaaaab"), Some(33))
    );
    assert_eq!(three["rejected"][0]["shift"], 0);
    let seven = succeeds_with_json(&["divide", "7", "--width", "32", "--json"]);
    assert_eq!(seven["add"], true);
    assert!(seven["c"].as_str().unwrap().contains(">> 1) + hi) >> 2"));
    // signed: gcc's -5 (0x99999999, >> 1), and the most negative divisor
    let minus5 = succeeds_with_json(&["divide", "-5", "--signed", "--json"]);
    assert_eq!(
        (minus5["multiplier"].as_i64(), minus5["shift"].as_u64()),
        (Some(0x9999_9999u32 as i32 as i64), Some(1))
    );
    let min = succeeds_with_json(&["divide", "-128", "--signed", "--width", "8", "--json"]);
    assert_eq!(min["method"], "compare");
    exits_2_with_a_message(&[
        &["divide", "0", "--signed"],
        &["divide", "128", "--signed", "--width", "8"],
        &["divide", "0"],
        &["divide", "7", "--width", "12"],
        &["divide", "256", "--width", "8"],
        &["divide", "seven"],
    ]);
}
