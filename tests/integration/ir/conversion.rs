//! Dialect conversion from Rust (`mlir_pass::conversion`): targets, type
//! converters with materializations, conversion patterns on an op or any
//! op, upstream's structural patterns beside Rust ones, the three apply
//! functions, rollback, and failures and panics as diagnostics.

use mlir_pass::{
    conversion::{TypeConversion, TypeConverter},
    melior::ir::{r#type::IntegerType, Type, TypeLike},
    Context, MlirError, Module, PassManager,
};
use mlir_pass_tests::conversion_passes::widening_converter;

use super::{run, setup};

fn run_unregistered(pipeline: &str, source: &str) -> Result<String, MlirError> {
    let context = setup();
    context.allow_unregistered_dialects(true);
    super::run_on(&context, pipeline, source)
}

/// The diagnostics of a failing run, one string each.
fn errors(result: Result<String, MlirError>) -> Vec<String> {
    match result {
        Ok(out) => panic!("expected a failure, got:\n{out}"),
        Err(e) => e.diagnostics.iter().map(ToString::to_string).collect(),
    }
}

const WIDEN: &str = r#"
func.func @add(%a: i16, %b: i16) -> i16 {
  %s = arith.addi %a, %b : i16
  %m = arith.muli %s, %a : i16
  return %m : i16
}
func.func @caller(%x: i16, %y: i64) -> i16 {
  %r = call @add(%x, %x) : (i16, i16) -> i16
  %z = arith.addi %y, %y : i64
  return %r : i16
}
"#;

#[test]
fn a_type_converter_and_upstream_structural_patterns_widen_signatures_calls_and_ops() {
    let out = run("builtin.module(test-conv-widen)", WIDEN).unwrap();
    assert!(
        out.contains("func.func @add(%arg0: i32, %arg1: i32) -> i32"),
        "{out}"
    );
    assert!(out.contains("arith.addi %arg0, %arg1 : i32"), "{out}");
    assert!(out.contains("arith.muli %0, %arg0 : i32"), "{out}");
    assert!(
        out.contains("call @add(%arg0, %arg0) : (i32, i32) -> i32"),
        "{out}"
    );
    // i64 was legal all along.
    assert!(out.contains("arith.addi %arg1, %arg1 : i64"), "{out}");
    assert!(!out.contains("i16"), "{out}");
}

#[test]
fn source_materializations_serve_uses_the_conversion_left_alone() {
    // `x.use` is unknown to the target: a partial conversion leaves it,
    // and it still wants an i16, which the source materialization builds.
    let out = run_unregistered(
        "builtin.module(test-conv-widen)",
        "func.func @f(%a: i16) { %s = arith.addi %a, %a : i16\n \"x.use\"(%s) : (i16) -> ()\n return }",
    )
    .unwrap();
    assert!(out.contains("arith.addi %arg0, %arg0 : i32"), "{out}");
    assert!(out.contains("arith.trunci %0 : i32 to i16"), "{out}");
    assert!(out.contains("\"x.use\"(%1) : (i16) -> ()"), "{out}");
}

#[test]
fn target_materializations_convert_operands_whose_producer_stays() {
    let out = run_unregistered(
        "builtin.module(test-conv-widen)",
        "func.func @f() { %x = \"x.make\"() : () -> i16\n %s = arith.addi %x, %x : i16\n \"x.use\"(%s) : (i16) -> ()\n return }",
    )
    .unwrap();
    assert!(out.contains("arith.extsi %0 : i16 to i32"), "{out}");
    assert!(out.contains("arith.addi %1, %1 : i32"), "{out}");
    assert!(out.contains("arith.trunci %2 : i32 to i16"), "{out}");
}

const CONTROL_FLOW: &str = r#"
func.func @sel(%c: i1, %a: i16, %b: i16) -> i16 {
  %r = scf.if %c -> (i16) {
    %s = arith.addi %a, %b : i16
    scf.yield %s : i16
  } else {
    scf.yield %b : i16
  }
  cf.br ^next(%r : i16)
^next(%v: i16):
  %w = arith.muli %v, %v : i16
  cf.cond_br %c, ^out(%w : i16), ^next(%w : i16)
^out(%o: i16):
  return %o : i16
}
"#;

#[test]
fn upstream_scf_and_cf_structural_conversions_run_beside_rust_patterns() {
    let out = run(
        "builtin.module(test-conv-widen{cf-structural=true})",
        CONTROL_FLOW,
    )
    .unwrap();
    assert!(!out.contains("i16"), "{out}");
    assert!(out.contains("scf.if %arg0 -> (i32)"), "{out}");
    assert!(out.contains("cf.br ^bb1(%0 : i32)"), "{out}");
    assert!(out.contains("^bb1(%1: i32):"), "{out}");
    assert!(out.contains("arith.muli %1, %1 : i32"), "{out}");
    // Upstream's function pattern converts the entry block only: with the
    // branch-interface pattern and a legality that wants every block
    // converted, the function stays illegal, as it would in C++, and the
    // failed conversion leaves the function as it was.
    let errors = errors(run("builtin.module(test-conv-widen)", CONTROL_FLOW));
    assert!(
        errors[0].starts_with("input.mlir:2:1: error: failed to legalize operation 'func.func'"),
        "{errors:?}"
    );
    assert!(errors[0].contains("^bb1(%1: i16)"), "{errors:?}");
}

#[test]
fn convert_region_types_converts_block_arguments_of_an_unregistered_op() {
    let out = run_unregistered(
        "builtin.module(test-conv-widen)",
        "func.func @f() { \"x.region\"() ({\n^bb0(%a: i16):\n %s = arith.addi %a, %a : i16\n \"x.use\"(%s) : (i16) -> ()\n}) : () -> ()\n return }",
    )
    .unwrap();
    assert!(out.contains("^bb0(%arg0: i32):"), "{out}");
    assert!(out.contains("converted = true"), "{out}");
    assert!(out.contains("arith.addi %arg0, %arg0 : i32"), "{out}");
}

#[test]
fn a_full_conversion_fails_at_an_op_with_no_rule_and_a_partial_one_leaves_it() {
    let source = "func.func @f(%a: i16) { \"x.keep\"() : () -> ()\n return }";
    // Partial: x.keep has no rule and stays.
    assert!(run_unregistered("builtin.module(test-conv-widen)", source)
        .unwrap()
        .contains("\"x.keep\"()"));
    // Full with unknown ops legal: fine too.
    assert!(run_unregistered("builtin.module(test-conv-widen{full=true})", source).is_ok());
    // Full, an op marked illegal without a pattern: MLIR's message at the op.
    let errors = errors(run(
        "builtin.module(func.func(test-conv-rollback))",
        "func.func @f(%a: i32) -> i32 { %m = arith.muli %a, %a : i32\n return %m : i32 }",
    ));
    assert!(
        errors.iter().any(|e| e.contains(
            "failed to legalize operation 'arith.muli' that was explicitly marked illegal"
        )),
        "{errors:?}"
    );
}

const ROLLBACK: &str = "func.func @f(%a: i32) -> i32 {\n  %s = arith.addi %a, %a : i32\n  %m = arith.muli %s, %a : i32\n  return %m : i32\n}\nfunc.func @g(%a: i32) -> i32 {\n  %s = arith.addi %a, %a : i32\n  return %s : i32\n}";

#[test]
fn a_failed_partial_conversion_leaves_the_ir_as_it_was() {
    let context = setup();
    let mut module = Module::parse(&context, ROLLBACK, "input.mlir").unwrap();
    let before = module.to_string();
    // Sequential, so that the failure of @f does not race with @g.
    context.enable_multithreading(false);
    let mut pm =
        PassManager::parse(&context, "builtin.module(func.func(test-conv-rollback))").unwrap();
    let error = pm.run(&mut module).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("failed to legalize operation 'arith.muli'"),
        "{error}"
    );
    // @f's addi was converted to a subi before the muli failed: rolled back.
    let after = module.to_string();
    let f_before = &before[..before.find("func.func @g").unwrap()];
    let f_after = &after[..after.find("func.func @g").unwrap()];
    assert_eq!(f_after, f_before);
    assert!(!f_after.contains("arith.subi"), "{after}");
}

