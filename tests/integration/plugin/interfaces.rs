//! Upstream interfaces answered by Rust ops, inside the stock `mlir-opt`
//! (the `rrange` dialect of the probe plugin, `tests/src/int_ranges.rs`):
//! MLIR's range-based rewrites of `rrange.add`, `rrange.divs`,
//! `rrange.maxu` and `rrange.select` print what they print for
//! `index.add`, `index.divs`, `index.maxu` and `arith.select`, byte for
//! byte, and what our own process prints. And `FunctionOpInterface` on
//! Toy's `toy.func`, with the Toy plugin beside the example plugin.

use super::*;

/// The Rust twins of upstream's ops, renamed to upstream's names.
fn as_upstream(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = line
            .replace("rrange.add", "index.add")
            .replace("rrange.divs", "index.divs")
            .replace("rrange.maxu", "index.maxu");
        let line = match line.find("rrange.select ") {
            Some(at) => format!("{}arith.select {} : index", &line[..at], &line[at + 14..]),
            None => line,
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn range_rewrites_of_rust_ops_in_the_stock_mlir_opt_are_upstreams() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/int_ranges.mlir");
    let source = std::fs::read_to_string(&input).unwrap();
    let dir = scratch_dir("int-ranges");
    std::fs::write(dir.path().join("upstream.mlir"), as_upstream(&source)).unwrap();
    let dialect_plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    // (`-arith-int-range-narrowing` folds too, and `rrange.add` has no
    // folder: its output differs by that, not by ranges.)
    for pass in [
        "--int-range-optimizations",
        "--arith-unsigned-when-equivalent",
    ] {
        let upstream = mlir_opt(dir.path(), &[pass, "upstream.mlir"]);
        assert!(upstream.status.success(), "{}", text(&upstream.stderr));
        let ours = mlir_opt(
            dir.path(),
            &[&dialect_plugin, pass, input.to_str().unwrap()],
        );
        assert!(ours.status.success(), "{pass}: {}", text(&ours.stderr));
        let ours = text(&ours.stdout);
        assert!(ours.contains("rrange.select"), "{pass}: {ours}");
        assert_eq!(as_upstream(&ours), text(&upstream.stdout), "{pass}");
    }
}

/// The `reff` twins of the memref ops and `arith.divui`, renamed.
fn effects_as_upstream(text: &str) -> String {
    text.replace("reff.alloca()", "memref.alloca()")
        .replace("reff.alloc()", "memref.alloc()")
        .replace("reff.load ", "memref.load ")
        .replace("reff.copy_by_method ", "memref.copy ")
        .replace("reff.copy ", "memref.copy ")
        .replace("reff.dealloc ", "memref.dealloc ")
        .replace("reff.divui ", "arith.divui ")
}

/// Memory effects declared by Rust ops: `canonicalize`, `cse` and
/// `loop-invariant-code-motion` in the stock `mlir-opt` treat the `reff`
/// ops (`tests/src/effects.rs`) as the memref ops and `arith.divui` with
/// the same effects, byte for byte; `-test-side-effects` reports the same
/// effects, on the same operands and results and resources, for each.
#[test]
fn rust_effects_in_the_stock_mlir_opt_are_upstreams() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/effects.mlir");
    let source = std::fs::read_to_string(&input).unwrap();
    let dir = scratch_dir("effects");
    std::fs::write(
        dir.path().join("upstream.mlir"),
        effects_as_upstream(&source),
    )
    .unwrap();
    let dialect_plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    for pass in ["--canonicalize", "--cse", "--loop-invariant-code-motion"] {
        let upstream = mlir_opt(dir.path(), &[pass, "upstream.mlir"]);
        assert!(upstream.status.success(), "{}", text(&upstream.stderr));
        let ours = mlir_opt(
            dir.path(),
            &[&dialect_plugin, pass, input.to_str().unwrap()],
        );
        assert!(ours.status.success(), "{pass}: {}", text(&ours.stderr));
        let ours = text(&ours.stdout);
        assert!(ours.contains("reff.copy"), "{pass}: {ours}");
        assert_eq!(effects_as_upstream(&ours), text(&upstream.stdout), "{pass}");
    }
    // The effects as MLIR's own test pass lists them (its remarks; the
    // notes after them print the ops).
    let remarks = |args: &[&str], file: &str| {
        let output = mlir_opt(dir.path(), &[args, &["--test-side-effects", file]].concat());
        assert!(output.status.success(), "{}", text(&output.stderr));
        text(&output.stderr)
            .lines()
            .filter(|l| l.contains("remark:"))
            .map(|l| l.split_once("remark:").unwrap().1.to_owned())
            .collect::<Vec<_>>()
    };
    let ours_source = "func.func @f(%m: memref<4xf32>, %n: memref<4xf32>, %i: index) {
  %a = reff.alloc() : memref<4xf32>
  %s = reff.alloca() : memref<4xf32>
  %v = reff.load %m[%i] : memref<4xf32>
  reff.copy %m, %n : memref<4xf32> to memref<4xf32>
  reff.copy_by_method %m, %n : memref<4xf32> to memref<4xf32>
  reff.dealloc %a : memref<4xf32>
  %d = reff.divui %i, %i : index
  return
}
";
    std::fs::write(dir.path().join("ours-effects.mlir"), ours_source).unwrap();
    std::fs::write(
        dir.path().join("upstream-effects.mlir"),
        effects_as_upstream(ours_source),
    )
    .unwrap();
    let ours = remarks(&[&dialect_plugin], "ours-effects.mlir");
    let upstream = remarks(&[], "upstream-effects.mlir");
    assert_eq!(ours, upstream);
    assert!(ours.contains(
        &" found an instance of 'allocate' on op result 0, on resource 'AutomaticAllocationScope'"
            .to_owned()
    ));
    // A resource of the op's own naming.
    std::fs::write(dir.path().join("touch.mlir"), "reff.touch\n").unwrap();
    assert_eq!(
        remarks(&[&dialect_plugin], "touch.mlir"),
        [
            " found an instance of 'write' on resource 'Cache'",
            " found an instance of 'read' on resource '<Default>'"
        ]
    );
}

