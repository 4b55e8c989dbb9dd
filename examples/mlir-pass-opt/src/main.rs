//! `mlir-pass-opt`: MLIR's own `mlir-opt` (`mlir::MlirOptMain`) with every
//! upstream dialect and pass plus the example Rust passes and pipelines.
//!
//! ```text
//! mlir-pass-opt [mlir-opt flags] [INPUT|-] [-o OUTPUT]
//! mlir-pass-opt --list-rust-passes
//! mlir-pass-opt --rust-pass-docs
//! ```
//!
//! Every `mlir-opt` flag works and means the same; see
//! [`mlir_pass::opt_main`] for the few differences.

use std::process::ExitCode;

// The example passes register themselves; naming the crate keeps it linked.
use mlir_pass_example_passes as _;

fn main() -> ExitCode {
    mlir_pass::opt_main("mlir-pass-opt: MLIR's mlir-opt with Rust passes")
}
