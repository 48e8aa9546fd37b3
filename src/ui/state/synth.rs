//! State of the Shortest program panel: `src` (the specification, C),
//! `fn` (its function; absent: the last but `assume`), `ops` (the
//! operators allowed, the data lab's notation; empty: all), `consts`
//! (more constants), `max` (the longest program searched), `secs` (the
//! time budget).

use super::url::url_state;
use super::PanelState;

/// The longest program the page searches, and its default.
pub const SYNTH_MAX_OPS: u32 = 8;
pub const SYNTH_SECONDS: [u32; 4] = [10, 30, 60, 120];

/// A specification to start from: the rightmost 1 bit cleared, by a loop.
pub const DEFAULT_SPEC: &str = "unsigned clear_lowest(unsigned x)\n{\n    for (int i = 0; i < 32; i++)\n        if (x >> i & 1)\n            return x ^ (1u << i);\n    return 0;\n}\n";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SynthState {
    pub src: String,
    pub func: Option<String>,
    pub ops: String,
    pub consts: String,
    pub max_ops: u32,
    pub seconds: u32,
}

impl Default for SynthState {
    fn default() -> Self {
        SynthState {
            src: DEFAULT_SPEC.to_string(),
            func: None,
            ops: String::new(),
            consts: String::new(),
            max_ops: 5,
            seconds: 30,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SynthAction {
    SetSrc(String),
    SetOps(String),
    SetConsts(String),
    SetMaxOps(u32),
    SetSeconds(u32),
}

url_state!(SynthState {
    src (sparse): "src",
    func (sparse): "fn",
    ops (sparse): "ops",
    consts (sparse): "consts",
    max_ops (sparse): "max" if |m| (1..=SYNTH_MAX_OPS).contains(m),
    seconds (sparse): "secs" if |s| SYNTH_SECONDS.contains(s),
});

impl SynthState {
    /// A link's parameters for a search of `src`'s function `func`, the
    /// rest the defaults: what [`UrlState::to_params`] writes for that
    /// state, built without it (the Lab's "find a shorter way" link: the
    /// page's module then carries no writer of the other fields).
    pub fn link_params(src: &str, func: Option<&str>) -> crate::ui::params::Params {
        let mut p = crate::ui::params::Params::default();
        p.set("src", src.to_string());
        if let Some(f) = func {
            p.set("fn", f.to_string());
        }
        p
    }
}

impl PanelState for SynthState {
    type Action = SynthAction;

    fn apply(self, action: SynthAction) -> Self {
        match action {
            // (another text: its function is found again)
            SynthAction::SetSrc(src) => SynthState {
                src,
                func: None,
                ..self
            },
            SynthAction::SetOps(ops) => SynthState { ops, ..self },
            SynthAction::SetConsts(consts) => SynthState { consts, ..self },
            SynthAction::SetMaxOps(m) if (1..=SYNTH_MAX_OPS).contains(&m) => {
                SynthState { max_ops: m, ..self }
            }
            SynthAction::SetSeconds(s) if SYNTH_SECONDS.contains(&s) => {
                SynthState { seconds: s, ..self }
            }
            _ => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::all_survive_the_url;
    use super::*;
    use crate::ui::route::Route;
    use crate::ui::state::UrlState;
    use itertools::iproduct;

    #[test]
    fn every_field_survives_the_url() {
        let srcs = [
            DEFAULT_SPEC,
            "int f(int x, int y) { return x < y ? x : y; }",
            "a & b = c?",
        ];
        let funcs = [None, Some("f".to_string())];
        let ops = ["", "! ~ & ^ | + << >>", "-x & +"];
        let states = iproduct!(
            srcs,
            funcs,
            ops,
            ["", "3 0x55 -8"],
            1..=SYNTH_MAX_OPS,
            SYNTH_SECONDS
        )
        .map(|(src, func, ops, consts, max_ops, seconds)| SynthState {
            src: src.to_string(),
            func,
            ops: ops.to_string(),
            consts: consts.to_string(),
            max_ops,
            seconds,
        });
        assert_eq!(all_survive_the_url(states), 3 * 2 * 3 * 2 * 8 * 4);
    }

    #[test]
    fn the_labs_link_is_the_states_own() {
        for (src, func) in [
            (DEFAULT_SPEC, None),
            ("int f(int x) { return -x; }", Some("f")),
        ] {
            let state = SynthState {
                src: src.to_string(),
                func: func.map(str::to_string),
                ..SynthState::default()
            };
            let by_hand = SynthState::link_params(src, func);
            assert_eq!(SynthState::from_params(&by_hand), state);
            // (the default text too: the link always carries the code)
            assert_eq!(by_hand.without("src"), state.to_params().without("src"));
        }
    }

    #[test]
    fn bad_links_take_the_defaults() {
        let read = |h: &str| SynthState::from_params(&Route::parse(h).params);
        let s = read("#/shortest?max=99&secs=7");
        assert_eq!(
            (s.max_ops, s.seconds, s.src.as_str()),
            (5, 30, DEFAULT_SPEC)
        );
        assert_eq!(read("#/shortest?ops=%26%20%2B&max=3").ops, "& +");
        let t = SynthState::default().apply(SynthAction::SetMaxOps(9));
        assert_eq!(t, SynthState::default());
        let u = SynthState {
            func: Some("g".into()),
            ..SynthState::default()
        };
        assert_eq!(u.apply(SynthAction::SetSrc("x".into())).func, None);
    }
}
