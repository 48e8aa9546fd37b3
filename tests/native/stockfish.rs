//! Independent oracle: compare perft counts (and FEN text) with Stockfish on
//! random positions reached by random legal moves from the start position
//! and from Kiwipete. Release only (`cargo test --release`).
//!
//! The oracle is required: without /usr/games/stockfish this test FAILS
//! (`make test` installs it). Set `BITSCOPE_SKIP_STOCKFISH=1` to opt out
//! explicitly, e.g. on a machine where the package cannot be installed.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::rng::{random_walk, Rng};
use bitscope::chess::fen::Setup;
use bitscope::chess::perft::{divide_uci, perft};
use bitscope::chess::stockfish::{Stockfish, STOCKFISH_PATH};
use bitscope::chess::{Position, CPW_POSITIONS};

/// The explicit opt-out; nothing else makes this test skip.
const OPT_OUT: &str = "BITSCOPE_SKIP_STOCKFISH";

fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let starts = [CPW_POSITIONS[0].1, CPW_POSITIONS[1].1].map(|f| Position::from_fen(f).unwrap());
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| random_walk(starts[i % 2], 40, &mut rng))
        .collect()
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn random_positions_match_stockfish() {
    if std::env::var_os(OPT_OUT).is_some_and(|v| v == "1") {
        eprintln!("SKIPPED on request ({OPT_OUT}=1): the Stockfish oracle did not run");
        return;
    }
    assert!(
        Path::new(STOCKFISH_PATH).exists(),
        "{STOCKFISH_PATH} not found: `make test` installs it (scripts/setup.sh test); \
         set {OPT_OUT}=1 to skip this oracle on purpose"
    );
    let mut sf = Stockfish::start().expect("start stockfish");
    // BITSCOPE_SF_POSITIONS=n widens the sweep (default 30).
    let count = std::env::var("BITSCOPE_SF_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30);
    let positions = random_positions(count, 0x0B17_5C0B_E2E4_E7E5);
    let mut nodes = 0u64;
    for (i, pos) in positions.iter().enumerate() {
        let fen = pos.to_fen();
        // FEN round trip.
        let setup = Setup::from_fen(&fen).unwrap_or_else(|e| panic!("#{i} {fen}: {e}"));
        assert_eq!(setup.position, *pos, "#{i} round trip {fen}");
        assert_eq!(setup.to_fen(), fen);
        // Stockfish reads it back to the same text (board, side, castling, ep).
        let sf_fen = sf.fen(&fen).expect("stockfish d");
        let first4 = |f: &str| f.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        assert_eq!(
            first4(&sf_fen),
            first4(&fen),
            "#{i} FEN text differs from Stockfish's"
        );
        // Perft, and on a mismatch the moves whose subtrees differ.
        let depth = 4;
        let ours = perft(pos, depth);
        let theirs = sf.perft(&fen, depth).expect("stockfish go perft");
        if ours != theirs.nodes {
            let mine: BTreeMap<String, u64> = divide_uci(pos, depth).into_iter().collect();
            let mut diff = String::new();
            for k in mine.keys().chain(theirs.divide.keys()) {
                if mine.get(k) != theirs.divide.get(k) {
                    let (a, b) = (mine.get(k), theirs.divide.get(k));
                    diff += &format!("  {k}: ours {a:?} stockfish {b:?}\n");
                }
            }
            panic!(
                "#{i} {fen}: perft {depth} ours {ours} stockfish {}\n{diff}",
                theirs.nodes
            );
        }
        nodes += ours;
    }
    assert!(nodes > 0);
    eprintln!("{count} random positions agree with Stockfish at depth 4 ({nodes} nodes)");
}

/// The driver itself: known counts and divide from the start position, so a
/// driver that misreads Stockfish's output cannot make the oracle agree.
#[test]
fn driver_reads_counts_and_divide() {
    if std::env::var_os(OPT_OUT).is_some_and(|v| v == "1") {
        return;
    }
    let mut sf = Stockfish::start().expect("start stockfish (apt-get install stockfish)");
    let reply = sf.perft(CPW_POSITIONS[0].1, 2).unwrap();
    assert_eq!(reply.nodes, 400);
    assert_eq!(reply.divide.len(), 20);
    assert_eq!(reply.divide.get("e2e4"), Some(&20));
}
