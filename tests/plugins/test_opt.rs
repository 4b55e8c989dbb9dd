//! `opt_main` with the integration tests' passes and the `rtest` dialect:
//! the lit suite's Rust host for the dialect tests (`tests/lit/dialect`),
//! with the C++ twins of `rs-repeat` and `count-function-ops`.

use std::process::ExitCode;

use mlir_pass_tests as _;

fn main() -> ExitCode {
    // The C++ twins of the example passes, for comparison.
    mlir_pass_tests::link_cpp_twins();
    mlir_pass::opt_main("mlir-pass test driver: the tests' passes and the rtest dialect")
}
