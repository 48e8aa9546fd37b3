//! The typed tree of a C function: every expression knows its C type
//! (resolved while parsing, as a compiler does), every variable its slot.

use super::types::{Scalar, Value};

/// Where a construct starts (1-based).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    LogNot,
}

impl UnOp {
    pub fn symbol(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::Plus => "+",
            UnOp::Not => "~",
            UnOp::LogNot => "!",
        }
    }
}

/// The sixteen word operators C shares with the expression language (the
/// same symbols, the same order of binding).
pub use crate::lang::expr::BinOp as WordOp;

/// A C binary operator: a word operator, or the short-circuit `&&`, `||`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Word(WordOp),
    LogAnd,
    LogOr,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Word(op) => op.symbol(),
            BinOp::LogAnd => "&&",
            BinOp::LogOr => "||",
        }
    }

    /// Binding strength, C's table (higher binds tighter): the word
    /// operators' levels 7..0 become 10..3, then `&&` 2 and `||` 1.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Word(op) => op.level() + 3,
            BinOp::LogAnd => 2,
            BinOp::LogOr => 1,
        }
    }
}

/// A GCC builtin the subset knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    Popcount,
    Ctz,
    Clz,
    Parity,
    Bswap,
}

/// A variable's home: the function's frame or the file's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Local(usize),
    Global(usize),
}

/// A declared variable (scalar, array, union or struct).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarInfo {
    pub name: String,
    /// A scalar's or an element's type (`unsigned char` for a record: its
    /// bytes).
    pub ty: Scalar,
    /// `Some(n)` for an array of n elements.
    pub len: Option<usize>,
    pub is_const: bool,
    pub pos: Pos,
    /// A union or struct variable's type.
    pub record: Option<Box<Record>>,
}

impl VarInfo {
    /// Its type as C writes it: `unsigned int`, `union {…}`, `struct S`.
    pub fn type_name(&self) -> String {
        match &self.record {
            Some(r) => r.name(),
            None => self.ty.name().to_string(),
        }
    }

    /// `sizeof` the variable, in bytes.
    pub fn size(&self) -> u64 {
        match (&self.record, self.len) {
            (Some(r), _) => r.size,
            (None, Some(n)) => n as u64 * self.ty.size(),
            (None, None) => self.ty.size(),
        }
    }
}

/// A union or struct of scalars and arrays, laid out as gcc lays it out on
/// x86-64 (each member aligned to its size, the whole to its largest):
///
/// ```text
/// union { float f; unsigned char b[4]; }     f: bytes 0-3, b: bytes 0-3
/// struct { char c; int i; short s; }         c: 0, i: 4-7, s: 8-9; size 12
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub is_union: bool,
    pub tag: Option<String>,
    pub members: Vec<Member>,
    pub size: u64,
}

