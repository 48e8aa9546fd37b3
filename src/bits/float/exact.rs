//! Exact decimal text of a binary fraction: `n × 2^exp` has a finite
//! decimal expansion, and every digit of it is written.
//!
//! ```text
//! n × 2^-k = n × 5^k / 10^k      0.1f = 13421773 × 2^-27
//!                                     = 13421773 × 5^27 / 10^27
//!                                     = 0.100000001490116119384765625
//! ```

use num_bigint::BigUint;
use std::sync::OnceLock;

/// Powers of five kept in a table: enough for every binary64 value and
/// every exact sum or product of two of them.
const POW5_TABLE: usize = 2300;

/// Past this many binary places an exact expansion is not written out
/// (`n × 2^exp` instead): only the clamped stand-ins of huge inputs get
/// there, no value of a format does.
const MAX_PLACES: i64 = 5000;

/// `5^k`.
pub fn pow5(k: u32) -> BigUint {
    static TABLE: OnceLock<Vec<BigUint>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = Vec::with_capacity(POW5_TABLE);
        let mut p = BigUint::from(1u32);
        for _ in 0..POW5_TABLE {
            t.push(p.clone());
            p *= 5u32;
        }
        t
    });
    match table.get(k as usize) {
        Some(p) => p.clone(),
        None => BigUint::from(5u32).pow(k),
    }
}

/// Every digit of `(-1)^negative × n × 2^exp` in plain decimal:
/// `"0.100000001490116119384765625"`, `"-0"`, `"16777216"`.
pub fn decimal(negative: bool, n: &BigUint, exp: i64) -> String {
    let sign = if negative { "-" } else { "" };
    if exp.abs() > MAX_PLACES {
        return format!("{sign}{n} × 2^{exp}");
    }
    if exp >= 0 {
        return format!("{sign}{}", n << exp as usize);
    }
    let places = (-exp) as usize;
    let digits = (n * pow5(places as u32)).to_string();
    let padded = if digits.len() <= places {
        format!("{}{digits}", "0".repeat(places + 1 - digits.len()))
    } else {
        digits
    };
    let (int, frac) = padded.split_at(padded.len() - places);
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        format!("{sign}{int}")
    } else {
        format!("{sign}{int}.{frac}")
    }
}

/// [`decimal`] of a `u128` significand.
pub fn decimal_u128(negative: bool, n: u128, exp: i64) -> String {
    decimal(negative, &BigUint::from(n), exp)
}

/// The number of bits of `n` (0 for 0).
pub const fn bit_len(n: u128) -> u32 {
    128 - n.leading_zeros()
}

/// `n` in binary, `_` every 4 bits from the right (for notes wider than a
/// word).
pub fn binary(n: u128) -> String {
    let raw = format!("{n:b}");
    let mut out = String::with_capacity(raw.len() * 5 / 4);
    for (i, c) in raw.chars().enumerate() {
        if i > 0 && (raw.len() - i) % 4 == 0 {
            out.push('_');
        }
        out.push(c);
    }
    out
}

/// A long exact decimal cut to its first `digits` significant digits in
/// scientific form, `…` marking the cut: `0.000…0494065645…` (binary64's
/// smallest subnormal) is `4.9406564584124654…e-324`. `None` when the
/// decimal is no longer than `digits + 8` characters (it is shown whole),
/// or is not a plain decimal.
pub fn abbreviated(decimal: &str, digits: usize) -> Option<String> {
    if decimal.len() <= digits + 8 {
        return None;
    }
    let (sign, body) = match decimal.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", decimal),
    };
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let all: String = format!("{int}{frac}");
    let first = all.bytes().position(|b| b != b'0')?;
    let power = int.len() as i64 - 1 - first as i64;
    let significant = all[first..].trim_end_matches('0');
    let shown = &significant[..digits.min(significant.len())];
    let cut = if shown.len() < significant.len() {
        "…"
    } else {
        ""
    };
    let (head, tail) = shown.split_at(1);
    let point = if tail.is_empty() { "" } else { "." };
    Some(format!("{sign}{head}{point}{tail}{cut}e{power}"))
}

#[cfg(test)]
mod abbreviation_tests {
    use super::abbreviated;

    #[test]
    fn long_decimals_are_cut_to_their_first_digits() {
        let tiny = format!(
            "0.{}4940656458412465441765687928682213723650598026143247",
            "0".repeat(323)
        );
        assert_eq!(
            abbreviated(&tiny, 17).as_deref(),
            Some("4.9406564584124654…e-324")
        );
        assert_eq!(
            abbreviated("-34028237199154086437629221341858103296", 8).as_deref(),
            Some("-3.4028237…e37")
        );
        // trailing zeros are not digits that were cut
        assert_eq!(
            abbreviated("1000000000000000000000", 4).as_deref(),
            Some("1e21")
        );
        assert_eq!(
            abbreviated("0.1000000000000000055511151231257827", 17).as_deref(),
            Some("1.0000000000000000…e-1")
        );
        assert_eq!(abbreviated("0.1", 17), None, "short: shown whole");
        assert_eq!(
            abbreviated(&format!("{} × 2^-9999", "1".repeat(40)), 8),
            None
        );
    }
}
