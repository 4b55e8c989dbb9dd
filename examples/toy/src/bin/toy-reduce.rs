//! `toy-reduce`: MLIR's test case reducer with the Toy dialect and passes:
//! shrinks a Toy IR file that makes `toyc` (or a Toy pass) fail, as
//! `mlir-reduce` does for upstream dialects.
//!
//! ```sh
//! toy-reduce big.mlir -reduction-tree='traversal-mode=0 test=./check.sh' -o small.mlir
//! ```
//! `check.sh` gets a candidate's path as its last argument and exits with 1
//! when the candidate still fails (see `mlir_pass::reduce_main`).

use std::process::ExitCode;

// The Toy dialect and passes live in the library: naming it links them in.
use mlir_pass_toy as _;

fn main() -> ExitCode {
    mlir_pass::reduce_main()
}
