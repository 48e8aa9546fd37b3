//! Perft suites in the usual EPD form, one position a line:
//!
//! ```text
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902
//! ```
//!
//! [`parse_suite`] reads every line it can and names the others with their
//! line number and reason; [`run_line`] counts one line's depths with any
//! counter (the CPU threads, the GPU, the browser's workers) up to a node
//! budget; [`Summary`] adds the results up. The CLI's `perft --epd` and the
//! Position panel's "run a suite" both only render these.
//!
//! ```
//! use bitscope::chess::suite::{parse_suite, run_line, Summary};
//! use bitscope::chess::perft;
//! let text = "8/8/8/8/8/K7/P7/k7 w - - 0 1 ;D1 3 ;D2 7 ;D3 43\n# a comment\n8/8 w ;D1 3\n";
//! let (lines, bad) = parse_suite(text);
//! assert_eq!(lines.len(), 1);
//! assert_eq!(bad[0].line, 3);
//! let r = run_line(&lines[0], 1_000, |p, d| Ok::<u64, ()>(perft(p, d))).unwrap();
//! assert!(r.ok);
//! assert_eq!(r.depths.len(), 3);
//! let s = Summary::new(&[r], &bad);
//! assert!(!s.all_agree); // a line could not be read
//! ```

use super::fen::{FenError, Setup};
pub use super::perft::{nodes_per_second, Speed};
use super::position::Position;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The usual node budget per count: `--max-nodes`' default.
pub const DEFAULT_MAX_NODES: u64 = 1_000_000_000;

/// Why one EPD line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SuiteError {
    #[error("no FEN before the first ';'")]
    NoFen,
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
    #[error("{0:?} is not a depth and count such as ;D3 8902")]
    BadField(String),
    #[error("no depths (expected ;D1 20 ;D2 400 ...)")]
    NoDepths,
}

/// A line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineError {
    /// 1-based.
    pub line: usize,
    #[serde(serialize_with = "as_text")]
    pub error: SuiteError,
}

fn as_text<S: serde::Serializer>(e: &SuiteError, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&e.to_string())
}

/// One position of a suite and its known counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteLine {
    /// 1-based line number in the text.
    pub line: usize,
    pub fen: String,
    pub position: Position,
    /// (depth, expected nodes), in the order given.
    pub depths: Vec<(u32, u64)>,
}

fn parse_field(field: &str) -> Option<(u32, u64)> {
    let rest = field
        .strip_prefix('D')
        .or_else(|| field.strip_prefix('d'))?;
    let mut words = rest.split_whitespace();
    let depth = words.next()?.parse().ok()?;
    let nodes = words.next()?.parse().ok()?;
    words.next().is_none().then_some((depth, nodes))
}

/// Reads one EPD line (`FEN ;D1 n1 ;D2 n2 ...`).
pub fn parse_line(line: usize, text: &str) -> Result<SuiteLine, SuiteError> {
    let mut fields = text.split(';');
    let fen = fields.next().unwrap_or("").trim();
    if fen.is_empty() {
        return Err(SuiteError::NoFen);
    }
    let position = Setup::from_fen(fen)?.position;
    let mut depths = Vec::new();
    for field in fields.map(str::trim).filter(|f| !f.is_empty()) {
        let d = parse_field(field).ok_or_else(|| SuiteError::BadField(field.to_string()))?;
        if d.0 == 0 || d.0 > 15 {
            return Err(SuiteError::BadField(field.to_string()));
        }
        depths.push(d);
    }
    if depths.is_empty() {
        return Err(SuiteError::NoDepths);
    }
    Ok(SuiteLine {
        line,
        fen: fen.to_string(),
        position,
        depths,
    })
}

/// Every line of an EPD text: the ones read, and the ones that could not be
/// (blank lines and `#` comments are skipped).
pub fn parse_suite(text: &str) -> (Vec<SuiteLine>, Vec<LineError>) {
    let mut lines = Vec::new();
    let mut bad = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match parse_line(i + 1, t) {
            Ok(l) => lines.push(l),
            Err(error) => bad.push(LineError { line: i + 1, error }),
        }
    }
    (lines, bad)
}

impl SuiteLine {
    /// The depths whose expected count is within `max_nodes` (the rest are
    /// skipped).
    pub fn planned(&self, max_nodes: u64) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.depths
            .iter()
            .copied()
            .filter(move |d| d.1 <= max_nodes)
    }
}

/// One depth of one line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DepthResult {
    pub depth: u32,
    pub expected: u64,
    /// `None`: skipped (the expected count is over the budget).
    pub counted: Option<u64>,
    pub ok: bool,
    pub seconds: f64,
}

/// One line counted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineResult {
    pub line: usize,
    pub fen: String,
    pub depths: Vec<DepthResult>,
    /// Every counted depth agrees.
    pub ok: bool,
    /// The counted depths' nodes and time, together.
    #[serde(flatten)]
    pub speed: Speed,
}

impl LineResult {
    /// The depths that were counted.
    pub fn checked(&self) -> impl Iterator<Item = &DepthResult> {
        self.depths.iter().filter(|d| d.counted.is_some())
    }
}

/// Counts `line`'s depths within `max_nodes` with `count(position, depth)`,
/// timed by the wall clock (native).
///
/// # Errors
/// The counter's error (a GPU error, a cancel), as it is.
#[cfg(not(target_arch = "wasm32"))]
pub fn run_line<E>(
    line: &SuiteLine,
    max_nodes: u64,
    count: impl FnMut(&Position, u32) -> Result<u64, E>,
) -> Result<LineResult, E> {
    let start = std::time::Instant::now();
    run_line_timed(line, max_nodes, || start.elapsed().as_secs_f64(), count)
}

