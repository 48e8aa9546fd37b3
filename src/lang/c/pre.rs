//! The preprocessor, as much of it as bit tricks use: `#include` of a
//! standard header is accepted and ignored (its constants are known here),
//! `#define` of object-like and one-line function-like macros, `#undef`,
//! `#ifdef`/`#ifndef`/`#if 0|1`/`#else`/`#endif`, `#pragma` ignored.
//!
//! A macro's tokens take the line and column of the name that was expanded,
//! so an error inside an expansion points at the use.

use super::lex::{lex, Literal, Tok, Token};
use super::{CError, ErrorKind};
use std::collections::HashMap;

/// The constants of `limits.h`, `stdint.h` and `stdbool.h`, as GCC's
/// headers define them for x86-64 Linux.
const KNOWN: &[(&str, &str)] = &[
    ("CHAR_BIT", "8"),
    ("SCHAR_MIN", "(-128)"),
    ("SCHAR_MAX", "127"),
    ("UCHAR_MAX", "255"),
    ("CHAR_MIN", "(-128)"),
    ("CHAR_MAX", "127"),
    ("SHRT_MIN", "(-32767-1)"),
    ("SHRT_MAX", "32767"),
    ("USHRT_MAX", "65535"),
    ("INT_MIN", "(-2147483647-1)"),
    ("INT_MAX", "2147483647"),
    ("UINT_MAX", "4294967295U"),
    ("LONG_MIN", "(-9223372036854775807L-1)"),
    ("LONG_MAX", "9223372036854775807L"),
    ("ULONG_MAX", "18446744073709551615UL"),
    ("LLONG_MIN", "(-9223372036854775807LL-1)"),
    ("LLONG_MAX", "9223372036854775807LL"),
    ("ULLONG_MAX", "18446744073709551615ULL"),
    ("INT8_MIN", "(-128)"),
    ("INT8_MAX", "(127)"),
    ("UINT8_MAX", "(255)"),
    ("INT16_MIN", "(-32767-1)"),
    ("INT16_MAX", "(32767)"),
    ("UINT16_MAX", "(65535)"),
    ("INT32_MIN", "(-2147483647-1)"),
    ("INT32_MAX", "(2147483647)"),
    ("UINT32_MAX", "(4294967295U)"),
    ("INT64_MIN", "(-9223372036854775807L-1)"),
    ("INT64_MAX", "(9223372036854775807L)"),
    ("UINT64_MAX", "(18446744073709551615UL)"),
    ("SIZE_MAX", "(18446744073709551615UL)"),
    ("true", "1"),
    ("false", "0"),
    ("FLT_RADIX", "2"),
    ("FLT_MANT_DIG", "24"),
    ("DBL_MANT_DIG", "53"),
    ("FLT_DIG", "6"),
    ("DBL_DIG", "15"),
    ("FLT_MIN_EXP", "(-125)"),
    ("DBL_MIN_EXP", "(-1021)"),
    ("FLT_MAX_EXP", "128"),
    ("DBL_MAX_EXP", "1024"),
    ("FLT_EVAL_METHOD", "0"),
    ("FP_NAN", "0"),
    ("FP_INFINITE", "1"),
    ("FP_ZERO", "2"),
    ("FP_SUBNORMAL", "3"),
    ("FP_NORMAL", "4"),
];

/// `<float.h>` and `<math.h>` constants: their bits (`true`: a double).
const KNOWN_FLOATS: &[(&str, u64, bool)] = &[
    ("NAN", 0x7fc0_0000, false),
    ("INFINITY", 0x7f80_0000, false),
    ("HUGE_VALF", 0x7f80_0000, false),
    ("HUGE_VAL", 0x7ff0_0000_0000_0000, true),
    ("FLT_MAX", 0x7f7f_ffff, false),
    ("FLT_MIN", 0x0080_0000, false),
    ("FLT_EPSILON", 0x3400_0000, false),
    ("FLT_TRUE_MIN", 1, false),
    ("DBL_MAX", 0x7fef_ffff_ffff_ffff, true),
    ("DBL_MIN", 0x0010_0000_0000_0000, true),
    ("DBL_EPSILON", 0x3cb0_0000_0000_0000, true),
    ("DBL_TRUE_MIN", 1, true),
];

