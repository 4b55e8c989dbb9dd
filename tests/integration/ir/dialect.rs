//! The `rtest` dialect declared in Rust (`tests/src/test_dialect.rs`):
//! custom and generic syntax, the generated verifier with MLIR's wording,
//! traits that `cse` and `canonicalize` act on, folders and the dialect's
//! constant materializer, typed patterns, typed handles, panics in user
//! hooks reported as diagnostics; call, callable and cast interfaces under
//! MLIR's inliner, hand-written syntax, interfaces declared in Rust, and
//! the dialect's types.

use mlir_pass::dialect::{self, Dialect, DialectType, Op};
use mlir_pass::melior::ir::{attribute::TypeAttribute, operation::OperationLike, Type, ValueLike};
use mlir_pass::{Context, Module, PassManager};
use mlir_pass_tests::test_dialect::{
    AddOp, CastOp, ConstantOp, FunctionOp, GenericCallOp, PairType, RTestDialect, ShapeInference,
    TransposeOp, TupleType,
};

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// Parses `source` and runs `pipeline`: the printed module or the error text.
fn run(pipeline: &str, source: &str) -> Result<String, String> {
    let context = setup();
    let mut module = Module::parse(&context, source, "input.mlir").map_err(|e| e.to_string())?;
    let mut pm = PassManager::parse(&context, pipeline).map_err(|e| e.to_string())?;
    pm.run(&mut module).map_err(|e| e.to_string())?;
    Ok(module.to_string())
}

const FUNC: &str = r#"
func.func @f(%a: i64, %t: tensor<2x3xf64>) -> i64 {
  %c0 = rtest.constant 0
  %c1 = rtest.constant 1
  %c2 = rtest.constant 2
  %0 = rtest.add %a, %c0 : i64
  %1 = rtest.add %c1, %c2 : i64
  %2 = rtest.add %0, %1 : i64
  %t1 = rtest.transpose(%t : tensor<2x3xf64>) to tensor<3x2xf64>
  %t2 = rtest.transpose(%t1 : tensor<3x2xf64>) to tensor<2x3xf64>
  rtest.print %t2 : tensor<2x3xf64>
  return %2 : i64
}
"#;

#[test]
fn custom_syntax_round_trips() {
    let printed = run("builtin.module()", FUNC).unwrap();
    for line in [
        "%0 = rtest.constant 0",
        "rtest.add %arg0, %0 : i64",
        "rtest.transpose(%arg1 : tensor<2x3xf64>) to tensor<3x2xf64>",
        "rtest.print %7 : tensor<2x3xf64>",
    ] {
        assert!(printed.contains(line), "missing `{line}` in:\n{printed}");
    }
    // What it prints parses again to the same text.
    assert_eq!(run("builtin.module()", &printed).unwrap(), printed);
}

#[test]
fn generic_form_parses_to_the_same_ops() {
    let generic = r#"
    "func.func"() <{function_type = (i64) -> i64, sym_name = "g"}> ({
    ^bb0(%a: i64):
      %0 = "rtest.add"(%a, %a) : (i64, i64) -> i64
      "func.return"(%0) : (i64) -> ()
    }) : () -> ()
    "#;
    let printed = run("builtin.module()", generic).unwrap();
    assert!(
        printed.contains("rtest.add %arg0, %arg0 : i64"),
        "{printed}"
    );
}

#[test]
fn canonicalize_folds_materializes_and_applies_typed_patterns() {
    let printed = run("builtin.module(func.func(canonicalize))", FUNC).unwrap();
    // add(a, 0) -> a (pattern), add(1, 2) -> 3 (folder + materializer),
    // transpose(transpose(t)) -> t (pattern), unused pure ops erased.
    assert!(printed.contains("rtest.constant 3"), "{printed}");
    assert!(printed.contains("%0 = rtest.constant 3"), "{printed}");
    assert!(printed.contains("rtest.add %arg0, %0 : i64"), "{printed}");
    assert_eq!(printed.matches("rtest.add").count(), 1, "{printed}");
    assert!(!printed.contains("rtest.transpose"), "{printed}");
    assert!(
        printed.contains("rtest.print %arg1 : tensor<2x3xf64>"),
        "{printed}"
    );
    assert!(!printed.contains("rtest.constant 0"), "{printed}");
}

