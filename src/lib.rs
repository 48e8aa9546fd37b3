//! bitscope: an interactive explorer of bit tricks, with a chess perft on the
//! CPU and the GPU.
//!
//! Layers, dependencies pointing down only:
//!
//! ```text
//!  ui/     Yew components and panels (wasm32 only): renders traces;
//!          its routes and typed panel state build natively too
//!  class/  the class server (native): axum routes, hashed tokens, the
//!          grading queue, the SQLite store; grades with practice/
//!  practice/  exercises (task, rules, hidden reference, hints); checks an
//!          answer with lang::prove
//!  synth/  the shortest straight-line program equal to a C function:
//!          enumeration on sample inputs, each answer proven by lang::prove
//!  tricks/ the catalog of bit tricks (C source, specification, aliases;
//!          one file a family), its search, and each entry proven
//!          against its specification with lang::prove
//!  gpu/    WGSL kernels + one wgpu host (browser and native)
//!  chess/  compact position, FEN, legal move generation, perft
//!  lang/   the languages tricks are written in: expr (the Lab's one
//!          expression), c (the C subset), prove (equivalence of two)
//!  bits/   the tricks: pure functions, each with a step trace; the
//!          leaves every layer shares: bits::square, bits::piece
//! ```

pub mod bits;
pub mod chess;
#[cfg(not(target_arch = "wasm32"))]
pub mod class;
pub mod gpu;
pub mod lang;
pub mod practice;
pub mod synth;
pub mod tricks;

pub mod ui;
