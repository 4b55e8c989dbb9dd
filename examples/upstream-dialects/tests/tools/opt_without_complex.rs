//! For the tests of `OptMain::without_upstream_dialects`: the tool with
//! MLIR's `complex` left out (and nothing in its place), beside MLIR's
//! `index` replaced by the Rust one.

use std::process::ExitCode;

use mlir_pass_upstream_dialects as _;

fn main() -> ExitCode {
    mlir_pass::OptMain::new("opt without complex")
        .without_upstream_dialects(["index", "complex"])
        .run()
}
