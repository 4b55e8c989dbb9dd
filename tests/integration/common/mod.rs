//! What the end-to-end tests of `mlir-pass-opt` and of the `mlir-opt` plugin
//! share: the bundled example and what running it through
//! `annotate-op-count` then `canonicalize` must print.

// Each test binary uses some of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The stock `mlir-opt` on `source`, written as `input.mlir` in a scratch
/// directory removed afterwards, with `args` before the file: its output,
/// and the file's path as its diagnostics name it.
pub fn stock_mlir_opt(source: &str, args: &[&str]) -> (std::process::Output, String) {
    stock_tool("/usr/lib/llvm-22/bin/mlir-opt", source, args)
}

/// [`stock_mlir_opt`] for another of LLVM's tools (`mlir-translate`).
pub fn stock_tool(tool: &str, source: &str, args: &[&str]) -> (std::process::Output, String) {
    let dir = tempfile::Builder::new()
        .prefix("mlir-pass-stock-")
        .tempdir()
        .unwrap();
    let file = dir.path().join("input.mlir");
    std::fs::write(&file, source).unwrap();
    let output = std::process::Command::new(tool)
        .args(args)
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{tool} (mlir-22-tools) runs: {e}"));
    (output, file.display().to_string())
}

/// The standard output of [`stock_mlir_opt`], which must succeed.
pub fn stock_mlir_opt_stdout(source: &str, args: &[&str]) -> String {
    let (output, _) = stock_mlir_opt(source, args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// `target/debug`, from the running test's own path
/// (`target/debug/deps/<test>-*`).
pub fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).unwrap().to_owned()
}

/// The example plugin, which `cargo test --workspace` (the workspace test
/// command) builds; a package's tests run alone need
/// `cargo build -p mlir-pass-example-plugin` first. (A dev-dependency would
/// build it too, but also in the static link mode, where a plugin refuses
/// to build.)
pub fn example_plugin() -> PathBuf {
    let candidates = [
        target_dir().join("deps/libmlir_pass_example_plugin.so"),
        target_dir().join("libmlir_pass_example_plugin.so"),
    ];
    candidates
        .iter()
        .find(|p| p.exists())
        .cloned()
        .unwrap_or_else(|| {
            panic!(
                "the example plugin is not built: run `cargo test --workspace`, \
                 or `cargo build -p mlir-pass-example-plugin` first"
            )
        })
}

/// `examples/inputs/example.mlir`. Both test targets belong to packages in
/// `examples/`, so the path is relative to their manifests.
pub fn example_input() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../inputs/example.mlir")
}

/// Lossy UTF-8, for process output.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The example after `annotate-op-count` (Rust) then `canonicalize` (C++):
/// counts taken before folding, and the constant arithmetic folded.
pub fn assert_example_annotated_then_canonicalized(stdout: &str) {
    for expected in [
        "func.func @add(%arg0: i32, %arg1: i32) -> i32 attributes {pass.op_count = 2 : i64}",
        "func.func @fold() -> i32 attributes {pass.op_count = 5 : i64}",
        "func.func @loop(%arg0: index) -> index attributes {pass.op_count = 6 : i64}",
        "%c6_i32 = arith.constant 6 : i32",
    ] {
        assert!(
            stdout.contains(expected),
            "expected {expected:?} in:\n{stdout}"
        );
    }
    assert!(
        !stdout.contains("arith.muli"),
        "canonicalize folded the muli:\n{stdout}"
    );
}

