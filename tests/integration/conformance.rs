//! `mlir-pass-opt` against the stock `mlir-opt` with the example plugin
//! loaded: the same flags on the same input give the same stdout, the same
//! stderr (once the program's name is set aside) and the same exit code.
//! Rust passes are named in `--pass-pipeline` (in the stock tool a plugin's
//! passes are registered too late to be flags).

use crate::common::example_plugin;

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
    sync::OnceLock,
};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";
const DRIVER: &str = env!("CARGO_BIN_EXE_mlir-pass-opt");

/// The input files, written once per test process: the tests run in
/// parallel, and rewriting a file that another test's tool is reading would
/// hand it a truncated input.
fn inputs() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(write_inputs).clone()
}

/// Writes the inputs into a fixed directory of Cargo's scratch space for
/// integration tests (inside the target directory): a temporary directory
/// held by the static would never be removed (statics are not dropped).
/// Each file is written whole under another name and renamed into place,
/// so that processes running these tests at once (a test runner that gives
/// each test a process, two runs of the suite) never read a partial one.
fn write_inputs() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mlir-pass-conformance");
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let staging = dir.join(format!(".{name}.{}", std::process::id()));
        std::fs::write(&staging, text).unwrap();
        std::fs::rename(&staging, dir.join(name)).unwrap();
    };
    write("mixed.mlir", "func.func @f(%x: i32) -> i32 {\n  %c0 = arith.constant 0 : i32\n  %c2 = arith.constant 2 : i32\n  %a = arith.addi %x, %c0 : i32\n  %m = arith.muli %a, %c2 : i32\n  return %m : i32\n} loc(\"src.c\":4:2)\nfunc.func private @dead() {\n  return\n}\nfunc.func @g(%n: index) -> index {\n  %lo = arith.constant 0 : index\n  %one = arith.constant 1 : index\n  %r = scf.for %i = %lo to %n step %one iter_args(%acc = %lo) -> (index) {\n    %s = arith.addi %acc, %i : index\n    scf.yield %s : index\n  }\n  return %r : index\n}\n",
    );
    write("split.mlir", "func.func @one() {\n  return\n}\n// -----\nfunc.func @two(%x: i8) -> i8 {\n  %z = arith.constant 0 : i8\n  %y = arith.subi %x, %z : i8\n  return %y : i8\n}\n",
    );
    write("diagnostics.mlir", "// expected-error@+1 {{function body is empty}}\nfunc.func @empty() {\n  return\n}\n// -----\nfunc.func @fine(%x: i1) -> i1 {\n  %y = arith.andi %x, %x : i1\n  return %y : i1\n}\n",
    );
    write(
        "unregistered.mlir",
        "func.func @u() {\n  \"mine.op\"() {k = 1 : i32} : () -> ()\n  return\n}\n",
    );
    write("broken.mlir", "func.func @b( {\n");
    write("constants.mlir", "func.func @c() -> tensor<4xi32> {\n  %t = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>\n  return %t : tensor<4xi32>\n}\n",
    );
    dir
}

fn run(program: &str, dir: &Path, args: &[&str], plugin: Option<&Path>) -> Output {
    let mut command = Command::new(program);
    if let Some(plugin) = plugin {
        command.arg(format!("--load-pass-plugin={}", plugin.display()));
    }
    command
        .args(args)
        .current_dir(dir)
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .unwrap()
}

/// Stderr with each program's name removed: its path, as MLIR prints it in
/// messages, and its file name, as LLVM's command line parser starts its
/// errors with.
fn normalized_stderr(output: &Output, program: &str) -> String {
    let name = Path::new(program).file_name().unwrap().to_str().unwrap();
    String::from_utf8_lossy(&output.stderr)
        .replace(program, "<tool>")
        .split_inclusive('\n')
        .map(|line| match line.strip_prefix(name) {
            Some(rest) if rest.starts_with(": ") => format!("<tool>{rest}"),
            _ => line.to_owned(),
        })
        .collect()
}

/// The note mlir-pass-opt adds after MLIR's error for an unknown pass name,
/// for the pass `name`.
fn unknown_pass_note(name: &str) -> String {
    format!(
        "note: if '{name}' is a Rust pass, its crate must be linked into this tool (the linker \
         leaves out a crate the tool never names: add `use my_passes as _;` to its main.rs or \
         call something from it)\n"
    )
}

