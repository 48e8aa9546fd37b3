//! Reader of `tests/perft_suite.txt`, the one perft data file of the CPU and
//! the GPU tests (format as in shakmaty's `tests/*.perft`):
//!
//! ```text
//! id <name>
//! epd <FEN, 4 or 6 fields>
//! perft <depth> <leaf nodes>
//! ```

/// One position of the suite with its known counts.
pub struct Case {
    pub id: String,
    pub fen: String,
    /// (depth, nodes), ascending depth.
    pub counts: Vec<(u32, u64)>,
}

impl Case {
    /// The known count at `depth`, if the file has it.
    pub fn nodes(&self, depth: u32) -> Option<u64> {
        self.counts.iter().find(|c| c.0 == depth).map(|c| c.1)
    }
}

/// Every case of `tests/perft_suite.txt`; panics on a malformed line (a test
/// data error, with its line number).
pub fn perft_suite() -> Vec<Case> {
    let text = include_str!("../../perft_suite.txt");
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = n + 1;
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cases.push(Case {
                id: rest.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => cases.last_mut().expect("epd before id").fen = rest.to_string(),
            "perft" => {
                let numbers: Vec<u64> = rest
                    .split_whitespace()
                    .map(|x| x.parse().unwrap_or_else(|_| panic!("line {at}: {x:?}")))
                    .collect();
                let [depth, nodes] = numbers[..] else {
                    panic!("perft_suite.txt line {at}: want `perft DEPTH NODES`");
                };
                let case = cases.last_mut().expect("perft before id");
                case.counts.push((depth as u32, nodes));
            }
            _ => panic!("perft_suite.txt line {at}: unknown key {key}"),
        }
    }
    cases
}

/// The suite case called `id` (panics if the file has none).
pub fn case(id: &str) -> Case {
    perft_suite()
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no case {id:?} in perft_suite.txt"))
}
