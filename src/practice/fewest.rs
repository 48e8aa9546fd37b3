//! The fewest operators each exercise can be solved in (issue 54): the
//! best known answer's count ([`Exercise::best_ops`]) and whether no
//! shorter answer exists, which `bitscope practice fewest` proves with the
//! synthesizer ([`crate::synth`]):
//!
//! ```text
//!   spec     the reference at the exercise's narrowest width (an answer
//!            must be right there too), each step cut to the width
//!   search   every program of at most best_ops - 1 instructions over the
//!            exercise's operators, with any constants
//!   none     -> no answer has fewer than best_ops operators: proven
//! ```
//!
//! Why "none" is a proof for Practice's count: an expression of k
//! operators is a program of at most k instructions (a value used twice
//! is one instruction, and counted twice in the expression), and the
//! search allows more constants than the exercise (so more programs).

use super::Exercise;
#[cfg(not(target_arch = "wasm32"))]
pub use search::{prove_fewest, search_spec, FewestSpec, Finding};

/// What Practice says about the fewest operators of an exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fewest {
    /// The best known answer's operators.
    pub ops: usize,
    /// No answer with fewer exists.
    pub proven: bool,
}

/// The exercises whose best known count is proven the fewest possible, as
/// `bitscope practice fewest` found (`tests/native/practice_fewest.rs`
/// proves each again).
pub const PROVEN: &[&str] = &[
    "lowest-bit-isolate",
    "lowest-bit-clear",
    "lowest-bit-mask",
    "nibble-sign-extend",
    "negate-without-minus",
    "average-bytes",
    "east-one",
    "west-one",
    "quad-sliders",
    "swap-adjacent-bits",
    "divisible-by-three",
    "gray-code",
    "clear-lowest-run",
];

/// The fewest operators known for `ex`, and whether that is proven.
pub fn fewest(ex: &Exercise) -> Fewest {
    Fewest {
        ops: ex.best_ops,
        proven: PROVEN.contains(&ex.id),
    }
}