#[test]
fn a_partial_conversion_that_succeeds_converts_and_rollback_can_be_off() {
    let source = "func.func @g(%a: i32) -> i32 { %s = arith.addi %a, %a : i32\n return %s : i32 }";
    for pipeline in [
        "builtin.module(func.func(test-conv-rollback))",
        "builtin.module(func.func(test-conv-rollback{rollback=false}))",
    ] {
        let out = run(pipeline, source).unwrap();
        assert!(
            out.contains("arith.subi %arg0, %arg0 : i32"),
            "{pipeline}: {out}"
        );
        assert!(!out.contains("arith.addi"), "{pipeline}: {out}");
    }
}

const ANY_OP: &str = "func.func @f(%a: i32) -> i32 {\n  %x = \"x.one\"(%a) : (i32) -> i32\n  \"x.two\"() ({\n    \"x.three\"() : () -> ()\n  }) : () -> ()\n  %y = arith.addi %x, %a : i32\n  \"other.op\"() : () -> ()\n  return %y : i32\n}";

#[test]
fn a_pattern_on_any_op_with_an_unknown_op_rule_and_unregistered_ops() {
    let errors = errors(run_unregistered(
        "builtin.module(func.func(test-conv-any-op))",
        ANY_OP,
    ));
    // other.op is not an x op: the pattern declines it, and the full
    // conversion fails there, as MLIR reports it.
    assert!(
        errors
            .iter()
            .any(|e| e.contains("failed to legalize operation 'other.op'")),
        "{errors:?}"
    );
    let without_other = ANY_OP.replace("  \"other.op\"() : () -> ()\n", "");
    let out = run_unregistered(
        "builtin.module(func.func(test-conv-any-op))",
        &without_other,
    )
    .unwrap();
    for name in ["x.one", "x.three"] {
        let line = out.lines().find(|l| l.contains(name)).unwrap();
        assert!(line.contains("done = true"), "{out}");
    }
    // x.two's attributes follow its region.
    assert!(out.contains("}) {done = true} : () -> ()"), "{out}");
    assert!(
        !out.lines()
            .any(|l| l.contains("arith.addi") && l.contains("done")),
        "{out}"
    );
}

