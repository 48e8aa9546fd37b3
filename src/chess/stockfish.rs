//! The one driver of the peer perft: Stockfish's UCI `go perft` (native only).
//!
//! Used by `bitscope bench perft` (speed ratio, measured in the same run) and
//! by the oracle tests (counts, divide and FEN text on random positions).
//!
//! ```no_run
//! use bitscope::chess::stockfish::Stockfish;
//! let mut sf = Stockfish::start()?;
//! let reply = sf.perft("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3)?;
//! assert_eq!(reply.nodes, 8902);
//! # Ok::<(), bitscope::chess::stockfish::StockfishError>(())
//! ```

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

use thiserror::Error;

/// Where Debian's `stockfish` package installs the engine.
pub const STOCKFISH_PATH: &str = "/usr/games/stockfish";

/// Why the peer could not answer.
#[derive(Debug, Error)]
pub enum StockfishError {
    #[error("cannot start {path}: {source} (apt-get install stockfish)")]
    Start {
        path: String,
        source: std::io::Error,
    },
    #[error("talking to stockfish: {0}")]
    Io(#[from] std::io::Error),
    #[error("stockfish exited before answering")]
    Exited,
    #[error("stockfish printed an unreadable count: {0:?}")]
    BadReply(String),
}

/// One `go perft` answer.
#[derive(Clone, Debug, PartialEq)]
pub struct PerftReply {
    /// `Nodes searched: N`.
    pub nodes: u64,
    /// The per-move lines (`e2e4: 20`), by UCI move.
    pub divide: BTreeMap<String, u64>,
    /// Wall time of the `go perft` command alone (engine started and ready).
    pub seconds: f64,
}

/// A running Stockfish process, single-threaded, ready for commands.
pub struct Stockfish {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Stockfish {
    /// Starts [`STOCKFISH_PATH`] with one thread and waits until it is ready.
    pub fn start() -> Result<Stockfish, StockfishError> {
        Self::start_at(STOCKFISH_PATH)
    }

    /// Starts the engine at `path` (one thread) and waits for `readyok`.
    pub fn start_at(path: &str) -> Result<Stockfish, StockfishError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| StockfishError::Start {
                path: path.to_string(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(StockfishError::Exited);
        };
        let mut sf = Stockfish {
            child,
            stdin,
            stdout: BufReader::new(stdout),
        };
        writeln!(sf.stdin, "uci\nsetoption name Threads value 1\nisready")?;
        while sf.line()? != "readyok" {}
        Ok(sf)
    }

    fn line(&mut self) -> Result<String, StockfishError> {
        let mut l = String::new();
        if self.stdout.read_line(&mut l)? == 0 {
            return Err(StockfishError::Exited);
        }
        Ok(l.trim().to_string())
    }

    /// `position fen FEN` + `go perft DEPTH`: the total, the divide and the time.
    pub fn perft(&mut self, fen: &str, depth: u32) -> Result<PerftReply, StockfishError> {
        writeln!(self.stdin, "position fen {fen}\nisready")?;
        while self.line()? != "readyok" {}
        let start = Instant::now();
        writeln!(self.stdin, "go perft {depth}")?;
        let mut divide = BTreeMap::new();
        loop {
            let l = self.line()?;
            if let Some(n) = l.strip_prefix("Nodes searched: ") {
                let nodes = n.parse().map_err(|_| StockfishError::BadReply(l.clone()))?;
                let seconds = start.elapsed().as_secs_f64();
                return Ok(PerftReply {
                    nodes,
                    divide,
                    seconds,
                });
            }
            if let Some((mv, n)) = l.split_once(": ") {
                if let Ok(n) = n.parse() {
                    divide.insert(mv.to_string(), n);
                }
            }
        }
    }

    /// Stockfish's own FEN of `fen` (from the `d` command).
    pub fn fen(&mut self, fen: &str) -> Result<String, StockfishError> {
        writeln!(self.stdin, "position fen {fen}\nd")?;
        loop {
            if let Some(f) = self.line()?.strip_prefix("Fen: ") {
                return Ok(f.to_string());
            }
        }
    }
}

impl Drop for Stockfish {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}
