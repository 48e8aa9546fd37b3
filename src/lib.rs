//! bitscope: an interactive explorer of bit tricks, with a chess perft on the
//! CPU and the GPU.
//!
//! Layers, dependencies pointing down only:
//!
//! ```text
//!  ui/     Yew components and panels (wasm32 only): renders traces;
//!          its routes and typed panel state build natively too
//!  gpu/    WGSL kernels + one wgpu host (browser and native)
//!  chess/  compact position, FEN, legal move generation, perft
//!  bits/   the tricks: pure functions, each with a step trace; and the
//!          leaves every layer shares: bits::square, bits::piece
//! ```

pub mod bits;
pub mod chess;
pub mod gpu;

pub mod ui;
