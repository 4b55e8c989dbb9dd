//! The lit/FileCheck suite (`tests/lit`), run the way MLIR's own tests are:
//! LLVM 22's `lit` with `FileCheck`, each file's RUN lines on both hosts,
//! `mlir-pass-opt` and the stock `mlir-opt` with the example plugin.

use crate::common::{self, example_plugin, target_dir, text};

use std::{collections::BTreeSet, path::Path, process::Command};

#[test]
fn the_lit_suite_passes_on_both_hosts() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit");
    let plugin = example_plugin();
    let out = target_dir().join("lit-out");
    common::run_lit_suite(
        &suite,
        &[
            (
                "MLIR_PASS_OPT",
                env!("CARGO_BIN_EXE_mlir-pass-opt").as_ref(),
            ),
            ("MLIR_PASS_PLUGIN", plugin.as_os_str()),
            ("MLIR_PASS_LIT_OUT", out.as_os_str()),
        ],
        8,
    );
}

/// Without `MLIR_PASS_LIT_OUT`, `lit.cfg.py` sends lit's output under the
/// cargo target directory (`$CARGO_TARGET_DIR/lit-out/tests/lit` here),
/// never into the sources: the suite's directory is left as it was.
#[test]
fn lit_writes_outside_the_sources_by_default() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit");
    let entries = || -> BTreeSet<_> {
        std::fs::read_dir(&suite)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect()
    };
    let before = entries();
    let target = tempfile::Builder::new()
        .prefix("mlir-pass-lit-target-")
        .tempdir()
        .unwrap();
    let output = Command::new("/usr/lib/llvm-22/bin/lit")
        .arg(suite.join("rs-cse.mlir"))
        .env_remove("LD_LIBRARY_PATH")
        .env_remove("MLIR_PASS_LIT_OUT")
        .env("CARGO_TARGET_DIR", target.path())
        .env("MLIR_PASS_OPT", env!("CARGO_BIN_EXE_mlir-pass-opt"))
        .env("MLIR_PASS_PLUGIN", example_plugin())
        .output()
        .expect("lit (llvm-22-tools) runs");
    let written = target.path().join("lit-out/tests/lit");
    let found = written.join("Output").is_dir() && written.join(".lit_test_times.txt").is_file();
    assert!(
        output.status.success(),
        "{}\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
    assert!(found, "nothing in {}", written.display());
    assert_eq!(entries(), before);
}
