//! The "Memory vs. speed" blog's move and position sizes beside ours.

use super::layout::{workgroup_budget, Design};
use super::packed::{FIELDS, POS_BYTES};
use crate::bits::teach::{Correction, Table};
use crate::chess::teach::rook_takes_rook;
use crate::chess::MOVE_FIELDS;

const SOURCE: &str = "the \"Memory vs. speed\" GPU blog";

/// The blog's move fields and their bits (23 in all).
pub const BLOG_MOVE: [(&str, u32); 6] = [
    ("from", 6),
    ("to", 6),
    ("captured", 3),
    ("castling", 2),
    ("en passant", 4),
    ("promotion", 2),
];

/// The blog's move and position against ours, keyed `move` and `position`.
pub fn corrections() -> Vec<Correction> {
    let blog: u32 = BLOG_MOVE.iter().map(|f| f.1).sum();
    let ours: u32 = MOVE_FIELDS.iter().map(|f| f.2).sum();
    let bits_of = |name: &str| MOVE_FIELDS.iter().find(|f| f.0 == name).map_or(0, |f| f.2);
    let blog_of = |name: &str| BLOG_MOVE.iter().find(|f| f.0 == name).map_or(0, |f| f.1);
    let pairs = [
        ("from", "from"),
        ("to", "to"),
        ("captured", "captured"),
        ("castling", "castling before"),
        ("en passant", "en passant before"),
        ("promotion", "promotion"),
        ("", "special"),
        ("", "piece"),
    ];
    let mut rows: Vec<[String; 3]> = pairs
        .iter()
        .map(|(b, o)| {
            let field = if b.is_empty() {
                o.to_string()
            } else {
                format!("{b} / {o}")
            };
            let bb = if b.is_empty() {
                "—".into()
            } else {
                blog_of(b).to_string()
            };
            [field, bb, bits_of(o).to_string()]
        })
        .collect();
    rows.push(["total".into(), blog.to_string(), format!("{ours} of 32")]);
    let (before, after, m) = rook_takes_rook().unwrap_or_default();
    let budget = workgroup_budget(Design::SEED);
    let meta: u32 = FIELDS.iter().filter(|f| f.bits < 32).map(|f| f.bits).sum();
    vec![
        Correction {
            key: "move",
            source: SOURCE,
            claim: format!("a move needs 2 bits of castling rights, {blog} bits in all"),
            truth: format!(
                "one move can clear both sides' rights: {} from r3k2r/8/8/8/8/8/8/R3K2R takes the rights from {before} to {after}, so undoing a move needs all 4 bits of the rights before it (ours holds {:04b}). Our move word also keeps the moving piece and a special-move code, {ours} of 32 bits:",
                m.to_uci(),
                m.castling_before()
            ),
            table: Some(Table::new(["field (blog / ours)", "blog bits", "our bits"], rows)),
        },
        Correction {
            key: "position",
            source: SOURCE,
            claim: format!(
                "a position takes {} bytes (5 bitboards and two king squares), {} B for 64 threads",
                budget.seed.position_bytes, budget.seed.positions
            ),
            truth: format!(
                "the kernel stores {} bytes: 11 whole u32 words, the two king squares sharing word 10 with side to move, castling and en passant ({meta} bits), which the blog leaves out. So {} threads take {} B of positions, and with {} plies of moves {} B, not {} B ({} B more)",
                POS_BYTES,
                budget.threads,
                budget.kernel.positions,
                budget.plies,
                budget.kernel.total,
                budget.seed.total,
                budget.difference()
            ),
            table: None,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::teach::assert_has;

    #[test]
    fn the_blog_move_is_23_bits_ours_31() {
        let c = corrections();
        assert_eq!(c[0].key, "move");
        assert_has(&c[0].claim, &["23 bits"]);
        assert_has(&c[0].truth, &["h1h8", "KQkq to Qq"]);
        assert_has(&c[0].truth, &["(ours holds 1111)"]);
        let t = c[0].table.as_ref().unwrap();
        assert_eq!(t.rows[3], ["castling / castling before", "2", "4"]);
        assert_eq!(t.rows.last().unwrap(), &["total", "23", "31 of 32"]);
        assert_has(&c[1].claim, &["42 bytes", "2688 B"]);
        assert_has(&c[1].truth, &["stores 44 bytes", "(21 bits)"]);
        assert_has(&c[1].truth, &["15616 B, not 15488 B (128 B more)"]);
    }
}