/// `INT64_C(v)` and friends: the literal with a suffix added.
const SUFFIXING: &[(&str, bool, u8)] = &[
    ("INT8_C", false, 0),
    ("INT16_C", false, 0),
    ("INT32_C", false, 0),
    ("INT64_C", false, 1),
    ("UINT8_C", false, 0),
    ("UINT16_C", false, 0),
    ("UINT32_C", true, 0),
    ("UINT64_C", true, 1),
    ("INTMAX_C", false, 1),
    ("UINTMAX_C", true, 1),
];

/// The most tokens an expansion may produce (a guard against macros that
/// grow exponentially).
const MAX_TOKENS: usize = 500_000;

#[derive(Clone, Debug)]
struct Macro {
    params: Option<Vec<String>>,
    body: Vec<Token>,
}

/// The source's tokens after directives and macro expansion.
pub fn preprocess(src: &str) -> Result<Vec<Token>, CError> {
    let tokens = lex(src)?;
    let mut macros: HashMap<String, Macro> = HashMap::new();
    for (name, body) in KNOWN {
        let body = lex(body).unwrap_or_default();
        macros.insert(name.to_string(), Macro { params: None, body });
    }
    for &(name, bits, double) in KNOWN_FLOATS {
        let tok = Tok::Float {
            bits,
            double,
            text: name.to_string(),
        };
        let body = vec![Token {
            tok,
            line: 1,
            col: 1,
            bol: false,
        }];
        macros.insert(name.to_string(), Macro { params: None, body });
    }
    let mut out = Vec::new();
    // #if nesting: whether each open level is taken
    let mut conds: Vec<(bool, u32)> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        let end = if t.bol { line_end(&tokens, i) } else { i + 1 };
        let active = conds.iter().all(|c| c.0);
        if t.bol && t.is("#") {
            directive(&tokens[i..end], &mut macros, &mut conds, active)?;
        } else if active {
            out.extend_from_slice(&tokens[i..end]);
        }
        i = end;
    }
    if let Some((_, line)) = conds.last() {
        return Err(CError::new(
            ErrorKind::Syntax,
            *line,
            1,
            "this `#if` has no `#endif`",
        ));
    }
    let mut expanded = Vec::with_capacity(out.len());
    expand(&out, &macros, &mut Vec::new(), &mut expanded)?;
    Ok(expanded)
}

/// The index after the last token of the line that starts at `i`.
fn line_end(tokens: &[Token], i: usize) -> usize {
    let mut j = i + 1;
    while j < tokens.len() && !tokens[j].bol {
        j += 1;
    }
    j
}

