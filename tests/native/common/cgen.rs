//! A small Csmith-style generator of random C programs that are defined
//! on every input under gcc's `-fwrapv` (signed overflow wraps), for the
//! differential test of `bitscope::lang::c` against gcc (`tests/native/c_gcc.rs`).
//!
//! The entry has 1 to 3 parameters and typed locals of every integer type
//! (`char` to `unsigned long long`, `intN_t`/`uintN_t`, `bool`), local
//! arrays (partly initialised), uses every operator, casts, `sizeof`, the
//! GCC bit builtins, `if`/`else`, `for`, `while` and `do`/`while` loops of
//! at most 8 turns, `break`, `continue` and early returns; it may read a
//! file-scope `static const` table and call up to 2 `static` helpers
//! (generated the same way, without loops). It returns its last value
//! mixed with every variable in scope. What would be undefined even with
//! `-fwrapv` is ruled out by construction:
//!
//! * Shifts: the count is `(c) & (w - 1)`, `w` the width of the promoted
//!   left operand, so it lies in `0..w` whatever the sign of `c`. A left
//!   shift of a signed operand goes through the unsigned type of its width,
//!   `(unsigned)(e) << n` (the result possibly cast back); the exception is
//!   a `bool` or narrow unsigned operand (at most 65535, promoted to `int`)
//!   shifted by at most 15, which stays below 2^31. `<<=` only shifts a
//!   variable whose promoted type is unsigned, or a narrow unsigned one.
//! * `/` and `%`: the divisor is never 0 nor -1 (so neither a division by
//!   zero nor `MIN / -1`): either `(d == 0 || d == -1 ? 1 : d)` with `d`
//!   free of side effects (it is evaluated twice), or `((d) & ~2) | 1`, odd
//!   and with bit 1 clear (so not -1). The divisor's type is the promoted
//!   type of `d` either way, and the usual conversions cannot turn such a
//!   value into 0 or into -1 of a wider signed type.
//! * Builtins: clz gets `(e) | 1` and ctz `(e) | top bit of its type`,
//!   non-zero after the conversion to the builtin's parameter type.
//! * Arrays: an index is a constant, `v & (n - 1)` (n a power of 2) or
//!   `(unsigned)(v) % n`; the initialisers have no side effects (their
//!   order is unspecified).
//! * Unsequenced side effects: every expression carries the sets of
//!   variables it reads and writes (an array is one variable). The
//!   operands of an operator without a sequence point (and the arguments
//!   of a call) are generated one after the other, each forbidden to write
//!   what those before it read or write and to touch what they write;
//!   `&&`, `||`, `?:` and `,` sequence their operands, so they only pass
//!   their own constraints down. In `v op= e`, `e` may read `v` (and the
//!   index of `v`) but not write them.
//! * Every variable is initialised where it is declared; loop counters are
//!   never written in the loop body; there are no `static` locals (the
//!   function is called many times in one process).
//!
//! Conversions to a narrower signed type are implementation-defined, and
//! gcc (like the interpreter) wraps them.

use bitscope::bits::rng::Rng;

/// An integer type: its C spelling, its width in bits (1 for `bool`) and
/// whether it is signed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CType {
    pub name: &'static str,
    pub bits: u32,
    pub signed: bool,
}

const fn ty(name: &'static str, bits: u32, signed: bool) -> CType {
    CType { name, bits, signed }
}

const INT: CType = ty("int", 32, true);
const UINT: CType = ty("unsigned", 32, false);
const LONG: CType = ty("long", 64, true);
const ULONG: CType = ty("unsigned long", 64, false);

/// Every type a variable, a parameter, a cast or the result can have.
pub const TYPES: &[CType] = &[
    ty("char", 8, true),
    ty("signed char", 8, true),
    ty("unsigned char", 8, false),
    ty("short", 16, true),
    ty("unsigned short", 16, false),
    INT,
    UINT,
    LONG,
    ULONG,
    ty("long long", 64, true),
    ty("unsigned long long", 64, false),
    ty("int8_t", 8, true),
    ty("uint8_t", 8, false),
    ty("int16_t", 16, true),
    ty("uint16_t", 16, false),
    ty("int32_t", 32, true),
    ty("uint32_t", 32, false),
    ty("int64_t", 64, true),
    ty("uint64_t", 64, false),
    ty("bool", 1, false),
];