impl Record {
    /// `union U` or `struct S` (or `union {…}` without a tag).
    pub fn name(&self) -> String {
        let kind = if self.is_union { "union" } else { "struct" };
        match &self.tag {
            Some(t) => format!("{kind} {t}"),
            None => format!("{kind} {{…}}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub ty: Scalar,
    /// `Some(n)` for an array member.
    pub len: Option<usize>,
    /// Its first byte.
    pub offset: u64,
}

impl Member {
    /// Its bytes.
    pub fn size(&self) -> u64 {
        self.ty.size() * self.len.unwrap_or(1) as u64
    }
}

/// Bytes of a variable read or written as a scalar: a member (`u.f`,
/// `s.b[i]`) or a pun through a pointer (`*(unsigned *)&f`,
/// `((unsigned char *)&x)[i]`). The view's type is the expression's.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub slot: Slot,
    /// The variable's name.
    pub var: String,
    /// As written, without the index: `u.b`, `*(unsigned *)&f`.
    pub text: String,
    /// The first byte read.
    pub offset: u64,
    /// An index and the number of elements it may reach.
    pub index: Option<(Box<Expr>, usize)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Scalar,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Lit(Value),
    Var(Slot, String),
    /// `a[i]`: the array's slot and name, the index.
    Index(Slot, String, Box<Expr>),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a = b`, or `a op= b` with `Some(op)`.
    Assign(Option<WordOp>, Box<Expr>, Box<Expr>),
    /// `++a`, `a--`, ...: `pre`, `inc`.
    IncDec {
        pre: bool,
        inc: bool,
        target: Box<Expr>,
    },
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    Cast(Scalar, Box<Expr>),
    /// A call of a function of the file (by index).
    Call(usize, String, Vec<Expr>),
    /// A builtin, its name as written, its argument's type.
    Builtin(Builtin, String, Scalar, Box<Expr>),
    /// Bytes of a variable read as the expression's type.
    View(View),
    /// A `<math.h>` function, its name as written, the floating type it
    /// computes in, its arguments.
    Math(super::math::MathFn, String, Scalar, Vec<Expr>),
    /// `memcpy(&dst, &src, n)`: `n` bytes from one object to another.
    Copy(Box<MemCopy>),
}

/// `memcpy`'s two objects (`&u`, `&s.f`) and its byte count.
#[derive(Clone, Debug, PartialEq)]
pub struct MemCopy {
    pub dst: Object,
    pub src: Object,
    pub n: u64,
}

/// What `&x` or `&x.m` points at: its variable, its first byte and size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Object {
    pub slot: Slot,
    /// `x` or `x.m`.
    pub text: String,
    pub var: String,
    pub offset: u64,
    pub size: u64,
}

/// One declarator of a declaration: its variable and initialiser.
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    pub slot: Slot,
    pub info: VarInfo,
    pub init: Init,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Init {
    None,
    Scalar(Expr),
    List(Vec<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Decl(Vec<Decl>),
    Expr(Expr),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    Loop(Loop),
    Switch(Box<Switch>),
    Break,
    Continue,
    Return(Option<Expr>),
    Block(Vec<Stmt>),
    Empty,
}

/// Which loop the source wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    For,
    While,
    DoWhile,
}

impl LoopKind {
    /// The keyword it starts with.
    pub fn keyword(self) -> &'static str {
        match self {
            LoopKind::For => "for",
            LoopKind::While => "while",
            LoopKind::DoWhile => "do",
        }
    }
}

/// Every loop in one shape: `init` once, then `cond`, the body and `step`
/// until `cond` is false; a `do … while` runs its body before the first
/// test (`while` and `do` have no `init` or `step`).
#[derive(Clone, Debug, PartialEq)]
pub struct Loop {
    pub kind: LoopKind,
    pub init: Vec<Stmt>,
    pub cond: Option<Expr>,
    pub step: Option<Expr>,
    pub body: Box<Stmt>,
}

/// `switch (value) { case 1: … default: … }`: the block's statements in
/// order, and where each label enters them; a `break` leaves the switch,
/// and without one each case falls through into the next.
///
/// ```text
/// switch (x & 3) {      body[0]  case 0:  r = 1;
///   case 0: r = 1;      body[1]  case 1:  r += 2;  break;
///   case 1: r += 2;     body[2]           (break)
///           break;      body[3]  default: r = 9;
///   default: r = 9;     cases: [(0, 0), (1, 1)], default: Some(3)
/// }
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Switch {
    /// The controlling expression; its value is promoted (the integer
    /// promotions), and the cases are of that type.
    pub value: Expr,
    pub body: Vec<Stmt>,
    pub cases: Vec<Case>,
    /// The statement `default:` labels (`body.len()` when it labels none).
    pub default: Option<usize>,
}

/// `case VALUE:` before `body[at]` of a [`Switch`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Case {
    /// The constant converted to the switch's type.
    pub value: Value,
    pub at: usize,
    pub pos: Pos,
}

impl Switch {
    /// The cases' type: the controlling expression's, promoted.
    pub fn ty(&self) -> Scalar {
        self.value.ty.promote()
    }

    /// The statement a value enters at: its case's, else `default`'s;
    /// `None` when the switch runs nothing.
    pub fn entry(&self, bits: u64) -> Option<usize> {
        self.cases
            .iter()
            .find(|c| c.value.bits == bits)
            .map(|c| c.at)
            .or(self.default)
    }
}

impl Loop {
    /// A `while` or `do … while` loop.
    pub fn conditional(kind: LoopKind, cond: Expr, body: Stmt) -> Loop {
        Loop {
            kind,
            init: Vec::new(),
            cond: Some(cond),
            step: None,
            body: Box::new(body),
        }
    }

    pub fn body_first(&self) -> bool {
        self.kind == LoopKind::DoWhile
    }
}

/// What the parser gives: the file's functions, globals and their
/// initialisers (run once before each call of an entry).
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub functions: Vec<Function>,
    pub globals: Vec<VarInfo>,
    pub global_inits: Vec<Decl>,
}

/// A function of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub ret: Scalar,
    /// Whether it returns `void` (then `ret` is unused).
    pub void: bool,
    pub params: Vec<(String, Scalar)>,
    pub pos: Pos,
    /// Every local of the frame, parameters first.
    pub locals: Vec<VarInfo>,
    pub body: Vec<Stmt>,
}

impl Expr {
    /// The expression as C text, parenthesised only where C needs it.
    pub fn show(&self) -> String {
        show(self, 0)
    }

    /// As [`Expr::show`] where C wants an assignment expression (an
    /// initialiser, an argument): a comma expression gets parentheses.
    pub fn show_operand(&self) -> String {
        show(self, 2)
    }
}

