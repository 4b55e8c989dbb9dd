//! `translate_main` as a user runs it (`rtest-translate`, built from
//! `tests/src/bin`): Rust translations in both directions beside
//! upstream's, in `--help`, with errors and panics as diagnostics (exit
//! code 1, no output, never a crash), and names that are taken left out
//! with a message.

use std::{
    io::Write,
    process::{Command, Output, Stdio},
};

const TOOL: &str = env!("CARGO_BIN_EXE_rtest-translate");

/// Runs the tool with `args`, feeding `stdin`.
fn run_with(args: &[&str], stdin: &str, envs: &[(&str, &str)]) -> Output {
    let mut child = Command::new(TOOL)
        .args(args)
        .envs(envs.iter().copied())
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rtest-translate starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn run(args: &[&str], stdin: &str) -> Output {
    run_with(args, stdin, &[])
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit code 1, `cause` on stderr, nothing on stdout, no sign of a crash.
fn assert_fails_with(output: &Output, cause: &str) -> String {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.contains(cause), "expected {cause:?} in: {stderr}");
    for crash in [
        "LLVM ERROR",
        "panicked at",
        "Stack dump",
        "Aborted",
        "PLEASE submit",
    ] {
        assert!(!stderr.contains(crash), "{crash} in {stderr}");
    }
    assert!(
        output.stdout.is_empty(),
        "output on failure: {}",
        text(&output.stdout)
    );
    stderr
}

const TWO_FUNCTIONS: &str = "func.func @first() { return }\nfunc.func private @second()\n";

#[test]
fn help_lists_rust_translations_beside_upstream_ones_sorted() {
    let output = run(&["--help"], "");
    assert!(output.status.success());
    let stdout = text(&output.stdout);
    // MLIR lists the translations under one heading, sorted by name, one
    // step deeper than the flags.
    let translations: Vec<&str> = stdout
        .lines()
        .skip_while(|l| l.trim() != "Translations to perform")
        .skip(1)
        .take_while(|l| l.starts_with("      --"))
        .filter_map(|l| l.trim_start().strip_prefix("--")?.split_whitespace().next())
        .collect();
    for (flag, description) in [
        (
            "rtest-function-names",
            "Lists the names of the functions of the input",
        ),
        ("rtest-lines-to-functions", "One private function per line"),
        ("rtest-programmatic", "Added on the tool"),
        ("mlir-to-llvmir", "Translate MLIR to LLVMIR"),
        ("import-llvm", "Translate LLVMIR to MLIR"),
    ] {
        let line = stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("--{flag} ")))
            .unwrap_or_else(|| panic!("--{flag} in --help: {stdout}"));
        assert!(line.contains(description), "{line}");
    }
    let mut sorted = translations.clone();
    sorted.sort();
    assert_eq!(translations, sorted);
    for flag in [
        "rtest-programmatic",
        "mlir-to-llvmir",
        "import-llvm",
        "deserialize-spirv",
    ] {
        assert!(translations.contains(&flag), "{translations:?}");
    }
    assert!(translations.contains(&"rtest-bytes"), "{translations:?}");
}

#[test]
fn from_mlir_translation_writes_its_output() {
    let output = run(&["--rtest-function-names"], TWO_FUNCTIONS);
    assert_eq!(
        text(&output.stdout),
        "\"first\"\n\"second\"\n",
        "{}",
        text(&output.stderr)
    );
    assert!(output.status.success());
}

#[test]
fn output_is_bytes_as_written() {
    let output = run(&["--rtest-bytes"], TWO_FUNCTIONS);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(output.stdout, [0x4d, 0x4c, 0x00, 0xff, 0xfe, 0x0a]);
}

#[test]
fn programmatic_translation_runs_its_closure() {
    let output = run(&["--rtest-programmatic"], TWO_FUNCTIONS);
    assert_eq!(
        text(&output.stdout),
        "hello from a closure: builtin.module\n"
    );
}

#[test]
fn error_is_a_diagnostic_and_no_output() {
    let bad = "func.func private @bad()\n";
    let stderr = assert_fails_with(
        &run(&["--rtest-refuse"], bad),
        "<stdin>:0:0: error: rtest-refuse does not translate @bad",
    );
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    // Reported by the translation itself: its diagnostic only.
    let stderr = assert_fails_with(
        &run(&["--rtest-refuse"], "func.func private @reported()\n"),
        "error: rtest-refuse found @reported",
    );
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    // The same translation succeeds elsewhere.
    let output = run(&["--rtest-refuse"], TWO_FUNCTIONS);
    assert_eq!(text(&output.stdout), "partial output\n");
}

#[test]
fn failure_leaves_the_output_file_alone() {
    let dir = tempfile::Builder::new()
        .prefix("rtest-translate-")
        .tempdir()
        .unwrap();
    let out = dir.path().join("out.txt");
    let path = out.to_str().unwrap();
    let output = run(
        &["--rtest-refuse", "-o", path],
        "func.func private @bad()\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(!out.exists(), "a failed translation wrote {path}");
    let output = run(&["--rtest-function-names", "-o", path], TWO_FUNCTIONS);
    assert!(output.status.success());
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "\"first\"\n\"second\"\n"
    );
}

