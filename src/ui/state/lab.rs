//! State of the Lab panel (the expression lab): `e` (the expression as
//! typed, valid or not), `c` (a second expression to compare it with;
//! absent: none), `w` (8 | 16 | 32 | 64), `x`, `y`, `z` (bare hex, within
//! `w` bits), `step` (absent: the last step, the result). And the
//! presets, each a link to this panel and to the panel that explains it.
//! `mode=c` is the C code mode, its fields in [`super::lab_code`].
//! `ex` (an exercise's id) compares with that exercise's reference, kept
//! hidden (only its values show) until the learner asks to see it.

use super::lab_code::{CodeAction, CodeState};
use super::url::{url_names, url_state};
use super::PanelState;
use crate::bits::word::mask;
use crate::lang::expr::{Var, WIDTHS};
use crate::practice::Exercise;

/// The step shown when the URL names none: the last (the result).
pub const LAST_STEP: usize = usize::MAX;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabState {
    /// The expression as typed (an invalid one is kept, and its error shown).
    pub expr: String,
    /// The expression compared with `expr` ("": no comparison).
    pub cmp: String,
    /// An exercise whose hidden reference `expr` is compared
    /// with, in place of `cmp`, until [`LabAction::Reveal`].
    pub hidden: Option<&'static Exercise>,
    pub width: u32,
    pub x: u64,
    pub y: u64,
    pub z: u64,
    /// The step shown; [`LAST_STEP`] shows the result.
    pub step: usize,
    /// Expression or C code.
    pub mode: LabMode,
    /// The C code mode's source, function, arguments and comparison.
    pub code: CodeState,
}

/// The Lab's two modes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LabMode {
    #[default]
    Expr,
    C,
}

