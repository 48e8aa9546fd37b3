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

impl std::str::FromStr for Lang {
    type Err = MagicError;

    fn from_str(s: &str) -> Result<Lang, MagicError> {
        Lang::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| MagicError::BadLang(s.to_string()))
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

/// A whole table as code in `lang`: the 64 magics (a1 first, one a line
/// with its square) and their shifts (a rank a line), the form engines
/// paste and [`super::table::parse_table`] reads back. A square without a
/// magic (`None`) is written `0` with a comment saying so.
///
/// ```
/// use bitscope::chess::magic_lab::{builtin_magic, export_table, usual_bits, Lang, SliderPiece};
/// use bitscope::chess::Square;
/// let magics: Vec<_> = Square::all()
///     .map(|s| Some((builtin_magic(SliderPiece::Rook, s), usual_bits(SliderPiece::Rook, s))))
///     .collect();
/// let code = export_table(Lang::C, SliderPiece::Rook, &magics);
/// assert!(code.contains("const uint64_t ROOK_MAGICS[64] = {"));
/// assert!(code.contains("const unsigned ROOK_SHIFTS[64] = {\n    52, 53, 53, 53, 53, 53, 53, 52,"));
/// ```
pub fn export_table(lang: Lang, piece: SliderPiece, magics: &[Option<(u64, u32)>]) -> String {
    let name = piece.name().to_ascii_uppercase();
    let (magic_decl, shift_decl, suffix, comment): (String, String, &str, fn(&str) -> String) =
        match lang {
            Lang::Rust => (
                format!("pub const {name}_MAGICS: [u64; 64] = ["),
                format!("pub const {name}_SHIFTS: [u32; 64] = ["),
                "",
                |t| format!("// {t}"),
            ),
            Lang::C => (
                format!("const uint64_t {name}_MAGICS[64] = {{"),
                format!("const unsigned {name}_SHIFTS[64] = {{"),
                "ULL",
                |t| format!("/* {t} */"),
            ),
        };
    let close = if lang == Lang::Rust { "];" } else { "};" };
    let mut out = comment(&format!(
        "{piece} magics, a1 first; index = ((occ & mask) * magic) >> shift"
    ));
    out += &format!("\n{magic_decl}\n");
    for (k, m) in magics.iter().enumerate() {
        let square = Square::new(k as u8).map_or(String::new(), |s| s.to_string());
        let (value, note) = match m {
            Some((magic, _)) => (format!("0x{magic:016x}{suffix}"), square),
            None => (
                format!("0x{:016x}{suffix}", 0),
                format!("{square}: none found"),
            ),
        };
        out += &format!("    {value}, {}\n", comment(&note));
    }
    out += &format!("{close}\n{shift_decl}\n");
    // (a square without a magic: its usual bits' shift)
    let shifts: Vec<String> = Square::all()
        .zip(magics)
        .map(|(s, m)| (64 - m.map_or(super::usual_bits(piece, s), |(_, bits)| bits)).to_string())
        .collect();
    for rank in shifts.chunks(8) {
        out += &format!("    {},\n", rank.join(", "));
    }
    out + close + "\n"
}
