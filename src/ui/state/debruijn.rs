//! State of the de Bruijn panel: `width` (8 | 16 | 32 | 64), `magic` and
//! `v` (bare hex), `variant` (`isolate` | `mask` | `reverse` | `fold`),
//! `step`, `dstep` (the derivation's step), `page` (of the magic list),
//! `sstep` (the drawn search's step), `rank` (the text of the list's "rank
//! of a magic" box, as typed).

use super::url::{url_names, url_state};
use super::{PanelState, Params, UrlValue};
use crate::bits::debruijn::{KNOWN_MAGICS, WIDTHS};
use crate::bits::word::mask;

/// The value scanned when the URL names none: 0110_1000, lowest bit 3.
const DEFAULT_V: u64 = 0b0110_1000;

/// The scan shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanVariant {
    Isolate,
    Mask,
    Reverse,
    Fold,
}

impl ScanVariant {
    /// Each variant, its URL name and its tab's text.
    pub const ALL: [(ScanVariant, &'static str, &'static str); 4] = [
        (ScanVariant::Isolate, "isolate", "v & -v"),
        (ScanVariant::Mask, "mask", "v ^ (v - 1)"),
        (ScanVariant::Reverse, "reverse", "bit scan reverse"),
        (ScanVariant::Fold, "fold", "64-bit folded into 32"),
    ];

    pub fn param(self) -> &'static str {
        ScanVariant::ALL
            .iter()
            .find(|v| v.0 == self)
            .map_or("isolate", |v| v.1)
    }
}