fn directive(
    line: &[Token],
    macros: &mut HashMap<String, Macro>,
    conds: &mut Vec<(bool, u32)>,
    active: bool,
) -> Result<(), CError> {
    let hash = &line[0];
    let err = |t: &Token, m: String| CError::new(ErrorKind::Syntax, t.line, t.col, m);
    let Some(word_tok) = line.get(1) else {
        return Ok(()); // the null directive
    };
    let word = word_tok.ident().unwrap_or("");
    let name_tok = line.get(2);
    let name = name_tok.and_then(Token::ident);
    match word {
        "ifdef" | "ifndef" => {
            let n = name.ok_or_else(|| err(word_tok, format!("`#{word}` needs a macro name")))?;
            let defined = macros.contains_key(n);
            conds.push((defined == (word == "ifdef"), hash.line));
        }
        "if" => {
            let v = if_value(&line[2..], macros).ok_or_else(|| {
                err(
                    word_tok,
                    "`#if` takes a number or `defined NAME` here".into(),
                )
            })?;
            conds.push((v, hash.line));
        }
        "else" => match conds.last_mut() {
            Some(c) => c.0 = !c.0,
            None => return Err(err(hash, "`#else` without `#if`".into())),
        },
        "endif" => {
            conds
                .pop()
                .ok_or_else(|| err(hash, "`#endif` without `#if`".into()))?;
        }
        _ if !active => {}
        "include" | "pragma" => {}
        "define" => {
            let n = name.ok_or_else(|| err(word_tok, "`#define` needs a name".into()))?;
            let n_tok = &line[2];
            let function_like = line.get(3).is_some_and(|t| {
                t.is("(") && t.line == n_tok.line && t.col == n_tok.col + n.len() as u32
            });
            let (params, body_from) = if function_like {
                params(line, 4)?
            } else {
                (None, 3)
            };
            let body = line[body_from..].to_vec();
            if let Some(t) = body.iter().find(|t| t.is("#") || t.is("##")) {
                return Err(err(t, "`#` and `##` in a macro are not supported".into()));
            }
            macros.insert(n.to_string(), Macro { params, body });
        }
        "undef" => {
            let n = name.ok_or_else(|| err(word_tok, "`#undef` needs a name".into()))?;
            macros.remove(n);
        }
        "error" => return Err(err(hash, "`#error` in the source".into())),
        _ => {
            return Err(err(
                word_tok,
                format!("the directive `#{}` is not supported", word_tok.text()),
            ))
        }
    }
    Ok(())
}

/// A function-like macro's parameter names, from the token after `(`.
fn params(line: &[Token], mut i: usize) -> Result<(Option<Vec<String>>, usize), CError> {
    let mut names = Vec::new();
    loop {
        let Some(t) = line.get(i) else {
            let last = &line[line.len() - 1];
            return Err(CError::new(
                ErrorKind::Syntax,
                last.line,
                last.col,
                "this macro's parameter list is never closed",
            ));
        };
        if t.is(")") && names.is_empty() {
            return Ok((Some(names), i + 1));
        }
        let n = t.ident().ok_or_else(|| {
            CError::new(
                ErrorKind::Syntax,
                t.line,
                t.col,
                format!("`{}` is not a parameter name", t.text()),
            )
        })?;
        names.push(n.to_string());
        match line.get(i + 1) {
            Some(c) if c.is(",") => i += 2,
            Some(c) if c.is(")") => return Ok((Some(names), i + 2)),
            _ => {
                return Err(CError::new(
                    ErrorKind::Syntax,
                    t.line,
                    t.col,
                    "expected `,` or `)` after a macro parameter",
                ))
            }
        }
    }
}

/// `#if 0`, `#if 1`, `#if defined X`, `#if !defined(X)`.
fn if_value(rest: &[Token], macros: &HashMap<String, Macro>) -> Option<bool> {
    let words: Vec<String> = rest.iter().map(Token::text).collect();
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    match w.as_slice() {
        [n] => n.parse::<u64>().ok().map(|v| v != 0),
        ["defined", n] | ["defined", "(", n, ")"] => Some(macros.contains_key(*n)),
        ["!", "defined", n] | ["!", "defined", "(", n, ")"] => Some(!macros.contains_key(*n)),
        _ => None,
    }
}