/// `stderr` without that note, a difference on purpose (see
/// `an_unknown_pass_name_gets_one_note_more_on_purpose`).
fn without_unknown_pass_note(stderr: &str) -> String {
    stderr
        .split_inclusive('\n')
        .filter(|line| !(line.starts_with("note: if '") && line.contains("' is a Rust pass, its")))
        .collect()
}

const MIXED: &str =
    "--pass-pipeline=builtin.module(func.func(fold-arith-identities,annotate-op-count),canonicalize,rs-symbol-dce)";

/// Each case: the input file and the flags.
const CASES: &[(&str, &[&str])] = &[
    ("mixed.mlir", &[MIXED]),
    // IR dumps of function passes come in thread order: one thread.
    (
        "mixed.mlir",
        &[
            MIXED,
            "--mlir-print-ir-after-all",
            "--mlir-disable-threading",
        ],
    ),
    (
        "mixed.mlir",
        &[
            MIXED,
            "--mlir-print-ir-before-all",
            "--mlir-disable-threading",
        ],
    ),
    (
        "mixed.mlir",
        &[
            MIXED,
            "--mlir-print-ir-after-change",
            "--mlir-disable-threading",
        ],
    ),
    (
        "mixed.mlir",
        &[
            MIXED,
            "--mlir-print-ir-after-all",
            "--mlir-print-ir-module-scope",
            "--mlir-disable-threading",
        ],
    ),
    // C++ passes named: mlir-pass-opt sets the printer up itself (so that
    // Rust passes can be named too), exactly as MLIR does.
    (
        "mixed.mlir",
        &[
            MIXED,
            "--mlir-print-ir-after=canonicalize",
            "--mlir-disable-threading",
        ],
    ),
    (
        "mixed.mlir",
        &[
            MIXED,
            "--mlir-print-ir-before=canonicalize,cse",
            "--mlir-print-ir-after-all",
            "--mlir-print-ir-after-change",
            "--mlir-disable-threading",
        ],
    ),
    (
        "mixed.mlir",
        &[
            MIXED,
            "--mlir-print-ir-after=canonicalize",
            "--mlir-print-ir-module-scope",
            "--mlir-disable-threading",
        ],
    ),
    (
        "mixed.mlir",
        &[
            MIXED,
            "--mlir-print-ir-before=canonicalize",
            "--mlir-print-ir-module-scope",
        ],
    ),
    (
        "mixed.mlir",
        &[MIXED, "--mlir-print-ir-before=canonicalise"],
    ),
    (
        "diagnostics.mlir",
        &[
            "--split-input-file",
            "--pass-pipeline=builtin.module(func.func(reject-empty-functions))",
            "--mlir-print-ir-after=canonicalize",
            "--mlir-print-ir-after-failure",
        ],
    ),
    ("mixed.mlir", &[MIXED, "--mlir-print-debuginfo"]),
    (
        "mixed.mlir",
        &[MIXED, "--mlir-print-debuginfo", "--mlir-pretty-debuginfo"],
    ),
    ("mixed.mlir", &[MIXED, "--mlir-print-op-generic"]),
    ("mixed.mlir", &[MIXED, "--mlir-print-local-scope"]),
    ("mixed.mlir", &[MIXED, "--mlir-print-value-users"]),
    ("mixed.mlir", &[MIXED, "--mlir-print-unique-ssa-ids"]),
    ("mixed.mlir", &[MIXED, "--mlir-disable-threading"]),
    ("mixed.mlir", &[MIXED, "--verify-each=false"]),
    ("mixed.mlir", &[MIXED, "--dump-pass-pipeline"]),
    ("mixed.mlir", &[MIXED, "--emit-bytecode"]),
    ("mixed.mlir", &[MIXED, "-o", "-"]),
    (
        "mixed.mlir",
        &[
            "--pass-pipeline=builtin.module(rs-strip-debuginfo,rs-symbol-privatize{exclude=f})",
            "--mlir-print-debuginfo",
        ],
    ),
    (
        "mixed.mlir",
        &["--pass-pipeline=builtin.module(example-cleanup{dce=false})"],
    ),
    ("mixed.mlir", &["-cse", "-canonicalize"]),
    ("mixed.mlir", &["--symbol-dce", "--mlir-print-op-generic"]),
    (
        "mixed.mlir",
        &[
            "--no-implicit-module",
            "--pass-pipeline=builtin.module(func.func(annotate-op-count))",
        ],
    ),
    (
        "mixed.mlir",
        &["--pass-pipeline=builtin.module(func.func(annotate-op-cuont))"],
    ),
    (
        "mixed.mlir",
        &["--pass-pipeline=builtin.module(func.func(annotate-op-count{bogus=1}))"],
    ),
    (
        "mixed.mlir",
        &["--pass-pipeline=builtin.module(annotate-op-count"],
    ),
    ("mixed.mlir", &[]),
    (
        "split.mlir",
        &[
            "--split-input-file",
            "--pass-pipeline=builtin.module(func.func(fold-arith-identities,annotate-op-count))",
        ],
    ),
    (
        "split.mlir",
        &[
            "-split-input-file",
            "-mlir-print-ir-after-all",
            "-mlir-disable-threading",
            "--pass-pipeline=builtin.module(func.func(annotate-op-count))",
        ],
    ),
    (
        "diagnostics.mlir",
        &[
            "--split-input-file",
            "--verify-diagnostics",
            "--pass-pipeline=builtin.module(func.func(reject-empty-functions))",
        ],
    ),
    (
        "diagnostics.mlir",
        &[
            "--split-input-file",
            "--pass-pipeline=builtin.module(func.func(reject-empty-functions))",
        ],
    ),
    (
        "unregistered.mlir",
        &[
            "--allow-unregistered-dialect",
            "--pass-pipeline=builtin.module(func.func(annotate-op-count))",
        ],
    ),
    (
        "unregistered.mlir",
        &["--pass-pipeline=builtin.module(func.func(annotate-op-count))"],
    ),
    (
        "broken.mlir",
        &["--pass-pipeline=builtin.module(func.func(annotate-op-count))"],
    ),
    (
        "constants.mlir",
        &["--mlir-elide-elementsattrs-if-larger=2"],
    ),
    (
        "constants.mlir",
        &["--mlir-print-elementsattrs-with-hex-if-larger=2"],
    ),
    ("missing.mlir", &["--canonicalize"]),
];

