//! A Boolean circuit of and- and xor-gates over input bits, with negation
//! on the wires (an and-inverter graph plus xor), built with constant folding
//! and structural hashing: the same gate over the same wires is built once,
//! so two expressions that share a sub-expression share its gates.
//!
//! A wire ([`Lit`]) is a node number shifted left once, its low bit the
//! negation; node 0 is the constant false, so `Lit::FALSE` is 0 and
//! `Lit::TRUE` is 1.
//!
//! ```text
//!   node:  0 (false) | Input(k) | And(a, b) | Xor(a, b)     a, b: earlier wires
//!   wire:  node << 1 | negated
//! ```

use std::collections::HashMap;

/// A wire: a node, possibly negated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(pub u32);

impl Lit {
    pub const FALSE: Lit = Lit(0);
    pub const TRUE: Lit = Lit(1);

    pub fn node(self) -> usize {
        (self.0 >> 1) as usize
    }

    pub fn negated(self) -> bool {
        self.0 & 1 == 1
    }

    pub fn from_bool(b: bool) -> Lit {
        if b {
            Lit::TRUE
        } else {
            Lit::FALSE
        }
    }

    /// The wire as a DIMACS literal (node n is variable n + 1).
    pub fn dimacs(self) -> i32 {
        let v = self.node() as i32 + 1;
        if self.negated() {
            -v
        } else {
            v
        }
    }

    fn is_const(self) -> bool {
        self.node() == 0
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// One node of the circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    False,
    /// Input bit number `k` (the caller numbers them).
    Input(u32),
    And(Lit, Lit),
    Xor(Lit, Lit),
}

/// The circuit: nodes in topological order (operands before their gate).
#[derive(Clone, Debug)]
pub struct Circuit {
    nodes: Vec<Node>,
    hash: HashMap<Node, u32>,
}

impl Default for Circuit {
    fn default() -> Self {
        Circuit::new()
    }
}

impl Circuit {
    pub fn new() -> Circuit {
        Circuit {
            nodes: vec![Node::False],
            hash: HashMap::new(),
        }
    }

    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    fn intern(&mut self, node: Node) -> Lit {
        if let Some(&n) = self.hash.get(&node) {
            return Lit(n << 1);
        }
        let n = self.nodes.len() as u32;
        self.nodes.push(node);
        self.hash.insert(node, n);
        Lit(n << 1)
    }

    /// The wire of input bit `k`, if the circuit has it.
    pub fn find_input(&self, k: u32) -> Option<Lit> {
        self.hash.get(&Node::Input(k)).map(|&n| Lit(n << 1))
    }

    /// Input bit `k` (the same `k` gives the same wire).
    pub fn input(&mut self, k: u32) -> Lit {
        self.intern(Node::Input(k))
    }

    pub fn and(&mut self, a: Lit, b: Lit) -> Lit {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        if a == Lit::FALSE || a == !b {
            return Lit::FALSE;
        }
        if a == Lit::TRUE || a == b {
            return b;
        }
        self.intern(Node::And(a, b))
    }

    pub fn or(&mut self, a: Lit, b: Lit) -> Lit {
        !self.and(!a, !b)
    }

    pub fn xor(&mut self, a: Lit, b: Lit) -> Lit {
        // Negations move out: the node holds two plain wires.
        let neg = a.negated() != b.negated();
        let (a, b) = (Lit(a.0 & !1), Lit(b.0 & !1));
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        let plain = if a == b {
            Lit::FALSE
        } else if a == Lit::FALSE {
            b
        } else {
            self.intern(Node::Xor(a, b))
        };
        if neg {
            !plain
        } else {
            plain
        }
    }

    /// `if s { t } else { e }`.
    pub fn mux(&mut self, s: Lit, t: Lit, e: Lit) -> Lit {
        if s.is_const() {
            return if s == Lit::TRUE { t } else { e };
        }
        if t == e {
            return t;
        }
        let a = self.and(s, t);
        let b = self.and(!s, e);
        self.or(a, b)
    }

    /// Majority of three (the carry of a full adder).
    pub fn maj(&mut self, a: Lit, b: Lit, c: Lit) -> Lit {
        let ab = self.and(a, b);
        let axb = self.xor(a, b);
        let t = self.and(c, axb);
        self.or(ab, t)
    }

    /// Or of many wires (false for none).
    pub fn any(&mut self, lits: &[Lit]) -> Lit {
        lits.iter().fold(Lit::FALSE, |acc, &l| self.or(acc, l))
    }

