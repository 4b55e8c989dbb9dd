//! Result types inferred from an op's constraints
//! (`InferTypeOpInterface(from_constraints)`, `tests/src/inferred_types.rs`):
//! the custom form leaves them out and the parser infers them, MLIR's
//! `InferTypeOpInterface` answers with them, and the verifier refuses a
//! generic form that gives others, in MLIR's words.

use mlir_pass::{
    melior::ir::{
        operation::{OperationLike, OperationPrintingFlags},
        BlockLike, RegionLike, ValueLike,
    },
    Context, Module,
};

fn setup() -> Context {
    let _ = mlir_pass_tests::inferred_types::RInferDialect;
    mlir_pass::register_all().expect("no registration conflicts in this binary");
    Context::new()
}

const INPUT: &str = r#"func.func @f(%x: i32, %a: f32, %n: i64, %t: tensor<4xf16>) {
  %0 = rinfer.index
  %1 = rinfer.same %x : i32
  %2:2 = rinfer.match %a, %n : f32, i64
  %3 = rinfer.element %t : tensor<4xf16>
  %4 = rinfer.typed 7 : i16
  %5:2 = rinfer.chain
  %6:3 = rinfer.relay %t : tensor<4xf16>
  %7 = rinfer.pick %x : i32
  %8 = rinfer.pick %x {init = 3 : i32} : i32
  return
}
"#;

/// The types of every result of the ops of the module's first function,
/// in order, as MLIR prints them.
fn result_types(module: &Module) -> Vec<String> {
    let op = module.as_operation().melior();
    let body = op.region(0).unwrap().first_block().unwrap();
    let function = body.first_operation().expect("a function");
    let block = function.region(0).unwrap().first_block().unwrap();
    let mut types = Vec::new();
    let mut next = block.first_operation();
    while let Some(o) = next {
        for i in 0..o.result_count() {
            types.push(o.result(i).unwrap().r#type().to_string());
        }
        next = o.next_in_block();
    }
    types
}

#[test]
fn result_types_follow_from_the_constraints() {
    let context = setup();
    let module = Module::parse(&context, INPUT, "input.mlir").expect("parses and verifies");
    assert_eq!(
        result_types(&module),
        [
            "index", "i32", "f32", "i1", "f16", "i16", "i32", "i32", "f16", "f16", "f16", "i32",
            "i32"
        ]
    );
    // Printed as written: the result types stay left out.
    let printed = module.as_operation().melior().to_string();
    for line in INPUT.lines().skip(1).take(9) {
        let line = line.trim().replace("%x", "%arg0").replace("%a,", "%arg1,");
        let line = line.replace("%n ", "%arg2 ").replace("%t ", "%arg3 ");
        assert!(printed.contains(&line), "{line}\n{printed}");
    }
}

#[test]
fn the_generic_form_round_trips_and_other_types_are_refused() {
    let context = setup();
    let module = Module::parse(&context, INPUT, "input.mlir").expect("parses");
    let generic = module
        .as_operation()
        .melior()
        .to_string_with_flags(OperationPrintingFlags::new().print_generic_operation_form())
        .unwrap();
    let again = Module::parse(&context, &generic, "generic.mlir").expect("the generic form parses");
    assert_eq!(result_types(&again), result_types(&module));

    // Another result type breaks the constraint the type was inferred
    // from, which MLIR verifies first, as it verifies an ODS op's; an
    // operand of the wrong storage class (`i32` for a tensor) is the
    // parser's error at the type, in ODS's words.
    for (op, expected) in [
        (
            "%0:2 = \"rinfer.match\"(%a, %n) : (f32, i64) -> (f64, i1)",
            "2:10: error: 'rinfer.match' op failed to verify that all of {a, result} have same type",
        ),
        (
            "%0 = \"rinfer.typed\"() <{value = 7 : i16}> : () -> i32",
            "2:8: error: 'rinfer.typed' op failed to verify that all of {value, result} have same type",
        ),
        (
            "%0:2 = \"rinfer.chain\"() : () -> (i32, i64)",
            "2:10: error: 'rinfer.chain' op failed to verify that all of {first, second} have same type",
        ),
        (
            "%0:3 = \"rinfer.relay\"(%t) : (tensor<4xf16>) -> (f32, f16, f16)",
            "2:10: error: 'rinfer.relay' op failed to verify that all of {second, third} have same type",
        ),
        (
            "%0 = \"rinfer.element\"(%t) : (tensor<4xf16>) -> f32",
            "2:8: error: 'rinfer.element' op failed to verify that result type matches element type of 'input'",
        ),
        (
            "%0 = \"rinfer.same\"(%x) : (i32) -> i64",
            "2:8: error: 'rinfer.same' op requires the same type for all operands and results",
        ),
        (
            "%0 = rinfer.element %x : i32",
            "2:28: error: custom op 'rinfer.element' invalid kind of type specified",
        ),
    ] {
        let source = format!(
            "func.func @g(%a: f32, %n: i64, %t: tensor<4xf16>, %x: i32) {{\n  {op}\n  return\n}}\n"
        );
        let error = Module::parse(&context, &source, "wrong.mlir")
            .err()
            .unwrap_or_else(|| panic!("{op} is refused"))
            .to_string();
        assert!(error.contains(expected), "{expected}\n{error}");
    }
}
