//! `lsp_main` and `reduce_main` with the tests' dialect and passes
//! (tests/plugins/test_lsp.rs, test_reduce.rs, built by `cargo test` as
//! examples of this package): a Rust verifier or parser that panics is a
//! diagnostic in the editor and the server goes on; a Rust pass that fails
//! on a marker op has its input shrunk to the op.

// The LSP client of toy-lsp-server's tests; not every method serves here.
#[path = "../../examples/toy/tests/common/lsp.rs"]
#[allow(dead_code)]
mod lsp;

use std::{
    os::unix::fs::PermissionsExt,
    path::{Path, PathBuf},
    process::Command,
};

use lsp::Session;
use serde_json::json;

/// `target/debug`, from this test's path (`target/debug/deps/plugin-*`).
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).unwrap().to_owned()
}

/// An example of this package (built by `cargo test`).
fn example(name: &str) -> PathBuf {
    let path = target_dir().join("examples").join(name);
    assert!(path.exists(), "{} is built by cargo test", path.display());
    path
}

const URI: &str = "file:///work/rtest.mlir";

#[test]
fn a_panicking_rust_verifier_or_parser_is_a_diagnostic_and_the_server_goes_on() {
    let (mut session, _) = Session::start(&example("test_lsp"));
    let verifier = "func.func @f(%x: i64) {\n  \
                    %0 = \"rtest.panicky\"(%x) {boom_verify} : (i64) -> i64\n  return\n}\n";
    let diagnostics = session.open(URI, verifier);
    assert_eq!(
        diagnostics.as_array().map(Vec::len),
        Some(1),
        "{diagnostics}"
    );
    let message = diagnostics[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "'rtest.panicky' op verifier (`PanickyOp`) panicked: the verifier blew up (at "
        ),
        "{message}"
    );
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": 1, "character": 7})
    );

    let parser = "func.func @f(%x: i64) {\n  rtest.panicky_asm boom\n  return\n}\n";
    let diagnostics = session.change(URI, 2, parser);
    assert_eq!(
        diagnostics.as_array().map(Vec::len),
        Some(1),
        "{diagnostics}"
    );
    let message = diagnostics[0]["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "custom op 'rtest.panicky_asm' the parser of `PanickyAsmOp` panicked: the parser \
             blew up (at "
        ),
        "{message}"
    );
    // Where the parser stood when it panicked: past `boom`, at `return`.
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 2, "character": 2}, "end": {"line": 2, "character": 8}})
    );

    // Still serving: a valid document, a hover over a Rust op.
    let valid = "func.func @f(%x: i64) {\n  \
                 %0 = \"rtest.panicky\"(%x) : (i64) -> i64\n  rtest.panicky_asm %0 : i64\n  \
                 return\n}\n";
    assert_eq!(session.change(URI, 3, valid), json!([]));
    let hover = session.at("textDocument/hover", URI, 2, 4);
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|v| v.starts_with("\"rtest.panicky_asm\"")),
        "{hover}"
    );
    session.shut_down();
}

/// Rust ops around one that carries the marker.
fn marked_input() -> String {
    let mut text = String::new();
    for i in 0..5 {
        text.push_str(&format!(
            "rtest.func \"noise{i}\" {{\n  %a = rtest.constant {i}\n  %b = rtest.add %a, %a : i64\n  \
             rtest.print %b : i64\n  rtest.return\n}}\n"
        ));
    }
    text.push_str(
        "rtest.func \"culprit\" {\n  %a = rtest.constant 1\n  %b = rtest.constant 2\n  \
         %c = rtest.add %a, %b : i64\n  rtest.print %c : i64\n  rtest.print %a {marker} : i64\n  \
         rtest.print %b : i64\n  rtest.return\n}\n",
    );
    text
}

#[test]
fn an_input_that_makes_a_rust_pass_fail_on_a_marker_op_is_shrunk_to_it() {
    let dir = target_dir().join("tools-test-reduce");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let input = marked_input();
    std::fs::write(dir.join("input.mlir"), &input).unwrap();
    let check = dir.join("check.sh");
    std::fs::write(
        &check,
        format!(
            "#!/bin/sh\n'{}' \"$1\" --test-reject-marker 2>&1 | grep -q 'this op has the marker' \
             && exit 1\nexit 0\n",
            example("test_opt").display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&check, std::fs::Permissions::from_mode(0o755)).unwrap();

    let output = Command::new(example("test_reduce"))
        .current_dir(&dir)
        .arg("input.mlir")
        .arg(format!(
            "-reduction-tree=traversal-mode=0 test={}",
            check.display()
        ))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert_eq!(stderr, "");
    let reduced = String::from_utf8(output.stdout).unwrap();
    let ops = |text: &str| text.lines().filter(|l| l.contains("rtest.")).count();
    assert!(reduced.contains("{marker}"), "{reduced}");
    assert!(!reduced.contains("noise"), "{reduced}");
    assert!(ops(&reduced) * 3 < ops(&input), "{reduced}");
    // The stock mlir-reduce cannot read it: the dialect is Rust's.
    let stock = Command::new("/usr/lib/llvm-22/bin/mlir-reduce")
        .current_dir(&dir)
        .arg("input.mlir")
        .arg(format!(
            "-reduction-tree=traversal-mode=0 test={}",
            check.display()
        ))
        .output()
        .unwrap();
    assert!(!stock.status.success());
    assert!(
        String::from_utf8_lossy(&stock.stderr).contains("rtest"),
        "{}",
        String::from_utf8_lossy(&stock.stderr)
    );
}
