//! A state's link, derived from its type: each field's type says how its
//! value is written in the URL ([`UrlValue`]), and one table per state
//! ([`url_state!`]) says which key holds which field.
//!
//! ```text
//! url_state!(PopcountState {          #/popcount?width=32&x=7a5c&step=3
//!     width: "width",                 u32  -> decimal, always written
//!     x: "x",                         u64  -> bare hex (a word)
//!     step (sparse): "step",          written only when not the default
//! } then fit_width);                  the rules between fields, last
//! ```
//!
//! Reading is lenient field by field: a missing or unreadable value, or
//! one its `if` refuses, takes the default state's value, and the other
//! fields are read as written. `then` runs once all are read.

use super::Params;
use crate::bits::word::parse_number;

/// How a field's value is written in a link, and read back:
/// `from_url(&v.to_url()) == Some(v)`.
pub trait UrlValue: Sized {
    fn from_url(text: &str) -> Option<Self>;
    fn to_url(&self) -> String;
}

// Numbers that count (widths, steps, squares, depths): decimal, by
// `url_parsed!` below.
url_parsed!(u8, u32, usize, i64);

/// A word: bare lower-case hex (`x=a`, `magic=77cb531`); a `0x` prefix is
/// read too.
impl UrlValue for u64 {
    fn from_url(text: &str) -> Option<Self> {
        let t = text.trim();
        let digits = t
            .strip_prefix("0x")
            .or_else(|| t.strip_prefix("0X"))
            .unwrap_or(t);
        if digits.is_empty() || digits.starts_with('-') {
            return None;
        }
        parse_number(&format!("0x{digits}"), 64).ok()
    }
    fn to_url(&self) -> String {
        format!("{self:x}")
    }
}

/// A switch: `1` or `0`.
impl UrlValue for bool {
    fn from_url(text: &str) -> Option<Self> {
        match text.trim() {
            "1" => Some(true),
            "0" => Some(false),
            _ => None,
        }
    }
    fn to_url(&self) -> String {
        u8::from(*self).to_string()
    }
}

/// Text (a FEN, an expression): as it is.
impl UrlValue for String {
    fn from_url(text: &str) -> Option<Self> {
        Some(text.to_string())
    }
    fn to_url(&self) -> String {
        self.clone()
    }
}

/// A value that may be absent (a chosen move): as the value; give the
/// field `(sparse)` so that `None` is left out of the link.
impl<T: UrlValue> UrlValue for Option<T> {
    fn from_url(text: &str) -> Option<Self> {
        T::from_url(text).map(Some)
    }
    fn to_url(&self) -> String {
        self.as_ref().map_or_else(String::new, T::to_url)
    }
}

/// A choice among a fixed list, written by its name:
/// `url_names!(NibbleOp, NibbleOp::ALL, |o| o.param())`.
macro_rules! url_names {
    ($t:ty, $all:expr, $name:expr) => {
        impl $crate::ui::state::url::UrlValue for $t {
            fn from_url(text: &str) -> Option<Self> {
                $crate::ui::state::url::named($all, $name, text)
            }
            fn to_url(&self) -> String {
                $crate::ui::state::url::name_of(self, $name)
            }
        }
    };
}
pub(crate) use url_names;

/// The one of `all` whose name is `text` ([`url_names!`]).
pub fn named<T>(
    all: impl IntoIterator<Item = T>,
    name: impl Fn(&T) -> &str,
    text: &str,
) -> Option<T> {
    all.into_iter().find(|v| name(v) == text)
}

/// `v`'s name in a link ([`url_names!`]).
pub fn name_of<T>(v: &T, name: impl Fn(&T) -> &str) -> String {
    name(v).to_string()
}