#[test]
fn cse_merges_identical_pure_ops() {
    let source = r#"
    func.func @f(%a: i64) -> i64 {
      %0 = rtest.add %a, %a : i64
      %1 = rtest.add %a, %a : i64
      %2 = rtest.add %0, %1 : i64
      return %2 : i64
    }
    "#;
    let printed = run("builtin.module(func.func(cse))", source).unwrap();
    assert_eq!(printed.matches("rtest.add").count(), 2, "{printed}");
}

#[test]
fn the_verifier_speaks_odss_words() {
    let cases = [
        (
            r#"func.func @f(%x: f32) { %0 = "rtest.add"(%x, %x) : (f32, f32) -> f32  return }"#,
            "'rtest.add' op operand #0 must be integer, but got 'f32'",
        ),
        (
            r#"func.func @f(%x: i64) { %0 = "rtest.add"(%x) : (i64) -> i64  return }"#,
            "'rtest.add' op expected 2 operands, but found 1",
        ),
        (
            r#"func.func @f() { %0 = "rtest.constant"() : () -> i64  return }"#,
            "'rtest.constant' op requires attribute 'value'",
        ),
        (
            r#"func.func @f() { %0 = "rtest.constant"() {value = 1.0 : f32} : () -> i64  return }"#,
            "'rtest.constant' op attribute 'value' failed to satisfy constraint: 64-bit signless integer attribute",
        ),
        (
            r#"func.func @f(%t: tensor<2x3xf64>) { %0 = rtest.transpose(%t : tensor<2x3xf64>) to tensor<2x3xf64>  return }"#,
            "'rtest.transpose' op expects the result shape to be the input's reversed, but got [2, 3] to [2, 3]",
        ),
        (
            r#"func.func @f(%t: tensor<2xf32>) { %0 = "rtest.transpose"(%t) : (tensor<2xf32>) -> tensor<2xf64>  return }"#,
            "'rtest.transpose' op operand #0 must be tensor of 64-bit float values, but got 'tensor<2xf32>'",
        ),
        (
            r#"func.func @f() { "rtest.return"() : () -> () }"#,
            "'rtest.return' op expects parent op to be one of 'rtest.func, rtest.function'",
        ),
    ];
    for (source, expected) in cases {
        let error = run("builtin.module()", source).unwrap_err();
        assert!(
            error.contains(expected),
            "expected `{expected}`, got:\n{error}"
        );
    }
}

#[test]
fn malformed_custom_syntax_is_an_error_at_its_line_and_column() {
    let source = "func.func @f(%t: tensor<2x3xf64>) {\n  %0 = rtest.transpose %t : tensor<2x3xf64>\n  return\n}";
    let error = run("builtin.module()", source).unwrap_err();
    assert!(error.contains("input.mlir:2:23"), "{error}");
    assert!(error.contains("expected '('"), "{error}");
}