#[test]
fn an_analysis_conversion_finds_the_ops_it_would_legalize_and_changes_nothing() {
    let out = run_unregistered(
        "builtin.module(func.func(test-conv-any-op{analysis=true}))",
        ANY_OP,
    )
    .unwrap();
    for name in ["x.one", "x.three"] {
        let line = out.lines().find(|l| l.contains(name)).unwrap();
        assert!(line.contains("legalizable"), "{name}: {out}");
    }
    assert!(out.contains("}) {legalizable = true} : () -> ()"), "{out}");
    assert!(!out.contains("done"), "{out}");
    let other = out.lines().find(|l| l.contains("other.op")).unwrap();
    assert!(!other.contains("legalizable"), "{out}");
}

const ADD: &str = "func.func @f(%a: i32) -> i32 { %s = arith.addi %a, %a : i32\n return %s : i32 }";

#[test]
fn a_panic_anywhere_in_a_conversion_is_a_diagnostic_naming_it() {
    for (site, expected) in [
        (
            "pattern",
            "pattern 'Exploding' panicked on 'arith.addi': pattern exploded",
        ),
        (
            "legality",
            "the legality callback panicked on 'arith.addi': legality exploded",
        ),
        (
            "type",
            "the type conversion panicked on 'i32': type conversion exploded",
        ),
        (
            "target",
            "the materialization to 'i64' panicked: materialization exploded",
        ),
    ] {
        let pipeline = format!("builtin.module(func.func(test-conv-panic{{site={site}}}))");
        let errors = errors(run(&pipeline, ADD));
        assert!(
            errors
                .iter()
                .any(|e| e.contains("pass 'test-conv-panic'") && e.contains(expected)),
            "{site}: {errors:?}"
        );
    }
}