/// `e` as text, in a context that binds at `outer` (0: none).
fn show(e: &Expr, outer: u8) -> String {
    let (text, prec) = match &e.kind {
        ExprKind::Lit(v) => (lit_text(*v), 20),
        ExprKind::Var(_, n) => (n.clone(), 20),
        ExprKind::Index(_, n, i) => (format!("{n}[{}]", show(i, 0)), 19),
        ExprKind::Copy(c) => (
            format!("memcpy(&{}, &{}, {})", c.dst.text, c.src.text, c.n),
            19,
        ),
        ExprKind::View(v) => match &v.index {
            Some((i, _)) => (format!("{}[{}]", v.text, show(i, 0)), 19),
            None if v.text.starts_with('*') => (v.text.clone(), 18),
            None => (v.text.clone(), 19),
        },
        ExprKind::Call(_, n, _) | ExprKind::Builtin(_, n, _, _) | ExprKind::Math(_, n, _, _) => {
            let a: Vec<String> = args_of(e).iter().map(|a| show(a, 2)).collect();
            (format!("{n}({})", a.join(", ")), 19)
        }
        ExprKind::IncDec { pre, inc, target } => show_inc_dec(*pre, *inc, target),
        ExprKind::Unary(op, a) => {
            let inner = show(a, 18);
            let sep = if inner.starts_with(op.symbol()) {
                " "
            } else {
                ""
            };
            (format!("{}{sep}{inner}", op.symbol()), 18)
        }
        ExprKind::Cast(t, a) => (format!("({}){}", t.name(), show(a, 18)), 18),
        ExprKind::Binary(op, a, b) => show_binary(*op, a, b),
        ExprKind::Cond(c, t, f) => (
            format!("{} ? {} : {}", show(c, 7), show(t, 0), show(f, 5)),
            5,
        ),
        ExprKind::Assign(op, a, b) => {
            let sym = op
                .map(|o| format!("{}=", o.symbol()))
                .unwrap_or_else(|| "=".into());
            (format!("{} {sym} {}", show(a, 18), show(b, 4)), 4)
        }
        ExprKind::Comma(a, b) => (format!("{}, {}", show(a, 1), show(b, 2)), 1),
    };
    if prec < outer {
        format!("({text})")
    } else {
        text
    }
}

/// `x++` (binds at 19) or `++x` (18).
fn show_inc_dec(pre: bool, inc: bool, target: &Expr) -> (String, u8) {
    let sym = if inc { "++" } else { "--" };
    if pre {
        (format!("{sym}{}", show(target, 18)), 18)
    } else {
        (format!("{}{sym}", show(target, 19)), 19)
    }
}

/// `a op b` and the precedence it binds at.
fn show_binary(op: BinOp, a: &Expr, b: &Expr) -> (String, u8) {
    let p = op.precedence() + 6;
    // inside a bitwise operator or a shift, any other operator gets
    // parentheses (as people write `(v >> 1) & m`)
    let child = |e: &Expr, at: u8| match &e.kind {
        ExprKind::Binary(o, _, _)
            if *o != op
                && matches!(
                    op,
                    BinOp::Word(WordOp::And | WordOp::Or | WordOp::Xor | WordOp::Shl | WordOp::Shr)
                ) =>
        {
            format!("({})", show(e, 0))
        }
        _ => show(e, at),
    };
    (
        format!("{} {} {}", child(a, p), op.symbol(), child(b, p + 1)),
        p,
    )
}

fn args_of(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Call(_, _, args) | ExprKind::Math(_, _, _, args) => args.iter().collect(),
        ExprKind::Builtin(_, _, _, a) => vec![a],
        _ => Vec::new(),
    }
}

/// A literal as C would write it (with the suffix its type needs).
fn lit_text(v: Value) -> String {
    if v.ty.is_float() {
        let suffix = if v.ty == Scalar::Float { "f" } else { "" };
        return match super::types::floats::text(v).as_str() {
            "inf" => format!("1e999{suffix}"),
            "-inf" => format!("-1e999{suffix}"),
            _ if v.bits == 0x7fc0_0000 && v.ty == Scalar::Float => "NAN".into(),
            t if t.ends_with("NaN") => format!("(0.0{suffix} / 0.0{suffix})"),
            t => format!("{t}{suffix}"),
        };
    }
    let n = v.get();
    let suffix = match v.ty {
        Scalar::UInt => "u",
        Scalar::Long => "l",
        Scalar::ULong => "ul",
        Scalar::LongLong => "ll",
        Scalar::ULongLong => "ull",
        _ => "",
    };
    if n > 255 {
        format!("0x{n:x}{suffix}")
    } else {
        format!("{n}{suffix}")
    }
}
