//! What the end-to-end tests of `mlir-pass-opt` and of the `mlir-opt` plugin
//! share: the bundled example and what running it through
//! `annotate-op-count` then `canonicalize` must print.

// Each test binary uses some of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// `target/debug`, from the running test's own path
/// (`target/debug/deps/<test>-*`).
pub fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).unwrap().to_owned()
}

/// The example plugin, which `cargo test --workspace` (the workspace test
/// command) builds; a package's tests run alone need
/// `cargo build -p mlir-pass-example-plugin` first. (A dev-dependency would
/// build it too, but also in the static link mode, where a plugin refuses
/// to build.)
pub fn example_plugin() -> PathBuf {
    let candidates = [
        target_dir().join("deps/libmlir_pass_example_plugin.so"),
        target_dir().join("libmlir_pass_example_plugin.so"),
    ];
    candidates
        .iter()
        .find(|p| p.exists())
        .cloned()
        .unwrap_or_else(|| {
            panic!(
                "the example plugin is not built: run `cargo test --workspace`, \
                 or `cargo build -p mlir-pass-example-plugin` first"
            )
        })
}

/// `examples/inputs/example.mlir`. Both test targets belong to packages in
/// `examples/`, so the path is relative to their manifests.
pub fn example_input() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../inputs/example.mlir")
}

/// Lossy UTF-8, for process output.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The example after `annotate-op-count` (Rust) then `canonicalize` (C++):
/// counts taken before folding, and the constant arithmetic folded.
pub fn assert_example_annotated_then_canonicalized(stdout: &str) {
    for expected in [
        "func.func @add(%arg0: i32, %arg1: i32) -> i32 attributes {pass.op_count = 2 : i64}",
        "func.func @fold() -> i32 attributes {pass.op_count = 5 : i64}",
        "func.func @loop(%arg0: index) -> index attributes {pass.op_count = 6 : i64}",
        "%c6_i32 = arith.constant 6 : i32",
    ] {
        assert!(
            stdout.contains(expected),
            "expected {expected:?} in:\n{stdout}"
        );
    }
    assert!(
        !stdout.contains("arith.muli"),
        "canonicalize folded the muli:\n{stdout}"
    );
}