/// A type conversion that panics while a legality rule or a type-legality
/// rule decides an op is reported at that op (`arith.addi`, column 37),
/// not at the op the conversion runs on (`func.func`, column 1).
#[test]
fn a_panicking_type_conversion_is_reported_at_the_op_being_converted() {
    for site in ["type-legal", "legality-types"] {
        let pipeline = format!("builtin.module(func.func(test-conv-panic{{site={site}}}))");
        let errors = errors(run(&pipeline, ADD));
        let error = errors
            .iter()
            .find(|e| e.contains("the type conversion panicked on 'i32': type conversion exploded"))
            .unwrap_or_else(|| panic!("{site}: {errors:?}"));
        assert!(
            error.starts_with("input.mlir:1:37: error:"),
            "{site}: {error}"
        );
    }
}

#[test]
fn the_conversion_rewriter_refuses_erasing_the_root_or_a_wrong_replacement_count() {
    let errors_root = errors(run(
        "builtin.module(func.func(test-conv-panic{site=erase-root}))",
        ADD,
    ));
    assert!(
        errors_root.iter().any(|e| e.contains(
            "pattern 'Exploding': cannot erase 'func.func': it is the op the conversion runs on, or holds it"
        )),
        "{errors_root:?}"
    );
    let errors_inline = errors(run(
        "builtin.module(func.func(test-conv-panic{site=inline}))",
        ADD,
    ));
    assert!(
        errors_inline
            .iter()
            .any(|e| e.contains("cannot inline the block: 2 values given for 1 block arguments")),
        "{errors_inline:?}"
    );
    let errors_count = errors(run(
        "builtin.module(func.func(test-conv-panic{site=count}))",
        ADD,
    ));
    assert!(
        errors_count
            .iter()
            .any(|e| e
                .contains("cannot replace 'arith.addi': 2 replacement values given for 1 results")),
        "{errors_count:?}"
    );
}

#[test]
fn a_type_converter_answers_one_to_one_one_to_many_dropped_and_failed() {
    let context = Context::new();
    let melior = context.as_melior();
    let i = |w| -> Type<'_> { IntegerType::new(melior, w).into() };
    let mut converter = TypeConverter::new();
    converter.add_conversion(
        |ty, context| match IntegerType::try_from(ty).map(|t| t.width()) {
            Ok(64) => TypeConversion::Converted(vec![
                IntegerType::new(context, 32).into(),
                IntegerType::new(context, 32).into(),
            ]),
            Ok(1) => TypeConversion::Converted(vec![]),
            Ok(7) => TypeConversion::Failed,
            Ok(8) => TypeConversion::to(ty),
            _ => TypeConversion::NotApplicable,
        },
    );
    assert_eq!(converter.convert_type(i(64)), Some(vec![i(32), i(32)]));
    assert_eq!(converter.convert_type(i(1)), Some(vec![]));
    assert_eq!(converter.convert_type(i(7)), None);
    assert_eq!(converter.convert_type(i(16)), None, "no conversion applies");
    assert_eq!(converter.convert_single(i(8)), Some(i(8)));
    assert_eq!(converter.convert_single(i(64)), None, "1:2 is not single");
    assert!(converter.is_legal_type(i(8)));
    assert!(!converter.is_legal_type(i(64)));

    let widening = widening_converter();
    let signature = widening.convert_signature(&[i(16), i(8)]).unwrap();
    assert_eq!(signature.converted_types(), vec![i(32), i(8)]);
    assert!(signature.is_mapped(1));
}

#[test]
#[should_panic(expected = "cannot add a conversion to a TypeConverter that is shared")]
fn a_shared_type_converter_cannot_change() {
    let mut converter = TypeConverter::new();
    let _shared = converter.clone();
    converter.add_identity_conversion();
}

