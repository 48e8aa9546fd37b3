//! The catalog of bit tricks: each entry a C function with a plain
//! specification beside it, the words a learner would type to find it, and
//! the proof that the two agree.
//!
//! The entries are data: one C file a family under `families/` (sign and
//! abs, powers of two, popcount, bit reversal, division by constants, …),
//! embedded here with `include_str!` and read once on first use
//! ([`catalog`]). Each trick is a function preceded by a metadata comment:
//!
//! ```text
//! /* @trick sign-compare
//!  * title: Sign of an integer by two comparisons
//!  * task: Return -1, 0 or 1 as x is negative, zero or positive.
//!  * aliases: sign; signum; sgn
//!  * spec: sign_spec            (a function of the same file and signature)
//!  * width: 32                  (the first parameter's bits)
//!  * restrict: none             (or a C expression over the parameters)
//!  * ops: 3                     (operators in the body)
//!  * from: Hacker's Delight 2-8 (where the idea comes from)
//!  * panel: lab                 (the panel that explains its idea)
//!  * wrong: none                (or: fixed-by ID; at x=…: gives …, expected …)
//!  */
//! int sign_compare(int x) { … }
//! ```
//!
//! `scripts/check_tricks.py` validates the same format and runs every
//! entry against gcc; [`parse`] is the crate's one reader of it.
//! [`search`] ranks entries for a query, [`check`] proves an entry
//! against its specification with [`crate::lang::prove::c`].
//!
//! ```
//! let catalog = bitscope::tricks::catalog();
//! let e = catalog.get("sign-compare").unwrap();
//! assert_eq!((e.fn_name.as_str(), e.spec_name.as_str()), ("sign_compare", "sign_spec"));
//! assert!(e.source.contains("int sign_compare(int x)"));
//! let hits = bitscope::tricks::search::search(catalog, "revrse bits");
//! assert_eq!(catalog.entries[hits[0].entry].family, "reverse");
//! ```

pub mod check;
pub mod parse;
pub mod search;
pub mod topics;

pub use parse::{CatalogError, ErrorKind};

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The family files: (file name, text). The one place they are embedded.
pub const FAMILY_FILES: [(&str, &str); 20] = [
    (
        "sign_abs_minmax.c",
        include_str!("families/sign_abs_minmax.c"),
    ),
    ("pow2.c", include_str!("families/pow2.c")),
    ("isolate_smear.c", include_str!("families/isolate_smear.c")),
    ("popcount.c", include_str!("families/popcount.c")),
    ("parity.c", include_str!("families/parity.c")),
    ("log2_ctz_clz.c", include_str!("families/log2_ctz_clz.c")),
    ("reverse.c", include_str!("families/reverse.c")),
    ("byteswap.c", include_str!("families/byteswap.c")),
    ("morton.c", include_str!("families/morton.c")),
    ("gray.c", include_str!("families/gray.c")),
    (
        "next_combination.c",
        include_str!("families/next_combination.c"),
    ),
    ("rotate.c", include_str!("families/rotate.c")),
    ("bitfield.c", include_str!("families/bitfield.c")),
    ("swar_bytes.c", include_str!("families/swar_bytes.c")),
    ("saturate.c", include_str!("families/saturate.c")),
    ("overflow.c", include_str!("families/overflow.c")),
    ("divide.c", include_str!("families/divide.c")),
    ("bitboard.c", include_str!("families/bitboard.c")),
    ("swap.c", include_str!("families/swap.c")),
    ("float_bits.c", include_str!("families/float_bits.c")),
];

// `TRICK_COUNT`: the `/* @trick ` comments of the family files, counted by
// build.rs (a test checks it against the parsed catalog and README).
include!(concat!(env!("OUT_DIR"), "/trick_count.rs"));

/// The panels an entry may link to (the page's slugs).
pub const PANELS: [&str; 11] = [
    "debruijn", "swar", "popcount", "nibbles", "bitboard", "magic", "lab", "permute", "divide",
    "gray", "float",
];

/// One trick of the catalog.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Kebab-case, unique in the catalog (`reverse32-swap`).
    pub id: String,
    /// The family's id (`reverse`).
    pub family: String,
    pub title: String,
    /// What it computes, in one sentence.
    pub task: String,
    /// The words a learner types ("reverse bits", "mirror bits").
    pub aliases: Vec<String>,
    /// The trick's C function name.
    pub fn_name: String,
    /// The specification's C function name (same signature).
    pub spec_name: String,
    /// The family's declarations the trick uses (tables, `#include`s),
    /// then the trick's function: a C file of its own.
    pub source: String,
    /// The same for the specification.
    pub spec_source: String,
    /// The first parameter's bits: 8, 16, 32 or 64.
    pub width: u32,
    /// A C expression over the parameters: the inputs the trick is meant
    /// for (`x != 0`); `None` when it is meant for every input.
    pub restriction: Option<String>,
    /// Operators in the body, as `check_tricks.py` counts them.
    pub ops: u32,
    /// Where the idea comes from.
    pub from: String,
    /// The panel that explains its idea (one of [`PANELS`]).
    pub panel: String,
    /// A well-known published version that is wrong at an edge.
    pub wrong: Option<Wrong>,
    /// The family file and the line of the `@trick` comment.
    pub file: String,
    pub line: u32,
}

/// A wrong entry: the entry that fixes it and the input where it fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wrong {
    pub fixed_by: String,
    /// Each parameter and its value (in the parameter's type's range).
    pub at: Vec<(String, i128)>,
    /// What the trick gives there, and what the specification gives.
    pub gives: i128,
    pub expected: i128,
}

impl Wrong {
    /// `x=-2147483648: gives -2147483648, expected 2147483648`.
    pub fn show(&self) -> String {
        let at: Vec<String> = self.at.iter().map(|(n, v)| format!("{n}={v}")).collect();
        format!(
            "{}: gives {}, expected {}",
            at.join(", "),
            self.gives,
            self.expected
        )
    }
}

/// A family: its id, title and file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Family {
    pub id: String,
    pub title: String,
    pub file: String,
}

/// The whole catalog, in file order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catalog {
    pub families: Vec<Family>,
    pub entries: Vec<Entry>,
}

impl Catalog {
    /// Reads family files (name, text) into a catalog.
    ///
    /// # Errors
    /// The first malformed metadata, missing function or specification,
    /// or repeated id, with its file and line.
    pub fn parse(files: &[(&str, &str)]) -> Result<Catalog, CatalogError> {
        parse::parse_catalog(files)
    }

    /// The entry with this id.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The entries of one family.
    pub fn family<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a Entry> + 'a {
        self.entries.iter().filter(move |e| e.family == id)
    }
}

/// The embedded catalog, read on first use.
///
/// # Panics
/// Never for the shipped files: a unit test reads them (`parse`'s tests).
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        Catalog::parse(&FAMILY_FILES).unwrap_or_else(|e| panic!("the trick catalog: {e}"))
    })
}
