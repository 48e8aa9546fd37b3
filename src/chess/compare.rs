//! Divide against another engine: read its divide output, compare it with
//! ours move by move, and name the next step of the bug hunt (the position
//! after the first move whose count differs, one ply shallower).
//!
//! The other engine's output may be in any of the common forms:
//!
//! ```text
//! e2e4: 20            Stockfish's `go perft` (and `Nodes searched: 400`)
//! e2e4 20             plain pairs
//! e7e8q: 5            promotions as UCI writes them
//! ```
//!
//! Other text (an engine's banner, `info string` lines, timings) is skipped.
//! A line shaped like a row whose move is not a move at all (`zz9: 5`) is
//! an error; a well-formed move that is illegal here is an *extra* move,
//! what a buggy generator lists.
//!
//! ```
//! use bitscope::chess::compare::{compare, parse_divide};
//! use bitscope::chess::{divide_uci, Setup};
//! let setup = Setup::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
//! let ours = divide_uci(&setup.position, 2);
//! let mut rows = ours.clone();
//! rows[0].1 += 1; // their count of the first move is one too many
//! let theirs: String = rows.iter().map(|(m, n)| format!("{m}: {n}\n")).collect();
//! let c = compare(&setup, 2, &ours, &parse_divide(&theirs).unwrap());
//! assert_eq!(c.differ[0].mv, ours[0].0);
//! assert_eq!(c.next.unwrap().depth, 1);
//! # Ok::<(), bitscope::chess::FenError>(())
//! ```

use super::fen::Setup;
use serde::Serialize;
use std::collections::BTreeMap;
use thiserror::Error;

/// Why another engine's divide could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CompareError {
    #[error("line {line}: {text:?} is not a move (expected UCI such as e2e4 or e7e8q)")]
    NotAMove { line: usize, text: String },
    #[error("line {line}: {mv} is listed twice")]
    Twice { line: usize, mv: String },
    #[error("no moves with counts found (expected lines such as `e2e4: 20` or `e2e4 20`)")]
    Empty,
}

/// Why a path of moves from the root could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {index} of the path, {mv:?}, is not legal there")]
pub struct PathError {
    /// 1-based.
    pub index: usize,
    pub mv: String,
}

/// Another engine's divide: its rows and the total it printed, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct TheirDivide {
    /// (UCI move, count), in their order.
    pub rows: Vec<(String, u64)>,
    /// `Nodes searched: N` (or `Total: N`), when printed.
    pub total: Option<u64>,
}

/// `[a-h][1-8][a-h][1-8][qrbn]?` (case-insensitive promotion), lowercased.
pub fn uci_shape(text: &str) -> Option<String> {
    let t = text.to_ascii_lowercase();
    let b = t.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    let ok = match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => square(b[0], b[1]) && square(b[2], b[3]) && b"qrbn".contains(&b[4]),
        _ => false,
    };
    ok.then_some(t)
}

/// A label such as `Nodes searched` or `Total` (no digit in it), not a move.
fn is_label(text: &str) -> bool {
    !text.chars().any(|c| c.is_ascii_digit())
}

/// Reads another engine's divide.
///
/// # Errors
/// A row whose move is not a move (with its line), a move listed twice, no
/// rows at all.
pub fn parse_divide(text: &str) -> Result<TheirDivide, CompareError> {
    let mut out = TheirDivide::default();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        // `move: count` or `move count`; anything else is prose
        let (left, right) = match line.split_once(':') {
            Some((l, r)) => (l.trim(), r.trim()),
            None => match line.split_whitespace().collect::<Vec<_>>()[..] {
                [l, r] => (l, r),
                _ => continue,
            },
        };
        let Ok(count) = right.replace([',', '_'], "").parse::<u64>() else {
            continue;
        };
        if is_label(left) {
            let key = left.to_ascii_lowercase();
            if [
                "nodes searched",
                "nodes",
                "total",
                "total nodes",
                "leaf nodes",
            ]
            .contains(&key.as_str())
            {
                out.total = Some(count);
            }
            continue;
        }
        let mv = uci_shape(left).ok_or_else(|| CompareError::NotAMove {
            line: i + 1,
            text: left.to_string(),
        })?;
        if out.rows.iter().any(|r| r.0 == mv) {
            return Err(CompareError::Twice { line: i + 1, mv });
        }
        out.rows.push((mv, count));
    }
    if out.rows.is_empty() {
        return Err(CompareError::Empty);
    }
    Ok(out)
}

/// A move both list, with different counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Differ {
    #[serde(rename = "move")]
    pub mv: String,
    pub ours: u64,
    pub theirs: u64,
}

/// A move only one side lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OneSided {
    #[serde(rename = "move")]
    pub mv: String,
    pub nodes: u64,
}

/// Where to look next: the position after the first differing move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Next {
    #[serde(rename = "move")]
    pub mv: String,
    pub fen: String,
    pub depth: u32,
    /// The CLI command for that step.
    pub command: String,
}

