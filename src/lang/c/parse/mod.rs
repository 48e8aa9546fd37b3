//! The parser: tokens to a typed tree, in two passes over the file. The first
//! reads typedefs, globals and every function's signature (so a function may
//! call one written below it); the second parses the bodies. Every name is
//! resolved to its slot and every expression typed while parsing, as a
//! compiler does, so the evaluator and the prover never look a name up.

mod expr;
mod record;
mod stmt;

use super::ast::{Decl, Function, Init, Parsed, Pos, Record, Slot, Stmt, VarInfo};
use super::lex::{Tok, Token};
use super::types::Scalar;
use super::{CError, ErrorKind};
use std::collections::HashMap;

/// A function's signature, known before any body is parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sig {
    pub name: String,
    pub ret: Scalar,
    pub void: bool,
    pub params: Vec<(String, Scalar)>,
    pub pos: Pos,
}

/// The deepest nesting of expressions and statements read.
const MAX_DEPTH: usize = 200;

pub(super) struct Parser<'a> {
    toks: &'a [Token],
    i: usize,
    typedefs: HashMap<String, Scalar>,
    /// Unions and structs by `union TAG`, `struct TAG` or `typedef NAME`.
    records: HashMap<String, Record>,
    sigs: Vec<Sig>,
    globals: Vec<VarInfo>,
    global_inits: Vec<Decl>,
    scopes: Vec<HashMap<String, Slot>>,
    locals: Vec<VarInfo>,
    loops: usize,
    /// How many `switch` bodies enclose the statement (`break` leaves one).
    switches: usize,
    /// The current function's return type (`None` for `void`).
    ret: Option<Scalar>,
    depth: usize,
}

/// The type words of declaration specifiers, as read.
#[derive(Default)]
struct TypeWords<'a> {
    signed: bool,
    unsigned: bool,
    longs: u32,
    short: bool,
    void: bool,
    /// `char`, `int`, `_Bool`, `float` or `double`.
    base: Option<&'a str>,
    /// A typedef's type.
    named: Option<Scalar>,
}

impl TypeWords<'_> {
    /// No `signed`, `unsigned`, `long` or `short`.
    fn plain(&self) -> bool {
        !self.signed && !self.unsigned && self.longs == 0 && !self.short
    }
}

/// The type a declaration starts with, and its storage words.
#[derive(Clone, Debug)]
pub(super) struct Spec {
    pub ty: Option<Scalar>,
    /// A union or struct type (`ty` is then `unsigned char`, its bytes).
    pub record: Option<Box<Record>>,
    pub is_const: bool,
    pub is_static: bool,
    pub is_typedef: bool,
}

pub fn parse(toks: &[Token]) -> Result<Parsed, CError> {
    let mut typedefs = HashMap::new();
    for (name, ty) in [
        ("int8_t", Scalar::SChar),
        ("uint8_t", Scalar::UChar),
        ("int16_t", Scalar::Short),
        ("uint16_t", Scalar::UShort),
        ("int32_t", Scalar::Int),
        ("uint32_t", Scalar::UInt),
        ("int64_t", Scalar::Long),
        ("uint64_t", Scalar::ULong),
        ("size_t", Scalar::ULong),
        ("ssize_t", Scalar::Long),
        ("intptr_t", Scalar::Long),
        ("uintptr_t", Scalar::ULong),
        ("intmax_t", Scalar::Long),
        ("uintmax_t", Scalar::ULong),
    ] {
        typedefs.insert(name.to_string(), ty);
    }
    let mut p = Parser {
        toks,
        i: 0,
        typedefs,
        records: HashMap::new(),
        sigs: Vec::new(),
        globals: Vec::new(),
        global_inits: Vec::new(),
        scopes: vec![HashMap::new()],
        locals: Vec::new(),
        loops: 0,
        switches: 0,
        ret: None,
        depth: 0,
    };
    let bodies = p.top_level()?;
    let mut functions = Vec::new();
    for (k, at) in bodies {
        functions.push(p.function_body(k, at)?);
    }
    Ok(Parsed {
        functions,
        globals: p.globals,
        global_inits: p.global_inits,
    })
}

