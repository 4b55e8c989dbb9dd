//! `OptMain::without_upstream_dialects`, as this crate's tool uses it:
//! MLIR's `index` and `complex` are left out and the Rust ones are in their
//! place; a dialect left out with nothing in its place is unknown; a
//! misspelled name is an error.

use crate::common::{run, run_with_input, test_tool, tool};

#[test]
fn the_tool_has_one_index_and_one_complex_dialect_the_rust_ones() {
    let shown = run(&tool(), &["--show-dialects"]);
    assert_eq!(shown.code, Some(0), "{}", shown.stderr);
    let list = shown
        .stdout
        .trim()
        .trim_start_matches("Available Dialects: ");
    assert_eq!(
        list.split(',').filter(|d| *d == "index").count(),
        1,
        "{list}"
    );
    assert_eq!(
        list.split(',').filter(|d| *d == "complex").count(),
        1,
        "{list}"
    );
    let docs = run(&tool(), &["--rust-dialect-docs"]).stdout;
    assert!(docs.contains("# 'index' Dialect"), "{docs}");
    assert!(docs.contains("### `index.ceildivs` (CeilDivSOp)"), "{docs}");
    assert!(docs.contains("# 'complex' Dialect"), "{docs}");
    assert!(docs.contains("### `complex.powi` (PowiOp)"), "{docs}");
}

#[test]
fn a_dialect_left_out_is_unknown() {
    let without = test_tool("opt_without_smt");
    let shown = run(&without, &["--show-dialects"]);
    let list = shown
        .stdout
        .trim()
        .trim_start_matches("Available Dialects: ");
    assert!(!list.split(',').any(|d| d == "smt"), "{list}");
    assert!(list.split(',').any(|d| d == "complex"), "{list}");
    let source = "func.func @f() {\n  smt.yield\n  return\n}\n";
    let parsed = run_with_input(&without, &["-"], source.as_bytes());
    assert_eq!(parsed.code, Some(1));
    assert!(
        parsed
            .stderr
            .contains("Dialect `smt' not found for custom op 'smt.yield'"),
        "{}",
        parsed.stderr
    );
}

#[test]
fn a_name_no_upstream_dialect_has_is_an_error() {
    let outcome = run(&test_tool("opt_without_misspelled"), &["--show-dialects"]);
    assert_eq!(outcome.code, Some(1));
    assert_eq!(outcome.stdout, "");
    assert_eq!(
        outcome.stderr,
        "error: no upstream dialect is named 'indx', so none can be left out (the tool's \
         `without_upstream_dialects`)\n"
    );
}
