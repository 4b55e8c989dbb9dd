//! The lit/FileCheck suite (`tests/lit`), run the way MLIR's own tests are:
//! LLVM 22's `lit` with `FileCheck`, each file's RUN lines on both hosts,
//! `mlir-pass-opt` and the stock `mlir-opt` with the example plugin.

mod common;
use common::{example_plugin, target_dir};

use std::path::Path;

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
