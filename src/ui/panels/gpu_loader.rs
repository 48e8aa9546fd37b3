//! The GPU panel in the page's module: its miniature, and a loader for the
//! panel itself (wgpu and the kernels are a module of their own, fetched
//! when the panel first opens: [`super::lazy`]).

pub use super::gpu_mini::mini;
use super::lazy::LazyPanel;
use super::PanelProps;
use crate::ui::route::Panel;
use yew::prelude::*;

#[function_component(GpuPanel)]
pub fn gpu_panel(props: &PanelProps) -> Html {
    html! { <LazyPanel panel={Panel::Gpu} props={props.clone()} /> }
}
