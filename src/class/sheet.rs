//! Every CSV the project writes: RFC 4180 quoting (the `csv` crate) and
//! no cell a spreadsheet would run as a formula.
//!
//! A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return
//! is a formula to Excel, LibreOffice and Google Sheets (a roster name
//! `=HYPERLINK("http://…","x")` would be a live link). OWASP's rule makes
//! it text: a leading `'`.
//!
//! ```text
//! =HYPERLINK("…")  ->  '=HYPERLINK("…")
//! -1+2             ->  '-1+2
//! Ada Lovelace     ->  Ada Lovelace
//! ```

/// The characters that make a cell a formula when they begin it.
pub const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// `cell`, made inert for a spreadsheet (a leading `'` where it could run).
pub fn inert(cell: &str) -> std::borrow::Cow<'_, str> {
    if cell.starts_with(FORMULA_STARTS) {
        format!("'{cell}").into()
    } else {
        cell.into()
    }
}

/// A sheet as CSV text: the header, then each row, every cell inert.
pub fn to_csv<R, C>(rows: impl IntoIterator<Item = R>) -> String
where
    R: IntoIterator<Item = C>,
    C: AsRef<str>,
{
    let mut w = csv::Writer::from_writer(Vec::new());
    for row in rows {
        let cells: Vec<String> = row
            .into_iter()
            .map(|c| inert(c.as_ref()).into_owned())
            .collect();
        let _ = w.write_record(&cells);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_cells_become_text_and_others_stay() {
        let sheet = to_csv([
            vec!["id", "name", "error"],
            vec!["=1+1", "=HYPERLINK(\"http://x\",\"y\")", "+SUM(A1)"],
            vec!["-2", "@cmd", "\tx"],
            vec![
                "\rx",
                "Ada, \"the\" first",
                "line 5, column 1: expected `;`",
            ],
        ]);
        let mut r = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(sheet.as_bytes());
        let cells: Vec<Vec<String>> = r
            .records()
            .map(|rec| rec.unwrap().iter().map(String::from).collect())
            .collect();
        assert_eq!(cells[1][0], "'=1+1");
        assert_eq!(cells[1][1], "'=HYPERLINK(\"http://x\",\"y\")");
        assert_eq!(cells[2], ["'-2", "'@cmd", "'\tx"]);
        assert_eq!(cells[3][1], "Ada, \"the\" first");
        for cell in cells.iter().flatten() {
            assert!(!cell.starts_with(FORMULA_STARTS), "{cell:?}");
        }
    }
}
