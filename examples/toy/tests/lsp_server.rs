//! `toy-lsp-server` as an editor uses it: a scripted Language Server
//! Protocol session over stdio (tests/common/lsp.rs) opens Toy IR with
//! errors of Toy's Rust verifiers and parsers, hovers, finds definitions and
//! lists symbols, and shuts the server down; on upstream IR it answers as
//! the stock `mlir-lsp-server` does, and no malformed document crashes or
//! hangs it.

use std::path::{Path, PathBuf};

use crate::common::lsp::Session;
use serde_json::{json, Value};

fn toy_server() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_toy-lsp-server"))
}

const STOCK_SERVER: &str = "/usr/lib/llvm-22/bin/mlir-lsp-server";

const URI: &str = "file:///work/example.mlir";

fn range(line: u32, start: u32, end_line: u32, end: u32) -> Value {
    json!({"start": {"line": line, "character": start}, "end": {"line": end_line, "character": end}})
}

/// Toy IR whose `toy.reshape` fails its (Rust) verifier: 3 elements to 4.
const RESHAPE_ERROR: &str = "\
toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %1 = toy.reshape(%0 : tensor<3xf64>) to tensor<2x2xf64>
  toy.print %1 : tensor<2x2xf64>
  toy.return
}
";

/// Valid Toy IR: a function, a call, a reshape.
const VALID: &str = "\
toy.func private @helper(%a: tensor<*xf64>) -> tensor<*xf64> {
  %t = toy.transpose(%a : tensor<*xf64>) to tensor<*xf64>
  toy.return %t : tensor<*xf64>
}
toy.func @main() {
  %0 = toy.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
  %1 = toy.reshape(%0 : tensor<4xf64>) to tensor<2x2xf64>
  %2 = toy.generic_call @helper(%1) : (tensor<2x2xf64>) -> tensor<*xf64>
  toy.print %2 : tensor<*xf64>
  toy.return
}
";

#[test]
fn a_toy_verifier_error_is_published_with_mlirs_message_and_the_ops_range() {
    let (mut session, capabilities) = Session::start(&toy_server());
    for capability in [
        "hoverProvider",
        "definitionProvider",
        "documentSymbolProvider",
    ] {
        assert_eq!(capabilities[capability], true, "{capabilities}");
    }
    let diagnostics = session.open(URI, RESHAPE_ERROR);
    assert_eq!(
        diagnostics,
        json!([{
            "category": "Parse Error",
            "message": "'toy.reshape' op cannot reshape tensor<3xf64> (3 elements) to \
                        tensor<2x2xf64> (4 elements)",
            "range": range(2, 7, 2, 18),
            "relatedInformation": [{
                "location": {"range": range(2, 7, 2, 18), "uri": URI},
                "message": "see current operation: %1 = \"toy.reshape\"(%0) : \
                            (tensor<3xf64>) -> tensor<2x2xf64>"
            }],
            "severity": 1,
            "source": "mlir"
        }])
    );
    // Fixed in the editor: the error goes away.
    assert_eq!(session.change(URI, 2, VALID), json!([]));
    session.shut_down();
}

#[test]
fn errors_of_toy_parsers_and_type_verifiers_are_published_at_their_place() {
    let (mut session, _) = Session::start(&toy_server());
    // The Rust custom parser of `toy.constant`.
    let text = "toy.func @f() {\n  %0 = toy.constant 1.0 : f64\n  toy.return\n}\n";
    let diagnostics = session.open(URI, text);
    assert_eq!(
        diagnostics.as_array().map(Vec::len),
        Some(1),
        "{diagnostics}"
    );
    assert_eq!(
        diagnostics[0]["message"],
        "custom op 'toy.constant' expected a dense elements attribute, such as \
         `dense<1.0> : tensor<f64>`"
    );
    assert_eq!(diagnostics[0]["severity"], 1);
    // At the token the parser stopped at: `1.0`.
    assert_eq!(diagnostics[0]["range"], range(1, 20, 1, 23));
    // The Rust verifier of `!toy.struct`'s parameters.
    let text = "toy.func @f() {\n  %0 = toy.struct_constant [dense<1.0> : tensor<f64>] : \
                !toy.struct<f64>\n  toy.return\n}\n";
    let diagnostics = session.change(URI, 2, text);
    assert_eq!(
        diagnostics.as_array().map(Vec::len),
        Some(1),
        "{diagnostics}"
    );
    assert_eq!(
        diagnostics[0]["message"],
        "element type for a struct must either be a TensorType or a StructType, got: f64"
    );
    // At the type's name: `struct` of `!toy.struct<f64>`.
    assert_eq!(diagnostics[0]["range"], range(1, 61, 1, 67));
    session.shut_down();
}

