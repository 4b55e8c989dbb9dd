//! MLIR 22's own dialects declared again in Rust with mlir-pass, to prove
//! that a Rust dialect can be exactly what ODS and C++ make: [`index`]
//! (MLIR's `mlir/Dialect/Index`) and [`complex`] (`mlir/Dialect/Complex`),
//! every op, attribute, enum, syntax, verifier, folder, canonicalization
//! pattern, constant materializer and interface of them.
//!
//! The `upstream-dialects-opt` tool is the stock `mlir-opt` with MLIR's
//! dialects of [`REPLACED_DIALECTS`] left out and these in their place; its
//! tests (`tests/`) run it and the stock `mlir-opt` on the same inputs and
//! compare standard output, standard error and exit code byte for byte.

pub mod complex;
pub mod index;

/// The upstream dialects this crate declares again: the tool leaves MLIR's
/// own out (`OptMain::without_upstream_dialects`).
pub const REPLACED_DIALECTS: [&str; 2] = ["index", "complex"];
