//! The compile-fail suite of mlir-pass (`ui/*.rs`, run by `ui.rs`).
//!
//! It lives in a crate of its own, which depends on `mlir-pass` alone: the
//! suite asks cargo for this crate's dependencies (`cargo build -p
//! mlir-pass-compile-fail-tests --lib`, fresh after the workspace's build)
//! to learn which `libmlir_pass` rlib to check the fixtures against, and
//! that asks for nothing the fixtures do not use (the integration tests'
//! passes, their C++ twins, proptest).