/// Expands `tokens` into `out`; `active` are the macros being expanded
/// (a macro is not expanded inside itself).
fn expand(
    tokens: &[Token],
    macros: &HashMap<String, Macro>,
    active: &mut Vec<String>,
    out: &mut Vec<Token>,
) -> Result<(), CError> {
    let mut i = 0;
    while i < tokens.len() {
        if out.len() > MAX_TOKENS {
            let t = &tokens[i];
            return Err(CError::new(
                ErrorKind::Syntax,
                t.line,
                t.col,
                "the macros expand to too many tokens",
            ));
        }
        let t = &tokens[i];
        let name = t.ident().unwrap_or("");
        if let Some(&(_, unsigned, longs)) = SUFFIXING.iter().find(|m| m.0 == name) {
            if let Some((args, next)) = call_args(tokens, i)? {
                out.push(suffixed(t, &args, unsigned, longs)?);
                i = next;
                continue;
            }
        }
        let Some(m) = macros
            .get(name)
            .filter(|_| !active.iter().any(|a| a == name))
        else {
            out.push(t.clone());
            i += 1;
            continue;
        };
        let at = |mut b: Token| {
            (b.line, b.col, b.bol) = (t.line, t.col, false);
            b
        };
        let body: Vec<Token> = match &m.params {
            None => {
                i += 1;
                m.body.iter().cloned().map(at).collect()
            }
            Some(params) => {
                let Some((args, next)) = call_args(tokens, i)? else {
                    out.push(t.clone());
                    i += 1;
                    continue;
                };
                let args = if params.is_empty() && args.len() == 1 && args[0].is_empty() {
                    Vec::new()
                } else {
                    args
                };
                if args.len() != params.len() {
                    return Err(CError::new(
                        ErrorKind::Syntax,
                        t.line,
                        t.col,
                        format!(
                            "the macro `{name}` takes {} argument(s), {} given",
                            params.len(),
                            args.len()
                        ),
                    ));
                }
                i = next;
                let mut expanded_args = Vec::new();
                for a in &args {
                    let mut e = Vec::new();
                    expand(a, macros, active, &mut e)?;
                    expanded_args.push(e);
                }
                let mut body = Vec::new();
                for b in &m.body {
                    match b.ident().and_then(|n| params.iter().position(|p| p == n)) {
                        Some(k) => body.extend(expanded_args[k].iter().cloned().map(at)),
                        None => body.push(at(b.clone())),
                    }
                }
                body
            }
        };
        active.push(name.to_string());
        expand(&body, macros, active, out)?;
        active.pop();
    }
    Ok(())
}

/// The arguments of a macro call whose name is at `i`: `None` when no `(`
/// follows; else the arguments (split at top-level commas) and the index
/// after the `)`.
#[allow(clippy::type_complexity)]
fn call_args(tokens: &[Token], i: usize) -> Result<Option<(Vec<Vec<Token>>, usize)>, CError> {
    if !tokens.get(i + 1).is_some_and(|t| t.is("(")) {
        return Ok(None);
    }
    let (mut depth, mut args, mut cur) = (0usize, Vec::new(), Vec::new());
    for (j, t) in tokens.iter().enumerate().skip(i + 2) {
        if t.is(")") && depth == 0 {
            args.push(cur);
            return Ok(Some((args, j + 1)));
        }
        if t.is(",") && depth == 0 {
            args.push(std::mem::take(&mut cur));
            continue;
        }
        if t.is("(") {
            depth += 1;
        } else if t.is(")") {
            depth -= 1;
        }
        cur.push(t.clone());
    }
    let t = &tokens[i];
    Err(CError::new(
        ErrorKind::Syntax,
        t.line,
        t.col,
        format!("the call of the macro `{}` is never closed", t.text()),
    ))
}

fn suffixed(t: &Token, args: &[Vec<Token>], unsigned: bool, longs: u8) -> Result<Token, CError> {
    match args {
        [a] if a.len() == 1 => match &a[0].tok {
            Tok::Num(n) => Ok(Token {
                tok: Tok::Num(Literal {
                    unsigned,
                    longs,
                    ..*n
                }),
                line: t.line,
                col: t.col,
                bol: false,
            }),
            _ => Err(CError::new(
                ErrorKind::Syntax,
                t.line,
                t.col,
                format!("`{}` takes one integer literal", t.text()),
            )),
        },
        _ => Err(CError::new(
            ErrorKind::Syntax,
            t.line,
            t.col,
            format!("`{}` takes one integer literal", t.text()),
        )),
    }
}
