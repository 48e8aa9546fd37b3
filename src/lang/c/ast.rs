//! The typed tree of a C function: every expression knows its C type
//! (resolved while parsing, as a compiler does), every variable its slot.

use super::types::{Int, Value};

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    And,
    Xor,
    Or,
    LogAnd,
    LogOr,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        use BinOp::*;
        match self {
            Mul => "*",
            Div => "/",
            Rem => "%",
            Add => "+",
            Sub => "-",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            And => "&",
            Xor => "^",
            Or => "|",
            LogAnd => "&&",
            LogOr => "||",
        }
    }

    /// Binding strength, C's table (higher binds tighter).
    pub fn precedence(self) -> u8 {
        use BinOp::*;
        match self {
            Mul | Div | Rem => 10,
            Add | Sub => 9,
            Shl | Shr => 8,
            Lt | Le | Gt | Ge => 7,
            Eq | Ne => 6,
            And => 5,
            Xor => 4,
            Or => 3,
            LogAnd => 2,
            LogOr => 1,
        }
    }

    pub fn is_comparison(self) -> bool {
        use BinOp::*;
        matches!(self, Lt | Le | Gt | Ge | Eq | Ne)
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

/// A declared variable (scalar or array).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarInfo {
    pub name: String,
    pub ty: Int,
    /// `Some(n)` for an array of n elements.
    pub len: Option<usize>,
    pub is_const: bool,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Int,
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
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    /// `++a`, `a--`, ...: `pre`, `inc`.
    IncDec {
        pre: bool,
        inc: bool,
        target: Box<Expr>,
    },
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    Cast(Int, Box<Expr>),
    /// A call of a function of the file (by index).
    Call(usize, String, Vec<Expr>),
    /// A builtin, its name as written, its argument's type.
    Builtin(Builtin, String, Int, Box<Expr>),
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
    While(Expr, Box<Stmt>),
    DoWhile(Box<Stmt>, Expr),
    For {
        init: Vec<Stmt>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    Block(Vec<Stmt>),
    Empty,
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
    pub ret: Int,
    /// Whether it returns `void` (then `ret` is unused).
    pub void: bool,
    pub params: Vec<(String, Int)>,
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
}

/// `e` as text, in a context that binds at `outer` (0: none).
fn show(e: &Expr, outer: u8) -> String {
    let (text, prec) = match &e.kind {
        ExprKind::Lit(v) => (lit_text(*v), 20),
        ExprKind::Var(_, n) => (n.clone(), 20),
        ExprKind::Index(_, n, i) => (format!("{n}[{}]", show(i, 0)), 19),
        ExprKind::Call(_, n, _) | ExprKind::Builtin(_, n, _, _) => {
            let a: Vec<String> = args_of(e).iter().map(|a| show(a, 2)).collect();
            (format!("{n}({})", a.join(", ")), 19)
        }
        ExprKind::IncDec {
            pre: false,
            inc,
            target,
        } => (
            format!("{}{}", show(target, 19), if *inc { "++" } else { "--" }),
            19,
        ),
        ExprKind::IncDec {
            pre: true,
            inc,
            target,
        } => (
            format!("{}{}", if *inc { "++" } else { "--" }, show(target, 18)),
            18,
        ),
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
        ExprKind::Binary(op, a, b) => {
            let p = op.precedence() + 6;
            // inside a bitwise operator or a shift, any other operator gets
            // parentheses (as people write `(v >> 1) & m`)
            let child = |e: &Expr, at: u8| match &e.kind {
                ExprKind::Binary(o, _, _)
                    if o != op
                        && matches!(
                            op,
                            BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::Shr
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

fn args_of(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Call(_, _, args) => args.iter().collect(),
        ExprKind::Builtin(_, _, _, a) => vec![a],
        _ => Vec::new(),
    }
}

/// A literal as C would write it (with the suffix its type needs).
fn lit_text(v: Value) -> String {
    let n = v.get();
    let suffix = match v.ty {
        Int::UInt => "u",
        Int::Long => "l",
        Int::ULong => "ul",
        Int::LongLong => "ll",
        Int::ULongLong => "ull",
        _ => "",
    };
    if n > 255 {
        format!("0x{n:x}{suffix}")
    } else {
        format!("{n}{suffix}")
    }
}
