//! Toy's tests, as one binary: one link of MLIR for the package's tests,
//! whose suites then run beside each other.
//!
//! - `toyc.rs`: the lit suite (every chapter and flag through `toyc`, and
//!   the Toy plugin inside the stock `mlir-opt`), and the driver in process
//!   on bad input;
//! - `translate.rs`: `toy-translate` both ways, round trips on every
//!   chapter's programs;
//! - `function_interface.rs`: `toy.func` as MLIR's `FunctionOpInterface`;
//! - `lsp_server.rs`: `toy-lsp-server` as an editor uses it;
//! - `reduce.rs`: `toy-reduce` shrinking an input that fails a Rust pass.

mod common;
mod function_interface;
mod lsp_server;
mod reduce;
mod toyc;
mod translate;

#[path = "common/modules.rs"]
mod modules;

/// Every file of `tests/` is a module of this binary (the package sets
/// `autotests = false`).
#[test]
fn every_file_of_tests_is_a_module_of_this_binary() {
    modules::assert_every_file_is_a_module(env!("CARGO_MANIFEST_DIR"), "toy");
}
