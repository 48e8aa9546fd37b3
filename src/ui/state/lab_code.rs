//! The Lab's C code mode (`mode=c`): `src` (the C source as typed, valid
//! or not), `fn` (the function run; absent: the last), `a.NAME` (each
//! parameter's value as typed: `-5`, `0xdeadbeef`), `cmp` (a second C
//! snippet to compare with; its last function). The step is the Lab's
//! `step`. And the six C presets, each a link to the Lab.

use super::{Params, UrlState};

/// Where the code mode's fields live in the URL.
const SRC: &str = "src";
const FN: &str = "fn";
const CMP: &str = "cmp";
const ARG: &str = "a.";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeState {
    /// The C source as typed (an invalid one is kept, its error shown).
    pub src: String,
    /// The function to run (`None`: the last one of the file).
    pub func: Option<String>,
    /// Each parameter's value as typed, sorted by name.
    pub args: Vec<(String, String)>,
    /// The second C snippet ("": no comparison).
    pub cmp: String,
}

impl Default for CodeState {
    fn default() -> Self {
        C_PRESETS[0].state()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeAction {
    SetSrc(String),
    /// Another function (`None`: the last).
    SetFn(Option<String>),
    /// One parameter's value as typed.
    SetArg(String, String),
    /// Several at once (a counterexample loaded).
    SetArgs(Vec<(String, String)>),
    SetCmp(String),
    /// One of [`C_PRESETS`] (by index).
    Preset(usize),
}

impl CodeState {
    /// The value typed for `name` ("0" when none).
    pub fn arg(&self, name: &str) -> &str {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .map_or("0", |(_, v)| v.as_str())
    }
}

/// Written by hand: the arguments' keys are the parameters' names
/// (`a.NAME`), not a fixed table. Nothing is written while the code is the
/// default (a link without code reads the default back).
impl UrlState for CodeState {
    fn from_params(p: &Params) -> CodeState {
        let d = CodeState::default();
        let args: Vec<(String, String)> = p
            .iter()
            .filter_map(|(k, v)| Some((k.strip_prefix(ARG)?.to_string(), v.to_string())))
            .filter(|(k, _)| !k.is_empty())
            .collect();
        // no code in the link at all: the default code, arguments included
        let args = if p.get(SRC).is_none() && args.is_empty() {
            d.args
        } else {
            args
        };
        CodeState {
            src: p.get(SRC).map_or(d.src, str::to_string),
            func: p.get(FN).map(str::to_string),
            args,
            cmp: p.get(CMP).unwrap_or_default().to_string(),
        }
    }

    fn to_params(&self) -> Params {
        let mut p = Params::default();
        if *self == CodeState::default() {
            return p;
        }
        p.set(SRC, self.src.clone());
        if let Some(f) = &self.func {
            p.set(FN, f.clone());
        }
        for (k, v) in &self.args {
            p.set(&format!("{ARG}{k}"), v.clone());
        }
        if !self.cmp.is_empty() {
            p.set(CMP, self.cmp.clone());
        }
        p
    }
}

impl CodeState {
    pub fn apply(self, action: CodeAction) -> CodeState {
        match action {
            CodeAction::SetSrc(src) => CodeState { src, ..self },
            CodeAction::SetFn(func) => CodeState { func, ..self },
            CodeAction::SetArg(name, value) => self.with_args([(name, value)]),
            CodeAction::SetArgs(args) => self.with_args(args),
            CodeAction::SetCmp(cmp) => CodeState { cmp, ..self },
            CodeAction::Preset(i) => C_PRESETS.get(i).map_or(self, CPreset::state),
        }
    }

    fn with_args(mut self, args: impl IntoIterator<Item = (String, String)>) -> CodeState {
        for (name, value) in args {
            if name.is_empty() {
                continue;
            }
            match self.args.binary_search_by(|(n, _)| n.cmp(&name)) {
                Ok(i) => self.args[i].1 = value,
                Err(i) => self.args.insert(i, (name, value)),
            }
        }
        self
    }
}

/// A classic C snippet: a link to the Lab's code mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CPreset {
    /// The test hook and name: `popcount`.
    pub id: &'static str,
    pub title: &'static str,
    pub src: &'static str,
    /// The parameters' values (name, as typed).
    pub args: &'static [(&'static str, &'static str)],
}

impl CPreset {
    pub fn state(&self) -> CodeState {
        let mut args: Vec<(String, String)> = self
            .args
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        args.sort();
        CodeState {
            src: self.src.to_string(),
            func: None,
            args,
            cmp: String::new(),
        }
    }

