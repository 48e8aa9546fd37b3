//! The SAT back end: batsat (a MiniSat port in pure Rust, MIT), fed the
//! Tseitin clauses of a circuit. Its search asks a callback "stop?" at every
//! step without a conflict; we count those steps against a budget and ask the
//! caller's [`Control`] every [`ASK_EVERY`] steps (a deadline or a cancel
//! button lives there: `bits` itself reads no clock).

use super::circuit::{Circuit, Lit};
use super::{Control, Flow, Phase, Progress};
use batsat::{lbool, Callbacks, SolverInterface};
use std::cell::{Cell, RefCell};

/// Search steps between two questions to the caller's [`Control`].
pub const ASK_EVERY: u64 = 1024;

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A satisfying assignment: the value of every circuit node.
    Sat(Vec<bool>),
    Unsat,
    /// Stopped before an answer: out of steps, or the caller said so.
    Unknown(Flow),
}

struct Budget<'a> {
    ctl: RefCell<&'a mut dyn Control>,
    steps: Cell<u64>,
    max_steps: u64,
    stopped: Cell<Option<Flow>>,
}

impl Callbacks for Budget<'_> {
    fn stop(&self) -> bool {
        if self.stopped.get().is_some() {
            return true;
        }
        let n = self.steps.get() + 1;
        self.steps.set(n);
        if n >= self.max_steps {
            self.stopped.set(Some(Flow::OutOfTime));
            return true;
        }
        if n.is_multiple_of(ASK_EVERY) {
            let p = Progress {
                phase: Phase::Sat,
                done: n,
                total: self.max_steps,
            };
            let flow = self.ctl.borrow_mut().check(p);
            if flow != Flow::Continue {
                self.stopped.set(Some(flow));
                return true;
            }
        }
        false
    }
}

/// Is there an input making `root` true? At most `max_steps` search steps.
pub fn solve(c: &Circuit, root: Lit, max_steps: u64, ctl: &mut dyn Control) -> Answer {
    let cnf = c.cnf(root);
    let budget = Budget {
        ctl: RefCell::new(ctl),
        steps: Cell::new(0),
        max_steps,
        stopped: Cell::new(None),
    };
    let mut s = batsat::Solver::new(batsat::SolverOpts::default(), budget);
    let nodes = c.nodes().len() as u32;
    let var = |s: &mut batsat::Solver<Budget>, d: i32| {
        let v = s.var_of_int(d.unsigned_abs() - 1);
        batsat::Lit::new(v, d > 0)
    };
    s.var_of_int(nodes.saturating_sub(1));
    let mut clause = Vec::new();
    for cl in &cnf {
        clause.clear();
        for &d in cl {
            clause.push(var(&mut s, d));
        }
        if !s.add_clause_reuse(&mut clause) {
            return Answer::Unsat;
        }
    }
    let r = s.solve_limited(&[]);
    if r == lbool::TRUE {
        let model = s.get_model();
        let mut values: Vec<bool> = model.iter().map(|&b| b == lbool::TRUE).collect();
        values.resize(nodes as usize, false);
        Answer::Sat(values)
    } else if r == lbool::FALSE {
        Answer::Unsat
    } else {
        Answer::Unknown(s.cb().stopped.get().unwrap_or(Flow::OutOfTime))
    }
}

/// The clauses of "`root` is true" in DIMACS text (to try other solvers).
pub fn dimacs(c: &Circuit, root: Lit) -> String {
    let cnf = c.cnf(root);
    let vars = c.nodes().len();
    let mut out = format!("p cnf {vars} {}\n", cnf.len());
    for cl in cnf {
        for d in cl {
            out.push_str(&d.to_string());
            out.push(' ');
        }
        out.push_str("0\n");
    }
    out
}
