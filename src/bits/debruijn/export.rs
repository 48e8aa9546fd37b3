//! A magic and its table as a ready-to-paste Rust or C function.
//!
//! ```text
//! isolated = v & -v
//! index    = TABLE[(isolated * MAGIC) >> (N - log2 N)]
//! ```

use super::{shift_for, table_for, DebruijnError, ScanKind};
use crate::bits::word::Word;

fn type_names(width: u32) -> (&'static str, &'static str) {
    match width {
        8 => ("u8", "uint8_t"),
        16 => ("u16", "uint16_t"),
        32 => ("u32", "uint32_t"),
        _ => ("u64", "uint64_t"),
    }
}

fn table_text(table: &[u8]) -> String {
    let per_line = 16;
    table
        .chunks(per_line)
        .map(|c| {
            c.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join(",\n        ")
}

/// A ready-to-paste Rust function `bit_scan_forward{N}` with its table.
///
/// # Errors
/// A bad width, a too-wide or an invalid magic.
pub fn export_rust(width: u32, magic: u64) -> Result<String, DebruijnError> {
    let table = table_for(width, magic, ScanKind::Isolate)?;
    let shift = shift_for(width)?;
    let (ty, _) = type_names(width);
    let hex = Word::new(magic, width).hex();
    Ok(format!(
        "/// Index of the lowest set bit of `v`, `None` for 0: de Bruijn multiply by {hex}.\n\
pub fn bit_scan_forward{width}(v: {ty}) -> Option<u32> {{\n    \
    const MAGIC: {ty} = {hex};\n    \
    const TABLE: [u8; {width}] = [\n        {}\n    ];\n    \
    if v == 0 {{\n        return None;\n    }}\n    \
    let isolated = v & v.wrapping_neg();\n    \
    Some(TABLE[(isolated.wrapping_mul(MAGIC) >> {shift}) as usize] as u32)\n}}\n",
        table_text(&table)
    ))
}

/// A ready-to-paste C function `bit_scan_forward{N}` with its table.
///
/// # Errors
/// A bad width, a too-wide or an invalid magic.
pub fn export_c(width: u32, magic: u64) -> Result<String, DebruijnError> {
    let table = table_for(width, magic, ScanKind::Isolate)?;
    let shift = shift_for(width)?;
    let (_, ty) = type_names(width);
    let suffix = if width == 64 { "ULL" } else { "U" };
    let hex = format!("0x{:X}{suffix}", magic);
    Ok(format!(
        "#include <stdint.h>\n\n\
/* Index of the lowest set bit of v, -1 for 0: de Bruijn multiply by {hex}. */\n\
static int bit_scan_forward{width}({ty} v) {{\n    \
    static const unsigned char table[{width}] = {{\n        {}\n    }};\n    \
    if (v == 0) return -1;\n    \
    {ty} isolated = ({ty})(v & ({ty})(0U - v));\n    \
    return table[({ty})(isolated * {hex}) >> {shift}];\n}}\n",
        table_text(&table)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exports_carry_magic_and_table() {
        let r = export_rust(8, 0x1D).unwrap();
        assert!(r.contains("const MAGIC: u8 = 0x1d;"), "{r}");
        assert!(r.contains("0, 1, 6, 2, 7, 5, 4, 3"), "{r}");
        assert!(r.contains(">> 5"), "{r}");
        let c = export_c(64, 0x03F7_9D71_B4CB_0A89).unwrap();
        assert!(c.contains("0x3F79D71B4CB0A89ULL"), "{c}");
        assert!(c.contains(">> 58"), "{c}");
        assert!(export_c(8, 0x1F).is_err());
    }
}
