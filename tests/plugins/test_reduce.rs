//! `reduce_main` with the integration tests' passes (`test-reject-marker`
//! among them) and the `rtest` dialect: the reducer of
//! tests/integration/tools.rs.

use std::process::ExitCode;

use mlir_pass_tests as _;

fn main() -> ExitCode {
    mlir_pass::reduce_main()
}
