//! C tokens with their line and column (1-based). Comments are skipped, a
//! backslash at a line's end joins it to the next; every token knows whether
//! it starts its line, so the preprocessor can find its directives.

use super::types::Scalar;
use super::{CError, ErrorKind};

/// An integer literal: its value, suffix and base.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Literal {
    pub value: u128,
    pub unsigned: bool,
    /// 0, 1 (`L`) or 2 (`LL`).
    pub longs: u8,
    pub decimal: bool,
}

impl Literal {
    /// In a canonical form: decimal, or hex for any other base.
    pub fn text(&self) -> String {
        let digits = if self.decimal {
            format!("{}", self.value)
        } else {
            format!("0x{:x}", self.value)
        };
        let u = if self.unsigned { "u" } else { "" };
        format!("{digits}{u}{}", "l".repeat(usize::from(self.longs)))
    }

    /// C's type for it (C11 6.4.4.1): the first of the suffix's and base's
    /// list that holds the value; `None` when none does.
    pub fn ty(&self) -> Option<Scalar> {
        use Scalar::{Long, LongLong, UInt, ULong, ULongLong};
        let list: &[Scalar] = match (self.unsigned, self.longs, self.decimal) {
            (false, 0, true) => &[Scalar::Int, Long],
            (false, 0, false) => &[Scalar::Int, UInt, Long, ULong],
            (true, 0, _) => &[UInt, ULong],
            (false, 1, true) => &[Long],
            (false, 1, false) => &[Long, ULong],
            (true, 1, _) => &[ULong],
            (false, _, true) => &[LongLong],
            (false, _, false) => &[LongLong, ULongLong],
            (true, _, _) => &[ULongLong],
        };
        list.iter().copied().find(|t| self.value as i128 <= t.max())
    }
}

/// A token's kind and text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Ident(String),
    Num(Literal),
    /// A floating literal: its bits (binary32 with an `f` suffix, else
    /// binary64), correctly rounded, and its text.
    Float {
        bits: u64,
        double: bool,
        text: String,
    },
    /// A character literal's value (an `int`: `'\xff'` is -1, char is signed).
    Char(i128),
    /// A string literal (only `#include "…"` may have one).
    Str,
    Punct(&'static str),
}

/// A token where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub line: u32,
    pub col: u32,
    /// The first token of its line.
    pub bol: bool,
}

impl Token {
    pub fn is(&self, p: &str) -> bool {
        matches!(&self.tok, Tok::Punct(q) if *q == p)
    }

    pub fn ident(&self) -> Option<&str> {
        match &self.tok {
            Tok::Ident(s) => Some(s),
            _ => None,
        }
    }

    /// The token as written (literals in a canonical form).
    pub fn text(&self) -> String {
        match &self.tok {
            Tok::Ident(s) => s.clone(),
            Tok::Num(n) => n.text(),
            Tok::Float { text, .. } => text.clone(),
            Tok::Char(v) => format!("{v}"),
            Tok::Str => "\"…\"".into(),
            Tok::Punct(p) => p.to_string(),
        }
    }
}

const PUNCTS: [&str; 49] = [
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##", "+", "-", "*", "/", "%", "&", "|", "^", "~",
    "!", "<", ">", "=", "?", ":", ";", ",", "(", ")", "[", "]", "{", "}", ".", "#", "@",
];

/// The longest source read, in bytes.
pub const MAX_SOURCE: usize = 200_000;

struct Lexer<'a> {
    s: &'a [u8],
    i: usize,
    line: u32,
    col: u32,
    bol: bool,
}

pub fn lex(src: &str) -> Result<Vec<Token>, CError> {
    if src.len() > MAX_SOURCE {
        return Err(CError::new(
            ErrorKind::Syntax,
            1,
            1,
            format!("the source is over {MAX_SOURCE} bytes"),
        ));
    }
    let mut lx = Lexer {
        s: src.as_bytes(),
        i: 0,
        line: 1,
        col: 1,
        bol: true,
    };
    let mut out = Vec::new();
    while let Some(t) = lx.next()? {
        out.push(t);
    }
    Ok(out)
}

