//! State of the Practice panel: `ex` (an exercise's id; absent: the list),
//! `a` (the answer as typed), `hints` (how many hints are shown), `check`
//! (1: the answer is checked as soon as it is shown, so that a verdict is a
//! link too). A puzzle of a teacher's set instead of `ex`: `set` (a set
//! loaded in this browser, by name) and `p` (the puzzle), or `cp` and `cr`
//! (an exercise carried whole in the link: its data-lab block and its
//! reference) and `p`, or `cz` (the same, packed: deflated, base64url)
//! and `p`; or a class on a server: `class`, `key` and `p`.

use super::url::url_state;
use super::{PanelState, Params, UrlState, UrlValue};
use crate::practice::{exercise, Exercise};
use std::collections::BTreeMap;

/// The exercises solved in this browser (kept in `localStorage` as
/// `id:ops,id:ops`): each id with the fewest operators an accepted answer used.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solved(BTreeMap<String, usize>);

impl Solved {
    /// Reads `id:ops,id:ops`; a pair it cannot read, or an exercise that no
    /// longer exists, is skipped.
    pub fn parse(text: &str) -> Solved {
        let pairs = text.split(',').filter_map(|pair| {
            let (id, ops) = pair.split_once(':')?;
            exercise(id)?;
            Some((id.to_string(), ops.parse().ok()?))
        });
        Solved(pairs.collect())
    }

    pub fn encode(&self) -> String {
        let pairs: Vec<String> = self
            .0
            .iter()
            .map(|(id, ops)| format!("{id}:{ops}"))
            .collect();
        pairs.join(",")
    }

    /// With a solution recorded (the fewest operators kept).
    pub fn record(mut self, id: &str, ops: usize) -> Solved {
        let best = self.best(id).map_or(ops, |had| had.min(ops));
        self.0.insert(id.to_string(), best);
        self
    }

    /// The fewest operators used, when solved.
    pub fn best(&self, id: &str) -> Option<usize> {
        self.0.get(id).copied()
    }

    pub fn count(&self) -> usize {
        self.0.len()
    }
}

/// A puzzle of a teacher's set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetPuzzle {
    /// A set loaded in this browser, by its name.
    Stored { set: String, puzzle: String },
    /// An exercise carried whole in the link (the older, plain form).
    Linked {
        puzzles: String,
        reference: String,
        puzzle: String,
    },
    /// An exercise carried whole in the link, packed
    /// (`crate::practice::link`: deflated, base64url), read by Practice.
    Packed { data: String, puzzle: String },
}

impl SetPuzzle {
    pub fn puzzle(&self) -> &str {
        match self {
            SetPuzzle::Stored { puzzle, .. }
            | SetPuzzle::Linked { puzzle, .. }
            | SetPuzzle::Packed { puzzle, .. } => puzzle,
        }
    }

    fn read(p: &Params) -> Option<SetPuzzle> {
        let puzzle = p.get("p")?.to_string();
        if let Some(data) = p.get("cz") {
            let data = data.to_string();
            return Some(SetPuzzle::Packed { data, puzzle });
        }
        match (p.get("set"), p.get("cp"), p.get("cr")) {
            (Some(set), _, _) => Some(SetPuzzle::Stored {
                set: set.to_string(),
                puzzle,
            }),
            (None, Some(puzzles), Some(reference)) => Some(SetPuzzle::Linked {
                puzzles: puzzles.to_string(),
                reference: reference.to_string(),
                puzzle,
            }),
            _ => None,
        }
    }

    fn write(&self, p: &mut Params) {
        match self {
            SetPuzzle::Stored { set, .. } => p.set("set", set.clone()),
            SetPuzzle::Linked {
                puzzles, reference, ..
            } => {
                p.set("cp", puzzles.clone());
                p.set("cr", reference.clone());
            }
            SetPuzzle::Packed { data, .. } => p.set("cz", data.clone()),
        }
        p.set("p", self.puzzle().to_string());
    }
}

/// A seat in a class run by a `bitscope class` server: the class, the
/// member's key (their token; in the fragment, never sent to a server's
/// logs) and the puzzle open (`None`: the class's list, or the teacher's
/// gradebook). Keys `class`, `key`, `p`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassSeat {
    pub class: String,
    pub key: String,
    pub puzzle: Option<String>,
}