/// What the verdict says beside an answer's count: "as few as possible",
/// "the fewest possible is 4", "the best known uses 4".
pub fn compare_text(ex: &Exercise, used: usize) -> String {
    let f = fewest(ex);
    match (used <= f.ops, f.proven) {
        (true, true) => "as few as possible (proven: none is shorter)".into(),
        (true, false) => "as few as the best known".into(),
        (false, true) => format!("the fewest possible is {}", f.ops),
        (false, false) => format!("the best known uses {}", f.ops),
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod search {
    use super::Exercise;
    use crate::lang::expr::{parse, BinOp, Expr, ExprKind, UnOp};
    use crate::practice::operator_symbol;

    /// The search that proves an exercise's count the fewest: the
    /// specification as C and the synthesizer's operators.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct FewestSpec {
        /// A C function computing the reference at `width` bits.
        pub c_source: String,
        /// `--ops` notation.
        pub ops: String,
        pub width: u32,
        /// The longest program to rule out (best_ops - 1).
        pub max_ops: usize,
    }

    /// The search for `ex`, or why there is none (an operator the
    /// synthesizer does not have, or a shift by a variable amount, whose
    /// range the C translation would not keep).
    ///
    /// # Errors
    /// The reason, in words.
    pub fn search_spec(ex: &Exercise) -> Result<FewestSpec, String> {
        let ops = ex
            .operators
            .iter()
            .map(|op| match *op {
                "/" | "%" => Err(format!("the synthesizer has no `{op}`")),
                op => Ok(op),
            })
            .collect::<Result<Vec<_>, _>>()?
            .join(" ");
        let max_ops = ex
            .best_ops
            .checked_sub(1)
            .ok_or("the best known answer has no operator")?;
        if crate::practice::c_answer::computes_in_c(ex) {
            return Err(
                "the reference computes in float: the synthesizer has no float operators".into(),
            );
        }
        if let Some(sig) = ex.c_signature {
            return Ok(FewestSpec {
                c_source: crate::practice::c_answer::reference_program(ex, sig),
                ops,
                width: 32,
                max_ops,
            });
        }
        let width = ex.widths.iter().copied().min().ok_or("no width")?;
        let tree = parse(ex.reference, width).map_err(|e| e.to_string())?;
        let ty = match width {
            8 => "unsigned char",
            16 => "unsigned short",
            32 => "unsigned int",
            _ => "unsigned long long",
        };
        let mut vars = Vec::new();
        collect_vars(&tree, &mut vars);
        vars.sort_unstable();
        vars.dedup();
        let params: Vec<String> = vars.iter().map(|v| format!("{ty} {v}")).collect();
        let body = to_c(&tree, ty)?;
        Ok(FewestSpec {
            c_source: format!("{ty} f({}) {{ return {body}; }}", params.join(", ")),
            ops,
            width,
            max_ops,
        })
    }

    /// What the search found for an exercise.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Finding {
        /// No program of fewer than `best_ops` instructions: proven.
        Proven,
        /// A program of fewer instructions than the best known answer's
        /// operators (with the search's constants and at the narrowest
        /// width: it may break the exercise's rules or fail at another
        /// width); `dlc_ops`, its operators as one expression (a value used
        /// twice counted twice), may be no fewer.
        Shorter {
            expr: String,
            ops: usize,
            dlc_ops: usize,
        },
        /// Out of time: every program of fewer than `ruled_out`
        /// instructions was ruled out.
        NotProven { ruled_out: usize },
        /// No search (why).
        NotSearched(String),
    }

    /// Searches every program shorter than `ex`'s best known answer, at
    /// most `seconds` long.
    pub fn prove_fewest(ex: &Exercise, seconds: f64) -> Finding {
        use crate::lang::prove::Deadline;
        use crate::synth::{synthesize, Status, SynthOptions, SynthSpec};
        let spec = match search_spec(ex) {
            Ok(s) => s,
            Err(why) => return Finding::NotSearched(why),
        };
        let synth = match SynthSpec::parse(&spec.c_source, None) {
            Ok(s) => s,
            Err(e) => return Finding::NotSearched(format!("the specification: {e}")),
        };
        let mut opts = match SynthOptions::read(Some(&spec.ops), None, synth.ty) {
            Ok(o) => o,
            Err(e) => return Finding::NotSearched(e.to_string()),
        };
        // any constant, one a instruction: a program of the exercise's
        // (constants of at most max_constant, each operator's other
        // operand a value) is one of these
        (opts.max_ops, opts.free_consts, opts.max_const) = (spec.max_ops, spec.max_ops, None);
        match synthesize(&synth, &opts, &mut Deadline::after(seconds)) {
            Ok(r) if r.status == Status::None => Finding::Proven,
            Ok(r) => match (&r.program, r.ops()) {
                (Some(p), Some(ops)) if r.status == Status::Found => Finding::Shorter {
                    expr: p.expr(),
                    ops,
                    dlc_ops: p.dlc_ops(),
                },
                _ => Finding::NotProven {
                    ruled_out: r.ruled_out,
                },
            },
            Err(e) => Finding::NotSearched(e.to_string()),
        }
    }

    fn collect_vars(e: &Expr, out: &mut Vec<&'static str>) {
        match &e.kind {
            ExprKind::Var(v) => out.push(v.name()),
            ExprKind::Lit(_) => {}
            ExprKind::Unary(_, a) => collect_vars(a, out),
            ExprKind::Binary(_, a, b) => {
                collect_vars(a, out);
                collect_vars(b, out);
            }
        }
    }

    /// The Lab's expression as C on `ty`: every step cast back to the type,
    /// computed in `unsigned` below 32 bits (C would compute in `int`, where
    /// a 16-bit product can overflow).
    fn to_c(e: &Expr, ty: &str) -> Result<String, String> {
        let wide = |text: String| {
            if ty.ends_with("char") || ty.ends_with("short") {
                format!("(unsigned){text}")
            } else {
                text
            }
        };
        Ok(match &e.kind {
            ExprKind::Lit(v) => format!("({ty}){v}u"),
            ExprKind::Var(v) => v.name().to_string(),
            ExprKind::Unary(op, a) => {
                let sym = match op {
                    UnOp::Neg => "-",
                    op => op.symbol(),
                };
                format!("(({ty})({sym}{}))", wide(to_c(a, ty)?))
            }
            ExprKind::Binary(op, a, b) => {
                if matches!(op, BinOp::Shl | BinOp::Shr) && !matches!(b.kind, ExprKind::Lit(_)) {
                    return Err(format!(
                        "the reference shifts by a variable amount (`{}`)",
                        operator_symbol(e).unwrap_or("?")
                    ));
                }
                let (a, b) = (wide(to_c(a, ty)?), wide(to_c(b, ty)?));
                format!("(({ty})({a} {} {b}))", op.symbol())
            }
        })
    }
}