/// Our divide against theirs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comparison {
    pub fen: String,
    pub depth: u32,
    pub ours_total: u64,
    /// The sum of their rows.
    pub theirs_total: u64,
    /// The total they printed, if any.
    pub theirs_reported: Option<u64>,
    /// Sorted by move.
    pub differ: Vec<Differ>,
    /// Moves we list that they do not.
    pub missing: Vec<OneSided>,
    /// Moves they list that we do not (illegal here).
    pub extra: Vec<OneSided>,
    /// Every move and count agree.
    pub agree: bool,
    /// The first differing move's position, `depth - 1` (none at depth 1 or
    /// when only moves are missing or extra: the bug is at this ply).
    pub next: Option<Next>,
}

/// The command line for one step of the hunt.
pub fn compare_command(depth: u32, fen: &str) -> String {
    format!("bitscope perft {depth} --fen \"{fen}\" --divide --compare -")
}

/// Compares our divide `ours` (UCI rows, as `divide_uci` gives) of `setup`
/// at `depth` with `theirs`.
pub fn compare(
    setup: &Setup,
    depth: u32,
    ours: &[(String, u64)],
    theirs: &TheirDivide,
) -> Comparison {
    let our: BTreeMap<&str, u64> = ours.iter().map(|(m, n)| (m.as_str(), *n)).collect();
    let their: BTreeMap<&str, u64> = theirs.rows.iter().map(|(m, n)| (m.as_str(), *n)).collect();
    let differ: Vec<Differ> = our
        .iter()
        .filter_map(|(&m, &n)| {
            let t = *their.get(m)?;
            (t != n).then(|| Differ {
                mv: m.to_string(),
                ours: n,
                theirs: t,
            })
        })
        .collect();
    let only = |a: &BTreeMap<&str, u64>, b: &BTreeMap<&str, u64>| -> Vec<OneSided> {
        a.iter()
            .filter(|(m, _)| !b.contains_key(*m))
            .map(|(m, &n)| OneSided {
                mv: m.to_string(),
                nodes: n,
            })
            .collect()
    };
    let missing = only(&our, &their);
    let extra = only(&their, &our);
    let next = differ.first().filter(|_| depth > 1).and_then(|d| {
        let m = setup.position.move_from_uci(&d.mv)?;
        let fen = setup.play(m).to_fen();
        Some(Next {
            mv: d.mv.clone(),
            command: compare_command(depth - 1, &fen),
            fen,
            depth: depth - 1,
        })
    });
    Comparison {
        fen: setup.to_fen(),
        depth,
        ours_total: our.values().sum(),
        theirs_total: their.values().sum(),
        theirs_reported: theirs.total,
        agree: differ.is_empty() && missing.is_empty() && extra.is_empty(),
        differ,
        missing,
        extra,
        next,
    }
}

/// The deepest perft [`depth_hint`] computes.
const HINT_MAX_DEPTH: u32 = 5;
/// [`depth_hint`] runs on the page: it stops before a perft it expects to
/// pass this many nodes.
const HINT_MAX_NODES: u64 = 8_000_000;
/// A total this far from a depth's (a fraction of it) is no hint.
const HINT_TOLERANCE: f64 = 0.05;

/// The depth a pasted divide was most likely taken at: the depth from 1 to
/// 5 whose perft total of `setup` is nearest `theirs_total` (within 5%),
/// with that total. It stops past twice `theirs_total`, or before a perft
/// expected to pass 8 million nodes.
pub fn depth_hint(setup: &Setup, theirs_total: u64) -> Option<(u32, u64)> {
    let mut best: Option<(u32, u64, f64)> = None;
    let mut previous = 1u64;
    for depth in 1..=HINT_MAX_DEPTH {
        let total = super::perft::perft(&setup.position, depth);
        let off = total.abs_diff(theirs_total) as f64 / total.max(1) as f64;
        if off <= HINT_TOLERANCE && best.is_none_or(|(_, _, o)| off < o) {
            best = Some((depth, total, off));
        }
        let next = total.saturating_mul(total / previous.max(1));
        if total > theirs_total.saturating_mul(2) || total == 0 || next > HINT_MAX_NODES {
            break;
        }
        previous = total;
    }
    best.map(|(d, t, _)| (d, t))
}

/// Plays `path` (UCI moves) from `root`: the position a bug hunt has
/// descended to.
///
/// # Errors
/// The first move that is not legal where it is played.
pub fn descend<S: AsRef<str>>(root: &Setup, path: &[S]) -> Result<Setup, PathError> {
    let mut at = *root;
    for (i, mv) in path.iter().enumerate() {
        let mv = mv.as_ref();
        let m = at.position.move_from_uci(mv).ok_or_else(|| PathError {
            index: i + 1,
            mv: mv.to_string(),
        })?;
        at = at.play(m);
    }
    Ok(at)
}

