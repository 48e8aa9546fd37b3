//! The catalog's search (issue 55): a table of what learners type, typos
//! and synonyms included, each with an entry that must rank in the top 3;
//! every title and every id finds its own entry first. (Its speed is
//! `bitscope bench tricks`'s, not a timed test's.)
#![cfg(not(target_arch = "wasm32"))]

use bitscope::tricks::search::{index, Index};
use bitscope::tricks::{catalog, Catalog};

/// (query, an entry that must be among the first three).
const TABLE: [(&str, &str); 63] = [
    // the five everyday tricks
    ("round up to power of two", "ceil-pow2"),
    ("count bits", "popcount-loop"),
    ("lowest set bit index", "ctz-loop"),
    // (a short word two edits from every short word once matched all of
    // them: "index" ranked the isolate-the-lowest-bit entries first)
    ("index of the lowest set bit", "ctz64-debruijn"),
    ("the lowest set bit's index", "ctz64-debruijn"),
    ("reverse bits", "reverse32-swap"),
    ("divide by 3", "udiv3-mul"),
    // the families, as a learner names them
    ("gray code", "gray-encode"),
    ("next permutation of bits", "gosper-div"),
    ("byte swap", "bswap32-ladder"),
    ("morton code", "morton16-magic"),
    ("has zero byte", "haszero"),
    ("sign of integer", "sign-compare"),
    ("absolute value", "abs-xor-sub"),
    ("saturating add", "sat-addu-or"),
    ("rotate left", "rotl32-mask"),
    ("count trailing zeros", "ctz-binary"),
    ("count leading zeros", "clz-binary"),
    ("log2", "log2-loop"),
    ("is power of two", "is-pow2"),
    ("parity", "parity-fold"),
    ("divide by 10", "udiv10-mul"),
    ("divide by 7", "udiv7-fixup"),
    ("modulo 3", "umod3-mul"),
    ("sign extend", "sext-shift"),
    ("transpose 8x8", "bb-transpose8"),
    ("knight attacks", "bb-knight-attacks"),
    ("average without overflow", "avg-floor"),
    ("branchless min", "min-xor"),
    ("isolate lowest set bit", "lowest-set-neg"),
    ("signed overflow", "adds-ovf-xor"),
    ("bit field extract", "extract-mask"),
    ("flip vertical", "bb-flip-vertical"),
    ("kernighan", "popcount-kernighan"),
    // typos
    ("revrse bits", "reverse32-loop"),
    ("popcout", "popcount-loop"),
    ("saturting add", "sat-addu-or"),
    ("gray cdoe", "gray-encode"),
    ("absolut value", "abs-xor-sub"),
    ("interleav bits", "morton16-magic"),
    ("rotat left", "rotl32-mask"),
    ("divde by 3", "udiv3-mul"),
    // synonyms (from the aliases)
    ("bit reversal", "reverse32-swap"),
    ("mirror bits", "reverse32-loop"),
    ("endian swap", "bswap32-ladder"),
    ("hamming weight", "popcount-loop"),
    ("next power of two", "ceil-pow2"),
    ("gosper's hack", "gosper-div"),
    ("interleave bits", "morton16-magic"),
    ("strlen trick", "haszero"),
    ("bit scan forward", "ctz-debruijn"),
    ("signum", "sign-compare"),
    // a query written as code
    ("x & (x - 1)", "clear-lowest-set"),
    ("x & -x", "lowest-set-neg"),
    // floats as integers (issue 67)
    ("float bits", "f32-abs"),
    ("IEEE 754", "f32-less"),
    ("bfloat16", "f32-to-bf16"),
    ("fp8", "e4m3-to-f32"),
    ("sign bit", "f32-copysign"),
    ("half to float", "f16-to-f32"),
    ("radix sort floats", "f32-to-ordered"),
    ("isnan", "f32-isnan"),
    ("next float", "f32-next-up-positive"),
];

/// The ids of the first `n` hits.
fn top(c: &Catalog, idx: &Index, query: &str, n: usize) -> Vec<String> {
    let hits = idx.search(query);
    hits.iter()
        .take(n)
        .map(|h| c.entries[h.entry].id.clone())
        .collect()
}

#[test]
fn each_query_finds_its_entry_in_the_top_3() {
    let (c, idx) = (catalog(), index());
    let misses: Vec<String> = TABLE
        .iter()
        .filter_map(|(q, id)| {
            assert!(c.get(id).is_some(), "no entry {id}");
            let got = top(c, idx, q, 3);
            (!got.iter().any(|g| g == id)).then(|| format!("{q:?}: {id} not in {got:?}"))
        })
        .collect();
    assert!(misses.is_empty(), "{misses:#?}");
}

#[test]
fn an_exact_title_or_id_ranks_first() {
    let (c, idx) = (catalog(), index());
    for e in &c.entries {
        let same_title = c.entries.iter().filter(|f| f.title == e.title).count();
        if same_title == 1 {
            assert_eq!(
                top(c, idx, &e.title, 1),
                [e.id.as_str()],
                "title {:?}",
                e.title
            );
        }
        assert_eq!(top(c, idx, &e.id, 1), [e.id.as_str()], "id {}", e.id);
    }
}

#[test]
fn a_wrong_entry_ranks_after_its_fix() {
    let (c, idx) = (catalog(), index());
    let ranked = top(c, idx, "has zero byte", 10);
    let at = |id: &str| ranked.iter().position(|r| r == id).unwrap();
    assert!(at("haszero") < at("haszero-wrong"), "{ranked:?}");
}

#[test]
fn nonsense_finds_nothing() {
    assert!(index().search("qqqzzzxx").is_empty());
    assert!(index().search("").is_empty());
}

#[test]
fn a_query_only_partly_matched_is_said_to_be_weak() {
    use bitscope::tricks::search::all_weak;
    let idx = index();
    for strong in [
        "reverse bits",
        "revrse bits",
        "x & (x - 1)",
        "popcount",
        "gray code",
    ] {
        let hits = idx.search(strong);
        assert!(!all_weak(&hits), "{strong}");
    }
    for weak in ["quantum teleportation of bits", "the weather in bits"] {
        let hits = idx.search(weak);
        assert!(!hits.is_empty() && all_weak(&hits), "{weak}");
    }
    // the CLI says so before the closest
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bitscope"))
        .args(["tricks", "search", "quantum teleportation of bits"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("no trick matches all of your words; the closest:\n"),
        "{text}"
    );
}

#[test]
fn the_trick_count_is_the_catalogs_and_the_readmes() {
    let n = bitscope::tricks::catalog().entries.len();
    assert_eq!(bitscope::tricks::TRICK_COUNT, n);
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for said in readme
        .match_indices(" classic tricks")
        .map(|(k, _)| &readme[..k])
    {
        let number = said.rsplit(' ').next().unwrap();
        assert_eq!(
            number,
            n.to_string(),
            "README says {number} tricks; the catalog has {n}"
        );
    }
}
