//! What a trick shows, step by step.
//!
//! Every trick in `bits/` returns its value *and* a [`Trace`]: the ordered
//! [`Step`]s a person would write on paper. The UI draws `Step::value` with
//! `Step::highlight`; the CLI prints [`Trace::to_text`] or the JSON form. Both
//! render the same data, so the browser shows exactly what the tests check.
//!
//! ```text
//! step 1  v & -v     0000_1000   (highlight: bit 3)
//! step 2  * magic    1110_1000
//! step 3  >> 5       0000_0111
//! ```

use super::word::Word;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The mark after a check against a plain reference: ✓ or ✗.
pub fn check_mark(ok: bool) -> &'static str {
    if ok {
        "✓"
    } else {
        "✗"
    }
}

/// A named word shown beside a step (an operand such as `x`, `y` or `H`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Operand {
    pub name: String,
    pub value: Word,
}

/// One step of a trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// What the step does, in words: "isolate the lowest set bit".
    pub label: String,
    /// The expression evaluated at this step: "v & -v".
    pub expr: String,
    /// The value the expression gives.
    pub value: Word,
    /// Bits of `value` to draw highlighted (a window, a leaked carry...).
    #[serde(default, skip_serializing_if = "is_zero", with = "hex_mask")]
    pub highlight: u64,
    /// Lane width to group the bits by, when the step works on lanes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lane_bits: Option<u32>,
    /// A sentence or two on why, with the numbers of this input.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// Words shown beside the value (operands, masks).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub operands: Vec<Operand>,
    /// Small per-cell values when the step shows a board or lanes
    /// (trits 0..=2 per square, nibble codes per square, lane results).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<i64>,
}

fn is_zero(v: &u64) -> bool {
    *v == 0
}

/// A u64 as `0x…` text in serde (a JS number holds 53 bits).
pub mod hex_mask {
    use serde::{Deserialize, Deserializer, Serializer};
    pub fn serialize<S: Serializer>(v: &u64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("0x{v:x}"))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
        let s = String::deserialize(d)?;
        u64::from_str_radix(s.trim_start_matches("0x"), 16).map_err(serde::de::Error::custom)
    }
}

impl Step {
    /// A step with a label, an expression and its value; the rest empty.
    pub fn new(label: impl Into<String>, expr: impl Into<String>, value: Word) -> Step {
        Step {
            label: label.into(),
            expr: expr.into(),
            value,
            highlight: 0,
            lane_bits: None,
            note: String::new(),
            operands: Vec::new(),
            cells: Vec::new(),
        }
    }

    pub fn highlight(mut self, mask: u64) -> Step {
        self.highlight = mask & super::word::mask(self.value.width);
        self
    }

    pub fn lanes(mut self, lane_bits: u32) -> Step {
        self.lane_bits = Some(lane_bits);
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Step {
        self.note = note.into();
        self
    }

    pub fn operand(mut self, name: impl Into<String>, value: Word) -> Step {
        self.operands.push(Operand {
            name: name.into(),
            value,
        });
        self
    }

    pub fn cells(mut self, cells: impl IntoIterator<Item = i64>) -> Step {
        self.cells = cells.into_iter().collect();
        self
    }
}

/// The final value of a trick, as the CLI's `"result"` and the UI's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Outcome {
    /// A number: a bit index, a signed value.
    Number(i64),
    /// One word, written `"0x..."`.
    Word(Word),
    /// Trits per square and their 5-per-byte packing.
    Trits { trits: Vec<u8>, packed: Vec<u8> },
    /// Several words (a board as four u64).
    Words(Vec<Word>),
    /// Raw bytes.
    Bytes(Vec<u8>),
    /// A search's outcome: its leaves (results) and the branches it cut.
    Search { leaves: u64, cuts: u64 },
    /// Quad-bitboards: board k holds bit k of every square's code,
    /// `{"quad": ["0x...", "0x...", "0x...", "0x..."]}`.
    Quad { quad: Vec<Word> },
}

/// A trick applied to one input: its steps and its result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trace {
    /// Which trick: "sign-extend", "debruijn-scan", "swar-add", ...
    pub trick: String,
    /// The trick with this input, for a heading: "sign extension of 0xb".
    pub title: String,
    pub steps: Vec<Step>,
    pub result: Outcome,
}