/// The integer promotions (LP64): narrower than `int` becomes `int`.
fn promote(t: CType) -> CType {
    match (t.bits, t.signed) {
        (b, _) if b < 32 => INT,
        (32, true) => INT,
        (32, false) => UINT,
        (_, true) => LONG,
        (_, false) => ULONG,
    }
}

/// The usual arithmetic conversions of two operands.
fn arith(a: CType, b: CType) -> CType {
    let (a, b) = (promote(a), promote(b));
    if a.signed == b.signed {
        return if a.bits >= b.bits { a } else { b };
    }
    let (u, s) = if a.signed { (b, a) } else { (a, b) };
    if u.bits >= s.bits {
        u
    } else {
        s
    }
}

fn unsigned_of(bits: u32) -> CType {
    if bits == 64 {
        ULONG
    } else {
        UINT
    }
}

/// A generated program: the entry's name, parameter and return types, and
/// the C text of its definitions (maybe a file-scope table and helper
/// functions, then the entry; [`Generated::program`] adds the includes).
#[derive(Clone, Debug)]
pub struct Generated {
    pub name: String,
    pub params: Vec<CType>,
    pub ret: CType,
    pub code: String,
}

/// The includes every generated program needs.
pub const HEADER: &str = "#include <stdbool.h>\n#include <stdint.h>\n";

impl Generated {
    /// A whole C file: the includes, then the definitions.
    pub fn program(&self) -> String {
        format!("{HEADER}\n{}", self.code)
    }
}

/// The program whose entry is `name` (its other definitions are named
/// after it), generated from `seed`: the same seed gives the same text.
pub fn generate(seed: u64, name: &str) -> Generated {
    let mut g = Gen {
        rng: Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xC0DE),
        vars: Vec::new(),
        out: String::new(),
        indent: 1,
        next: 0,
        loops: 0,
        max_loops: 0,
        budget: 0,
        helpers: Vec::new(),
    };
    let mut code = String::new();
    // a `static const` table at file scope, read by the entry only
    let table = g.one_in(3).then(|| {
        let (t, len) = (g.pick(TYPES), 2 + g.rng.below(7));
        let k = 1 + g.rng.below(len); // the rest is zero
        let items: Vec<String> = (0..k).map(|_| g.constant().text).collect();
        let table = format!("{name}_t");
        code.push_str(&format!(
            "static const {} {table}[{len}] = {{{}}};\n\n",
            t.name,
            items.join(", ")
        ));
        Var {
            name: table,
            ty: t,
            writable: false,
            len,
        }
    });
    // helpers without loops, each may call the ones before it
    for h in 0..g.rng.below(3) {
        let helper = format!("{name}_h{h}");
        let budget = 3 + g.rng.below(6);
        let (ret, params, text) = g.function(&helper, budget, 0, None);
        code.push_str(&format!("static {text}\n"));
        g.helpers.push((helper, ret, params));
    }
    let budget = 6 + g.rng.below(14);
    let (ret, params, text) = g.function(name, budget, 2, table);
    code.push_str(&text);
    Generated {
        name: name.to_string(),
        params,
        ret,
        code,
    }
}

/// A variable in scope: a scalar, or an array of `len` elements.
struct Var {
    name: String,
    ty: CType,
    writable: bool,
    len: usize,
}

/// A generated expression: its text, its C type, and the variables (bits
/// by index in `Gen::vars`) it reads and writes.
struct Expr {
    text: String,
    ty: CType,
    reads: u64,
    writes: u64,
}

/// What an expression may not do: write the variables of `no_write`, read
/// or write those of `no_access` (both bit sets over `Gen::vars`).
#[derive(Clone, Copy)]
struct Cons {
    no_write: u64,
    no_access: u64,
}

impl Cons {
    const NONE: Cons = Cons {
        no_write: 0,
        no_access: 0,
    };