impl<'a> Parser<'a> {
    // ----- tokens -------------------------------------------------------

    fn peek(&self) -> Option<&'a Token> {
        self.toks.get(self.i)
    }

    fn peek_at(&self, k: usize) -> Option<&'a Token> {
        self.toks.get(self.i + k)
    }

    fn at(&self, p: &str) -> bool {
        self.peek().is_some_and(|t| t.is(p))
    }

    fn eat(&mut self, p: &str) -> bool {
        let yes = self.at(p);
        if yes {
            self.i += 1;
        }
        yes
    }

    /// Where the next token is (or the end of the last one).
    fn pos(&self) -> Pos {
        match self.toks.get(self.i).or(self.toks.last()) {
            Some(t) => Pos {
                line: t.line,
                col: t.col,
            },
            None => Pos { line: 1, col: 1 },
        }
    }

    fn err(&self, pos: Pos, kind: ErrorKind, msg: impl Into<String>) -> CError {
        CError::new(kind, pos.line, pos.col, msg)
    }

    fn syntax(&self, msg: impl Into<String>) -> CError {
        self.err(self.pos(), ErrorKind::Syntax, msg)
    }

    /// What the subset leaves out, at the next token.
    fn refused(&self, msg: impl Into<String>) -> CError {
        self.err(self.pos(), ErrorKind::Refused, msg)
    }

    /// What the next token is, for an error message.
    fn found(&self) -> String {
        match self.peek() {
            Some(t) => format!("`{}`", t.text()),
            None => "the end of the source".into(),
        }
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let yes = self.peek().and_then(Token::ident) == Some(w);
        if yes {
            self.i += 1;
        }
        yes
    }

    fn expect(&mut self, p: &str) -> Result<(), CError> {
        if self.eat(p) {
            Ok(())
        } else {
            Err(self.syntax(format!("expected `{p}`, found {}", self.found())))
        }
    }

    fn ident(&mut self) -> Result<(String, Pos), CError> {
        let pos = self.pos();
        match self.peek().map(|t| &t.tok) {
            Some(Tok::Ident(s)) if !is_keyword(s) => {
                self.i += 1;
                Ok((s.clone(), pos))
            }
            _ => Err(self.syntax(format!("expected a name, found {}", self.found()))),
        }
    }

    fn deeper(&mut self) -> Result<(), CError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.syntax(format!("nested deeper than {MAX_DEPTH} levels")));
        }
        Ok(())
    }

    // ----- types --------------------------------------------------------

    /// Whether a declaration starts here.
    fn at_type(&self) -> bool {
        match self.peek().and_then(Token::ident) {
            Some(w) => {
                TYPE_WORDS.contains(&w)
                    || self.typedefs.contains_key(w)
                    || self.records.contains_key(&format!("typedef {w}"))
                    || REFUSED_TYPES.iter().any(|r| r.0 == w)
            }
            None => false,
        }
    }

    /// Declaration specifiers: `static const unsigned long long`, `uint8_t`.
    fn spec(&mut self) -> Result<Spec, CError> {
        let start = self.pos();
        let mut spec = Spec {
            ty: None,
            record: None,
            is_const: false,
            is_static: false,
            is_typedef: false,
        };
        let mut w = TypeWords::default();
        while let Some(word) = self.peek().and_then(Token::ident) {
            if let Some((_, why)) = REFUSED_TYPES.iter().find(|r| r.0 == word) {
                return Err(self.refused(format!("`{word}`: {why}")));
            }
            let plain = w.base.is_none() && w.named.is_none() && w.plain() && !w.void;
            if (word == "union" || word == "struct") && plain {
                self.i += 1;
                spec.record = Some(Box::new(self.record_type(word == "union")?));
                spec.ty = Some(Scalar::UChar);
                return Ok(spec);
            }
            if let Some(r) = self
                .records
                .get(&format!("typedef {word}"))
                .filter(|_| plain)
            {
                spec.record = Some(Box::new(r.clone()));
                spec.ty = Some(Scalar::UChar);
                self.i += 1;
                return Ok(spec);
            }
            match word {
                "const" => spec.is_const = true,
                "static" => spec.is_static = true,
                "typedef" => spec.is_typedef = true,
                "volatile" | "inline" | "extern" | "register" | "auto" | "__inline"
                | "__inline__" | "restrict" => {}
                "signed" | "__signed__" => w.signed = true,
                "unsigned" => w.unsigned = true,
                "long" => w.longs += 1,
                "short" => w.short = true,
                "void" => w.void = true,
                "char" | "int" | "_Bool" | "bool" | "float" | "double" if w.base.is_none() => {
                    w.base = Some(word)
                }
                _ if w.named.is_none() && w.base.is_none() && w.plain() && !w.void => {
                    match self.typedefs.get(word) {
                        Some(t) => w.named = Some(*t),
                        None => break,
                    }
                }
                _ => break,
            }
            self.i += 1;
        }
        spec.ty = self.type_of(&w, start)?;
        Ok(spec)
    }

    /// The type the words name (`None`: `void`), or why they name none.
    fn type_of(&self, w: &TypeWords, start: Pos) -> Result<Option<Scalar>, CError> {
        let bad = |m: &str| Err(self.err(start, ErrorKind::Syntax, m.to_string()));
        let (signed, unsigned) = (w.signed, w.unsigned);
        let ty = match (w.named, w.base, w.void) {
            (Some(t), None, false) if w.plain() => Some(t),
            (None, None, true) if w.plain() => None,
            (None, Some("_Bool" | "bool"), false) if w.plain() => Some(Scalar::Bool),
            (None, Some("float"), false) if w.plain() => Some(Scalar::Float),
            (None, Some("double"), false) if w.plain() => Some(Scalar::Double),
            (None, Some("double"), false) if w.longs == 1 && !w.short && !signed && !unsigned => {
                return Err(self.refused("`long double`: only float and double are supported"))
            }
            (None, Some("char"), false) if w.longs == 0 && !w.short => {
                Some(match (signed, unsigned) {
                    (_, true) => Scalar::UChar,
                    (true, _) => Scalar::SChar,
                    _ => Scalar::Char,
                })
            }
            (None, None | Some("int"), false) if !w.plain() || w.base.is_some() => {
                let s = match (w.short, w.longs) {
                    (true, 0) => Scalar::Short,
                    (false, 0) => Scalar::Int,
                    (false, 1) => Scalar::Long,
                    (false, 2) => Scalar::LongLong,
                    _ => return bad("this combination of type words is not a C type"),
                };
                Some(if unsigned && !signed {
                    s.to_unsigned()
                } else {
                    s
                })
            }
            (None, None, false) => {
                return Err(self.syntax(format!("expected a type, found {}", self.found())))
            }
            _ => return bad("this combination of type words is not a C type"),
        };
        if signed && unsigned {
            return bad("`signed` and `unsigned` together");
        }
        Ok(ty)
    }

    /// A type name in a cast or `sizeof`: specifiers, no declarator.
    fn type_name(&mut self) -> Result<Scalar, CError> {
        let at = self.pos();
        let s = self.spec()?;
        if self.at("*") {
            return Err(self.refused("pointers are not supported"));
        }
        if let Some(r) = &s.record {
            return Err(self.err(
                at,
                ErrorKind::Refused,
                format!(
                    "a {} cannot be cast or passed: use a variable and its members",
                    r.name()
                ),
            ));
        }
        s.ty.ok_or_else(|| self.err(at, ErrorKind::Refused, "`void` has no value here"))
    }

    /// After a declarator's name: `[N]` or `[]` (`Some(None)`), else `None`.
    fn array_suffix(&mut self) -> Result<Option<Option<usize>>, CError> {
        if !self.eat("[") {
            return Ok(None);
        }
        if self.eat("]") {
            return Ok(Some(None));
        }
        let at = self.pos();
        let n = self.constant()?;
        self.expect("]")?;
        if self.at("[") {
            return Err(self.refused("arrays of arrays are not supported"));
        }
        if !(1..=1 << 20).contains(&n) {
            return Err(self.err(
                at,
                ErrorKind::Type,
                format!("an array of {n} elements (1 to 1048576)"),
            ));
        }
        Ok(Some(Some(n as usize)))
    }

    // ----- the file -----------------------------------------------------

    /// Pass 1: typedefs, globals, signatures; the bodies' token indices.
    fn top_level(&mut self) -> Result<Vec<(usize, usize)>, CError> {
        let mut bodies = Vec::new();
        while self.peek().is_some() {
            if self.eat(";") {
                continue;
            }
            let start = self.pos();
            if !self.at_type() {
                return Err(self.syntax(format!(
                    "expected a declaration or a function, found {}",
                    self.found()
                )));
            }
            let spec = self.spec()?;
            if self.at("*") {
                return Err(self.refused("pointers are not supported"));
            }
            if spec.record.is_some() && self.eat(";") {
                continue;
            }
            let (name, pos) = self.ident()?;
            if let (true, Some(r)) = (spec.is_typedef, &spec.record) {
                self.records
                    .insert(format!("typedef {name}"), (**r).clone());
                self.expect(";")?;
                continue;
            }
            if spec.record.is_some() && self.at("(") {
                return Err(
                    self.refused("a function that returns a union or struct is not supported")
                );
            }
            if spec.is_typedef {
                let ty = spec
                    .ty
                    .ok_or_else(|| self.err(start, ErrorKind::Refused, "a typedef of `void`"))?;
                if self.at("[") {
                    return Err(self.refused("a typedef of an array type is not supported"));
                }
                self.typedefs.insert(name, ty);
                self.expect(";")?;
            } else if self.at("(") {
                if let Some(body) = self.signature(spec, name, pos)? {
                    bodies.push(body);
                }
            } else {
                self.global_decl(spec, name, pos)?;
            }
        }
        Ok(bodies)
    }

    /// A parameter list, `(` to `)`: `(void)`, `()` or named types (an
    /// unnamed one is `argN`).
    fn params(&mut self) -> Result<Vec<(String, Scalar)>, CError> {
        self.expect("(")?;
        let mut params = Vec::new();
        let void_only = self.peek().and_then(Token::ident) == Some("void")
            && self.peek_at(1).is_some_and(|t| t.is(")"));
        if void_only {
            self.i += 1;
        }
        while !self.at(")") {
            if !params.is_empty() {
                self.expect(",")?;
            }
            if self.at("...") {
                return Err(self.refused("variadic functions are not supported"));
            }
            let at = self.pos();
            let ty = self.type_name()?;
            let pname = match self.peek().and_then(Token::ident) {
                Some(_) => self.ident()?.0,
                None => format!("arg{}", params.len() + 1),
            };
            if self.at("[") {
                return Err(self.refused("array parameters are pointers: not supported"));
            }
            if params.iter().any(|(n, _)| *n == pname) {
                return Err(self.err(
                    at,
                    ErrorKind::Type,
                    format!("two parameters named `{pname}`"),
                ));
            }
            params.push((pname, ty));
        }
        self.expect(")")?;
        Ok(params)
    }

    /// A function's signature; `Some((function index, body token))` when a
    /// body follows (it is skipped for now), `None` for a prototype.
    fn signature(
        &mut self,
        spec: Spec,
        name: String,
        pos: Pos,
    ) -> Result<Option<(usize, usize)>, CError> {
        let params = self.params()?;
        let sig = Sig {
            name: name.clone(),
            ret: spec.ty.unwrap_or(Scalar::Int),
            void: spec.ty.is_none(),
            params,
            pos,
        };
        let known = self.sigs.iter().position(|s| s.name == name);
        if let Some(k) = known {
            let s = &self.sigs[k];
            if (
                s.ret,
                s.void,
                s.params.iter().map(|p| p.1).collect::<Vec<_>>(),
            ) != (
                sig.ret,
                sig.void,
                sig.params.iter().map(|p| p.1).collect::<Vec<_>>(),
            ) {
                return Err(self.err(
                    pos,
                    ErrorKind::Type,
                    format!("`{name}` is declared twice with different types"),
                ));
            }
        }
        if self.eat(";") {
            if known.is_none() {
                self.sigs.push(sig);
            }
            return Ok(None);
        }
        if !self.at("{") {
            return Err(self.syntax(format!(
                "expected `{{` or `;` after `{name}(…)`, found {}",
                self.found()
            )));
        }
        let k = match known {
            Some(k) => {
                self.sigs[k] = sig;
                k
            }
            None => {
                self.sigs.push(sig);
                self.sigs.len() - 1
            }
        };
        let body = self.i;
        self.skip_block()?;
        Ok(Some((k, body)))
    }

    /// Skips a `{ … }` block, braces matched.
    fn skip_block(&mut self) -> Result<(), CError> {
        let open = self.pos();
        let mut depth = 0usize;
        while let Some(t) = self.peek() {
            self.i += 1;
            if t.is("{") {
                depth += 1;
            } else if t.is("}") {
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            }
        }
        Err(self.err(open, ErrorKind::Syntax, "this `{` is never closed"))
    }

    /// Pass 2: one function's body.
    fn function_body(&mut self, k: usize, at: usize) -> Result<Function, CError> {
        let sig = self.sigs[k].clone();
        self.i = at;
        self.locals.clear();
        self.scopes.push(HashMap::new());
        for (name, ty) in &sig.params {
            self.declare(
                VarInfo {
                    name: name.clone(),
                    ty: *ty,
                    len: None,
                    is_const: false,
                    pos: sig.pos,
                    record: None,
                },
                false,
            )?;
        }
        self.ret = (!sig.void).then_some(sig.ret);
        let body = match self.block()?.kind {
            super::ast::StmtKind::Block(b) => b,
            other => vec![Stmt {
                kind: other,
                pos: sig.pos,
            }],
        };
        self.scopes.pop();
        Ok(Function {
            name: sig.name,
            ret: sig.ret,
            void: sig.void,
            params: sig.params,
            pos: sig.pos,
            locals: std::mem::take(&mut self.locals),
            body,
        })
    }

    /// A file-scope declaration, its first name read.
    fn global_decl(&mut self, spec: Spec, first: String, pos: Pos) -> Result<(), CError> {
        let decls = self.declarators(spec, Some((first, pos)), true)?;
        self.global_inits.extend(decls);
        self.expect(";")
    }

    /// Puts a variable in the innermost scope; `global` for statics and
    /// file-scope variables.
    fn declare(&mut self, info: VarInfo, global: bool) -> Result<Slot, CError> {
        let scope = self.scopes.last_mut().expect("a scope is always open");
        if scope.contains_key(&info.name) && self.scopes.len() != 1 {
            return Err(CError::new(
                ErrorKind::Type,
                info.pos.line,
                info.pos.col,
                format!("`{}` is declared twice in one scope", info.name),
            ));
        }
        let slot = if global {
            self.globals.push(info.clone());
            Slot::Global(self.globals.len() - 1)
        } else {
            self.locals.push(info.clone());
            Slot::Local(self.locals.len() - 1)
        };
        self.scopes
            .last_mut()
            .expect("a scope is always open")
            .insert(info.name, slot);
        Ok(slot)
    }

    /// Declarators after the specifiers: `a = 1, t[4] = {1, 2}, b`.
    /// `first` is a name already read (file scope).
    fn declarators(
        &mut self,
        spec: Spec,
        mut first: Option<(String, Pos)>,
        global: bool,
    ) -> Result<Vec<Decl>, CError> {
        let ty = spec
            .ty
            .ok_or_else(|| self.err(self.pos(), ErrorKind::Type, "a variable of type `void`"))?;
        let mut out = Vec::new();
        if spec.record.is_some() && first.is_none() && self.at(";") {
            return Ok(out); // `union U { … };` defines the tag only
        }
        loop {
            if self.at("*") {
                return Err(self.refused("pointers are not supported"));
            }
            let (name, pos) = match first.take() {
                Some(f) => f,
                None => self.ident()?,
            };
            let array = self.array_suffix()?;
            if array.is_some() && spec.record.is_some() {
                return Err(self.refused("an array of unions or structs is not supported"));
            }
            let init = if self.eat("=") {
                self.initialiser(array.is_some() || spec.record.is_some())?
            } else {
                Init::None
            };
            let len = match (array, &init) {
                (Some(Some(n)), Init::List(items)) if items.len() > n => {
                    return Err(self.err(
                        pos,
                        ErrorKind::Type,
                        format!("`{name}` has {n} elements but {} initialisers", items.len()),
                    ));
                }
                (Some(Some(n)), _) => Some(n),
                (Some(None), Init::List(items)) => Some(items.len()),
                (Some(None), _) => {
                    return Err(self.err(
                        pos,
                        ErrorKind::Type,
                        format!("`{name}[]` needs an initialiser list to size it"),
                    ))
                }
                (None, _) => None,
            };
            if spec.is_const && matches!(init, Init::None) && !spec.is_static && !global {
                return Err(self.err(
                    pos,
                    ErrorKind::Type,
                    format!("the const `{name}` needs an initialiser"),
                ));
            }
            let info = VarInfo {
                name,
                ty,
                len,
                is_const: spec.is_const,
                pos,
                record: spec.record.clone(),
            };
            let slot = self.declare(info.clone(), global || spec.is_static)?;
            let decl = Decl { slot, info, init };
            if spec.is_static && !global {
                // a static local is initialised once, with the file's globals
                self.global_inits.push(decl.clone());
            }
            out.push(decl);
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }

    /// `= expr` or `= { a, b, … }`.
    fn initialiser(&mut self, array: bool) -> Result<Init, CError> {
        if !array {
            if self.at("{") {
                return Err(self.refused("a braced initialiser of a scalar is not supported"));
            }
            let e = self.assignment()?;
            return Ok(Init::Scalar(e));
        }
        if !self.eat("{") {
            return Err(self.syntax(format!("an array takes `{{ … }}`, found {}", self.found())));
        }
        let mut items = Vec::new();
        while !self.eat("}") {
            if self.at("{") {
                return Err(self.refused("nested braces (arrays of arrays) are not supported"));
            }
            items.push(self.assignment()?);
            if !self.eat(",") {
                self.expect("}")?;
                break;
            }
        }
        Ok(Init::List(items))
    }
}

/// Words that start a type.
const TYPE_WORDS: [&str; 26] = [
    "const",
    "static",
    "typedef",
    "volatile",
    "inline",
    "extern",
    "register",
    "auto",
    "signed",
    "unsigned",
    "long",
    "short",
    "void",
    "char",
    "int",
    "_Bool",
    "bool",
    "__signed__",
    "__inline",
    "__inline__",
    "restrict",
    "size_t",
    "float",
    "double",
    "union",
    "struct",
];

/// Type words outside the subset, and why.
const REFUSED_TYPES: [(&str, &str); 3] = [
    ("enum", "enums are not supported"),
    ("__int128", "128-bit integers are not supported"),
    ("_Complex", "complex numbers are not supported"),
];

/// Words that are never a variable's name.
pub(super) fn is_keyword(w: &str) -> bool {
    TYPE_WORDS.contains(&w)
        || REFUSED_TYPES.iter().any(|r| r.0 == w)
        || matches!(
            w,
            "if" | "else"
                | "for"
                | "while"
                | "do"
                | "break"
                | "continue"
                | "return"
                | "goto"
                | "switch"
                | "case"
                | "default"
                | "sizeof"
                | "struct"
        )
}
