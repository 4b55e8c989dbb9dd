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

/// Every file of `tests/` is a module of this binary: the package sets
/// `autotests = false`, so cargo would build a file left out of the list
/// above into no binary at all, and its tests would silently not run.
#[test]
fn every_file_of_tests_is_a_module_of_this_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(dir.join("dialects.rs")).unwrap();
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if path.extension().is_some_and(|x| x == "rs") && stem != "dialects" {
            assert!(
                root.lines().any(|l| l == format!("mod {stem};")),
                "tests/{stem}.rs is not a module of tests/dialects.rs: add `mod {stem};` there"
            );
            checked += 1;
        }
    }
    assert!(checked >= 5, "{checked} files");
}