/// What `probe-constants` must find in `tests/inputs/constants.mlir`, in
/// this process and in the stock `mlir-opt` with the plugin alike.
pub fn assert_constant_probes(out: &str) {
    let expect = |value: &str, attrs: &str| {
        let line = out
            .lines()
            .find(|l| l.trim_end().ends_with(value))
            .unwrap_or_else(|| panic!("no op printed with `{value}` in\n{out}"));
        assert!(
            line.contains(attrs),
            "`{value}`: expected {{{attrs}...}} in\n{line}"
        );
    };
    expect("-7 : i32", "probe.int = -7 : i64, probe.splat = false, probe.uint = 4294967289 : ui64, probe.width = 32");
    expect(
        " true",
        "probe.int = -1 : i64, probe.splat = false, probe.uint = 1 : ui64, probe.width = 1 ",
    );
    expect(
        "42 : index",
        "probe.int = 42 : i64, probe.splat = false, probe.uint = 42 : ui64, probe.width = 64",
    );
    // Wider than 64 bits: neither reading fits; -3 still fits signed.
    expect(
        "18446744073709551621 : i128",
        "{probe.constant = 18446744073709551621 : i128, probe.splat = false, probe.width = 128",
    );
    expect(
        "-3 : i128",
        "probe.int = -3 : i64, probe.splat = false, probe.width = 128",
    );
    expect(
        "-1 : i64",
        "probe.int = -1 : i64, probe.splat = false, probe.uint = 18446744073709551615 : ui64",
    );
    expect(
        "dense<5> : vector<4xi32>",
        "probe.int = 5 : i64, probe.splat = true, probe.uint = 5 : ui64, probe.width = 32",
    );
    expect("dense<2.500000e+00> : tensor<2x3xf32>", "probe.exact = true, probe.float = 2.500000e+00 : f64, probe.splat = true, probe.width = 32");
    // Not a splat: a constant, but neither an int nor a float one.
    expect(
        "dense<[1, 2, 3, 4]> : vector<4xi32>",
        "{probe.constant = dense<[1, 2, 3, 4]> : vector<4xi32>}",
    );
    expect(
        "1.500000e+00 : f16",
        "probe.float = 1.500000e+00 : f64, probe.splat = false, probe.width = 16",
    );
    expect("-0.000000e+00 : f64", "probe.float = -0.000000e+00 : f64");
    expect(": f128", "probe.exact = true, probe.float = 1.000000e-01 : f64, probe.splat = false, probe.width = 128");
    expect(": i16", "probe.constant = 9 : i16, probe.int = 9 : i64");
    expect(" 11", "probe.constant = 11 : index, probe.int = 11 : i64");
    for not_constant in ["arith.addi", "test.unregistered"] {
        let line = out.lines().find(|l| l.contains(not_constant)).unwrap();
        assert!(!line.contains("probe."), "{line}");
    }
}

