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

/// Every file of `tests/` is a module of this binary: the package sets
/// `autotests = false`, so cargo would build a file left out of the list
/// above into no binary at all, and its tests would silently not run.
#[test]
fn every_file_of_tests_is_a_module_of_this_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(dir.join("toy.rs")).unwrap();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.extension().is_some_and(|x| x == "rs") && stem != "toy" {
            assert!(
                root.lines().any(|l| l == format!("mod {stem};")),
                "tests/{stem}.rs is not a module of tests/toy.rs: add `mod {stem};` there"
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "{checked} files");
}