#[test]
fn panic_is_a_diagnostic_with_its_message_and_place() {
    let stderr = assert_fails_with(
        &run(&["--rtest-panic-from-mlir"], TWO_FUNCTIONS),
        "error: the translation 'rtest-panic-from-mlir' panicked: rtest-panic-from-mlir always \
         panics (at tests/src/translations.rs:",
    );
    // At the input's top-level op: the implicit module, at 0:0.
    assert!(stderr.starts_with("<stdin>:0:0: error:"), "{stderr}");
    assert_fails_with(
        &run(&["--rtest-panic-to-mlir"], "a\n"),
        "<stdin>:1:1: error: the translation 'rtest-panic-to-mlir' panicked: rtest-panic-to-mlir \
         always panics",
    );
}

#[test]
fn to_mlir_translation_prints_the_verified_module() {
    let output = run(
        &["--rtest-lines-to-functions"],
        "alpha\nbeta: the second\n\ngamma\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "module {\n  func.func private @alpha()\n  func.func private @beta()\n  \
         func.func private @gamma()\n}\n"
    );
    // Chained: its output is the next translation's input.
    let output = run(
        &["--rtest-lines-to-functions", "--rtest-function-names"],
        "alpha\nbeta\n",
    );
    assert_eq!(
        text(&output.stdout),
        "\"alpha\"\n\"beta\"\n",
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn to_mlir_error_points_at_its_line_and_column() {
    assert_fails_with(
        &run(&["--rtest-lines-to-functions"], "alpha\n  be-ta\n"),
        "<stdin>:2:3: error: 'be-ta' is not a function name",
    );
    let mut child = Command::new(TOOL)
        .arg("--rtest-lines-to-functions")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"alpha\nb\xffeta\n")
        .unwrap();
    assert_fails_with(
        &child.wait_with_output().unwrap(),
        "<stdin>:2:2: error: the translation 'rtest-lines-to-functions' reads text, but the \
         input is not UTF-8 here",
    );
}

#[test]
fn bad_input_is_mlir_s_message() {
    assert_fails_with(
        &run(&["--rtest-function-names"], "func.func @f( {"),
        "<stdin>:1:",
    );
    // A dialect no one registered: MLIR's own error, as mlir-translate's.
    assert_fails_with(
        &run(&["--rtest-function-names"], "nodialect.op\n"),
        "error: Dialect `nodialect' not found for custom op 'nodialect.op'",
    );
}

#[test]
fn rust_dialects_are_available_to_rust_translations() {
    let output = run(
        &["--rtest-function-names"],
        "func.func @f(%a: f64) {\n  rtest.print %a : f64\n  return\n}\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "\"f\"\n");
}

#[test]
fn taken_and_bad_names_are_left_out_with_a_message() {
    let output = run_with(
        &["--rtest-bytes"],
        TWO_FUNCTIONS,
        &[("RTEST_TRANSLATE_CONFLICTS", "1")],
    );
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // The first of two translations of one name is the one that runs.
    assert_eq!(output.stdout, [0x4d, 0x4c, 0x00, 0xff, 0xfe, 0x0a]);
    for expected in [
        "error: a translation or flag is already named 'mlir-to-llvmir'; the Rust translation \
         'mlir-to-llvmir' was not registered",
        "error: two Rust translations are named 'rtest-bytes'; the second was not registered",
        "error: a translation or flag is already named 'split-input-file'",
        "error: a translation or flag is already named 'o'",
        "error: the Rust translation '-dash' cannot be a flag: it starts with '-'",
        "error: the Rust translation 'with space' cannot be a flag",
    ] {
        assert!(
            stderr.contains(expected),
            "expected {expected:?} in: {stderr}"
        );
    }
    for crash in ["LLVM ERROR", "registered more than once", "Aborted"] {
        assert!(!stderr.contains(crash), "{crash} in {stderr}");
    }
    // Upstream's translation keeps its flag.
    let output = run_with(
        &["--mlir-to-llvmir"],
        "llvm.func @f() { llvm.return }\n",
        &[("RTEST_TRANSLATE_CONFLICTS", "1")],
    );
    assert!(
        text(&output.stdout).contains("define void @f()"),
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn split_input_file_and_verify_diagnostics_work_on_rust_translations() {
    // Each chunk is translated on its own: the first one's output is
    // written, the second one's error is reported in its chunk.
    let output = run(
        &["--rtest-refuse", "--split-input-file"],
        "func.func private @ok()\n// -----\nfunc.func private @bad()\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(text(&output.stdout), "partial output\n\n");
    assert!(
        text(&output.stderr).contains(
            "within split at <stdin>:2 offset :0:0: error: rtest-refuse does not translate @bad"
        ),
        "{}",
        text(&output.stderr)
    );
    // The translation's diagnostics are checked as C++ translations' are.
    let expected = "// expected-error @below {{rtest-refuse found @reported}}\n\
                    func.func private @reported()\n";
    let output = run(
        &[
            "--rtest-refuse",
            "--verify-diagnostics",
            "--no-implicit-module",
        ],
        expected,
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let output = run(
        &[
            "--rtest-refuse",
            "--verify-diagnostics",
            "--no-implicit-module",
        ],
        "func.func private @reported()\n",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("unexpected error: rtest-refuse found @reported"));
}