#[test]
fn ops_without_a_format_say_so_and_take_the_generic_form() {
    let error = run(
        "builtin.module()",
        "func.func @f() { rtest.generic_only  return }",
    )
    .unwrap_err();
    assert!(
        error.contains("'rtest.generic_only' has no custom assembly form"),
        "{error}"
    );
    let printed = run(
        "builtin.module()",
        r#"func.func @f() { "rtest.generic_only"() : () -> ()  return }"#,
    )
    .unwrap();
    // The default attribute is set on creation, as a property.
    assert!(
        printed.contains(r#""rtest.generic_only"() <{count = 7 : i64}> : () -> ()"#),
        "{printed}"
    );
}

#[test]
fn functions_calls_and_optional_groups() {
    let source = r#"
    rtest.func "callee" {
      %c = rtest.constant 4
      rtest.return %c : i64
    }
    rtest.func "caller" {
      %0 = rtest.call @callee() : () -> i64
      rtest.return
    }
    "#;
    let printed = run("builtin.module()", source).unwrap();
    assert!(printed.contains("rtest.func \"callee\" {"), "{printed}");
    assert!(printed.contains("rtest.return %0 : i64"), "{printed}");
    assert!(
        printed.contains("rtest.call @callee() : () -> i64"),
        "{printed}"
    );
    assert!(printed.contains("    rtest.return\n"), "{printed}");
    // IsolatedFromAbove: a func(canonicalize) pipeline schedules on it.
    run("builtin.module(rtest.func(canonicalize))", source).unwrap();
}

#[test]
fn panics_in_user_hooks_are_diagnostics() {
    let error = run(
        "builtin.module()",
        r#"func.func @f(%x: i64) { %0 = "rtest.panicky"(%x) {boom_verify} : (i64) -> i64  return }"#,
    )
    .unwrap_err();
    assert!(
        error.contains("'rtest.panicky' op verifier (`PanickyOp`) panicked: the verifier blew up"),
        "{error}"
    );
    // A folder's failure cannot fail a pass (in C++ neither), but its panic
    // does: the upstream pass that called it fails, with the error at the op,
    // and the op stays as it was.
    let context = setup();
    let source = r#"func.func @f(%x: i64) -> i64 { %0 = "rtest.panicky"(%x) {boom_fold} : (i64) -> i64  return %0 : i64 }"#;
    let mut module = Module::parse(&context, source, "input.mlir").unwrap();
    let mut pm = PassManager::parse(&context, "builtin.module(func.func(canonicalize))").unwrap();
    let error = pm.run(&mut module).unwrap_err().to_string();
    assert!(
        error.contains("'rtest.panicky' op folder (`PanickyOp`) panicked: the folder blew up"),
        "{error}"
    );
    assert!(module.to_string().contains("rtest.panicky"));
}

#[test]
fn typed_handles_cast_read_and_build() {
    let context = setup();
    let module = Module::parse(&context, FUNC, "input.mlir").unwrap();
    let mut adds = 0;
    let mut constants = Vec::new();
    use mlir_pass::ir::{OperationExt, WalkOrder};
    use mlir_pass::melior::ir::operation::WalkResult;
    module
        .as_operation()
        .melior()
        .walk_ops(WalkOrder::PreOrder, |op| {
            if let Some(add) = AddOp::cast(&op) {
                adds += 1;
                assert_eq!(add.lhs().r#type().to_string(), "i64");
            }
            if let Some(c) = ConstantOp::cast(&op) {
                constants.push(c.value().value());
            }
            assert!(
                TransposeOp::cast(&op).is_none()
                    || op.name().as_string_ref().as_str().unwrap() == "rtest.transpose"
            );
            WalkResult::Advance
        });
    assert_eq!(adds, 3);
    assert_eq!(constants, [0, 1, 2]);
    assert_eq!(AddOp::operation_name(), "rtest.add");
    assert_eq!(RTestDialect::definition().namespace, "rtest");
}

#[test]
fn docs_describe_every_op() {
    let docs = dialect::dialect_doc(RTestDialect::definition());
    assert!(docs.starts_with("# 'rtest' Dialect"), "{docs}");
    assert!(
        docs.contains("### `rtest.transpose` (TransposeOp)"),
        "{docs}"
    );
    assert!(docs.contains("operation ::= `rtest.transpose` `(` $input `:` type($input) `)` attr-dict `to` type(results)"), "{docs}");
    assert!(
        docs.contains("| `input` | tensor of 64-bit float values |"),
        "{docs}"
    );
    assert!(
        docs.contains("Traits: `Pure`, `Commutative`, `SameOperandsAndResultType`"),
        "{docs}"
    );
}

/// 300 functions of `rtest` ops, canonicalized, cse'd and inlined with
/// MLIR's threads give the same module as on one thread.
#[test]
fn threads_give_the_same_result_as_one_thread() {
    let mut source = String::new();
    for i in 0..300 {
        source.push_str(&format!(
            "func.func @f{i}(%a: i64, %t: tensor<2x3xf64>) -> i64 {{\n\
             %c0 = rtest.constant 0\n  %c1 = rtest.constant {i}\n  %c2 = rtest.constant 2\n\
             %0 = rtest.add %a, %c0 : i64\n  %1 = rtest.add %c1, %c2 : i64\n\
             %2 = rtest.add %0, %1 : i64\n  %3 = rtest.add %a, %a : i64\n  %4 = rtest.add %a, %a : i64\n\
             %5 = rtest.add %3, %4 : i64\n  %6 = rtest.add %5, %2 : i64\n\
             %t1 = rtest.transpose(%t : tensor<2x3xf64>) to tensor<3x2xf64>\n\
             %t2 = rtest.transpose(%t1 : tensor<3x2xf64>) to tensor<2x3xf64>\n\
             rtest.print %t2 : tensor<2x3xf64>\n  return %6 : i64\n}}\n"
        ));
    }
    let pipeline = "builtin.module(func.func(canonicalize, cse))";
    let run_with = |threads: bool| {
        let context = setup();
        context.enable_multithreading(threads);
        let mut module = Module::parse(&context, &source, "input.mlir").unwrap();
        let mut pm = PassManager::parse(&context, pipeline).unwrap();
        pm.run(&mut module).unwrap();
        module.to_string()
    };
    let one = run_with(false);
    assert!(!one.contains("rtest.transpose"), "{one}");
    assert_eq!(run_with(true), one);
}

/// A private callee and a caller, for the inliner.
const CALLS: &str = r#"
rtest.function private @callee(%a: i64, %b: i64) -> i64 {
  %0 = rtest.add %a, %b : i64
  rtest.return %0 : i64
}
rtest.function @caller(%x: i64) -> i64 {
  %c = rtest.constant 2
  %0 = rtest.generic_call @callee(%x, %c) : (i64, i64) -> i64
  rtest.return %0 : i64
}
"#;

#[test]
fn functions_with_custom_assembly_round_trip() {
    let printed = run("builtin.module()", CALLS).unwrap();
    for line in [
        "rtest.function private @callee(%arg0: i64, %arg1: i64) -> i64 {",
        "rtest.function @caller(%arg0: i64) -> i64 {",
        "rtest.generic_call @callee(%arg0, %0) : (i64, i64) -> i64",
    ] {
        assert!(printed.contains(line), "missing `{line}` in:\n{printed}");
    }
    assert_eq!(run("builtin.module()", &printed).unwrap(), printed);
    // The parser is MLIR's: a malformed signature is an error at its place.
    let error = run(
        "builtin.module()",
        "rtest.function @f(%a i64) {\n  rtest.return\n}",
    )
    .unwrap_err();
    assert!(error.contains("input.mlir:1:21"), "{error}");
    assert!(error.contains("expected ':'"), "{error}");
    // A declaration has no body, and the attribute is its type.
    let printed = run(
        "builtin.module()",
        "rtest.function private @ext(i64) -> (i64, f32)",
    )
    .unwrap();
    assert!(
        printed.contains("rtest.function private @ext(i64) -> (i64, f32)\n"),
        "{printed}"
    );
    let generic = run(
        "builtin.module()",
        r#""rtest.function"() ({ "rtest.return"() : () -> () }) {function_type = () -> (), sym_name = "g"} : () -> ()"#,
    )
    .unwrap();
    assert!(generic.contains("rtest.function @g() {"), "{generic}");
}

#[test]
fn inline_inlines_calls_to_rust_callables() {
    let printed = run("builtin.module(inline)", CALLS).unwrap();
    assert!(!printed.contains("rtest.generic_call"), "{printed}");
    // The private callee, now unused, is gone; its body is in the caller.
    assert!(!printed.contains("@callee"), "{printed}");
    assert!(printed.contains("rtest.add %arg0, %0 : i64"), "{printed}");
    assert!(printed.contains("rtest.return %1 : i64"), "{printed}");
    // A callee of the generic form, called from `func.func`, is inlined
    // too (the call is an `rtest` op, the caller's region func's).
    let source = r#"
    rtest.function private @twice(%a: i64) -> i64 {
      %0 = rtest.add %a, %a : i64
      rtest.return %0 : i64
    }
    func.func @f(%x: i64) -> i64 {
      %0 = rtest.generic_call @twice(%x) : (i64) -> i64
      %1 = rtest.generic_call @twice(%0) : (i64) -> i64
      return %1 : i64
    }
    "#;
    let printed = run("builtin.module(inline)", source).unwrap();
    assert!(!printed.contains("generic_call"), "{printed}");
    assert_eq!(printed.matches("rtest.add").count(), 2, "{printed}");
}

#[test]
fn the_inliner_converts_arguments_with_valid_casts_only() {
    // Toy's case: a callee generic over shapes; the inliner asks the
    // dialect for a cast, which builds one when `are_cast_compatible` says
    // so.
    let source = r#"
    rtest.function private @id(%t: tensor<*xf64>) -> tensor<*xf64> {
      rtest.return %t : tensor<*xf64>
    }
    func.func @f(%a: tensor<2x3xf64>, %b: tensor<2x3xf32>) -> (tensor<*xf64>, tensor<*xf64>) {
      %0 = rtest.generic_call @id(%a) : (tensor<2x3xf64>) -> tensor<*xf64>
      %1 = rtest.generic_call @id(%b) : (tensor<2x3xf32>) -> tensor<*xf64>
      return %0, %1 : tensor<*xf64>, tensor<*xf64>
    }
    "#;
    let printed = run("builtin.module(inline)", source).unwrap();
    assert!(
        printed.contains("%0 = rtest.cast %arg0 : tensor<2x3xf64> to tensor<*xf64>"),
        "{printed}"
    );
    // f32 to f64 is no cast: that call stays.
    assert_eq!(printed.matches("rtest.cast").count(), 1, "{printed}");
    assert!(
        printed.contains("rtest.generic_call @id(%arg1) : (tensor<2x3xf32>) -> tensor<*xf64>"),
        "{printed}"
    );
}

#[test]
fn casts_are_checked_by_are_cast_compatible() {
    let ok = r#"func.func @f(%t: tensor<2x3xf64>) -> tensor<?x3xf64> {
      %0 = rtest.cast %t : tensor<2x3xf64> to tensor<?x3xf64>
      return %0 : tensor<?x3xf64>
    }"#;
    run("builtin.module()", ok).unwrap();
    let bad = r#"func.func @f(%t: tensor<2x3xf64>) -> tensor<2x3xf32> {
      %0 = rtest.cast %t : tensor<2x3xf64> to tensor<2x3xf32>
      return %0 : tensor<2x3xf32>
    }"#;
    let error = run("builtin.module()", bad).unwrap_err();
    assert!(
        error.contains(
            "'rtest.cast' op operand type 'tensor<2x3xf64>' and result type 'tensor<2x3xf32>' are cast incompatible"
        ),
        "{error}"
    );
    // The definition carries the hook MLIR's CastOpInterface calls.
    let hook = CastOp::definition()
        .interfaces
        .cast
        .expect("CastOpInterface");
    let context = setup();
    let ty = |s: &str| Type::parse(context.as_melior(), s).unwrap();
    assert!(hook(&[ty("tensor<4xf64>")], &[ty("tensor<*xf64>")]));
    assert!(!hook(&[ty("tensor<4xf64>")], &[ty("tensor<4xi64>")]));
    assert!(!hook(&[ty("f64")], &[ty("f64")]));
}

