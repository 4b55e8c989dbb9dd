//! Compile-fail tests: every misuse of `#[mlir_pass]` is an error at the
//! user's token that says what to write instead.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}
