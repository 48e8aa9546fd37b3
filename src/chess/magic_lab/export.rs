//! One square's magic as code to paste: mask, magic, shift, table size.

use super::{mask, MagicError, Slider};
use crate::bits::square::Square;

fn parts(piece: Slider, square: Square, bits: u32) -> Result<(String, u64, u32, u64), MagicError> {
    let bits = super::check_bits(piece, square, bits)?;
    let name = format!("{}_{}", piece.name(), square).to_ascii_uppercase();
    Ok((name, mask(piece, square), 64 - bits, 1u64 << bits))
}

/// Rust constants for `piece` on `square`.
///
/// ```
/// use bitscope::chess::magic_lab::{export_rust, Slider};
/// use bitscope::chess::Square;
/// let code = export_rust(Slider::Rook, Square::A1, 0x2080002080400010, 12)?;
/// assert!(code.contains("pub const ROOK_A1_SHIFT: u32 = 52;"));
/// assert!(code.contains("pub const ROOK_A1_TABLE_SIZE: usize = 4096;"));
/// # Ok::<(), bitscope::chess::magic_lab::MagicError>(())
/// ```
pub fn export_rust(
    piece: Slider,
    square: Square,
    magic: u64,
    bits: u32,
) -> Result<String, MagicError> {
    let (n, m, shift, size) = parts(piece, square, bits)?;
    Ok(format!(
        "// {piece} on {square}: {bits} index bits\n\
         pub const {n}_MASK: u64 = 0x{m:016x};\n\
         pub const {n}_MAGIC: u64 = 0x{magic:016x};\n\
         pub const {n}_SHIFT: u32 = {shift};\n\
         pub const {n}_TABLE_SIZE: usize = {size};\n\
         // attacks = table[((occ & {n}_MASK)\n\
         //     .wrapping_mul({n}_MAGIC) >> {n}_SHIFT) as usize]\n"
    ))
}

/// C definitions for `piece` on `square`.
///
/// ```
/// use bitscope::chess::magic_lab::{export_c, Slider};
/// use bitscope::chess::Square;
/// let code = export_c(Slider::Bishop, Square::D4, 0x0210080482200500, 9)?;
/// assert!(code.contains("#define BISHOP_D4_SHIFT 55"));
/// # Ok::<(), bitscope::chess::magic_lab::MagicError>(())
/// ```
pub fn export_c(
    piece: Slider,
    square: Square,
    magic: u64,
    bits: u32,
) -> Result<String, MagicError> {
    let (n, m, shift, size) = parts(piece, square, bits)?;
    Ok(format!(
        "/* {piece} on {square}: {bits} index bits */\n\
         #define {n}_MASK 0x{m:016x}ULL\n\
         #define {n}_MAGIC 0x{magic:016x}ULL\n\
         #define {n}_SHIFT {shift}\n\
         #define {n}_TABLE_SIZE {size}\n\
         // attacks = table[((occ & {n}_MASK)\n\
         //     * {n}_MAGIC) >> {n}_SHIFT]\n"
    ))
}