#[test]
fn every_case_matches_the_stock_mlir_opt() {
    assert!(CASES.len() >= 30);
    let dir = inputs();
    let plugin = example_plugin();
    let mut mismatches = Vec::new();
    for (input, flags) in CASES {
        let mut args: Vec<&str> = vec![input];
        args.extend_from_slice(flags);
        let stock = run(MLIR_OPT, &dir, &args, Some(&plugin));
        let ours = run(DRIVER, &dir, &args, None);
        let (stock_err, our_err) = (
            normalized_stderr(&stock, MLIR_OPT),
            without_unknown_pass_note(&normalized_stderr(&ours, DRIVER)),
        );
        if stock.status.code() != ours.status.code()
            || stock.stdout != ours.stdout
            || stock_err != our_err
        {
            mismatches.push(format!(
                "{input} {flags:?}:\n  exit {:?} vs {:?}\n  --- mlir-opt stdout\n{}\n  --- mlir-pass-opt stdout\n{}\n  --- mlir-opt stderr\n{stock_err}\n  --- mlir-pass-opt stderr\n{our_err}",
                stock.status.code(),
                ours.status.code(),
                String::from_utf8_lossy(&stock.stdout),
                String::from_utf8_lossy(&ours.stdout),
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} cases differ:\n{}",
        mismatches.len(),
        CASES.len(),
        mismatches.join("\n\n")
    );
}

#[test]
fn the_one_known_difference_is_mlir_opts_test_dialects() {
    // Debian's mlir-opt is built with MLIR's test dialects, which are not in
    // libMLIR.so: everything else it registers, mlir-pass-opt registers too.
    let dir = inputs();
    let stock = run(
        MLIR_OPT,
        &dir,
        &["--show-dialects"],
        Some(&example_plugin()),
    );
    let ours = run(DRIVER, &dir, &["--show-dialects"], None);
    let list = |o: &Output| -> Vec<String> {
        String::from_utf8_lossy(&o.stdout)
            .trim()
            .trim_start_matches("Available Dialects: ")
            .split(',')
            .map(str::to_owned)
            .collect()
    };
    let (stock, ours) = (list(&stock), list(&ours));
    let missing: Vec<_> = stock
        .iter()
        .filter(|d| !ours.contains(d))
        .cloned()
        .collect();
    assert_eq!(missing, ["test", "test_dyn", "test_irdl_to_cpp"]);
    assert!(ours.iter().all(|d| stock.contains(d)));
}

#[test]
fn crash_reproducers_are_the_same() {
    let dir = inputs();
    let pipeline =
        "--pass-pipeline=builtin.module(func.func(annotate-op-count,reject-empty-functions))";
    let stock = run(
        MLIR_OPT,
        &dir,
        &[
            "diagnostics.mlir",
            pipeline,
            "--mlir-pass-pipeline-crash-reproducer=stock.repro.mlir",
        ],
        Some(&example_plugin()),
    );
    let ours = run(
        DRIVER,
        &dir,
        &[
            "diagnostics.mlir",
            pipeline,
            "--mlir-pass-pipeline-crash-reproducer=ours.repro.mlir",
        ],
        None,
    );
    assert_eq!(stock.status.code(), Some(1));
    assert_eq!(ours.status.code(), Some(1));
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let (stock_repro, our_repro) = (read("stock.repro.mlir"), read("ours.repro.mlir"));
    assert!(
        our_repro.contains("annotate-op-count{attr-name=pass.op_count skip={}}"),
        "{our_repro}"
    );
    assert_eq!(our_repro, stock_repro);
    // And the reproducer runs again in mlir-pass-opt.
    let again = run(DRIVER, &dir, &["ours.repro.mlir", "--run-reproducer"], None);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("function body is empty"));
}

#[test]
fn print_ir_by_name_is_a_difference_on_purpose() {
    // The stock mlir-opt makes its list of names before the plugin is
    // loaded, so a Rust pass's name is unknown there; mlir-pass-opt prints
    // around it.
    let dir = inputs();
    let args = [
        "mixed.mlir",
        MIXED,
        "--mlir-print-ir-after=annotate-op-count",
        "--mlir-disable-threading",
    ];
    let stock = run(MLIR_OPT, &dir, &args, Some(&example_plugin()));
    assert_eq!(stock.status.code(), Some(1));
    assert_eq!(
        normalized_stderr(&stock, MLIR_OPT),
        "<tool>: for the --mlir-print-ir-after option: Cannot find option named 'annotate-op-count'!\n"
    );
    let ours = run(DRIVER, &dir, &args, None);
    assert_eq!(ours.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&ours.stderr)
            .matches("// -----// IR Dump After AnnotateOpCount (annotate-op-count{attr-name=pass.op_count skip={}}) //----- //\nfunc.func @")
            .count(),
        2
    );
    // A pipeline's name: the stock tool accepts it and prints nothing (a
    // pipeline never runs as a pass); mlir-pass-opt says so.
    let args = [
        "mixed.mlir",
        MIXED,
        "--mlir-print-ir-before=buffer-deallocation-pipeline",
    ];
    let stock = run(MLIR_OPT, &dir, &args, Some(&example_plugin()));
    assert_eq!(stock.status.code(), Some(0));
    assert!(stock.stderr.is_empty());
    let ours = run(DRIVER, &dir, &args, None);
    assert_eq!(ours.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&ours.stderr)
            .contains("'buffer-deallocation-pipeline' is a pass pipeline, not a pass"),
        "{}",
        String::from_utf8_lossy(&ours.stderr)
    );
}

#[test]
fn an_unknown_pass_name_gets_one_note_more_on_purpose() {
    // MLIR's error, once for each chunk of the input, then one note saying
    // how a Rust pass's crate gets linked (the stock tool has no such
    // pass: its plugin registers every pass it links).
    let dir = inputs();
    let args = [
        "split.mlir",
        "--split-input-file",
        "--pass-pipeline=builtin.module(func.func(annotate-op-cuont))",
    ];
    let stock = run(MLIR_OPT, &dir, &args, Some(&example_plugin()));
    let ours = run(DRIVER, &dir, &args, None);
    assert_eq!(stock.status.code(), Some(1));
    assert_eq!(ours.status.code(), Some(1));
    assert_eq!(ours.stdout, stock.stdout);
    let stock_err = normalized_stderr(&stock, MLIR_OPT);
    assert!(
        stock_err
            .matches("'annotate-op-cuont' does not refer to a registered pass or pass pipeline")
            .count()
            > 1,
        "{stock_err}"
    );
    assert_eq!(
        normalized_stderr(&ours, DRIVER),
        stock_err + &unknown_pass_note("annotate-op-cuont")
    );
}