impl Lexer<'_> {
    fn peek(&self, k: usize) -> u8 {
        self.s.get(self.i + k).copied().unwrap_or(0)
    }

    fn bump(&mut self) {
        if self.peek(0) == b'\n' {
            self.line += 1;
            self.col = 1;
            self.bol = true;
        } else {
            self.col += 1;
        }
        self.i += 1;
    }

    fn err(&self, line: u32, col: u32, msg: impl Into<String>) -> CError {
        CError::new(ErrorKind::Syntax, line, col, msg)
    }

    /// Skips white space, comments and line continuations.
    fn skip(&mut self) -> Result<(), CError> {
        loop {
            match (self.peek(0), self.peek(1)) {
                (b'\\', b'\n') => {
                    self.i += 2;
                    self.line += 1;
                    self.col = 1;
                }
                (b'\\', b'\r') if self.peek(2) == b'\n' => {
                    self.i += 3;
                    self.line += 1;
                    self.col = 1;
                }
                (b' ' | b'\t' | b'\r' | b'\n' | 0x0c | 0x0b, _) => self.bump(),
                (b'/', b'/') => {
                    while self.i < self.s.len() && self.peek(0) != b'\n' {
                        self.bump();
                    }
                }
                (b'/', b'*') => {
                    let (line, col) = (self.line, self.col);
                    self.bump();
                    self.bump();
                    while !(self.peek(0) == b'*' && self.peek(1) == b'/') {
                        if self.i >= self.s.len() {
                            return Err(self.err(line, col, "this comment is never closed (`*/`)"));
                        }
                        let bol = self.bol;
                        self.bump();
                        self.bol = bol || self.bol;
                    }
                    self.bump();
                    self.bump();
                }
                _ => return Ok(()),
            }
        }
    }

    fn next(&mut self) -> Result<Option<Token>, CError> {
        self.skip()?;
        if self.i >= self.s.len() {
            return Ok(None);
        }
        let (line, col, bol) = (self.line, self.col, self.bol);
        self.bol = false;
        let c = self.peek(0);
        let tok = if c.is_ascii_alphabetic() || c == b'_' {
            let start = self.i;
            while self.peek(0).is_ascii_alphanumeric() || self.peek(0) == b'_' {
                self.bump();
            }
            Tok::Ident(String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
        } else if c.is_ascii_digit() || (c == b'.' && self.peek(1).is_ascii_digit()) {
            self.number(line, col)?
        } else if c == b'\'' {
            self.char_lit(line, col)?
        } else if c == b'"' {
            self.bump();
            while self.peek(0) != b'"' {
                if self.i >= self.s.len() || self.peek(0) == b'\n' {
                    return Err(self.err(line, col, "this string is never closed"));
                }
                if self.peek(0) == b'\\' {
                    self.bump();
                }
                self.bump();
            }
            self.bump();
            Tok::Str
        } else {
            let rest = &self.s[self.i..];
            let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(p.as_bytes())) else {
                let ch = String::from_utf8_lossy(&rest[..utf8_len(c).min(rest.len())]).into_owned();
                return Err(self.err(line, col, format!("unexpected character `{ch}`")));
            };
            for _ in 0..p.len() {
                self.bump();
            }
            Tok::Punct(p)
        };
        Ok(Some(Token {
            tok,
            line,
            col,
            bol,
        }))
    }

    /// A preprocessing number, read whole, then checked to be an integer.
    fn number(&mut self, line: u32, col: u32) -> Result<Tok, CError> {
        let start = self.i;
        loop {
            let c = self.peek(0);
            let hex = self.s[start..self.i].starts_with(b"0x")
                || self.s[start..self.i].starts_with(b"0X");
            let exponent = if hex { [b'p', b'P'] } else { [b'e', b'E'] };
            let exp_sign = matches!(c, b'+' | b'-') && exponent.contains(&self.s[self.i - 1]);
            if c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'\'' || exp_sign {
                self.bump();
            } else {
                break;
            }
        }
        let text = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
        let literal = match int_literal(&text) {
            Err(m) if m.contains("floating point") => float_literal(&text),
            other => other,
        };
        literal.map_err(|m| {
            let kind = if m.contains("long double") {
                ErrorKind::Refused
            } else {
                ErrorKind::Syntax
            };
            CError::new(kind, line, col, m)
        })
    }

    fn char_lit(&mut self, line: u32, col: u32) -> Result<Tok, CError> {
        self.bump();
        let mut values = Vec::new();
        while self.peek(0) != b'\'' {
            if self.i >= self.s.len() || self.peek(0) == b'\n' {
                return Err(self.err(line, col, "this character literal is never closed"));
            }
            values.push(self.escape(line, col)?);
        }
        self.bump();
        match values.as_slice() {
            [v] => Ok(Tok::Char(i128::from(*v as i8))),
            [] => Err(self.err(line, col, "an empty character literal")),
            _ => Err(self.err(line, col, "multi-character literals are not supported")),
        }
    }

    /// One character of a character literal, escapes decoded.
    fn escape(&mut self, line: u32, col: u32) -> Result<u8, CError> {
        let c = self.peek(0);
        self.bump();
        if c != b'\\' {
            if c >= 0x80 {
                return Err(self.err(line, col, "only ASCII character literals are supported"));
            }
            return Ok(c);
        }
        let e = self.peek(0);
        self.bump();
        Ok(match e {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'\\' | b'\'' | b'"' | b'?' => e,
            b'x' => {
                let mut v: u32 = 0;
                let mut n = 0;
                while self.peek(0).is_ascii_hexdigit() {
                    v = v * 16 + (self.peek(0) as char).to_digit(16).unwrap_or(0);
                    self.bump();
                    n += 1;
                    if v > 0xff {
                        return Err(self.err(line, col, "a hex escape out of range"));
                    }
                }
                if n == 0 {
                    return Err(self.err(line, col, "`\\x` needs hex digits"));
                }
                v as u8
            }
            b'0'..=b'7' => {
                let mut v = u32::from(e - b'0');
                for _ in 0..2 {
                    if !(b'0'..=b'7').contains(&self.peek(0)) {
                        break;
                    }
                    v = v * 8 + u32::from(self.peek(0) - b'0');
                    self.bump();
                }
                if v > 0xff {
                    return Err(self.err(line, col, "an octal escape out of range"));
                }
                v as u8
            }
            _ => return Err(self.err(line, col, format!("unknown escape `\\{}`", e as char))),
        })
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xf0.. => 4,
        0xe0.. => 3,
        0xc0.. => 2,
        _ => 1,
    }
}

