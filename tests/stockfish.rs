//! Independent oracle: compare perft counts (and FEN text) with Stockfish on
//! random positions reached by random legal moves from the start position
//! and from Kiwipete. Release only (`cargo test --release`); skipped with a
//! message when /usr/games/stockfish is not installed.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use bitscope::chess::fen::Setup;
use bitscope::chess::perft::{divide_uci, perft};
use bitscope::chess::Position;

const STOCKFISH: &str = "/usr/games/stockfish";

/// xorshift64*: small, seeded, good enough to pick moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

struct Stockfish {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Stockfish {
    fn start() -> Stockfish {
        let mut child = Command::new(STOCKFISH)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start stockfish");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Stockfish {
            child,
            stdin,
            stdout,
        }
    }

    fn line(&mut self) -> String {
        let mut l = String::new();
        assert!(
            self.stdout.read_line(&mut l).unwrap() > 0,
            "stockfish exited"
        );
        l.trim().to_string()
    }

    /// (total, per-move divide)
    fn perft(&mut self, fen: &str, depth: u32) -> (u64, BTreeMap<String, u64>) {
        writeln!(self.stdin, "position fen {fen}\ngo perft {depth}").unwrap();
        let mut div = BTreeMap::new();
        loop {
            let l = self.line();
            if let Some(n) = l.strip_prefix("Nodes searched: ") {
                return (n.parse().unwrap(), div);
            }
            if let Some((mv, n)) = l.split_once(": ") {
                if let Ok(n) = n.parse() {
                    div.insert(mv.to_string(), n);
                }
            }
        }
    }

    /// Stockfish's own FEN of the position (from the `d` command).
    fn fen(&mut self, fen: &str) -> String {
        writeln!(self.stdin, "position fen {fen}\nd").unwrap();
        loop {
            let l = self.line();
            if let Some(f) = l.strip_prefix("Fen: ") {
                return f.to_string();
            }
        }
    }
}

fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let starts = [
        Position::startpos(),
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
            .unwrap(),
    ];
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for i in 0..count {
        let mut pos = starts[i % 2];
        let plies = 1 + rng.below(40);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
        }
        out.push(pos);
    }
    out
}

#[test]
#[cfg_attr(debug_assertions, ignore)]
fn random_positions_match_stockfish() {
    if !Path::new(STOCKFISH).exists() {
        // `make test` installs Debian's stockfish: in CI a missing oracle is a failure.
        assert!(
            std::env::var_os("CI").is_none(),
            "{STOCKFISH} not found: `make test` installs it (scripts/setup.sh test)"
        );
        eprintln!("SKIPPED: {STOCKFISH} not found; install stockfish to run this oracle test");
        return;
    }
    let mut sf = Stockfish::start();
    // CHESSCORE_SF_POSITIONS=n widens the sweep (default 30).
    let count = std::env::var("CHESSCORE_SF_POSITIONS")
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
        let sf_fen = sf.fen(&fen);
        let first4 = |f: &str| f.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
        assert_eq!(
            first4(&sf_fen),
            first4(&fen),
            "#{i} FEN text differs from Stockfish's"
        );
        // Perft.
        let depth = 4;
        let ours = perft(pos, depth);
        let (theirs, div) = sf.perft(&fen, depth);
        if ours != theirs {
            let mine: BTreeMap<String, u64> = divide_uci(pos, depth).into_iter().collect();
            let mut diff = String::new();
            for k in mine.keys().chain(div.keys()) {
                if mine.get(k) != div.get(k) {
                    diff += &format!("  {k}: ours {:?} stockfish {:?}\n", mine.get(k), div.get(k));
                }
            }
            panic!("#{i} {fen}: perft {depth} ours {ours} stockfish {theirs}\n{diff}");
        }
        nodes += ours;
    }
    let _ = writeln!(sf.stdin, "quit");
    let _ = sf.child.wait();
    eprintln!("{count} random positions agree with Stockfish at depth 4 ({nodes} nodes)");
}
