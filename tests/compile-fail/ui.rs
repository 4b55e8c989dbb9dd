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
    // trybuild checks the fixtures' dependencies with one set of rustflags,
    // then the fixtures with another (plus `--diagnostic-width=140`), and a
    // change of flags makes cargo check every dependency again: mlir-sys,
    // melior, mlir-pass and the C++ bridge its build script compiles.
    // CARGO_ENCODED_RUSTFLAGS, which cargo prefers to the `--config` flags
    // trybuild passes, gives both steps trybuild's second set (trybuild 1.0's
    // `rustflags.rs`). Not when the environment has flags of its own: trybuild
    // keeps `-C instrument-coverage` from RUSTFLAGS for coverage runs.
    if std::env::var_os("RUSTFLAGS").is_none()
        && std::env::var_os("CARGO_ENCODED_RUSTFLAGS").is_none()
    {
        let flags = [
            "--cfg",
            "trybuild",
            "--verbose",
            "-A",
            "dead_code",
            "--diagnostic-width=140",
        ];
        std::env::set_var("CARGO_ENCODED_RUSTFLAGS", flags.join("\x1f"));
    }
    // trybuild only checks the fixtures (they fail to compile, and nothing
    // links), so mlir-pass's build script may leave the C++ bridge
    // uncompiled in trybuild's target directory, a directory of its own
    // (see runtime/build.rs).
    std::env::set_var("MLIR_PASS_CHECK_ONLY", "1");
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/*.rs");
}