impl UrlState for Option<ClassSeat> {
    fn from_params(p: &Params) -> Self {
        Some(ClassSeat {
            class: p.get("class").filter(|c| !c.is_empty())?.to_string(),
            key: p.get("key").unwrap_or_default().to_string(),
            puzzle: p.get("p").filter(|p| !p.is_empty()).map(str::to_string),
        })
    }
    fn to_params(&self) -> Params {
        let mut p = Params::default();
        if let Some(seat) = self {
            p.set("class", seat.class.clone());
            p.set("key", seat.key.clone());
            if let Some(puzzle) = &seat.puzzle {
                p.set("p", puzzle.clone());
            }
        }
        p
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PracticeState {
    /// The exercise shown; `None` (and no `custom`) shows the list.
    pub exercise: Option<&'static Exercise>,
    /// A puzzle of a teacher's set, shown when `exercise` is `None`.
    pub custom: Option<SetPuzzle>,
    /// A class on a server, shown when neither of the above is.
    pub seat: Option<ClassSeat>,
    pub answer: String,
    /// Hints shown, at most the exercise's.
    pub hints: usize,
    /// Check the answer on opening (a verdict's link).
    pub check: bool,
    /// The exercise form's draft, as JSON (`practice::custom::Draft`), on
    /// the list: a half-written exercise survives a reload and is a link.
    pub draft: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PracticeAction {
    /// Another exercise (or the list): a fresh answer, no hints.
    Open(Option<&'static str>),
    /// A puzzle of a teacher's set, with an answer to start from.
    OpenPuzzle(SetPuzzle, String),
    /// New text: a verdict shown for the old text no longer applies.
    SetAnswer(String),
    /// One more hint.
    Hint,
    /// The answer is being checked: its link reproduces the verdict.
    Checked,
    /// A class's puzzle (or its list, `None`), with a fresh answer.
    OpenSeat(Option<String>),
    /// The exercise form's draft changed (JSON).
    SetDraft(String),
}

/// An exercise in a link: its id.
impl UrlValue for &'static Exercise {
    fn from_url(text: &str) -> Option<Self> {
        exercise(text)
    }
    fn to_url(&self) -> String {
        self.id.to_string()
    }
}

/// A set's puzzle: its keys depend on where the set lives (`set`, or
/// `cp` and `cr`), so this part of the link is written by hand.
impl UrlState for Option<SetPuzzle> {
    fn from_params(p: &Params) -> Self {
        SetPuzzle::read(p)
    }
    fn to_params(&self) -> Params {
        let mut p = Params::default();
        if let Some(puzzle) = self {
            puzzle.write(&mut p);
        }
        p
    }
}

url_state!(PracticeState {
    exercise (sparse): "ex",
    answer (sparse): "a",
    hints (sparse): "hints",
    check (sparse): "check",
    draft (sparse): "w",
} and custom, seat then settle);

/// An exercise wins over a set's puzzle; with neither, the list (and
/// nothing else); hints at most the exercise's (a set's are clamped by
/// the view, once the set is read).
fn settle(s: PracticeState) -> PracticeState {
    let most = s.hint_limit();
    let custom = s.custom.filter(|_| s.exercise.is_none());
    let seat = s.seat.filter(|_| s.exercise.is_none() && custom.is_none());
    if s.exercise.is_none() && custom.is_none() && seat.is_none() {
        // the list: only the form's draft
        return PracticeState {
            draft: s.draft,
            ..PracticeState::default()
        };
    }
    PracticeState {
        custom,
        seat,
        draft: String::new(),
        hints: s.hints.min(most),
        ..s
    }
}

impl PracticeState {
    /// The most hints shown: the exercise's (a set's are clamped by the
    /// view, once the set is read).
    fn hint_limit(&self) -> usize {
        self.exercise.map_or(usize::MAX, |e| e.hints.len())
    }
}

impl PanelState for PracticeState {
    type Action = PracticeAction;

    fn apply(self, action: PracticeAction) -> Self {
        match action {
            PracticeAction::Open(id) => PracticeState {
                exercise: id.and_then(exercise),
                ..PracticeState::default()
            },
            PracticeAction::OpenPuzzle(puzzle, answer) => PracticeState {
                custom: Some(puzzle),
                answer,
                ..PracticeState::default()
            },
            PracticeAction::SetAnswer(answer) => PracticeState {
                answer,
                check: false,
                ..self
            },
            PracticeAction::Hint => PracticeState {
                hints: (self.hints + 1).min(self.hint_limit()),
                ..self
            },
            PracticeAction::Checked => PracticeState {
                check: (self.exercise.is_some() || self.custom.is_some())
                    && !self.answer.is_empty(),
                ..self
            },
            PracticeAction::SetDraft(draft) => PracticeState {
                draft,
                ..PracticeState::default()
            },
            PracticeAction::OpenSeat(puzzle) => PracticeState {
                seat: self.seat.map(|s| ClassSeat { puzzle, ..s }),
                ..PracticeState::default()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::through_url;
    use super::super::{Params, UrlState};
    use super::*;
    use crate::practice::exercises;

    #[test]
    fn every_exercise_answer_and_hint_count_survives_the_url() {
        let list = PracticeState::default();
        assert_eq!(through_url(&list), list);
        for ex in exercises() {
            for answer in ["", ex.reference, "x & -x", "a b+c%&=?#é", "  x  "] {
                for hints in 0..=ex.hints.len() {
                    for check in [false, !answer.is_empty()] {
                        let s = PracticeState {
                            exercise: Some(ex),
                            custom: None,
                            seat: None,
                            answer: answer.to_string(),
                            hints,
                            check,
                            draft: String::new(),
                        };
                        assert_eq!(through_url(&s), s, "{} {answer:?}", ex.id);
                    }
                }
            }
        }
    }

    #[test]
    fn every_set_puzzle_survives_the_url() {
        let texts = ["bitAnd", "a b+c%&=?#é\n/* x */", ""];
        for puzzle in texts {
            for answer in ["", "int f(int x) {\n  return x & 1;\n}"] {
                let stored = SetPuzzle::Stored {
                    set: "course 1 & 2".into(),
                    puzzle: puzzle.into(),
                };
                let linked = SetPuzzle::Linked {
                    puzzles: "/*\n * bitAnd - x & y\n */\nint bitAnd(int x, int y) { return 2; }"
                        .into(),
                    reference: "int bitAnd(int x, int y) { return x & y; }".into(),
                    puzzle: puzzle.into(),
                };
                let packed = SetPuzzle::Packed {
                    data: "eNqrVspLzE1VslJQSsrPz1aqBQAxLwWp".into(),
                    puzzle: puzzle.into(),
                };
                for custom in [stored, linked, packed] {
                    for (hints, check) in [(0, false), (3, !answer.is_empty())] {
                        let s = PracticeState {
                            exercise: None,
                            custom: Some(custom.clone()),
                            seat: None,
                            answer: answer.to_string(),
                            hints,
                            check,
                            draft: String::new(),
                        };
                        assert_eq!(through_url(&s), s, "{custom:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_class_seat_survives_the_url() {
        for class in ["week2", "a.b-c_d@e", "x y&z=é"] {
            for key in ["", "0123abcd", "k&ey=?#"] {
                for puzzle in [None, Some("bitXnor"), Some("a b&c")] {
                    for answer in ["", "int bitXnor(int x, int y) {\n  return ~x;\n}"] {
                        let s = PracticeState {
                            seat: Some(ClassSeat {
                                class: class.into(),
                                key: key.into(),
                                puzzle: puzzle.map(String::from),
                            }),
                            answer: answer.into(),
                            ..PracticeState::default()
                        };
                        assert_eq!(through_url(&s), s);
                    }
                }
            }
        }
        let s = PracticeState::default().apply(PracticeAction::Open(None));
        assert_eq!(
            s.clone().apply(PracticeAction::OpenSeat(Some("x".into()))),
            s,
            "no class: the list"
        );
    }

    #[test]
    fn the_form_draft_survives_the_url_on_the_list_only() {
        for draft in [
            "",
            "{\"name\":\"bitOr\",\"task\":\"x | y & z?=#é\"}",
            "not json",
        ] {
            let s = PracticeState::default().apply(PracticeAction::SetDraft(draft.into()));
            assert_eq!(through_url(&s), s, "{draft:?}");
        }
        let s = PracticeState::default()
            .apply(PracticeAction::SetDraft("{}".into()))
            .apply(PracticeAction::Open(Some("lowest-bit-clear")));
        assert_eq!(
            through_url(&s).draft,
            "",
            "an exercise's link carries no draft"
        );
    }

    #[test]
    fn unknown_exercises_and_too_many_hints_read_as_what_exists() {
        let p = Params::from_pairs([("ex", "nowhere".to_string()), ("a", "x".into())]);
        assert_eq!(PracticeState::from_params(&p), PracticeState::default());
        let ex = exercise("lowest-bit-clear").unwrap();
        let p = Params::from_pairs([("ex", ex.id.to_string()), ("hints", "99".into())]);
        assert_eq!(PracticeState::from_params(&p).hints, ex.hints.len());
    }

    #[test]
    fn progress_reads_back_keeps_the_fewest_ops_and_skips_what_it_cannot_read() {
        let s = Solved::default()
            .record("gosper", 12)
            .record("abs", 5)
            .record("abs", 7);
        assert_eq!(s.best("abs"), Some(5));
        assert_eq!(Solved::parse(&s.encode()), s);
        let s = Solved::parse("x,abs:z,:3,abs:4,nowhere:2,gosper:9");
        assert_eq!(
            (s.count(), s.best("abs"), s.best("gosper")),
            (2, Some(4), Some(9))
        );
        assert_eq!(Solved::parse(""), Solved::default());
    }

    #[test]
    fn actions_keep_the_rules() {
        let s = PracticeState::default().apply(PracticeAction::Open(Some("lowest-bit-clear")));
        assert_eq!(s.exercise.map(|e| e.id), Some("lowest-bit-clear"));
        let s = s.apply(PracticeAction::Checked);
        assert!(!s.check, "nothing typed: nothing to check");
        let s = s
            .apply(PracticeAction::SetAnswer("x & (x - 1)".into()))
            .apply(PracticeAction::Checked);
        assert!(s.check);
        let s = (0..9).fold(s, |s, _| s.apply(PracticeAction::Hint));
        assert_eq!(s.hints, s.exercise.unwrap().hints.len());
        let s = s.apply(PracticeAction::SetAnswer("x".into()));
        assert!(!s.check, "an edit drops the old verdict");
        let s = s.apply(PracticeAction::Open(None));
        assert_eq!(s, PracticeState::default());
    }
}