    /// The constraints of an operand unsequenced with `first`.
    fn after(self, first: &Expr) -> Cons {
        Cons {
            no_write: self.no_write | first.reads | first.writes,
            no_access: self.no_access | first.writes,
        }
    }

    /// No side effects at all (for an operand that is evaluated twice).
    fn pure(self) -> Cons {
        Cons {
            no_write: !0,
            no_access: self.no_access,
        }
    }
}

struct Gen {
    rng: Rng,
    vars: Vec<Var>,
    out: String,
    indent: usize,
    next: usize,
    loops: usize,
    max_loops: usize,
    budget: usize,
    /// The functions the current one may call: name, return and parameter types.
    helpers: Vec<(String, CType, Vec<CType>)>,
}

const MAX_VARS: usize = 40;

impl Gen {
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.rng.below(xs.len())]
    }

    /// True one time in `n`.
    fn one_in(&mut self, n: usize) -> bool {
        self.rng.below(n) == 0
    }

    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next - 1)
    }

    /// One function: its return and parameter types and its text.
    fn function(
        &mut self,
        name: &str,
        budget: usize,
        max_loops: usize,
        table: Option<Var>,
    ) -> (CType, Vec<CType>, String) {
        (self.out, self.indent, self.next, self.loops) = (String::new(), 1, 0, 0);
        (self.max_loops, self.budget) = (max_loops, budget);
        self.vars = table.into_iter().collect();
        let ret = self.pick(TYPES);
        let n = 1 + self.rng.below(3);
        let params: Vec<CType> = (0..n).map(|_| self.pick(TYPES)).collect();
        for (i, &t) in params.iter().enumerate() {
            self.vars.push(Var {
                name: format!("p{i}"),
                ty: t,
                writable: true,
                len: 0,
            });
        }
        while self.budget > 0 {
            self.stmt(0);
        }
        let e = self.expr(3, Cons::NONE);
        if self.one_in(3) {
            self.line(&format!("return {};", e.text));
        } else {
            // a checksum of every variable in scope, in unsigned arithmetic,
            // after the last expression (which may write some of them)
            self.line(&format!("unsigned long long r = {};", e.text));
            let mut sum = "r".to_string();
            for (k, v) in self.vars.iter().enumerate() {
                let m = 2 * k + 3;
                if v.len == 0 {
                    sum = format!("{sum} ^ (unsigned long long){} * {m}u", v.name);
                } else {
                    sum = format!(
                        "{sum} ^ (unsigned long long){0}[0] * {m}u ^ {0}[{1}]",
                        v.name,
                        v.len - 1
                    );
                }
            }
            self.line(&format!("return {sum};"));
        }
        let list: Vec<String> = params
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{} p{i}", t.name))
            .collect();
        let text = format!(
            "{} {name}({})\n{{\n{}}}\n",
            ret.name,
            list.join(", "),
            self.out
        );
        (ret, params, text)
    }

    // ---- statements ----

    fn stmt(&mut self, depth: usize) {
        self.budget = self.budget.saturating_sub(1);
        let roll = self.rng.below(20);
        match roll {
            0..=3 if self.vars.len() < MAX_VARS => self.declaration(),
            4 if self.vars.len() < MAX_VARS => self.array_declaration(),
            5..=10 => self.assignment_stmt(),
            11 => {
                let e = self.expr(3, Cons::NONE);
                self.line(&format!("{};", e.text));
            }
            12..=14 if depth < 3 => self.if_stmt(depth),
            15 | 16 if depth < 3 && self.loops < self.max_loops => self.for_stmt(depth),
            19 if depth < 3 && self.loops < self.max_loops && self.vars.len() < MAX_VARS => {
                self.while_stmt(depth)
            }
            17 if self.loops > 0 => {
                let c = self.expr(2, Cons::NONE);
                let kw = if self.one_in(2) { "break" } else { "continue" };
                self.line(&format!("if ({}) {kw};", c.text));
            }
            18 if self.one_in(2) => {
                let c = self.expr(2, Cons::NONE);
                let e = self.expr(2, Cons::NONE);
                self.line(&format!("if ({}) return {};", c.text, e.text));
            }
            _ => self.assignment_stmt(),
        }
    }

    /// `T v = e;`, sometimes `const`, sometimes two declarators (the
    /// second may use the first: a declarator is a full expression).
    fn declaration(&mut self) {
        let t = self.pick(TYPES);
        let constant = self.one_in(6);
        let count = if self.one_in(4) { 2 } else { 1 };
        let mut parts = Vec::new();
        for _ in 0..count {
            let e = self.expr(3, Cons::NONE);
            let name = self.fresh("v");
            parts.push(format!("{name} = {}", e.text));
            self.vars.push(Var {
                name,
                ty: t,
                writable: !constant,
                len: 0,
            });
        }
        let q = if constant { "const " } else { "" };
        self.line(&format!("{q}{} {};", t.name, parts.join(", ")));
    }

    /// `T a[n] = {...};` or `T a[] = {...};`: the initialisers free of side
    /// effects (their order is unspecified), those left out zero.
    fn array_declaration(&mut self) {
        let (t, len) = (self.pick(TYPES), self.pick(&[2, 4, 5, 8]));
        let k = 1 + self.rng.below(len);
        let items: Vec<String> = (0..k)
            .map(|_| self.expr(1, Cons::NONE.pure()).text)
            .collect();
        let constant = self.one_in(5);
        let name = self.fresh("a");
        let size = if k == len && self.one_in(2) {
            String::new()
        } else {
            len.to_string()
        };
        let q = if constant { "const " } else { "" };
        self.line(&format!(
            "{q}{} {name}[{size}] = {{{}}};",
            t.name,
            items.join(", ")
        ));
        self.vars.push(Var {
            name,
            ty: t,
            writable: !constant,
            len,
        });
    }

    fn assignment_stmt(&mut self) {
        match self.assign_expr(3, Cons::NONE) {
            Some(e) => self.line(&format!("{};", e.text)),
            None => {
                let e = self.expr(2, Cons::NONE);
                self.line(&format!("{};", e.text));
            }
        }
    }

    fn block(&mut self, depth: usize, stmts: usize) {
        let mark = self.vars.len();
        self.indent += 1;
        for _ in 0..stmts {
            self.stmt(depth + 1);
        }
        self.indent -= 1;
        self.vars.truncate(mark);
    }

    fn if_stmt(&mut self, depth: usize) {
        let c = self.expr(3, Cons::NONE);
        self.line(&format!("if ({}) {{", c.text));
        let n = 1 + self.rng.below(3);
        self.block(depth, n);
        if self.one_in(2) {
            self.line("} else {");
            let n = 1 + self.rng.below(3);
            self.block(depth, n);
        }
        self.line("}");
    }

    /// A loop of at most 8 turns whose counter the body cannot write.
    fn for_stmt(&mut self, depth: usize) {
        let i = self.fresh("i");
        let n = 1 + self.rng.below(8);
        let (head, t) = match self.rng.below(3) {
            0 => (format!("for (int {i} = 0; {i} < {n}; {i}++)"), INT),
            1 => (format!("for (int {i} = {n}; {i} > 0; --{i})"), INT),
            _ => (
                format!("for (unsigned {i} = 0; {i} < {}; {i} += 2)", 2 * n),
                UINT,
            ),
        };
        self.line(&format!("{head} {{"));
        let mark = self.vars.len();
        self.vars.push(Var {
            name: i,
            ty: t,
            writable: false,
            len: 0,
        });
        self.loops += 1;
        let stmts = 1 + self.rng.below(3);
        self.block(depth, stmts);
        self.loops -= 1;
        self.vars.truncate(mark);
        self.line("}");
    }

    /// `while (k-- > 0)` or `do ... while (--k > 0)` with a counter `k`
    /// (at most 8) that the body cannot write.
    fn while_stmt(&mut self, depth: usize) {
        let k = self.fresh("k");
        let n = 1 + self.rng.below(8);
        self.line(&format!("int {k} = {n};"));
        self.vars.push(Var {
            name: k.clone(),
            ty: INT,
            writable: false,
            len: 0,
        });
        let do_while = self.one_in(2);
        let head = if do_while {
            "do {".to_string()
        } else {
            format!("while ({k}-- > 0) {{")
        };
        self.line(&head);
        self.loops += 1;
        let stmts = 1 + self.rng.below(3);
        self.block(depth, stmts);
        self.loops -= 1;
        self.line(&if do_while {
            format!("}} while (--{k} > 0);")
        } else {
            "}".to_string()
        });
    }

    // ---- expressions ----

    fn expr(&mut self, depth: usize, cons: Cons) -> Expr {
        if depth == 0 || self.one_in(5) {
            return self.leaf(cons);
        }
        let d = depth - 1;
        match self.rng.below(18) {
            0..=4 => {
                let op = self.pick(&["+", "-", "*", "&", "|", "^"]);
                self.binary(op, d, cons, None)
            }
            5 => {
                let op = self.pick(&["<", "<=", ">", ">=", "==", "!="]);
                self.binary(op, d, cons, Some(INT))
            }
            6 => self.shift(d, cons),
            7 => self.division(d, cons),
            8 => {
                let (l, r) = (self.expr(d, cons), self.expr(d, cons));
                let op = self.pick(&["&&", "||"]);
                join(format!("({} {op} {})", l.text, r.text), INT, &[&l, &r])
            }
            9 => {
                let (c, a, b) = (self.expr(d, cons), self.expr(d, cons), self.expr(d, cons));
                let t = arith(a.ty, b.ty);
                join(
                    format!("({} ? {} : {})", c.text, a.text, b.text),
                    t,
                    &[&c, &a, &b],
                )
            }
            10 => {
                let (l, r) = (self.expr(d, cons), self.expr(d, cons));
                let t = r.ty;
                join(format!("({}, {})", l.text, r.text), t, &[&l, &r])
            }
            11 => {
                let e = self.expr(d, cons);
                let (op, t) = match self.rng.below(4) {
                    0 => ("~", promote(e.ty)),
                    1 => ("-", promote(e.ty)),
                    2 => ("!", INT),
                    _ => ("+", promote(e.ty)),
                };
                join(format!("({op}{})", e.text), t, &[&e])
            }
            12 => {
                let mut t = self.pick(TYPES);
                let e = self.expr(d, cons);
                if t.bits == 1 && e.reads | e.writes == 0 && e.text.contains(", ") {
                    // gcc 12 crashes (internal compiler error) on a cast to
                    // bool of a constant comma: `b = (bool)(1, 2);`
                    t = INT;
                }
                join(format!("(({})({}))", t.name, e.text), t, &[&e])
            }
            13 | 14 => self.assign_expr(d, cons).unwrap_or_else(|| self.leaf(cons)),
            15 => self.step_expr(cons).unwrap_or_else(|| self.leaf(cons)),
            16 => {
                // sizeof does not evaluate its operand: no effects
                let text = if self.one_in(2) {
                    format!("sizeof({})", self.pick(TYPES).name)
                } else {
                    format!("sizeof ({})", self.expr(d, cons.pure()).text)
                };
                Expr {
                    text,
                    ty: ULONG,
                    reads: 0,
                    writes: 0,
                }
            }
            17 => self.builtin(d, cons),
            18 | 19 if !self.helpers.is_empty() => self.call(d, cons),
            _ => self.leaf(cons),
        }
    }

    /// A GCC builtin, its argument made non-zero where zero is undefined
    /// (`| 1` keeps bit 0 through the conversion to the parameter type,
    /// the top bit of that type for ctz).
    fn builtin(&mut self, d: usize, cons: Cons) -> Expr {
        let e = self.expr(d, cons);
        let s = self.pick(&["", "l", "ll"]);
        let (text, t) = match self.rng.below(5) {
            0 => (format!("__builtin_popcount{s}({})", e.text), INT),
            1 => (format!("__builtin_parity{s}({})", e.text), INT),
            2 => (format!("__builtin_clz{s}(({}) | 1)", e.text), INT),
            3 => {
                let top = if s.is_empty() {
                    "0x80000000u"
                } else {
                    "0x8000000000000000ull"
                };
                (format!("__builtin_ctz{s}(({}) | {top})", e.text), INT)
            }
            _ => {
                let (w, t) = self.pick(&[(16, ty("uint16_t", 16, false)), (32, UINT), (64, ULONG)]);
                (format!("__builtin_bswap{w}({})", e.text), t)
            }
        };
        join(text, t, &[&e])
    }

    /// A call of a helper: its arguments are unsequenced with each other.
    fn call(&mut self, d: usize, cons: Cons) -> Expr {
        let k = self.rng.below(self.helpers.len());
        let (name, ret, n) = (
            self.helpers[k].0.clone(),
            self.helpers[k].1,
            self.helpers[k].2.len(),
        );
        let (mut c, mut args) = (cons, Vec::new());
        for _ in 0..n {
            let a = self.expr(d, c);
            c = c.after(&a);
            args.push(a);
        }
        let texts: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
        let parts: Vec<&Expr> = args.iter().collect();
        join(format!("{name}({})", texts.join(", ")), ret, &parts)
    }

    /// An index into an array of `len`: a constant, or a scalar variable
    /// (not in `no_access`) reduced into range.
    fn index(&mut self, len: usize, cons: Cons) -> Expr {
        let ok: Vec<usize> = (0..self.vars.len())
            .filter(|&i| self.vars[i].len == 0 && cons.no_access >> i & 1 == 0)
            .collect();
        if ok.is_empty() || self.one_in(3) {
            let text = self.rng.below(len).to_string();
            return Expr {
                text,
                ty: INT,
                reads: 0,
                writes: 0,
            };
        }
        let v = ok[self.rng.below(ok.len())];
        let name = &self.vars[v].name;
        let text = if len.is_power_of_two() {
            format!("({name} & {})", len - 1)
        } else {
            format!("((unsigned)({name}) % {len})")
        };
        Expr {
            text,
            ty: INT,
            reads: 1 << v,
            writes: 0,
        }
    }

    /// The lvalue of variable `v` (an element for an array) and what it reads.
    fn lvalue(&mut self, v: usize, cons: Cons) -> (String, u64) {
        let (name, len) = (self.vars[v].name.clone(), self.vars[v].len);
        if len == 0 {
            return (name, 0);
        }
        let i = self.index(len, cons);
        (format!("{name}[{}]", i.text), i.reads)
    }

    /// `l op r`, unsequenced: `r` may not touch what `l` writes nor write
    /// what `l` reads.
    fn binary(&mut self, op: &str, d: usize, cons: Cons, ty: Option<CType>) -> Expr {
        let l = self.expr(d, cons);
        let r = self.expr(d, cons.after(&l));
        let t = ty.unwrap_or_else(|| arith(l.ty, r.ty));
        join(format!("({} {op} {})", l.text, r.text), t, &[&l, &r])
    }

    fn shift(&mut self, d: usize, cons: Cons) -> Expr {
        let l = self.expr(d, cons);
        let r = self.expr(d, cons.after(&l));
        let p = promote(l.ty);
        let mask = p.bits - 1;
        let (text, t) = if self.one_in(2) {
            (format!("({} >> ({} & {mask}))", l.text, r.text), p)
        } else if !p.signed {
            (format!("({} << ({} & {mask}))", l.text, r.text), p)
        } else if !l.ty.signed && l.ty.bits <= 16 {
            // bool, u8 or u16: at most 65535 << 15 < 2^31
            (format!("({} << ({} & 15))", l.text, r.text), INT)
        } else {
            let u = unsigned_of(p.bits);
            let s = format!("(({})({}) << ({} & {mask}))", u.name, l.text, r.text);
            if self.one_in(2) {
                (format!("(({}){s})", p.name), p)
            } else {
                (s, u)
            }
        };
        join(text, t, &[&l, &r])
    }

    /// A divisor that is neither 0 nor -1, of the promoted type of `d`.
    fn divisor(&mut self, d: usize, cons: Cons) -> Expr {
        if self.one_in(2) {
            // evaluated twice: pure, and small so that nesting stays small
            let e = self.expr(d.min(1), cons.pure());
            let text = format!("(({0} == 0 || {0} == -1) ? 1 : {0})", e.text);
            Expr {
                text,
                ty: promote(e.ty),
                reads: e.reads,
                writes: 0,
            }
        } else {
            let e = self.expr(d, cons);
            let t = promote(e.ty);
            join(format!("(({} & ~2) | 1)", e.text), t, &[&e])
        }
    }

    fn division(&mut self, d: usize, cons: Cons) -> Expr {
        let l = self.expr(d, cons);
        let r = self.divisor(d, cons.after(&l));
        let op = self.pick(&["/", "%"]);
        let t = arith(l.ty, r.ty);
        join(format!("({} {op} {})", l.text, r.text), t, &[&l, &r])
    }

    /// A variable that `cons` lets us write, if any.
    fn writable(&mut self, cons: Cons) -> Option<usize> {
        let banned = cons.no_write | cons.no_access;
        let ok: Vec<usize> = (0..self.vars.len())
            .filter(|&i| self.vars[i].writable && banned >> i & 1 == 0)
            .collect();
        (!ok.is_empty()).then(|| ok[self.rng.below(ok.len())])
    }

    /// `v = e` or `v op= e` (with the shift and division guards).
    fn assign_expr(&mut self, d: usize, cons: Cons) -> Option<Expr> {
        let v = self.writable(cons)?;
        let (name, index_reads) = self.lvalue(v, cons);
        let target = 1u64 << v;
        let bit = target | index_reads; // e may not write the index either
        let vt = self.vars[v].ty;
        let inner = Cons {
            no_write: cons.no_write | bit,
            no_access: cons.no_access,
        };
        let p = promote(vt);
        let op = self.pick(&[
            "=", "=", "+=", "-=", "*=", "&=", "|=", "^=", "/=", "%=", "<<=", ">>=",
        ]);
        let e = match op {
            "/=" | "%=" => self.divisor(d, inner),
            ">>=" => {
                let c = self.expr(d, inner);
                Expr {
                    text: format!("({} & {})", c.text, p.bits - 1),
                    ..c
                }
            }
            "<<=" if vt.signed => {
                // a signed variable may be negative: shifted right instead
                let c = self.expr(d, inner);
                let text = format!("({name} >>= ({} & {}))", c.text, p.bits - 1);
                return Some(Expr {
                    text,
                    ty: vt,
                    reads: c.reads | bit,
                    writes: c.writes | target,
                });
            }
            "<<=" => {
                // unsigned int or long: any count below the width; bool, u8
                // and u16 promote to int: at most 65535 << 15 < 2^31
                let c = self.expr(d, inner);
                let mask = if p.signed { 15 } else { p.bits - 1 };
                Expr {
                    text: format!("({} & {mask})", c.text),
                    ..c
                }
            }
            _ => self.expr(d, inner),
        };
        let text = format!("({name} {op} {})", e.text);
        Some(Expr {
            text,
            ty: vt,
            reads: e.reads | bit,
            writes: e.writes | target,
        })
    }

    /// `v++`, `++v`, `v--` or `--v`.
    fn step_expr(&mut self, cons: Cons) -> Option<Expr> {
        let v = self.writable(cons)?;
        let (name, index_reads) = self.lvalue(v, cons);
        let text = match self.rng.below(4) {
            0 => format!("({name}++)"),
            1 => format!("(++{name})"),
            2 => format!("({name}--)"),
            _ => format!("(--{name})"),
        };
        Some(Expr {
            text,
            ty: self.vars[v].ty,
            reads: 1 << v | index_reads,
            writes: 1 << v,
        })
    }

    fn leaf(&mut self, cons: Cons) -> Expr {
        let ok: Vec<usize> = (0..self.vars.len())
            .filter(|&i| cons.no_access >> i & 1 == 0)
            .collect();
        if !ok.is_empty() && !self.one_in(3) {
            let v = ok[self.rng.below(ok.len())];
            let (text, index_reads) = self.lvalue(v, cons);
            return Expr {
                text,
                ty: self.vars[v].ty,
                reads: 1 << v | index_reads,
                writes: 0,
            };
        }
        self.constant()
    }

    /// An integer or character constant with the type C gives it.
    fn constant(&mut self) -> Expr {
        if self.one_in(12) {
            let (text, _) = self.pick(&[
                ("'a'", 0),
                ("'0'", 0),
                ("'\\xff'", 0),
                ("'\\x80'", 0),
                ("'\\0'", 0),
                ("'\\n'", 0),
            ]);
            return Expr {
                text: text.to_string(),
                ty: INT,
                reads: 0,
                writes: 0,
            };
        }
        const SPECIAL: &[u64] = &[
            0,
            1,
            2,
            3,
            5,
            7,
            8,
            15,
            16,
            31,
            32,
            63,
            64,
            100,
            127,
            128,
            255,
            256,
            0x7fff,
            0x8000,
            0xffff,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_ffff,
            0x1_0000_0000,
            0x7fff_ffff_ffff_ffff,
            0x8000_0000_0000_0000,
            0xffff_ffff_ffff_ffff,
            0x5555_5555,
            0xaaaa_aaaa_aaaa_aaaa,
        ];
        let v = match self.rng.below(4) {
            0 | 1 => self.pick(SPECIAL),
            2 => self.rng.next_u64() >> (8 * self.rng.below(8)),
            _ => self.rng.below(300) as u64,
        };
        let base = self.rng.below(8); // 0..4 decimal, 5..6 hex, 7 octal or binary
        let suffix = self.pick(&[
            "", "", "", "u", "l", "ul", "ll", "ull", "U", "L", "LL", "ULL",
        ]);
        let decimal = base < 5;
        let unsigned_suffix = suffix.contains(['u', 'U']);
        // a decimal constant without u above LONG_MAX has no type: add u
        let suffix = if decimal && !unsigned_suffix && v > i64::MAX as u64 {
            "u"
        } else {
            suffix
        };
        let digits = match base {
            0..=4 => v.to_string(),
            5 | 6 => format!("0x{v:x}"),
            _ if v < 4096 && self.one_in(2) => format!("0b{v:b}"),
            _ => format!("0{v:o}"),
        };
        let t = literal_type(v, decimal, suffix);
        let text = if self.one_in(6) {
            format!("(-{digits}{suffix})") // unary minus on the promoted type
        } else {
            format!("{digits}{suffix}")
        };
        Expr {
            text,
            ty: t,
            reads: 0,
            writes: 0,
        }
    }
}

