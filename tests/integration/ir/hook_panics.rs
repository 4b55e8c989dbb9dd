//! A panic in any user hook of a Rust dialect fails the work it happens in,
//! with a diagnostic naming the op and the hook: a parse, a verification,
//! the pass that called the hook (an upstream one such as `canonicalize`,
//! which ignores a hook's ordinary failure), or a print. Each hook kind
//! panics on request in `mlir_pass_tests::panicky`.

use mlir_pass::dialect::Op;
use mlir_pass::{Context, Module, PassManager};
use mlir_pass_tests::panicky::PanickyAsmOp;

fn setup() -> Context {
    let _ = PanickyAsmOp::operation_name();
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// Parses `source` and runs `pipeline` on it: the error of the first step
/// that failed, and the module as it was left.
fn fail(pipeline: &str, source: &str) -> (String, String) {
    let context = setup();
    let mut module = match Module::parse(&context, source, "input.mlir") {
        Ok(module) => module,
        Err(error) => return (error.to_string(), String::new()),
    };
    let mut pm = PassManager::parse(&context, pipeline).unwrap();
    let error = pm
        .run(&mut module)
        .expect_err("the hook's panic fails the pass")
        .to_string();
    (error, module.to_string())
}

fn assert_names(error: &str, expected: &str) {
    assert!(
        error.contains(expected),
        "expected `{expected}` in:\n{error}"
    );
}

#[test]
fn a_panicking_folder_fails_canonicalize() {
    let (error, module) = fail(
        "builtin.module(func.func(canonicalize))",
        r#"func.func @f(%x: i64) -> i64 { %0 = "rtest.panicky"(%x) {boom_fold} : (i64) -> i64  return %0 : i64 }"#,
    );
    assert_names(&error, "input.mlir:1:37: error: 'rtest.panicky' op folder (`PanickyOp`) panicked: the folder blew up (at tests/src/panicky.rs:");
    assert!(module.contains("rtest.panicky"), "{module}");
}

#[test]
fn a_panicking_canonicalization_pattern_fails_canonicalize() {
    let (error, module) = fail(
        "builtin.module(func.func(canonicalize))",
        r#"func.func @f(%x: i64) -> i64 { %0 = "rtest.panicky"(%x) {boom_pattern} : (i64) -> i64  return %0 : i64 }"#,
    );
    assert_names(&error, "the pattern blew up");
    assert_names(&error, "PanickingPattern");
    assert!(module.contains("rtest.panicky"), "{module}");
}

#[test]
fn a_panicking_materializer_fails_canonicalize() {
    let (error, _) = fail(
        "builtin.module(func.func(canonicalize))",
        r#"func.func @f() -> i64 {
  %a = rtest.constant 333
  %b = rtest.add %a, %a : i64
  return %b : i64
}"#,
    );
    assert_names(&error, "the materializer blew up");
}

#[test]
fn a_panic_in_a_later_pass_of_a_nested_pipeline_stops_the_pipeline() {
    // The failing pass is the second of a nested pipeline, on one of two
    // functions: the run fails, and no pass after it runs.
    let (error, module) = fail(
        "builtin.module(func.func(cse, canonicalize), symbol-dce)",
        r#"func.func private @dead()
func.func @ok(%x: i64) -> i64 { return %x : i64 }
func.func @f(%x: i64) -> i64 { %0 = "rtest.panicky"(%x) {boom_fold} : (i64) -> i64  return %0 : i64 }"#,
    );
    assert_names(&error, "the folder blew up");
    assert!(module.contains("@dead"), "symbol-dce did not run: {module}");
}

#[test]
fn a_panicking_verifier_fails_the_parse_and_the_pass_after_which_it_runs() {
    let (error, _) = fail(
        "builtin.module()",
        r#"func.func @f(%x: i64) { %0 = "rtest.panicky"(%x) {boom_verify} : (i64) -> i64  return }"#,
    );
    assert_names(
        &error,
        "'rtest.panicky' op verifier (`PanickyOp`) panicked: the verifier blew up",
    );
}

#[test]
fn a_panicking_parser_fails_the_parse() {
    let (error, _) = fail(
        "builtin.module()",
        "func.func @f(%x: i64) { rtest.panicky_asm boom %x : i64  return }",
    );
    assert_names(
        &error,
        "the parser of `PanickyAsmOp` panicked: the parser blew up",
    );
}

#[test]
fn a_panicking_type_verifier_fails_the_parse() {
    let (error, _) = fail(
        "builtin.module()",
        "func.func private @f(!rtest.pair<i13, i64>)",
    );
    assert_names(&error, "the type verifier blew up");
}

#[test]
fn a_panicking_interface_method_fails_verification() {
    let (error, _) = fail(
        "builtin.module()",
        "func.func @f(%t: tensor<2xi13>) { %0 = rtest.panicky_cast %t : tensor<2xi13> to tensor<?xi13>  return }",
    );
    assert_names(
        &error,
        "`are_cast_compatible` (CastOpInterface) of `PanickyCastOp` panicked: the cast check blew up",
    );
    assert_names(&error, "are cast incompatible");
}

