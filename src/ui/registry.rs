//! THE panel registry: every panel is described once, here, in one entry.
//!
//! ```text
//! Swar(swar::SwarPanel) {                ui/panels/swar.rs: the view (and
//!                                         swar::mini, the card's miniature)
//!     slug: "swar", title: "SWAR",        the route #/swar and the nav link
//!     heading: "SWAR: lanes inside…",     its h2 (components::PanelFrame)
//!     lesson: "One add on a whole word…", the start page's card
//!     state: SwarState,                   ui/state/swar.rs (URL <-> state)
//! }
//! ```
//!
//! From the entries this module writes the `Panel` enum, `Panel::ALL` (the
//! navigation order), `slug` / `title` / `heading` / `lesson` /
//! `from_slug`, and each state's [`OwnPanel`] (so a link built from a state
//! knows its panel) and its `yew::Reducible` (in the page's wasm);
//! `ui/panels/mod.rs` writes, from the same entries, `view` and `mini`.
//! Navigation, routing, the start page and the view dispatch all read
//! these, so a panel that lacks a part (no state type, no component, no
//! `mini` in its module) does not compile. Why a table and
//! not a trait per panel: the entries sit side by side, in nav order, and
//! the enum stays plain Rust, so routes are unit-tested natively.

use super::state::*;

/// A panel's typed state knows the panel it belongs to: links and the
/// round-trip tests take a state and find the route from it.
pub trait OwnPanel {
    const PANEL: Panel;
}

/// Calls `$callback! { ..every entry.. }`: the registry's one table, which
/// this module expands into the `Panel` enum and `ui/panels/mod.rs` into
/// the views (two expansions, so that this leaf never imports the panels).
macro_rules! with_panels {
    ($callback:ident) => {
        $callback! {
            DeBruijn(debruijn::DebruijnPanel) {
                slug: "debruijn",
                title: "de Bruijn",
                heading: "de Bruijn bit scan",
                lesson: "The lowest set bit's index with one multiply and a table lookup.",
                state: DebruijnState,
            }
            Swar(swar::SwarPanel) {
                slug: "swar",
                title: "SWAR",
                heading: "SWAR: lanes inside one register",
                lesson: "One add on a whole word adds every small lane, if no carry crosses a lane.",
                state: SwarState,
            }
            Popcount(popcount::PopcountPanel) {
                slug: "popcount",
                title: "Popcount",
                heading: "Popcount: counting the set bits",
                lesson: "Count the set bits by adding them in lanes of 2, 4, then 8 bits, all in one word.",
                state: PopcountState,
            }
            Nibbles(nibbles::NibblesPanel) {
                slug: "nibbles",
                title: "Signed nibbles",
                heading: "Signed nibbles",
                lesson: "Four bits, two readings: two's complement makes the top bit weigh −8.",
                state: NibblesState,
            }
            NibbleBoard(nibble_board::NibbleBoardPanel) {
                slug: "nibble-board",
                title: "Nibble board",
                heading: "Nibble board: 64 squares in 32 bytes",
                lesson: "A chess board in 32 bytes: two 4-bit piece codes a byte.",
                state: NibbleBoardState,
            }
            Quad(quad::QuadPanel) {
                slug: "quad",
                title: "Quad-bitboards",
                heading: "Quad-bitboards: the nibbles on their side",
                lesson: "Bit k of every square's piece code in bitboard k: four boards, and a set is one expression.",
                state: QuadState,
            }
            Trits(trits::TritsPanel) {
                slug: "trits",
                title: "Trits",
                heading: "Trits: two bitboards, one ternary board",
                lesson: "Two bitboards make three states a square; five trits fit a byte.",
                state: TritsState,
            }
            Position(position::PositionPanel) {
                slug: "position",
                title: "Position",
                heading: "Compact chess position",
                lesson: "A chess position in five bitboards: queens are both bishops and rooks.",
                state: PositionState,
            }
            Gpu(gpu::GpuPanel) {
                slug: "gpu",
                title: "GPU perft",
                heading: "GPU perft through WebGPU",
                lesson: "Perft on the GPU, each invocation's position and moves in workgroup memory.",
                state: GpuState,
            }
            Lab(lab::LabPanel) {
                slug: "lab",
                title: "Lab",
                heading: "Bit lab",
                lesson: "Type a C bit expression, or paste whole C functions, and watch every step and every implicit conversion on bits.",
                state: LabState,
            }
            Float(float::FloatPanel) {
                slug: "float",
                title: "Float",
                heading: "Float: IEEE 754 bit by bit",
                lesson: "A float is a sign, an exponent and a fraction: click its bits, round a number into it, and step one operation's rounding.",
                state: FloatState,
            }
            Bitboard(bitboard::BitboardPanel) {
                slug: "bitboard",
                title: "Bitboard",
                heading: "Bitboard",
                lesson: "One 64-bit board, eight square orders, and whole-board moves as shifts and masks.",
                state: BitboardState,
            }
            Magic(magic::MagicPanel) {
                slug: "magic",
                title: "Magic bitboards",
                heading: "Magic bitboards",
                lesson: "A slider's attacks with one multiply: the de Bruijn hash, keyed by the blockers.",
                state: MagicState,
            }
            Permute(permute::PermutePanel) {
                slug: "permute",
                title: "Bit permutations",
                heading: "Bit permutations: reversal and any shuffle",
                lesson: "Reverse a word in five swaps, and move any bit anywhere with a network of delta swaps.",
                state: PermuteState,
            }
            Divide(divide::DividePanel) {
                slug: "divide",
                title: "Division",
                heading: "Division by a constant",
                lesson: "x / 7 without a divide: multiply by a magic reciprocal and shift, as compilers do.",
                state: DivideState,
            }
            Gray(gray::GrayPanel) {
                slug: "gray",
                title: "Gray code",
                heading: "Gray code and the next subset",
                lesson: "Count so that one bit changes at a time, and walk every k-subset with Gosper's hack.",
                state: GrayState,
            }
            Shortest(shortest::ShortestPanel) {
                slug: "shortest",
                title: "Shortest program",
                heading: "Shortest program: is there a shorter way?",
                lesson: "The fewest operations that compute a function, found and proven.",
                state: SynthState,
            }
            Practice(practice::PracticePanel) {
                slug: "practice",
                title: "Practice",
                heading: "Practice",
                lesson: "Write a trick yourself with a few operators; it is proven right for every input, or shown a counterexample.",
                state: PracticeState,
            }
        }
    };
}
// used by ui/panels (the browser only)
#[cfg_attr(not(browser_ui), allow(unused_imports))]
pub(crate) use with_panels;

