//! `opt_main` with the integration tests' passes and the `rtest` dialect:
//! the lit suite's Rust host for the dialect tests (`tests/lit/dialect`).

use std::process::ExitCode;

use mlir_pass_tests as _;

fn main() -> ExitCode {
    mlir_pass::opt_main("mlir-pass test driver: the tests' passes and the rtest dialect")
}
