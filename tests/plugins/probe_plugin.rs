//! The test passes of `mlir-pass-tests` (the probes among them) as a plugin
//! for the stock `mlir-opt`, so that a query's answer inside `mlir-opt` can
//! be compared with its answer in our own process.

use mlir_pass_tests as _;

mlir_pass::plugin!(name = "mlir-pass-probe-plugin", version = "0");
