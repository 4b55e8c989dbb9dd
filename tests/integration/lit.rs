//! The lit/FileCheck suite (`tests/lit`), run the way MLIR's own tests are:
//! LLVM 22's `lit` with `FileCheck`, each file's RUN lines on both hosts,
//! `mlir-pass-opt` and the stock `mlir-opt` with the example plugin.

mod common;
use common::{example_plugin, target_dir};

use std::{path::Path, process::Command};

const LIT: &str = "/usr/lib/llvm-22/bin/lit";

#[test]
fn the_lit_suite_passes_on_both_hosts() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit");
    let plugin = example_plugin();
    let output = Command::new(LIT)
        .arg("-v")
        .arg(&suite)
        .env("MLIR_PASS_OPT", env!("CARGO_BIN_EXE_mlir-pass-opt"))
        .env("MLIR_PASS_PLUGIN", &plugin)
        .env("MLIR_PASS_LIT_OUT", target_dir().join("lit-out"))
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .expect("lit (llvm-22-tools) runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    // Every file ran (none skipped for a missing feature).
    let files = std::fs::read_dir(&suite)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "mlir")
        })
        .count();
    assert!(files >= 8, "{files} lit files");
    assert!(
        stdout.contains(&format!("Passed: {files}"))
            || stderr.contains(&format!("Passed: {files}")),
        "{stdout}\n{stderr}"
    );
}