/// A type that reads and writes itself as text (`FromStr` and `Display`:
/// a square `d4`, a slider `rook`): `url_parsed!(Square, SliderPiece)`.
macro_rules! url_parsed {
    ($($t:ty),*) => {$(
        impl $crate::ui::state::url::UrlValue for $t {
            fn from_url(text: &str) -> Option<Self> {
                text.trim().parse().ok()
            }
            fn to_url(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
pub(crate) use url_parsed;

/// A state's link, both ways: `from_params` and `to_params`.
pub trait UrlState: Sized {
    /// Reads the state; a missing or unreadable value takes its default.
    fn from_params(params: &Params) -> Self;
    /// Writes the state; `from_params(&s.to_params()) == s`.
    fn to_params(&self) -> Params;
}

/// Derives [`UrlState`] from a state's table of fields (see the module's
/// diagram): `field: "key"`; `field (sparse): "key"`, left out of the link
/// while it is the default's; `as u64`, written as that type (a nibble as
/// hex); `if check`, a value the check refuses takes the default's;
/// `and nested`, fields that are states of their own, read from and
/// written to the same link (the Lab's C code, a Practice set's puzzle);
/// `then settle`, a function from the state to the state for the rules
/// between fields, run once all are read. `from defaults` (a function of
/// the `&Params`) gives the defaults where they depend on another field
/// (a width's known magic).
macro_rules! url_state {
    ($state:ident $(from $defaults:path)? {
        $($field:ident $(($sparse:ident))? : $key:literal $(as $codec:ident)? $(if $check:expr)?),* $(,)?
    } $(and $($nested:ident),+)? $(then $settle:expr)?) => {
        impl $crate::ui::state::url::UrlState for $state {
            fn from_params(p: &$crate::ui::params::Params) -> Self {
                #[allow(unused_imports)]
                use $crate::ui::state::url::UrlValue;
                let d = $crate::ui::state::url::url_state!(@defaults p $(, $defaults)?);
                let read = Self {
                    $($field: $crate::ui::state::url::url_state!(@read p, $key $(, $codec)?)
                        $(.filter($check))?
                        .unwrap_or(d.$field),)*
                    $($($nested: $crate::ui::state::url::UrlState::from_params(p),)+)?
                };
                $(let read = ($settle)(read);)?
                read
            }

            fn to_params(&self) -> $crate::ui::params::Params {
                #[allow(unused_imports)]
                use $crate::ui::state::url::UrlValue;
                // every field, then the sparse ones that are the defaults of
                // this very link left out again
                let mut p = $crate::ui::params::Params::default();
                $(p.set($key, $crate::ui::state::url::url_state!(@text self.$field $(, $codec)?));)*
                let d = $crate::ui::state::url::url_state!(@defaults p $(, $defaults)?);
                $($crate::ui::state::url::url_state!(
                    @drop p, self.$field, d.$field, $key, [$($sparse)?]
                );)*
                let _ = d;
                $($(for (k, v) in self.$nested.to_params().iter() {
                    p.set(k, v);
                })+)?
                p
            }
        }
    };
    (@defaults $p:ident) => { Self::default() };
    (@defaults $p:ident, $defaults:path) => { $defaults(&$p) };
    (@read $p:ident, $key:literal) => { $p.get($key).and_then(UrlValue::from_url) };
    (@read $p:ident, $key:literal, $codec:ident) => {
        $p.get($key)
            .and_then(<$codec as UrlValue>::from_url)
            .and_then(|v| v.try_into().ok())
    };
    (@drop $p:ident, $value:expr, $default:expr, $key:literal, []) => {};
    (@drop $p:ident, $value:expr, $default:expr, $key:literal, [sparse]) => {
        if $value == $default {
            $p = $p.without($key);
        }
    };
    (@text $value:expr) => { $value.to_url() };
    (@text $value:expr, $codec:ident) => {
        <$codec>::try_from($value).map_or_else(|_| String::new(), |v| v.to_url())
    };
}
pub(crate) use url_state;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_bare_hex_and_read_with_or_without_0x() {
        for v in [0, 1, 0xa, 0x77cb531, u64::MAX] {
            assert_eq!(u64::from_url(&v.to_url()), Some(v));
        }
        assert_eq!(0xa_u64.to_url(), "a");
        assert_eq!(u64::from_url("0xFF"), Some(255));
        assert_eq!(u64::from_url("-1"), None);
        assert_eq!(u64::from_url(""), None);
        assert_eq!(u64::from_url("10000000000000000"), None);
    }

    #[test]
    fn counts_are_decimal() {
        assert_eq!(u32::from_url(" 12 "), Some(12));
        assert_eq!(u8::from_url("256"), None);
        assert_eq!(usize::from_url("x"), None);
        assert_eq!(String::from_url("a b"), Some("a b".to_string()));
        assert_eq!(
            (bool::from_url("0"), bool::from_url("1")),
            (Some(false), Some(true))
        );
        assert_eq!(bool::from_url("yes"), None);
    }
}
