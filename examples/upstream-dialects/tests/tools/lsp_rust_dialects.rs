//! For the tests of `LspMain::without_upstream_dialects`: the language
//! server with MLIR's `index` and `complex` replaced by the Rust ones.

use std::process::ExitCode;

use mlir_pass_upstream_dialects as _;

fn main() -> ExitCode {
    mlir_pass::LspMain::new()
        .without_upstream_dialects(mlir_pass_upstream_dialects::REPLACED_DIALECTS)
        .run()
}
