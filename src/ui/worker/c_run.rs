//! The worker runs the Lab's C code ([`Request::RunC`](super::Request::RunC)):
//! the C interpreter (`lang::c`'s parser and evaluator) is only in the
//! worker's module, so the page's first load does not carry it. The page
//! gets the file's functions, the one run, its parameters and the trace.

use crate::bits::word::Word;
use crate::lang::c::trace::{CStep, ExprValue};
pub use crate::lang::c::CError;
use serde::{Deserialize, Serialize};

/// A C value as the page shows it: its type's name and width, its bits,
/// and the decimal and hex C would print (worked out in the worker).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CValueView {
    pub ty: String,
    pub width: u32,
    #[serde(with = "crate::bits::trace::hex_mask")]
    pub bits: u64,
    pub decimal: String,
    pub hex: String,
    /// A float's fields, class and exact value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub float: Option<FloatFields>,
}

/// A `float` or `double` in its IEEE fields:
///
/// ```text
/// 0 10000000 10010010000111111011011   sign, exponent (biased), fraction
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FloatFields {
    pub sign: bool,
    pub exponent: u64,
    pub exponent_bits: u32,
    /// The exponent without its bias (the subnormals' for zero too).
    pub unbiased: i64,
    pub fraction: u64,
    pub fraction_bits: u32,
    /// "normal", "subnormal", "zero", "infinity", "quiet NaN", ...
    pub class: String,
    /// Every decimal digit of the value, or "inf", "nan".
    pub exact: String,
}

impl FloatFields {
    /// `sign 0 · exponent 10000000 (2^1) · fraction 1001…`, the class, and
    /// the exact value.
    pub fn text(&self) -> String {
        let e = format!("{:0w$b}", self.exponent, w = self.exponent_bits as usize);
        let f = format!("{:0w$b}", self.fraction, w = self.fraction_bits as usize);
        let power = match self.class.as_str() {
            "normal" | "subnormal" => format!(" (2^{})", self.unbiased),
            _ => String::new(),
        };
        let exact = match self.class.as_str() {
            "normal" | "subnormal" | "zero" => format!(", exactly {}", self.exact),
            _ => String::new(),
        };
        format!(
            "sign {} · exponent {e}{power} · fraction {f}: {}{exact}",
            u8::from(self.sign),
            self.class
        )
    }
}

impl CValueView {
    /// The bits as a word of the type's width (1 for `_Bool`).
    pub fn word(&self) -> Word {
        Word::new(self.bits, self.width.max(1))
    }
}

/// A variable after a step: its value (`None`: not set yet, or an array),
/// the bits the step changed, an array's length and changed elements.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CVarView {
    pub name: String,
    pub ty: String,
    pub value: Option<CValueView>,
    #[serde(with = "crate::bits::trace::hex_mask")]
    pub changed: u64,
    pub elements: usize,
    pub elements_changed: usize,
    /// A union's or struct's bytes, little-endian (`--` never written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<String>,
}

/// A sub-expression and its value, for the page.
pub type CExprView = ExprValue<CValueView>;

/// One step of the run, for the page.
pub type CStepView = CStep<CValueView, CVarView>;

/// Why there is no run: the C (with its line and column) or an argument.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CProblem {
    C(CError),
    Arg { name: String, message: String },
}

/// One run, as the page draws it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CRun {
    pub value: Option<CValueView>,
    pub steps: Vec<CStepView>,
    pub truncated: bool,
    pub warnings: Vec<String>,
}

/// What the worker answers: the source it ran, the file's functions (empty
/// when it does not parse), the function run and its parameters (names and
/// type names), and the run or the problem (both: a run that stopped at
/// its error, with the steps before it and no value).
///
/// A source with two statements on a line runs laid out one statement a
/// line (`Program::laid_out`): `src` is then that listing, the steps' lines
/// are its lines, and `laid_out` is true; an error's line and column stay
/// those of the source as typed (the editor shows them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CRunDone {
    pub src: String,
    #[serde(default)]
    pub laid_out: bool,
    pub functions: Vec<String>,
    pub name: String,
    pub params: Vec<(String, String)>,
    pub run: Option<CRun>,
    pub problem: Option<CProblem>,
}

