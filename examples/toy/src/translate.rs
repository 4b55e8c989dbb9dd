//! `toy-translate`: MLIR's `mlir-translate` with the Toy dialect and
//! `--mlir-to-toy`, as a C++ dialect project ships its `*-translate`.
//!
//! ```sh
//! toyc input.toy -emit=mlir | toy-translate --mlir-to-toy | toyc -emit=jit
//! toyc input.toy -emit=mlir-llvm | toy-translate --mlir-to-llvmir
//! ```
//! Every upstream translation (`--mlir-to-llvmir`, `--import-llvm`, ...)
//! and flag of `mlir-translate` is there too.

use std::process::ExitCode;

// `--mlir-to-toy` and the Toy dialect are registered by the library.
use mlir_pass_toy as _;

fn main() -> ExitCode {
    mlir_pass::translate_main("toy-translate: MLIR translations with the Toy dialect")
}
