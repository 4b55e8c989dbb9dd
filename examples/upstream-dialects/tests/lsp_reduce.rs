//! `LspMain::without_upstream_dialects` and
//! `ReduceMain::without_upstream_dialects`, as `OptMain`'s are tested in
//! opt_main.rs: with MLIR's `complex` left out, the Rust one serves (a
//! `#complex.number` of integers, on which upstream's crashes, is its
//! error); a misspelled name is an error.

#[path = "../../toy/tests/common/lsp.rs"]
#[allow(dead_code)] // the LSP client of toy-lsp-server's tests, in part
mod lsp;

use crate::common::{inputs, run, test_tool};
use serde_json::json;

const NUMBER_ERROR: &str = "element type of the complex attribute must be float like type.";

#[test]
fn the_language_server_has_the_rust_complex_dialect_in_place_of_mlirs() {
    let (mut session, _) = lsp::Session::start(&test_tool("lsp_rust_dialects"));
    let uri = "file:///work/number.mlir";
    let text = std::fs::read_to_string(inputs().join("complex/number-crash.mlir")).unwrap();
    let diagnostics = session.open(uri, &text);
    assert_eq!(
        diagnostics.as_array().map(Vec::len),
        Some(1),
        "{diagnostics}"
    );
    assert_eq!(diagnostics[0]["message"], NUMBER_ERROR);
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": 3, "character": 48})
    );
    // A Rust `index` op, hovered.
    let text =
        "func.func @f(%a: index) -> index {\n  %0 = index.add %a, %a\n  return %0 : index\n}\n";
    assert_eq!(session.change(uri, 2, text), json!([]));
    let hover = session.at("textDocument/hover", uri, 1, 9);
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|v| v.starts_with("\"index.add\"")),
        "{hover}"
    );
    session.shut_down();
}

#[test]
fn the_reducer_has_the_rust_complex_dialect_in_place_of_mlirs() {
    let outcome = run(
        &test_tool("reduce_rust_dialects"),
        &["complex/number-crash.mlir"],
    );
    assert_eq!(outcome.code, Some(1));
    assert_eq!(
        outcome.stderr,
        format!("complex/number-crash.mlir:4:49: error: {NUMBER_ERROR}\n")
    );
}

#[test]
fn a_name_no_upstream_dialect_has_is_an_error() {
    for tool in ["lsp_without_misspelled", "reduce_without_misspelled"] {
        let outcome = run(&test_tool(tool), &[]);
        assert_eq!(outcome.code, Some(1), "{tool}");
        assert_eq!(outcome.stdout, "", "{tool}");
        assert_eq!(
            outcome.stderr,
            "error: no upstream dialect is named 'indx', so none can be left out (the tool's \
             `without_upstream_dialects`)\n",
            "{tool}"
        );
    }
}
