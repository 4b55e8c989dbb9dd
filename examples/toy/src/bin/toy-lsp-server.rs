//! `toy-lsp-server`: MLIR's language server with the Toy dialect, for the
//! MLIR extension of VS Code (`"mlir.server_path":
//! "target/debug/toy-lsp-server"`): diagnostics of Toy's verifiers and
//! parsers, hover, go-to-definition and document symbols in `.mlir` files
//! with Toy IR, as `mlir-lsp-server` gives them for upstream dialects.

use std::process::ExitCode;

// The Toy dialect lives in the library: naming it links it in.
use mlir_pass_toy as _;

fn main() -> ExitCode {
    mlir_pass::lsp_main()
}
