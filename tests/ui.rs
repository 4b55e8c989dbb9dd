//! Compile-fail tests: every misuse of `#[mlir_pass]` is an error at the
//! user's token that says what to write instead.

use std::path::Path;

#[test]
fn ui() {
    // trybuild builds the fixtures under `<target dir>/tests/trybuild`, the
    // target directory found by `cargo metadata` run from this test's
    // directory: a relative CARGO_TARGET_DIR (README's static-mode command)
    // would name a new one under tests/, and `--target-dir` would be missed.
    // The directory this test was built in (`CARGO_TARGET_TMPDIR` is its
    // `tmp/`), absolute, is the one.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    std::env::set_var("CARGO_TARGET_DIR", target);
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}