#[test]
#[should_panic(expected = "type conversion exploded")]
fn a_panic_in_a_conversion_called_from_rust_is_raised_again_in_rust() {
    let context = Context::new();
    let mut converter = TypeConverter::new();
    converter.add_conversion(|_, _| panic!("type conversion exploded"));
    converter.convert_type(IntegerType::new(context.as_melior(), 3).into());
}

#[test]
fn a_signature_conversion_refuses_an_input_out_of_range_or_mapped_twice() {
    let context = Context::new();
    let i32_type: Type<'_> = IntegerType::new(context.as_melior(), 32).into();
    let mut signature = mlir_pass::conversion::SignatureConversion::new(1);
    signature.add_inputs(0, &[i32_type]).unwrap();
    assert!(signature
        .add_inputs(0, &[i32_type])
        .unwrap_err()
        .to_string()
        .contains("input #0 is already mapped"));
    assert!(signature
        .add_inputs(3, &[])
        .unwrap_err()
        .to_string()
        .contains("input #3 is out of range (1 inputs)"));
    assert!(i32_type.is_integer());
}

/// What a failed partial conversion leaves, measured against MLIR's own
/// driver: the C++ twin (`tests/cpp/conversion_twin.cpp`) and the Rust pass
/// run the same conversion on the same function, failing in each of three
/// ways after the pattern changed the IR; both must fail with the same
/// error and leave the same IR (which README describes).
#[test]
fn a_failed_conversion_leaves_the_ir_as_mlir_s_own_driver_does() {
    mlir_pass_tests::link_cpp_twins();
    let source =
        "func.func @f(%a: i32) -> i32 {\n  %s = arith.addi %a, %a : i32\n  return %s : i32\n}";
    let mut outcomes = Vec::new();
    for case in ["materialization", "type-mismatch", "erase-used"] {
        let mut seen = Vec::new();
        for twin in ["cpp", "rust"] {
            let context = setup();
            context.enable_multithreading(false);
            let mut module = Module::parse(&context, source, "input.mlir").unwrap();
            let pipeline =
                format!("builtin.module(func.func(test-{twin}-conv-failure{{case={case}}}))");
            let mut pm = PassManager::parse(&context, &pipeline).unwrap();
            let error = pm.run(&mut module).unwrap_err();
            let diagnostics: Vec<String> = error
                .diagnostics
                .iter()
                .map(|d| {
                    d.to_string()
                        .replace(&format!("test-{twin}-conv-failure"), "P")
                })
                .collect();
            seen.push((diagnostics, module.to_string()));
        }
        // The same IR; the same error, though which of two unresolved
        // casts it names first varies from run to run in MLIR itself.
        assert_eq!(seen[0].1, seen[1].1, "{case}: C++ then Rust");
        for (diagnostics, _) in &seen {
            assert_eq!(diagnostics.len(), 1, "{case}: {diagnostics:?}");
        }
        outcomes.push((case, seen.remove(0)));
    }
    // What MLIR 22's driver does, as README states it: the failure comes
    // while MLIR legalizes the casts it inserted, after the patterns ran, and
    // in all three cases their changes stay (no rollback), with the casts.
    for (case, (diagnostics, ir)) in &outcomes {
        assert!(
            diagnostics[0].starts_with(
                "input.mlir:2:8: error: failed to legalize unresolved materialization"
            ),
            "{case}: {diagnostics:?}"
        );
        assert!(
            ir.contains("builtin.unrealized_conversion_cast"),
            "{case}: {ir}"
        );
        assert!(
            !ir.contains("arith.addi %arg0, %arg0 : i32"),
            "{case}: {ir}"
        );
    }
    assert!(outcomes[0]
        .1
         .1
        .contains("arith.addi %0, %0 {new = true} : i64"));
    assert!(outcomes[1].1 .1.contains("arith.constant 0 : i64"));
}