    /// Every node's value, given the input bits (`input(k)`).
    pub fn simulate(&self, input: impl Fn(u32) -> bool) -> Vec<bool> {
        let mut v = Vec::with_capacity(self.nodes.len());
        let lit = |v: &[bool], l: Lit| v[l.node()] != l.negated();
        for node in &self.nodes {
            let b = match *node {
                Node::False => false,
                Node::Input(k) => input(k),
                Node::And(a, b) => lit(&v, a) && lit(&v, b),
                Node::Xor(a, b) => lit(&v, a) != lit(&v, b),
            };
            v.push(b);
        }
        v
    }

    /// `root`'s value in 64 simulations at once, one a bit (lane): input
    /// `k` takes the bits of `input(k)`. Only `root`'s cone is computed.
    pub fn simulate_lanes(&self, root: Lit, input: impl Fn(u32) -> u64) -> u64 {
        let cone = self.cone(root);
        let mut v = vec![0u64; self.nodes.len()];
        let lit = |v: &[u64], l: Lit| {
            if l.negated() {
                !v[l.node()]
            } else {
                v[l.node()]
            }
        };
        for n in cone {
            v[n] = match self.nodes[n] {
                Node::False => 0,
                Node::Input(k) => input(k),
                Node::And(a, b) => lit(&v, a) & lit(&v, b),
                Node::Xor(a, b) => lit(&v, a) ^ lit(&v, b),
            };
        }
        lit(&v, root)
    }

    /// A wire's value in a simulation from [`Circuit::simulate`].
    pub fn value(values: &[bool], l: Lit) -> bool {
        values[l.node()] != l.negated()
    }

    /// The nodes `root` depends on (its cone), in topological order.
    pub fn cone(&self, root: Lit) -> Vec<usize> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![root.node()];
        while let Some(n) = stack.pop() {
            if seen[n] {
                continue;
            }
            seen[n] = true;
            if let Node::And(a, b) | Node::Xor(a, b) = self.nodes[n] {
                stack.push(a.node());
                stack.push(b.node());
            }
        }
        (0..self.nodes.len()).filter(|&n| seen[n]).collect()
    }

    /// Clauses (DIMACS literals: node n is variable n + 1) that hold exactly
    /// when every gate in `root`'s cone has its value and `root` is true
    /// (Tseitin's encoding: 3 clauses an and-gate, 4 an xor-gate).
    pub fn cnf(&self, root: Lit) -> Vec<Vec<i32>> {
        let mut out = vec![vec![-1]]; // node 0 is false
        for n in self.cone(root) {
            self.definition(n, |cl| out.push(cl.to_vec()));
        }
        out.push(vec![root.dimacs()]);
        out
    }

    /// The clauses that make node `n` its gate's value (none for an input
    /// or the constant), each given to `f` in DIMACS literals.
    pub fn definition(&self, n: usize, mut f: impl FnMut(&[i32])) {
        let o = n as i32 + 1;
        match self.nodes[n] {
            Node::And(a, b) => {
                let (a, b) = (a.dimacs(), b.dimacs());
                f(&[-o, a]);
                f(&[-o, b]);
                f(&[o, -a, -b]);
            }
            Node::Xor(a, b) => {
                let (a, b) = (a.dimacs(), b.dimacs());
                f(&[-o, a, b]);
                f(&[-o, -a, -b]);
                f(&[o, -a, b]);
                f(&[o, a, -b]);
            }
            Node::False | Node::Input(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_and_hashing() {
        let mut c = Circuit::new();
        let (a, b) = (c.input(0), c.input(1));
        assert_eq!(c.and(a, Lit::FALSE), Lit::FALSE);
        assert_eq!(c.and(a, Lit::TRUE), a);
        assert_eq!(c.and(a, !a), Lit::FALSE);
        assert_eq!(c.xor(a, a), Lit::FALSE);
        assert_eq!(c.xor(a, !a), Lit::TRUE);
        assert_eq!(c.xor(a, Lit::TRUE), !a);
        let g = c.and(a, b);
        assert_eq!(c.and(b, a), g);
        assert_eq!(c.xor(!a, b), !c.xor(b, a));
        assert_eq!(c.nodes().len(), 5); // false, a, b, and, xor
    }

    #[test]
    fn gates_simulate_their_truth_tables() {
        let mut c = Circuit::new();
        let (a, b, s) = (c.input(0), c.input(1), c.input(2));
        let gates = [
            c.and(a, b),
            c.or(a, b),
            c.xor(a, b),
            c.mux(s, a, b),
            c.maj(a, b, s),
        ];
        for k in 0..8u32 {
            let v = c.simulate(|i| k >> i & 1 == 1);
            let (x, y, z) = (k & 1 == 1, k & 2 == 2, k & 4 == 4);
            let want = [
                x && y,
                x || y,
                x != y,
                if z { x } else { y },
                (x as u8 + y as u8 + z as u8) >= 2,
            ];
            for (g, w) in gates.iter().zip(want) {
                assert_eq!(Circuit::value(&v, *g), w, "inputs {k:03b}");
            }
        }
    }
}