impl Trace {
    pub fn new(trick: impl Into<String>, title: impl Into<String>, result: Outcome) -> Trace {
        Trace {
            trick: trick.into(),
            title: title.into(),
            steps: Vec::new(),
            result,
        }
    }

    pub fn step(mut self, step: Step) -> Trace {
        self.steps.push(step);
        self
    }

    pub fn push(&mut self, step: Step) {
        self.steps.push(step);
    }

    /// The trace as the CLI prints it: one block per step.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.title);
        for (i, s) in self.steps.iter().enumerate() {
            let group = s.lane_bits.unwrap_or(if s.value.width > 8 { 4 } else { 0 });
            let _ = writeln!(out, "{:>2}. {}", i + 1, s.label);
            let row = |name: String, sep: &str, value: &Word| {
                format!(
                    "    {name} {sep} {}  ({})",
                    value.binary(group),
                    value.hex()
                )
            };
            let _ = writeln!(out, "{}", row(format!("{:<28}", s.expr), "=", &s.value));
            for op in &s.operands {
                let _ = writeln!(out, "{}", row(format!("{:>28}", op.name), " ", &op.value));
            }
            if s.highlight != 0 {
                let marks: String = (0..s.value.width)
                    .rev()
                    .map(|b| if s.highlight >> b & 1 == 1 { '^' } else { ' ' })
                    .enumerate()
                    .fold(String::new(), |mut acc, (k, c)| {
                        let bit = s.value.width - 1 - k as u32;
                        acc.push(c);
                        if group > 0 && bit > 0 && bit.is_multiple_of(group) {
                            acc.push(' ');
                        }
                        acc
                    });
                let _ = writeln!(out, "    {:<28}   {}", "", marks);
            }
            if !s.note.is_empty() {
                let _ = writeln!(out, "    {}", s.note);
            }
        }
        let _ = writeln!(out, "result: {}", self.result_text());
        out
    }

    /// The result in words, for the text form.
    pub fn result_text(&self) -> String {
        match &self.result {
            Outcome::Number(n) => n.to_string(),
            Outcome::Word(w) => w.hex(),
            Outcome::Words(ws) => ws.iter().map(|w| w.hex()).collect::<Vec<_>>().join(" "),
            Outcome::Bytes(b) => format!("{b:?}"),
            Outcome::Search { leaves, cuts } => format!("{leaves} leaves, {cuts} cuts"),
            Outcome::Quad { quad } => quad
                .iter()
                .enumerate()
                .map(|(k, w)| format!("q{k} {}", w.hex()))
                .collect::<Vec<_>>()
                .join(" "),
            Outcome::Trits { trits, packed } => format!(
                "trits {} | packed {:?}",
                trits
                    .iter()
                    .map(|t| char::from(b'0' + t))
                    .collect::<String>(),
                packed
            ),
        }
    }

    /// The JSON form (one line).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip() {
        let t = Trace::new("demo", "demo of 0xb", Outcome::Number(-5)).step(
            Step::new("read", "x", Word::new(0xb, 4))
                .highlight(0b1000)
                .note("bit 3 is the sign")
                .operand("x", Word::new(0xb, 4)),
        );
        let json = t.to_json();
        assert!(json.contains("\"value\":\"0xb\""), "{json}");
        assert!(json.contains("\"highlight\":\"0x8\""), "{json}");
        assert!(json.contains("\"result\":-5"), "{json}");
        let back: Trace = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
        assert!(t.to_text().contains("1011"));
    }

    #[test]
    fn outcomes_serialize_as_documented() {
        let w = serde_json::to_string(&Outcome::Word(Word::new(0xff, 32))).unwrap();
        assert_eq!(w, "\"0x000000ff\"");
        let t = serde_json::to_string(&Outcome::Trits {
            trits: vec![0, 1, 2],
            packed: vec![21],
        })
        .unwrap();
        assert_eq!(t, "{\"trits\":[0,1,2],\"packed\":[21]}");
        let q = Outcome::Quad {
            quad: vec![Word::new(1, 64), Word::new(0, 64)],
        };
        let json = serde_json::to_string(&q).unwrap();
        assert_eq!(
            json,
            "{\"quad\":[\"0x0000000000000001\",\"0x0000000000000000\"]}"
        );
        assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), q);
    }
}