#[test]
fn a_panicking_printer_reports_an_error_and_leaves_a_marker_that_does_not_parse() {
    let context = setup();
    let source = "func.func @f(%x: i64) { rtest.panicky_asm %x {boom_print} : i64  return }";
    let module = Module::parse(&context, source, "input.mlir").unwrap();
    context.take_diagnostics();
    let before = mlir_pass::dialect::print_failures();
    let printed = module.to_string();
    assert_eq!(mlir_pass::dialect::print_failures(), before + 1);
    assert!(
        printed.contains("rtest.panicky_asm halfway <<the printer of `PanickyAsmOp` panicked: the printer blew up"),
        "{printed}"
    );
    let diagnostics = context.take_diagnostics();
    assert!(
        diagnostics.iter().any(|d| d
            .message
            .contains("'rtest.panicky_asm' op the printer of `PanickyAsmOp` panicked")),
        "{diagnostics:?}"
    );
    assert!(Module::parse(&context, &printed, "printed.mlir").is_err());
    // Without the attribute, the same printer round-trips.
    let fine = Module::parse(
        &context,
        "func.func @f(%x: i64) { rtest.panicky_asm %x : i64  return }",
        "input.mlir",
    )
    .unwrap()
    .to_string();
    assert!(fine.contains("rtest.panicky_asm %arg0 : i64"), "{fine}");
}

/// What C++ asserts in a debug build, reported at that moment.
#[test]
fn a_materializer_that_builds_no_constant_or_the_wrong_type_fails_the_pass() {
    for (value, expected) in [
        (
            666,
            "constant materializer of dialect `RTestDialect` built 'rtest.not_constant', which is not a constant",
        ),
        (
            667,
            "constant materializer of dialect `RTestDialect` built 'rtest.constant' of type 'i32' for a constant of type 'i64'",
        ),
    ] {
        let source = format!(
            "func.func @f() -> i64 {{\n  %a = rtest.constant 1\n  %b = rtest.constant {value}\n  %c = rtest.add %a, %b : i64\n  return %c : i64\n}}"
        );
        let (error, module) = fail("builtin.module(func.func(canonicalize))", &source);
        assert_names(&error, expected);
        assert!(!module.contains("rtest.not_constant"), "{module}");
    }
}

#[test]
fn a_folder_that_returns_a_value_of_another_type_fails_the_pass() {
    let (error, module) = fail(
        "builtin.module(func.func(canonicalize))",
        r#"func.func @f(%x: f32) -> i64 { %0 = "rtest.bad_fold"(%x) : (f32) -> i64  return %0 : i64 }"#,
    );
    assert_names(
        &error,
        "'rtest.bad_fold' op folder (`BadFoldOp`) replaced result #0 of type 'i64' by a value of type 'f32'",
    );
    assert!(module.contains("rtest.bad_fold"), "{module}");
}

/// A dialect's hooks need no `unsafe`: predicates on melior's types as
/// constraints, and the op's context for building attributes in a folder.
#[test]
fn safe_constraints_and_a_folder_that_builds_from_the_ops_context() {
    let (error, _) = fail(
        "builtin.module()",
        r#"func.func @f(%x: i15) { %0 = "rtest.scale"(%x) {factor = 3 : i64} : (i15) -> i64  return }"#,
    );
    assert_names(
        &error,
        "'rtest.scale' op operand #0 must be even-width integer, but got 'i15'",
    );
    let (error, _) = fail(
        "builtin.module()",
        r#"func.func @f(%x: i16) { %0 = "rtest.scale"(%x) {factor = 0 : i64} : (i16) -> i64  return }"#,
    );
    assert_names(&error, "positive integer attribute");
    let context = setup();
    let source = r#"func.func @f() -> i64 {
  %c = arith.constant 7 : i16
  %0 = "rtest.scale"(%c) {factor = 3 : i64} : (i16) -> i64
  return %0 : i64
}"#;
    let mut module = Module::parse(&context, source, "input.mlir").unwrap();
    PassManager::parse(&context, "builtin.module(func.func(canonicalize))")
        .unwrap()
        .run(&mut module)
        .unwrap();
    let printed = module.to_string();
    assert!(printed.contains("rtest.constant 21"), "{printed}");
    assert!(!printed.contains("rtest.scale"), "{printed}");
}

/// MLIR's constant matchers read a `ConstantLike` op's fold result as an
/// attribute without checking (C++ asserts in a debug build): a folder that
/// does not give one is an error that fails the pass, not a crash.
#[test]
fn a_constant_whose_folder_does_not_fold_fails_the_pass() {
    let (error, _) = fail(
        "builtin.module(func.func(canonicalize, cse))",
        r#"func.func @f() -> (i64, i64) {
  %0 = "rtest.bad_constant"() : () -> i64
  %1 = "rtest.bad_constant"() : () -> i64
  return %0, %1 : i64, i64
}"#,
    );
    assert_names(
        &error,
        "'rtest.bad_constant' op is ConstantLike, but its folder did not fold it to one attribute",
    );
}

/// Canonicalization patterns are collected when `canonicalize` initializes,
/// before any pass runs: a panic there fails the pass that meets the op (and
/// the set MLIR lent the hook is left to MLIR, not destroyed with the
/// unwinding builder).
#[test]
fn panicking_canonicalization_patterns_fail_the_pass_that_meets_the_op() {
    let (error, module) = fail(
        "builtin.module(func.func(canonicalize))",
        r#"func.func @f(%x: i64) { "rtest.panicky_patterns"(%x) : (i64) -> ()  return }"#,
    );
    assert_names(
        &error,
        "'rtest.panicky_patterns' op canonicalization patterns of `PanickyPatternsOp` panicked: collecting the patterns blew up",
    );
    assert!(module.contains("rtest.panicky_patterns"), "{module}");
    // Without the op (its dialect loaded, its patterns' hook panicking
    // again), the same pipeline runs as before.
    let context = setup();
    let mut module = Module::parse(
        &context,
        "func.func @f() -> i64 { %0 = rtest.constant 1  return %0 : i64 }",
        "input.mlir",
    )
    .unwrap();
    PassManager::parse(&context, "builtin.module(func.func(canonicalize))")
        .unwrap()
        .run(&mut module)
        .unwrap();
}
