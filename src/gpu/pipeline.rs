//! The kernel's source for each variant, and the shader modules and
//! compute pipelines every family builds from it (once per variant,
//! workgroup size and slider method; each family keeps its own in the
//! context's caches).

use super::layout::{Kernel, Params};
use super::sliders::AttackMethod;
use crate::chess::moves::Special;

/// The kernel source exactly as written (both variants, default constants):
/// `kernels/perft.wgsl` (the search) followed by `kernels/bitboards.wgsl`
/// (64-bit board helpers and sliding-attack fills) and `kernels/counts.wgsl`
/// (bulk counting of the last ply).
pub const PERFT_WGSL: &str = concat!(
    include_str!(concat!(env!("OUT_DIR"), "/perft.wgsl")),
    "\n",
    include_str!(concat!(env!("OUT_DIR"), "/bitboards.wgsl")),
    "\n",
    include_str!(concat!(env!("OUT_DIR"), "/counts.wgsl"))
);

/// Entry point of the kernel.
pub(super) const ENTRY: &str = "perft_main";

/// Problems building the kernel source.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// The template lacks a line or block the host rewrites.
    #[error("perft.wgsl has no `{0}`")]
    Missing(&'static str),
}

const WG_LINE: &str = "const WG: u32 = 64u;";
const MAX_PLY_LINE: &str = "const MAX_PLY: u32 = 50u;";

fn strip_block(src: &str, name: &'static str) -> Result<String, SourceError> {
    let begin = format!("//@@BEGIN {name}");
    let end = format!("//@@END {name}");
    let b = src
        .find(&begin)
        .ok_or(SourceError::Missing("//@@BEGIN block"))?;
    let e = src[b..]
        .find(&end)
        .ok_or(SourceError::Missing("//@@END block"))?
        + b
        + end.len();
    Ok(format!("{}{}", &src[..b], &src[e..]))
}

/// The WGSL the host compiles: the block of the other variant removed, the
/// workgroup size / stack depth written into their `const` lines (both are
/// array sizes and a `@workgroup_size`, never loop counts: those come from the
/// `Params` uniform), and the slider method's file appended.
pub fn shader_source(
    variant: Kernel,
    workgroup_size: u32,
    max_plies: u32,
    slider: AttackMethod,
) -> Result<String, SourceError> {
    if !PERFT_WGSL.contains(WG_LINE) {
        return Err(SourceError::Missing(WG_LINE));
    }
    if !PERFT_WGSL.contains(MAX_PLY_LINE) {
        return Err(SourceError::Missing(MAX_PLY_LINE));
    }
    let src = PERFT_WGSL
        .replace(WG_LINE, &format!("const WG: u32 = {workgroup_size}u;"))
        .replace(MAX_PLY_LINE, &format!("const MAX_PLY: u32 = {max_plies}u;"));
    let drop = match variant {
        Kernel::Workgroup => "PRIVATE",
        Kernel::Private | Kernel::BreadthFirst => "WORKGROUP",
    };
    Ok(format!(
        "{}{}{}\n{}",
        special_codes(),
        Params::WGSL,
        strip_block(&src, drop)?,
        slider.wgsl()
    ))
}

/// perft.wgsl's `SP_*` constants: the move word's special-move codes, from
/// [`Special`].
fn special_codes() -> String {
    [
        ("SP_DOUBLE", Special::DoublePush),
        ("SP_CASTLE_K", Special::CastleKingside),
        ("SP_CASTLE_Q", Special::CastleQueenside),
        ("SP_EP", Special::EnPassant),
        ("SP_PROMO", Special::Promotion),
    ]
    .map(|(name, special)| format!("const {name}: u32 = {}u;\n", special as u32))
    .concat()
}

/// A shader module of the WGSL `src`.
pub(super) fn shader_module(dev: &wgpu::Device, label: &str, src: String) -> wgpu::ShaderModule {
    dev.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source: wgpu::ShaderSource::Wgsl(src.into()),
    })
}

/// The compute pipeline of `module`'s `entry`, with `layout` (`None`: the
/// one its bindings imply). Workgroup memory is not zeroed: every kernel
/// writes its slots before reading them.
pub(super) fn compute_pipeline(
    dev: &wgpu::Device,
    layout: Option<&wgpu::PipelineLayout>,
    module: &wgpu::ShaderModule,
    entry: &str,
) -> wgpu::ComputePipeline {
    specialized_pipeline(dev, layout, module, (entry, entry), &[])
}

/// The compute pipeline of `module`'s `entry` as [`compute_pipeline`]
/// builds it, named `label`, with the WGSL `override` constants set to
/// `constants`.
pub(super) fn specialized_pipeline(
    dev: &wgpu::Device,
    layout: Option<&wgpu::PipelineLayout>,
    module: &wgpu::ShaderModule,
    (entry, label): (&str, &str),
    constants: &[(&str, f64)],
) -> wgpu::ComputePipeline {
    dev.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(label),
        layout,
        module,
        entry_point: Some(entry),
        compilation_options: wgpu::PipelineCompilationOptions {
            constants,
            zero_initialize_workgroup_memory: false,
        },
        cache: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_differ_only_by_storage() {
        let w = shader_source(Kernel::Workgroup, 32, 50, AttackMethod::KoggeStone).unwrap();
        let p = shader_source(Kernel::Private, 32, 50, AttackMethod::KoggeStone).unwrap();
        assert!(w.contains("const WG: u32 = 32u;"));
        assert!(w.contains("var<workgroup>") && !w.contains("var<private>pv_"));
        assert!(p.contains("var<private>pv_pos") && !p.contains("var<workgroup>"));
        assert!(!w.contains("@@BEGIN PRIVATE") && !p.contains("@@BEGIN WORKGROUP"));
        for slider in AttackMethod::ALL {
            let src = shader_source(Kernel::Private, 64, 50, slider).unwrap();
            assert!(src.ends_with(slider.wgsl()));
            assert_eq!(
                src.contains("var<storage,read>mg"),
                slider == AttackMethod::Magic
            );
        }
    }
}
