//! Tokens of an expression, each with its byte range (all tokens are ASCII,
//! so a byte offset + 1 is the column).

use super::{BinOp, ExprError, UnOp, Var};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    Num(u64),
    Var(Var),
    /// `-` is either; the parser decides from the position.
    Minus,
    Unary(UnOp),
    Binary(BinOp),
    Open,
    Close,
    End,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn col(&self) -> usize {
        self.start + 1
    }

    /// How an error message names the token.
    pub fn describe(&self, src: &str) -> String {
        match self.tok {
            Tok::End => "the end".to_string(),
            _ => format!("'{}'", &src[self.start..self.end]),
        }
    }
}

/// `<<`, `>>`, `<=`, `>=`, `==` or `!=` at the start of `rest`.
fn two_character_operator(rest: &[u8]) -> Option<BinOp> {
    BinOp::ALL
        .into_iter()
        .find(|op| op.symbol().len() == 2 && rest.starts_with(op.symbol().as_bytes()))
}

/// Splits `src` into tokens, reading literals at `width` bits.
pub fn tokens(src: &str, width: u32) -> Result<Vec<Token>, ExprError> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let (tok, len) = if c.is_ascii_digit() {
            let end = word_end(b, i);
            (Tok::Num(literal(&src[i..end], i, width)?), end - i)
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let end = word_end(b, i);
            let var = match &src[i..end] {
                "x" => Var::X,
                "y" => Var::Y,
                "z" => Var::Z,
                name => {
                    return Err(ExprError::UnknownName {
                        col: i + 1,
                        name: name.to_string(),
                    })
                }
            };
            (Tok::Var(var), 1)
        } else if let Some(op) = two_character_operator(&b[i..]) {
            (Tok::Binary(op), 2)
        } else {
            let tok = match c {
                b'~' => Tok::Unary(UnOp::Not),
                b'!' => Tok::Unary(UnOp::LogicalNot),
                b'-' => Tok::Minus,
                b'*' => Tok::Binary(BinOp::Mul),
                b'/' => Tok::Binary(BinOp::Div),
                b'%' => Tok::Binary(BinOp::Rem),
                b'+' => Tok::Binary(BinOp::Add),
                b'<' => Tok::Binary(BinOp::Lt),
                b'>' => Tok::Binary(BinOp::Gt),
                b'&' => Tok::Binary(BinOp::And),
                b'^' => Tok::Binary(BinOp::Xor),
                b'|' => Tok::Binary(BinOp::Or),
                b'(' => Tok::Open,
                b')' => Tok::Close,
                _ => {
                    return Err(ExprError::BadChar {
                        col: i + 1,
                        ch: src[i..].chars().next().unwrap_or('?'),
                    })
                }
            };
            (tok, 1)
        };
        i += len;
        out.push(Token { tok, start, end: i });
    }
    out.push(Token {
        tok: Tok::End,
        start: b.len(),
        end: b.len(),
    });
    Ok(out)
}

/// The end of a run of letters, digits and `_` starting at `i`.
fn word_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    i
}

/// A literal `text` starting at byte `at`: decimal, `0x…` or `0b…`, with
/// optional `_` separators, that must fit `width` bits.
fn literal(text: &str, at: usize, width: u32) -> Result<u64, ExprError> {
    let lower = text.to_ascii_lowercase();
    let (radix, base, prefix, skip) = if lower.starts_with("0x") {
        (16, "hex", "0x", 2)
    } else if lower.starts_with("0b") {
        (2, "binary", "0b", 2)
    } else {
        (10, "decimal", "", 0)
    };
    let mut value: u128 = 0;
    let mut digits = 0;
    for (k, ch) in text.char_indices().skip(skip) {
        if ch == '_' {
            continue;
        }
        let d = ch.to_digit(radix).ok_or(ExprError::BadDigit {
            col: at + k + 1,
            ch,
            base,
        })?;
        digits += 1;
        value = (value * radix as u128 + d as u128).min(u128::from(u64::MAX) + 1);
    }
    if digits == 0 {
        return Err(ExprError::NoDigits {
            col: at + 1,
            prefix,
        });
    }
    if value > u128::from(crate::bits::word::mask(width)) {
        return Err(ExprError::LiteralTooWide {
            col: at + 1,
            text: text.to_string(),
            width,
        });
    }
    Ok(value as u64)
}