#[cfg(test)]
mod hint_tests {
    use super::*;
    use crate::chess::fen::Setup;

    #[test]
    fn a_divides_depth_is_read_from_its_total() {
        let start =
            Setup::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(depth_hint(&start, 8_902), Some((3, 8_902)));
        assert_eq!(depth_hint(&start, 8_901), Some((3, 8_902)));
        assert_eq!(depth_hint(&start, 197_281), Some((4, 197_281)));
        assert_eq!(depth_hint(&start, 20), Some((1, 20)));
        assert_eq!(depth_hint(&start, 5_000), None);
        assert_eq!(
            depth_hint(&start, 119_060_324),
            None,
            "past depth 5 it is not computed"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::perft::divide_uci;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    fn stockfish_style(rows: &[(String, u64)]) -> String {
        let mut s = String::from("Stockfish 15.1 by the Stockfish developers (see AUTHORS file)\ninfo string NNUE evaluation using nn-ad9b42354671.nnue enabled\n");
        for (m, n) in rows {
            s += &format!("{m}: {n}\n");
        }
        s += &format!(
            "\nNodes searched: {}\n",
            rows.iter().map(|r| r.1).sum::<u64>()
        );
        s
    }

    #[test]
    fn altered_removed_and_added_are_exactly_three() {
        let setup = Setup::from_fen(KIWIPETE).unwrap();
        let ours = divide_uci(&setup.position, 3);
        let mut theirs = ours.clone();
        // one count altered, one move removed, one illegal move added
        let altered = theirs.iter().position(|r| r.0 == "e1g1").unwrap();
        theirs[altered].1 += 7;
        let removed = theirs.iter().position(|r| r.0 == "a2a4").unwrap();
        let gone = theirs.remove(removed);
        theirs.push(("e1c3".into(), 41));
        let text = stockfish_style(&theirs);
        let parsed = parse_divide(&text).unwrap();
        assert_eq!(parsed.rows.len(), 48);
        assert_eq!(parsed.total, Some(theirs.iter().map(|r| r.1).sum()));
        let c = compare(&setup, 3, &ours, &parsed);
        assert!(!c.agree);
        assert_eq!(c.differ.len(), 1);
        assert_eq!(c.differ[0].mv, "e1g1");
        assert_eq!(c.differ[0].theirs, c.differ[0].ours + 7);
        assert_eq!(
            c.missing,
            [OneSided {
                mv: gone.0,
                nodes: gone.1
            }]
        );
        assert_eq!(
            c.extra,
            [OneSided {
                mv: "e1c3".into(),
                nodes: 41
            }]
        );
        let next = c.next.unwrap();
        assert_eq!(next.depth, 2);
        assert_eq!(
            next.fen,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"
        );
        assert!(next.command.starts_with("bitscope perft 2 --fen \"r3k2r/"));
        // the plain form reads the same
        let plain: String = ours.iter().map(|(m, n)| format!("{m} {n}\n")).collect();
        let c = compare(&setup, 3, &ours, &parse_divide(&plain).unwrap());
        assert!(c.agree && c.next.is_none());
        assert_eq!(c.ours_total, 97862);
    }

    #[test]
    fn promotions_and_bad_rows() {
        let setup = Setup::from_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1").unwrap();
        let ours = divide_uci(&setup.position, 1);
        let text: String = ours
            .iter()
            .map(|(m, n)| format!("{}: {n}\n", m.to_uppercase()))
            .collect();
        let c = compare(&setup, 1, &ours, &parse_divide(&text).unwrap());
        assert!(c.agree, "{c:?}");
        assert!(ours.iter().any(|r| r.0 == "b7a8q"));
        assert_eq!(
            parse_divide("e2e4: 20\nzz9: 5\n"),
            Err(CompareError::NotAMove {
                line: 2,
                text: "zz9".into()
            })
        );
        assert_eq!(
            parse_divide("e2e4: 20\nzz9: 5").unwrap_err().to_string(),
            "line 2: \"zz9\" is not a move (expected UCI such as e2e4 or e7e8q)"
        );
        assert!(matches!(
            parse_divide("e2e4 1\ne2e4 2"),
            Err(CompareError::Twice { line: 2, .. })
        ));
        assert_eq!(
            parse_divide("hello\n\nNodes searched: 0"),
            Err(CompareError::Empty)
        );
        assert!(matches!(
            parse_divide("e9e4: 3"),
            Err(CompareError::NotAMove { .. })
        ));
    }

    #[test]
    fn descend_plays_a_path() {
        let root = Setup::from_fen(KIWIPETE).unwrap();
        let at = descend(&root, &["e1g1", "a8b8"]).unwrap();
        assert_eq!(
            at.to_fen(),
            "1r2k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 w k - 2 2"
        );
        assert_eq!(
            descend(&root, &["e1g1", "e1g1"]).unwrap_err(),
            PathError {
                index: 2,
                mv: "e1g1".into()
            }
        );
    }
}
