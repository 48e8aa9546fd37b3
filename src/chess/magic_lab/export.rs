//! One square's magic as code to paste: mask, magic, shift, table size.

use super::{mask, MagicError, SliderPiece};
use crate::bits::square::Square;

/// The languages a magic is exported to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Rust,
    C,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Rust, Lang::C];

    pub fn name(self) -> &'static str {
        match self {
            Lang::Rust => "Rust",
            Lang::C => "C",
        }
    }

    fn dialect(self) -> &'static Dialect {
        match self {
            Lang::Rust => &RUST,
            Lang::C => &C,
        }
    }
}

/// How one language writes the four constants and the lookup.
struct Dialect {
    /// A comment line around its text.
    comment: (&'static str, &'static str),
    /// A named constant: name, type (`u64`, `u32`, `usize`), value.
    constant: fn(&str, &str, &str) -> String,
    /// The lookup's second comment line, `{n}` the constants' prefix.
    lookup: &'static str,
}

const RUST: Dialect = Dialect {
    comment: ("// ", ""),
    constant: |name, ty, value| format!("pub const {name}: {ty} = {value};"),
    lookup: "//     .wrapping_mul({n}_MAGIC) >> {n}_SHIFT) as usize]",
};

const C: Dialect = Dialect {
    comment: ("/* ", " */"),
    constant: |name, ty, value| {
        format!(
            "#define {name} {value}{}",
            if ty == "u64" { "ULL" } else { "" }
        )
    },
    lookup: "//     * {n}_MAGIC) >> {n}_SHIFT]",
};

/// `piece` on `square` as code in `lang`: mask, magic, shift and table
/// size, and how they index the table.
///
/// ```
/// use bitscope::chess::magic_lab::{export, Lang, SliderPiece};
/// use bitscope::chess::Square;
/// let code = export(Lang::Rust, SliderPiece::Rook, Square::A1, 0x2080002080400010, 12)?;
/// assert!(code.contains("pub const ROOK_A1_SHIFT: u32 = 52;"));
/// assert!(code.contains("pub const ROOK_A1_TABLE_SIZE: usize = 4096;"));
/// let code = export(Lang::C, SliderPiece::Bishop, Square::D4, 0x0210080482200500, 9)?;
/// assert!(code.contains("#define BISHOP_D4_SHIFT 55"));
/// # Ok::<(), bitscope::chess::magic_lab::MagicError>(())
/// ```
pub fn export(
    lang: Lang,
    piece: SliderPiece,
    square: Square,
    magic: u64,
    bits: u32,
) -> Result<String, MagicError> {
    let lang = lang.dialect();
    let bits = super::check_bits(piece, square, bits)?;
    let n = format!("{}_{}", piece.name(), square).to_ascii_uppercase();
    let (open, close) = lang.comment;
    let mut out = format!("{open}{piece} on {square}: {bits} index bits{close}\n");
    for (field, ty, value) in [
        ("MASK", "u64", format!("0x{:016x}", mask(piece, square))),
        ("MAGIC", "u64", format!("0x{magic:016x}")),
        ("SHIFT", "u32", (64 - bits).to_string()),
        ("TABLE_SIZE", "usize", (1u64 << bits).to_string()),
    ] {
        out += &(lang.constant)(&format!("{n}_{field}"), ty, &value);
        out.push('\n');
    }
    out += &format!("// attacks = table[((occ & {n}_MASK)\n");
    out += &lang.lookup.replace("{n}", &n);
    out.push('\n');
    Ok(out)
}
