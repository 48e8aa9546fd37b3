//! A class roster: one student a row, `id,name[,file]`, as a CSV file
//! (RFC 4180 quoting; a first row `id,name[,file]` is a header and skipped;
//! blank lines and lines starting with `#` are ignored).
//!
//! ```text
//! id,name,file
//! ada,Ada Lovelace,ada.c
//! "b42","Babbage, Charles",
//! ```

use std::collections::BTreeSet;
use thiserror::Error;

/// The longest id or name a roster may hold (they travel in every gradebook).
pub const MAX_FIELD: usize = 200;
/// The most students one roster may hold.
pub const MAX_STUDENTS: usize = 5000;

/// One student of a roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    /// The id the gradebook uses: letters, digits, `-`, `_`, `.`, `@`.
    pub id: String,
    pub name: String,
    /// The student's file, when the roster names one.
    pub file: Option<String>,
}

/// A roster that cannot be read, at its line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("roster line {line}: {message}")]
pub struct RosterError {
    pub line: u64,
    pub message: String,
}

/// Reads a roster (see the module docs).
///
/// # Errors
/// A row without an id or name, an id used twice or with other characters,
/// a field over [`MAX_FIELD`], more than [`MAX_STUDENTS`] rows.
pub fn parse(text: &str) -> Result<Vec<Student>, RosterError> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .comment(Some(b'#'))
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut out: Vec<Student> = Vec::new();
    let mut seen = BTreeSet::new();
    for row in reader.records() {
        let row = row.map_err(|e| RosterError {
            line: e.position().map_or(0, |p| p.line()),
            message: e.to_string(),
        })?;
        let line = row.position().map_or(0, |p| p.line());
        let bad = |message: String| RosterError { line, message };
        if row.iter().all(str::is_empty) {
            continue;
        }
        if out.is_empty()
            && seen.is_empty()
            && row.get(0) == Some("id")
            && row.get(1) == Some("name")
        {
            seen.insert(String::new());
            continue;
        }
        if row.len() > 3 {
            return Err(bad(format!(
                "{} fields; a row is id,name[,file]",
                row.len()
            )));
        }
        let field = |k: usize| row.get(k).unwrap_or("").to_string();
        let (id, name, file) = (field(0), field(1), field(2));
        check_id(&id).map_err(bad)?;
        if name.is_empty() {
            return Err(bad(format!("student `{id}` has no name")));
        }
        if name.len() > MAX_FIELD || file.len() > 4096 {
            return Err(bad("a field is too long".into()));
        }
        if !seen.insert(id.clone()) {
            return Err(bad(format!("the id `{id}` is on the roster twice")));
        }
        if out.len() == MAX_STUDENTS {
            return Err(bad(format!("more than {MAX_STUDENTS} students")));
        }
        let file = (!file.is_empty()).then_some(file);
        out.push(Student { id, name, file });
    }
    Ok(out)
}

/// Whether `id` may name a student (or a class): 1 to [`MAX_FIELD`]
/// letters, digits, `-`, `_`, `.`, `@`.
///
/// # Errors
/// The reason, for the user.
pub fn check_id(id: &str) -> Result<(), String> {
    let ok = |c: char| c.is_ascii_alphanumeric() || "-_.@".contains(c);
    if id.is_empty() {
        Err("a row has no id".into())
    } else if id.len() > MAX_FIELD || !id.chars().all(ok) {
        Err(format!(
            "the id `{id}` must be 1 to {MAX_FIELD} letters, digits, '-', '_', '.' or '@'"
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_with_and_without_files_quotes_and_a_header() {
        let r = parse("id,name,file\nada,Ada Lovelace,ada.c\n\n# a note\n\"b42\",\"Babbage, Charles\",\ncy,Cy\n").unwrap();
        let ids: Vec<_> = r
            .iter()
            .map(|s| (s.id.as_str(), s.name.as_str(), s.file.as_deref()))
            .collect();
        assert_eq!(
            ids,
            [
                ("ada", "Ada Lovelace", Some("ada.c")),
                ("b42", "Babbage, Charles", None),
                ("cy", "Cy", None)
            ]
        );
    }

    #[test]
    fn bad_rows_are_refused_at_their_line() {
        assert_eq!(parse("a,A\na,B\n").unwrap_err().line, 2);
        assert_eq!(parse("a,A\nb\n").unwrap_err().line, 2);
        assert!(parse("a b,A\n").unwrap_err().message.contains("letters"));
        assert!(parse("a,A,f,extra\n").is_err());
        assert!(parse(",A\n").is_err());
    }
}