/// What `probe-analyses` must find in `tests/inputs/analyses.mlir`, in this
/// process and in the stock `mlir-opt` with the plugin alike: the answers
/// of MLIR's C++ (`DominanceInfo`, `isOpTriviallyDead`, `OperationEquivalence`,
/// ...) on these ops.
pub fn assert_analysis_probes(out: &str) {
    let expect = |op: &str, attrs: &[&str]| {
        let line = out
            .lines()
            .find(|l| l.contains(op))
            .unwrap_or_else(|| panic!("no op printed with `{op}` in\n{out}"));
        for attr in attrs {
            assert!(line.contains(attr), "`{op}`: expected {attr} in\n{line}");
        }
    };
    // The module's body is a graph region; an unnamed module is no symbol
    // (`SymbolOpInterface` needs a name on an optional symbol), a named one is.
    expect(
        "module attributes",
        &[
            "probe.optional_symbol = false",
            "probe.ssa = false",
            "probe.traits = [\"isolated\"]",
        ],
    );
    expect(
        "module @inner",
        &["probe.optional_symbol = true", "probe.ssa = false"],
    );
    // Dominance and post-dominance in a diamond.
    expect(
        "func.func @dominance",
        &[
            "probe.dom_children = [[1 : index, 3 : index, 2 : index], [], [], []]",
            "probe.post_children = [[], [], [], [1 : index, 0 : index, 2 : index]]",
            "probe.ssa = true",
            "probe.declaration = false",
        ],
    );
    expect(
        "arith.addi %arg1, %arg1",
        &[
            "probe.dominated_by = []",
            "probe.post_dominated_by = [3 : index, 4 : index]",
            "probe.operands_dominate = [true, true]",
        ],
    );
    expect(
        "arith.muli %0, %0",
        &[
            "probe.dominated_by = [0 : index]",
            "probe.post_dominated_by = [3 : index, 4 : index]",
        ],
    );
    expect(
        "arith.subi %0, %arg1",
        &[
            "probe.dominated_by = [0 : index]",
            "probe.post_dominated_by = [3 : index, 4 : index]",
        ],
    );
    expect(
        "arith.xori",
        &[
            "probe.dominated_by = [0 : index]",
            "probe.post_dominated_by = [4 : index]",
            "probe.operands_dominate = [true, true]",
        ],
    );
    expect(
        "cf.cond_br",
        &["probe.effects = []", "probe.traits = [\"terminator\"]"],
    );
    // Effects.
    expect(
        "memref.load",
        &[
            "probe.effects = [\"read operand 0 <Default>\"]",
            "probe.flags = \"would_be_dead\"",
            "probe.access = \"only_reads\"",
        ],
    );
    expect(
        "memref.store %arg2",
        &[
            "probe.effects = [\"write operand 1 <Default>\"]",
            "probe.flags = \"\"",
            "probe.access = \"may_write\"",
        ],
    );
    expect(
        "memref.alloc()",
        &[
            "probe.effects = [\"allocate result 0 <Default>\"]",
            "probe.flags = \"would_be_dead\"",
            "probe.access = \"\"",
        ],
    );
    expect(
        "memref.dealloc",
        &[
            "probe.effects = [\"free operand 0 <Default>\"]",
            "probe.flags = \"\"",
        ],
    );
    expect(
        "memref.alloca()",
        &[
            "probe.effects = [\"allocate result 0 AutomaticAllocationScope\"]",
            "probe.flags = \"would_be_dead,dead\"",
        ],
    );
    expect(
        "arith.andi",
        &[
            "probe.effects = []",
            "probe.flags = \"free,speculatable,pure,would_be_dead,dead\"",
            "probe.access = \"\"",
            "probe.traits = [\"commutative\"]",
        ],
    );
    // Division may trap: effect free, not speculatable.
    expect(
        "arith.divsi",
        &["probe.flags = \"free,would_be_dead,dead\""],
    );
    expect("arith.constant", &["probe.traits = [\"constant_like\"]"]);
    // An unregistered op: dominance as for any op; its region is taken as a
    // graph region (MLIR's `DominanceInfo` does so); unknown effects,
    // nothing assumed.
    expect(
        "probe.id = 4",
        &[
            "probe.ssa = false",
            "probe.dominated_by = [0 : index, 3 : index]",
            "probe.post_dominated_by = []",
            "probe.operands_dominate = [true]",
            "probe.effects = \"unknown\"",
            "probe.flags = \"\"",
        ],
    );
    expect(
        "\"test.unregistered\"(%arg2)",
        &[
            "probe.effects = \"unknown\"",
            "probe.flags = \"\"",
            "probe.access = \"may_write\"",
        ],
    );
    // Loops and region branches; the invariant muli was hoisted before the loop.
    expect(
        "probe.effects = \"unknown\", probe.entry_successors = [\"region0(0)\", \"parent(0)\"]",
        &[
            "probe.loop_regions = 1 : index",
            "probe.access = \"may_write\"",
            "probe.recursive = [\"write value <Default>\"]",
            "probe.region_successors = [[\"region0(0)\", \"parent(0)\"]]",
            "probe.traits = [\"recursive_effects\", \"loop_like\", \"region_branch\"]",
        ],
    );
    expect(
        "arith.muli %arg2, %c7_i32",
        &[
            "probe.hoist",
            "probe.invariant = [true, true]",
            "probe.all_invariant = true",
        ],
    );
    let hoisted = out.find("arith.muli %arg2, %c7_i32").unwrap();
    assert!(
        hoisted < out.find("scf.for").unwrap(),
        "not hoisted:\n{out}"
    );
    expect(
        "arith.addi %3, %0",
        &[
            "probe.invariant = [false, true]",
            "probe.all_invariant = false",
        ],
    );
    expect(
        "memref.store %7",
        &["probe.invariant = [false, true, false]"],
    );
    expect(
        "probe.entry_successors = [\"region0(0)\", \"region1(0)\"]",
        &[
            "probe.flags = \"free,speculatable,pure,would_be_dead\"",
            "probe.recursive = []",
            "probe.region_successors = [[\"parent(1)\"], [\"parent(1)\"]]",
            "probe.traits = [\"recursive_effects\", \"region_branch\"]",
        ],
    );
    // CSE's equivalence: locations ignored, commutative operands sorted,
    // attributes compared.
    expect(
        "%1 = arith.addi %arg0, %arg1 {",
        &["probe.equiv_first = 0 ", "probe.hash_first = 0 "],
    );
    expect(
        "%2 = arith.addi %arg1, %arg0",
        &["probe.equiv_first = 0 ", "probe.hash_first = 0 "],
    );
    expect(
        "overflow<nsw>",
        &["probe.equiv_first = 3 ", "probe.hash_first = 3 "],
    );
    expect("%4 = arith.subi %arg0, %arg1", &["probe.equiv_first = 4 "]);
    expect(
        "func.func private @external",
        &["probe.declaration = true", "probe.ssa = true"],
    );
}

