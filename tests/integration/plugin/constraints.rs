//! Constraints as ODS writes them, byte for byte against upstream ops: the
//! stock `mlir-opt` reports the `rtest` mirrors of `smt.push`,
//! `linalg.index`, `memref.prefetch`'s hint, `complex.create`,
//! `complex.abs` and `arith.cmpi` (loaded from the probe plugin) with the
//! error lines it reports for the upstream ops, and prints the syntax
//! their formats derive types for as it prints upstream's.
//!
//! Only the error lines are compared: the notes that follow print the op in
//! the generic form, where upstream ops hold their attributes as properties
//! (`<{...}>`) and Rust ops, so far, in the dictionary.

use super::*;

/// One case: the upstream input and the Rust op's, written so that errors
/// fall at the same line and column, and the names that differ.
const CASES: &[(&str, &str)] = &[
    ("smt.push -1", "rtest.push -1"),
    (
        r#"%0 = "linalg.index"() <{dim = -1 : i64}> : () -> index"#,
        r#"%0 = "rtest.index"() {dim = -1 : i64} : () -> index"#,
    ),
    (
        "memref.prefetch %m[%i], read, locality<5>, data : memref<4xf32>",
        "rtest.hint 5, 1",
    ),
    (
        r#"%0 = "complex.create"(%f, %d) : (f32, f64) -> complex<f32>"#,
        r#"%0 = "rtest.create"(%f, %d) : (f32, f64) -> complex<f32>"#,
    ),
    (
        r#"%0 = "complex.create"(%f, %f) : (f32, f32) -> complex<f64>"#,
        r#"%0 = "rtest.create"(%f, %f) : (f32, f32) -> complex<f64>"#,
    ),
    (
        r#"%0 = "complex.abs"(%c) : (complex<f32>) -> f64"#,
        r#"%0 = "rtest.abs"(%c) : (complex<f32>) -> f64"#,
    ),
    (
        r#"%0 = "arith.cmpi"(%v, %v) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> i1"#,
        r#"%0 = "rtest.cmp"(%v, %v) : (vector<4xi32>, vector<4xi32>) -> i1"#,
    ),
];

/// What differs between the two outputs other than the op names.
const RENAMES: &[(&str, &str)] = &[
    ("smt.push", "rtest.push"),
    ("linalg.index", "rtest.index"),
    (
        "'memref.prefetch' op attribute 'localityHint'",
        "'rtest.hint' op attribute 'hint'",
    ),
    ("complex.create", "rtest.create"),
    ("complex.abs", "rtest.abs"),
    ("arith.cmpi", "rtest.cmp"),
    ("upstream.mlir", "rust.mlir"),
];

/// The cases as one split input file.
fn input(pick: fn(&(&'static str, &'static str)) -> &'static str) -> String {
    CASES
        .iter()
        .map(|case| {
            format!(
                "func.func @f(%f: f32, %d: f64, %c: complex<f32>, %v: vector<4xi32>, %m: memref<4xf32>, %i: index) {{\n  {}\n  return\n}}\n",
                pick(case)
            )
        })
        .collect::<Vec<_>>()
        .join("// -----\n")
}

/// The error lines of a run, each with the source line and caret after it.
fn error_lines(output: &Output) -> Vec<String> {
    let stderr = text(&output.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains(": error: "))
        .map(|(i, l)| {
            let rename = RENAMES
                .iter()
                .fold(l.to_string(), |l, (from, to)| l.replace(from, to));
            format!("{rename}\n{}", lines.get(i + 2).copied().unwrap_or(""))
        })
        .collect()
}

#[test]
fn constraint_messages_equal_the_upstream_ops_in_the_stock_mlir_opt() {
    let dir = scratch_dir("constraints");
    std::fs::write(dir.path().join("upstream.mlir"), input(|c| c.0)).unwrap();
    std::fs::write(dir.path().join("rust.mlir"), input(|c| c.1)).unwrap();
    let plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    let upstream = mlir_opt(dir.path(), &["-split-input-file", "upstream.mlir"]);
    let ours = mlir_opt(dir.path(), &[&plugin, "-split-input-file", "rust.mlir"]);
    let expected = error_lines(&upstream);
    assert_eq!(expected.len(), CASES.len(), "{}", text(&upstream.stderr));
    assert_eq!(error_lines(&ours), expected, "{}", text(&ours.stderr));
    assert_eq!(ours.status.code(), upstream.status.code());
}

#[test]
fn formats_derive_types_as_the_upstream_ops_in_the_stock_mlir_opt() {
    let dir = scratch_dir("constraint-formats");
    let source = |create: &str, abs: &str| {
        format!(
            "func.func @f(%r: f64, %i: f64, %c: complex<f32>) -> (complex<f64>, f32) {{\n  %0 = {create} %r, %i : complex<f64>\n  %1 = {abs} %c : complex<f32>\n  return %0, %1 : complex<f64>, f32\n}}\n"
        )
    };
    std::fs::write(
        dir.path().join("upstream.mlir"),
        source("complex.create", "complex.abs"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("rust.mlir"),
        source("rtest.create", "rtest.abs"),
    )
    .unwrap();
    let plugin = format!("--load-dialect-plugin={}", probe_plugin().display());
    for flags in [&[][..], &["--mlir-print-op-generic"][..]] {
        let upstream = mlir_opt(dir.path(), &[flags, &["upstream.mlir"]].concat());
        let ours = mlir_opt(
            dir.path(),
            &[&[plugin.as_str()], flags, &["rust.mlir"]].concat(),
        );
        assert!(upstream.status.success(), "{}", text(&upstream.stderr));
        assert!(ours.status.success(), "{}", text(&ours.stderr));
        let mut expected = RENAMES
            .iter()
            .fold(text(&upstream.stdout), |s, (from, to)| s.replace(from, to));
        // complex.abs's fastmath flags, which the mirror does not have.
        expected = expected.replace(" <{fastmath = #arith.fastmath<none>}>", "");
        assert_eq!(text(&ours.stdout), expected);
    }
}
