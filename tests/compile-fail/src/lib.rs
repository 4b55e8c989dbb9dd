//! The compile-fail suite of mlir-pass (`ui/*.rs`, run by `ui.rs` with
//! trybuild).
//!
//! It lives in a crate of its own because trybuild builds its fixtures in a
//! project that depends on the crate under test and on all of that crate's
//! dependencies and dev-dependencies, in a target directory of its own: this
//! crate depends on `mlir-pass` alone, so that project builds nothing the
//! fixtures do not use (the integration tests' passes, their C++ twins and
//! proptest were built for it when the suite lived in `mlir-pass-tests`).