/// [`run_line`] with any clock (`now()` in seconds; the browser's
/// `performance.now()` in a worker).
///
/// # Errors
/// The counter's error, as it is.
pub fn run_line_timed<E>(
    line: &SuiteLine,
    max_nodes: u64,
    mut now: impl FnMut() -> f64,
    mut count: impl FnMut(&Position, u32) -> Result<u64, E>,
) -> Result<LineResult, E> {
    let mut depths = Vec::new();
    for &(depth, expected) in &line.depths {
        if expected > max_nodes {
            depths.push(DepthResult {
                depth,
                expected,
                counted: None,
                ok: true,
                seconds: 0.0,
            });
            continue;
        }
        let t0 = now();
        let n = count(&line.position, depth)?;
        depths.push(DepthResult {
            depth,
            expected,
            counted: Some(n),
            ok: n == expected,
            seconds: now() - t0,
        });
    }
    Ok(LineResult::new(line, depths))
}

impl LineResult {
    /// A line's result from its depths (also for counts made elsewhere,
    /// such as the browser's workers).
    pub fn new(line: &SuiteLine, depths: Vec<DepthResult>) -> LineResult {
        let nodes = depths.iter().filter_map(|d| d.counted).sum();
        let seconds = depths.iter().map(|d| d.seconds).sum();
        LineResult {
            line: line.line,
            fen: line.fen.clone(),
            ok: depths.iter().all(|d| d.ok),
            speed: Speed::new(nodes, seconds),
            depths,
        }
    }
}

/// A whole run added up.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub positions: usize,
    /// Counts compared with the file.
    pub counts_checked: usize,
    /// Counts over the budget, not run.
    pub counts_skipped: usize,
    /// Line numbers whose counts differ.
    pub failed: Vec<usize>,
    /// Lines that could not be read.
    pub unreadable: Vec<LineError>,
    /// Every count agrees and every line was read.
    pub all_agree: bool,
    /// Every line's nodes and time, together.
    #[serde(flatten)]
    pub speed: Speed,
}

impl Summary {
    pub fn new(results: &[LineResult], unreadable: &[LineError]) -> Summary {
        let nodes = results.iter().map(|r| r.speed.nodes).sum();
        let seconds = results.iter().map(|r| r.speed.seconds).sum();
        let failed: Vec<usize> = results.iter().filter(|r| !r.ok).map(|r| r.line).collect();
        Summary {
            positions: results.len(),
            counts_checked: results.iter().map(|r| r.checked().count()).sum(),
            counts_skipped: results
                .iter()
                .map(|r| r.depths.len() - r.checked().count())
                .sum(),
            all_agree: failed.is_empty() && unreadable.is_empty(),
            failed,
            unreadable: unreadable.to_vec(),
            speed: Speed::new(nodes, seconds),
        }
    }

    /// The CLI's exit status: 0 all agree, 1 a count differs, 2 a line
    /// could not be read.
    pub fn exit_code(&self) -> i32 {
        if !self.unreadable.is_empty() {
            2
        } else {
            i32::from(!self.failed.is_empty())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::perft::perft;

    #[test]
    fn lines_read_and_bad_lines_say_why() {
        let text =
            "\n# suite\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n\
                    ;D1 20\n\
                    8/8/8/8/8/8/8/8 w - - ;D1 1\n\
                    4k3/8/8/8/8/8/8/4K2R w K - ;D1 15;D2 66\n\
                    4k3/8/8/8/8/8/8/4K2R w K - ;D1 x\n\
                    4k3/8/8/8/8/8/8/4K2R w K -\n";
        let (lines, bad) = parse_suite(text);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].line, 3);
        assert_eq!(lines[0].depths, [(1, 20), (2, 400)]);
        assert_eq!(lines[1].depths, [(1, 15), (2, 66)]);
        assert_eq!(lines[1].fen, "4k3/8/8/8/8/8/8/4K2R w K -");
        let at: Vec<usize> = bad.iter().map(|b| b.line).collect();
        assert_eq!(at, [4, 5, 7, 8]);
        assert_eq!(bad[0].error, SuiteError::NoFen);
        assert!(matches!(bad[1].error, SuiteError::Fen(_)));
        assert_eq!(bad[2].error, SuiteError::BadField("D1 x".into()));
        assert_eq!(bad[3].error, SuiteError::NoDepths);
    }

    #[test]
    fn a_wrong_count_fails_its_line_and_the_budget_skips() {
        let (lines, _) =
            parse_suite("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67 ;D3 1197 ;D4 7059\n");
        let r = run_line_timed(&lines[0], 2000, || 0.0, |p, d| Ok::<u64, ()>(perft(p, d))).unwrap();
        assert!(!r.ok);
        let counted: Vec<Option<u64>> = r.depths.iter().map(|d| d.counted).collect();
        assert_eq!(counted, [Some(15), Some(66), Some(1197), None]);
        assert!(!r.depths[1].ok && r.depths[2].ok && r.depths[3].ok);
        assert_eq!(r.speed.nodes, 15 + 66 + 1197);
        let s = Summary::new(&[r], &[]);
        assert_eq!((s.counts_checked, s.counts_skipped), (3, 1));
        assert_eq!(s.failed, [1]);
        assert_eq!(s.exit_code(), 1);
        assert!(!s.all_agree);
    }

    #[test]
    fn parsing_never_panics() {
        for text in [
            "",
            ";",
            ";;D1",
            "x ;D",
            " ; D1 1",
            "8/8/8/8/8/8/8/8 w - - ;D99 1",
        ] {
            let _ = parse_suite(text);
        }
    }
}