/// The registry's plain half: the enum, names, lessons and state types.
macro_rules! define_panels {
    ($($variant:ident ($($view:tt)*) {
        slug: $slug:literal,
        title: $title:literal,
        heading: $heading:literal,
        lesson: $lesson:literal,
        state: $state:ty $(,)?
    })*) => {
        /// The panels, in navigation order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Panel {
            $($variant,)*
        }

        impl Panel {
            /// Every panel, in navigation order.
            pub const ALL: &'static [Panel] = &[$(Panel::$variant,)*];

            /// The panel's words: its route, names and lesson.
            fn words(self) -> PanelWords {
                match self {
                    $(Panel::$variant => PanelWords {
                        slug: $slug,
                        title: $title,
                        heading: $heading,
                        lesson: $lesson,
                    },)*
                }
            }
        }

        /// Every panel's state read from an empty link: its default.
        #[cfg(test)]
        fn each_state_from_an_empty_link() -> Vec<(Panel, bool)> {
            let empty = super::params::Params::default();
            vec![$((Panel::$variant, <$state>::from_params(&empty) == <$state>::default()),)*]
        }

        $(impl OwnPanel for $state {
            const PANEL: Panel = Panel::$variant;
        })*

        // (the page's wasm only: Yew reduces a state by its actions)
        $(#[cfg(browser_ui)]
        impl yew::Reducible for $state {
            type Action = <$state as PanelState>::Action;
            fn reduce(self: std::rc::Rc<Self>, action: Self::Action) -> std::rc::Rc<Self> {
                std::rc::Rc::new(PanelState::apply((*self).clone(), action))
            }
        })*
    };
}

with_panels!(define_panels);

/// What the registry says of a panel in words.
struct PanelWords {
    slug: &'static str,
    title: &'static str,
    heading: &'static str,
    lesson: &'static str,
}

impl Panel {
    /// The path segment of the panel's route.
    pub fn slug(self) -> &'static str {
        self.words().slug
    }

    /// The panel's short name (the navigation, the page title).
    pub fn title(self) -> &'static str {
        self.words().title
    }

    /// The panel's heading (its `h2`, written by `PanelFrame`).
    pub fn heading(self) -> &'static str {
        self.words().heading
    }

    /// The panel's lesson in a line (the start page's card).
    pub fn lesson(self) -> &'static str {
        self.words().lesson
    }

    pub fn from_slug(slug: &str) -> Option<Panel> {
        Panel::ALL.iter().copied().find(|p| p.slug() == slug)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_titles_are_unique_and_read_back() {
        for (i, p) in Panel::ALL.iter().enumerate() {
            assert_eq!(Panel::from_slug(p.slug()), Some(*p));
            for q in &Panel::ALL[i + 1..] {
                assert_ne!(p.slug(), q.slug());
                assert_ne!(p.title(), q.title());
                assert_ne!(p.heading(), q.heading());
            }
            assert!(!p.lesson().is_empty() && p.lesson().ends_with('.'), "{p:?}");
            // (the heading names the panel as the navigation does)
            let first = p.title().split_whitespace().next().unwrap_or_default();
            let heading = p.heading().to_lowercase();
            assert!(heading.contains(&first.to_lowercase()), "{p:?}");
        }
        assert_eq!(Panel::from_slug("nowhere"), None);
    }

    /// A link with no parameters opens each panel as it starts.
    #[test]
    fn an_empty_link_opens_every_panel_in_its_default_state() {
        for (panel, is_default) in each_state_from_an_empty_link() {
            assert!(is_default, "{panel:?}");
        }
        assert_eq!(each_state_from_an_empty_link().len(), Panel::ALL.len());
    }

    #[test]
    fn each_state_knows_its_panel() {
        assert_eq!(SwarState::PANEL, Panel::Swar);
        assert_eq!(GpuState::PANEL, Panel::Gpu);
        assert_eq!(PositionState::PANEL, Panel::Position);
    }
}
