//! Rust passes inside Debian's stock `mlir-opt` (`mlir-22-tools`), loaded with
//! `--load-pass-plugin`, next to upstream passes.
//!
//! `lsp_main` and `reduce_main` with the tests' dialect (`tools.rs`) share
//! this binary: one link of MLIR for the package's tests.

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

#[path = "plugin/aliases.rs"]
mod aliases;
#[path = "plugin/bit_enums.rs"]
mod bit_enums;
mod common;
#[path = "plugin/constraints.rs"]
mod constraints;
#[path = "plugin/custom_directives.rs"]
mod custom_directives;
#[path = "plugin/interfaces.rs"]
mod interfaces;
#[path = "plugin/pipelines.rs"]
mod pipelines;
#[path = "plugin/properties.rs"]
mod properties;
#[path = "tools.rs"]
mod tools;
use common::{
    assert_example_annotated_then_canonicalized, example_input, example_plugin, target_dir, text,
};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

fn conflict_plugin() -> PathBuf {
    let path = target_dir().join("examples/libconflict_plugin.so");
    assert!(path.exists(), "{} is built by cargo test", path.display());
    path
}

/// Runs the stock mlir-opt in `dir` with no `LD_LIBRARY_PATH`.
fn mlir_opt(dir: &Path, args: &[&str]) -> Output {
    Command::new(MLIR_OPT)
        .args(args)
        .current_dir(dir)
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .expect("mlir-opt from mlir-22-tools runs")
}

/// A fresh directory under the system's temporary directory, removed with
/// its contents when the returned value is dropped (also on a panic).
fn scratch_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("mlir-pass-plugin-test-{name}-"))
        .tempdir()
        .unwrap()
}

