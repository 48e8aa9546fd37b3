//! Binary decision diagrams: a second way to decide "can this wire be
//! true?", tried before the SAT solver. A reduced ordered BDD is canonical,
//! so two circuits for the same function meet in one node however they
//! are built: parity and bit counts, whose XOR chains in different orders
//! are hard for a clause-learning solver, stay small here (a symmetric
//! function of n bits has a BDD of O(n²) nodes). Products are not small
//! in any order; past a node budget the answer is "don't know" and the SAT
//! solver takes over.
//!
//! ```text
//!   node k: (var, lo, hi)    0 = false, 1 = true      var order: bit 0 of
//!   every input first, then bit 1 of every input, ...  (adders stay linear)
//! ```

use super::circuit::{Circuit, Lit, Node};
use std::collections::HashMap;

/// What the diagram says about a wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Never true.
    Never,
    /// True for these input bits (circuit input number, value); inputs not
    /// named may take any value.
    Sometimes(Vec<(u32, bool)>),
    /// Over the node budget.
    TooBig,
}

struct Bdd {
    /// (level, lo, hi); 0 and 1 are the terminals.
    nodes: Vec<(u32, u32, u32)>,
    unique: HashMap<(u32, u32, u32), u32>,
    cache: HashMap<(u8, u32, u32), u32>,
    limit: usize,
}

const AND: u8 = 0;
const XOR: u8 = 1;

impl Bdd {
    fn level(&self, n: u32) -> u32 {
        self.nodes[n as usize].0
    }

    fn make(&mut self, level: u32, lo: u32, hi: u32) -> Option<u32> {
        if lo == hi {
            return Some(lo);
        }
        if let Some(&n) = self.unique.get(&(level, lo, hi)) {
            return Some(n);
        }
        if self.nodes.len() >= self.limit {
            return None;
        }
        let n = self.nodes.len() as u32;
        self.nodes.push((level, lo, hi));
        self.unique.insert((level, lo, hi), n);
        Some(n)
    }

    fn not(&mut self, a: u32) -> Option<u32> {
        self.apply(XOR, a, 1)
    }

    fn apply(&mut self, op: u8, a: u32, b: u32) -> Option<u32> {
        let (a, b) = (a.min(b), a.max(b));
        match (op, a, b) {
            (AND, 0, _) => return Some(0),
            (AND, 1, x) => return Some(x),
            (AND, x, y) if x == y => return Some(x),
            (XOR, 0, x) => return Some(x),
            (XOR, x, y) if x == y => return Some(0),
            (XOR, 1, 1) => return Some(0),
            _ => {}
        }
        if let Some(&r) = self.cache.get(&(op, a, b)) {
            return Some(r);
        }
        let (la, lb) = (self.level(a), self.level(b));
        let top = la.min(lb);
        let (a0, a1) = if la == top {
            (self.nodes[a as usize].1, self.nodes[a as usize].2)
        } else {
            (a, a)
        };
        let (b0, b1) = if lb == top {
            (self.nodes[b as usize].1, self.nodes[b as usize].2)
        } else {
            (b, b)
        };
        let lo = self.apply(op, a0, b0)?;
        let hi = self.apply(op, a1, b1)?;
        let r = self.make(top, lo, hi)?;
        self.cache.insert((op, a, b), r);
        Some(r)
    }
}

/// Can `root` be true? With at most `limit` diagram nodes; `level_of`
/// orders the circuit's inputs (smaller first).
pub fn decide(c: &Circuit, root: Lit, limit: usize, level_of: impl Fn(u32) -> u32) -> Answer {
    let mut b = Bdd {
        nodes: vec![(u32::MAX, 0, 0), (u32::MAX, 1, 1)],
        unique: HashMap::new(),
        cache: HashMap::new(),
        limit,
    };
    let mut of_node: HashMap<usize, u32> = HashMap::new();
    let mut inputs: HashMap<u32, u32> = HashMap::new();
    for k in c.cone(root) {
        let lit = |b: &mut Bdd, of: &HashMap<usize, u32>, l: Lit| -> Option<u32> {
            let n = *of.get(&l.node())?;
            if l.negated() {
                b.not(n)
            } else {
                Some(n)
            }
        };
        let r = match c.nodes()[k] {
            Node::False => Some(0),
            Node::Input(i) => {
                let level = level_of(i);
                inputs.insert(level, i);
                b.make(level, 0, 1)
            }
            Node::And(x, y) => match (lit(&mut b, &of_node, x), lit(&mut b, &of_node, y)) {
                (Some(p), Some(q)) => b.apply(AND, p, q),
                _ => None,
            },
            Node::Xor(x, y) => match (lit(&mut b, &of_node, x), lit(&mut b, &of_node, y)) {
                (Some(p), Some(q)) => b.apply(XOR, p, q),
                _ => None,
            },
        };
        let Some(r) = r else { return Answer::TooBig };
        of_node.insert(k, r);
        if b.cache.len() > 4 * limit {
            b.cache.clear();
        }
    }
    let Some(&top) = of_node.get(&root.node()) else {
        return Answer::TooBig;
    };
    let top = if root.negated() {
        b.not(top)
    } else {
        Some(top)
    };
    let Some(mut n) = top else {
        return Answer::TooBig;
    };
    if n == 0 {
        return Answer::Never;
    }
    // a path to 1: every node on a reduced diagram leads to 1 somewhere
    let mut path = Vec::new();
    while n > 1 {
        let (level, lo, hi) = b.nodes[n as usize];
        let go_hi = lo == 0;
        path.push((inputs[&level], go_hi));
        n = if go_hi { hi } else { lo };
    }
    Answer::Sometimes(path)
}
