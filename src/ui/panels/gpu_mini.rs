//! The GPU panel's start-page miniature, in the page's own module (the
//! panel itself loads on first use).

use crate::gpu::layout::default_workgroup_storage_limit;
use crate::gpu::{workgroup_budget, Design};
use yew::prelude::*;

/// The seed design's workgroup memory.
pub fn mini() -> Html {
    let b = workgroup_budget(Design::SEED);
    html! { <p class="mini">{ format!("{} invocations: {} B of the {} B every WebGPU device offers", b.threads, b.kernel.total, default_workgroup_storage_limit()) }</p> }
}