/// Fast-math flags of Rust ops (`tests/src/fast_math.rs`) inside the stock
/// `mlir-opt`: MLIR's `ArithFastMathInterface`, asked by the probe pass,
/// answers for `rfast.addf` and `rfast.mulf` what it answers for
/// `arith.addf` and `arith.mulf`, byte for byte, but the name `rfast.mulf`
/// gives its attribute.
#[test]
fn rust_fast_math_flags_in_the_stock_mlir_opt_are_upstreams() {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/fast_math.mlir");
    let source = std::fs::read_to_string(&input).unwrap();
    let as_upstream = |text: &str| {
        text.replace("rfast.addf", "arith.addf")
            .replace("rfast.mulf", "arith.mulf")
            .replace(" flags<", " fastmath<")
    };
    let dir = scratch_dir("fast-math");
    std::fs::write(dir.path().join("upstream.mlir"), as_upstream(&source)).unwrap();
    let plugin = probe_plugin();
    let pass_plugin = format!("--load-pass-plugin={}", plugin.display());
    let dialect_plugin = format!("--load-dialect-plugin={}", plugin.display());
    let pipeline = "--pass-pipeline=builtin.module(func.func(probe-fast-math))";
    let upstream = mlir_opt(dir.path(), &[&pass_plugin, pipeline, "upstream.mlir"]);
    assert!(upstream.status.success(), "{}", text(&upstream.stderr));
    let ours = mlir_opt(
        dir.path(),
        &[
            &dialect_plugin,
            &pass_plugin,
            pipeline,
            input.to_str().unwrap(),
        ],
    );
    assert!(ours.status.success(), "{}", text(&ours.stderr));
    let ours = text(&ours.stdout);
    assert!(ours.contains("probe.fastmath_name = \"flags\""), "{ours}");
    assert_eq!(
        as_upstream(&ours),
        text(&upstream.stdout).replacen(
            "#arith.fastmath<arcp,afn>, probe.fastmath_name = \"fastmath\"",
            "#arith.fastmath<arcp,afn>, probe.fastmath_name = \"flags\"",
            1
        )
    );
}

/// A `canonicalize` method (`tests/src/canonicalize_method.rs`) inside the
/// stock `mlir-opt`: `--canonicalize` erases `rcanon.assert` of a constant
/// `true` as it erases `cf.assert`'s, byte for byte.
#[test]
fn a_canonicalize_method_in_the_stock_mlir_opt_is_upstreams() {
    let input =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs/canonicalize_method.mlir");
    let source = std::fs::read_to_string(&input).unwrap();
    let dir = scratch_dir("canonicalize-method");
    std::fs::write(
        dir.path().join("upstream.mlir"),
        source.replace("rcanon.assert", "cf.assert"),
    )
    .unwrap();
    let dialect_plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    let upstream = mlir_opt(dir.path(), &["--canonicalize", "upstream.mlir"]);
    assert!(upstream.status.success(), "{}", text(&upstream.stderr));
    let ours = mlir_opt(
        dir.path(),
        &[&dialect_plugin, "--canonicalize", input.to_str().unwrap()],
    );
    assert!(ours.status.success(), "{}", text(&ours.stderr));
    let ours = text(&ours.stdout);
    assert_eq!(ours.matches("rcanon.assert").count(), 2, "{ours}");
    assert_eq!(
        ours.replace("rcanon.assert", "cf.assert"),
        text(&upstream.stdout)
    );
}