#[test]
fn op_definitions_carry_their_interfaces() {
    let call = GenericCallOp::definition();
    // callee is attribute #0, the arguments operand group #0.
    assert_eq!(call.interfaces.call, Some((0, 0)));
    let function = FunctionOp::definition();
    // The body is region #0; the type attribute #0 (before the `Symbol`
    // trait's `sym_name` and `sym_visibility`).
    assert_eq!(function.interfaces.callable, Some((0, 0)));
    assert_eq!(function.attributes[0].name, "function_type");
    assert!(function.hooks.parse.is_some() && function.hooks.print.is_some());
    assert!(function.format.is_none());
    assert_eq!(TransposeOp::definition().interfaces.rust.len(), 1);
    assert!(AddOp::definition().interfaces.rust.is_empty());
}

#[test]
fn rust_interfaces_are_asked_of_operations() {
    let context = setup();
    let module = Module::parse(&context, FUNC, "input.mlir").unwrap();
    use mlir_pass::ir::{OperationExt, WalkOrder};
    use mlir_pass::melior::ir::operation::WalkResult;
    let (mut transposes, mut others) = (Vec::new(), 0);
    module
        .as_operation()
        .melior()
        .walk_ops(WalkOrder::PreOrder, |op| {
            match <dyn ShapeInference>::get(&op) {
                Some(shape) => transposes.push(shape.inferred_shape()),
                None => {
                    others += 1;
                    assert!(TransposeOp::cast(&op).is_none());
                }
            }
            if AddOp::cast(&op).is_some() {
                assert!(<dyn ShapeInference>::get(&op).is_none());
            }
            WalkResult::Advance
        });
    assert_eq!(transposes, [Some(vec![3, 2]), Some(vec![2, 3])]);
    assert!(others > 5, "{others}");
}

