//! Practice in the page's module: the "Try it" cards, the miniature, and a
//! loader for the panel itself (the exercises' views, the puzzle sets and
//! the grader are a module of their own, fetched when Practice first
//! opens: [`super::lazy`]).

use super::lazy::LazyPanel;
pub use super::practice_progress::{mini, try_it};
use super::PanelProps;
use crate::ui::route::Panel;
use yew::prelude::*;

#[function_component(PracticePanel)]
pub fn practice_panel(props: &PanelProps) -> Html {
    html! { <LazyPanel panel={Panel::Practice} props={props.clone()} /> }
}