/// Control flow declared as data (`tests/src/control_flow.rs`) inside the
/// stock `mlir-opt`: `sccp`, `cse`, `-test-dead-code-analysis` and
/// `-test-liveness-analysis` treat `rcf.br`/`rcf.cond_br` and
/// `rcf.if`/`rcf.execute_region`/`rcf.yield` as `cf.br`/`cf.cond_br` and
/// `scf.if`/`scf.execute_region`/`scf.yield`, stdout and stderr byte for
/// byte.
#[test]
fn rust_control_flow_in_the_stock_mlir_opt_is_upstreams() {
    let as_upstream = |text: &str| {
        text.replace("rcf.br", "cf.br")
            .replace("rcf.cond_br", "cf.cond_br")
            .replace("rcf.if", "scf.if")
            .replace("rcf.execute_region", "scf.execute_region")
            .replace("rcf.yield", "scf.yield")
    };
    let dir = scratch_dir("control-flow");
    let dialect_plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    for (file, generic) in [
        ("branches.mlir", "--mlir-print-op-generic=false"),
        ("region_branches.mlir", "--mlir-print-op-generic"),
    ] {
        let input = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/inputs")
            .join(file);
        let source = std::fs::read_to_string(&input).unwrap();
        std::fs::copy(&input, dir.path().join("ours.mlir")).unwrap();
        std::fs::write(dir.path().join("upstream.mlir"), as_upstream(&source)).unwrap();
        for pass in [
            "--sccp",
            "--cse",
            "--test-dead-code-analysis",
            "--test-liveness-analysis",
        ] {
            let upstream = mlir_opt(dir.path(), &[pass, generic, "upstream.mlir"]);
            assert!(upstream.status.success(), "{}", text(&upstream.stderr));
            let ours = mlir_opt(dir.path(), &[&dialect_plugin, pass, generic, "ours.mlir"]);
            assert!(ours.status.success(), "{pass}: {}", text(&ours.stderr));
            assert_eq!(
                as_upstream(&text(&ours.stdout)),
                text(&upstream.stdout),
                "{file} {pass}"
            );
            assert_eq!(
                as_upstream(&text(&ours.stderr)).replace("ours.mlir", "upstream.mlir"),
                text(&upstream.stderr),
                "{file} {pass}"
            );
        }
    }
}

/// Toy's `toy.func` declares `FunctionOpInterface`: in the stock mlir-opt,
/// with the Toy plugin as the dialect plugin and the example plugin as the
/// pass plugin, `count-function-ops` (anchored on the interface) runs
/// under `toy.func`, and MLIR refuses it on the module.
#[test]
fn count_function_ops_runs_on_toy_functions_in_the_stock_mlir_opt() {
    let toy = ["libmlir_pass_toy.so", "deps/libmlir_pass_toy.so"]
        .iter()
        .map(|p| target_dir().join(p))
        .find(|p| p.exists())
        .expect(
            "the Toy plugin is built by `cargo test --workspace` (or `cargo build -p \
             mlir-pass-toy`)",
        );
    let dir = scratch_dir("toy-functions");
    std::fs::write(
        dir.path().join("toy.mlir"),
        "toy.func private @f(%a: tensor<*xf64> {toy.note}) -> tensor<*xf64> {\n  \
         %0 = toy.transpose(%a : tensor<*xf64>) to tensor<*xf64>\n  \
         toy.return %0 : tensor<*xf64>\n}\n",
    )
    .unwrap();
    let dialect = format!("--load-dialect-plugin={}", toy.display());
    let passes = format!("--load-pass-plugin={}", example_plugin().display());
    let output = mlir_opt(
        dir.path(),
        &[
            &dialect,
            &passes,
            "--pass-pipeline=builtin.module(toy.func(count-function-ops))",
            "toy.mlir",
        ],
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "module {\n  toy.func private @f(%arg0: tensor<*xf64> {toy.note}) -> tensor<*xf64> \
         attributes {pass.op_count = 2 : i64} {\n    \
         %0 = toy.transpose(%arg0 : tensor<*xf64>) to tensor<*xf64>\n    \
         toy.return %0 : tensor<*xf64>\n  }\n}\n\n"
    );
    let output = mlir_opt(
        dir.path(),
        &[
            &dialect,
            &passes,
            "--pass-pipeline=builtin.module(count-function-ops)",
            "toy.mlir",
        ],
    );
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains(
            "unable to schedule pass 'CountFunctionOps' on a PassManager intended to run on \
             'builtin.module'!"
        ),
        "{}",
        text(&output.stderr)
    );
}