/// The well-known magic of a width: the one shown until another is chosen.
pub fn known_magic(width: u32) -> u64 {
    crate::bits::debruijn::known_magic(width).unwrap_or(0x1d)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DebruijnState {
    pub width: u32,
    /// The multiplier, within `width` bits (valid or not: the panel says).
    pub magic: u64,
    /// The value scanned, within `width` bits.
    pub v: u64,
    pub variant: ScanVariant,
    /// Step of the scan.
    pub step: usize,
    /// Step of the table's derivation.
    pub dstep: usize,
    /// Page of the magic list (0-based).
    pub page: u64,
    /// Step of the drawn search (8 and 16 bits).
    pub sstep: usize,
    /// What the "rank of a magic" box holds, as typed (empty: nothing).
    pub rank: String,
}

impl Default for DebruijnState {
    fn default() -> Self {
        DebruijnState::for_width(8)
    }
}

impl DebruijnState {
    /// A fresh start at `width`: its known magic, the default value.
    fn for_width(width: u32) -> Self {
        DebruijnState {
            width,
            magic: known_magic(width) & mask(width),
            v: DEFAULT_V & mask(width),
            variant: ScanVariant::Isolate,
            step: 0,
            dstep: 0,
            page: 0,
            sstep: 0,
            rank: String::new(),
        }
    }

    /// The row of `KNOWN_MAGICS` the state's magic is, if any.
    pub fn known(&self) -> Option<usize> {
        KNOWN_MAGICS
            .iter()
            .position(|(w, m, _)| *w == self.width && *m == self.magic)
    }

    fn restart(self) -> Self {
        DebruijnState {
            step: 0,
            dstep: 0,
            ..self
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DebruijnAction {
    /// Another width: its known magic, the default value, the first page.
    SetWidth(u32),
    /// A new magic (ignored when wider than the word): the steps start again.
    SetMagic(u64),
    /// A new value to scan (ignored when wider than the word): the steps
    /// start again.
    SetV(u64),
    /// Flips one bit of the value scanned.
    ToggleV(u32),
    SetVariant(ScanVariant),
    Step(usize),
    DerivationStep(usize),
    Page(u64),
    SearchStep(usize),
    /// The "rank of a magic" box's text.
    SetRank(String),
}

/// Magics listed per page.
pub const MAGICS_PER_PAGE: u64 = 32;

/// The last page of the width's list (0-based).
pub fn last_page(width: u32) -> u64 {
    crate::bits::debruijn::multiplier_count(width)
        .map_or(0, |n| n.saturating_sub(1) / MAGICS_PER_PAGE)
}

url_names!(ScanVariant, ScanVariant::ALL.map(|v| v.0), |v| v.param());

url_state!(DebruijnState from for_link {
    width: "width" if |w| WIDTHS.contains(w),
    magic: "magic",
    v: "v",
    variant: "variant",
    step (sparse): "step",
    dstep (sparse): "dstep",
    page (sparse): "page" as usize,
    sstep (sparse): "sstep",
    rank (sparse): "rank",
} then fit_width);

/// The defaults of a link: its width's (8 when it names none).
fn for_link(p: &Params) -> DebruijnState {
    let width = p.get("width").and_then(u32::from_url);
    DebruijnState::for_width(width.filter(|w| WIDTHS.contains(w)).unwrap_or(8))
}

/// A magic or value wider than the width is its default; the page is one
/// of the width's.
fn fit_width(s: DebruijnState) -> DebruijnState {
    let d = DebruijnState::for_width(s.width);
    let fit = |v: u64, default: u64| if v & !mask(s.width) == 0 { v } else { default };
    DebruijnState {
        magic: fit(s.magic, d.magic),
        v: fit(s.v, d.v),
        page: s.page.min(last_page(s.width)),
        ..s
    }
}

impl PanelState for DebruijnState {
    type Action = DebruijnAction;

    fn apply(self, action: DebruijnAction) -> Self {
        let fits = |v: u64| v & !mask(self.width) == 0;
        match action {
            DebruijnAction::SetWidth(width) if WIDTHS.contains(&width) => DebruijnState {
                variant: self.variant,
                ..DebruijnState::for_width(width)
            },
            DebruijnAction::SetMagic(magic) if fits(magic) => {
                DebruijnState { magic, ..self }.restart()
            }
            DebruijnAction::SetV(v) if fits(v) => DebruijnState { v, ..self }.restart(),
            DebruijnAction::ToggleV(bit) if bit < self.width => DebruijnState {
                v: self.v ^ (1u64 << bit),
                ..self
            }
            .restart(),
            DebruijnAction::SetVariant(variant) => DebruijnState { variant, ..self }.restart(),
            DebruijnAction::Step(step) => DebruijnState { step, ..self },
            DebruijnAction::DerivationStep(dstep) => DebruijnState { dstep, ..self },
            DebruijnAction::SearchStep(sstep) => DebruijnState { sstep, ..self },
            DebruijnAction::SetRank(rank) => DebruijnState { rank, ..self },
            // the list is beside the scan: paging leaves its steps alone
            DebruijnAction::Page(page) => DebruijnState {
                page: page.min(last_page(self.width)),
                ..self
            },
            DebruijnAction::SetWidth(_)
            | DebruijnAction::SetMagic(_)
            | DebruijnAction::SetV(_)
            | DebruijnAction::ToggleV(_) => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{all_survive_the_url, through_url};
    use super::*;
    use crate::ui::state::UrlState;
    use itertools::iproduct;

    #[test]
    fn every_width_variant_and_magic_survives_the_url() {
        let states = iproduct!(WIDTHS, ScanVariant::ALL).flat_map(|(width, (variant, _, _))| {
            let (known, last) = (known_magic(width), last_page(width));
            let magics = [known, 0x0cbd, 0x1f, 0, mask(width)];
            let places = [
                (1, 0, 0),
                (DEFAULT_V, last, 2),
                (1 << (width - 1), last / 2, 99),
            ];
            iproduct!(magics, places).map(move |(magic, (v, page, step))| DebruijnState {
                width,
                magic: magic & mask(width),
                v,
                variant,
                step,
                dstep: step / 2,
                page,
                sstep: step * 3,
                rank: ["", "0x1d", "not a+magic&=", " 12 "][step % 4].to_string(),
            })
        });
        let n = all_survive_the_url(states);
        assert_eq!(n, WIDTHS.len() * ScanVariant::ALL.len() * 5 * 3);
        assert_eq!(n, 4 * 4 * 5 * 3);
        assert_eq!(DebruijnState::default().magic, 0x1d);
    }

    #[test]
    fn a_custom_magic_is_no_known_one_after_reopening() {
        // issue 15: 0x0cbd typed at 16 bits, the link reopened
        let s = DebruijnState::default()
            .apply(DebruijnAction::SetWidth(16))
            .apply(DebruijnAction::SetMagic(0x0cbd));
        assert_eq!(s.known(), None);
        let back = through_url(&s);
        assert_eq!(back.magic, 0x0cbd);
        assert_eq!(back.known(), None);
        let k = DebruijnState::default().apply(DebruijnAction::SetWidth(16));
        assert_eq!(k.magic, 0x09af);
        assert_eq!(through_url(&k).known(), k.known());
        assert!(k.known().is_some());
    }

    #[test]
    fn rules_live_here() {
        let s = DebruijnState {
            step: 3,
            dstep: 4,
            page: 2,
            variant: ScanVariant::Mask,
            ..DebruijnState::for_width(32)
        };
        // a new magic starts the steps again
        let t = s.clone().apply(DebruijnAction::SetMagic(0x077c_b531));
        assert_eq!((t.step, t.dstep, t.page), (0, 0, 2));
        // a new width: its known magic, the default value, the first page
        let t = s.clone().apply(DebruijnAction::SetWidth(64));
        assert_eq!(
            (t.magic, t.v, t.page, t.step),
            (known_magic(64), DEFAULT_V, 0, 0)
        );
        assert_eq!(t.variant, ScanVariant::Mask);
        assert_eq!(s.clone().apply(DebruijnAction::SetWidth(12)), s);
        // the rank box is kept until another width clears it
        let t = s
            .clone()
            .apply(DebruijnAction::SetRank("0x077cb531".into()));
        assert_eq!(t.rank, "0x077cb531");
        assert_eq!(through_url(&t).rank, "0x077cb531");
        assert_eq!(t.clone().apply(DebruijnAction::Page(3)).rank, t.rank);
        assert_eq!(t.apply(DebruijnAction::SetWidth(64)).rank, "");
        // paging keeps the steps, and stops at the last page (4096 magics: 128 pages)
        let t = s.clone().apply(DebruijnAction::Page(5));
        assert_eq!((t.step, t.dstep, t.page), (3, 4, 5));
        assert_eq!(s.clone().apply(DebruijnAction::Page(1000)).page, 127);
        assert_eq!(
            DebruijnState::for_width(8)
                .apply(DebruijnAction::Page(1))
                .page,
            0
        );
        let p = Params::from_pairs([("width", "8"), ("page", "3")]);
        assert_eq!(DebruijnState::from_params(&p).page, 0);
        // too wide for the word: ignored
        assert_eq!(s.clone().apply(DebruijnAction::SetMagic(1 << 40)), s);
        assert_eq!(s.clone().apply(DebruijnAction::ToggleV(40)), s);
        assert_eq!(s.clone().apply(DebruijnAction::ToggleV(0)).v, DEFAULT_V | 1);
        assert_eq!(s.clone().apply(DebruijnAction::Step(7)).dstep, 4);
        assert_eq!(s.clone().apply(DebruijnAction::DerivationStep(7)).step, 3);
        // a magic too wide for the width in the URL: the known one
        let p = Params::from_pairs([("width", "8"), ("magic", "cbd")]);
        assert_eq!(DebruijnState::from_params(&p).magic, 0x1d);
    }
}
