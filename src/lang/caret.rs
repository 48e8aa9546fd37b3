//! An error's column in a long line, kept in view: the part of the line
//! shown around the column, and the caret's place in it. The Lab and
//! Practice draw it under their error messages (`ui::components::caret`).
//!
//! ```text
//! …(x + 1) ^ (x + 1) ^ (y &      the window: 56 characters at most,
//!                      ^         the column a third of the way in
//! ```

/// Characters of a long text shown around the error's column.
pub const WINDOW: usize = 56;
/// How far into the window the column sits (a third: in view on a phone).
const LEAD: usize = WINDOW / 3;

/// The part of `text` shown (with "…" where it is cut) and the caret's
/// position in it, for the 0-based character `at`.
pub fn window(text: &str, at: usize) -> (String, usize) {
    let chars: Vec<char> = text.chars().collect();
    let at = at.min(chars.len());
    if chars.len() <= WINDOW {
        return (text.to_string(), at);
    }
    let start = at.saturating_sub(LEAD);
    let end = (start + WINDOW).min(chars.len());
    let before = if start > 0 { "…" } else { "" };
    let after = if end < chars.len() { "…" } else { "" };
    let middle: String = chars[start..end].iter().collect();
    (
        format!("{before}{middle}{after}"),
        at - start + before.chars().count(),
    )
}

#[cfg(test)]
mod tests {
    use super::{window, LEAD};

    #[test]
    fn the_caret_stays_under_its_character() {
        let text: String = (0..150)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        for at in 0..=150 {
            let (shown, pos) = window(&text, at);
            assert!(shown.chars().count() <= 58, "{at}");
            let want = text.chars().nth(at);
            assert_eq!(shown.chars().nth(pos).filter(|c| *c != '…'), want, "{at}");
            // at most a third of the way in, even at the end of the text
            assert!(pos <= LEAD + 1, "{at}: caret at {pos}");
        }
        assert_eq!(window("x & (x - 1", 10), ("x & (x - 1".to_string(), 10));
    }
}