impl Default for LabState {
    fn default() -> Self {
        LabState {
            expr: "x & (x - 1)".to_string(),
            cmp: String::new(),
            hidden: None,
            width: 64,
            x: 0x68,
            y: 3,
            z: 0,
            step: LAST_STEP,
            mode: LabMode::Expr,
            code: CodeState::default(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabAction {
    /// New text: the steps show the result again.
    SetExpr(String),
    /// Another width (8, 16, 32 or 64; others are ignored): the variables
    /// keep their low bits.
    SetWidth(u32),
    SetVar(Var, u64),
    /// The second expression (compare with).
    SetCmp(String),
    /// All three variables at once (a counterexample loaded).
    SetVars(u64, u64, u64),
    /// The two expressions change places: the other side's steps show.
    Swap,
    /// The hidden reference becomes the second expression, in plain view.
    Reveal,
    /// One of [`PRESETS`] (by index): its expression, width and values.
    Preset(usize),
    Step(usize),
    /// The other mode: the steps show the result again.
    Mode(LabMode),
    /// A change of the C code mode: the steps show the result again.
    Code(CodeAction),
}

url_names!(LabMode, [LabMode::Expr, LabMode::C], |m| m.param());

impl LabMode {
    /// The mode's `mode=` value.
    pub fn param(&self) -> &'static str {
        match self {
            LabMode::Expr => "expr",
            LabMode::C => "c",
        }
    }
}

url_state!(LabState {
    expr: "e",
    cmp (sparse): "c",
    hidden (sparse): "ex",
    width: "w" if |w| WIDTHS.contains(w),
    x: "x",
    y: "y",
    z: "z",
    step (sparse): "step",
    mode (sparse): "mode",
} and code then fit_vars);

/// A variable that does not fit the width takes the default's (the low
/// bits of the default `x`).
fn fit_vars(s: LabState) -> LabState {
    let (d, m) = (LabState::default(), mask(s.width));
    let fit = |v: u64, default: u64| if v & !m == 0 { v } else { default & m };
    LabState {
        x: fit(s.x, d.x),
        y: fit(s.y, d.y),
        z: fit(s.z, d.z),
        ..s
    }
}

impl PanelState for LabState {
    type Action = LabAction;

    fn apply(self, action: LabAction) -> Self {
        let restart = LabState {
            step: LAST_STEP,
            ..self.clone()
        };
        match action {
            LabAction::SetExpr(expr) => LabState { expr, ..restart },
            LabAction::SetWidth(width) if WIDTHS.contains(&width) => LabState {
                width,
                x: restart.x & mask(width),
                y: restart.y & mask(width),
                z: restart.z & mask(width),
                ..restart
            },
            LabAction::SetWidth(_) => self,
            LabAction::SetVar(var, v) => {
                let v = v & mask(restart.width);
                match var {
                    Var::X => LabState { x: v, ..restart },
                    Var::Y => LabState { y: v, ..restart },
                    Var::Z => LabState { z: v, ..restart },
                }
            }
            LabAction::SetCmp(cmp) => LabState { cmp, ..self },
            LabAction::SetVars(x, y, z) => {
                let m = mask(restart.width);
                LabState {
                    x: x & m,
                    y: y & m,
                    z: z & m,
                    ..restart
                }
            }
            LabAction::Swap => LabState {
                expr: self.compared().to_string(),
                cmp: self.expr.clone(),
                hidden: None,
                ..restart
            },
            LabAction::Reveal => LabState {
                cmp: self.compared().to_string(),
                hidden: None,
                ..self
            },
            LabAction::Preset(i) => PRESETS.get(i).map_or(self, Preset::state),
            LabAction::Step(step) => LabState { step, ..self },
            LabAction::Mode(mode) => LabState { mode, ..restart },
            LabAction::Code(a) => LabState {
                code: restart.code.clone().apply(a),
                ..restart
            },
        }
    }
}

impl LabState {
    /// The second expression: the hidden reference, else `cmp`.
    pub fn compared(&self) -> &str {
        self.hidden.map_or(self.cmp.as_str(), |e| e.reference)
    }
}

/// A ready-made expression: a link to the lab, and to the panel that explains it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// The test hook and name: `clear-lowest`.
    pub id: &'static str,
    pub title: &'static str,
    pub expr: &'static str,
    pub width: u32,
    pub x: u64,
    pub y: u64,
    /// The link to the panel that explains the trick, on the same value.
    pub explains: &'static str,
}

impl Preset {
    pub fn state(&self) -> LabState {
        LabState {
            expr: self.expr.to_string(),
            cmp: String::new(),
            hidden: None,
            width: self.width,
            x: self.x,
            y: self.y,
            z: 0,
            step: LAST_STEP,
            mode: LabMode::Expr,
            code: CodeState::default(),
        }
    }
}

/// `x` = 0110_1000 in 8 bits: lowest set bit 3, the de Bruijn panel's default.
const SCAN: &str = "#/debruijn?magic=1d&v=68&variant=isolate&width=8";
const MASK: &str = "#/debruijn?magic=1d&v=68&variant=mask&width=8";

pub const PRESETS: [Preset; 9] = [
    Preset {
        id: "clear-lowest",
        title: "clear the lowest set bit",
        expr: "x & (x - 1)",
        width: 8,
        x: 0x68,
        y: 0,
        explains: SCAN,
    },
    Preset {
        id: "isolate-lowest",
        title: "isolate the lowest set bit",
        expr: "x & -x",
        width: 8,
        x: 0x68,
        y: 0,
        explains: SCAN,
    },
    Preset {
        id: "fill-below",
        title: "set every bit below the lowest set bit",
        expr: "x | (x - 1)",
        width: 8,
        x: 0x68,
        y: 0,
        explains: MASK,
    },
    Preset {
        id: "mask-lowest",
        title: "mask up to and with the lowest set bit",
        expr: "x ^ (x - 1)",
        width: 8,
        x: 0x68,
        y: 0,
        explains: MASK,
    },
    Preset {
        id: "gosper",
        title: "Gosper's hack: the next number with as many set bits",
        expr: "((((x + (x & -x)) ^ x) >> 2) / (x & -x)) | (x + (x & -x))",
        width: 8,
        x: 0b0111,
        y: 0,
        explains: "#/debruijn?magic=1d&v=7&variant=isolate&width=8",
    },
    Preset {
        id: "round-up",
        title: "round up to a power of two (smear the bits right, add 1)",
        expr: "((x - 1) | (x - 1) >> 1 | ((x - 1) | (x - 1) >> 1) >> 2 | ((x - 1) | (x - 1) >> 1 | ((x - 1) | (x - 1) >> 1) >> 2) >> 4) + 1",
        width: 8,
        x: 0x29,
        y: 0,
        explains: "#/debruijn?magic=1d&v=28&variant=reverse&width=8",
    },
    Preset {
        id: "nibble-sign",
        title: "sign extension of a nibble",
        expr: "(x ^ 8) - 8",
        width: 8,
        x: 0xb,
        y: 0,
        explains: "#/nibbles?op=sign-extend&x=b",
    },
    Preset {
        id: "swar-add",
        title: "SWAR add of eight nibble lanes",
        expr: "((x & ~0x88888888) + (y & ~0x88888888)) ^ ((x ^ y) & 0x88888888)",
        width: 32,
        x: 0x7f3a_8c15,
        y: 0x1806_7c3b,
        explains: "#/swar?lanes=4&op=add&width=32&x=7f3a8c15&y=18067c3b",
    },
    Preset {
        id: "debruijn-scan",
        title: "de Bruijn scan of x: the table index of its lowest bit",
        expr: "((x & -x) * 0x1d) >> 5",
        width: 8,
        x: 0x68,
        y: 0,
        explains: SCAN,
    },
];

#[cfg(test)]
mod tests {
    use super::super::UrlState;
    use super::super::{through_url, DebruijnState, NibblesState, SwarState};
    use super::*;
    use crate::lang::expr::{evaluate, Vars};
    use crate::ui::route::{Panel, Route};

    #[test]
    fn every_width_and_preset_survives_the_url() {
        for width in WIDTHS {
            for expr in ["x & (x - 1)", "", "x + ", "a+b=c&d%e f/g #1", "((x"] {
                for (step, cmp) in [(0, ""), (3, "x ^ (x & -x)"), (LAST_STEP, "a+b=c&d% #")] {
                    let s = LabState {
                        expr: expr.to_string(),
                        cmp: cmp.to_string(),
                        width,
                        x: mask(width),
                        y: 0x5a & mask(width),
                        z: 1,
                        step,
                        ..LabState::default()
                    };
                    assert_eq!(through_url(&s), s);
                }
            }
        }
        for ex in crate::practice::exercises() {
            let s = LabState {
                expr: "x".into(),
                hidden: Some(ex),
                ..LabState::default()
            };
            assert_eq!(through_url(&s), s);
            assert!(!Route::of(&s).to_hash().contains("c="), "{}", ex.id);
            assert_eq!(s.compared(), ex.reference);
            let shown = s.apply(LabAction::Reveal);
            assert_eq!((shown.cmp.as_str(), shown.hidden), (ex.reference, None));
        }
        for (i, p) in PRESETS.iter().enumerate() {
            let s = LabState::default().apply(LabAction::Preset(i));
            assert_eq!(s, p.state());
            assert_eq!(through_url(&s), s);
            let back = Route::parse(&Route::of(&p.state()).to_hash());
            assert_eq!(back.panel, Panel::Lab);
            assert_eq!(LabState::from_params(&back.params), s, "{}", p.id);
        }
    }

    #[test]
    fn a_counterexample_loads_within_the_width_and_swap_trades_the_sides() {
        let s = LabState {
            width: 8,
            cmp: "x | y".into(),
            ..LabState::default()
        }
        .apply(LabAction::Step(2));
        let loaded = s.clone().apply(LabAction::SetVars(0x1ff, 2, 3));
        assert_eq!(
            (loaded.x, loaded.y, loaded.z, loaded.step),
            (0xff, 2, 3, LAST_STEP)
        );
        let swapped = s.clone().apply(LabAction::Swap);
        assert_eq!(
            (swapped.expr.as_str(), swapped.cmp.as_str()),
            ("x | y", "x & (x - 1)")
        );
        assert_eq!(swapped.apply(LabAction::Swap).expr, s.expr);
    }

    #[test]
    fn presets_evaluate_to_their_known_results() {
        let want = [0x60, 0x08, 0x6f, 0x0f, 0x0b, 0x40, 0xfb, 0x8730_f840, 7];
        for (p, want) in PRESETS.iter().zip(want) {
            let t = evaluate(
                p.expr,
                p.width,
                Vars {
                    x: p.x,
                    y: p.y,
                    z: 0,
                },
            )
            .unwrap();
            assert_eq!(t.steps.last().unwrap().value.bits, want, "{}", p.id);
        }
        // the SWAR preset is the SWAR trick: each nibble lane added mod 16
        let p = &PRESETS[7];
        let lanes = (0..8).fold(0u64, |acc, i| {
            acc | ((((p.x >> (4 * i)) + (p.y >> (4 * i))) & 15) << (4 * i))
        });
        assert_eq!(lanes, want[7]);
    }

    #[test]
    fn explaining_links_open_their_panel_on_the_same_value() {
        for p in PRESETS {
            let r = Route::parse(p.explains);
            assert_eq!(r.to_hash(), p.explains, "{}: a link that reads back", p.id);
            match r.panel {
                Panel::DeBruijn => {
                    let d = DebruijnState::from_params(&r.params);
                    assert_eq!((d.width, d.magic), (8, 0x1d), "{}", p.id);
                    assert!(d.v == p.x || d.v == p.x - 1, "{}", p.id);
                }
                Panel::Nibbles => assert_eq!(NibblesState::from_params(&r.params).x as u64, p.x),
                Panel::Swar => {
                    let s = SwarState::from_params(&r.params);
                    assert_eq!((s.x, s.y, s.width, s.lane_bits), (p.x, p.y, 32, 4));
                }
                other => panic!("{} explained by {other:?}", p.id),
            }
        }
    }

    #[test]
    fn actions_keep_values_within_the_width() {
        let s = LabState {
            x: u64::MAX,
            step: 2,
            ..LabState::default()
        };
        let s8 = s.clone().apply(LabAction::SetWidth(8));
        assert_eq!((s8.x, s8.step), (0xff, LAST_STEP));
        assert_eq!(s.clone().apply(LabAction::SetWidth(12)), s);
        assert_eq!(s8.clone().apply(LabAction::SetVar(Var::Y, 0x1ff)).y, 0xff);
        assert_eq!(s.clone().apply(LabAction::Step(4)).step, 4);
        assert_eq!(s.clone().apply(LabAction::Preset(99)), s);
        let t = s.apply(LabAction::SetExpr("x +".into()));
        assert_eq!((t.expr.as_str(), t.step), ("x +", LAST_STEP));
    }
}