/// A floating literal (`1.5`, `.5f`, `1e-3`, `0x1.8p3`, `2.f`), rounded
/// once to nearest even: binary32 with `f`, binary64 without; `long
/// double` (`L`) is refused.
pub fn float_literal(text: &str) -> Result<Tok, String> {
    use crate::bits::float::{encode::encode_number, format, parse::parse_number, steps::Steps};
    let lower = text.to_ascii_lowercase();
    let hex = lower.starts_with("0x");
    if lower.ends_with('l') {
        return Err(format!(
            "`{text}`: long double is not supported (float and double are)"
        ));
    }
    let (body, double) = match lower.strip_suffix('f') {
        Some(b) if !hex || b.contains('p') => (b, false),
        _ => (lower.as_str(), true),
    };
    let well_formed = if hex {
        body.contains('p')
    } else {
        // `1.`, `.5`, `1e3`; not `1f` (an integer with a suffix)
        body.contains(['.', 'e'])
            && body
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-'))
    };
    let number = parse_number(body)
        .ok()
        .filter(|_| well_formed && body.chars().any(|c| c.is_ascii_digit()))
        .ok_or_else(|| {
            if hex {
                format!(
                    "`{text}` is not a hexadecimal floating constant (one needs a `p` exponent)"
                )
            } else {
                format!("`{text}` is not a floating constant")
            }
        })?;
    let f = if double {
        format::BINARY64
    } else {
        format::BINARY32
    };
    let bits = encode_number(f, &number, format::Overflow::Infinity, &mut Steps::off()).bits;
    Ok(Tok::Float {
        bits,
        double,
        text: text.to_string(),
    })
}

/// An integer literal's value, suffix and base; floats are refused.
pub fn int_literal(text: &str) -> Result<Tok, String> {
    let clean: String = text.chars().filter(|&c| c != '\'').collect();
    let lower = clean.to_ascii_lowercase();
    let (radix, body) = if let Some(b) = lower.strip_prefix("0x") {
        (16, b)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (2, b)
    } else if lower.len() > 1 && lower.starts_with('0') && lower.as_bytes()[1].is_ascii_digit() {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    let digits_end = body
        .find(|c: char| !(c.is_digit(radix.max(10)) || radix == 16 && c.is_ascii_hexdigit()))
        .unwrap_or(body.len());
    let (digits, suffix) = body.split_at(digits_end);
    let is_float = body.contains('.')
        || (radix != 16 && (suffix.starts_with('e') || suffix == "f"))
        || (radix == 16 && suffix.starts_with('p'));
    if is_float {
        return Err(format!(
            "`{text}`: floating point is not supported (integers only)"
        ));
    }
    if digits.is_empty() {
        return Err(format!("`{text}` has no digits"));
    }
    let (unsigned, longs) = match suffix {
        "" => (false, 0),
        "u" => (true, 0),
        "l" => (false, 1),
        "ul" | "lu" => (true, 1),
        "ll" => (false, 2),
        "ull" | "llu" => (true, 2),
        _ => return Err(format!("`{text}`: unknown suffix `{suffix}`")),
    };
    let mut value: u128 = 0;
    for c in digits.chars() {
        let d = c
            .to_digit(radix)
            .ok_or_else(|| format!("`{c}` is not a base-{radix} digit in `{text}`"))?;
        value = value
            .checked_mul(u128::from(radix))
            .and_then(|v| v.checked_add(u128::from(d)))
            .filter(|v| *v <= u128::from(u64::MAX))
            .ok_or_else(|| format!("`{text}` is too large for any integer type"))?;
    }
    Ok(Tok::Num(Literal {
        value,
        unsigned,
        longs,
        decimal: radix == 10,
    }))
}
