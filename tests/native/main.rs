//! The native integration tests, one module a concern, in one test binary:
//! 25 binaries that each linked the whole library and its dependencies took
//! most of a cold `make test`'s native build (see docs/performance.md).
//! `tests/no_alloc.rs` stays its own binary (it counts every allocation of
//! its process) and `tests/web.rs` is the wasm suite.
#![cfg(not(target_arch = "wasm32"))]

mod common;

mod architecture;
mod c_conversions;
mod c_gcc;
mod c_gcc_float;
mod c_pretty;
mod c_prove;
mod class_fewest;
mod class_server;
mod cli;
mod cli_eval;
mod cli_float;
mod cli_gpu_default;
mod cli_gpu_matrix;
mod cli_magic;
mod cli_magic_table;
mod cli_perft_suite;
mod cli_popquad;
mod cli_tricks;
mod divide_gcc;
mod gpu;
mod gpu_bfs;
mod gpu_hash;
mod gpu_layout;
mod gpu_leaf_table;
mod gpu_merge;
mod gpu_sliders;
mod gpu_waits;
mod perft;
mod practice;
mod practice_custom;
mod practice_fewest;
mod practice_grade;
mod practice_grade_class;
mod practice_grade_float;
mod practice_grade_mixed;
mod prove;
mod stockfish;
mod synth;
mod synth_gcc;
mod synth_hd25;
mod trial;
mod tricks_check;
mod tricks_gcc;
mod tricks_search;
