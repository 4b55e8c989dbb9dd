//! `toy-reduce` as its users use it: an input that makes a Rust pass fail
//! (`toy-shape-inference`, on a call of a function without a body: the
//! planted failure) is shrunk by MLIR's reducer, with a test script that
//! runs `toyc` on each candidate; a script or an input that cannot serve is
//! a message, never an abort.

use std::{
    os::unix::fs::PermissionsExt,
    path::{Path, PathBuf},
    process::{Command, Output},
};

const FAILURE: &str = "unable to infer shape of operation without shape inference interface";

/// A directory of this test's own, emptied.
fn scratch(name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .join("toy-reduce-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes an executable shell script.
fn script(path: &Path, body: &str) {
    std::fs::write(path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// The script's exit status on `input`, run through `sh`: executing the
/// file just written could fail with "Text file busy" while a process that
/// another test thread forks at that instant still holds it open for
/// writing (until it execs).
fn script_status(script: &Path, input: &Path) -> std::process::ExitStatus {
    Command::new("sh").arg(script).arg(input).status().unwrap()
}

/// The test script of a user hunting the failure: interesting (exit 1) when
/// `toyc` on the candidate fails with the planted failure's message.
fn failure_script(dir: &Path) -> PathBuf {
    let path = dir.join("check.sh");
    script(
        &path,
        &format!(
            "'{}' -x mlir \"$1\" -emit=mlir-affine 2>&1 | grep -q '{FAILURE}' && exit 1\nexit 0\n",
            env!("CARGO_BIN_EXE_toyc")
        ),
    );
    path
}

/// Toy IR with many functions and ops besides the one call that fails.
fn failing_input() -> String {
    let mut text = String::new();
    for i in 0..6 {
        text.push_str(&format!(
            "toy.func private @unused{i}(%a: tensor<*xf64>) -> tensor<*xf64> {{\n  \
             %t = toy.transpose(%a : tensor<*xf64>) to tensor<*xf64>\n  \
             %m = toy.mul %t, %a : tensor<*xf64>\n  \
             toy.return %m : tensor<*xf64>\n}}\n"
        ));
    }
    text.push_str(
        "toy.func private @external(tensor<*xf64>) -> tensor<*xf64>\n\
         toy.func @main() {\n  \
         %0 = toy.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>\n  \
         %1 = toy.transpose(%0 : tensor<2x2xf64>) to tensor<2x2xf64>\n  \
         %2 = toy.transpose(%1 : tensor<2x2xf64>) to tensor<2x2xf64>\n  \
         %3 = toy.reshape(%2 : tensor<2x2xf64>) to tensor<4xf64>\n  \
         %4 = toy.reshape(%3 : tensor<4xf64>) to tensor<2x2xf64>\n  \
         %5 = toy.cast %4 : tensor<2x2xf64> to tensor<*xf64>\n  \
         %6 = toy.generic_call @external(%5) : (tensor<*xf64>) -> tensor<*xf64>\n  \
         toy.print %6 : tensor<*xf64>\n  \
         toy.print %0 : tensor<2x2xf64>\n  \
         toy.return\n}\n",
    );
    text
}

fn reduce(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_toy-reduce"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("toy-reduce runs")
}

/// The ops of a module's text (lines with an op, that is an `=` or a
/// `toy.` op name).
fn op_count(text: &str) -> usize {
    text.lines().filter(|l| l.contains("toy.")).count()
}

#[test]
fn an_input_that_makes_a_rust_pass_fail_is_reduced_to_a_small_one_that_still_does() {
    let dir = scratch("reduce");
    let check = failure_script(&dir);
    let input = failing_input();
    std::fs::write(dir.join("failing.mlir"), &input).unwrap();
    // The script's own answer on the input: interesting.
    let status = script_status(&check, &dir.join("failing.mlir"));
    assert_eq!(status.code(), Some(1));

    let test = format!("test={}", check.display());
    let output = reduce(
        &dir,
        &[
            "failing.mlir",
            &format!("-reduction-tree=traversal-mode=0 {test}"),
            "-o",
            "reduced.mlir",
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // The candidates that did not verify are not the user's errors.
    assert_eq!(stderr, "");
    let reduced = std::fs::read_to_string(dir.join("reduced.mlir")).unwrap();
    assert!(reduced.contains("toy.generic_call @external"), "{reduced}");
    assert!(!reduced.contains("@unused"), "{reduced}");
    assert!(
        op_count(&reduced) * 3 < op_count(&input),
        "{} ops of {}:\n{reduced}",
        op_count(&reduced),
        op_count(&input)
    );
    // Still failing, with the same message.
    let status = script_status(&check, &dir.join("reduced.mlir"));
    assert_eq!(status.code(), Some(1), "{reduced}");

    // Toy's canonicalization patterns (Rust) as a reduction step: the
    // transposes and reshapes fold away, and the failure stays.
    let output = reduce(
        &dir,
        &[
            "reduced.mlir",
            &format!("-opt-reduction-pass=opt-pass=canonicalize {test}"),
            "-o",
            "canonical.mlir",
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let canonical = std::fs::read_to_string(dir.join("canonical.mlir")).unwrap();
    assert!(!canonical.contains("toy.transpose"), "{canonical}");
    assert!(!canonical.contains("toy.reshape"), "{canonical}");
    assert!(
        canonical.contains("toy.generic_call @external"),
        "{canonical}"
    );
    let status = script_status(&check, &dir.join("canonical.mlir"));
    assert_eq!(status.code(), Some(1), "{canonical}");
}

#[test]
fn an_input_the_script_calls_uninteresting_is_a_warning_with_what_to_answer() {
    let dir = scratch("uninteresting");
    std::fs::write(dir.join("input.mlir"), failing_input()).unwrap();
    script(&dir.join("passes.sh"), "exit 0\n");
    for flag in [
        "-reduction-tree=traversal-mode=0 test=./passes.sh",
        "-opt-reduction-pass=opt-pass=canonicalize test=./passes.sh",
    ] {
        let output = reduce(&dir, &["input.mlir", flag]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{flag}: {stderr}");
        assert!(
            stderr.starts_with("input.mlir: ")
                && (stderr.contains("warning: uninterested module will not be reduced")
                    || stderr.contains("error: the original input is not interested")),
            "{flag}: {stderr}"
        );
        assert!(
            stderr.contains("note: the test script says the input does not fail"),
            "{flag}: {stderr}"
        );
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_script_that_cannot_run_is_an_error_never_an_abort() {
    let dir = scratch("script");
    std::fs::write(dir.join("input.mlir"), failing_input()).unwrap();
    std::fs::write(dir.join("not-executable.sh"), "exit 1\n").unwrap();
    for (script, why) in [
        ("./missing.sh", "No such file or directory"),
        ("./not-executable.sh", "Permission denied"),
    ] {
        let flag = format!("-reduction-tree=traversal-mode=0 test={script}");
        let output = reduce(&dir, &["input.mlir", &flag]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{script}: {stderr}");
        assert_eq!(
            stderr,
            format!(
                "error: Error running interestingness test: posix_spawn failed: {why}\n\
                 note: the test script is run by its path, without a shell: give the path \
                 of an executable file (`chmod +x`, with a `#!` line if it is a script), \
                 such as `test=./check.sh`\n"
            )
        );
    }
}

#[test]
fn bad_input_and_an_unwritable_output_are_errors() {
    let dir = scratch("bad");
    let check = failure_script(&dir);
    let test = format!("-reduction-tree=traversal-mode=0 test={}", check.display());
    std::fs::write(
        dir.join("malformed.mlir"),
        "toy.func @f() {\n  %0 = toy.constant 1.0 : f64\n}\n",
    )
    .unwrap();
    let output = reduce(&dir, &["malformed.mlir", &test]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "malformed.mlir:2:21: error: custom op 'toy.constant' expected a dense elements \
         attribute, such as `dense<1.0> : tensor<f64>`\n"
    );

    let output = reduce(&dir, &["missing.mlir", &test]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "cannot open input file 'missing.mlir': No such file or directory\n"
    );

    std::fs::write(dir.join("input.mlir"), failing_input()).unwrap();
    for (output_file, why) in [
        (
            "no-such-directory/reduced.mlir",
            "its directory does not exist",
        ),
        (".", "it is a directory"),
    ] {
        let output = reduce(&dir, &["input.mlir", &test, "-o", output_file]);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            format!("error: cannot write '{output_file}': {why}\n")
        );
    }
}
