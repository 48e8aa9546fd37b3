//! The shipped catalog reads whole; malformed files are refused at their
//! line with a typed error.

use super::*;
use crate::tricks::{catalog, FAMILY_FILES};
use std::collections::HashSet;

/// The families issue 55 asks for, by id.
const FAMILIES: [&str; 18] = [
    "sign-abs-minmax",
    "pow2",
    "isolate-smear",
    "popcount",
    "parity",
    "log2-ctz-clz",
    "reverse",
    "byteswap",
    "morton",
    "gray",
    "next-combination",
    "rotate",
    "bitfield",
    "swar-bytes",
    "saturate",
    "overflow",
    "divide",
    "bitboard",
];

#[test]
fn the_whole_catalog_parses() {
    let c = Catalog::parse(&FAMILY_FILES).unwrap_or_else(|e| panic!("{e}"));
    assert!(c.entries.len() >= 120, "{} entries", c.entries.len());
    let ids: HashSet<&str> = c.entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids.len(), c.entries.len(), "ids are unique");
    let fns: HashSet<&str> = c.entries.iter().map(|e| e.fn_name.as_str()).collect();
    assert_eq!(fns.len(), c.entries.len(), "function names are unique");
    let families: HashSet<&str> = c.families.iter().map(|f| f.id.as_str()).collect();
    for f in FAMILIES {
        assert!(families.contains(f), "family {f}");
        assert!(c.family(f).next().is_some(), "family {f} has entries");
    }
}

#[test]
fn every_source_holds_its_function_and_spec() {
    for e in &catalog().entries {
        let header = |name: &str| format!(" {name}(");
        assert!(e.source.contains(&header(&e.fn_name)), "{}", e.id);
        assert!(e.spec_source.contains(&header(&e.spec_name)), "{}", e.id);
        assert!(!e.source.contains(&header(&e.spec_name)), "{}", e.id);
        assert!(!e.source.contains("@trick"), "{}", e.id);
        assert!(e.source.ends_with("}\n"), "{}", e.id);
    }
}

#[test]
fn sources_carry_the_tables_they_use() {
    let c = catalog();
    let debruijn = c.get("ctz-debruijn").unwrap();
    assert!(debruijn
        .source
        .starts_with("static const unsigned char ctz_debruijn_index32[32]"));
    assert!(!debruijn.source.contains("ctz_debruijn_index64"));
    assert!(!debruijn.spec_source.contains("static const"));
    let sat = c.get("sat-adds-branchfree").unwrap();
    assert!(
        sat.source.starts_with("#include <limits.h>\n\n"),
        "{}",
        sat.source
    );
}

#[test]
fn metadata_is_read_into_its_fields() {
    let c = catalog();
    let e = c.get("abs-wide-wrong").unwrap();
    assert_eq!(e.family, "sign-abs-minmax");
    assert_eq!(e.width, 32);
    let w = e.wrong.as_ref().unwrap();
    assert_eq!(w.fixed_by, "abs-wide");
    assert_eq!(w.at, vec![("x".to_string(), -2_147_483_648)]);
    assert_eq!((w.gives, w.expected), (-2_147_483_648, 2_147_483_648));
    let r = c.get("ctz-debruijn").unwrap();
    assert_eq!(r.restriction.as_deref(), Some("x != 0"));
    assert!(c
        .get("sign-compare")
        .unwrap()
        .aliases
        .contains(&"signum".to_string()));
    assert_eq!(c.entries.iter().filter(|e| e.wrong.is_some()).count(), 14);
}

/// Issue 67's float tricks: at least 12, on the bits of each format,
/// each linked to the Float panel.
#[test]
fn the_float_family_is_read_whole() {
    let c = catalog();
    let floats: Vec<&Entry> = c.family("float-bits").collect();
    assert!(floats.len() >= 12, "{} float entries", floats.len());
    assert!(floats.iter().all(|e| e.panel == "float"));
    let widths: HashSet<u32> = floats.iter().map(|e| e.width).collect();
    assert_eq!(widths, HashSet::from([8, 16, 32, 64]));
    let w = c
        .get("f32-to-bf16-nan-wrong")
        .unwrap()
        .wrong
        .as_ref()
        .unwrap();
    assert_eq!(w.fixed_by, "f32-to-bf16");
    assert_eq!((w.gives, w.expected), (0x8000, 0x7fff));
}

const GOOD: &str = "/* family: demo — A demo */
static const unsigned char t[2] = {1, 0};
int spec(int x) { return x; }

/* @trick demo-one
 * title: One
 * task: The identity.
 * aliases: same; identity
 * spec: spec
 * width: 32
 * restrict: none
 * ops: 0
 * from: nowhere
 * panel: lab
 * wrong: none
 */
int one(int x)
{
    return x; /* a } in a comment */
}
";

fn refused(text: &str) -> CatalogError {
    parse_family("demo.c", text).map(|_| ()).unwrap_err()
}

#[test]
fn a_small_file_reads() {
    let (family, entries) = parse_family("demo.c", GOOD).unwrap();
    assert_eq!(
        (family.id.as_str(), family.title.as_str()),
        ("demo", "A demo")
    );
    assert_eq!(entries.len(), 1);
    let e = &entries[0];
    assert_eq!((e.id.as_str(), e.line), ("demo-one", 5));
    assert_eq!(e.aliases, ["same", "identity"]);
    assert!(e.source.starts_with("int one(int x)\n{"), "{}", e.source);
    assert!(e.source.ends_with("comment */\n}\n"), "{}", e.source);
}

#[test]
fn malformed_files_are_refused_at_their_line() {
    let e = refused(&GOOD.replace("family: demo", "famly: demo"));
    assert_eq!((e.line, e.kind.clone()), (1, ErrorKind::FamilyLine));
    let e = refused(&GOOD.replace(" * width: 32\n", ""));
    assert!(matches!(e.kind, ErrorKind::Keys { .. }), "{e}");
    assert_eq!(e.line, 5);
    let e = refused(&GOOD.replace(" * ops: 0", " * ops 0"));
    assert_eq!(
        (e.line, e.kind.clone()),
        (12, ErrorKind::MetadataLine(" * ops 0".into()))
    );
    let e = refused(&GOOD.replace("spec: spec", "spec: nothing"));
    assert!(matches!(e.kind, ErrorKind::NoSpec { .. }), "{e}");
    let e = refused(&GOOD.replace("width: 32", "width: 12"));
    assert_eq!(
        e.to_string(),
        "demo.c:5: `width`: `12` is not 8, 16, 32 or 64"
    );
    let e = refused(&GOOD.replace("@trick demo-one", "@trick Demo_One"));
    assert_eq!(e.kind, ErrorKind::TrickLine);
    let e = refused(&GOOD.replace("comment */\n}\n", "comment */\n"));
    assert_eq!(e.kind, ErrorKind::Unterminated);
    let e = refused(&GOOD.replace("wrong: none", "wrong: fixed-by x; at x: gives 1"));
    assert!(
        matches!(e.kind, ErrorKind::Value { key: "wrong", .. }),
        "{e}"
    );
}

#[test]
fn ids_are_unique_and_wrong_entries_fixed() {
    let files = [("a.c", GOOD), ("b.c", GOOD)];
    let e = parse_catalog(&files).unwrap_err();
    assert_eq!(e.to_string(), "b.c:5: id `demo-one` is also used at a.c:5");
    let wrong = GOOD.replace(
        "wrong: none",
        "wrong: fixed-by demo-two; at x=1: gives 1, expected 2",
    );
    let e = parse_catalog(&[("a.c", wrong.as_str())]).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::FixedBy { .. }), "{e}");
}
