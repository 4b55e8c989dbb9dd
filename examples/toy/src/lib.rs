//! MLIR's Toy tutorial (chapters 1 to 7) in Rust, on mlir-pass: the Toy
//! language's front end ([`frontend`]), its dialect declared in Rust
//! ([`dialect`]), MLIRGen ([`mlirgen`]), its passes ([`passes`]) and the
//! compiler driver `toyc` ([`driver`]), down to LLVM IR and a JIT; and
//! `toy-translate`'s `--mlir-to-toy` ([`to_toy`]), Toy source from Toy IR.
//!
//! The library is also a plugin for the stock `mlir-opt`
//! (`libmlir_pass_toy.so`): `mlir-opt --load-dialect-plugin=libmlir_pass_toy.so
//! --load-pass-plugin=libmlir_pass_toy.so file.mlir --inline --canonicalize`.

#![warn(missing_docs)]
#![deny(unsafe_code)]

pub mod dialect;
pub mod driver;
pub mod frontend;
pub mod mlirgen;
pub mod passes;
pub mod to_toy;

mlir_pass::plugin!(name = "mlir-pass-toy", version = env!("CARGO_PKG_VERSION"));
