//! `lsp_main` with the integration tests' dialect (`rtest`, whose ops
//! include verifiers and parsers that panic): the language server of
//! tests/integration/tools.rs.

use std::process::ExitCode;

use mlir_pass_tests as _;

fn main() -> ExitCode {
    mlir_pass::lsp_main()
}
