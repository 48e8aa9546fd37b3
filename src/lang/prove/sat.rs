//! The SAT back end: batsat (a MiniSat port in pure Rust, MIT), fed the
//! Tseitin clauses of a circuit. Its search asks a callback "stop?" at every
//! step without a conflict; we count those steps against a budget and ask the
//! caller's [`Control`] every [`ASK_EVERY`] steps (a deadline or a cancel
//! button lives there: `bits` itself reads no clock).
//!
//! [`Incremental`] keeps one solver across calls (the synthesizer's: one
//! program shape, more inputs each round), its learnt clauses with it.

use super::circuit::{Circuit, Lit};
use super::{Control, Flow, Phase, Progress};
use batsat::theory::{Theory, TheoryArg};
use batsat::{lbool, Callbacks, SolverInterface};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

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

/// Stops the solver when its poll says so (the solver owns it; the poll,
/// which holds the caller's [`Control`], lives only for one call).
struct StopFlag(Arc<AtomicBool>);

impl Callbacks for StopFlag {
    fn stop(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Counts one call's steps and asks the caller every [`ASK_EVERY`]: a
/// theory with nothing to check, called at every step without a conflict
/// (as the solver asks its callbacks whether to stop).
struct Poll<'a> {
    ctl: &'a mut dyn Control,
    steps: u64,
    max_steps: u64,
    flag: Arc<AtomicBool>,
    flow: Option<Flow>,
    levels: usize,
}

impl Theory for Poll<'_> {
    fn partial_check(&mut self, _: &mut TheoryArg) {
        self.steps += 1;
        let flow = if self.steps >= self.max_steps {
            Flow::OutOfTime
        } else if self.steps.is_multiple_of(ASK_EVERY) {
            self.ctl.check(Progress {
                phase: Phase::Sat,
                done: self.steps,
                total: self.max_steps,
            })
        } else {
            Flow::Continue
        };
        if flow != Flow::Continue {
            self.flow = Some(flow);
            self.flag.store(true, Ordering::Relaxed);
        }
    }

    fn final_check(&mut self, _: &mut TheoryArg) {}

    fn create_level(&mut self) {
        self.levels += 1;
    }

    fn pop_levels(&mut self, n: usize) {
        self.levels -= n;
    }

    fn n_levels(&self) -> usize {
        self.levels
    }

    fn explain_propagation(&mut self, _: batsat::Lit) -> &[batsat::Lit] {
        &[] // (it propagates nothing)
    }
}

/// A solver kept between calls: the definitions of a growing circuit's
/// gates (added as it grows: a gate nothing constrains is always
/// satisfiable, so every node may be in) and clauses over its wires.
/// Node n is the solver's variable n.
pub struct Incremental {
    solver: batsat::Solver<StopFlag>,
    stop: Arc<AtomicBool>,
    /// Nodes whose definitions are in.
    synced: usize,
    /// False once the clauses are unsatisfiable.
    ok: bool,
    buf: Vec<batsat::Lit>,
    steps: u64,
}

impl Default for Incremental {
    fn default() -> Self {
        Incremental::new()
    }
}

impl Incremental {
    pub fn new() -> Incremental {
        let stop = Arc::new(AtomicBool::new(false));
        let opts = batsat::SolverOpts::default();
        Incremental {
            solver: batsat::Solver::new(opts, StopFlag(stop.clone())),
            stop,
            synced: 0,
            ok: true,
            buf: Vec::new(),
            steps: 0,
        }
    }

    /// The solver's counts: variables, clauses, conflicts, propagations,
    /// decisions.
    pub fn stats(&self) -> [u64; 5] {
        let s = &self.solver;
        [
            u64::from(s.num_vars()),
            s.num_clauses(),
            s.num_conflicts(),
            s.num_propagations(),
            s.num_decisions(),
        ]
    }

    /// Every search step so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    fn add(&mut self, d: impl IntoIterator<Item = i32>) {
        self.buf.clear();
        for d in d {
            let v = self.solver.var_of_int(d.unsigned_abs() - 1);
            self.buf.push(batsat::Lit::new(v, d > 0));
        }
        if self.ok && !self.solver.add_clause_reuse(&mut self.buf) {
            self.ok = false;
        }
    }

    /// The definitions of the nodes built since the last call.
    pub fn sync(&mut self, c: &Circuit) {
        let nodes = c.nodes().len();
        if self.synced == 0 {
            self.add([-1]); // node 0 is false
            self.synced = 1;
        }
        for n in self.synced..nodes {
            let mut cls: [[i32; 3]; 4] = [[0; 3]; 4];
            let mut k = 0;
            c.definition(n, |cl| {
                cls[k][..cl.len()].copy_from_slice(cl);
                k += 1;
            });
            for cl in &cls[..k] {
                self.add(cl.iter().copied().filter(|&d| d != 0));
            }
        }
        self.synced = self.synced.max(nodes);
    }

    /// The clause "one of `lits` is true" (over wires of `c`): a true wire
    /// drops it, false wires are left out.
    pub fn clause(&mut self, c: &Circuit, lits: &[Lit]) {
        if lits.contains(&Lit::TRUE) {
            return;
        }
        self.sync(c);
        let lits = lits.iter().filter(|&&l| l != Lit::FALSE);
        self.add(lits.map(|l| l.dimacs()));
    }

    /// Is there a value of every node meeting every clause given? At most
    /// `max_steps` steps this call; `ctl` is asked every [`ASK_EVERY`].
    pub fn solve(&mut self, c: &Circuit, max_steps: u64, ctl: &mut dyn Control) -> Answer {
        self.sync(c);
        if !self.ok {
            return Answer::Unsat;
        }
        self.stop.store(false, Ordering::Relaxed);
        let mut poll = Poll {
            ctl,
            steps: 0,
            max_steps,
            flag: self.stop.clone(),
            flow: None,
            levels: 0,
        };
        let r = self.solver.solve_limited_th(&mut poll, &[]);
        self.steps += poll.steps;
        if r == lbool::TRUE {
            let model = self.solver.get_model();
            let mut values: Vec<bool> = model.iter().map(|&b| b == lbool::TRUE).collect();
            values.resize(c.nodes().len(), false);
            Answer::Sat(values)
        } else if r == lbool::FALSE {
            self.ok = false;
            Answer::Unsat
        } else {
            Answer::Unknown(poll.flow.unwrap_or(Flow::OutOfTime))
        }
    }
}
