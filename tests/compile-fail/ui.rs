//! Compile-fail tests: every misuse of mlir-pass's attributes and typed
//! APIs is an error at the user's token that says what to write instead.
//!
//! Each fixture `ui/<name>.rs` is checked by rustc against the `mlir-pass`
//! this workspace built for its other tests (no second build of mlir-pass
//! and its dependencies in a target directory of its own, as trybuild's
//! project needed), and rustc's errors, normalized as trybuild normalizes
//! them, must equal `ui/<name>.stderr`. `BLESS=1 cargo test -p
//! mlir-pass-compile-fail-tests` (or trybuild's `TRYBUILD=overwrite`)
//! writes the files instead.

mod harness;
mod normalize;

#[test]
fn ui() {
    harness::run("ui");
}