#[test]
fn types_round_trip_in_ir_text() {
    let source = r#"
    rtest.function @f(%p: !rtest.pair<i64, f64>, %t: !rtest.tuple<i1, !rtest.pair<i8, i16>, tensor<2xf32>>, %e: !rtest.tuple<>) -> !rtest.pair<i64, f64> {
      rtest.return %p : !rtest.pair<i64, f64>
    }
    "#;
    let printed = run("builtin.module()", source).unwrap();
    assert!(
        printed.contains(
            "rtest.function @f(%arg0: !rtest.pair<i64, f64>, %arg1: !rtest.tuple<i1, !rtest.pair<i8, i16>, tensor<2xf32>>, %arg2: !rtest.tuple) -> !rtest.pair<i64, f64> {"
        ),
        "{printed}"
    );
    assert_eq!(run("builtin.module()", &printed).unwrap(), printed);
    // No parameters: no brackets, as MLIR prints a dynamic type.
    assert!(printed.contains("%arg2: !rtest.tuple)"), "{printed}");
    // The parameters are checked, in ODS's words, and by the verifier.
    for (source, expected) in [
        (
            "rtest.function private @g(!rtest.pair<i64>)",
            "'pair' takes 2 parameters, but got 1",
        ),
        (
            "rtest.function private @g(!rtest.pair<i64, 3>)",
            "parameter #1 ('second') of 'pair' must be any type attribute, but got 3 : i64",
        ),
        (
            "rtest.function private @g(!rtest.pair<i64, (i64) -> i64>)",
            "a pair holds values, not functions, but got (i64) -> i64",
        ),
        (
            "rtest.function private @g(!rtest.triple<i64>)",
            "unknown  type `triple` in dialect `rtest`",
        ),
    ] {
        let error = run("builtin.module()", source).unwrap_err();
        assert!(
            error.contains(expected),
            "expected `{expected}`, got:\n{error}"
        );
    }
}

