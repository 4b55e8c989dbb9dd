//! The package's tests, as one binary: one link of MLIR for them all, whose
//! suites then run beside each other.
//!
//! - `index.rs` and `complex.rs`: the Rust `index` and `complex` dialects
//!   against MLIR's own in the stock `mlir-opt`, byte for byte;
//! - `known_differences.rs`: where they still differ, and how;
//! - `opt_main.rs`: `OptMain::without_upstream_dialects`;
//! - `lsp_reduce.rs`: the language server and the reducer with the Rust
//!   dialects in the place of MLIR's.

mod common;
mod complex;
mod index;
mod known_differences;
mod lsp_reduce;
mod opt_main;

#[path = "../../toy/tests/common/modules.rs"]
mod modules;

/// Every file of `tests/` is a module of this binary (the package sets
/// `autotests = false`).
#[test]
fn every_file_of_tests_is_a_module_of_this_binary() {
    modules::assert_every_file_is_a_module(env!("CARGO_MANIFEST_DIR"), "dialects");
}
