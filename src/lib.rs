//! bitscope: an interactive explorer of bit tricks, with a chess perft on the
//! CPU and the GPU.
//!
//! Layers, dependencies pointing down only:
//!
//! ```text
//!  ui/     Yew components and panels (wasm32 only): renders traces
//!  gpu/    WGSL kernels + one wgpu host (browser and native)
//!  chess/  compact position, FEN, legal move generation, perft
//!  bits/   the tricks: pure functions, each with a step trace; and the
//!          leaves every layer shares: bits::square, bits::piece
//! ```

pub mod bits;
pub mod chess;
pub mod gpu;

#[cfg(target_arch = "wasm32")]
pub mod ui;
