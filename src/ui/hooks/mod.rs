//! Custom hooks.