#[test]
fn hover_definition_and_symbols_work_on_toy_ops() {
    let (mut session, _) = Session::start(&toy_server());
    assert_eq!(session.open(URI, VALID), json!([]));

    // Hover over an op's name: its name and generic form.
    let hover = session.at("textDocument/hover", URI, 6, 10);
    assert_eq!(
        hover,
        json!({
            "contents": {
                "kind": "markdown",
                "value": "\"toy.reshape\"\n\nGeneric Form:\n\n```mlir\n%1 = \"toy.reshape\"(%0) \
                          : (tensor<4xf64>) -> tensor<2x2xf64>\n```\n"
            },
            "range": range(6, 7, 6, 18)
        })
    );
    // Hover over a result: its op and type.
    let hover = session.at("textDocument/hover", URI, 7, 3);
    assert_eq!(
        hover["contents"]["value"],
        "Operation: \"toy.generic_call\"\n\nResult #0\n\nType: `tensor<*xf64>`\n\n"
    );

    // Go to the definition of a value (`%0` in the reshape) and of a
    // symbol (`@helper` in the call).
    let definition = session.at("textDocument/definition", URI, 6, 19);
    assert_eq!(
        definition,
        json!([{"uri": URI, "range": range(5, 2, 5, 4)}])
    );
    let definition = session.at("textDocument/definition", URI, 7, 27);
    assert_eq!(
        definition,
        json!([{"uri": URI, "range": range(0, 0, 0, 8)}])
    );

    // The outline: the two functions, by their symbol names, as functions
    // (kind 12), as `func.func` is listed: `toy.func` declares
    // `FunctionOpInterface`.
    let symbols = session.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(
        symbols,
        json!([
            {"kind": 12, "name": "helper", "range": range(0, 0, 3, 1),
             "selectionRange": range(0, 0, 0, 8)},
            {"kind": 12, "name": "main", "range": range(4, 0, 10, 1),
             "selectionRange": range(4, 0, 4, 8)}
        ])
    );
    session.shut_down();
}

/// The same session, in both servers, on upstream IR: every answer.
fn upstream_session(server: &Path) -> Vec<Value> {
    let text = "\
func.func @helper(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
func.func @main(%b: i32) -> i32 {
  %1 = func.call @helper(%b) : (i32) -> i32
  %2 = arith.addi %1, %b : i32
  return %2 : i32
}
";
    let broken = text.replace(
        "%2 = arith.addi %1, %b : i32",
        "%2 = arith.addi %1, %b : f32",
    );
    let (mut session, capabilities) = Session::start(server);
    let answers = vec![
        capabilities,
        session.open(URI, &broken),
        session.change(URI, 2, text),
        session.at("textDocument/hover", URI, 1, 10),
        session.at("textDocument/hover", URI, 6, 3),
        session.at("textDocument/definition", URI, 6, 19),
        session.at("textDocument/definition", URI, 5, 18),
        session.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": URI}}),
        ),
        session.request(
            "textDocument/references",
            json!({
                "textDocument": {"uri": URI},
                "position": {"line": 1, "character": 3},
                "context": {"includeDeclaration": true}
            }),
        ),
    ];
    session.shut_down();
    answers
}

#[test]
fn on_upstream_ir_it_answers_as_the_stock_mlir_lsp_server() {
    let ours = upstream_session(&toy_server());
    let stock = upstream_session(Path::new(STOCK_SERVER));
    assert_eq!(ours, stock);
    // The session checked something: an error, then hovers and symbols.
    assert_eq!(ours[1][0]["severity"], 1, "{}", ours[1]);
    assert_eq!(ours[7][1]["name"], "main", "{}", ours[7]);
}

#[test]
fn every_truncation_of_a_document_is_diagnosed_never_a_crash_or_a_hang() {
    let (mut session, _) = Session::start(&toy_server());
    session.open(URI, "");
    let mut version = 1;
    let mut errors = 0;
    for end in (0..=VALID.len()).filter(|&i| VALID.is_char_boundary(i)) {
        version += 1;
        let diagnostics = session.change(URI, version, &VALID[..end]);
        let count = diagnostics.as_array().map_or(0, Vec::len);
        errors += usize::from(count > 0);
        for diagnostic in diagnostics.as_array().into_iter().flatten() {
            assert!(
                diagnostic["message"]
                    .as_str()
                    .is_some_and(|m| !m.is_empty()),
                "{diagnostic}"
            );
        }
    }
    assert!(
        errors > VALID.len() / 2,
        "only {errors} truncations had errors"
    );
    // Still serving after all that.
    assert_eq!(session.change(URI, version + 1, VALID), json!([]));
    assert_eq!(
        session.at("textDocument/hover", URI, 6, 10)["range"],
        range(6, 7, 6, 18)
    );
    session.shut_down();
}

#[test]
fn without_shutdown_or_at_the_end_of_input_the_server_ends_as_the_stock_one() {
    for send_exit in [true, false] {
        let (session, _) = Session::start(&toy_server());
        let ours = session.end(send_exit);
        let (session, _) = Session::start(Path::new(STOCK_SERVER));
        let stock = session.end(send_exit);
        assert_eq!(ours.code(), stock.code(), "exit sent: {send_exit}");
        assert!(ours.code().is_some(), "ended by a signal: {ours}");
    }
}

#[test]
fn a_document_nested_deeper_than_the_stock_server_survives_is_served() {
    // 4000 nested regions: the stock mlir-lsp-server (8 MiB of stack) dies
    // parsing 3000; this one has opt_main's 120 MiB. (MLIR takes time
    // quadratic in the depth to destroy such IR, so not much deeper.)
    let depth = 4_000;
    let text = format!(
        "func.func @f() {{\n{}{}  return\n}}\n",
        "\"test.op\"() ({\n".repeat(depth),
        "}) : () -> ()\n".repeat(depth)
    );
    let (mut session, _) = Session::start(&toy_server());
    assert_eq!(session.open(URI, &text), json!([]));
    let hover = session.at("textDocument/hover", URI, 2, 3);
    assert_eq!(hover["range"], range(2, 0, 2, 9), "{hover}");
    session.shut_down();
}
