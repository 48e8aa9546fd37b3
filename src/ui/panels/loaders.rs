//! Every panel of the panels' module, in the page's module: a loader each
//! (the panel itself is fetched on first use: [`super::lazy`]) and the
//! start page's miniature ([`super::minis`]). Practice has its own loader
//! (`practice_loader.rs`: its "try it" links stay in the page).

/// `mod $module { $Component, mini }`: the loader of one panel.
macro_rules! loader {
    ($module:ident, $component:ident, $panel:ident) => {
        pub(crate) mod $module {
            use super::super::lazy::LazyPanel;
            pub use super::super::minis::$module as mini;
            use super::super::PanelProps;
            use crate::ui::route::Panel;
            use yew::prelude::*;

            #[function_component($component)]
            pub fn view(props: &PanelProps) -> Html {
                html! { <LazyPanel panel={Panel::$panel} props={props.clone()} /> }
            }
        }
    };
}

loader!(bitboard, BitboardPanel, Bitboard);
loader!(debruijn, DebruijnPanel, DeBruijn);
loader!(divide, DividePanel, Divide);
loader!(float, FloatPanel, Float);
loader!(gray, GrayPanel, Gray);
loader!(lab, LabPanel, Lab);
loader!(magic, MagicPanel, Magic);
loader!(nibble_board, NibbleBoardPanel, NibbleBoard);
loader!(nibbles, NibblesPanel, Nibbles);
loader!(permute, PermutePanel, Permute);
loader!(popcount, PopcountPanel, Popcount);
loader!(position, PositionPanel, Position);
loader!(quad, QuadPanel, Quad);
loader!(shortest, ShortestPanel, Shortest);
loader!(swar, SwarPanel, Swar);
loader!(trits, TritsPanel, Trits);
