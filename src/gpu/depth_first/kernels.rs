//! The depth-first kernel's pipelines (`kernels/perft.wgsl`, the workgroup
//! or the private variant), built once per variant, workgroup size and
//! slider method and kept in [`super::State`].

use super::super::context::{Cache, Context};
use super::super::layout::{Kernel, MAX_PLIES};
use super::super::pipeline::{compute_pipeline, shader_module, shader_source, ENTRY};
use super::super::sliders::AttackMethod;
use super::super::GpuError;

/// What a depth-first pipeline is built for: kernel variant, workgroup
/// size, slider method.
pub(super) type PipelineKey = (Kernel, u32, AttackMethod);

/// The depth-first pipelines built so far.
pub(super) type Pipelines = Cache<PipelineKey, wgpu::ComputePipeline>;

/// The pipeline of `key`, from `built` or compiled (and kept there).
pub(super) async fn pipeline(
    ctx: &Context,
    built: &Pipelines,
    key: PipelineKey,
) -> Result<wgpu::ComputePipeline, GpuError> {
    if let Some(p) = built.get(&key)? {
        return Ok(p);
    }
    let (variant, wg, slider) = key;
    let src = shader_source(variant, wg, MAX_PLIES, slider)
        .map_err(|e| GpuError::Shader(e.to_string()))?;
    let scope = ctx.device.push_error_scope(wgpu::ErrorFilter::Validation);
    let module = shader_module(&ctx.device, "perft.wgsl", src);
    let pipeline = compute_pipeline(&ctx.device, None, &module, ENTRY);
    if let Some(e) = scope.pop().await {
        return Err(GpuError::Shader(e.to_string()));
    }
    built.keep(key, pipeline)
}
