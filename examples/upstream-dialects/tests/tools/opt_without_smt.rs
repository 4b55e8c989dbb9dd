//! For the tests of `OptMain::without_upstream_dialects`: the tool with
//! MLIR's `smt` left out (and nothing in its place), beside MLIR's `index`
//! and `complex` replaced by the Rust ones.

use std::process::ExitCode;

use mlir_pass_upstream_dialects as _;

fn main() -> ExitCode {
    mlir_pass::OptMain::new("opt without smt")
        .without_upstream_dialects(["index", "complex", "smt"])
        .run()
}
