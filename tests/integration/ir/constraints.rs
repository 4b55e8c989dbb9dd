//! Constraints as ODS writes them, on the `rtest` ops of
//! `tests/src/constraint_ops.rs`: attribute constraints made of others
//! (`Confined` with the value predicates, `AnyOf`, `AllOf`, `Not`) and
//! op-level type constraints (`AllTypesMatch`, `TypesMatchWith`,
//! `AllElementTypesMatch`, `AllShapesMatch`, `AllRanksMatch`), with ODS's
//! words, and the types a declarative format derives from them. (The same
//! messages against upstream ops in the stock `mlir-opt`:
//! `tests/integration/plugin.rs`.)

use mlir_pass::dialect::{Op, Trait, TypeTransform};
use mlir_pass::{Context, Module};
use mlir_pass_tests::constraint_ops::{AbsOp, CreateOp, HintOp, SelectOp};

fn setup() -> Context {
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

/// The printed module, or the error text.
fn parse(source: &str) -> Result<String, String> {
    let context = setup();
    Module::parse(&context, source, "input.mlir")
        .map(|m| m.to_string())
        .map_err(|e| e.to_string())
}

/// `body` in a function of arguments `args`.
fn func(args: &str, body: &str) -> String {
    format!("func.func @f({args}) {{\n  {body}\n  return\n}}\n")
}

/// Parsing `body` fails with an error containing `expected`.
fn assert_error(args: &str, body: &str, expected: &str) {
    let error = parse(&func(args, body)).unwrap_err();
    assert!(
        error.contains(expected),
        "expected `{expected}`, got:\n{error}"
    );
}

#[test]
fn confined_attributes_are_checked_with_odss_words() {
    for (body, expected) in [
        (
            "rtest.push -1",
            "'rtest.push' op attribute 'count' failed to satisfy constraint: 32-bit signless \
             integer attribute whose value is non-negative",
        ),
        (
            "%0 = rtest.index -1 : index",
            "'rtest.index' op attribute 'dim' failed to satisfy constraint: 64-bit signless \
             integer attribute whose minimum value is 0",
        ),
        (
            "rtest.hint 4, 1",
            "'rtest.hint' op attribute 'hint' failed to satisfy constraint: 32-bit signless \
             integer attribute whose minimum value is 0 whose maximum value is 3",
        ),
        (
            "rtest.hint -1, 1",
            "whose minimum value is 0 whose maximum value is 3",
        ),
        (
            "rtest.hint 0, 0",
            "'rtest.hint' op attribute 'count' failed to satisfy constraint: 64-bit signless \
             integer attribute whose value is positive",
        ),
        (
            r#""rtest.attrs"() {items = []} : () -> ()"#,
            "'rtest.attrs' op attribute 'items' failed to satisfy constraint: array attribute \
             with at least 1 elements with at most 3 elements",
        ),
        (
            r#""rtest.attrs"() {items = [1, 2, 3, 4]} : () -> ()"#,
            "with at least 1 elements with at most 3 elements",
        ),
        (
            r#""rtest.attrs"() {items = [1], pair = [1]} : () -> ()"#,
            "'rtest.attrs' op attribute 'pair' failed to satisfy constraint: array attribute \
             with exactly 2 elements",
        ),
        (
            r#""rtest.attrs"() {items = [1], choice = 1.0} : () -> ()"#,
            "'rtest.attrs' op attribute 'choice' failed to satisfy constraint: 64-bit signless \
             integer attribute or string attribute",
        ),
        (
            r#""rtest.attrs"() {items = [1], not_str = "s"} : () -> ()"#,
            "'rtest.attrs' op attribute 'not_str' failed to satisfy constraint: not string \
             attribute",
        ),
        (
            r#""rtest.attrs"() {items = [1], both = -6} : () -> ()"#,
            "'rtest.attrs' op attribute 'both' failed to satisfy constraint: 64-bit signless \
             integer attribute and not string attribute and whose minimum value is -5",
        ),
        (
            r#""rtest.attrs"() {items = "a"} : () -> ()"#,
            "attribute 'items' failed to satisfy constraint: array attribute with at least 1",
        ),
    ] {
        assert_error("", body, expected);
    }
    // Values within the bounds, at both ends.
    let printed = parse(&func(
        "",
        "rtest.push 0\n  %0 = rtest.index 0 : index\n  rtest.hint 3, 1\n  rtest.hint 0, 9223372036854775807\n  \"rtest.attrs\"() {items = [1, 2, 3], pair = [1, 2], choice = \"s\", not_str = 1, both = -5} : () -> ()",
    ))
    .unwrap();
    for line in [
        "rtest.push 0",
        "rtest.index 0 : index",
        "rtest.hint 3, 1",
        "rtest.hint 0, 9223372036854775807",
    ] {
        assert!(printed.contains(line), "{line} in:\n{printed}");
    }
}

#[test]
fn confined_accessors_return_the_base_kind() {
    let context = setup();
    let module = Module::parse(&context, &func("", "rtest.hint 2, 7"), "input.mlir").unwrap();
    let mut found = None;
    use mlir_pass::ir::{OperationExt, WalkOrder};
    use mlir_pass::melior::ir::operation::WalkResult;
    module
        .as_operation()
        .melior()
        .walk_ops(WalkOrder::PreOrder, |op| {
            if let Some(hint) = HintOp::cast(&op) {
                found = Some((hint.hint().value(), hint.count().value()));
            }
            WalkResult::Advance
        });
    assert_eq!(found, Some((2, 7)));
}

#[test]
fn type_combinators_are_described_as_ods_describes_them() {
    assert_error(
        "%a: f32, %b: i64",
        r#""rtest.types"(%a, %b) : (f32, i64) -> ()"#,
        "'rtest.types' op operand #0 must be 32-bit signless integer or 64-bit signless \
         integer, but got 'f32'",
    );
    assert_error(
        "%a: i32, %b: i1",
        r#""rtest.types"(%a, %b) : (i32, i1) -> ()"#,
        "'rtest.types' op operand #1 must be integer and not 1-bit signless integer, but got 'i1'",
    );
    assert!(parse(&func(
        "%a: i64, %b: i8",
        r#""rtest.types"(%a, %b) : (i64, i8) -> ()"#
    ))
    .is_ok());
}

#[test]
fn op_level_type_constraints_fail_with_odss_words() {
    for (args, body, expected) in [
        (
            "%a: i32, %b: i64",
            r#"%0 = "rtest.select"(%a, %b) : (i32, i64) -> i32"#,
            "'rtest.select' op failed to verify that all of {lhs, rhs, result} have same type",
        ),
        (
            "%a: f32, %b: f64",
            r#"%0 = "rtest.create"(%a, %b) : (f32, f64) -> complex<f32>"#,
            "'rtest.create' op failed to verify that all of {real, imaginary} have same type",
        ),
        (
            "%a: f32, %b: f32",
            r#"%0 = "rtest.create"(%a, %b) : (f32, f32) -> complex<f64>"#,
            "'rtest.create' op failed to verify that complex element type matches real operand \
             type",
        ),
        (
            "%a: complex<f32>",
            r#"%0 = "rtest.abs"(%a) : (complex<f32>) -> f64"#,
            "'rtest.abs' op failed to verify that complex element type matches result type",
        ),
        (
            "%a: vector<4xf32>, %b: vector<4xf32>",
            r#"%0 = "rtest.cmp"(%a, %b) : (vector<4xf32>, vector<4xf32>) -> i1"#,
            "'rtest.cmp' op failed to verify that result type has i1 element type and same shape \
             as operands",
        ),
        (
            "",
            r#"%0 = "rtest.typed_constant"() {value = 1 : i64} : () -> i32"#,
            "'rtest.typed_constant' op failed to verify that all of {value, result} have same \
             type",
        ),
        (
            "%x: tensor<2xf32>, %y: tensor<2xi32>, %z: tensor<3xf32>",
            "rtest.shapes %x, %y, %z : tensor<2xf32>, tensor<2xi32>, tensor<3xf32>",
            "'rtest.shapes' op failed to verify that all of {x, y} have same element type",
        ),
        (
            "%x: tensor<2xf32>, %y: tensor<3xf32>, %z: tensor<3xf32>",
            "rtest.shapes %x, %y, %z : tensor<2xf32>, tensor<3xf32>, tensor<3xf32>",
            "'rtest.shapes' op failed to verify that all of {x, y} have same shape",
        ),
        (
            "%x: tensor<2xf32>, %y: tensor<*xf32>, %z: tensor<3xf32>",
            "rtest.shapes %x, %y, %z : tensor<2xf32>, tensor<*xf32>, tensor<3xf32>",
            "'rtest.shapes' op failed to verify that all of {x, y} have same shape",
        ),
        (
            "%x: tensor<2xf32>, %y: tensor<2xf32>, %z: tensor<3x2xf32>",
            "rtest.shapes %x, %y, %z : tensor<2xf32>, tensor<2xf32>, tensor<3x2xf32>",
            "'rtest.shapes' op failed to verify that all of {x, z} have same rank",
        ),
    ] {
        assert_error(args, body, expected);
    }
    // What they accept: a rank is a rank whatever the sizes; unranked
    // tensors have the same (unknown) shape.
    for (args, body) in [
        (
            "%x: tensor<2xf32>, %y: tensor<2xf32>, %z: tensor<7xi8>",
            "rtest.shapes %x, %y, %z : tensor<2xf32>, tensor<2xf32>, tensor<7xi8>",
        ),
        (
            "%x: tensor<*xf32>, %y: tensor<*xf32>, %z: tensor<*xi8>",
            "rtest.shapes %x, %y, %z : tensor<*xf32>, tensor<*xf32>, tensor<*xi8>",
        ),
    ] {
        assert!(parse(&func(args, body)).is_ok(), "{body}");
    }
}

#[test]
fn formats_derive_the_types_they_leave_out_as_ods_does() {
    let source = "func.func @f(%a: i32, %b: i32, %r: f64, %i: f64, %c: complex<f32>, %v: vector<4xf32>, %t: tensor<*xi8>) {
  %0 = rtest.select %a, %b : i32
  %1 = rtest.create %r, %i : complex<f64>
  %2 = rtest.abs %c : complex<f32>
  %3 = rtest.cmp %v, %v : vector<4xf32>
  %4 = rtest.cmp %t, %t : tensor<*xi8>
  %5 = rtest.cmp %a, %b : i32
  %6 = rtest.typed_constant 5 : i16
  return
}
";
    let context = setup();
    let module = Module::parse(&context, source, "input.mlir").unwrap();
    let printed = module.to_string();
    // What it prints parses back to the same text.
    assert_eq!(parse(&printed).unwrap(), printed);
    for line in [
        "%0 = rtest.select %arg0, %arg1 : i32",
        "%1 = rtest.create %arg2, %arg3 : complex<f64>",
        "%2 = rtest.abs %arg4 : complex<f32>",
        "%3 = rtest.cmp %arg5, %arg5 : vector<4xf32>",
        "%6 = rtest.typed_constant 5 : i16",
    ] {
        assert!(printed.contains(line), "{line} in:\n{printed}");
    }
    // The types derived, as the generic form shows them.
    let generic = {
        use mlir_pass::melior::ir::operation::{OperationLike, OperationPrintingFlags};
        module
            .as_operation()
            .melior()
            .to_string_with_flags(OperationPrintingFlags::new().print_generic_operation_form())
            .expect("prints")
    };
    for line in [
        r#""rtest.select"(%arg0, %arg1) : (i32, i32) -> i32"#,
        r#""rtest.create"(%arg2, %arg3) : (f64, f64) -> complex<f64>"#,
        r#""rtest.abs"(%arg4) : (complex<f32>) -> f32"#,
        r#""rtest.cmp"(%arg5, %arg5) : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>"#,
        r#""rtest.cmp"(%arg6, %arg6) : (tensor<*xi8>, tensor<*xi8>) -> tensor<*xi1>"#,
        r#""rtest.cmp"(%arg0, %arg1) : (i32, i32) -> i1"#,
        r#""rtest.typed_constant"() <{value = 5 : i16}> : () -> i16"#,
    ] {
        assert!(generic.contains(line), "{line} in:\n{generic}");
    }
    // The source of a derived type that breaks its constraint is the
    // parser's error at the op, as ODS's parsers say it, not a crash.
    let error = parse(&func("%x: f32", "%0 = rtest.abs %x : f32")).unwrap_err();
    assert!(
        error.contains(
            "input.mlir:2:8: error: custom op 'rtest.abs' 'complex' must be complex type with \
             floating-point elements, but got 'f32'"
        ),
        "{error}"
    );
    // A value of the wrong type in the derived position is the verifier's.
    assert_error(
        "%a: i32, %b: i64",
        "%0 = rtest.select %a, %b : i32",
        "use of value '%b' expects different type than prior uses: 'i32' vs 'i64'",
    );
}