#[test]
fn typed_type_handles_get_cast_and_read() {
    let context = setup();
    dialect::load::<RTestDialect>(context.as_ref()).unwrap();
    let c = context.as_melior();
    let (i64_type, f64_type) = (
        Type::parse(c, "i64").unwrap(),
        Type::parse(c, "f64").unwrap(),
    );
    let pair = PairType::get(
        c,
        TypeAttribute::new(i64_type),
        TypeAttribute::new(f64_type),
    )
    .unwrap();
    assert_eq!(pair.to_string(), "!rtest.pair<i64, f64>");
    assert_eq!(pair.first().value(), i64_type);
    assert_eq!(pair.second().value(), f64_type);
    // Uniqued by MLIR: the same parameters are the same type.
    let again: Type = PairType::get(
        c,
        TypeAttribute::new(i64_type),
        TypeAttribute::new(f64_type),
    )
    .unwrap()
    .into();
    assert_eq!(again, pair.to_type());
    assert_eq!(PairType::cast(again), Some(pair));
    assert_eq!(TupleType::cast(again), None);
    assert_eq!(PairType::cast(i64_type), None);
    assert_eq!(
        format!("{pair:?}"),
        format!("PairType({:?})", pair.to_type())
    );

    let function = Type::parse(c, "(i64) -> i64").unwrap();
    let error = PairType::get(
        c,
        TypeAttribute::new(i64_type),
        TypeAttribute::new(function),
    )
    .unwrap_err();
    assert_eq!(
        error,
        "a pair holds values, not functions, but got (i64) -> i64"
    );

    let elements = [i64_type, pair.into(), f64_type].map(TypeAttribute::new);
    let tuple = TupleType::get(c, &elements).unwrap();
    assert_eq!(
        tuple.to_string(),
        "!rtest.tuple<i64, !rtest.pair<i64, f64>, f64>"
    );
    let read: Vec<Type> = tuple.elements().iter().map(|e| e.value()).collect();
    assert_eq!(read, [i64_type, pair.to_type(), f64_type]);
    assert_eq!(PairType::cast(read[1]), Some(pair));
    assert!(TupleType::get(c, &[]).unwrap().elements().is_empty());
    assert_eq!(tuple.params().len(), 3);

    let parsed = Type::parse(c, "!rtest.tuple<i64, !rtest.pair<i64, f64>, f64>").unwrap();
    assert_eq!(TupleType::cast(parsed), Some(tuple));

    let definition = PairType::definition();
    assert_eq!(definition.name, "pair");
    assert_eq!(
        definition.summary,
        "A pair of values of two types: `!rtest.pair<i64, f64>`."
    );
    assert_eq!(definition.params.len(), 2);
    assert!(TupleType::definition().params[0].variadic);
}

#[test]
fn ops_declared_by_a_macro_rules_with_their_keys_as_arguments_fold() {
    let _ = mlir_pass_tests::calc::NegFOp::operation_name();
    let folded = run(
        "builtin.module(canonicalize)",
        "func.func @f(%x: f32) -> f32 {\n  %0 = calc.negf %x : f32\n  %1 = calc.negf %0 : f32\n  \
         return %1 : f32\n}",
    )
    .unwrap();
    assert!(folded.contains("return %arg0 : f32"), "{folded}");
}