#[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
mod of {
    use super::*;
    use crate::lang::c::trace::Conversion;
    use crate::lang::c::{Value, VarView};

    pub fn value(v: Value) -> CValueView {
        CValueView {
            ty: v.ty.name().into(),
            width: v.ty.bits(),
            bits: v.bits,
            decimal: v.decimal(),
            hex: v.hex(),
            float: fields(v),
        }
    }

    fn fields(v: Value) -> Option<FloatFields> {
        let format = v.ty.format()?;
        let d = crate::bits::float::decode::decoded(format, v.bits).ok()?;
        Some(FloatFields {
            sign: d.sign,
            exponent: d.exponent,
            exponent_bits: format.exp_bits,
            unbiased: d.unbiased,
            fraction: d.fraction,
            fraction_bits: format.frac_bits,
            class: d.class.name().into(),
            exact: d.exact,
        })
    }

    fn var(v: &VarView) -> CVarView {
        let bytes = v.record.as_ref().map(|_| {
            let b: Vec<String> = v
                .elements
                .iter()
                .map(|e| e.map_or("--".into(), |x| format!("{:02x}", x.bits)))
                .collect();
            b.join(" ")
        });
        CVarView {
            name: v.name.clone(),
            ty: v.record.clone().unwrap_or_else(|| v.ty.name().into()),
            value: v.value.map(value),
            changed: v.changed,
            elements: v.elements.len(),
            elements_changed: v.elements_changed,
            bytes,
        }
    }

    pub fn step(s: &CStep) -> CStepView {
        CStepView {
            line: s.line,
            function: s.function.clone(),
            text: s.text.clone(),
            kind: s.kind,
            value: s.value.map(value),
            iteration: s.iteration,
            vars: s.vars.iter().map(var).collect(),
            note: s.note.clone(),
            exprs: s
                .exprs
                .iter()
                .map(|e| CExprView {
                    text: e.text.clone(),
                    value: value(e.value),
                    conversion: e.conversion.as_ref().map(|c| Conversion {
                        before: value(c.before),
                        why: c.why,
                        within: c.within.clone(),
                        rule: c.rule.clone(),
                        changes: c.changes,
                    }),
                })
                .collect(),
            warnings: s.warnings.clone(),
        }
    }
}

impl CRunDone {
    /// Parses, picks the function (a name that is gone: the last), reads
    /// the arguments as typed (`0` for one not given) and runs with a trace.
    #[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
    pub fn compute(src: &str, func: Option<&str>, args: &[(String, String)]) -> CRunDone {
        use crate::lang::c::Program;
        let mut done = CRunDone {
            src: src.to_string(),
            laid_out: false,
            functions: Vec::new(),
            name: String::new(),
            params: Vec::new(),
            run: None,
            problem: None,
        };
        let typed = match Program::parse(src) {
            Ok(p) => p,
            Err(e) => {
                done.problem = Some(CProblem::C(e));
                return done;
            }
        };
        let laid_out = typed.laid_out();
        let p = laid_out.as_ref().map_or(&typed, |(p, _)| p);
        if let Some((_, text)) = &laid_out {
            (done.src, done.laid_out) = (text.clone(), true);
        }
        done.functions = p.functions().iter().map(|f| f.name.clone()).collect();
        let Ok(f) = p.entry(func).or_else(|_| p.entry(None)) else {
            return done;
        };
        done.name = f.name.clone();
        done.params = f
            .params
            .iter()
            .map(|(n, t)| (n.clone(), t.name().to_string()))
            .collect();
        match read_args(&f.params, args) {
            Ok(values) => {
                let (run, problem) = traced_run(&typed, p, &f.name, &values);
                (done.run, done.problem) = (Some(run), problem);
            }
            Err(problem) => done.problem = Some(problem),
        }
        done
    }
}

/// The arguments as typed, each read as its parameter's type (`0` for one
/// not given), or the first that does not read.
#[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
fn read_args(
    params: &[(String, crate::lang::c::Scalar)],
    args: &[(String, String)],
) -> Result<Vec<crate::lang::c::Value>, CProblem> {
    let arg = |name: &str| {
        args.iter()
            .find(|(n, _)| n == name)
            .map_or("0", |(_, v)| v.as_str())
    };
    params
        .iter()
        .map(|(name, ty)| {
            crate::lang::c::parse_arg(arg(name), *ty).map_err(|message| CProblem::Arg {
                name: name.clone(),
                message,
            })
        })
        .collect()
}

