//! For the tests of `ReduceMain::without_upstream_dialects`: a name no
//! upstream dialect has is an error, not a tool with MLIR's dialect left in.

use std::process::ExitCode;

fn main() -> ExitCode {
    mlir_pass::ReduceMain::new()
        .without_upstream_dialects(["indx"])
        .run()
}