#[test]
fn a_materialization_that_cannot_be_built_fails_the_conversion_as_mlir_reports_it() {
    let errors = errors(run(
        "builtin.module(func.func(test-conv-panic{site=no-materialization}))",
        ADD,
    ));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("failed to legalize unresolved materialization")),
        "{errors:?}"
    );
}

#[test]
fn conversions_on_many_functions_run_on_every_thread_at_once() {
    let mut source = String::new();
    for f in 0..400 {
        source.push_str(&format!(
            "func.func @f{f}(%a: i32) -> i32 {{\n  %s = arith.addi %a, %a : i32\n  %x = \"x.op\"(%s) : (i32) -> i32\n  return %x : i32\n}}\n"
        ));
    }
    let context = setup();
    context.allow_unregistered_dialects(true);
    context.enable_multithreading(true);
    let out = super::run_on(
        &context,
        "builtin.module(func.func(test-conv-rollback, test-conv-any-op))",
        &source,
    )
    .unwrap();
    assert_eq!(out.matches("arith.subi").count(), 400);
    assert_eq!(out.matches("done = true").count(), 400);
}

#[test]
#[should_panic(expected = "the LlvmTypeConverter was made for another MLIR context")]
fn an_llvm_type_converter_of_another_context_is_refused() {
    let (one, two) = (Context::new(), Context::new());
    let converter = mlir_pass::conversion::LlvmTypeConverter::new(one.as_ref());
    let _ = mlir_pass::conversion::ConversionPatternSet::builder(two.as_ref())
        .arith_to_llvm(&converter);
}

/// The test above alone in a process: its panic unwinds through the drop
/// of the contexts' diagnostic handlers, which is then the first code of
/// the process that mlir-pass guards against panics. Installing its panic
/// hook from an unwinding thread panicked inside a C++ destructor and
/// aborted the process; in this binary another test had installed it first.
#[test]
fn a_first_guarded_call_while_a_panic_unwinds_does_not_abort() {
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "conversion::an_llvm_type_converter_of_another_context_is_refused",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "{:?}\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_pattern_with_bounded_recursion_applies_to_what_it_created() {
    let source = "func.func @f() { \"x.count\"() {n = 3} : () -> ()\n return }";
    let out = run_unregistered(
        "builtin.module(func.func(test-conv-count-down{bounded=true}))",
        source,
    )
    .unwrap();
    assert!(out.contains("\"x.count\"() {n = 0 : i64}"), "{out}");
    // Without it, the driver does not apply the pattern to its own op.
    let errors = errors(run_unregistered(
        "builtin.module(func.func(test-conv-count-down))",
        source,
    ));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("failed to legalize operation 'x.count'")),
        "{errors:?}"
    );
}

const RESULT_TYPES: &str = r#"func.func @f(%a: i16, %c: i32) -> i16 {
  %x = "x.op"(%a) : (i16) -> i16
  %w = "x.wrap"(%x) ({
  ^bb0(%arg: i16):
    "x.inner"(%arg) : (i16) -> ()
  }) {tag = 7 : i64} : (i16) -> i16
  %s = arith.addi %c, %c : i32
  %t = arith.addi %w, %w : i16
  "x.keep"(%s) : (i32) -> ()
  return %t : i16
}"#;

#[test]
fn convert_op_result_types_rebuilds_ops_with_their_regions_and_type_legality_is_decided_in_cpp() {
    let out = run_unregistered(
        "builtin.module(func.func(test-conv-result-types))",
        RESULT_TYPES,
    )
    .unwrap();
    let expected = r#"func.func @f(%arg0: i16, %arg1: i32) -> i16 {
    %0 = arith.extsi %arg0 : i16 to i32
    %1 = "x.op"(%0) {seen = [1, "seen"]} : (i32) -> i32
    %2 = "x.wrap"(%1) ({
    ^bb0(%arg2: i16):
      %6 = arith.extsi %arg2 : i16 to i32
      "x.inner"(%6) {seen = [1, "seen"]} : (i32) -> ()
    }) {seen = [1, "seen"], tag = 7 : i64} : (i32) -> i32
    %3 = arith.addi %arg1, %arg1 : i32
    %4 = arith.addi %2, %2 {seen = [1, "seen"]} : i32
    %5 = arith.trunci %4 : i32 to i16
    "x.keep"(%3) : (i32) -> ()
    return %5 : i16
  }"#;
    assert!(out.contains(expected), "{out}");
}

