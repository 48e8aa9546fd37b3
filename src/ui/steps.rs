//! The steps a stepper lets its reader reach: an embed's `steps=A..B`
//! (`ui::embed`), which every `StepPlayer` in it obeys. A leaf: plain Rust,
//! tested natively, imported by the embed and by the components alike.

/// The steps an embed lets its reader reach: `first..=last`, 0-based
/// (`steps=A..B` in the hash is 1-based, as the stepper counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepRange {
    pub first: usize,
    pub last: usize,
}

impl StepRange {
    /// `"2..5"` -> steps 2 to 5 (1-based, both included); `"3"` -> step 3
    /// only; `"2.."` -> from step 2 on. `None` for anything else.
    pub fn parse(text: &str) -> Option<StepRange> {
        let one = |s: &str| s.trim().parse::<usize>().ok().filter(|&n| n >= 1);
        let (a, b) = match text.split_once("..") {
            Some((a, "")) => (one(a)?, usize::MAX),
            Some((a, b)) => (one(a)?, one(b)?),
            None => (one(text)?, one(text)?),
        };
        (a <= b).then(|| StepRange {
            first: a - 1,
            last: b.saturating_sub(1),
        })
    }

    /// The hash's form: `"2..5"`, `"2.."` when open-ended.
    pub fn text(self) -> String {
        if self.last == usize::MAX - 1 {
            format!("{}..", self.first + 1)
        } else {
            format!("{}..{}", self.first + 1, self.last + 1)
        }
    }

    /// The range within a trace of `count` steps: `(first, last)`, 0-based,
    /// `first <= last < count` (the trace's last step when the range starts
    /// past it).
    pub fn within(self, count: usize) -> (usize, usize) {
        let end = count.saturating_sub(1);
        let first = self.first.min(end);
        (first, self.last.clamp(first, end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_ranges_read_one_based_and_clamp_to_the_trace() {
        let r = StepRange::parse("2..5").unwrap();
        assert_eq!((r.first, r.last), (1, 4));
        assert_eq!(r.text(), "2..5");
        assert_eq!(r.within(10), (1, 4));
        assert_eq!(r.within(3), (1, 2));
        assert_eq!(r.within(1), (0, 0));
        assert_eq!(StepRange::parse("3").unwrap().within(9), (2, 2));
        let open = StepRange::parse("4..").unwrap();
        assert_eq!(open.text(), "4..");
        assert_eq!(open.within(9), (3, 8));
        for bad in ["", "0..3", "5..2", "a..b", "..3", "1...3", "-1..2"] {
            assert_eq!(StepRange::parse(bad), None, "{bad:?}");
        }
    }
}
