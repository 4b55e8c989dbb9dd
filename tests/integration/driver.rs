//! `mlir-pass-opt` (MLIR's own `MlirOptMain` with the Rust passes) end to
//! end, as a user runs it: Rust and upstream passes in one textual pipeline,
//! and every kind of bad input giving exit code 1 with MLIR's diagnostics on
//! stderr (never a crash, an abort or an `LLVM ERROR`). `conformance.rs`
//! compares it flag by flag with the stock `mlir-opt`.
//!
//! The package's other suites share this binary (one link of MLIR instead
//! of three, and their tests run beside each other): the lit/FileCheck
//! suite (`lit.rs`) and the flag-by-flag comparison (`conformance.rs`).

use std::{
    io::Write,
    process::{Command, Output, Stdio},
};

mod common;
#[path = "conformance.rs"]
mod conformance;
#[path = "lit.rs"]
mod lit;
use common::{
    assert_all_llvm, assert_example_annotated_then_canonicalized, example_input, lowering_program,
    text, translate_and_run, LOWERING_PROGRAM_EXIT,
};

const DRIVER: &str = env!("CARGO_BIN_EXE_mlir-pass-opt");
const MIXED: &str = "--pass-pipeline=builtin.module(func.func(annotate-op-count),canonicalize)";

/// Runs the driver with no `LD_LIBRARY_PATH`, feeding `stdin`.
fn driver(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(DRIVER)
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the driver starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Exit code 1, `cause` on stderr, and no sign of a crash.
fn assert_fails_with(output: &Output, cause: &str) -> String {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert!(
        stderr.contains(cause),
        "expected {cause:?} in stderr: {stderr}"
    );
    for crash in ["LLVM ERROR", "panicked", "Stack dump", "Aborted"] {
        assert!(!stderr.contains(crash), "{crash} in {stderr}");
    }
    assert!(
        output.stdout.is_empty(),
        "no output on failure: {}",
        text(&output.stdout)
    );
    stderr
}

#[test]
fn runs_rust_and_upstream_passes_in_one_pipeline_on_the_bundled_example() {
    let example = example_input();
    let output = driver(&[example.to_str().unwrap(), MIXED], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_example_annotated_then_canonicalized(&text(&output.stdout));
}

#[test]
fn reads_stdin_and_writes_the_output_file() {
    let dir = tempdir();
    let out = dir.path().join("out.mlir");
    let output = driver(
        &["-", "-o", out.to_str().unwrap(), MIXED],
        "func.func @f() { return }",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(output.stdout.is_empty());
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains("func.func @f() attributes {pass.op_count = 1 : i64}"),
        "{written}"
    );
}

#[test]
fn without_a_pipeline_the_input_round_trips() {
    let output = driver(&[], "func.func @f() { return }");
    assert!(output.status.success());
    assert!(text(&output.stdout).contains("func.func @f() {"));
}

#[test]
fn dump_pass_pipeline_prints_the_parsed_pipeline_to_stderr() {
    let output = driver(&["--dump-pass-pipeline", MIXED], "");
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.starts_with("Pass Manager with 2 passes:\nbuiltin.module(\n  func.func(\n    annotate-op-count{attr-name=pass.op_count skip={}}\n  ),\n  canonicalize{"),
        "{stderr}"
    );
}

#[test]
fn rust_passes_are_flags_and_work_with_mlir_opt_flags() {
    // A Rust pass as a flag, with options as mlir-opt spells them, and
    // MLIR's IR printing, splitting and diagnostics verification.
    let output = driver(
        &[
            "--annotate-op-count=attr-name=n",
            "--split-input-file",
            "--mlir-print-ir-after-all",
        ],
        "func.func @a() { return }\n// -----\nfunc.func @b() { return }\n",
    );
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stderr}");
    assert_eq!(
        stdout.matches("attributes {n = 1 : i64}").count(),
        2,
        "{stdout}"
    );
    assert!(stdout.contains("// -----"), "{stdout}");
    assert_eq!(
        stderr.matches("// -----// IR Dump After AnnotateOpCount (annotate-op-count{attr-name=n skip={}}) //----- //").count(),
        2,
        "{stderr}"
    );
    let output = driver(
        &[
            "--verify-diagnostics",
            "--pass-pipeline=builtin.module(func.func(reject-empty-functions))",
        ],
        "// expected-error@+1 {{function body is empty}}\nfunc.func @e() { return }\n",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
}

#[test]
fn help_lists_the_rust_passes_and_version_is_mlirs() {
    let output = driver(&["--help"], "");
    let stdout = text(&output.stdout);
    assert!(output.status.success());
    assert!(
        stdout.starts_with("OVERVIEW: mlir-pass-opt: MLIR's mlir-opt with Rust passes"),
        "{stdout}"
    );
    assert!(stdout.contains("--annotate-op-count"), "{stdout}");
    assert!(
        stdout.contains("Annotates every function with the number of operations in its body."),
        "{stdout}"
    );
    assert!(stdout.contains("--example-cleanup"), "{stdout}");
    // Each option with its type and description, as for a C++ pass, the
    // type spelled as MLIR's own passes spell it (`<string>`, `<long>`).
    for (option, description) in [
        ("--attr-name=<string>", "Name of the attribute to set."),
        ("--skip=<string>", "Operations not to count, by name."),
        (
            "--exclude=<string>",
            "Comma separated list of symbols that should not be marked private.",
        ),
        (
            "--max-iterations=<long>",
            "Most passes over the function the greedy driver makes; -1 for no limit.",
        ),
        (
            "--top-down",
            "Visit operations top-down (true) or bottom-up (false).",
        ),
        ("--dce", "Erase dead private symbols."),
    ] {
        assert!(
            stdout
                .lines()
                .any(|line| line.trim_start().starts_with(&format!("{option} "))
                    && line.ends_with(&format!(" - {description}"))),
            "{option} - {description} not in:\n{stdout}"
        );
    }
    let output = driver(&["--version"], "");
    assert!(
        text(&output.stdout).contains("LLVM version 22"),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn bytecode_and_non_utf8_file_names_are_read() {
    let dir = tempdir();
    let bytecode = dir.path().join("in.mlirbc");
    let output = driver(
        &["--emit-bytecode", "-o", bytecode.to_str().unwrap()],
        "func.func @f() { return }",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    use std::os::unix::ffi::OsStrExt;
    let odd = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"caf\xe9.mlirbc"));
    std::fs::copy(&bytecode, &odd).unwrap();
    let output = Command::new(DRIVER)
        .arg(&odd)
        .arg("--annotate-op-count")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("pass.op_count = 1"));
}

#[test]
fn list_passes_shows_the_rust_passes_with_their_descriptions() {
    let output = driver(&["--list-rust-passes"], "");
    let stdout = text(&output.stdout);
    assert!(output.status.success());
    assert!(stdout.contains("  annotate-op-count - Annotates every function with the number of operations in its body.\n"), "{stdout}");
    assert!(stdout.contains("name: AnnotateOpCount, runs on: func.func, dependent dialects: func, type: mlir_pass_example_passes::AnnotateOpCount"), "{stdout}");
    assert!(
        stdout.contains("  reject-empty-functions - Rejects functions whose body is empty.\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "      attr-name=<string> (default: pass.op_count) - Name of the attribute to set.\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("      skip=<string> (default: {}) - Operations not to count, by name.\n"),
        "{stdout}"
    );
    // The passes that rewrite IR, with their options.
    for line in [
        "  fold-arith-identities - Folds integer arithmetic identities: `x+0`, `0+x`, `x-0`, `x*1`, `1*x` become `x`; `x*0`, `0*x` and `x-x` become `0`.\n",
        "      top-down=<bool> (default: true) - Visit operations top-down (true) or bottom-up (false).\n",
        "  rs-strip-debuginfo - Strips debug information: every location becomes `loc(unknown)`.\n",
        "  rs-symbol-privatize - Marks every symbol private, except those excluded.\n",
        "      exclude=<string> (default: {}) - Comma separated list of symbols that should not be marked private.\n",
        "  rs-symbol-dce - Erases dead private symbols.\n",
        "      name: CountFunctionOps, runs on: operations that implement FunctionOpInterface, dependent dialects: none, type: mlir_pass_example_passes::dynamic::CountFunctionOps\n",
        "      max-iterations=<uint> (default: 10) - The most times to run the pipeline.\n",
    ] {
        assert!(stdout.contains(line), "{line:?} not in:\n{stdout}");
    }
}

#[test]
fn a_failing_rust_pass_reports_at_the_function_and_exits_1() {
    let output = driver(
        &["--pass-pipeline=builtin.module(func.func(reject-empty-functions))", "-"],
        "func.func @full(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  return %0 : i32\n}\nfunc.func @empty() {\n  return\n}\n",
    );
    assert_fails_with(
        &output,
        "<stdin>:5:1: error: function body is empty\nfunc.func @empty() {\n^",
    );
}

#[test]
fn a_failing_pass_leaves_an_existing_output_file_alone() {
    let dir = tempdir();
    let out = dir.path().join("keep.mlir");
    std::fs::write(&out, "previous work").unwrap();
    let output = driver(
        &[
            "-o",
            out.to_str().unwrap(),
            "--pass-pipeline=builtin.module(func.func(reject-empty-functions))",
        ],
        "func.func @empty() { return }",
    );
    assert_fails_with(&output, "error: function body is empty");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "previous work");
    // Nothing is left beside it either.
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

#[test]
fn malformed_pipeline_text_is_an_error() {
    let output = driver(
        &["--pass-pipeline=builtin.module(func.func(annotate-op-count)"],
        "",
    );
    assert_fails_with(
        &output,
        "encountered unbalanced parentheses while parsing pipeline\nfunc.func(annotate-op-count\n          ^",
    );
}

#[test]
fn an_unknown_pass_name_is_an_error() {
    let output = driver(
        &["--pass-pipeline=builtin.module(func.func(annotate-op-cuont))"],
        "",
    );
    let stderr = assert_fails_with(
        &output,
        "'annotate-op-cuont' does not refer to a registered pass or pass pipeline",
    );
    // Then, once, how a Rust pass's crate gets linked.
    assert!(
        stderr.ends_with(
            "note: if 'annotate-op-cuont' is a Rust pass, its crate must be linked into this \
             tool (the linker leaves out a crate the tool never names: add `use my_passes as _;` \
             to its main.rs or call something from it)\n"
        ),
        "{stderr}"
    );
    // Only for that error: a bad option or input gets no note.
    for (args, stdin) in [
        (
            &["--pass-pipeline=builtin.module(func.func(annotate-op-count{x=1}))"][..],
            "",
        ),
        (
            &["--pass-pipeline=builtin.module(nope)"][..],
            "func.func @f( {",
        ),
    ] {
        let stderr = assert_fails_with(&driver(args, stdin), "error: ");
        assert!(!stderr.contains("note: "), "{stderr}");
    }
}

#[test]
fn an_unknown_option_is_an_error() {
    let output = driver(
        &["--pass-pipeline=builtin.module(func.func(annotate-op-count{threshold=3}))"],
        "",
    );
    assert_fails_with(
        &output,
        "pass 'annotate-op-count' has no option 'threshold'; its options are: attr-name, skip",
    );
}

#[test]
fn a_pass_under_the_wrong_anchor_is_an_error() {
    let output = driver(&["--pass-pipeline=builtin.module(annotate-op-count)"], "");
    assert_fails_with(
        &output,
        "nest it, as in builtin.module(func.func(annotate-op-count))",
    );
}

#[test]
fn an_input_that_does_not_parse_is_an_error_with_its_location() {
    let output = driver(&["-", MIXED], "func.func @f( {\n");
    assert_fails_with(
        &output,
        "<stdin>:1:14: error: expected non-function type\nfunc.func @f( {\n             ^",
    );
}

#[test]
fn a_missing_input_file_is_an_error() {
    let output = driver(&["/no/such/input.mlir", MIXED], "");
    assert_fails_with(
        &output,
        "cannot open input file '/no/such/input.mlir': No such file or directory",
    );
}

#[test]
fn an_unwritable_output_path_is_an_error() {
    let example = example_input();
    let output = driver(
        &[
            example.to_str().unwrap(),
            "-o",
            "/no/such/dir/out.mlir",
            MIXED,
        ],
        "",
    );
    assert_fails_with(
        &output,
        "error: cannot write '/no/such/dir/out.mlir': No such file or directory",
    );
    let dir = tempdir();
    let output = driver(
        &[
            example.to_str().unwrap(),
            "-o",
            dir.path().to_str().unwrap(),
            MIXED,
        ],
        "",
    );
    assert_fails_with(&output, "Is a directory");
}

/// A fresh directory under the system's temporary directory, removed with
/// its contents when the returned value is dropped (also on a panic).
fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("mlir-pass-driver-test-")
        .tempdir()
        .unwrap()
}

#[test]
fn the_example_pass_honours_attr_name_and_skip() {
    let example = example_input();
    let output = driver(
        &[
            example.to_str().unwrap(),
            "--pass-pipeline=builtin.module(func.func(annotate-op-count{attr-name=n skip=func.return,arith.addi}),canonicalize)",
            "--dump-pass-pipeline",
        ],
        "",
    );
    let stdout = text(&output.stdout);
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    // The printed pipeline carries the options, as MLIR prints them.
    assert!(
        stderr.contains("    annotate-op-count{attr-name=n skip={func.return,arith.addi}}\n"),
        "{stderr}"
    );
    // @add has arith.addi and func.return only; @fold adds 2 constants and a muli.
    assert!(
        stdout.contains("func.func @add(%arg0: i32, %arg1: i32) -> i32 attributes {n = 0 : i64}"),
        "{stdout}"
    );
    assert!(
        stdout.contains("func.func @fold() -> i32 attributes {n = 3 : i64}"),
        "{stdout}"
    );
    assert!(!stdout.contains("pass.op_count"), "{stdout}");
}

#[test]
fn a_bad_option_value_is_an_error() {
    let output = driver(
        &["--pass-pipeline=builtin.module(func.func(annotate-op-count{skip}))"],
        "",
    );
    assert_fails_with(
        &output,
        "pass 'annotate-op-count': option 'skip' needs a value, as in skip=<Vec<String>>",
    );
}

#[test]
fn pass_docs_prints_markdown() {
    let output = driver(&["--rust-pass-docs"], "");
    let stdout = text(&output.stdout);
    assert!(output.status.success());
    assert!(stdout.contains("## `-annotate-op-count`"), "{stdout}");
    assert!(
        stdout.contains(
            "| `attr-name` | `String` | `pass.op_count` | Name of the attribute to set. |"
        ),
        "{stdout}"
    );
}

#[test]
fn deep_nesting_is_survived_or_reported_never_a_signal() {
    let dir = tempdir();
    // The stock mlir-opt dies of SIGSEGV at 10,000 nested modules.
    let deep = dir.path().join("deep.mlir");
    std::fs::write(&deep, "module {".repeat(10_000) + &"}".repeat(10_000)).unwrap();
    let output = driver(&[deep.to_str().unwrap(), "--annotate-op-count"], "");
    assert!(output.status.success(), "{}", text(&output.stderr));
    // Far deeper than any stack: exit 1 and a message, not a signal.
    let deeper = dir.path().join("deeper.mlir");
    std::fs::write(
        &deeper,
        "module {".repeat(2_000_000) + &"}".repeat(2_000_000),
    )
    .unwrap();
    let output = driver(&[deeper.to_str().unwrap()], "");
    assert_fails_with(
        &output,
        "error: the input nests too deeply: MLIR ran out of stack",
    );
}

#[test]
fn an_output_that_is_not_a_regular_file_is_written_not_replaced() {
    // `-o /dev/null`, `-o pipe`: written to, never renamed over.
    use std::os::unix::fs::FileTypeExt;
    let dir = tempdir();
    let fifo = dir.path().join("pipe");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let output = driver(
        &["-", "-o", fifo.to_str().unwrap(), "--annotate-op-count"],
        "func.func @f() { return }",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let read = reader.join().unwrap();
    assert!(read.contains("pass.op_count = 1"), "{read}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    let output = driver(&["-", "-o", "/dev/null"], "func.func @f() { return }");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
}

/// Rust and C++ passes, each changing the IR or not, and a dead function.
const PRINTED: &str = "--pass-pipeline=builtin.module(func.func(fold-arith-identities,annotate-op-count),canonicalize,rs-symbol-dce)";
const PRINTED_INPUT: &str = "func.func @f(%x: i32) -> i32 {\n  %c0 = arith.constant 0 : i32\n  %a = arith.addi %x, %c0 : i32\n  return %a : i32\n}\nfunc.func private @dead() {\n  return\n}\n";

/// The IR dumps in `stderr`, each from its header line to the next one.
fn ir_dumps(stderr: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = stderr
        .match_indices("// -----// IR Dump ")
        .map(|(i, _)| i)
        .collect();
    starts.push(stderr.len());
    starts.windows(2).map(|w| &stderr[w[0]..w[1]]).collect()
}

/// The dumps MLIR's `--mlir-print-ir-before-all --mlir-print-ir-after-all`
/// prints whose header starts with one of `headers`.
fn dumps_of_every_pass_matching(headers: &[&str], extra: &[&str]) -> String {
    let mut args = vec![
        PRINTED,
        "--mlir-print-ir-before-all",
        "--mlir-print-ir-after-all",
        "--mlir-disable-threading",
    ];
    args.extend_from_slice(extra);
    let output = driver(&args, PRINTED_INPUT);
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    ir_dumps(&stderr)
        .into_iter()
        .filter(|dump| headers.iter().any(|h| dump.starts_with(h)))
        .collect()
}

#[test]
fn print_ir_before_and_after_name_rust_passes_and_print_as_mlir_does() {
    // Named, Rust and C++ passes print exactly what MLIR's own printer
    // prints for them among the dumps of every pass.
    let output = driver(
        &[
            PRINTED,
            "--mlir-print-ir-before=annotate-op-count,canonicalize",
            "--mlir-print-ir-after=rs-symbol-dce",
            "--mlir-print-ir-after=fold-arith-identities",
            "--mlir-disable-threading",
        ],
        PRINTED_INPUT,
    );
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.starts_with(
            "// -----// IR Dump After FoldArithIdentities (fold-arith-identities{max-iterations=10 top-down=true}) //----- //\nfunc.func @f(%arg0: i32) -> i32 {\n  return %arg0 : i32\n}\n\n// -----// IR Dump Before AnnotateOpCount (annotate-op-count{attr-name=pass.op_count skip={}}) //----- //\n"
        ),
        "{stderr}"
    );
    let expected = dumps_of_every_pass_matching(
        &[
            "// -----// IR Dump Before AnnotateOpCount ",
            "// -----// IR Dump Before Canonicalizer ",
            "// -----// IR Dump After RsSymbolDCE ",
            "// -----// IR Dump After FoldArithIdentities ",
        ],
        &[],
    );
    assert_eq!(ir_dumps(&stderr).len(), 6, "{stderr}");
    assert_eq!(stderr, expected);
    // The output itself is untouched.
    let plain = driver(&[PRINTED], PRINTED_INPUT);
    assert_eq!(output.stdout, plain.stdout);
}

#[test]
fn print_ir_by_name_honours_mlirs_other_print_ir_flags() {
    let run = |flags: &[&str]| {
        let mut args = vec![PRINTED, "--mlir-disable-threading"];
        args.extend_from_slice(flags);
        let output = driver(&args, PRINTED_INPUT);
        let stderr = text(&output.stderr);
        assert!(output.status.success(), "{stderr}");
        stderr
    };
    // Module scope: the whole module, and the op in the header.
    let stderr = run(&[
        "--mlir-print-ir-after=annotate-op-count",
        "--mlir-print-ir-module-scope",
    ]);
    assert_eq!(
        stderr,
        dumps_of_every_pass_matching(
            &["// -----// IR Dump After AnnotateOpCount "],
            &["--mlir-print-ir-module-scope"]
        )
    );
    assert!(
        stderr.contains("('func.func' operation: @dead) //----- //\nmodule {"),
        "{stderr}"
    );
    // After change: annotate-op-count changes both functions; fold-arith-identities
    // changes @f only.
    let stderr = run(&[
        "--mlir-print-ir-after=annotate-op-count,fold-arith-identities",
        "--mlir-print-ir-after-change",
    ]);
    assert_eq!(
        stderr.matches("IR Dump After AnnotateOpCount").count(),
        2,
        "{stderr}"
    );
    assert_eq!(
        stderr.matches("IR Dump After FoldArithIdentities").count(),
        1,
        "{stderr}"
    );
    // With every pass printed before, the named one after: one printer, in
    // order.
    let stderr = run(&[
        "--mlir-print-ir-before-all",
        "--mlir-print-ir-after=rs-symbol-dce",
    ]);
    assert_eq!(
        stderr,
        dumps_of_every_pass_matching(
            &[
                "// -----// IR Dump Before ",
                "// -----// IR Dump After RsSymbolDCE "
            ],
            &[]
        )
    );
    // One file per dump, numbered in one sequence.
    let dir = tempdir();
    let tree = dir.path().join("tree");
    let stderr = run(&[
        &format!("--mlir-print-ir-tree-dir={}", tree.display()),
        "--mlir-print-ir-before=canonicalize",
        "--mlir-print-ir-after=rs-symbol-dce",
    ]);
    assert_eq!(stderr, "");
    let module = tree.join("builtin_module_no-symbol-name");
    let mut files: Vec<String> = std::fs::read_dir(&module)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["0_canonicalize.mlir", "1_rs-symbol-dce.mlir"]);
    let dump = std::fs::read_to_string(module.join("1_rs-symbol-dce.mlir")).unwrap();
    assert!(
        dump.starts_with(
            "// -----// IR Dump After RsSymbolDCE (rs-symbol-dce) //----- //\nmodule {"
        ),
        "{dump}"
    );
    assert!(!dump.contains("@dead"), "{dump}");
}

#[test]
fn print_ir_after_a_failing_rust_pass_by_name_and_only_on_failure() {
    let input = "func.func @e() {\n  return\n}\n";
    let pipeline =
        "--pass-pipeline=builtin.module(func.func(annotate-op-count,reject-empty-functions))";
    let failed = "// -----// IR Dump After RejectEmptyFunctions Failed (reject-empty-functions) //----- //\nfunc.func @e() attributes {pass.op_count = 1 : i64} {\n  return\n}\n\n";
    let output = driver(
        &[pipeline, "--mlir-print-ir-after=reject-empty-functions"],
        input,
    );
    let stderr = assert_fails_with(&output, "error: function body is empty");
    assert!(stderr.ends_with(failed), "{stderr}");
    // Only on failure: the passes that succeed are not printed, named or not.
    let output = driver(
        &[
            pipeline,
            "--mlir-print-ir-after=annotate-op-count",
            "--mlir-print-ir-after-failure",
        ],
        input,
    );
    let stderr = assert_fails_with(&output, "function body is empty");
    assert_eq!(ir_dumps(&stderr), [failed], "{stderr}");
}

#[test]
fn print_ir_by_name_refuses_pipelines_and_unknown_names() {
    // A pipeline is never a running pass: MLIR would accept its name and
    // print nothing.
    for (flag, name) in [
        ("--mlir-print-ir-after", "example-cleanup"),
        ("--mlir-print-ir-before", "buffer-deallocation-pipeline"),
    ] {
        let output = driver(&[&format!("{flag}={name}"), PRINTED], PRINTED_INPUT);
        let stderr = assert_fails_with(
            &output,
            &format!(
                ": for the {flag} option: '{name}' is a pass pipeline, not a pass: IR is printed around passes, so name the passes it adds (--dump-pass-pipeline lists them) or use {flag}-all\n"
            ),
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    // Unknown names are MLIR's error, as before.
    let output = driver(
        &[
            "--mlir-print-ir-before=canonicalize,annotate-op-cuont",
            PRINTED,
        ],
        "",
    );
    assert_fails_with(
        &output,
        ": for the --mlir-print-ir-before option: Cannot find option named 'annotate-op-cuont'!",
    );
    // Module scope still needs one thread, as MLIR says.
    let output = driver(
        &[
            "--mlir-print-ir-after=annotate-op-count",
            "--mlir-print-ir-module-scope",
            PRINTED,
        ],
        PRINTED_INPUT,
    );
    assert_fails_with(&output, "IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.");
    // The help is MLIR's.
    let help = text(&driver(&["--help"], "").stdout);
    assert!(
        help.contains("\n  --mlir-print-ir-before=<pass-arg>  ")
            && help.contains("- Print IR before specified passes\n"),
        "{help}"
    );
}

/// `example-lower-to-llvm` alone takes the program to the `llvm` dialect
/// (a Rust pattern and upstream's populators in one full conversion), and
/// what it prints runs: `mlir-translate --mlir-to-llvmir | lli`.
#[test]
fn example_lower_to_llvm_gives_a_program_that_lli_runs() {
    let program = lowering_program();
    let output = driver(
        &[
            program.to_str().unwrap(),
            "--pass-pipeline=builtin.module(example-lower-to-llvm)",
        ],
        "",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let lowered = text(&output.stdout);
    assert_all_llvm(&lowered);
    // math.erf went to libm through the Rust pattern, declared once.
    assert_eq!(
        lowered.matches("llvm.func @erf(f64) -> f64").count(),
        1,
        "{lowered}"
    );
    assert!(lowered.contains("llvm.call @erf("), "{lowered}");
    assert_eq!(translate_and_run(&lowered), LOWERING_PROGRAM_EXIT);
}

/// An op that nothing lowers fails the pass at that op, as MLIR reports it.
#[test]
fn example_lower_to_llvm_fails_at_an_op_it_cannot_lower() {
    let output = driver(
        &["--pass-pipeline=builtin.module(example-lower-to-llvm)"],
        "func.func @f(%v: vector<2xf64>) -> vector<2xf64> {\n  %e = math.erf %v : vector<2xf64>\n  return %e : vector<2xf64>\n}\n",
    );
    assert_fails_with(
        &output,
        "<stdin>:2:8: error: failed to legalize operation 'math.erf'",
    );
}