#[test]
fn convert_op_result_types_refuses_to_move_regions_around_the_insertion_point() {
    let errors = errors(run_unregistered(
        "builtin.module(func.func(test-conv-result-types{inside=true}))",
        "func.func @g(%a: i16) {\n  %h = \"x.hold\"() ({\n    \"x.inner\"(%a) : (i16) -> ()\n  }) : () -> i16\n  return\n}",
    ));
    assert!(
        errors.iter().any(|e| e.contains(
            "pattern 'RebuildWithConvertedTypes': cannot move the regions of 'x.hold' into a new \
             op inserted inside it"
        )),
        "{errors:?}"
    );
}

#[test]
fn convert_op_result_types_refuses_a_wrong_operand_count() {
    let errors = errors(run_unregistered(
        "builtin.module(func.func(test-conv-result-types{count=true}))",
        RESULT_TYPES,
    ));
    assert!(
        errors.iter().any(|e| e.contains(
            "pattern 'RebuildWithConvertedTypes': cannot convert the result types of 'x.op': 0 \
             operands given for its 1"
        )),
        "{errors:?}"
    );
}

const ONE_TO_N: &str = r#"func.func @f(%a: i64) {
  %m = "x.make"() : () -> i64
  "x.use"(%a, %m) : (i64, i64) -> ()
  return
}"#;

#[test]
fn a_pattern_gets_one_to_n_operands_from_a_signature_and_a_replacement() {
    let out = run_unregistered("builtin.module(test-conv-one-to-n)", ONE_TO_N).unwrap();
    let expected = r#"func.func @f(%arg0: i32, %arg1: i32) {
    %0 = "x.half"() : () -> i32
    %1 = "x.half"() : () -> i32
    "x.use2"(%arg0, %arg1, %0, %1) : (i32, i32, i32, i32) -> ()
    return
  }"#;
    assert!(out.contains(expected), "{out}");
    // A pattern that does not take 1:N operands does not apply, as in C++:
    // x.use stays illegal and the conversion fails there.
    let errors = errors(run_unregistered(
        "builtin.module(test-conv-one-to-n{one-to-n=false})",
        ONE_TO_N,
    ));
    assert!(
        errors
            .iter()
            .any(|e| e.contains("failed to legalize operation 'x.use'")),
        "{errors:?}"
    );
}

/// An op name a target rule gives is checked when given: a name its dialect
/// does not define fails the conversion with the closest name, instead of
/// a rule that silently matches nothing.
#[test]
fn a_target_rule_for_a_misspelled_op_fails_the_conversion_with_a_suggestion() {
    let error = run(
        "builtin.module(func.func(test-conv-target-name{name=arith.addii}))",
        ADD,
    )
    .unwrap_err();
    assert!(
        error.to_string().contains(
            "conversion target: add_legal_op(\"arith.addii\") names an op its dialect does not define; did you mean 'arith.addi'?"
        ),
        "{error}"
    );
    run(
        "builtin.module(func.func(test-conv-target-name{name=arith.addi}))",
        ADD,
    )
    .unwrap();
}

/// A pattern that creates an op by a misspelled name gets an error naming
/// it and the closest op, and the conversion fails (the op is not built).
#[test]
fn creating_a_misspelled_op_is_an_error_naming_the_pattern() {
    let error = run("builtin.module(func.func(test-conv-create-typo))", ADD).unwrap_err();
    assert!(
        error.to_string().contains(
            "pattern 'CreateTypo': creates 'arith.mulii', which its dialect does not define; did you mean 'arith.muli'?"
        ),
        "{error}"
    );
}