/// `tests/inputs/conversion/lower-to-llvm/program.mlir`: a `main` of `func`,
/// `arith`, `cf`, `math`, `index` and `vector` ops that returns 213.
pub fn lowering_program() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/inputs/conversion/lower-to-llvm/program.mlir")
}

/// What the lowering program returns.
pub const LOWERING_PROGRAM_EXIT: i32 = 213;

/// Translates `llvm_dialect` (a module in the `llvm` dialect) to LLVM IR
/// with `mlir-translate --mlir-to-llvmir` and runs it with `lli`: `main`'s
/// return value (the exit code).
pub fn translate_and_run(llvm_dialect: &str) -> i32 {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let run = |tool: &str, args: &[&str], input: &[u8]| {
        let mut child = Command::new(format!("/usr/lib/llvm-22/bin/{tool}"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{tool} (llvm-22 tools) runs: {e}"));
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait_with_output().unwrap()
    };
    let translated = run(
        "mlir-translate",
        &["--mlir-to-llvmir"],
        llvm_dialect.as_bytes(),
    );
    assert!(
        translated.status.success(),
        "mlir-translate refused the lowering: {}\n{llvm_dialect}",
        text(&translated.stderr)
    );
    let ran = run("lli", &[], &translated.stdout);
    assert!(ran.stderr.is_empty(), "lli: {}", text(&ran.stderr));
    ran.status.code().expect("lli exits with main's value")
}

/// Every op of a lowered module is in the `llvm` dialect (or the module).
pub fn assert_all_llvm(lowered: &str) {
    for line in lowered.lines() {
        let line = line.trim_start();
        let name = line
            .split_once(" = ")
            .map_or(line, |(_, rest)| rest)
            .split([' ', '(', '<'])
            .next()
            .unwrap_or("");
        if name.contains('.')
            && !name.starts_with('"')
            && !name.starts_with('%')
            && !name.starts_with('^')
        {
            assert!(name.starts_with("llvm."), "{name} left in:\n{lowered}");
        }
    }
}

/// Runs LLVM 22's `lit` on `suite` with `env` (and no `LD_LIBRARY_PATH`),
/// and checks that it passed and that every `.mlir` file directly in the
/// suite ran (none skipped for a missing feature); at least `min_files`.
pub fn run_lit_suite(suite: &Path, env: &[(&str, &std::ffi::OsStr)], min_files: usize) {
    let mut command = std::process::Command::new("/usr/lib/llvm-22/bin/lit");
    command.arg("-v").arg(suite).env_remove("LD_LIBRARY_PATH");
    for (key, value) in env {
        command.env(key, value);
    }
    let output = command.output().expect("lit (llvm-22-tools) runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    let files = std::fs::read_dir(suite)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "mlir")
        })
        .count();
    assert!(files >= min_files, "{files} lit files");
    let passed = format!("Passed: {files}");
    assert!(
        stdout.contains(&passed) || stderr.contains(&passed),
        "{stdout}\n{stderr}"
    );
}

/// The inputs of `tests/inputs/conversion/math-to-libm` on which upstream's
/// `convert-math-to-libm` crashes in a process without MLIR's test dialect
/// (a math op inside a one-region op of no loaded dialect): the ir tests
/// check only that the port fails them there, and the plugin tests compare
/// the port with upstream on them inside the stock `mlir-opt`.
pub const MATH_TO_LIBM_UPSTREAM_CRASHES: &[&str] = &[
    "20-unregistered-region.mlir",
    "32-func-in-unregistered-op.mlir",
    "33-unregistered-top-level.mlir",
];