#[test]
fn definitions_carry_the_traits_and_the_transform_applies() {
    assert!(SelectOp::definition().has_trait(Trait::AllTypesMatch(&["lhs", "rhs", "result"])));
    let create = CreateOp::definition();
    assert_eq!(
        create.traits[1].ods_name(),
        r#"AllTypesMatch<["real", "imaginary"]>"#
    );
    assert_eq!(
        create.traits[2],
        Trait::TypesMatchWith {
            summary: "complex element type matches real operand type",
            lhs: "complex",
            rhs: "real",
            transform: TypeTransform::ElementType,
        }
    );
    assert_eq!(
        AbsOp::definition().traits[1].ods_name(),
        r#"TypesMatchWith<"complex element type matches result type", "complex", "result", ElementType>"#
    );
    let context = setup();
    let melior = context.as_melior();
    let ty = |text: &str| mlir_pass::melior::ir::Type::parse(melior, text).unwrap();
    let apply = |t: TypeTransform, text: &str| t.apply(ty(text)).map(|t| t.to_string());
    assert_eq!(
        apply(TypeTransform::ElementType, "complex<f32>").as_deref(),
        Some("f32")
    );
    assert_eq!(
        apply(TypeTransform::ElementType, "tensor<2xi8>").as_deref(),
        Some("i8")
    );
    assert_eq!(apply(TypeTransform::ElementType, "f32"), None);
    assert_eq!(
        apply(TypeTransform::ElementTypeOrSelf, "f32").as_deref(),
        Some("f32")
    );
    assert_eq!(
        apply(TypeTransform::I1SameShape, "vector<[4]xf32>").as_deref(),
        Some("vector<[4]xi1>")
    );
    assert_eq!(
        apply(TypeTransform::I1SameShape, "index").as_deref(),
        Some("i1")
    );
    assert_eq!(apply(TypeTransform::Identity, "i7").as_deref(), Some("i7"));
}