#[test]
fn mlir_opt_runs_a_rust_pass_beside_canonicalize() {
    let plugin = example_plugin();
    let output = mlir_opt(
        Path::new("/"),
        &[
            &format!("--load-pass-plugin={}", plugin.display()),
            "--pass-pipeline=builtin.module(func.func(annotate-op-count,canonicalize))",
            example_input().to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_example_annotated_then_canonicalized(&text(&output.stdout));
}

#[test]
fn the_plugin_loads_from_any_directory_without_ld_library_path() {
    let dir = scratch_dir("anydir");
    let copy = dir.path().join("libmy_plugin.so");
    std::fs::copy(example_plugin(), &copy).unwrap();
    std::fs::copy(example_input(), dir.path().join("in.mlir")).unwrap();
    let output = mlir_opt(
        dir.path(),
        &[
            "--load-pass-plugin=./libmy_plugin.so",
            "--pass-pipeline=builtin.module(func.func(annotate-op-count))",
            "in.mlir",
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("pass.op_count = 6 : i64"));
}

#[test]
fn mlir_opt_help_lists_the_rust_passes_with_their_descriptions() {
    let output = mlir_opt(
        Path::new("/"),
        &[
            &format!("--load-pass-plugin={}", example_plugin().display()),
            "--help",
        ],
    );
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("--annotate-op-count"))
        .unwrap_or_else(|| panic!("annotate-op-count in --help:\n{stdout}"));
    assert!(
        line.contains("Annotates every function with the number of operations in its body."),
        "{line}"
    );
    assert!(stdout.contains("--reject-empty-functions"));
}

#[test]
fn a_failing_rust_pass_fails_mlir_opt_with_its_diagnostic() {
    let dir = scratch_dir("failing");
    std::fs::write(
        dir.path().join("empty.mlir"),
        "func.func @empty() {\n  return\n}\n",
    )
    .unwrap();
    let output = mlir_opt(
        dir.path(),
        &[
            &format!("--load-pass-plugin={}", example_plugin().display()),
            "--pass-pipeline=builtin.module(func.func(reject-empty-functions))",
            "empty.mlir",
        ],
    );
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("empty.mlir:1:1: error: function body is empty"),
        "{stderr}"
    );
    assert!(!stderr.contains("LLVM ERROR"), "{stderr}");
}

/// A Rust pass's warnings and notes in the stock mlir-opt: printed as
/// `mlir-pass-opt` prints them, byte for byte, with the "see current
/// operation" note C++'s `op->emitWarning()` adds, and the exit code stays
/// 0 (a warning does not fail the pass).
#[test]
fn a_rust_pass_warns_with_notes_in_the_stock_mlir_opt_and_it_succeeds() {
    let dir = scratch_dir("warnings");
    std::fs::write(
        dir.path().join("large.mlir"),
        "func.func @large(%a: i32) -> i32 {\n  %b = arith.addi %a, %a : i32\n  %c = arith.muli %b, %b : i32\n  %d = arith.addi %c, %c : i32\n  return %d : i32\n}\n",
    )
    .unwrap();
    let pipeline = "--pass-pipeline=builtin.module(func.func(warn-large-functions{max-ops=2}))";
    let plugin = format!("--load-pass-plugin={}", example_plugin().display());
    let stock = mlir_opt(dir.path(), &[&plugin, pipeline, "large.mlir"]);
    // Built by `cargo test --workspace` (or `cargo build -p mlir-pass-opt`).
    let driver = target_dir().join("mlir-pass-opt");
    assert!(
        driver.exists(),
        "{} is built by cargo test",
        driver.display()
    );
    let ours = Command::new(driver)
        .args([pipeline, "large.mlir"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stderr = text(&stock.stderr);
    assert_eq!(stock.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stderr,
        "large.mlir:1:1: warning: function '@large' has 4 operations, more than max-ops=2\n\
         func.func @large(%a: i32) -> i32 {\n\
         ^\n\
         large.mlir:1:1: note: see current operation: \n\
         func.func @large(%arg0: i32) -> i32 {\n  \
         %0 = arith.addi %arg0, %arg0 : i32\n  \
         %1 = arith.muli %0, %0 : i32\n  \
         %2 = arith.addi %1, %1 : i32\n  \
         return %2 : i32\n\
         }\n\
         large.mlir:2:8: note: 2 of them are 'arith.addi', the first here\n  \
         %b = arith.addi %a, %a : i32\n       \
         ^\n"
    );
    assert_eq!(ours.status.code(), Some(0));
    assert_eq!(text(&ours.stderr), stderr);
    assert_eq!(text(&ours.stdout), text(&stock.stdout));
    assert!(text(&stock.stdout).contains("arith.muli"));
}

/// The `IrSnapshots` instrumentation, in process, writes what the stock
/// mlir-opt's IR printing writes with the plugin's Rust passes: their
/// arguments with options, and the dump after a failed pass.
#[test]
fn ir_snapshots_of_rust_passes_match_the_stock_mlir_opts_ir_printing() {
    use mlir_pass_example_passes::instrumentations::IrSnapshots;
    let input = "func.func @f(%a: i32) -> i32 {\n  %b = arith.addi %a, %a : i32\n  return %b : i32\n}\nfunc.func @e() {\n  return\n}\n";
    let pipeline =
        "builtin.module(func.func(annotate-op-count{skip=arith.addi},cse,reject-empty-functions))";
    let dir = scratch_dir("snapshots");
    std::fs::write(dir.path().join("in.mlir"), input).unwrap();
    let stock = mlir_opt(
        dir.path(),
        &[
            &format!("--load-pass-plugin={}", example_plugin().display()),
            &format!("--pass-pipeline={pipeline}"),
            "--mlir-print-ir-before-all",
            "--mlir-print-ir-after-all",
            "--mlir-disable-threading",
            "in.mlir",
            "-o",
            "/dev/null",
        ],
    );
    assert_eq!(stock.status.code(), Some(1));

    mlir_pass::register_all().unwrap();
    let context = mlir_pass::Context::new();
    context.enable_multithreading(false);
    let mut module = mlir_pass::Module::parse(&context, input, "in.mlir").unwrap();
    let mut pm = mlir_pass::PassManager::parse(&context, pipeline).unwrap();
    let snapshots = std::sync::Arc::new(IrSnapshots::all());
    pm.add_instrumentation(snapshots.clone());
    assert!(pm.run(&mut module).is_err());

    // mlir-opt's stderr also holds the pass's error, between the dumps.
    let error = "in.mlir:5:1: error: function body is empty\nfunc.func @e() {\n^\n";
    let expected = text(&stock.stderr).replacen(error, "", 1);
    assert!(expected.contains("IR Dump Before AnnotateOpCount (annotate-op-count{attr-name=pass.op_count skip={arith.addi}})"), "{expected}");
    assert!(
        expected.contains("IR Dump After RejectEmptyFunctions Failed (reject-empty-functions)"),
        "{expected}"
    );
    assert_eq!(snapshots.text(), expected);
}

#[test]
fn a_conflicting_pass_is_reported_and_mlir_opt_keeps_working() {
    let output = mlir_opt(
        Path::new("/"),
        &[
            &format!("--load-pass-plugin={}", conflict_plugin().display()),
            "--pass-pipeline=builtin.module(func.func(conflict-plugin-ok,canonicalize))",
            example_input().to_str().unwrap(),
        ],
    );
    let stderr = text(&output.stderr);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("mlir-pass plugin 'conflict-plugin': error: Rust pass `conflict_plugin::FakeCanonicalize` uses the argument 'canonicalize', which MLIR already has as a pass"),
        "{stderr}"
    );
    assert!(!stderr.contains("LLVM ERROR"), "{stderr}");
    // The real canonicalize ran (it folded), and so did the conflict-free pass.
    assert!(
        stdout.contains("%c6_i32 = arith.constant 6 : i32"),
        "{stdout}"
    );
    assert!(stdout.contains("conflict_plugin.ran"), "{stdout}");
}

#[test]
fn mlir_opt_runs_rust_passes_that_rewrite_ir_beside_upstream_passes() {
    let plugin = example_plugin();
    let output = mlir_opt(
        Path::new("/"),
        &[
            &format!("--load-pass-plugin={}", plugin.display()),
            "--pass-pipeline=builtin.module(func.func(fold-arith-identities),rs-symbol-privatize{exclude=identities},rs-symbol-dce,canonicalize)",
            example_input().to_str().unwrap(),
        ],
    );
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The identities folded by the Rust patterns; everything but @identities
    // made private, then erased by the Rust symbol-dce.
    assert!(
        stdout.contains("func.func @identities(%arg0: i32) -> i32 {\n    return %arg0 : i32\n  }"),
        "{stdout}"
    );
    for gone in ["@add", "@fold", "@loop", "@unused_helper"] {
        assert!(!stdout.contains(gone), "{gone} left in:\n{stdout}");
    }
}

/// The ports inside the stock `mlir-opt` (a plugin has C++ of its own, so
/// the symbol, dominance, effect and loop queries are checked there too)
/// print what the upstream passes print.
#[test]
fn inside_mlir_opt_the_ports_match_the_upstream_passes() {
    let plugin = example_plugin();
    let dir = scratch_dir("ports");
    let symbols = dir.path().join("symbols.mlir");
    std::fs::write(
        &symbols,
        "module @inner attributes {sym_visibility = \"private\"} {\n  func.func nested @f() { return }\n  func.func private @g() { return }\n}\nfunc.func @main() attributes {ref = @inner::@f} { call @used() : () -> () return } loc(\"a.c\":1:1)\nfunc.func private @used() { return }\nfunc.func private @dead() { return }\nfunc.func @pub() { return }\n",
    )
    .unwrap();
    // Duplicates across a dominator tree, loads around a store and an op of
    // unknown effects, a graph region, an unregistered op's region, and
    // loops (scf, affine, nested) with invariant and variant ops.
    let optimize = dir.path().join("optimize.mlir");
    std::fs::write(
        &optimize,
        concat!(
            "func.func @cse(%a: i32, %c: i1, %m: memref<4xi32>, %i: index) -> (i32, i32, i32) {\n",
            "  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32 loc(\"b.c\":2:2)\n",
            "  %l0 = memref.load %m[%i] : memref<4xi32>\n  %l1 = memref.load %m[%i] : memref<4xi32>\n",
            "  \"test.opaque\"() : () -> ()\n  %l2 = memref.load %m[%i] : memref<4xi32>\n",
            "  %dead = arith.muli %a, %a : i32\n",
            "  \"test.region\"() ({ %x = arith.addi %a, %a : i32 %y = arith.addi %a, %a : i32 \"test.use\"(%x, %y) : (i32, i32) -> () }) : () -> ()\n",
            "  cf.cond_br %c, ^t, ^e\n^t:\n  %2 = arith.addi %a, %a : i32\n  %s = arith.addi %l0, %l1 : i32\n  cf.br ^j(%s : i32)\n",
            "^e:\n  %3 = arith.addi %a, %a : i32\n  cf.br ^j(%3 : i32)\n^j(%r: i32):\n  %t = arith.addi %r, %l2 : i32\n",
            "  return %0, %1, %t : i32, i32, i32\n}\n",
            "%g0 = arith.constant 3 : i32\n\"test.use\"(%g1) : (i32) -> ()\n%g1 = arith.constant 3 : i32\n",
            "func.func @licm(%a: i32, %b: i32, %n: index, %m: memref<?xi32>) {\n",
            "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n",
            "  scf.for %i = %c0 to %n step %c1 {\n    scf.for %j = %c0 to %n step %c1 {\n",
            "      %k = arith.constant 5 : i32\n      %x = arith.addi %a, %k : i32\n      %d = arith.divsi %a, %b : i32\n",
            "      %iv = arith.index_cast %i : index to i32\n      %y = arith.muli %x, %iv : i32\n",
            "      %z = arith.addi %y, %d : i32\n      memref.store %z, %m[%j] : memref<?xi32>\n    }\n  }\n",
            "  affine.for %p = 0 to 8 {\n    %w = arith.muli %b, %b : i32\n    memref.store %w, %m[%p] : memref<?xi32>\n  }\n",
            "  return\n}\n",
        ),
    )
    .unwrap();
    let run = |input: &Path, pipeline: &str, generic: bool| {
        let mut args = vec![
            format!("--load-pass-plugin={}", plugin.display()),
            "--allow-unregistered-dialect".to_string(),
            "--mlir-print-debuginfo".to_string(),
            format!("--pass-pipeline=builtin.module({pipeline})"),
            input.to_str().unwrap().to_string(),
        ];
        if generic {
            args.push("--mlir-print-op-generic".to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = mlir_opt(dir.path(), &args);
        assert!(
            output.status.success(),
            "{pipeline}: {}",
            text(&output.stderr)
        );
        text(&output.stdout)
    };
    for (input, port, upstream) in [
        (&symbols, "rs-symbol-dce", "symbol-dce"),
        (
            &symbols,
            "rs-symbol-privatize{exclude=main}",
            "symbol-privatize{exclude=main}",
        ),
        (&symbols, "rs-strip-debuginfo", "strip-debuginfo"),
        (&optimize, "rs-cse", "cse"),
        (&optimize, "func.func(rs-cse)", "func.func(cse)"),
        (
            &optimize,
            "rs-loop-invariant-code-motion",
            "loop-invariant-code-motion",
        ),
        (
            &optimize,
            "func.func(rs-loop-invariant-code-motion,rs-cse)",
            "func.func(loop-invariant-code-motion,cse)",
        ),
    ] {
        for generic in [false, true] {
            let (ours, theirs) = (run(input, port, generic), run(input, upstream, generic));
            assert_eq!(ours, theirs, "{port} differs from {upstream}");
            assert_ne!(
                ours,
                run(input, "", generic),
                "{upstream} changes this input"
            );
        }
    }
}

/// The dialect-conversion ports inside the stock `mlir-opt`, on every input
/// of `tests/inputs/conversion/{math-to-libm,extend-to-supported-types}`
/// (each run from its directory with its `// PIPELINE:`): exit status,
/// output (in MLIR's generic form, with locations; see below) and diagnostics identical to
/// upstream's. Here the inputs' `"test.*"` ops belong to MLIR's test
/// dialect, which the stock `mlir-opt` links, so upstream does not crash on
/// them; renamed to a namespace no tool knows, upstream crashes and the
/// ports must not.
#[test]
fn inside_mlir_opt_the_conversion_ports_match_upstream_on_every_input() {
    let plugin = example_plugin();
    let plugin_arg = format!("--load-pass-plugin={}", plugin.display());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/conversion");
    let run = |dir: &Path, pipeline: &str, file: &str, generic: bool| {
        let mut args = vec![
            plugin_arg.as_str(),
            "--allow-unregistered-dialect",
            "--mlir-print-debuginfo",
        ];
        if generic {
            args.push("--mlir-print-op-generic");
        }
        let pipeline = format!("--pass-pipeline={pipeline}");
        args.push(&pipeline);
        args.push(file);
        let output = mlir_opt(dir, &args);
        (
            output.status.code(),
            text(&output.stdout),
            text(&output.stderr),
        )
    };
    let ours = |pipeline: &str| {
        pipeline
            .replace("convert-math-to-libm", "rs-convert-math-to-libm")
            .replace(
                "math-extend-to-supported-types",
                "rs-math-extend-to-supported-types",
            )
    };
    // About 160 runs of the stock mlir-opt, one file per core at a time.
    let scratch = ["math-to-libm", "extend-to-supported-types"].map(|sub| {
        let dir = root.join(sub);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".mlir"))
            .collect();
        names.sort();
        (sub, dir, scratch_dir(&format!("conversion-{sub}")), names)
    });
    let files: Vec<_> = scratch
        .iter()
        .flat_map(|(sub, dir, scratch, names)| names.iter().map(move |n| (*sub, dir, scratch, n)))
        .collect();
    let check = |sub: &str, dir: &Path, scratch: &Path, name: &String| {
        let source = std::fs::read_to_string(dir.join(name)).unwrap();
        let pipeline = source
            .lines()
            .find_map(|l| l.strip_prefix("// PIPELINE: "))
            .unwrap()
            .trim()
            .to_owned();
        // The ir tests compare the custom forms, and check that each input
        // changes under its pipeline or fails it, in our process; except on
        // three inputs of `math-to-libm`, on which upstream crashes there
        // (the call inside an op of no loaded dialect): those are checked
        // here in full.
        let only_here =
            sub == "math-to-libm" && common::MATH_TO_LIBM_UPSTREAM_CRASHES.contains(&name.as_str());
        // The others in MLIR's generic form only: with
        // `--mlir-print-debuginfo` it prints every op, attribute, property,
        // type and location, so equal outputs are equal IR, which the
        // custom forms print alike. The custom forms were nearly half of
        // this test's runs of the stock `mlir-opt`.
        let forms: &[bool] = if only_here { &[true, false] } else { &[true] };
        for &generic in forms {
            let theirs = run(dir, &pipeline, name, generic);
            let mine = run(dir, &ours(&pipeline), name, generic);
            if let Some(says) = match name.as_str() {
                "35-wrong-anchor.mlir" => Some("runs on 'builtin.module'"),
                "33-unknown-option.mlir" => Some("has no option 'extra-type'"),
                _ => None,
            } {
                // In a plugin, a pass on the wrong anchor or with an unknown
                // option is refused by the runtime's own checks, in its own
                // words (in a Rust host, with MLIR's: see the ir tests).
                assert_eq!((mine.0, mine.1.as_str()), (theirs.0, ""));
                assert!(mine.2.contains(says), "{mine:?}");
                continue;
            }
            assert_eq!(mine, theirs, "{sub}/{name} (generic: {generic})");
            assert!(matches!(theirs.0, Some(0 | 1)), "{sub}/{name}: {theirs:?}");
            if only_here && theirs.0 == Some(0) {
                assert_ne!(theirs.1, run(dir, "builtin.module()", name, generic).1);
            }
        }
        if !source.contains("\"test.") {
            return;
        }
        // Ops of a namespace no tool knows.
        std::fs::write(scratch.join(name), source.replace("\"test.", "\"unreg.")).unwrap();
        let theirs = run(scratch, &pipeline, name, false);
        let mine = run(scratch, &ours(&pipeline), name, false);
        assert!(
            matches!(mine.0, Some(0 | 1)) && (mine.0 == Some(0) || !mine.2.is_empty()),
            "{sub}/{name} renamed: the port {mine:?}"
        );
        if theirs.0 == Some(0) || theirs.0 == Some(1) {
            assert_eq!(mine, theirs, "{sub}/{name} renamed");
        } else if sub == "extend-to-supported-types" {
            // Upstream crashed; the port converts as upstream does when
            // the op's dialect is loaded.
            let expected = run(dir, &pipeline, name, false);
            assert_eq!(mine.1, expected.1.replace("\"test.", "\"unreg."), "{name}");
        }
    };
    mlir_pass_tests::parallel::for_each_in_parallel(&files, |(sub, dir, scratch, name)| {
        check(sub, dir, scratch.path(), name)
    });
    let files = files.len();
    assert_eq!(files, 39 + 35);
}

#[test]
fn mlir_opt_loads_a_dialect_named_by_a_getter_path_for_a_plugin_pass() {
    let plugin = example_plugin();
    let dir = scratch_dir("dialect");
    let input = dir.path().join("f.mlir");
    std::fs::write(&input, "func.func @f() { return }\n").unwrap();
    let output = mlir_opt(
        dir.path(),
        &[
            &format!("--load-pass-plugin={}", plugin.display()),
            "--pass-pipeline=builtin.module(func.func(mark-math-loaded))",
            input.to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(
        text(&output.stdout).contains("math_loaded = true"),
        "{}",
        text(&output.stdout)
    );
}

#[test]
fn mlir_opt_runs_a_rust_pipeline_with_its_options() {
    let plugin = example_plugin();
    let run = |pipeline: &str| {
        let output = mlir_opt(
            Path::new("/"),
            &[
                &format!("--load-pass-plugin={}", plugin.display()),
                &format!("--pass-pipeline=builtin.module({pipeline})"),
                "--dump-pass-pipeline",
                example_input().to_str().unwrap(),
            ],
        );
        assert!(output.status.success(), "{}", text(&output.stderr));
        (text(&output.stdout), text(&output.stderr))
    };
    let (stdout, stderr) = run("example-cleanup");
    assert!(
        stderr.contains(
            "    fold-arith-identities{max-iterations=10 top-down=true},\n    canonicalize{"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("rs-symbol-dce"), "{stderr}");
    assert!(!stdout.contains("@unused_helper"), "{stdout}");
    let (stdout, stderr) = run("example-cleanup{dce=false}");
    assert!(!stderr.contains("rs-symbol-dce"), "{stderr}");
    assert!(stdout.contains("@unused_helper"), "{stdout}");
}

/// The probe plugin: the integration tests' passes, for the stock mlir-opt.
fn probe_plugin() -> PathBuf {
    let path = target_dir().join("examples/libprobe_plugin.so");
    assert!(path.exists(), "{} is built by cargo test", path.display());
    path
}

/// The constant matchers give inside the stock `mlir-opt` the answers they
/// give in our process (`m_Constant` checks `OpTrait::ConstantLike`, whose
/// TypeID a plugin must resolve as libMLIR does).
#[test]
fn constant_matchers_answer_the_same_inside_the_stock_mlir_opt() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/constants.mlir");
    let output = mlir_opt(
        Path::new("/"),
        &[
            &format!("--load-pass-plugin={}", probe_plugin().display()),
            "--allow-unregistered-dialect",
            "--pass-pipeline=builtin.module(func.func(probe-constants))",
            input.to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    common::assert_constant_probes(&text(&output.stdout));
}

/// `probe-analyses` inside the stock `mlir-opt`: every `analysis` query
/// answers as in our own process (trait and interface checks compiled into
/// the bridge included).
#[test]
fn analyses_answer_the_same_inside_the_stock_mlir_opt() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/analyses.mlir");
    let output = mlir_opt(
        Path::new("/"),
        &[
            &format!("--load-pass-plugin={}", probe_plugin().display()),
            "--allow-unregistered-dialect",
            "--pass-pipeline=builtin.module(probe-analyses)",
            input.to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    common::assert_analysis_probes(&text(&output.stdout));
}

/// A panicking pattern inside the stock `mlir-opt`: the diagnostic, with
/// the panic's location, is all that is printed (no Rust panic message, no
/// backtrace, even with `RUST_BACKTRACE=1`).
#[test]
fn a_panic_prints_its_diagnostic_and_nothing_else() {
    let dir = scratch_dir("panic");
    let input = dir.path().join("panic.mlir");
    std::fs::write(
        &input,
        "func.func @f(%x: i32) -> i32 {\n  %y = arith.muli %x, %x : i32\n  return %y : i32\n}\n",
    )
    .unwrap();
    let output = Command::new(MLIR_OPT)
        .args([
            &format!("--load-pass-plugin={}", probe_plugin().display()),
            "--pass-pipeline=builtin.module(func.func(test-panicking-pattern))",
            input.to_str().unwrap(),
        ])
        .env("RUST_BACKTRACE", "1")
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    let first = stderr.lines().next().unwrap_or("");
    assert!(
        first.starts_with(&format!(
            "{}:2:8: error: pass 'test-panicking-pattern': pattern 'PanickingPattern' \
             panicked on 'arith.muli': pattern exploded (at ",
            input.display()
        )),
        "{stderr}"
    );
    for noise in [
        "thread '",
        "stack backtrace",
        "RUST_BACKTRACE",
        "note: run with",
    ] {
        assert!(!stderr.contains(noise), "{noise} in\n{stderr}");
    }
}

/// `example-lower-to-llvm` inside the stock `mlir-opt`: the same lowering,
/// and the program runs under `lli`.
#[test]
fn mlir_opt_lowers_a_program_to_llvm_with_a_rust_conversion() {
    let output = mlir_opt(
        Path::new("/"),
        &[
            &format!("--load-pass-plugin={}", example_plugin().display()),
            "--pass-pipeline=builtin.module(example-lower-to-llvm)",
            common::lowering_program().to_str().unwrap(),
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    let lowered = text(&output.stdout);
    common::assert_all_llvm(&lowered);
    assert_eq!(
        common::translate_and_run(&lowered),
        common::LOWERING_PROGRAM_EXIT
    );
}

/// The conversion test passes inside the stock `mlir-opt`: type conversion
/// with upstream's structural patterns and a function-legality check, a
/// pattern on any op with unregistered ops, and a panic as a diagnostic.
#[test]
fn conversions_behave_the_same_inside_the_stock_mlir_opt() {
    let dir = scratch_dir("conversion");
    let input = dir.path().join("widen.mlir");
    std::fs::write(
        &input,
        "func.func @add(%a: i16, %b: i16) -> i16 {\n  %s = arith.addi %a, %b : i16\n  \"x.use\"(%s) : (i16) -> ()\n  return %s : i16\n}\nfunc.func @g() {\n  \"x.one\"() : () -> ()\n  return\n}\n",
    )
    .unwrap();
    let run = |pipeline: &str| {
        mlir_opt(
            dir.path(),
            &[
                &format!("--load-pass-plugin={}", probe_plugin().display()),
                "--allow-unregistered-dialect",
                &format!("--pass-pipeline=builtin.module({pipeline})"),
                input.to_str().unwrap(),
            ],
        )
    };
    let widened = run("test-conv-widen");
    assert!(widened.status.success(), "{}", text(&widened.stderr));
    let out = text(&widened.stdout);
    assert!(
        out.contains("func.func @add(%arg0: i32, %arg1: i32) -> i32"),
        "{out}"
    );
    assert!(out.contains("arith.trunci %0 : i32 to i16"), "{out}");
    let marked = run("func.func(test-conv-any-op)");
    assert!(marked.status.success(), "{}", text(&marked.stderr));
    assert!(
        text(&marked.stdout).contains("\"x.one\"() {done = true}"),
        "{}",
        text(&marked.stdout)
    );
    let panicked = run("func.func(test-conv-panic{site=legality})");
    assert!(!panicked.status.success());
    let stderr = text(&panicked.stderr);
    assert!(
        stderr.contains("error: pass 'test-conv-panic': the legality callback panicked on 'arith.addi': legality exploded"),
        "{stderr}"
    );
    assert!(!stderr.contains("thread '"), "{stderr}");

    // convert_op_result_types with the regions moved, type legality decided
    // in C++, and 1:N operands and replacements.
    let rebuilt_input = dir.path().join("result-types.mlir");
    std::fs::write(
        &rebuilt_input,
        "func.func @f(%a: i16, %c: i32) -> i16 {\n  %w = \"x.wrap\"(%a) ({\n  ^bb0(%arg: i16):\n    \"x.inner\"(%arg) : (i16) -> ()\n  }) {tag = 7 : i64} : (i16) -> i16\n  %s = arith.addi %c, %c : i32\n  return %w : i16\n}\n",
    )
    .unwrap();
    let split_input = dir.path().join("one-to-n.mlir");
    std::fs::write(
        &split_input,
        "func.func @f(%a: i64) {\n  %m = \"x.make\"() : () -> i64\n  \"x.use\"(%a, %m) : (i64, i64) -> ()\n  return\n}\n",
    )
    .unwrap();
    let run_on = |pipeline: &str, input: &std::path::Path| {
        mlir_opt(
            dir.path(),
            &[
                &format!("--load-pass-plugin={}", probe_plugin().display()),
                "--allow-unregistered-dialect",
                &format!("--pass-pipeline=builtin.module({pipeline})"),
                input.to_str().unwrap(),
            ],
        )
    };
    let rebuilt = run_on("func.func(test-conv-result-types)", &rebuilt_input);
    assert!(rebuilt.status.success(), "{}", text(&rebuilt.stderr));
    let out = text(&rebuilt.stdout);
    for line in [
        "%1 = \"x.wrap\"(%0) ({",
        "^bb0(%arg2: i16):",
        "\"x.inner\"(%4) {seen = [1, \"seen\"]} : (i32) -> ()",
        "}) {seen = [1, \"seen\"], tag = 7 : i64} : (i32) -> i32",
        "%3 = arith.addi %arg1, %arg1 : i32",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    let split = run_on("test-conv-one-to-n", &split_input);
    assert!(split.status.success(), "{}", text(&split.stderr));
    let out = text(&split.stdout);
    assert!(
        out.contains("\"x.use2\"(%arg0, %arg1, %0, %1) : (i32, i32, i32, i32) -> ()"),
        "{out}"
    );
}

/// A dialect declared in Rust inside the stock `mlir-opt`
/// (`--load-dialect-plugin`): its custom syntax round-trips, generic
/// printing works, and `canonicalize` and `cse` fold, materialize, apply its
/// typed patterns and merge its pure ops, as in our own process.
#[test]
fn a_rust_dialect_loads_into_the_stock_mlir_opt() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/rtest.mlir");
    let plugin = probe_plugin();
    let dialect_plugin = format!("--load-dialect-plugin={}", plugin.display());
    let round_trip = mlir_opt(Path::new("/"), &[&dialect_plugin, input.to_str().unwrap()]);
    assert!(round_trip.status.success(), "{}", text(&round_trip.stderr));
    let printed = text(&round_trip.stdout);
    for line in [
        "rtest.add %arg0, %0 : i64",
        "rtest.transpose(%arg1 : tensor<2x3xf64>) to tensor<3x2xf64>",
        "rtest.func \"callee\" {",
        "rtest.return %0 : i64",
    ] {
        assert!(printed.contains(line), "missing `{line}` in:\n{printed}");
    }
    let generic = mlir_opt(
        Path::new("/"),
        &[
            &dialect_plugin,
            "--mlir-print-op-generic",
            input.to_str().unwrap(),
        ],
    );
    assert!(generic.status.success(), "{}", text(&generic.stderr));
    assert!(
        text(&generic.stdout).contains(r#""rtest.add"(%arg0, %1) : (i64, i64) -> i64"#),
        "{}",
        text(&generic.stdout)
    );
    let optimized = mlir_opt(
        Path::new("/"),
        &[
            &dialect_plugin,
            "--canonicalize",
            "--cse",
            input.to_str().unwrap(),
        ],
    );
    assert!(optimized.status.success(), "{}", text(&optimized.stderr));
    let optimized = text(&optimized.stdout);
    assert!(optimized.contains("rtest.constant 3"), "{optimized}");
    assert!(!optimized.contains("rtest.transpose"), "{optimized}");
    assert_eq!(
        optimized.matches("rtest.add %arg0, %arg0").count(),
        1,
        "{optimized}"
    );
    // The same result as in our own process.
    let ours = {
        // The dialect is linked into this binary through the tests' crate.
        let _ = mlir_pass_tests::test_dialect::RTestDialect;
        mlir_pass::register_all().expect("no registration conflicts");
        let context = mlir_pass::Context::new();
        let source = std::fs::read_to_string(&input).unwrap();
        let mut module = mlir_pass::Module::parse(&context, &source, "rtest.mlir").unwrap();
        let mut pm =
            mlir_pass::PassManager::parse(&context, "builtin.module(canonicalize, cse)").unwrap();
        pm.run(&mut module).unwrap();
        module.to_string()
    };
    assert_eq!(optimized.trim_end(), ours.trim_end());
}

/// Rust ops that name their results (`OpAsmOpInterface`) print, inside the
/// stock `mlir-opt`, what it prints for `index.constant` and
/// `index.bool.constant` in the same shapes, byte for byte (`%idx1`,
/// `%idx1_0`, `%idx-1`, `%true_1`: one `_N` counter with `arith.constant`),
/// and what our own process prints.
#[test]
fn rust_result_names_in_the_stock_mlir_opt_are_upstreams() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/asm_names.mlir");
    let source = std::fs::read_to_string(&input).unwrap();
    let as_upstream = |text: &str| {
        text.replace("rtest.idx_bool_constant", "index.bool.constant")
            .replace("rtest.idx_constant", "index.constant")
    };
    let dir = scratch_dir("asm-names");
    std::fs::write(dir.path().join("upstream.mlir"), as_upstream(&source)).unwrap();
    let upstream = mlir_opt(dir.path(), &["upstream.mlir"]);
    assert!(upstream.status.success(), "{}", text(&upstream.stderr));
    let dialect_plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    let ours = mlir_opt(dir.path(), &[&dialect_plugin, input.to_str().unwrap()]);
    assert!(ours.status.success(), "{}", text(&ours.stderr));
    assert!(text(&ours.stdout).contains("%idx1_0 = rtest.idx_constant 1"));
    assert_eq!(as_upstream(&text(&ours.stdout)), text(&upstream.stdout));
    let in_process = {
        let _ = mlir_pass_tests::test_dialect::RTestDialect;
        mlir_pass::register_all().expect("no registration conflicts");
        let context = mlir_pass::Context::new();
        let module = mlir_pass::Module::parse(&context, &source, "asm_names.mlir").unwrap();
        module.to_string()
    };
    assert_eq!(text(&ours.stdout).trim_end(), in_process.trim_end());
}

/// An enum attribute of a Rust dialect in an op's format (`calc.cmp
/// slt(...)`, `#calc<cmp_predicate eq>`) prints, inside the stock
/// `mlir-opt`, what it prints for upstream's `index.cmp`, byte for byte, in
/// the custom and the generic form (`<{pred = ...}>`: a property).
#[test]
fn rust_enum_attributes_in_the_stock_mlir_opt_are_upstreams() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/calc_cmp.mlir");
    let source = std::fs::read_to_string(&input).unwrap();
    let as_upstream = |text: &str| {
        text.replace("calc.cmp", "index.cmp")
            .replace("#calc<", "#index<")
            .replace("i64", "index")
    };
    let dir = scratch_dir("calc-cmp");
    std::fs::write(dir.path().join("upstream.mlir"), as_upstream(&source)).unwrap();
    let dialect_plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    for generic in [false, true] {
        let flags: &[&str] = if generic {
            &["--mlir-print-op-generic"]
        } else {
            &[]
        };
        let mut args = vec!["upstream.mlir"];
        args.extend(flags);
        let upstream = mlir_opt(dir.path(), &args);
        assert!(upstream.status.success(), "{}", text(&upstream.stderr));
        let mut args = vec![dialect_plugin.as_str(), input.to_str().unwrap()];
        args.extend(flags);
        let ours = mlir_opt(dir.path(), &args);
        assert!(ours.status.success(), "{}", text(&ours.stderr));
        let ours = text(&ours.stdout);
        if !generic {
            assert!(ours.contains("calc.cmp slt(%arg0, %arg1)"), "{ours}");
        }
        assert_eq!(
            as_upstream(&ours),
            text(&upstream.stdout),
            "generic: {generic}"
        );
    }
}

/// The dialect lit suite (`tests/lit/dialect`) on both hosts: the tests'
/// `opt_main` driver and the stock `mlir-opt` with the probe plugin as a
/// dialect plugin.
#[test]
fn the_dialect_lit_suite_passes_on_both_hosts() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit/dialect");
    let driver = target_dir().join("examples/test_opt");
    assert!(
        driver.exists(),
        "{} is built by cargo test",
        driver.display()
    );
    let plugin = probe_plugin();
    let out = target_dir().join("lit-dialect-out");
    common::run_lit_suite(
        &suite,
        &[
            ("MLIR_PASS_OPT", driver.as_os_str()),
            ("MLIR_PASS_RTEST_OPT", driver.as_os_str()),
            ("MLIR_PASS_PROBE_PLUGIN", plugin.as_os_str()),
            ("MLIR_PASS_LIT_OUT", out.as_os_str()),
        ],
        33,
    );
}

/// `--rust-dialect-docs` of an `opt_main` tool prints the Markdown docs of
/// its Rust dialects.
#[test]
fn opt_main_prints_the_docs_of_its_dialects() {
    let driver = target_dir().join("examples/test_opt");
    let output = Command::new(&driver)
        .arg("--rust-dialect-docs")
        .output()
        .expect("the tests' driver runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let docs = text(&output.stdout);
    assert!(docs.contains("# 'rtest' Dialect"), "{docs}");
    assert!(docs.contains("### `rtest.add` (AddOp)"), "{docs}");
    assert!(
        docs.contains("Traits: `Pure`, `Commutative`, `SameOperandsAndResultType`"),
        "{docs}"
    );
}

/// The entries of MLIR's timing tree (`--mlir-timing-display=tree`, on
/// stderr) without their times: indentation and name.
fn timing_tree(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|line| {
            line.rfind("%)")
                .map(|at| line[at + 2..].trim_end().to_string())
        })
        .filter(|entry| !entry.trim_start().starts_with("Total"))
        .collect()
}

/// Inside the stock `mlir-opt`, `rs-cse` gets dominance from the pass's
/// analysis manager and preserves what `cse` does: `func.func(rs-cse,cse)`
/// gives the timing tree of `func.func(cse,cse)` (dominance once, under the
/// first pass), on an input it leaves unchanged and on one it changes.
#[test]
fn inside_mlir_opt_rs_cse_shares_dominance_with_cse_as_cse_does() {
    let plugin = example_plugin();
    let dir = scratch_dir("analyses");
    let unchanged = dir.path().join("unchanged.mlir");
    std::fs::write(
        &unchanged,
        "func.func @f(%a: i32, %c: i1) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  cf.cond_br %c, ^b1, ^b2\n^b1:\n  %1 = arith.muli %0, %a : i32\n  return %1 : i32\n^b2:\n  return %0 : i32\n}\n",
    )
    .unwrap();
    let changed = dir.path().join("changed.mlir");
    std::fs::write(
        &changed,
        "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  %2 = arith.muli %0, %1 : i32\n  return %2 : i32\n}\n",
    )
    .unwrap();
    let tree = |input: &Path, pipeline: &str| {
        let output = mlir_opt(
            dir.path(),
            &[
                &format!("--load-pass-plugin={}", plugin.display()),
                &format!("--pass-pipeline=builtin.module({pipeline})"),
                "--mlir-timing",
                "--mlir-timing-display=tree",
                "-o",
                "/dev/null",
                input.to_str().unwrap(),
            ],
        );
        assert!(
            output.status.success(),
            "{pipeline}: {}",
            text(&output.stderr)
        );
        timing_tree(&text(&output.stderr))
    };
    for input in [&unchanged, &changed] {
        let ours = tree(input, "func.func(rs-cse,cse)");
        let theirs = tree(input, "func.func(cse,cse)");
        let ours_renamed: Vec<String> = ours.iter().map(|e| e.replace("RsCSE", "CSE")).collect();
        assert_eq!(ours_renamed, theirs, "{}", input.display());
        let dominance = ours.iter().position(|e| e == "      (A) DominanceInfo");
        let rs_cse = ours.iter().position(|e| e == "    RsCSE");
        assert_eq!(dominance, rs_cse.map(|at| at + 1), "{ours:#?}");
        assert_eq!(
            ours.iter().filter(|e| e.contains("(A)")).count(),
            1,
            "{ours:#?}"
        );
    }
}

/// Inside the stock `mlir-opt`, the Rust analysis test passes and their C++
/// twins (both in the probe plugin) give the same timing tree: the same
/// analyses, computed under the same passes, as many times.
#[test]
fn inside_mlir_opt_rust_analyses_time_as_their_cpp_twins() {
    let plugin = probe_plugin();
    let dir = scratch_dir("analysis-twins");
    let input = dir.path().join("input.mlir");
    std::fs::write(
        &input,
        "func.func @f(%a: i32, %c: i1) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  cf.cond_br %c, ^b1, ^b2\n^b1:\n  return %0 : i32\n^b2:\n  return %a : i32\n}\nfunc.func @g() { return }\n",
    )
    .unwrap();
    let tree = |pipeline: &str| {
        let output = mlir_opt(
            dir.path(),
            &[
                &format!("--load-pass-plugin={}", plugin.display()),
                &format!("--pass-pipeline=builtin.module(func.func({pipeline}))"),
                "--mlir-timing",
                "--mlir-timing-display=tree",
                "-o",
                "/dev/null",
                input.to_str().unwrap(),
            ],
        );
        assert!(
            output.status.success(),
            "{pipeline}: {}",
            text(&output.stderr)
        );
        timing_tree(&text(&output.stderr))
    };
    // The tree merges the functions' entries: `analyses` counts the `(A)`
    // entries (an analysis under a pass), not how often each was computed
    // (the in-process test counts those).
    for (pipeline, analyses) in [
        ("X-keep-analyses,X-keep-analyses,cse", 2),
        ("X-drop-analyses,X-drop-analyses,cse", 5),
        ("X-keep-analyses,X-drop-analyses,X-keep-analyses", 4),
    ] {
        let rust = tree(&pipeline.replace('X', "test-rs"));
        let cpp = tree(&pipeline.replace('X', "test-cpp"));
        assert_eq!(rust, cpp, "{pipeline}");
        assert_eq!(
            rust.iter().filter(|e| e.contains("(A)")).count(),
            analyses,
            "{rust:#?}"
        );
    }
}
