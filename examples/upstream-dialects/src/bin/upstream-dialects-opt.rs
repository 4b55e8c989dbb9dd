//! `upstream-dialects-opt`: MLIR's own `mlir-opt` (`mlir::MlirOptMain`) with
//! every upstream dialect, extension and pass, except that MLIR's `index`
//! and `complex` dialects are left out and the ones declared in Rust by
//! this crate take their place. Its output is the stock `mlir-opt`'s, byte
//! for byte (`tests/known_differences.rs` says where it is not yet).
//!
//! ```text
//! upstream-dialects-opt [mlir-opt flags] [INPUT|-] [-o OUTPUT]
//! upstream-dialects-opt --rust-dialect-docs
//! ```

use std::process::ExitCode;

// The Rust dialects register themselves; naming the crate keeps it linked.
use mlir_pass_upstream_dialects as _;

fn main() -> ExitCode {
    mlir_pass::OptMain::new(
        "upstream-dialects-opt: mlir-opt with MLIR's index and complex dialects in Rust",
    )
    .without_upstream_dialects(mlir_pass_upstream_dialects::REPLACED_DIALECTS)
    .run()
}
