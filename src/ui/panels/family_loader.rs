//! The catalog's three panels, the shortest-program search, Float, Magic
//! bitboards and Trits in
//! the page's module: a loader each (the
//! panels are in Practice's module, fetched on first use: [`super::lazy`])
//! and the start page's miniature ([`super::family_minis`]).

/// `mod $module { $Component, mini }`: the loader of one panel.
macro_rules! loader {
    ($module:ident, $component:ident, $panel:ident) => {
        pub(crate) mod $module {
            pub use super::super::family_minis::$module as mini;
            use super::super::lazy::LazyPanel;
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

loader!(divide, DividePanel, Divide);
loader!(float, FloatPanel, Float);
loader!(gray, GrayPanel, Gray);
loader!(magic, MagicPanel, Magic);
loader!(permute, PermutePanel, Permute);
loader!(shortest, ShortestPanel, Shortest);
loader!(trits, TritsPanel, Trits);