/// The type of an integer literal (C11 6.4.4.1, LP64): the first of its
/// list that holds the value.
fn literal_type(v: u64, decimal: bool, suffix: &str) -> CType {
    let s = suffix.to_ascii_lowercase();
    let u = s.contains('u');
    let l = s.contains('l');
    let candidates: &[CType] = match (u, l, decimal) {
        (false, false, true) => &[INT, LONG],
        (false, false, false) => &[INT, UINT, LONG, ULONG],
        (true, false, _) => &[UINT, ULONG],
        (false, true, true) => &[LONG],
        (false, true, false) => &[LONG, ULONG],
        (true, true, _) => &[ULONG],
    };
    let fits = |t: &CType| {
        let max = if t.signed {
            (1u64 << (t.bits - 1)) - 1
        } else if t.bits == 64 {
            u64::MAX
        } else {
            (1u64 << t.bits) - 1
        };
        v <= max
    };
    *candidates
        .iter()
        .find(|t| fits(t))
        .expect("literal fits its list")
}

/// An expression over `parts`, their effects united.
fn join(text: String, ty: CType, parts: &[&Expr]) -> Expr {
    let reads = parts.iter().fold(0, |a, e| a | e.reads);
    let writes = parts.iter().fold(0, |a, e| a | e.writes);
    Expr {
        text,
        ty,
        reads,
        writes,
    }
}
