//! Runs `upstream-dialects-opt` and the stock `mlir-opt` on the committed
//! inputs (`tests/inputs`), from that directory, so that the file names in
//! their diagnostics are the same.

#![allow(dead_code)] // each test file uses a part

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Debian's LLVM 22 `mlir-opt`, with MLIR's own dialects.
pub const STOCK: &str = "/usr/lib/llvm-22/bin/mlir-opt";

/// The tool under test.
pub fn tool() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_upstream-dialects-opt"))
}

/// A test tool built from `tests/tools` (a Cargo example of this package).
pub fn test_tool(name: &str) -> PathBuf {
    tool()
        .parent()
        .expect("the binary's directory")
        .join("examples")
        .join(name)
}

/// Where the inputs are.
pub fn inputs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inputs")
}

/// What a run printed and how it ended.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

/// Runs `binary` with `args` in the inputs' directory, `stdin` as its
/// standard input.
pub fn run_with_input(binary: &Path, args: &[&str], stdin: &[u8]) -> Outcome {
    let mut child = Command::new(binary)
        .args(args)
        .current_dir(inputs())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{} runs: {e}", binary.display()));
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin)
        .expect("stdin written");
    let output = child.wait_with_output().expect("the tool ends");
    Outcome {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code(),
    }
}

/// Runs `binary` with `args` in the inputs' directory.
pub fn run(binary: &Path, args: &[&str]) -> Outcome {
    run_with_input(binary, args, b"")
}

/// Runs `binary` with `args`, its standard output as bytes.
pub fn run_bytes(binary: &Path, args: &[&str]) -> Vec<u8> {
    let output = Command::new(binary)
        .args(args)
        .current_dir(inputs())
        .output()
        .unwrap_or_else(|e| panic!("{} runs: {e}", binary.display()));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// Both tools on `args`: (ours, stock).
pub fn both(args: &[&str]) -> (Outcome, Outcome) {
    (run(&tool(), args), run(Path::new(STOCK), args))
}

/// Asserts that both tools print the same and end the same on `args`.
pub fn assert_same(args: &[&str]) {
    let (ours, stock) = both(args);
    assert_outcomes_equal(&ours, &stock, &args.join(" "));
}

/// Asserts that two outcomes are equal, showing the first difference.
pub fn assert_outcomes_equal(ours: &Outcome, stock: &Outcome, what: &str) {
    for (name, a, b) in [
        ("stdout", &ours.stdout, &stock.stdout),
        ("stderr", &ours.stderr, &stock.stderr),
    ] {
        if a != b {
            let line = a
                .lines()
                .zip(b.lines())
                .position(|(x, y)| x != y)
                .unwrap_or_else(|| a.lines().count().min(b.lines().count()));
            panic!(
                "{what}: {name} differs from the stock mlir-opt's at line {}:\n\
                 ours:  {:?}\nstock: {:?}\n--- ours:\n{a}\n--- stock:\n{b}",
                line + 1,
                a.lines().nth(line),
                b.lines().nth(line)
            );
        }
    }
    assert_eq!(ours.code, stock.code, "{what}: exit codes differ");
}

/// Asserts that both tools write the same bytecode for `input` (at the
/// current version and at 5, before native segment sizes), and that each
/// reads the other's as the stock tool reads its own. (Not always the text
/// it was written from: attributes without a bytecode encoding are stored
/// as text, and `#complex.number<:f32 0x7F800000, ...>`, upstream's own
/// spelling of an infinity, reads back as a double's bits, 0.)
pub fn assert_bytecode_same(input: &str) {
    for version in ["--emit-bytecode-version=6", "--emit-bytecode-version=5"] {
        let args = [input, "--emit-bytecode", version];
        let ours = run_bytes(&tool(), &args);
        let stock = run_bytes(Path::new(STOCK), &args);
        assert!(ours == stock, "{input} {version}: the bytes differ");
        let expected = run_with_input(Path::new(STOCK), &["-"], &stock);
        assert_eq!(expected.code, Some(0), "{}", expected.stderr);
        for (reader, bytes, what) in [
            (tool(), &stock, "the stock bytecode read by ours"),
            (PathBuf::from(STOCK), &ours, "ours read by the stock tool"),
        ] {
            let back = run_with_input(&reader, &["-"], bytes);
            assert_outcomes_equal(&back, &expected, &format!("{input} {version}: {what}"));
        }
    }
}