    /// The preset's index in [`C_PRESETS`].
    pub fn index(id: &str) -> Option<usize> {
        C_PRESETS.iter().position(|p| p.id == id)
    }
}

pub const C_PRESETS: [CPreset; 6] = [
    CPreset {
        id: "popcount",
        title: "parallel popcount (Bit Twiddling Hacks)",
        src: "#include <stdint.h>\n\n// count the set bits of v: 2-, 4-, then 8-bit sums, added by a multiply\nunsigned popcount(uint32_t v) {\n    v = v - ((v >> 1) & 0x55555555);\n    v = (v & 0x33333333) + ((v >> 2) & 0x33333333);\n    v = (v + (v >> 4)) & 0x0F0F0F0F;\n    return (v * 0x01010101) >> 24;\n}\n",
        args: &[("v", "0xdeadbeef")],
    },
    CPreset {
        id: "log2-debruijn",
        title: "log2 by a de Bruijn multiply and its 32-entry table",
        src: "#include <stdint.h>\n\nstatic const int table[32] = {\n    0, 9, 1, 10, 13, 21, 2, 29, 11, 14, 16, 18, 22, 25, 3, 30,\n    8, 12, 20, 28, 15, 17, 24, 7, 19, 27, 23, 6, 26, 5, 4, 31\n};\n\n// floor(log2(v)) for v > 0: smear the top bit down, then hash\nint log2_debruijn(uint32_t v) {\n    v |= v >> 1;\n    v |= v >> 2;\n    v |= v >> 4;\n    v |= v >> 8;\n    v |= v >> 16;\n    return table[(uint32_t)(v * 0x07C4ACDDu) >> 27];\n}\n",
        args: &[("v", "1000")],
    },
    CPreset {
        id: "round-up",
        title: "round up to a power of two (a loop that smears the bits)",
        src: "#include <stdint.h>\n\n// the next power of two at or above v (v = 0 gives 0)\nuint32_t round_up(uint32_t v) {\n    v--;\n    for (int s = 1; s < 32; s <<= 1) {\n        v |= v >> s;\n    }\n    return v + 1;\n}\n",
        args: &[("v", "37")],
    },
    CPreset {
        id: "is-less-or-equal",
        title: "the data lab's isLessOrEqual (x <= y with ! ~ & ^ | + << >> only)",
        src: "// 1 when x <= y, else 0: equal signs subtract safely, different signs decide\nint isLessOrEqual(int x, int y) {\n    int sx = (x >> 31) & 1;\n    int sy = (y >> 31) & 1;\n    int diff = y + (~x + 1);\n    int same = !(sx ^ sy);\n    return (same & !((diff >> 31) & 1)) | (sx & !sy);\n}\n",
        args: &[("x", "-5"), ("y", "3")],
    },
    CPreset {
        id: "morton",
        title: "Morton order: interleave the bits of two 16-bit values",
        src: "#include <stdint.h>\n\n// spread the 16 bits of x to the even bits of a 32-bit word\nuint32_t part1by1(uint32_t x) {\n    x &= 0x0000ffff;\n    x = (x | (x << 8)) & 0x00ff00ff;\n    x = (x | (x << 4)) & 0x0f0f0f0f;\n    x = (x | (x << 2)) & 0x33333333;\n    x = (x | (x << 1)) & 0x55555555;\n    return x;\n}\n\n// x in the even bits, y in the odd ones\nuint32_t morton(uint16_t x, uint16_t y) {\n    return part1by1(x) | (part1by1(y) << 1);\n}\n",
        args: &[("x", "0x00ff"), ("y", "0x0f0f")],
    },
    CPreset {
        id: "flip-vertical",
        title: "bitboard: flip vertically (rank 1 <-> rank 8) with uint64_t",
        src: "#include <stdint.h>\n\n// swap bytes, then 2-byte, then 4-byte halves: a1 goes to a8\nuint64_t flip_vertical(uint64_t b) {\n    const uint64_t k1 = 0x00FF00FF00FF00FFULL;\n    const uint64_t k2 = 0x0000FFFF0000FFFFULL;\n    b = ((b >> 8) & k1) | ((b & k1) << 8);\n    b = ((b >> 16) & k2) | ((b & k2) << 16);\n    b = (b >> 32) | (b << 32);\n    return b;\n}\n",
        args: &[("b", "0x000000000000ff0f")],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::c::{parse_arg, Program, RunOptions, Value};
    use crate::ui::state::UrlState;

    /// Runs a preset's entry (the last function) on its own arguments.
    fn run(p: &CPreset) -> (Value, usize) {
        let prog = Program::parse(p.src).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        let f = prog.entry(None).unwrap();
        let s = p.state();
        let args: Vec<Value> = f
            .params
            .iter()
            .map(|(n, ty)| parse_arg(s.arg(n), *ty).unwrap())
            .collect();
        let opts = RunOptions {
            trace: true,
            ..Default::default()
        };
        let r = prog
            .run_values(&f.name, &args, &opts)
            .unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(r.warnings.is_empty(), "{}: {:?}", p.id, r.warnings);
        (r.value.unwrap(), r.steps.len())
    }

    #[test]
    fn every_preset_parses_and_runs_to_its_known_value() {
        let want: [i128; 6] = [24, 9, 64, 1, 0x00aa_55ff, 0x0fff_0000_0000_0000];
        for (p, want) in C_PRESETS.iter().zip(want) {
            let (v, steps) = run(p);
            assert_eq!(v.get(), want, "{}", p.id);
            assert!(steps > 2, "{}", p.id);
            assert_eq!(CPreset::index(p.id).map(|i| C_PRESETS[i].id), Some(p.id));
        }
    }

    #[test]
    fn the_loop_preset_numbers_its_iterations() {
        let prog = Program::parse(C_PRESETS[2].src).unwrap();
        let opts = RunOptions {
            trace: true,
            ..Default::default()
        };
        let r = prog
            .run_values(
                "round_up",
                &[parse_arg("37", crate::lang::c::Scalar::UInt).unwrap()],
                &opts,
            )
            .unwrap();
        // s = 1, 2, 4, 8, 16 run the body; the sixth test of s < 32 ends it
        assert_eq!(r.steps.iter().filter_map(|s| s.iteration).max(), Some(6));
    }

    #[test]
    fn args_are_set_sorted_and_read_as_typed() {
        let s = CodeState::default()
            .apply(CodeAction::SetArg("w".into(), "-3".into()))
            .apply(CodeAction::SetArgs(vec![
                ("a".into(), "1".into()),
                ("v".into(), "7".into()),
            ]));
        let names: Vec<&str> = s.args.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a", "v", "w"]);
        assert_eq!((s.arg("v"), s.arg("w"), s.arg("none")), ("7", "-3", "0"));
        assert_eq!(s.clone().apply(CodeAction::Preset(99)), s);
    }

    #[test]
    fn every_field_survives_the_url() {
        use super::super::{through_url, LabAction, LabMode, LabState, PanelState, LAST_STEP};
        let long: String = [
            "#include <stdint.h>\n#define M(a) ((a) & 0xff) // # & + % = ?",
            "/* non-ASCII: é, ß, ∑, 🧮 */ int f(int x, int y) {",
            "  x += y % 3; x = x == y ? x + 1 : x - 1;\r\n\ttab\t",
            "  return M(x) & y | (x >> 2) ^ 100%7;\n}",
        ]
        .repeat(40)
        .join("\n");
        for src in [
            "",
            "int f(void) { return 0; }",
            long.as_str(),
            "a+b=c&d%e f/g #1 %41 %zz +",
        ] {
            for func in [None, Some("f"), Some("isLessOrEqual"), Some("")] {
                for args in [
                    vec![],
                    vec![("x", "-5"), ("y", "0xdeadbeef")],
                    vec![("v", "a&b=c+d% é#")],
                ] {
                    for (mode, step, cmp) in [
                        (LabMode::C, 0, ""),
                        (LabMode::C, LAST_STEP, long.as_str()),
                        (LabMode::Expr, 7, "int g(int a) { return a & 1; }"),
                    ] {
                        let code = CodeState {
                            src: src.to_string(),
                            func: func.map(str::to_string),
                            args: args
                                .iter()
                                .map(|(n, v)| (n.to_string(), v.to_string()))
                                .collect(),
                            cmp: cmp.to_string(),
                        };
                        let s = LabState {
                            mode,
                            step,
                            code,
                            ..LabState::default()
                        };
                        assert_eq!(through_url(&s), s, "{src:?} {func:?} {args:?}");
                    }
                }
            }
        }
        for (i, p) in C_PRESETS.iter().enumerate() {
            let s = LabState::default()
                .apply(LabAction::Mode(LabMode::C))
                .apply(LabAction::Code(CodeAction::Preset(i)));
            assert_eq!(s.code, p.state());
            assert_eq!(through_url(&s), s, "{}", p.id);
        }
        // an expression-mode link without code reads back the default code
        let e = LabState::default();
        assert!(e.to_params().get("src").is_none());
        assert_eq!(through_url(&e), e);
    }
}