/// `name` run on `values` in `p` (the source, maybe laid out) with a
/// trace; a run that stops keeps its steps, and its error is the one the
/// source as typed (`typed`) gives, at the editor's line and column.
#[cfg(any(not(target_arch = "wasm32"), feature = "worker"))]
fn traced_run(
    typed: &crate::lang::c::Program,
    p: &crate::lang::c::Program,
    name: &str,
    values: &[crate::lang::c::Value],
) -> (CRun, Option<CProblem>) {
    use crate::lang::c::RunOptions;
    let opts = RunOptions {
        trace: true,
        ..RunOptions::default()
    };
    match p.run_until_error(name, values, &opts) {
        Ok(r) => (
            CRun {
                value: r.value.map(of::value),
                steps: r.steps.iter().map(of::step).collect(),
                truncated: r.truncated,
                warnings: r.warnings.iter().map(ToString::to_string).collect(),
            },
            None,
        ),
        Err((e, steps)) => {
            let e = typed
                .run_values(name, values, &RunOptions::default())
                .err()
                .unwrap_or(e);
            let run = CRun {
                value: None,
                steps: steps.iter().map(of::step).collect(),
                truncated: false,
                warnings: Vec::new(),
            };
            (run, Some(CProblem::C(e)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::worker::{JobOutput, WorkerEvent};

    #[test]
    fn a_run_travels_to_the_page_and_reads_back() {
        let src =
            "unsigned f(unsigned v) { unsigned n = 0; while (v) { v &= v - 1; n++; } return n; }";
        let done = CRunDone::compute(src, None, &[("v".into(), "0xb".into())]);
        let run = done.run.clone().unwrap();
        assert_eq!(
            (run.value.unwrap().decimal, done.params.len()),
            ("3".to_string(), 1)
        );
        let json = serde_json::to_string(&WorkerEvent::RanC(done.clone())).unwrap();
        let back: WorkerEvent = serde_json::from_str(&json).unwrap();
        assert_eq!(CRunDone::from_event(back), Some(done));
        let bad = CRunDone::compute("int f(int x) { return x >> 32; }", None, &[]);
        assert!(
            matches!(bad.problem, Some(CProblem::C(e)) if e.line == 1 && e.kind == crate::lang::c::ErrorKind::Undefined)
        );
        let arg = CRunDone::compute(
            "int f(unsigned char c) { return c; }",
            None,
            &[("c".into(), "300".into())],
        );
        assert!(matches!(arg.problem, Some(CProblem::Arg { .. })));
        let wide = CRunDone::compute(
            "unsigned long f(unsigned long x) { return ~x; }",
            None,
            &[("x".into(), "1".into())],
        );
        let json = serde_json::to_string(&wide).unwrap();
        let back: CRunDone = serde_json::from_str(&json).unwrap();
        assert_eq!(back.run.unwrap().value.unwrap().bits, u64::MAX - 1);
    }

    #[test]
    fn a_one_line_snippet_runs_laid_out_and_errors_stay_where_typed() {
        let src = "int f(int x) { int y = x + 1; y <<= 2; return y >> x; }";
        let done = CRunDone::compute(src, None, &[("x".into(), "1".into())]);
        let lines: Vec<u32> = done.run.unwrap().steps.iter().map(|s| s.line).collect();
        assert!(done.laid_out && done.src.lines().count() == 6);
        assert_eq!(lines, [3, 4, 5]);
        // x = 40: `y >> x` shifts past the width, at its `>>` as typed
        let stopped = CRunDone::compute(src, None, &[("x".into(), "40".into())]);
        assert_eq!(stopped.run.unwrap().steps.len(), 2);
        assert!(
            matches!(stopped.problem, Some(CProblem::C(e)) if e.line == 1 && e.col == src.find(">> x").unwrap() as u32 + 1)
        );
        let tidy = CRunDone::compute("int f(int x)\n{\n    return x;\n}", None, &[]);
        assert!(!tidy.laid_out);
    }
}
